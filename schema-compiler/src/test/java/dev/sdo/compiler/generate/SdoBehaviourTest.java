package dev.sdo.compiler.generate;

import static dev.sdo.compiler.generate.TestSchemas.bool;
import static dev.sdo.compiler.generate.TestSchemas.chars;
import static dev.sdo.compiler.generate.TestSchemas.date;
import static dev.sdo.compiler.generate.TestSchemas.decimal;
import static dev.sdo.compiler.generate.TestSchemas.enumRef;
import static dev.sdo.compiler.generate.TestSchemas.field;
import static dev.sdo.compiler.generate.TestSchemas.integer;
import static dev.sdo.compiler.generate.TestSchemas.optional;
import static dev.sdo.compiler.generate.TestSchemas.range;
import static dev.sdo.compiler.generate.TestSchemas.time;
import static dev.sdo.compiler.generate.TestSchemas.timestamp;
import static dev.sdo.compiler.generate.TestSchemas.upperCase;
import static dev.sdo.compiler.generate.TestSchemas.withOverride;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.IntegerKind;
import dev.sdo.compiler.model.JavaOverride;
import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CorruptDataException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What every SDO does beyond its getters: wrapping buffers, checking values, equality, serialisation. */
class SdoBehaviourTest {
    private static final String TICK = "test.sdo.Tick";
    private static final String TINY = "test.sdo.Tiny";
    private static final String SMALL = "test.sdo.Small";

    private static Generated generated;

    @BeforeAll
    static void compile() {
        generated = Generated.compile(schemas());
    }

    private static TestSchemas schemas() {
        TestSchemas schemas = new TestSchemas("test.sdo");
        schemas.enumType("Side", "Buy", "Sell", "Hold");
        schemas.enumType("Suit", "Clubs", "Diamonds", "Hearts", "Spades");
        schemas.record("Tick",
                field("id", integer(IntegerKind.UINT32)),
                field("price", decimal(9, 2)),
                field("side", enumRef(schemas.name("Side"))),
                field("flag", bool()),
                optional("quantity", integer(IntegerKind.UINT16)),
                field("code", chars(3, upperCase())),
                field("at", timestamp()),
                field("day", date("2000-01-01", "2099-12-31")),
                field("tod", time()));
        schemas.record("Tiny", withOverride(field("multiplier", range(1, 31)), JavaOverride.BIG_INTEGER),
                field("suit", enumRef(schemas.name("Suit"))), field("on", bool()));
        schemas.record("Small", field("pad", range(0, 7)), field("count", integer(IntegerKind.UINT32)),
                field("last", bool()));
        return schemas;
    }

