package dev.sdo.examples.trade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.trade.Trade;
import com.example.trade.TradeBatch;
import com.example.trade.TradeBean;
import com.example.trade.TradeSdo;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated {@link TradeBatch} with one million trades: exact byte accounting, a batch file written, read
 * back and mapped, Java serialisation, streams and sorting, each compared field by field with the beans.
 */
class TradeBatchTest {
    private static final int MILLION = 1_000_000;

    private static List<TradeBean> beans;
    private static TradeBatch batch;

    @TempDir
    Path directory;

    @BeforeAll
    static void buildAMillionTrades() {
        TradeGenerator generator = new TradeGenerator(SampleTrades.load());
        beans = new ArrayList<>(MILLION);
        batch = new TradeBatch();
        for (int i = 0; i < MILLION; i++) {
            TradeBean trade = generator.trade(i);
            beans.add(trade);
            batch.add(trade);
        }
    }

    @Test
    void aMillionTradesTakeExactly27MillionBytesOfRecordsPlusTheChunkSlack() {
        TradeBatch copy = new TradeBatch();
        batch.forEach(copy::add);
        copy.trimToSize();

        assertThat(copy.size()).isEqualTo(MILLION);
        assertThat(copy.recordBytes()).isEqualTo(27_000_000L);
        // One chunk (up to 1 GiB of records) with 8 bytes of slack for word loads after its last record.
        assertThat(copy.allocatedBytes()).isEqualTo(27_000_000L + 8);
    }

    @Test
    void aBatchFileIsTheRecordsPlusTheFramingTheFormatSpecifies() throws IOException {
        Path file = directory.resolve("trades.sdob");
        write(batch, file);

        long size = Files.size(file);
        int headerBytes = littleEndianInt(file, 12);
        int recordsPerBlock = littleEndianInt(file, 20);
        // Format 3: the writer's schema follows the header, its length P at T + 4 (T: the name, padded to 8).
        int versionTable = (56 + littleEndianInt(file, 28) + 7) & -8;
        int schemaPart = littleEndianInt(file, versionTable + 4);
        assertThat(schemaPart).as("schema part length").isPositive();
        long blocks = (MILLION + recordsPerBlock - 1) / recordsPerBlock;
        long blockPadding = 0;
        for (long k = 0; k < blocks; k++) {
            long payload = Math.min(recordsPerBlock, MILLION - k * recordsPerBlock) * 27L;
            blockPadding += -(40 + payload) & 7; // blocks are aligned to 8 bytes
        }
        long framing = headerBytes + ((schemaPart + 7) & -8) + blocks * 40 + blockPadding + (56 + 16 * blocks) + 24;
        assertThat(size - 27_000_000L).isEqualTo(framing);
        assertThat((double) framing / size).isLessThan(0.001);
    }

    @Test
    void writtenReadBackAndMappedTheTradesEqualTheBeansFieldByField() throws IOException {
        Path file = directory.resolve("trades.sdob");
        write(batch, file);

        TradeBatch read;
        try (FileChannel in = FileChannel.open(file)) {
            read = TradeBatch.readFrom(in);
        }
        TradeBatch mapped = TradeBatch.map(file);

        assertThat(read.size()).isEqualTo(MILLION);
        assertThat(mapped.size()).isEqualTo(MILLION);
        assertSameTrades(read, beans);
        assertSameTrades(mapped, beans);
    }

    @Test
    void aDirectBatchHoldsTheSameBytes() throws IOException {
        TradeBatch direct = TradeBatch.direct();
        batch.forEach(direct::add);

        assertSameTrades(direct, beans);
        Path heapFile = directory.resolve("heap.sdob");
        Path directFile = directory.resolve("direct.sdob");
        write(batch, heapFile);
        write(direct, directFile);
        // Files differ only in their per-file random sync markers, so compare what they hold.
        assertThat(TradeBatch.map(directFile).get(MILLION - 1)).isEqualTo(TradeBatch.map(heapFile).get(MILLION - 1));
        assertThat(direct.recordBytes()).isEqualTo(batch.recordBytes());
    }

