package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.model.IntegerKind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Field names that meet the names generated code uses itself: parameters and locals, and constants derived from
 * other fields' names.
 */
class NameClashGenerationTest {
    private static final List<String> NAMES = List.of("buffer", "offset", "source", "base", "bitOffset", "bean",
            "copy", "bytes", "other", "that", "in", "out", "destination", "destinationOffset", "ordinal", "field");

    @Test
    void fieldsNamedLikeTheGeneratedCodesOwnVariablesWork() {
        StringBuilder schema = new StringBuilder("package clash;\nrecord Names {\n");
        for (int i = 0; i < NAMES.size(); i++) {
            // Alternate required and optional, and use types whose code declares locals.
            schema.append("    ").append(NAMES.get(i)).append(": ").append(i % 2 == 0 ? "char(2)" : "int(1..9) optional")
                    .append(";\n");
        }
        schema.append("}\n");
        Generated generated = Generated.compile(Map.of("clash.sdo", schema.toString()));

        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < NAMES.size(); i++) {
            values.put(NAMES.get(i), i % 2 == 0 ? "v" + (i % 10) : (Object) (i % 9 + 1));
        }
        Object bean = generated.bean("clash.Names", values);
        Object sdo = generated.of("clash.Names", bean);

        assertThat(Generated.call(sdo, "toBean")).isEqualTo(bean);
        Map<String, Object> other = new LinkedHashMap<>(values);
        other.put("that", 2);
        assertThat(generated.bean("clash.Names", other)).isNotEqualTo(bean);
        other = new LinkedHashMap<>(values);
        other.put("other", "zz");
        assertThat(generated.bean("clash.Names", other)).isNotEqualTo(bean);
        for (String name : NAMES) {
            assertThat(Generated.call(sdo, "get" + Character.toUpperCase(name.charAt(0)) + name.substring(1)))
                    .as(name).isEqualTo(values.get(name));
        }
    }

    @Test
    void constantsThatTwoFieldsNamesWouldShareGetDistinctNames() {
        Generated generated = Generated.compile(Map.of("clash.sdo", """
                package clash;
                record Constants {
                    pad: bool;
                    a: int(0..5) optional;
                    aPresence: int(0..1000);
                    a_presence: uint16;
                }
                """));
        Object bean = generated.bean("clash.Constants", Map.of("pad", true, "a", 4, "aPresence", 999,
                "a_presence", 65_535));
        Object sdo = generated.of("clash.Constants", bean);

        assertThat(Generated.call(sdo, "toBean")).isEqualTo(bean);
        assertThat(generated.source("clash.ConstantsSdo")).contains("A_PRESENCE_MASK_2").contains("A_PRESENCE_2_INDEX");
    }

    /**
     * Built as a model, not parsed: whether the checker accepts these names is its own policy; the generator copes
     * with them either way.
     */
    @Test
    void typesNamedLikeJavaLangClassesDoNotHideThem() {
        TestSchemas schemas = new TestSchemas("lang");
        schemas.enumType("Float", "Sinks", "Floats");
        schemas.record("String", TestSchemas.field("text", TestSchemas.chars(4)),
                TestSchemas.field("ratio", TestSchemas.float32()), TestSchemas.field("scale", TestSchemas.float64()));
        schemas.record("Object", TestSchemas.field("name", TestSchemas.recordRef(schemas.name("String"))),
                TestSchemas.field("kind", TestSchemas.enumRef(schemas.name("Float"))),
                TestSchemas.field("count", TestSchemas.integer(IntegerKind.UINT32)));
        schemas.record("Override", TestSchemas.field("small", TestSchemas.range(0, 5)),
                TestSchemas.field("wide", TestSchemas.range(0, 100_000)),
                TestSchemas.field("eleven", TestSchemas.range(0, 2047)));
        schemas.record("Integer", TestSchemas.field("value", TestSchemas.integer(IntegerKind.INT8)));
        Generated generated = Generated.compile(schemas);

        Object text = generated.bean("lang.String", Map.of("text", "abc", "ratio", 1.5f, "scale", -2.25));
        Object object = generated.bean("lang.Object", Map.of("name", text,
                "kind", generated.enumConstant("lang.Float", "Floats"), "count", 7L));
        Object sdo = generated.of("lang.Object", object);

        assertThat(Generated.call(sdo, "toBean")).isEqualTo(object);
        assertThat(sdo).hasToString("Object{name=String{text=abc, ratio=1.5, scale=-2.25}, kind=Floats, count=7}");
        assertThat(generated.source("lang.StringSdo")).contains("java.lang.Float.intBitsToFloat(")
                .contains("public java.lang.String getText()");
    }

    /** Every generated type is annotated with the runtime's {@code @Generated}, also next to a record of that name. */
    @Test
    void aRecordNamedGeneratedDoesNotHideTheAnnotation() {
        TestSchemas schemas = new TestSchemas("names");
        schemas.record("Generated", TestSchemas.field("count", TestSchemas.integer(IntegerKind.UINT32)));
        schemas.record("Holder", TestSchemas.field("inner", TestSchemas.recordRef(schemas.name("Generated"))));
        Generated generated = Generated.compile(schemas);

        Object inner = generated.bean("names.Generated", Map.of("count", 3L));
        Object holder = generated.bean("names.Holder", Map.of("inner", inner));
        assertThat(Generated.call(generated.of("names.Holder", holder), "toBean")).isEqualTo(holder);
        for (String type : List.of("Generated", "GeneratedBean", "GeneratedSdo", "GeneratedBatch", "Holder",
                "HolderSdo")) {
            assertThat(generated.source("names." + type)).as(type).contains("@dev.sdo.runtime.Generated(\"sdoc\")");
        }
    }
}
