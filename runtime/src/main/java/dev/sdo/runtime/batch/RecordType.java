package dev.sdo.runtime.batch;

import dev.sdo.runtime.CompactSizes;
import dev.sdo.runtime.Flyweight;
import dev.sdo.runtime.VersionTable;
import dev.sdo.runtime.WriterVersion;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

/**
 * What a batch needs to know of one generated record type {@code X}: what batch files of it say they hold, how to
 * make its {@code XSdo} views and cursors, how to encode an {@code X} in place, and which writers' records its code
 * reads. A generated {@code XBatch} holds one as a constant, made by {@link #fixed}, {@link #versioned},
 * {@link #variable} or {@link #compact} from {@code XSdo}'s constructor and static methods, and {@link FixedBatch} or
 * {@link VariableBatch} do the rest.
 *
 * <p>A record, so that the JIT treats its fields as constants: in a batch method inlined for one record type,
 * {@code wrap} and {@code encode} become direct calls of {@code XSdo.wrap} and {@code XSdo.encode}.
 *
 * @param <T> the record's interface, {@code X}
 * @param <S> its SDO, {@code XSdo}, which implements {@code X}
 * @param identity what batch files of the record say they hold
 * @param cursors makes a cursor that reads records of the given writer
 * @param views makes a view of the record of the given size, written by the given writer, at an offset of a chunk
 * @param encoder encodes a record in place, at an offset of a chunk with room for it
 * @param encodedSize the bytes a record takes, for records of variable size; null for fixed-size records
 * @param writerCheck throws {@code IllegalArgumentException} for a writer whose records this code cannot read
 * @param compactEncoding a compact record's sizing and writing passes, which {@link #appendTo} runs once each; null
 *     for other records
 */