    private static Map<String, Object> tickValues() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("id", 4_000_000_000L);
        values.put("price", new BigDecimal("-1234567.89"));
        values.put("side", generated.enumConstant("test.sdo.Side", "Hold"));
        values.put("flag", true);
        values.put("quantity", 65_535);
        values.put("code", "XYZ");
        values.put("at", Instant.parse("2026-11-22T14:00:00.001Z"));
        values.put("day", LocalDate.of(2099, 12, 31));
        values.put("tod", LocalTime.of(23, 59, 59, 999_000_000));
        return values;
    }

    private static Object tick(Map<String, Object> values) {
        return generated.of(TICK, generated.bean(TICK, values));
    }

    private static Map<String, Object> samples() {
        Map<String, Object> samples = new LinkedHashMap<>();
        samples.put(TICK, tick(tickValues()));
        samples.put(TINY, generated.of(TINY, generated.bean(TINY, Map.of("multiplier", BigInteger.valueOf(31),
                "suit", generated.enumConstant("test.sdo.Suit", "Spades"), "on", true))));
        samples.put(SMALL, generated.of(SMALL, generated.bean(SMALL, Map.of("pad", 7, "count", 4_294_967_295L,
                "last", true))));
        return samples;
    }

    @Test
    void recordsEndingExactlyAtTheLimitReadTheSameInEveryKindOfBuffer() {
        Map<String, IntFunction<ByteBuffer>> kinds = new LinkedHashMap<>();
        kinds.put("heap", ByteBuffer::allocate);
        kinds.put("direct", ByteBuffer::allocateDirect);
        kinds.put("big-endian heap", n -> ByteBuffer.allocate(n).order(ByteOrder.BIG_ENDIAN));
        kinds.put("little-endian direct", n -> ByteBuffer.allocateDirect(n).order(ByteOrder.LITTLE_ENDIAN));
        samples().forEach((record, sdo) -> {
            byte[] bytes = (byte[]) Generated.call(sdo, "toByteArray");
            for (Map.Entry<String, IntFunction<ByteBuffer>> kind : kinds.entrySet()) {
                for (boolean readOnly : new boolean[] {false, true}) {
                    ByteBuffer buffer = kind.getValue().apply(bytes.length + 20);
                    ByteOrder order = buffer.order();
                    int limit = bytes.length + 11;
                    buffer.put(limit - bytes.length, bytes).limit(limit).position(3);
                    // A read-only view starts big-endian whatever its source's order: give it the kind's order.
                    ByteBuffer target = readOnly ? buffer.asReadOnlyBuffer().order(order) : buffer;

                    Object view = generated.wrap(record, target, limit - bytes.length);

                    String description = record + " in " + (readOnly ? "read-only " : "") + kind.getKey();
                    assertThat(view).as(description).isEqualTo(sdo).hasToString(sdo.toString());
                    assertThat(Generated.call(view, "toBean")).as(description).isEqualTo(Generated.call(sdo, "toBean"));
                    assertThat(target.position()).as(description).isEqualTo(3);
                    assertThat(target.limit()).as(description).isEqualTo(limit);
                    assertThat(target.order()).as(description).isEqualTo(order);
                }
            }
        });
    }

    @Test
    void recordsReadTheSameAtOddOffsets() {
        samples().forEach((record, sdo) -> {
            byte[] bytes = (byte[]) Generated.call(sdo, "toByteArray");
            for (int offset : new int[] {1, 3, 7, 13}) {
                ByteBuffer buffer = ByteBuffer.allocate(offset + bytes.length).put(offset, bytes);
                assertThat(generated.wrap(record, buffer, offset)).as(record + " at " + offset).isEqualTo(sdo)
                        .hasToString(sdo.toString());
            }
        });
    }

    @Test
    void wrapRejectsARecordThatDoesNotFitBeforeTheLimit() {
        int bytes = generated.bytes(TICK);
        ByteBuffer buffer = ByteBuffer.allocate(bytes + 4).limit(bytes + 2);

        assertThatThrownBy(() -> generated.wrap(TICK, buffer, 3)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> generated.wrap(TICK, buffer, -1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(generated.wrap(TICK, buffer, 2)).isNotNull();
    }

    @Test
    void writeToCopiesTheBytesWithoutMovingTheDestination() {
        Object sdo = samples().get(TICK);
        ByteBuffer destination = ByteBuffer.allocateDirect(64).position(5);

        Generated.call(sdo, "writeTo", destination, 30);

        assertThat(destination.position()).isEqualTo(5);
        assertThat(generated.wrap(TICK, destination, 30)).isEqualTo(sdo);
        assertThatThrownBy(() -> Generated.call(sdo, "writeTo", ByteBuffer.allocate(64).asReadOnlyBuffer(), 0))
                .isInstanceOf(ReadOnlyBufferException.class);
    }

    @Test
    void theUnusedHighBitsOfTheLastByteAreZeroAndIgnored() {
        Object sdo = samples().get(SMALL);
        byte[] bytes = (byte[]) Generated.call(sdo, "toByteArray");
        // 3 + 32 + 1 = 36 bits: the top four bits of byte 4 are unused.
        assertThat(bytes).hasSize(5);
        assertThat(bytes[4] & 0xF0).isZero();

        byte[] dirty = bytes.clone();
        dirty[4] |= (byte) 0xF0;
        Object dirtyView = generated.wrap(SMALL, ByteBuffer.wrap(dirty), 0);
        assertThat(dirtyView).isEqualTo(sdo).hasSameHashCodeAs(sdo);
        assertThat((byte[]) Generated.call(dirtyView, "toByteArray")).containsExactly(bytes);
    }

    @Test
    void sdosAreEqualByContent() {
        Object sdo = samples().get(TICK);
        Map<String, Object> other = tickValues();
        other.put("quantity", 65_534);

        assertThat(tick(tickValues())).isEqualTo(sdo).hasSameHashCodeAs(sdo);
        assertThat(tick(other)).isNotEqualTo(sdo);
        assertThat(sdo).isNotEqualTo(Generated.call(sdo, "toBean"));
    }

    @Test
    void outOfRangeValuesAreRejectedNamingRecordFieldValueAndRange() {
        assertRejected("id", -1L, "Tick.id", "-1", "0..4294967295");
        assertRejected("id", 4_294_967_296L, "Tick.id", "4294967296", "0..4294967295");
        assertRejected("price", new BigDecimal("1.234"), "Tick.price", "1.234", "2 decimals");
        assertRejected("price", new BigDecimal("10000000.00"), "Tick.price", "10000000.00", "-9999999.99..9999999.99");
        assertRejected("code", "EURO", "Tick.code", "EURO", "at most 3");
        assertRejected("code", "eur", "Tick.code", "eur", "alphabet");
        assertRejected("code", null, "Tick.code", "null");
        assertRejected("side", null, "Tick.side", "null");
        assertRejected("at", Instant.parse("2026-01-01T00:00:00.000000001Z"), "Tick.at", "millisecond");
        assertRejected("day", LocalDate.of(1999, 12, 31), "Tick.day", "1999-12-31", "2000-01-01..2099-12-31");
        assertRejected("tod", LocalTime.of(1, 2, 3, 4), "Tick.tod", "millisecond");
    }

    @Test
    void anInvalidValueLeavesTheDestinationUntouched() {
        // Tick is encoded a word at a time: every value is checked before the first word is written, so a bad last
        // field leaves even the bytes of the good fields before it as they were.
        Map<String, Object> values = tickValues();
        values.put("tod", LocalTime.of(1, 2, 3, 4));
        Object bean = generated.bean(TICK, values);
        ByteBuffer buffer = ByteBuffer.allocate(generated.bytes(TICK) + 16);
        for (int i = 0; i < buffer.capacity(); i++) {
            buffer.put(i, (byte) 0x5A);
        }
        byte[] before = buffer.array().clone();
        assertThat(generated.source(TICK + "Sdo")).contains("BitFields.wordBits(");

        assertThatThrownBy(() -> generated.callStatic(TICK + "Sdo", "encode", bean, buffer, 3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Tick.tod");
        assertThat(buffer.array()).containsExactly(before);
    }

    /**
     * The word-at-a-time encode hands each field's bits, and each optional field's presence bit, to
     * {@code writeWords} as a {@code long} parameter; a method takes at most 125 of them. A record of 62 optional
     * fields (124 runs of bits) still writes words, one of 63 (126) falls back to writing field by field; both
     * compile and keep every value.
     */
    @Test
    void recordsOfManyOptionalFieldsWriteWordsWhileTheirBitsFitOneMethodsParameters() {
        TestSchemas schemas = new TestSchemas("test.many");
        schemas.record("Fits", manyOptionalBytes(62));
        schemas.record("Over", manyOptionalBytes(63));
        Generated many = Generated.compile(schemas);
        assertThat(many.source("test.many.FitsSdo")).contains("writeWords(");
        assertThat(many.source("test.many.OverSdo")).doesNotContain("writeWords(");
        for (String record : List.of("test.many.Fits", "test.many.Over")) {
            Map<String, Object> values = new LinkedHashMap<>();
            int fields = record.endsWith("Fits") ? 62 : 63;
            for (int i = 1; i <= fields; i++) {
                values.put("f" + i, i % 3 == 0 ? null : i * 4);
            }
            Object bean = many.bean(record, values);
            Object sdo = many.of(record, bean);
            assertThat(Generated.call(sdo, "toBean")).as(record).isEqualTo(bean);
        }
    }

    private static Field[] manyOptionalBytes(int count) {
        Field[] fields = new Field[count];
        for (int i = 0; i < count; i++) {
            fields[i] = optional("f" + (i + 1), integer(IntegerKind.UINT8));
        }
        return fields;
    }

    @Test
    void encodingAtAnyBitOffsetChangesOnlyTheRecordsBits() {
        samples().forEach((record, sdo) -> {
            Object bean = Generated.call(sdo, "toBean");
            long bits = bitsOf(record);
            for (int bitOffset : new int[] {0, 1, 5, 7, 9, 63, 64, 67}) {
                for (int room : new int[] {0, 16}) {
                    // All ones around the record: the encode must change the record's bits and nothing else, both
                    // where its words fit in the buffer and where the record ends at the limit.
                    int bytes = (int) ((bitOffset + bits + 7) / 8) + room;
                    ByteBuffer buffer = ByteBuffer.allocate(2 + bytes);
                    for (int i = 0; i < buffer.capacity(); i++) {
                        buffer.put(i, (byte) 0xFF);
                    }
                    ByteBuffer expected = ByteBuffer.allocate(buffer.capacity()).put(0, buffer.array());
                    ByteBuffer own = ByteBuffer.wrap((byte[]) Generated.call(sdo, "toByteArray"));
                    BitFields.copyBits(own, 0, 0, expected, 2, bitOffset, bits);

                    generated.callStatic(record + "Sdo", "encode", bean, buffer, 2, (long) bitOffset);

                    assertThat(buffer.array()).as("%s at bit %d, %d bytes of room", record, bitOffset, room)
                            .containsExactly(expected.array());
                }
            }
        });
    }

    private static long bitsOf(String record) {
        try {
            return generated.type(record + "Sdo").getField("BITS").getLong(null);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static void assertRejected(String field, Object value, String... messageParts) {
        Map<String, Object> values = tickValues();
        values.put(field, value);
        Object bean = generated.bean(TICK, values);
        assertThatThrownBy(() -> generated.of(TICK, bean)).as(field + " = " + value)
                .isInstanceOf(IllegalArgumentException.class).hasMessageContainingAll(messageParts);
    }

    @Test
    void rangesAndBigIntegersOutsideTheirFieldAreRejected() {
        for (BigInteger multiplier : List.of(BigInteger.ZERO, BigInteger.valueOf(32), BigInteger.ONE.shiftLeft(70))) {
            Object bean = generated.bean(TINY, Map.of("multiplier", multiplier,
                    "suit", generated.enumConstant("test.sdo.Suit", "Clubs")));
            assertThatThrownBy(() -> generated.of(TINY, bean)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContainingAll("Tiny.multiplier", multiplier.toString(), "1..31");
        }
        Object missing = generated.bean(TINY, Map.of("suit", generated.enumConstant("test.sdo.Suit", "Clubs")));
        assertThatThrownBy(() -> generated.of(TINY, missing)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Tiny.multiplier");
    }

    @Test
    void aStoredOrdinalBeyondTheEnumIsReportedAsCorruptData() {
        byte[] bytes = (byte[]) Generated.call(samples().get(TICK), "toByteArray");
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        // side follows id (32 bits) and price (ceil(log2(2 * 10^9 - 1)) = 31 bits): 2 bits at bit 63.
        BitFields.write(buffer, 0, 63, 2, 3);
        Object corrupt = generated.wrap(TICK, buffer, 0);

        assertThatThrownBy(() -> Generated.call(corrupt, "getSide")).isInstanceOf(CorruptDataException.class)
                .hasMessageContainingAll("Tick.side", "3", "Side");
    }

    @Test
    void aStoredTimeBeyondADayIsReportedAsCorruptData() {
        byte[] bytes = (byte[]) Generated.call(samples().get(TICK), "toByteArray");
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        // tod follows id 32, price 31, side 2, flag 1, quantity 1 + 16, code 15, at 64 and day 16 bits: bit 178.
        BitFields.write(buffer, 0, 178, 27, (1 << 27) - 1);

        assertThatThrownBy(() -> Generated.call(generated.wrap(TICK, buffer, 0), "getTod"))
                .isInstanceOf(CorruptDataException.class).hasMessageContainingAll("Tick.tod", "134217727");
    }

    @Test
    void storedNumbersBeyondARangeADecimalOrADateAreReportedAsCorruptData() {
        // Tiny.multiplier is int(1..31): 5 bits that store 0..30, so 31 was written by no encoder.
        ByteBuffer tiny = ByteBuffer.wrap((byte[]) Generated.call(samples().get(TINY), "toByteArray"));
        BitFields.write(tiny, 0, 0, 5, 31);
        assertThatThrownBy(() -> Generated.call(generated.wrap(TINY, tiny, 0), "getMultiplier"))
                .isInstanceOf(CorruptDataException.class).hasMessageContainingAll("Tiny.multiplier", "31", "30");

        // Tick.price is decimal(9, 2): 31 bits at bit 32 that store 0..2 * (10^9 - 1).
        ByteBuffer price = ByteBuffer.wrap((byte[]) Generated.call(samples().get(TICK), "toByteArray"));
        BitFields.write(price, 0, 32, 31, Integer.MAX_VALUE);
        Object badPrice = generated.wrap(TICK, price, 0);
        assertThatThrownBy(() -> Generated.call(badPrice, "getPrice")).isInstanceOf(CorruptDataException.class)
                .hasMessageContainingAll("Tick.price", "2147483647", "1999999998");
        assertThatThrownBy(() -> Generated.call(badPrice, "getPriceUnscaled"))
                .isInstanceOf(CorruptDataException.class);

        // Tick.day is date(2000-01-01..2099-12-31): 16 bits at bit 162 that store 0..36524 days.
        ByteBuffer day = ByteBuffer.wrap((byte[]) Generated.call(samples().get(TICK), "toByteArray"));
        BitFields.write(day, 0, 162, 16, 0xFFFF);
        Object badDay = generated.wrap(TICK, day, 0);
        assertThatThrownBy(() -> Generated.call(badDay, "getDay")).isInstanceOf(CorruptDataException.class)
                .hasMessageContainingAll("Tick.day", "65535", "36524");
        assertThat(Generated.call(badDay, "getTod")).as("the other fields still read").isNotNull();
    }

    @Test
    void aRangeThatFillsItsBitsIsReadWithoutACheck() {
        // Small.pad is int(0..7): every number of its 3 bits is a value.
        assertThat(generated.source(SMALL + "Sdo")).doesNotContain("PAD_STORED_MAX").contains("COUNT_OFFSET");
        assertThat(generated.source(TINY + "Sdo")).contains("MULTIPLIER_STORED_MAX");
    }

    @Test
    void encodingIntoAReusedBufferGivesTheBytesOfANewRecord() {
        for (String record : List.of(TICK, TINY, SMALL)) {
            Object sdo = samples().get(record);
            byte[] expected = (byte[]) Generated.call(sdo, "toByteArray");
            ByteBuffer used = ByteBuffer.allocate(expected.length + 4);
            while (used.hasRemaining()) {
                used.put((byte) 0xFF);
            }
            generated.callStatic(record + "Sdo", "encode", Generated.call(sdo, "toBean"), used, 2);

            byte[] written = new byte[expected.length];
            used.get(2, written);
            assertThat(written).as(record).containsExactly(expected);
            assertThat(used.get(1)).as(record + ": the byte before").isEqualTo((byte) 0xFF);
            assertThat(used.get(2 + expected.length)).as(record + ": the byte after").isEqualTo((byte) 0xFF);
        }
    }

    @Test
    void anEnumWhoseConstantsFillItsBitsIsReadWithoutACheck() {
        assertThat(generated.source(TINY + "Sdo")).doesNotContain("CorruptDataException");
        assertThat(generated.source(TICK + "Sdo")).contains("CorruptDataException");
    }

    @Test
    void sdosSerialiseAsTheirBytes() throws IOException, ClassNotFoundException {
        Object sdo = samples().get(TICK);
        byte[] bytes = (byte[]) Generated.call(sdo, "toByteArray");
        // A view inside a larger buffer serialises only its own bytes.
        ByteBuffer larger = ByteBuffer.allocateDirect(bytes.length + 40).put(17, bytes);
        Object view = generated.wrap(TICK, larger, 17);

        byte[] serialised = serialise(view);
        Object copy = deserialise(serialised, sdo.getClass().getClassLoader());

        assertThat(copy).isEqualTo(sdo).hasToString(sdo.toString());
        assertThat(indexOf(serialised, bytes)).isNotNegative();
        assertThat(serialised.length).isLessThan(bytes.length + 200);
    }

    @Test
    void beansSerialiseToo() throws IOException, ClassNotFoundException {
        Object bean = generated.bean(TICK, tickValues());

        Object copy = deserialise(serialise(bean), bean.getClass().getClassLoader());

        assertThat(copy).isEqualTo(bean);
    }

    @Test
    void generationIsDeterministic() {
        List<GeneratedSource> first = schemas().generate();
        List<GeneratedSource> second = schemas().generate();

        assertThat(second).isEqualTo(first);
        assertThat(first).extracting(GeneratedSource::qualifiedName).isSorted();
        assertThat(first).extracting(GeneratedSource::qualifiedName).contains("test.sdo.Side", "test.sdo.Tick",
                "test.sdo.TickBean", "test.sdo.TickSdo");
        assertThat(first).allSatisfy(source -> assertThat(source.content())
                .startsWith("// Generated by sdoc from t.sdo. Do not edit.\n"));
    }

    private static byte[] serialise(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        return bytes.toByteArray();
    }

    private static Object deserialise(byte[] bytes, ClassLoader loader) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            protected Class<?> resolveClass(java.io.ObjectStreamClass desc) throws ClassNotFoundException {
                return Class.forName(desc.getName(), false, loader);
            }
        }) {
            return in.readObject();
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (java.util.Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        return -1;
    }
}
