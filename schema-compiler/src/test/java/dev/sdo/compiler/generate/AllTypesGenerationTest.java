package dev.sdo.compiler.generate;

import static dev.sdo.compiler.generate.TestSchemas.bool;
import static dev.sdo.compiler.generate.TestSchemas.chars;
import static dev.sdo.compiler.generate.TestSchemas.date;
import static dev.sdo.compiler.generate.TestSchemas.decimal;
import static dev.sdo.compiler.generate.TestSchemas.enumRef;
import static dev.sdo.compiler.generate.TestSchemas.field;
import static dev.sdo.compiler.generate.TestSchemas.float32;
import static dev.sdo.compiler.generate.TestSchemas.float64;
import static dev.sdo.compiler.generate.TestSchemas.integer;
import static dev.sdo.compiler.generate.TestSchemas.optional;
import static dev.sdo.compiler.generate.TestSchemas.range;
import static dev.sdo.compiler.generate.TestSchemas.time;
import static dev.sdo.compiler.generate.TestSchemas.timestamp;
import static dev.sdo.compiler.generate.TestSchemas.udecimal;
import static dev.sdo.compiler.generate.TestSchemas.upperCase;
import static dev.sdo.compiler.generate.TestSchemas.withOverride;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.IntegerKind;
import dev.sdo.compiler.model.JavaOverride;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every fixed-width type, required and optional, through bean, SDO and back, at its limits and in between. */
class AllTypesGenerationTest {
    private static final String PACKAGE = "test.types";
    private static final String REQUIRED = PACKAGE + ".Required";
    private static final String OPTIONAL = PACKAGE + ".Optional";

    private static Generated generated;

    /** The fields of both records, by name, in declaration order. */
    private static List<Field> fields(TestSchemas schemas, UnaryOperator<Field> kind) {
        List<Field> fields = new ArrayList<>();
        fields.add(field("flag", bool()));
        fields.add(field("i8", integer(IntegerKind.INT8)));
        fields.add(field("i16", integer(IntegerKind.INT16)));
        fields.add(field("i32", integer(IntegerKind.INT32)));
        fields.add(field("i64", integer(IntegerKind.INT64)));
        fields.add(field("u8", integer(IntegerKind.UINT8)));
        fields.add(field("u16", integer(IntegerKind.UINT16)));
        fields.add(field("u32", integer(IntegerKind.UINT32)));
        fields.add(field("small", range(-5, 5)));
        fields.add(field("wide", range(-1_000_000_000_000L, 1_000_000_000_000L)));
        fields.add(field("full", range(Long.MIN_VALUE, Long.MAX_VALUE)));
        fields.add(field("f32", float32()));
        fields.add(field("f64", float64()));
        fields.add(field("dec", decimal(15, 2)));
        fields.add(field("udec", udecimal(5, 3)));
        fields.add(field("day", TestSchemas.date()));
        fields.add(field("shortDay", date("2020-01-01", "2020-12-31")));
        fields.add(field("tod", time()));
        fields.add(field("at", timestamp()));
        fields.add(field("code", chars(3, upperCase())));
        fields.add(field("text", chars(12)));
        fields.add(field("side", enumRef(schemas.name("Side"))));
        fields.add(field("quarter", enumRef(schemas.name("Quarter"))));
        fields.add(withOverride(field("count", range(0, 1000)), JavaOverride.LONG));
        fields.add(withOverride(field("big32", integer(IntegerKind.INT32)), JavaOverride.BIG_INTEGER));
        fields.add(withOverride(field("bigU32", integer(IntegerKind.UINT32)), JavaOverride.BIG_INTEGER));
        fields.add(withOverride(field("small16", integer(IntegerKind.INT16)), JavaOverride.INT));
        return fields.stream().map(kind).toList();
    }