public record RecordType<T, S extends Flyweight>(RecordIdentity identity, Function<WriterVersion, S> cursors,
        View<S> views, Encoder<T> encoder, ToIntFunction<T> encodedSize, Consumer<WriterVersion> writerCheck,
        CompactEncoding<T> compactEncoding) {

    public RecordType {
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(cursors, "cursors");
        Objects.requireNonNull(views, "views");
        Objects.requireNonNull(encoder, "encoder");
        Objects.requireNonNull(writerCheck, "writerCheck");
    }

    /** Makes the view of a record of {@code size} bytes at {@code offset} of {@code chunk}, written by {@code writer}. */
    @FunctionalInterface
    public interface View<S> {
        S wrap(ByteBuffer chunk, int offset, WriterVersion writer, int size);
    }

    /** {@code XSdo.wrap(chunk, offset, writer)}: the view of a record with {@code @since} fields. */
    @FunctionalInterface
    public interface VersionedView<S> {
        S wrap(ByteBuffer chunk, int offset, WriterVersion writer);
    }

    /** {@code XSdo.encode(record, chunk, offset)}: encodes {@code record} in place. */
    @FunctionalInterface
    public interface Encoder<T> {
        /** @throws IllegalArgumentException if a value does not fit its field */
        void encode(T record, ByteBuffer chunk, int offset);
    }

    /**
     * A fixed-size record without {@code @since} fields: its cursors and views ignore the writer (code of version
     * 1 reads a later version's larger records as their first fields).
     */
    public static <T, S extends Flyweight> RecordType<T, S> fixed(RecordIdentity identity, Supplier<S> cursor,
            RecordReader<S> wrap, Encoder<T> encode) {
        return new RecordType<>(identity, writer -> cursor.get(), (chunk, offset, writer, size) -> wrap.read(chunk,
                offset), encode, null, firstVersionCheck(identity), null);
    }

    /** A fixed-size record with {@code @since} fields, whose views read their writer's version of the record. */
    public static <T, S extends Flyweight> RecordType<T, S> versioned(RecordIdentity identity, VersionTable versions,
            Function<WriterVersion, S> cursor, VersionedView<S> wrap, Encoder<T> encode) {
        return new RecordType<>(identity, cursor, (chunk, offset, writer, size) -> wrap.wrap(chunk, offset, writer),
                encode, null, versions::checkWriter, null);
    }

    /** A record with variable-length data and no {@code @since} fields. */
    public static <T, S extends Flyweight> RecordType<T, S> variable(RecordIdentity identity,
            Function<WriterVersion, S> cursor, View<S> wrap, Encoder<T> encode, ToIntFunction<T> encodedSize) {
        return new RecordType<>(identity, cursor, wrap, encode, Objects.requireNonNull(encodedSize, "encodedSize"),
                firstVersionCheck(identity), null);
    }

    /** A record with variable-length data and {@code @since} fields. */
    public static <T, S extends Flyweight> RecordType<T, S> variable(RecordIdentity identity, VersionTable versions,
            Function<WriterVersion, S> cursor, View<S> wrap, Encoder<T> encode, ToIntFunction<T> encodedSize) {
        return new RecordType<>(identity, cursor, wrap, encode, Objects.requireNonNull(encodedSize, "encodedSize"),
                versions::checkWriter, null);
    }

    /** {@code XSdo.wrap(chunk, offset, size)}: the view of a compact record, whose size its container gives. */
    @FunctionalInterface
    public interface SizedView<S> {
        S wrap(ByteBuffer chunk, int offset, int size);
    }

    /**
     * {@code XSdo.encodedSize(record, sizes)}: a compact record's sizing pass, which logs the sizes of the compact
     * records it holds in {@code sizes}.
     */
    @FunctionalInterface
    public interface CompactSizing<T> {
        int encodedSize(T record, CompactSizes sizes);
    }

    /** {@code XSdo.encode(record, chunk, offset, sizes)}: a compact record's writing pass, from the sizes logged. */
    @FunctionalInterface
    public interface CompactWriting<T> {
        int encode(T record, ByteBuffer chunk, int offset, CompactSizes sizes);
    }

    /** A compact record's two passes, and its simple name for the check that the second read what the first logged. */
    public record CompactEncoding<T>(String record, CompactSizing<T> sizing, CompactWriting<T> writing) {}

    /**
     * A compact record (docs/record-format.md section 8), which has no versions: its code reads its own records only,
     * whose views take their size from the batch (the record does not hold it) and check it.
     */
    public static <T, S extends Flyweight> RecordType<T, S> compact(RecordIdentity identity, Supplier<S> cursor,
            SizedView<S> wrap, CompactWriting<T> encode, CompactSizing<T> encodedSize) {
        String name = simpleName(identity);
        int fixedBytes = identity.recordSize();
        CompactEncoding<T> passes = new CompactEncoding<>(name, Objects.requireNonNull(encodedSize, "encodedSize"),
                Objects.requireNonNull(encode, "encode"));
        return new RecordType<>(identity, writer -> cursor.get(),
                (chunk, offset, writer, size) -> wrap.wrap(chunk, offset, size),
                (record, chunk, offset) -> {
                    Objects.requireNonNull(record, "source");
                    try (CompactSizes sizes = CompactSizes.take()) {
                        passes.sizing().encodedSize(record, sizes);
                        passes.writing().encode(record, chunk, offset, sizes);
                        sizes.finish(name);
                    }
                },
                record -> {
                    Objects.requireNonNull(record, "source");
                    try (CompactSizes sizes = CompactSizes.take()) {
                        return passes.sizing().encodedSize(record, sizes);
                    }
                },
                writer -> VersionTable.checkOnlyVersionWriter(name, fixedBytes, writer), passes);
    }

    /** The writer check of code without {@code @since} fields, which is version 1 and has no version table. */
    private static Consumer<WriterVersion> firstVersionCheck(RecordIdentity identity) {
        String name = simpleName(identity);
        int fixedBytes = identity.recordSize();
        return writer -> VersionTable.checkFirstVersionWriter(name, fixedBytes, writer);
    }

    /** The record's simple name, for messages: {@code Trade} of {@code com.example.trade.Trade}. */
    public String simpleName() {
        return simpleName(identity);
    }

    private static String simpleName(RecordIdentity identity) {
        String name = identity.recordName();
        return name.substring(name.lastIndexOf('.') + 1);
    }

    /** The bytes of a record of this code's version (of its fixed part, for records of variable size). */
    public int recordSize() {
        return identity.recordSize();
    }

    /** This code's own writer: its schema version and record size. */
    public WriterVersion ownWriter() {
        return new WriterVersion(identity.schemaVersion(), identity.recordSize());
    }

    /** A cursor for records of {@code writer}, moved from record to record. */
    public S cursor(WriterVersion writer) {
        return cursors.apply(writer);
    }

    /** The view of the record of {@code size} bytes at {@code offset} of {@code chunk}, written by {@code writer}. */
    public S wrap(ByteBuffer chunk, int offset, WriterVersion writer, int size) {
        return views.wrap(chunk, offset, writer, size);
    }

    /** Encodes {@code record} at {@code offset} of {@code chunk}. */
    public void encode(T record, ByteBuffer chunk, int offset) {
        encoder.encode(record, chunk, offset);
    }

    /** The bytes {@code record} takes encoded: for records of variable size only. */
    public int encodedSize(T record) {
        return encodedSize.applyAsInt(record);
    }

    /**
     * Appends {@code record} to {@code store}, encoded in place, and returns its index. A compact record is sized
     * once: its sizing pass logs the sizes of the records it holds, which the writing pass reads back, where
     * {@link #encodedSize} and then {@link #encode} would size it twice.
     *
     * @throws IllegalArgumentException as {@code XSdo.encode} does; the store is then as it was
     */
    public long appendTo(VariableRecordStore store, T record) {
        if (compactEncoding == null) {
            return append(store, record, encodedSize(record), null);
        }
        Objects.requireNonNull(record, "source");
        try (CompactSizes sizes = CompactSizes.take()) {
            long index = append(store, record, compactEncoding.sizing().encodedSize(record, sizes), sizes);
            sizes.finish(compactEncoding.record());
            return index;
        }
    }

    private long append(VariableRecordStore store, T record, int size, CompactSizes sizes) {
        long index = store.appendBlank(size);
        try {
            if (sizes == null) {
                encode(record, store.chunkOf(index), store.offsetOf(index));
            } else {
                compactEncoding.writing().encode(record, store.chunkOf(index), store.offsetOf(index), sizes);
            }
        } catch (IllegalArgumentException rejected) {
            store.truncate(index);
            throw rejected;
        }
        return index;
    }

    /** @throws IllegalArgumentException if this code cannot read records of {@code writer} */
    public void checkWriter(WriterVersion writer) {
        writerCheck.accept(writer);
    }
}
