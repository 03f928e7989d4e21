package dev.sdo.compiler.generate;

import static dev.sdo.compiler.generate.TestSchemas.bool;
import static dev.sdo.compiler.generate.TestSchemas.chars;
import static dev.sdo.compiler.generate.TestSchemas.field;
import static dev.sdo.compiler.generate.TestSchemas.integer;
import static dev.sdo.compiler.generate.TestSchemas.optional;
import static dev.sdo.compiler.generate.TestSchemas.range;
import static dev.sdo.compiler.generate.TestSchemas.recordRef;
import static dev.sdo.compiler.generate.TestSchemas.upperCase;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.model.IntegerKind;
import dev.sdo.runtime.BitFields;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Records inside records, laid out inline: at a byte boundary (read as a view), off it (read as a copy), optional,
 * two levels deep, and from another package.
 */
class NestedRecordGenerationTest {
    private static final String INNER = "test.common.Inner";
    private static final String OUTER = "test.nested.Outer";
    private static final String DEEP = "test.nested.Deep";

    private static Generated generated;

    @BeforeAll
    static void compile() {
        TestSchemas common = new TestSchemas("test.common");
        // 3 + 10 = 13 bits: two bytes, the top three bits of the second unused.
        common.record("Inner", field("level", range(0, 6)), field("code", chars(2, upperCase())));
        TestSchemas nested = new TestSchemas("test.nested");
        nested.record("Outer",
                field("flag", bool()),                               // bit 0
                field("unaligned", recordRef(common.name("Inner"))), // bits 1..13
                field("pad", range(0, 3)),                           // bits 14..15
                field("aligned", recordRef(common.name("Inner"))),   // bits 16..28, bytes 2..3
                optional("maybe", recordRef(common.name("Inner"))),  // presence 29, bits 30..42
                field("tail", integer(IntegerKind.UINT8)));          // bits 43..50
        nested.record("Deep", field("first", bool()), field("outer", recordRef(nested.name("Outer"))));
        generated = Generated.compile(nested.including(common));
    }

    private static Object inner(int level, String code) {
        return generated.bean(INNER, Map.of("level", level, "code", code));
    }

    private static Object outerBean(Object maybe) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("flag", true);
        values.put("unaligned", inner(6, "ZZ"));
        values.put("pad", 3);
        values.put("aligned", inner(5, "AB"));
        values.put("maybe", maybe);
        values.put("tail", 255);
        return generated.bean(OUTER, values);
    }

    @Test
    void nestedRecordsAreInlineAtTheirBitOffsets() {
        Object outer = generated.of(OUTER, outerBean(inner(1, "C")));
        ByteBuffer bytes = ByteBuffer.wrap((byte[]) Generated.call(outer, "toByteArray"));

        assertThat(generated.bytes(OUTER)).isEqualTo(7);
        assertThat(BitFields.read(bytes, 0, 1, 3)).isEqualTo(6);
        assertThat(BitFields.read(bytes, 0, 4, 10)).isEqualTo(26 | 26 << 5);
        assertThat(BitFields.read(bytes, 0, 16, 3)).isEqualTo(5);
        assertThat(BitFields.read(bytes, 0, 19, 10)).isEqualTo(1 | 2 << 5);
        assertThat(BitFields.read(bytes, 0, 29, 1)).isEqualTo(1);
        assertThat(BitFields.read(bytes, 0, 30, 3)).isEqualTo(1);
        assertThat(BitFields.read(bytes, 0, 33, 10)).isEqualTo(3);
        assertThat(BitFields.read(bytes, 0, 43, 8)).isEqualTo(255);
    }

    @Test
    void nestedGettersReturnSdosEqualToTheEncodedInnerRecords() {
        Object outer = generated.of(OUTER, outerBean(inner(1, "C")));

        assertThat(Generated.call(outer, "getUnaligned")).isEqualTo(generated.of(INNER, inner(6, "ZZ")));
        assertThat(Generated.call(outer, "getAligned")).isEqualTo(generated.of(INNER, inner(5, "AB")));
        assertThat(Generated.call(outer, "getMaybe")).isEqualTo(generated.of(INNER, inner(1, "C")));
        assertThat(Generated.call(outer, "getAligned").hashCode())
                .isEqualTo(generated.of(INNER, inner(5, "AB")).hashCode());
        assertThat(Generated.call(outer, "getTail")).isEqualTo(255);
    }

    @Test
    void anAlignedNestedRecordIsAViewAndItsBytesExcludeTheEnclosingRecordsBits() {
        Object outer = generated.of(OUTER, outerBean(inner(1, "C")));
        Object aligned = Generated.call(outer, "getAligned");

        // Byte 3 of Outer holds the aligned record's top five bits and three bits of "maybe".
        byte[] alignedBytes = (byte[]) Generated.call(aligned, "toByteArray");
        assertThat(alignedBytes).containsExactly((byte[]) Generated.call(generated.of(INNER, inner(5, "AB")),
                "toByteArray"));
        assertThat(alignedBytes[1] & 0xE0).isZero();
        assertThat(generated.source(OUTER + "Sdo")).contains("InnerSdo.wrap(buffer, offset + ALIGNED_INDEX)")
                .contains("InnerSdo.copyOf(buffer, offset, UNALIGNED_OFFSET)");
    }

    @Test
    void anAbsentNestedRecordIsNullAndAllZeroBits() {
        Object outer = generated.of(OUTER, outerBean(null));
        ByteBuffer bytes = ByteBuffer.wrap((byte[]) Generated.call(outer, "toByteArray"));

        assertThat(Generated.call(outer, "getMaybe")).isNull();
        assertThat(Generated.call(outer, "hasMaybe")).isEqualTo(false);
        assertThat(BitFields.read(bytes, 0, 29, 14)).isZero();
        assertThat(Generated.call(outer, "toBean")).isEqualTo(outerBean(null));
    }

    @Test
    void toBeanTurnsNestedRecordsIntoBeans() {
        Object bean = outerBean(inner(1, "C"));
        Object copy = Generated.call(generated.of(OUTER, bean), "toBean");

        assertThat(copy).isEqualTo(bean);
        assertThat(Generated.call(copy, "getAligned").getClass().getSimpleName()).isEqualTo("InnerBean");
    }

    @Test
    void recordsNestTwoLevelsDeep() {
        Object deep = generated.bean(DEEP, Map.of("first", true, "outer", outerBean(inner(0, ""))));
        Object sdo = generated.of(DEEP, deep);

        assertThat(generated.bytes(DEEP)).isEqualTo(7);
        assertThat(Generated.call(sdo, "toBean")).isEqualTo(deep);
        Object outer = Generated.call(sdo, "getOuter");
        assertThat(Generated.call(Generated.call(outer, "getAligned"), "getCode")).isEqualTo("AB");
        assertThat(sdo).hasToString("Deep{first=true, outer=Outer{flag=true, unaligned=Inner{level=6, code=ZZ}, "
                + "pad=3, aligned=Inner{level=5, code=AB}, maybe=Inner{level=0, code=}, tail=255}}");
    }

    @Test
    void aNestedSdoEncodesLikeABean() {
        Object fromBean = generated.of(OUTER, outerBean(inner(1, "C")));
        Object fromSdo = generated.of(OUTER, fromBean);

        assertThat(fromSdo).isEqualTo(fromBean);
        assertThat((byte[]) Generated.call(fromSdo, "toByteArray"))
                .containsExactly((byte[]) Generated.call(fromBean, "toByteArray"));
    }
}