    @BeforeAll
    static void compile() {
        TestSchemas schemas = new TestSchemas(PACKAGE);
        schemas.enumType("Side", "Buy", "Sell", "Hold");
        schemas.enumType("Quarter", "Q1", "Q2", "Q3", "Q4");
        schemas.record("Required", fields(schemas, f -> f).toArray(Field[]::new));
        schemas.record("Optional", fields(schemas, f -> optional(f.name(), f.type()))
                .stream().map(f -> withOverride(f, fields(schemas, g -> g).stream()
                        .filter(g -> g.name().equals(f.name())).findFirst().orElseThrow().javaOverride()))
                .toArray(Field[]::new));
        generated = Generated.compile(schemas);
    }

    static Stream<Map<String, Object>> values() {
        return Stream.of(minimums(), maximums(), typical());
    }

    private static Map<String, Object> minimums() {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("flag", false);
        v.put("i8", Byte.MIN_VALUE);
        v.put("i16", Short.MIN_VALUE);
        v.put("i32", Integer.MIN_VALUE);
        v.put("i64", Long.MIN_VALUE);
        v.put("u8", 0);
        v.put("u16", 0);
        v.put("u32", 0L);
        v.put("small", -5);
        v.put("wide", -1_000_000_000_000L);
        v.put("full", Long.MIN_VALUE);
        v.put("f32", Float.NEGATIVE_INFINITY);
        v.put("f64", -Double.MAX_VALUE);
        v.put("dec", new BigDecimal("-9999999999999.99"));
        v.put("udec", new BigDecimal("0.000"));
        v.put("day", LocalDate.of(1, 1, 1));
        v.put("shortDay", LocalDate.of(2020, 1, 1));
        v.put("tod", LocalTime.MIDNIGHT);
        v.put("at", Instant.ofEpochMilli(Long.MIN_VALUE));
        v.put("code", "");
        v.put("text", "");
        v.put("side", "Buy");
        v.put("quarter", "Q1");
        v.put("count", 0L);
        v.put("big32", BigInteger.valueOf(Integer.MIN_VALUE));
        v.put("bigU32", BigInteger.ZERO);
        v.put("small16", (int) Short.MIN_VALUE);
        return v;
    }

    private static Map<String, Object> maximums() {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("flag", true);
        v.put("i8", Byte.MAX_VALUE);
        v.put("i16", Short.MAX_VALUE);
        v.put("i32", Integer.MAX_VALUE);
        v.put("i64", Long.MAX_VALUE);
        v.put("u8", 255);
        v.put("u16", 65_535);
        v.put("u32", 4_294_967_295L);
        v.put("small", 5);
        v.put("wide", 1_000_000_000_000L);
        v.put("full", Long.MAX_VALUE);
        v.put("f32", Float.intBitsToFloat(0x7FC0_1234));
        v.put("f64", Double.longBitsToDouble(0x7FF8_0000_0000_ABCDL));
        v.put("dec", new BigDecimal("9999999999999.99"));
        v.put("udec", new BigDecimal("99.999"));
        v.put("day", LocalDate.of(9999, 12, 31));
        v.put("shortDay", LocalDate.of(2020, 12, 31));
        v.put("tod", LocalTime.of(23, 59, 59, 999_000_000));
        v.put("at", Instant.ofEpochMilli(Long.MAX_VALUE));
        v.put("code", "ZZZ");
        v.put("text", "~~~~~~~~~~~~");
        v.put("side", "Hold");
        v.put("quarter", "Q4");
        v.put("count", 1000L);
        v.put("big32", BigInteger.valueOf(Integer.MAX_VALUE));
        v.put("bigU32", BigInteger.valueOf(4_294_967_295L));
        v.put("small16", (int) Short.MAX_VALUE);
        return v;
    }

