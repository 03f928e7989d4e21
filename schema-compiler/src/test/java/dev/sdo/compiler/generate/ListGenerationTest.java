package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.PackedList;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code list<T>} fields, checked against docs/record-format.md: a 32-bit end slot like any variable-length field;
 * the data a 32-bit count, then fixed-width elements packed at their width, or for strings an end-offset table
 * and the UTF-8 bytes.
 */
class ListGenerationTest {
    private static final String BASKET = "test.lists.Basket";
    // id 0..7; qty slot 8..39; flags slot 40..71; prices presence 72, slot 73..104; names slot 105..136;
    // days 137..168; sides 169..200; codes 201..232; big 233..264; rates 265..296: 297 bits, 38 bytes.
    private static final String SCHEMA = """
            package test.lists;
            enum Side { Buy, Sell, Short }
            record Basket {
                id:     uint8;
                qty:    list<int(-5..100)>;
                flags:  list<bool>;
                prices: list<decimal(9, 2)> optional;
                names:  list<string>;
                days:   list<date(2000-01-01..2099-12-31)>;
                sides:  list<Side>;
                codes:  list<char(3, "A-Z")>;
                big:    list<int64>;
                rates:  list<float64>;
            }
            """;
    private static final int FIXED_BYTES = 38;

    private static Generated generated;

    @BeforeAll
    static void compile() {
        generated = Generated.compile(Map.of("basket.sdo", SCHEMA));
    }

    private static Object side(String name) {
        return generated.enumConstant("test.lists.Side", name);
    }

    private static Map<String, Object> values() {
        Map<String, Object> values = new HashMap<>();
        values.put("id", 7);
        values.put("qty", List.of(-5, 0, 100, 42));
        values.put("flags", List.of(true, false, true));
        values.put("prices", List.of(new BigDecimal("-9999999.99"), new BigDecimal("1.50")));
        values.put("names", List.of("a", "", "Zoë"));
        values.put("days", List.of(LocalDate.of(2000, 1, 1), LocalDate.of(2099, 12, 31)));
        values.put("sides", List.of(side("Short"), side("Buy")));
        values.put("codes", List.of("EUR", "", "Z"));
        values.put("big", List.of(Long.MIN_VALUE, -1L, Long.MAX_VALUE));
        values.put("rates", List.of(Double.NaN, -0.0, 1.25));
        return values;
    }

