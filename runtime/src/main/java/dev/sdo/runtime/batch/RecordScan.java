package dev.sdo.runtime.batch;

import dev.sdo.runtime.Flyweight;
import dev.sdo.runtime.query.Match;
import dev.sdo.runtime.query.RecordAccumulator;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The loop under every query of a batch: over a store's chunks, each record tested by a compiled {@link Match} on its
 * stored bits and, when it matches, handed to an accumulator. Nothing is allocated per record. A store of fixed-size
 * records is walked by stride, one of variable-size records through its offsets index (the fixed part, which queries
 * read, starts each record).
 *
 * <p>In parallel, the records are cut into slices of at most {@link #SLICE_RECORDS} (a million trades fill one chunk,
 * so chunks alone would not spread the work), each slice accumulated on its own and the results merged.
 */
final class RecordScan {
    /** The most records one task of a parallel query takes. */
    static final int SLICE_RECORDS = 1 << 16;

    private RecordScan() {}

    /** One contiguous run of records {@code [from, to)} of chunk {@code chunk}. */
    private record Slice(int chunk, int from, int to) {}

    /** What {@code fresh()} accumulates over the records of {@code chunks} that {@code match} matches. */
    static <A extends RecordAccumulator<A>> A accumulate(RecordChunks chunks, Match match, Supplier<A> fresh,
            boolean parallel) {
        if (match == Match.NONE) {
            return fresh.get();
        }
        if (!parallel) {
            A result = fresh.get();
            for (int c = 0; c < chunks.chunkCount(); c++) {
                scan(chunks, new Slice(c, 0, chunks.chunkRecords(c)), match, result);
            }
            return result;
        }
        return slices(chunks).parallelStream().map(slice -> {
            A part = fresh.get();
            scan(chunks, slice, match, part);
            return part;
        }).reduce((a, b) -> {
            a.merge(b);
            return a;
        }).orElseGet(fresh);
    }

    private static List<Slice> slices(RecordChunks chunks) {
        List<Slice> slices = new ArrayList<>();
        for (int c = 0; c < chunks.chunkCount(); c++) {
            int records = chunks.chunkRecords(c);
            for (int from = 0; from < records; from += SLICE_RECORDS) {
                slices.add(new Slice(c, from, Math.min(records, from + SLICE_RECORDS)));
            }
        }
        return slices;
    }

    private static <A extends RecordAccumulator<A>> void scan(RecordChunks chunks, Slice slice, Match match,
            A accumulator) {
        ByteBuffer chunk = chunks.chunk(slice.chunk());
        if (chunks instanceof RecordStore fixed) {
            int size = fixed.recordSize();
            for (int base = slice.from() * size, end = slice.to() * size; base < end; base += size) {
                if (match.test(chunk, base)) {
                    accumulator.accept(chunk, base);
                }
            }
        } else {
            for (int j = slice.from(); j < slice.to(); j++) {
                int base = chunks.chunkRecordOffset(slice.chunk(), j);
                if (match.test(chunk, base)) {
                    accumulator.accept(chunk, base);
                }
            }
        }
    }

    /** Moves {@code cursor} to each record that {@code match} matches, in order, and hands it to {@code action}. */
    static <S extends Flyweight> void forEachMatch(RecordChunks chunks, Match match, S cursor,
            Consumer<? super S> action) {
        if (match == Match.NONE) {
            return;
        }
        boolean sized = !(chunks instanceof RecordStore);
        for (int c = 0; c < chunks.chunkCount(); c++) {
            ByteBuffer chunk = chunks.chunk(c);
            int records = chunks.chunkRecords(c);
            int start = chunks.chunkRecordOffset(c, 0);
            for (int j = 0; j < records; j++) {
                int following = chunks.chunkRecordOffset(c, j + 1);
                if (match.test(chunk, start)) {
                    cursor.moveTo(chunk, start, following - start);
                    if (sized) {
                        // The check of get: a record that says it is longer than its slot would read the next one.
                        Flyweight.checkSize(cursor, following - start, chunks.chunkFirstRecord(c) + j);
                    }
                    action.accept(cursor);
                }
                start = following;
            }
        }
    }
}