    @Test
    void aBatchSerialisesAsItsRecordBytesAndComesBackEqual() throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(batch);
        }
        TradeBatch back;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            back = (TradeBatch) in.readObject();
        }

        assertSameTrades(back, beans);
        // The stream holds the 27 MB of records, a count and a class descriptor, with no per-record framing; the
        // only other bytes are ObjectOutputStream's own 5-byte header per 1 KiB of raw data.
        long streamFraming = (27_000_000L + 8 + 1023) / 1024 * 5;
        assertThat((long) bytes.size()).isBetween(27_000_000L + 8 + streamFraming,
                27_000_000L + 8 + streamFraming + 1_000);
    }

    @Test
    void aBatchSerialisedUnderAnotherLayoutIsRefused() throws IOException {
        TradeBatch small = new TradeBatch();
        small.add(beans.get(0));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(small);
        }
        byte[] stream = bytes.toByteArray();
        // The class descriptor carries serialVersionUID, the layout fingerprint, right after the class name.
        byte[] name = TradeBatch.class.getName().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        int uid = indexOf(stream, name) + name.length;
        stream[uid + 7] ^= 1;

        assertThatThrownBy(() -> new ObjectInputStream(new ByteArrayInputStream(stream)).readObject())
                .isInstanceOf(InvalidClassException.class)
                .hasMessageContaining("serialVersionUID");
    }

    @Test
    void parallelAndSequentialStreamsAgree() {
        long sequentialSum = batch.stream().mapToLong(Trade::getId).sum();
        long parallelSum = batch.parallelStream().mapToLong(Trade::getId).sum();
        List<Long> sequentialIds = batch.stream().map(Trade::getId).collect(Collectors.toList());
        List<Long> parallelIds = batch.parallelStream().map(Trade::getId).collect(Collectors.toList());

        assertThat(sequentialSum).isEqualTo((long) MILLION * (MILLION + 1) / 2);
        assertThat(parallelSum).isEqualTo(sequentialSum);
        assertThat(parallelIds).isEqualTo(sequentialIds);
        assertThat(batch.parallelStream().filter(t -> t.getCurrency1().equals("GBP")).count())
                .isEqualTo(beans.stream().filter(t -> t.getCurrency1().equals("GBP")).count());
    }

    @Test
    void sortingByAFieldGivesTheOrderOfSortingTheBeans() {
        Comparator<Trade> byAmount = Comparator.comparing(Trade::getAmount1);
        List<TradeBean> sortedBeans = new ArrayList<>(beans);
        sortedBeans.sort(byAmount); // stable, as the batch's sorts are

        TradeBatch byComparator = batch.sortedBy(byAmount);
        TradeBatch byKey = batch.sortedBy(TradeSdo::getAmount1Unscaled);
        TradeBatch byInterfaceKey = batch.sortedBy((Trade t) -> t.getAmount1().unscaledValue().longValueExact());

        assertSameTrades(byComparator, sortedBeans);
        assertSameTrades(byKey, sortedBeans);
        assertSameTrades(byInterfaceKey, sortedBeans);
        assertThat(batch.get(0).getId()).as("sortedBy leaves the batch as it was").isEqualTo(1L);
    }

    @Test
    void sortingInPlaceGivesTheOrderOfSortingTheBeans() {
        Comparator<Trade> bySettlementThenId = Comparator.comparing(Trade::getSettlementDate)
                .thenComparing(Comparator.comparingLong(Trade::getId).reversed());
        List<TradeBean> sortedBeans = new ArrayList<>(beans);
        sortedBeans.sort(bySettlementThenId);
        TradeBatch copy = new TradeBatch();
        batch.forEach(copy::add);
        TradeBatch byKeyCopy = new TradeBatch();
        batch.forEach(byKeyCopy::add);
        List<TradeBean> byIdDescending = new ArrayList<>(beans);
        byIdDescending.sort(Comparator.comparingLong(Trade::getId).reversed());

        copy.sortBy(bySettlementThenId);
        byKeyCopy.sortBy((Trade t) -> -t.getId());

        assertSameTrades(copy, sortedBeans);
        assertSameTrades(byKeyCopy, byIdDescending);
    }

    @Test
    void aMappedBatchIsSortedIntoACopyNotInPlace() throws IOException {
        Path file = directory.resolve("trades.sdob");
        TradeBatch few = new TradeBatch();
        for (int i = 0; i < 100; i++) {
            few.add(beans.get(i));
        }
        write(few, file);
        TradeBatch mapped = TradeBatch.map(file);

        assertThatThrownBy(() -> mapped.sortBy((Trade t) -> -t.getId()))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("read-only");
        assertThat(mapped.sortedBy((Trade t) -> -t.getId()).get(0).getId()).isEqualTo(100L);
    }

    private static void assertSameTrades(TradeBatch actual, List<? extends Trade> expected) {
        assertThat(actual.size()).isEqualTo(expected.size());
        int[] index = {0};
        actual.forEach(trade -> {
            Trade bean = expected.get(index[0]++);
            if (!sameFields(trade, bean)) {
                throw new AssertionError("trade " + (index[0] - 1) + " differs: " + trade + " against " + bean);
            }
        });
        assertThat(index[0]).isEqualTo(expected.size());
    }

    /** Field by field with the bean's getters (BigDecimals by value, since the SDO's scale is the schema's). */
    private static boolean sameFields(Trade sdo, Trade bean) {
        return sdo.getId() == bean.getId()
                && sdo.getTradeDate().equals(bean.getTradeDate())
                && sdo.getBuySell() == bean.getBuySell()
                && sdo.getCurrency1().equals(bean.getCurrency1())
                && sdo.getAmount1().compareTo(bean.getAmount1()) == 0
                && sdo.getExchangeRate().compareTo(bean.getExchangeRate()) == 0
                && sdo.getCurrency2().equals(bean.getCurrency2())
                && sdo.getAmount2().compareTo(bean.getAmount2()) == 0
                && sdo.getSettlementDate().equals(bean.getSettlementDate());
    }

    private static void write(TradeBatch batch, Path file) throws IOException {
        try (FileChannel out = FileChannel.open(file, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.WRITE, java.nio.file.StandardOpenOption.TRUNCATE_EXISTING)) {
            batch.writeTo(out);
        }
    }

    private static int littleEndianInt(Path file, long position) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel in = FileChannel.open(file)) {
            in.read(buffer, position);
        }
        return buffer.getInt(0);
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found");
    }
}