    private static Map<String, Object> typical() {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("flag", true);
        v.put("i8", (byte) -3);
        v.put("i16", (short) 1234);
        v.put("i32", -123_456_789);
        v.put("i64", 1L << 40);
        v.put("u8", 200);
        v.put("u16", 40_000);
        v.put("u32", 3_000_000_000L);
        v.put("small", 0);
        v.put("wide", -42L);
        v.put("full", -1L);
        v.put("f32", -0.0f);
        v.put("f64", Math.PI);
        v.put("dec", new BigDecimal("-1.5"));
        v.put("udec", new BigDecimal("1.2500"));
        v.put("day", LocalDate.of(1969, 12, 31));
        v.put("shortDay", LocalDate.of(2020, 2, 29));
        v.put("tod", LocalTime.of(12, 34, 56, 789_000_000));
        v.put("at", Instant.parse("2014-07-21T10:15:30.123Z"));
        v.put("code", "EU");
        v.put("text", " hello, \"x\"\\");
        v.put("side", "Sell");
        v.put("quarter", "Q3");
        v.put("count", 999L);
        v.put("big32", BigInteger.valueOf(-7));
        v.put("bigU32", BigInteger.valueOf(2_147_483_648L));
        v.put("small16", -1);
        return v;
    }

    /** The values as the setters take them: enum names become constants. */
    private static Map<String, Object> beanValues(Map<String, Object> values) {
        Map<String, Object> result = new LinkedHashMap<>(values);
        result.put("side", generated.enumConstant(PACKAGE + ".Side", (String) values.get("side")));
        result.put("quarter", generated.enumConstant(PACKAGE + ".Quarter", (String) values.get("quarter")));
        return result;
    }

    private static Object get(Object target, String field) {
        String capitalized = Character.toUpperCase(field.charAt(0)) + field.substring(1);
        boolean isGetter = field.equals("flag") && target.getClass().getSimpleName().startsWith("Required");
        return Generated.call(target, (isGetter ? "is" : "get") + capitalized);
    }

