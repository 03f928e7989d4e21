package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.CorruptDataException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Unions and abstract records, compiled and run: every kind of alternative (inline scalars and small records, wide
 * records, strings, bytes, lists and variable records behind the slot), optional and required unions, fields of an
 * abstract record holding each concrete extension, exact bytes of a union in a fixed-width record, and the errors.
 */
class UnionGenerationTest {
    private static final String PACKAGE = "demo.u.";
    private static final String TRADE = PACKAGE + "Trade";
    private static Generated generated;

    @BeforeAll
    static void compile() throws IOException {
        try (InputStream in = UnionGenerationTest.class.getResourceAsStream("/unions/unions.sdo")) {
            generated = Generated.compile(Map.of("unions.sdo", new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        }
    }

    private static Object product(String alternative, Object value) {
        Object bean = generated.bean(PACKAGE + "Product", Map.of());
        generated.set(bean, alternative, value);
        return bean;
    }

    private static Map<String, Object> tradeValues(Object product) {
        Map<String, Object> values = new HashMap<>();
        values.put("head", 7);
        values.put("product", product);
        values.put("other", null);
        values.put("rate", generated.bean(PACKAGE + "FixedRate", Map.of("id", 3, "rate", new BigDecimal("1.250000"))));
        values.put("small", null);
        values.put("tail", "end");
        return values;
    }

    private static List<Object> everyAlternative() {
        return List.of(
                product("amount", 1000),
                product("side", generated.enumConstant(PACKAGE + "Side", "Sell")),
                product("point", generated.bean(PACKAGE + "Point", Map.of("x", (byte) -3, "y", (byte) 4))),
                product("wide", generated.bean(PACKAGE + "Wide", Map.of("a", Long.MIN_VALUE, "b", 42L))),
                product("named", generated.bean(PACKAGE + "Named", Map.of("id", 255, "name", "Zoë 😀"))),
                product("note", ""),
                product("blob", new byte[] {1, 2, -1}),
                product("nums", List.of((short) -1, (short) 32767, (short) 0)),
                product("big", new BigDecimal("-12345678901234567890.123456789012")));
    }

    @Test
    void everyAlternativeRoundTripsThroughTheSdo() {
        for (Object product : everyAlternative()) {
            Object bean = generated.bean(TRADE, tradeValues(product));
            Object sdo = generated.of(TRADE, bean);
            Object read = Generated.call(sdo, "getProduct");
            assertThat(Generated.call(read, "which")).as("%s", product).isEqualTo(Generated.call(product, "which"));
            assertThat(Generated.call(read, "toBean")).as("%s", product).isEqualTo(product);
            assertThat(Generated.call(sdo, "toBean")).isEqualTo(bean);
            assertThat(Generated.call(sdo, "hasOther")).isEqualTo(false);
            assertThat(Generated.call(sdo, "getOther")).isNull();
            assertThat(Generated.call(sdo, "getTail")).isEqualTo("end");
            byte[] bytes = (byte[]) Generated.call(sdo, "toByteArray");
            Object wrapped = generated.wrap(TRADE, ByteBuffer.wrap(bytes), 0);
            assertThat(Generated.call(wrapped, "toBean")).isEqualTo(bean);
        }
    }

    @Test
    void anOptionalUnionHoldsAnyAlternativeOrNone() {
        for (Object other : everyAlternative()) {
            Map<String, Object> values = tradeValues(product("amount", 0));
            values.put("other", other);
            Object sdo = generated.of(TRADE, generated.bean(TRADE, values));
            assertThat(Generated.call(sdo, "hasOther")).isEqualTo(true);
            assertThat(Generated.call(Generated.call(sdo, "getOther"), "toBean")).isEqualTo(other);
            // A union of scalars compares equal across implementations: the view equals the bean.
            assertThat(Generated.call(sdo, "getProduct")).isEqualTo(product("amount", 0));
        }
    }

    @Test
    void aFieldOfAnAbstractRecordHoldsEachConcreteExtension() {
        List<Object> rates = List.of(
                generated.bean(PACKAGE + "FixedRate", Map.of("id", 1, "rate", new BigDecimal("-0.500000"))),
                generated.bean(PACKAGE + "FloatingRate", Map.of("id", 2, "index", "EURIBOR")),
                generated.bean(PACKAGE + "CappedRate", Map.of("id", 3, "index", "SOFR", "cap",
                        new BigDecimal("5.0000"))));
        for (Object rate : rates) {
            Map<String, Object> values = tradeValues(product("note", "x"));
            values.put("rate", rate);
            Object sdo = generated.of(TRADE, generated.bean(TRADE, values));
            Object read = Generated.call(sdo, "getRate");
            assertThat(read.getClass().getSimpleName()).isEqualTo(rate.getClass().getSimpleName().replace("Bean", "Sdo"));
            assertThat(Generated.call(read, "toBean")).isEqualTo(rate);
            // Code written against the base reads any extension: the base's fields come first.
            assertThat(Generated.call(read, "getId")).isEqualTo(Generated.call(rate, "getId"));
            assertThat(generated.type(PACKAGE + "Rate").isInstance(read)).isTrue();
        }
    }

    @Test
    void aSmallUnionSharesInlineBitsInAFixedWidthRecord() {
        // Flat: x (bits 0..7), s: Small = 2-bit tag (8..9) + 3 inline bits (10..12), y (13..20): 3 bytes.
        assertThat(generated.bytes(PACKAGE + "Flat")).isEqualTo(3);
        Object small = generated.bean(PACKAGE + "Small", Map.of());
        generated.set(small, "b", 5);
        Object flat = generated.of(PACKAGE + "Flat", generated.bean(PACKAGE + "Flat", Map.of("x", 1, "s", small,
                "y", 2)));
        // 1 | 2 << 8 | 5 << 10 | 2 << 13 = 0x5601
        assertThat((byte[]) Generated.call(flat, "toByteArray")).containsExactly(0x01, 0x56, 0x00);
        generated.set(small, "a", true);
        flat = generated.of(PACKAGE + "Flat", generated.bean(PACKAGE + "Flat", Map.of("x", 1, "s", small, "y", 2)));
        // tag 1, inline bit 10 = 1: 1 | 1 << 8 | 1 << 10 | 2 << 13 = 0x4501
        assertThat((byte[]) Generated.call(flat, "toByteArray")).containsExactly(0x01, 0x45, 0x00);
        assertThat(Generated.call(Generated.call(flat, "getS"), "getA")).isEqualTo(true);
        assertThat(Generated.call(Generated.call(flat, "getS"), "getB")).isNull();
    }

    @Test
    void listsOfUnionsHoldEachElementOnItsOwn() {
        Object small = generated.bean(PACKAGE + "Small", Map.of());
        generated.set(small, "b", 4);
        List<Object> rates = List.of(
                generated.bean(PACKAGE + "CappedRate", Map.of("id", 3, "index", "SOFR", "cap", new BigDecimal("5.0000"))),
                generated.bean(PACKAGE + "FixedRate", Map.of("id", 1, "rate", new BigDecimal("-0.500000"))));
        Map<String, Object> values = new HashMap<>();
        values.put("products", everyAlternative());
        values.put("rates", rates);
        values.put("smalls", List.of(small, small));
        Object bean = generated.bean(PACKAGE + "Book", values);
        Object sdo = generated.of(PACKAGE + "Book", bean);
        assertThat(Generated.call(sdo, "toBean")).isEqualTo(bean);
        List<?> products = (List<?>) Generated.call(sdo, "getProducts");
        assertThat(products).hasSize(everyAlternative().size());
        assertThat(Generated.call(products.get(0), "getAmount")).isEqualTo(1000);
        assertThat(Generated.call(((List<?>) Generated.call(sdo, "getRates")).get(0), "getIndex")).isEqualTo("SOFR");
        values.put("rates", null);
        values.put("products", List.of());
        Object empty = generated.of(PACKAGE + "Book", generated.bean(PACKAGE + "Book", values));
        assertThat(Generated.call(empty, "getRates")).isNull();
        assertThat((List<?>) Generated.call(empty, "getProducts")).isEmpty();
    }

    @Test
    void unboundedNumbersKeepEveryValueAndScale() {
        Map<String, Object> values = new HashMap<>();
        values.put("amount", new BigDecimal("50000000.00"));
        values.put("count", new java.math.BigInteger("-123456789012345678901234567890"));
        values.put("all", List.of(new BigDecimal("1E+10"), new BigDecimal("-0.000"), BigDecimal.ONE));
        values.put("tail", 9);
        Object bean = generated.bean(PACKAGE + "Amounts", values);
        Object sdo = generated.of(PACKAGE + "Amounts", bean);
        assertThat(Generated.call(sdo, "getAmount")).hasToString("50000000.00");
        assertThat(Generated.call(sdo, "toBean")).isEqualTo(bean);
        values.put("count", null);
        Object absent = generated.of(PACKAGE + "Amounts", generated.bean(PACKAGE + "Amounts", values));
        assertThat(Generated.call(absent, "getCount")).isNull();
        assertThat(Generated.call(absent, "getTail")).isEqualTo(9);
    }

    /**
     * Found by the random-schema property test: a union bean holding a list of blobs equals the view it was encoded
     * to (blobs compare by content), and one holding a decimal equals it whatever the scale, as record beans do.
     */
    @Test
    void unionBeansCompareBlobListsByContentAndDecimalsByValue() {
        Generated own = Generated.compile(Map.of("eq.sdo", """
                package demo.eq;
                union V { blobs: list<bytes>; grid: list<list<bytes>>; price: decimal(6, 2); }
                record Holder { v: V; }
                """));
        List<Object> beans = new java.util.ArrayList<>();
        for (Object[] alternative : new Object[][] {{"blobs", List.of(new byte[] {1, 2}, new byte[0])},
            {"grid", List.of(List.of(new byte[] {3}), List.of())}, {"price", new BigDecimal("1.5")}}) {
            Object union = own.bean("demo.eq.V", Map.of());
            own.set(union, (String) alternative[0], alternative[1]);
            beans.add(union);
        }
        for (Object union : beans) {
            Object holder = own.bean("demo.eq.Holder", Map.of("v", union));
            Object sdo = own.of("demo.eq.Holder", holder);
            Object back = Generated.call(Generated.call(sdo, "getV"), "toBean");
            assertThat(back).isEqualTo(union);
            assertThat(back.hashCode()).isEqualTo(union.hashCode());
            assertThat(Generated.call(sdo, "toBean")).isEqualTo(holder);
            assertThat(Generated.call(sdo, "getV")).isEqualTo(union);
        }
    }

    @Test
    void twoAlternativesAtOnceAreRefusedNamingBoth() {
        Class<?> productType = generated.type(PACKAGE + "Product");
        Object twoSet = Proxy.newProxyInstance(productType.getClassLoader(), new Class<?>[] {productType},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getAmount" -> 5;
                    case "getNote" -> "x";
                    default -> null;
                });
        assertThatThrownBy(() -> generated.of(TRADE, generated.bean(TRADE, tradeValues(twoSet))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Trade.product: union Product holds at most one alternative, but both amount and note are set");
    }

    @Test
    void aRequiredUnionWithoutAlternativeIsRefused() {
        assertThatThrownBy(() -> generated.of(TRADE, generated.bean(TRADE, tradeValues(product("note", null)))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Trade.product: the required union Product holds no alternative");
    }

    @Test
    void aStoredTagThatNamesNoAlternativeIsCorruptData() {
        Object small = generated.bean(PACKAGE + "Small", Map.of());
        generated.set(small, "b", 1);
        Object flat = generated.of(PACKAGE + "Flat", generated.bean(PACKAGE + "Flat", Map.of("x", 1, "s", small,
                "y", 2)));
        byte[] bytes = (byte[]) Generated.call(flat, "toByteArray");
        bytes[1] |= 0x03; // tag 3 of a union of 2
        Object corrupt = generated.wrap(PACKAGE + "Flat", ByteBuffer.wrap(bytes), 0);
        assertThatThrownBy(() -> Generated.call(corrupt, "getS"))
                .isInstanceOf(CorruptDataException.class)
                .hasMessage("Flat.s: stored tag 3 names no alternative of union Small, which has 2"
                        + " (data of a later version that added alternatives, or damage)");
    }
}
