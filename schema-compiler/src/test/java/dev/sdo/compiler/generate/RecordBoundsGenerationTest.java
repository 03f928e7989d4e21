package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.WriterVersion;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import java.util.zip.CRC32C;
import dev.sdo.testing.PropertyRunner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A field's data never comes from another record's bytes: a record whose own size is right but whose first field's
 * end slot points into the next record (checksums intact) is refused by {@code wrap}, by every view and cursor of a
 * batch and by {@code readObject}, naming the field, where a getter bounded only by the buffer returned the field's
 * bytes and the next record's.
 */
class RecordBoundsGenerationTest {
    private static final String PAIR = "bounds.Pair";
    private static final String SCHEMA = """
            package bounds;
            record Pair {
                first:  string;
                second: string;
            }
            record Holder {
                id:   uint8;
                pair: Pair;
                note: string;
            }
            """;
    /** The fixed part of a Pair: its two 32-bit end slots. */
    private static final int PAIR_BYTES = 8;
    private static final String REFUSAL = "Pair.second: its data ends at byte 14, before it starts at byte 19 (the "
            + "end of the data before it): the record's end slots must ascend";

    private static Generated generated;

    @BeforeAll
    static void compile() {
        generated = Generated.compile(Map.of("bounds.sdo", SCHEMA));
    }

    private static Object pair(String first, String second) {
        return generated.bean(PAIR, Map.of("first", first, "second", second));
    }

