package dev.sdo.runtime.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.Flyweight;
import dev.sdo.runtime.WriterVersion;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shape the generated {@code XSdo} and {@code XBatch} classes have on top of this package, written by hand for
 * a 27-byte record: the batch is {@link FixedBatch} with its types fixed, as the compiler generates it.
 */
class GeneratedStyleBatchTest {
    /** The record's interface: {@code id: uint32; amount: udecimal(12, 0); day: uint8;} padded to 27 bytes. */
    interface Trade {
        long getId();

        long getAmountUnscaled();

        int getDay();
    }

    /** A flyweight like a generated XSdo: its only state is a buffer and an offset. */
    static final class TradeSdo implements Trade, Flyweight {
        static final int BYTES = 27;
        private ByteBuffer buffer;
        private int offset;

        static TradeSdo wrap(ByteBuffer buffer, int offset) {
            TradeSdo sdo = new TradeSdo();
            sdo.moveTo(buffer, offset);
            return sdo;
        }

        static void encode(Trade trade, ByteBuffer buffer, int offset) {
            BitFields.write(buffer, offset, 0, 32, trade.getId());
            BitFields.write(buffer, offset, 32, 40, trade.getAmountUnscaled());
            BitFields.write(buffer, offset, 26 * 8, 8, trade.getDay());
        }

        @Override
        public void moveTo(ByteBuffer chunk, int offset) {
            this.buffer = chunk;
            this.offset = offset;
        }

        @Override
        public long getId() {
            return BitFields.getLong(buffer, offset) & 0xFFFF_FFFFL;
        }

        @Override
        public long getAmountUnscaled() {
            return BitFields.getLong(buffer, offset + 4) & BitFields.mask(40);
        }

        /** An 8-byte load at the record's last byte: it reads 7 bytes past the record, from the chunk's slack. */
        @Override
        public int getDay() {
            return (int) (BitFields.getLong(buffer, offset + 26) & 0xFF);
        }
    }

    record TradeBean(long getId, long getAmountUnscaled, int getDay) implements Trade {}

    /** A batch as the compiler generates it: the runtime's {@link FixedBatch}, its types fixed. */
    static final class TradeBatch extends FixedBatch<Trade, TradeSdo, TradeBatch> {
        private static final long serialVersionUID = 0xC0FFEEL;
        static final RecordType<Trade, TradeSdo> TYPE = RecordType.fixed(
                new RecordIdentity("com.example.Trade", 1, 0xC0FFEEL, TradeSdo.BYTES),
                TradeSdo::new, TradeSdo::wrap, TradeSdo::encode);

        TradeBatch(RecordStore store) {
            super(storeRecords(TYPE, store));
        }

        private TradeBatch(WrittenBatch records) {
            super(records);
        }

        static TradeBatch readFrom(ReadableByteChannel in) throws IOException {
            return new TradeBatch(fileRecords(TYPE, in));
        }

        static TradeBatch map(Path file) throws IOException {
            return new TradeBatch(mappedRecords(TYPE, file));
        }

        @Override
        protected RecordType<Trade, TradeSdo> type() {
            return TYPE;
        }

        @Override
        protected TradeBatch with(WrittenBatch records) {
            return new TradeBatch(records);
        }
    }