    private static void assertSameValue(String field, Object actual, Object expected) {
        if (expected instanceof BigDecimal decimal) {
            assertThat((BigDecimal) actual).as(field).isEqualByComparingTo(decimal);
        } else if (expected instanceof Float f) {
            assertThat(Float.floatToRawIntBits((Float) actual)).as(field).isEqualTo(Float.floatToRawIntBits(f));
        } else if (expected instanceof Double d) {
            assertThat(Double.doubleToRawLongBits((Double) actual)).as(field).isEqualTo(Double.doubleToRawLongBits(d));
        } else if (expected instanceof String && actual instanceof Enum<?> constant) {
            assertThat(constant.name()).as(field).isEqualTo(expected);
        } else {
            assertThat(actual).as(field).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @MethodSource("values")
    void requiredFieldsRoundTrip(Map<String, Object> values) {
        Object bean = generated.bean(REQUIRED, beanValues(values));
        Object sdo = generated.of(REQUIRED, bean);

        values.forEach((field, value) -> assertSameValue(field, get(sdo, field), value));
        assertThat(Generated.call(sdo, "toBean")).isEqualTo(bean);
        assertThat(Generated.call(sdo, "toString")).isEqualTo(Generated.call(bean, "toString").toString()
                .replace("udec=" + values.get("udec"), "udec=" + ((BigDecimal) values.get("udec")).setScale(3))
                .replace("dec=" + values.get("dec"), "dec=" + ((BigDecimal) values.get("dec")).setScale(2)));
    }

    @ParameterizedTest
    @MethodSource("values")
    void presentOptionalFieldsRoundTrip(Map<String, Object> values) {
        Object bean = generated.bean(OPTIONAL, beanValues(values));
        Object sdo = generated.of(OPTIONAL, bean);

        values.forEach((field, value) -> {
            assertSameValue(field, get(sdo, field), value);
            assertThat(Generated.call(sdo, "has" + Character.toUpperCase(field.charAt(0)) + field.substring(1)))
                    .as(field).isEqualTo(true);
        });
        assertThat(Generated.call(sdo, "toBean")).isEqualTo(bean);
    }

    @Test
    void absentOptionalFieldsReadAsNullAndTakeOnlyZeroBits() {
        Object bean = generated.bean(OPTIONAL, Map.of());
        Object sdo = generated.of(OPTIONAL, bean);

        for (String field : typical().keySet()) {
            String capitalized = Character.toUpperCase(field.charAt(0)) + field.substring(1);
            assertThat(Generated.call(sdo, "get" + capitalized)).as(field).isNull();
            assertThat(Generated.call(sdo, "has" + capitalized)).as(field).isEqualTo(false);
        }
        assertThat((byte[]) Generated.call(sdo, "toByteArray")).containsOnly(0);
        assertThat(Generated.call(sdo, "toBean")).isEqualTo(bean);
        assertThat(sdo.toString()).startsWith("Optional{flag=null, i8=null, ");
    }

    @Test
    void allocationFreeGettersOfAbsentFieldsReturnZero() {
        Object sdo = generated.of(OPTIONAL, generated.bean(OPTIONAL, Map.of()));

        assertThat(Generated.call(sdo, "getDecUnscaled")).isEqualTo(0L);
        assertThat(Generated.call(sdo, "getUdecUnscaled")).isEqualTo(0L);
        assertThat(Generated.call(sdo, "getDayEpochDay")).isEqualTo(0);
        assertThat(Generated.call(sdo, "getShortDayEpochDay")).isEqualTo(0);
    }

    @Test
    void allocationFreeGettersOfPresentFieldsReturnTheUnscaledValueAndTheEpochDay() {
        for (String record : List.of(REQUIRED, OPTIONAL)) {
            Object sdo = generated.of(record, generated.bean(record, beanValues(typical())));

            assertThat(Generated.call(sdo, "getDecUnscaled")).as(record).isEqualTo(-150L);
            assertThat(Generated.call(sdo, "getUdecUnscaled")).as(record).isEqualTo(1250L);
            assertThat(Generated.call(sdo, "getDayEpochDay")).as(record).isEqualTo(-1);
            assertThat(Generated.call(sdo, "getShortDayEpochDay")).as(record)
                    .isEqualTo((int) LocalDate.of(2020, 2, 29).toEpochDay());
        }
    }

    @Test
    void gettersHaveTheJavaTypesOfTheSpecTable() throws NoSuchMethodException {
        Class<?> required = generated.type(REQUIRED);
        Map<String, Class<?>> expected = new LinkedHashMap<>();
        expected.put("isFlag", boolean.class);
        expected.put("getI8", byte.class);
        expected.put("getI16", short.class);
        expected.put("getI32", int.class);
        expected.put("getI64", long.class);
        expected.put("getU8", int.class);
        expected.put("getU16", int.class);
        expected.put("getU32", long.class);
        expected.put("getSmall", int.class);
        expected.put("getWide", long.class);
        expected.put("getF32", float.class);
        expected.put("getF64", double.class);
        expected.put("getDec", BigDecimal.class);
        expected.put("getDay", LocalDate.class);
        expected.put("getTod", LocalTime.class);
        expected.put("getAt", Instant.class);
        expected.put("getCode", String.class);
        expected.put("getCount", long.class);
        expected.put("getBig32", BigInteger.class);
        expected.put("getSmall16", int.class);
        for (Map.Entry<String, Class<?>> getter : expected.entrySet()) {
            assertThat(required.getMethod(getter.getKey()).getReturnType()).as(getter.getKey())
                    .isEqualTo(getter.getValue());
        }
        Class<?> optional = generated.type(OPTIONAL);
        assertThat(optional.getMethod("getFlag").getReturnType()).isEqualTo(Boolean.class);
        assertThat(optional.getMethod("getI8").getReturnType()).isEqualTo(Byte.class);
        assertThat(optional.getMethod("getU32").getReturnType()).isEqualTo(Long.class);
        assertThat(optional.getMethod("getF32").getReturnType()).isEqualTo(Float.class);
        assertThat(optional.getMethod("hasFlag").getReturnType()).isEqualTo(boolean.class);
    }
}
