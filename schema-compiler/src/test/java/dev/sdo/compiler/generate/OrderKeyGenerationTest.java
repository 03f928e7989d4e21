package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.testing.PropertyRunner;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code getXOrderKey()} of {@code char(n)} fields, compiled and run: keys compare as the strings do, whatever the
 * order an alphabet is written in; an absent optional field's key is 0 (the empty string's), a default's is its
 * default's; a field too wide for a long key has none.
 */
class OrderKeyGenerationTest {
    private static final String SCHEMA = """
            package test.keys;

            record Keys {
                ccy:      char(3, "A-Z");
                code:     char(4, "ZYX0-3");
                maybe:    char(2, "A-C") optional;
                fallback: char(3, "A-Z") = "EUR";
                note:     char(10);
            }
            """;
    private static Generated generated;

    @BeforeAll
    static void compile() {
        generated = Generated.compile(Map.of("keys.sdo", SCHEMA));
    }

    @Test
    void keysCompareAsTheStringsDo() {
        PropertyRunner.forAll(300, draw -> {
            Object a = generated.of("test.keys.Keys", bean(draw.string("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 0, 3),
                    draw.string("ZYX0123", 0, 4)));
            Object b = generated.of("test.keys.Keys", bean(draw.string("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 0, 3),
                    draw.string("ZYX0123", 0, 4)));
            for (String field : new String[] {"Ccy", "Code"}) {
                String stringA = (String) Generated.call(a, "get" + field);
                String stringB = (String) Generated.call(b, "get" + field);
                long keyA = (Long) Generated.call(a, "get" + field + "OrderKey");
                long keyB = (Long) Generated.call(b, "get" + field + "OrderKey");
                assertThat(Integer.signum(Long.compare(keyA, keyB))).as("%s vs %s", stringA, stringB)
                        .isEqualTo(Integer.signum(stringA.compareTo(stringB)));
            }
        });
    }

    @Test
    void anAbsentFieldsKeyIsTheEmptyStringsAndADefaultsIsItsDefaults() {
        Object absent = generated.of("test.keys.Keys", bean("EUR", "Z0"));
        Map<String, Object> values = values("EUR", "Z0");
        values.put("maybe", "");
        Object empty = generated.of("test.keys.Keys", generated.bean("test.keys.Keys", values));
        values.put("fallback", "EUR");
        Object explicit = generated.of("test.keys.Keys", generated.bean("test.keys.Keys", values));

        assertThat(Generated.call(absent, "hasMaybe")).isEqualTo(false);
        assertThat(Generated.call(absent, "getMaybeOrderKey")).isEqualTo(0L);
        assertThat(Generated.call(empty, "getMaybeOrderKey")).isEqualTo(0L);
        assertThat(Generated.call(absent, "getFallbackOrderKey"))
                .isEqualTo(Generated.call(explicit, "getFallbackOrderKey"))
                .isEqualTo(Generated.call(absent, "getCcyOrderKey"));
    }

    @Test
    void aFieldTooWideForALongKeyHasNone() {
        Object sdo = generated.of("test.keys.Keys", bean("EUR", "Z0"));
        assertThat(java.util.Arrays.stream(sdo.getClass().getMethods()).map(java.lang.reflect.Method::getName))
                .contains("getCcyOrderKey", "getCodeOrderKey", "getMaybeOrderKey", "getFallbackOrderKey")
                .doesNotContain("getNoteOrderKey");
    }

    private static Object bean(String ccy, String code) {
        return generated.bean("test.keys.Keys", values(ccy, code));
    }

    private static Map<String, Object> values(String ccy, String code) {
        Map<String, Object> values = new HashMap<>();
        values.put("ccy", ccy);
        values.put("code", code);
        values.put("note", "free text");
        return values;
    }
}
