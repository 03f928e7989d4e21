package dev.sdo.runtime.batch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.Flyweight;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shape the generated {@code XSdo} and {@code XBatch} classes are meant to have on top of this package, written
 * by hand for a 27-byte record: each batch method is one delegation to {@link RecordStore} or a batch file class.
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

    /** A batch like a generated XBatch. */
    static final class TradeBatch implements Iterable<Trade> {
        static final RecordIdentity IDENTITY = new RecordIdentity("com.example.Trade", 1, 0xC0FFEEL, TradeSdo.BYTES);
        private final RecordStore store;

        TradeBatch(RecordStore store) {
            this.store = store;
        }

        void add(Trade trade) {
            long index = store.appendBlank();
            TradeSdo.encode(trade, store.chunkOf(index), store.offsetOf(index));
        }

        int size() {
            return Math.toIntExact(store.size());
        }

        Trade get(int index) {
            return TradeSdo.wrap(store.chunkOf(index), store.offsetOf(index));
        }

        void forEachFlyweight(Consumer<? super TradeSdo> action) {
            store.forEach(new TradeSdo(), action);
        }

        @Override
        public Iterator<Trade> iterator() {
            return store.iterator(RecordReader.moving(new TradeSdo()));
        }

        Stream<Trade> stream() {
            return store.stream(TradeSdo::wrap, false);
        }

        Stream<Trade> parallelStream() {
            return store.stream(TradeSdo::wrap, true);
        }

        void writeTo(WritableByteChannel out) throws IOException {
            BatchFileWriter.write(store, IDENTITY, out);
        }

        static TradeBatch readFrom(ReadableByteChannel in) throws IOException {
            return new TradeBatch(BatchFileReader.read(in, IDENTITY, "input"));
        }

        static TradeBatch map(Path file) throws IOException {
            return new TradeBatch(BatchFileMapper.map(file, IDENTITY));
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
        long[] amountSum = {0};
        batch.forEachFlyweight(t -> amountSum[0] += t.getAmountUnscaled());
        assertThat(amountSum[0]).isEqualTo(trades.stream().mapToLong(Trade::getAmountUnscaled).sum());

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        batch.writeTo(Channels.newChannel(out));
        TradeBatch read = TradeBatch.readFrom(Channels.newChannel(new ByteArrayInputStream(out.toByteArray())));
        assertThat(beans(read.stream())).isEqualTo(trades);
        Path file = Files.write(directory.resolve("trades.sdob"), out.toByteArray());
        assertThat(beans(TradeBatch.map(file).parallelStream())).isEqualTo(trades);
    }
}