    private static List<Trade> trades(int n) {
        List<Trade> trades = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            trades.add(new TradeBean(4_000_000_000L + i, 999_999_999_999L - 7L * i, i % 256));
        }
        return trades;
    }

    private static List<TradeBean> beans(Stream<? extends Trade> trades) {
        return trades.map(t -> new TradeBean(t.getId(), t.getAmountUnscaled(), t.getDay()))
                .collect(Collectors.toList());
    }

    @Test
    void aBatchOnTheStoreAddsGetsIteratesStreamsWritesReadsAndMaps(@TempDir Path directory) throws IOException {
        List<Trade> trades = trades(1_001);
        TradeBatch batch = new TradeBatch(RecordStore.create(TradeSdo.BYTES, ChunkAllocation.HEAP, 5));
        trades.forEach(batch::add);

        assertThat(batch.size()).isEqualTo(trades.size());
        assertThat(beans(Stream.of(batch.get(0), batch.get(4), batch.get(5), batch.get(1_000))))
                .containsExactly((TradeBean) trades.get(0), (TradeBean) trades.get(4), (TradeBean) trades.get(5),
                        (TradeBean) trades.get(1_000));
        assertThat(beans(batch.stream())).isEqualTo(trades);
        assertThat(beans(batch.parallelStream())).isEqualTo(trades);
        List<TradeBean> iterated = new ArrayList<>();
        batch.forEach(t -> iterated.add(new TradeBean(t.getId(), t.getAmountUnscaled(), t.getDay())));
        assertThat(iterated).isEqualTo(trades);
        List<Trade> descendingAmounts = new ArrayList<>(trades);
        Collections.reverse(descendingAmounts);
        assertThat(beans(batch.sortedBy(TradeSdo::getAmountUnscaled).stream())).isEqualTo(descendingAmounts);
        assertThat(batch.writtenBy()).isEqualTo(new WriterVersion(1, TradeSdo.BYTES));
        assertThatThrownBy(() -> new TradeBatch(RecordStore.heap(TradeSdo.BYTES + 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a store of 28-byte records cannot hold Trade records");

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        batch.writeTo(Channels.newChannel(out));
        TradeBatch read = TradeBatch.readFrom(Channels.newChannel(new ByteArrayInputStream(out.toByteArray())));
        assertThat(beans(read.stream())).isEqualTo(trades);
        Path file = Files.write(directory.resolve("trades.sdob"), out.toByteArray());
        TradeBatch mapped = TradeBatch.map(file);
        assertThat(beans(mapped.parallelStream())).isEqualTo(trades);
        assertThatThrownBy(() -> mapped.sortBy(TradeSdo::getId)).isInstanceOf(UnsupportedOperationException.class);
    }

    /** A user who collects what iteration hands out gets the records, not one cursor many times (issue 21). */
    @Test
    void iterationGivesEachRecordAViewOfItsOwnAndOnlyForEachCursorReusesOne() {
        List<Trade> trades = trades(12);
        TradeBatch batch = new TradeBatch(RecordStore.create(TradeSdo.BYTES, ChunkAllocation.HEAP, 5));
        trades.forEach(batch::add);

        List<TradeSdo> looped = new ArrayList<>();
        for (TradeSdo trade : batch) {
            looped.add(trade);
        }
        List<TradeSdo> visited = new ArrayList<>();
        batch.forEach(visited::add);
        List<TradeSdo> streamed = batch.stream().collect(Collectors.toList());
        for (List<TradeSdo> collected : List.of(looped, visited, streamed)) {
            assertThat(beans(collected.stream())).isEqualTo(trades);
            assertThat(collected.stream().distinct().count()).isEqualTo(trades.size());
        }

        List<TradeSdo> cursors = new ArrayList<>();
        long[] ids = new long[trades.size()];
        batch.forEachCursor(trade -> {
            ids[cursors.size()] = trade.getId();
            cursors.add(trade);
        });
        assertThat(ids).containsExactly(trades.stream().mapToLong(Trade::getId).toArray());
        assertThat(cursors).allMatch(cursor -> cursor == cursors.get(0));
    }

    @Test
    void aBatchIsSerialisedAsItsRecordsBytes() throws IOException, ClassNotFoundException {
        List<Trade> trades = trades(300);
        TradeBatch batch = new TradeBatch(RecordStore.heap(TradeSdo.BYTES));
        trades.forEach(batch::add);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(batch);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            TradeBatch copy = (TradeBatch) in.readObject();
            assertThat(beans(copy.stream())).isEqualTo(trades);
            assertThat(copy.writtenBy()).isEqualTo(new WriterVersion(1, TradeSdo.BYTES));
            copy.add(trades.get(0));
            assertThat(copy.size()).isEqualTo(301);
        }
    }
}