    private static Object sdo(Map<String, Object> values) {
        return generated.of(BASKET, generated.bean(BASKET, values));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aNewBeanHasEmptyRequiredListsAndToBeanGivesListsTheUserMayChange() {
        Object empty = generated.bean(BASKET, Map.of());
        assertThat((List<Object>) Generated.call(empty, "getQty")).isEmpty();
        assertThat((List<Object>) Generated.call(empty, "getNames")).isEmpty();
        assertThat(Generated.call(empty, "getPrices")).as("an optional list is absent").isNull();
        ((List<Object>) Generated.call(empty, "getNames")).add("added");
        ((List<Object>) Generated.call(empty, "getQty")).add(3);

        Object bean = Generated.call(sdo(values()), "toBean");
        List<Object> names = (List<Object>) Generated.call(bean, "getNames");
        names.add("more");
        ((List<Object>) Generated.call(bean, "getPrices")).remove(0);
        Object changed = generated.of(BASKET, bean);
        assertThat((List<Object>) Generated.call(changed, "getNames")).containsExactly("a", "", "Zoë", "more");
        assertThat((List<Object>) Generated.call(changed, "getPrices")).containsExactly(new BigDecimal("1.50"));
    }

    @Test
    void gettersReturnTheListsThatWereEncoded() {
        Map<String, Object> values = values();
        Object sdo = sdo(values);

        for (String field : List.of("qty", "flags", "names", "days", "sides", "codes", "big", "rates")) {
            Object list = Generated.call(sdo, "get" + Character.toUpperCase(field.charAt(0)) + field.substring(1));
            assertThat(list).as(field).isInstanceOf(RandomAccess.class).isEqualTo(values.get(field));
        }
        assertThat(Generated.call(sdo, "getPrices"))
                .isEqualTo(List.of(new BigDecimal("-9999999.99"), new BigDecimal("1.50")));
        assertThat(Generated.call(sdo, "toBean")).isEqualTo(generated.bean(BASKET, values));
    }

    @Test
    void fixedWidthElementsArePackedAtTheirWidthAfterACount() {
        byte[] bytes = (byte[]) Generated.call(sdo(values()), "toByteArray");
        ByteBuffer record = ByteBuffer.wrap(bytes);

        // qty is the first variable-length field: its data starts right after the fixed part.
        long qtyEnd = BitFields.read(record, 0, 8, 32);
        assertThat(qtyEnd).isEqualTo(FIXED_BYTES + 4 + 4); // 4 elements of 7 bits: 28 bits, 4 bytes
        assertThat(BitFields.read(record, FIXED_BYTES, 0, 32)).isEqualTo(4);
        int[] stored = {0, 5, 105, 47}; // value - lo
        for (int i = 0; i < stored.length; i++) {
            assertThat(BitFields.read(record, FIXED_BYTES, 32 + 7L * i, 7)).as("qty[" + i + "]").isEqualTo(stored[i]);
        }
        assertThat(BitFields.read(record, FIXED_BYTES, 32 + 28, 4)).as("padding").isZero();
        // flags follows: 3 bits in one byte after its count.
        long flagsEnd = BitFields.read(record, 0, 40, 32);
        assertThat(flagsEnd).isEqualTo(qtyEnd + 4 + 1);
        assertThat(BitFields.read(record, (int) qtyEnd, 0, 32)).isEqualTo(3);
        assertThat(BitFields.read(record, (int) qtyEnd, 32, 8)).isEqualTo(0b101);
        assertThat(bytes).hasSize((int) BitFields.read(record, 0, 265, 32));
    }

    @Test
    void stringElementsHaveAnEndOffsetTable() {
        byte[] bytes = (byte[]) Generated.call(sdo(values()), "toByteArray");
        ByteBuffer record = ByteBuffer.wrap(bytes);
        int start = (int) BitFields.read(record, 0, 73, 32); // prices' end: where names starts
        int end = (int) BitFields.read(record, 0, 105, 32);

        assertThat(BitFields.read(record, start, 0, 32)).isEqualTo(3);
        // Offsets from the list's first byte: the table takes 4 + 3 * 4 = 16 bytes.
        assertThat(BitFields.read(record, start, 32, 32)).isEqualTo(17);
        assertThat(BitFields.read(record, start, 64, 32)).isEqualTo(17);
        assertThat(BitFields.read(record, start, 96, 32)).isEqualTo(21);
        assertThat(end - start).isEqualTo(21);
        assertThat(Arrays.copyOfRange(bytes, start + 16, end)).isEqualTo("aZoë".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void emptyAndAbsentLists() {
        Map<String, Object> values = values();
        values.put("qty", List.of());
        values.put("prices", null);
        Object sdo = sdo(values);

        assertThat(Generated.call(sdo, "getQty")).isEqualTo(List.of());
        assertThat(Generated.call(sdo, "hasPrices")).isEqualTo(false);
        assertThat(Generated.call(sdo, "getPrices")).isNull();
        assertThat(Generated.call(Generated.call(sdo, "toBean"), "getPrices")).isNull();
    }

    @Test
    void primitiveElementsReadWithoutBoxing() {
        @SuppressWarnings("unchecked")
        PackedList<Long> big = (PackedList<Long>) Generated.call(sdo(values()), "getBig");

        assertThat(big.bits(0)).isEqualTo(Long.MIN_VALUE);
        assertThat(big.bits(2)).isEqualTo(Long.MAX_VALUE);
        assertThatThrownBy(() -> big.get(3)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void elementsOutsideTheirTypeOrNullAreRefusedByName() {
        Map<String, Object> values = values();
        values.put("qty", List.of(1, 101));
        assertThatThrownBy(() -> sdo(values)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Basket.qty");
        values.put("qty", List.of(1));
        values.put("codes", List.of("EURO"));
        assertThatThrownBy(() -> sdo(values)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Basket.codes");
        values.put("codes", List.of());
        List<String> withNull = new ArrayList<>();
        withNull.add(null);
        values.put("names", withNull);
        assertThatThrownBy(() -> sdo(values)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Basket.names");
        values.put("names", List.of());
        values.put("prices", List.of(new BigDecimal("0.001")));
        assertThatThrownBy(() -> sdo(values)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Basket.prices");
    }

    @Test
    void aCountThatDisagreesWithTheDataIsCorrupt() {
        ByteBuffer record = ByteBuffer.wrap((byte[]) Generated.call(sdo(values()), "toByteArray"));
        BitFields.write(record, FIXED_BYTES, 0, 32, 5); // qty claims 5 elements in 4 bytes of 7-bit ones
        Object sdo = generated.wrap(BASKET, record, 0);

        assertThatThrownBy(() -> Generated.call(sdo, "getQty")).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("Basket.qty");
        assertThat(Generated.call(sdo, "getFlags")).isEqualTo(List.of(true, false, true));
    }
}