    /** Three 14-byte pairs; in record 1 the first field's end slot says 19, 5 bytes into record 2. */
    private static byte[] recordsOneOfWhichOverreaches() {
        ByteBuffer records = ByteBuffer.allocate(3 * 14).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 3; i++) {
            Object sdo = generated.of(PAIR, pair("aa" + i, "bbb"));
            records.put(i * 14, (byte[]) Generated.call(sdo, "toByteArray"));
        }
        records.putInt(14, 11 + 5 + 3); // record 1's first end slot: 11 would end its 3 bytes; 19 takes 5 of record 2's
        return records.array();
    }

    @Test
    void wrapRefusesARecordWhoseFieldReachesPastItsEndThoughItsSizeIsRight() {
        ByteBuffer buffer = ByteBuffer.wrap(recordsOneOfWhichOverreaches());
        Object intact = generated.wrap(PAIR, buffer, 0);
        assertThat(Generated.call(intact, "getFirst")).isEqualTo("aa0");
        assertThat(Generated.call(intact, "byteSize")).isEqualTo(14);

        assertThatThrownBy(() -> generated.wrap(PAIR, buffer, 14)).isInstanceOf(CorruptDataException.class)
                .hasMessage(REFUSAL);
        assertThatThrownBy(() -> generated.callStatic(PAIR + "Sdo", "wrap", buffer, 14, new WriterVersion(1,
                PAIR_BYTES), 14)).isInstanceOf(CorruptDataException.class).hasMessage(REFUSAL);
        // A slot before the fixed part's end is refused as well: the first field's data would start after it ends.
        ByteBuffer early = ByteBuffer.wrap(recordsOneOfWhichOverreaches()).order(ByteOrder.LITTLE_ENDIAN);
        early.putInt(14, 4);
        assertThatThrownBy(() -> generated.wrap(PAIR, early, 14)).isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("Pair.first: its data ends at byte 4, before it starts at byte 8");
    }

    @Test
    void aNestedRecordsFieldsAreBoundedByTheNestedRecord() {
        Object holder = generated.of("bounds.Holder", generated.bean("bounds.Holder", Map.of("id", 7,
                "pair", pair("xy", "z"), "note", "qqqq")));
        byte[] bytes = (byte[]) Generated.call(holder, "toByteArray");
        ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int pairAt = generated.bytes("bounds.Holder");
        assertThat(buffer.getInt(pairAt)).as("the pair's first end slot").isEqualTo(PAIR_BYTES + 2);
        buffer.putInt(pairAt, PAIR_BYTES + 4); // past the pair's 11 bytes, into the note's
        Object forged = generated.wrap("bounds.Holder", buffer, 0);
        assertThatThrownBy(() -> Generated.call(forged, "getPair")).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("Pair.second: its data ends at byte 11, before it starts at byte 12");
    }

    /** A batch of the three records, read from a file of them whose checksums are intact. */
    private static Object batchOfForgedFile() throws Exception {
        List<String[]> pairs = List.of(new String[] {"aa0", "bbb"}, new String[] {"aa1", "bbb"},
                new String[] {"aa2", "bbb"});
        return forgedBatch(pairs, 14, 19);
    }

    /**
     * A batch read from the file of {@code pairs} in which the 32-bit little-endian value at byte {@code at} of the
     * records (back to back) is {@code value}, every CRC32C recomputed.
     */
    private static Object forgedBatch(List<String[]> pairs, int at, int value) throws Exception {
        Object batch = generated.type(PAIR + "Batch").getConstructor().newInstance();
        for (String[] pair : pairs) {
            Generated.call(batch, "add", pair(pair[0], pair[1]));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Generated.call(batch, "writeTo", Channels.newChannel(out));
        byte[] file = out.toByteArray();
        ByteBuffer bytes = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        // Block 0 follows the header and its schema part (whose length is at the version table's second word).
        int block = bytes.getInt(12) + ((bytes.getInt(((56 + bytes.getInt(28) + 7) & ~7) + 4) + 7) & ~7);
        int payload = (int) bytes.getLong(block + 24);
        bytes.putInt(block + 40 + at, value);
        int footer = block + ((40 + payload + 7) & ~7);
        int payloadCrc = crc(file, block + 40, block + 40 + payload);
        bytes.putInt(block + 32, payloadCrc).putInt(footer + 68, payloadCrc);
        bytes.putInt(block + 36, crc(file, block, block + 36));
        bytes.putInt(file.length - 24 + 12, crc(file, footer, file.length - 24));
        return generated.callStatic(PAIR + "Batch", "readFrom", Channels.newChannel(new ByteArrayInputStream(file)));
    }

    private static int crc(byte[] file, int from, int to) {
        CRC32C crc = new CRC32C();
        crc.update(file, from, to - from);
        return (int) crc.getValue();
    }

    @Test
    void everyViewAndCursorOfABatchRefusesIt() throws Exception {
        Object batch = batchOfForgedFile();
        assertThat(Generated.call(Generated.call(batch, "get", 0), "getFirst")).isEqualTo("aa0");
        assertThat(Generated.call(Generated.call(batch, "get", 2), "getFirst")).isEqualTo("aa2");
        assertThatThrownBy(() -> Generated.call(batch, "get", 1)).isInstanceOf(CorruptDataException.class)
                .hasMessage(REFUSAL);

        List<Object> firsts = new ArrayList<>();
        Consumer<Object> collect = record -> firsts.add(Generated.call(record, "getFirst"));
        String cursorRefusal = "record 1 (counted from 0): " + REFUSAL;
        assertThatThrownBy(() -> Generated.call(batch, "forEachCursor", collect))
                .isInstanceOf(CorruptDataException.class).hasMessage(cursorRefusal);
        assertThatThrownBy(() -> ((Iterable<?>) batch).forEach(collect)).isInstanceOf(CorruptDataException.class);
        assertThatThrownBy(() -> ((Iterable<?>) batch).iterator().forEachRemaining(collect))
                .isInstanceOf(CorruptDataException.class);
        assertThatThrownBy(() -> ((java.util.stream.Stream<?>) Generated.call(batch, "stream")).forEach(collect))
                .isInstanceOf(CorruptDataException.class);
        assertThatThrownBy(() -> ((java.util.stream.Stream<?>) Generated.call(batch, "parallelStream"))
                .forEach(record -> { })).isInstanceOf(CorruptDataException.class);
        // Only record 0 was ever handed out, by each of the four sequential scans: never record 1's bytes.
        assertThat(firsts).containsOnly("aa0").hasSize(4);

        assertThatThrownBy(() -> sortedBy(batch, ToLongFunction.class, (ToLongFunction<Object>) record -> 0))
                .isInstanceOf(CorruptDataException.class);
        assertThatThrownBy(() -> sortedBy(batch, Comparator.class,
                Comparator.comparing(record -> (String) Generated.call(record, "getFirst"))))
                .isInstanceOf(CorruptDataException.class);
    }

    /** {@code batch.sortedBy(key)}, throwing what it threw. */
    private static Object sortedBy(Object batch, Class<?> keyType, Object key) throws Throwable {
        try {
            return batch.getClass().getMethod("sortedBy", keyType).invoke(batch, key);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /**
     * Any end slot of any record of a batch file forged to a hostile value, checksums intact: every record that
     * {@code get}, the iterator or {@code forEachCursor} hands out reads, field by field, exactly its own data bytes
     * (the split between its fields may move, the bytes may not), and every other is a {@link CorruptDataException}.
     */
    @Test
    void aForgedEndSlotNeverGivesAFieldAnotherRecordsBytes() {
        PropertyRunner.forAll(150, draw -> {
            List<String[]> pairs = draw.list(1, 6, () -> new String[] {draw.string("abcxyz", 0, 9),
                    draw.string("ABCXYZ", 0, 9)});
            List<String> data = pairs.stream().map(pair -> pair[0] + pair[1]).toList();
            int record = draw.ints(0, pairs.size() - 1);
            int start = 0;
            for (int i = 0; i < record; i++) {
                start += PAIR_BYTES + data.get(i).length();
            }
            int size = PAIR_BYTES + data.get(record).length();
            int slot = draw.ints(0, 1);
            int original = slot == 0 ? PAIR_BYTES + pairs.get(record)[0].length() : size;
            int value = draw.of(0, 4, 7, PAIR_BYTES, original - 1, original + 1, original + 5, size, size + 1,
                    size + 5, size + PAIR_BYTES, 0x7FFF_FFF0, -1, Integer.MIN_VALUE);
            Object batch = forgedBatch(pairs, start + 4 * slot, value);

            for (int j = 0; j < pairs.size(); j++) {
                Object view;
                try {
                    view = Generated.call(batch, "get", j);
                } catch (CorruptDataException refused) {
                    assertThat(j).as("the record refused").isEqualTo(record);
                    continue;
                }
                assertThat(fields(view)).as("record %d", j).isEqualTo(data.get(j));
            }
            List<String> visited = new ArrayList<>();
            for (Runnable scan : List.<Runnable>of(
                    () -> Generated.call(batch, "forEachCursor", (Consumer<Object>) r -> visited.add(fields(r))),
                    () -> ((Iterable<?>) batch).forEach(r -> visited.add(fields(r))))) {
                visited.clear();
                try {
                    scan.run();
                    assertThat(visited).isEqualTo(data);
                } catch (CorruptDataException refused) {
                    assertThat(visited).isEqualTo(data.subList(0, record));
                }
            }
        });
    }

    /**
     * The record's fields' data, one after the other: what its getters read. A record handed out must read whole: a
     * getter that fails is an {@link AssertionError}, not the refusal of the record.
     */
    private static String fields(Object pair) {
        try {
            return (String) Generated.call(pair, "getFirst") + Generated.call(pair, "getSecond");
        } catch (CorruptDataException e) {
            throw new AssertionError("a record handed out does not read: " + e.getMessage(), e);
        }
    }

    @Test
    void aSerialFormWhoseFieldReachesPastTheRecordIsRefused() throws Exception {
        Object sdo = generated.of(PAIR, pair("aa1", "bbb"));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(sdo);
        }
        byte[] form = bytes.toByteArray();
        byte[] record = (byte[]) Generated.call(sdo, "toByteArray");
        int at = indexOf(form, record);
        assertThat(at).as("the record's bytes in its serial form").isPositive();
        // The record's size (its last slot, 14) is the form's, but the first field ends past it.
        ByteBuffer.wrap(form).order(ByteOrder.LITTLE_ENDIAN).putInt(at, 16);
        assertThatThrownBy(() -> deserialise(form)).isInstanceOf(InvalidObjectException.class)
                .hasMessage("Pair: damaged serial form: Pair.second: its data ends at byte 14, before it starts at "
                        + "byte 16 (the end of the data before it): the record's end slots must ascend");
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        return -1;
    }

    private static Object deserialise(byte[] bytes) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws ClassNotFoundException {
                return generated.type(desc.getName());
            }
        }) {
            return in.readObject();
        }
    }
}
