package dev.sdo.compiler.generate;

import static dev.sdo.compiler.generate.TestSchemas.bool;
import static dev.sdo.compiler.generate.TestSchemas.field;
import static dev.sdo.compiler.generate.TestSchemas.float32;
import static dev.sdo.compiler.generate.TestSchemas.float64;
import static dev.sdo.compiler.generate.TestSchemas.integer;
import static dev.sdo.compiler.generate.TestSchemas.range;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.IntegerKind;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Fields of every width at the start, middle and end of records of 1 to 10 bytes, read back from records that end
 * exactly at the end of their buffer (a load outside the record would throw), with all-ones neighbours so that a
 * missing mask shows.
 */
class WindowLoadGenerationTest {
    private static final String PACKAGE = "test.windows";
    private static final int[] PADS = {0, 3, 7};
    private static final int[] WIDTHS = {1, 5, 8, 12, 16, 20, 25, 31, 32, 33, 40, 48, 53, 57, 60, 63};
    private static final Map<String, IntegerKind> SIGNED = Map.of("int8", IntegerKind.INT8, "int16",
            IntegerKind.INT16, "int32", IntegerKind.INT32, "int64", IntegerKind.INT64);

    private static final Map<String, Long> WIDTH_OF = new LinkedHashMap<>();
    private static Generated generated;

    private static String name(int pad, String type, boolean tail) {
        return "R" + pad + "_" + type + (tail ? "_tail" : "");
    }

    @BeforeAll
    static void compile() {
        TestSchemas schemas = new TestSchemas(PACKAGE);
        for (int pad : PADS) {
            for (boolean tail : new boolean[] {false, true}) {
                for (int width : WIDTHS) {
                    add(schemas, pad, "u" + width, range(0, (1L << width) - 1), tail);
                }
                for (Map.Entry<String, IntegerKind> signed : SIGNED.entrySet()) {
                    add(schemas, pad, signed.getKey(), integer(signed.getValue()), tail);
                }
                add(schemas, pad, "float32", float32(), tail);
                add(schemas, pad, "float64", float64(), tail);
            }
        }
        generated = Generated.compile(schemas);
    }

    private static void add(TestSchemas schemas, int pad, String type, FieldType valueType, boolean tail) {
        List<Field> fields = new ArrayList<>();
        if (pad > 0) {
            fields.add(field("pad", range(0, (1L << pad) - 1)));
        }
        fields.add(field("value", valueType));
        if (tail) {
            fields.add(field("tail", bool()));
        }
        schemas.record(name(pad, type, tail), fields.toArray(Field[]::new));
    }

    /** Encodes, copies into a buffer that ends where the record ends, and reads the value back. */
    private static Object roundTrip(String record, int pad, Object value, boolean tail) {
        Map<String, Object> values = new LinkedHashMap<>();
        if (pad > 0) {
            values.put("pad", (1 << pad) - 1);
        }
        values.put("value", value);
        if (tail) {
            values.put("tail", true);
        }
        String qualified = PACKAGE + "." + record;
        Object sdo = generated.of(qualified, generated.bean(qualified, values));
        byte[] bytes = (byte[]) Generated.call(sdo, "toByteArray");
        ByteBuffer exact = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
        Object view = generated.wrap(qualified, exact, 0);
        if (pad > 0) {
            assertThat(Generated.call(view, "getPad")).as(record + " pad").isEqualTo((1 << pad) - 1);
        }
        if (tail) {
            assertThat(Generated.call(view, "isTail")).as(record + " tail").isEqualTo(true);
        }
        return Generated.call(view, "getValue");
    }

    @Test
    void unsignedFieldsOfEveryWidthReadBackExactly() {
        for (int pad : PADS) {
            for (boolean tail : new boolean[] {false, true}) {
                for (int width : WIDTHS) {
                    String record = name(pad, "u" + width, tail);
                    long max = (1L << width) - 1;
                    for (long value : new long[] {0, max, 0x5A5A_5A5A_5A5A_5A5AL & max, 1L << (width - 1)}) {
                        Object boxed = width <= 31 ? (Object) (int) value : (Object) value;
                        assertThat(roundTrip(record, pad, boxed, tail)).as(record + " " + value).isEqualTo(boxed);
                    }
                }
            }
        }
    }

    @Test
    void signedAndFloatingPointFieldsReadBackExactly() {
        for (int pad : PADS) {
            for (boolean tail : new boolean[] {false, true}) {
                check(pad, tail, "int8", Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) -1, (byte) 0x5A);
                check(pad, tail, "int16", Short.MIN_VALUE, Short.MAX_VALUE, (short) -1, (short) 0x5A5A);
                check(pad, tail, "int32", Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0x5A5A_5A5A);
                check(pad, tail, "int64", Long.MIN_VALUE, Long.MAX_VALUE, -1L, 0x5A5A_5A5A_5A5A_5A5AL);
                check(pad, tail, "float32", -0.0f, Float.MAX_VALUE, Float.intBitsToFloat(0xFFC0_0001),
                        Float.MIN_VALUE);
                check(pad, tail, "float64", -0.0, Double.MAX_VALUE, Double.longBitsToDouble(0xFFF8_0000_0000_0001L),
                        Double.MIN_VALUE);
            }
        }
    }

    private static void check(int pad, boolean tail, String type, Object... values) {
        String record = name(pad, type, tail);
        for (Object value : values) {
            Object read = roundTrip(record, pad, value, tail);
            if (value instanceof Float f) {
                assertThat(Float.floatToRawIntBits((Float) read)).as(record).isEqualTo(Float.floatToRawIntBits(f));
            } else if (value instanceof Double d) {
                assertThat(Double.doubleToRawLongBits((Double) read)).as(record)
                        .isEqualTo(Double.doubleToRawLongBits(d));
            } else {
                assertThat(read).as(record + " " + value).isEqualTo(value);
            }
        }
    }

    @Test
    void recordsUnderEightBytesUseNoLongLoads() {
        String source = generated.source(PACKAGE + "." + name(3, "u40", true) + "Sdo");
        // 3 + 40 + 1 bits: 6 bytes; the value spans bytes 0..5.
        assertThat(generated.bytes(PACKAGE + "." + name(3, "u40", true))).isEqualTo(6);
        assertThat(source).doesNotContain("getLong(").contains("getInt(").contains("getShort(");
    }

    @Test
    void aValueSpanningNineBytesTakesALongAndAByteLoad() {
        String source = generated.source(PACKAGE + "." + name(3, "int64", false) + "Sdo");
        assertThat(source).contains("BitFields.getLong(buffer, offset + VALUE_INDEX)")
                .contains("BitFields.getByte(buffer, offset + VALUE_HIGH_INDEX)");
    }
}
