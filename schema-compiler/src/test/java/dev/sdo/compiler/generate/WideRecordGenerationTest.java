package dev.sdo.compiler.generate;

import static dev.sdo.compiler.generate.TestSchemas.field;
import static dev.sdo.compiler.generate.TestSchemas.integer;
import static dev.sdo.compiler.generate.TestSchemas.optional;
import static dev.sdo.compiler.generate.TestSchemas.udecimal;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.IntegerKind;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A record of a thousand fields: javac must neither overflow its stack nor exceed the JVM's method size. */
class WideRecordGenerationTest {
    private static final int FIELDS = 1000;

    @Test
    void aThousandFieldsCompileAndRoundTrip() {
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < FIELDS; i++) {
            fields.add(i % 2 == 0 ? optional("f" + i, udecimal(9, 2)) : field("f" + i, integer(IntegerKind.UINT32)));
        }
        TestSchemas schemas = new TestSchemas("wide");
        schemas.record("Wide", fields.toArray(Field[]::new));
        Generated generated = Generated.compile(schemas);

        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < FIELDS; i++) {
            values.put("f" + i, i % 2 == 0 ? (i % 4 == 0 ? new BigDecimal(i + ".25") : null) : (Object) (long) i);
        }
        Object bean = generated.bean("wide.Wide", values);
        Object sdo = generated.of("wide.Wide", bean);

        assertThat(Generated.call(sdo, "toBean")).isEqualTo(bean);
        assertThat(Generated.call(sdo, "getF999")).isEqualTo(999L);
        assertThat(Generated.call(sdo, "getF996")).isEqualTo(new BigDecimal("996.25"));
        assertThat(Generated.call(sdo, "getF998")).isNull();
        assertThat(sdo.toString()).startsWith("Wide{f0=0.25, f1=1, f2=null, f3=3, ").endsWith(", f999=999}");
        assertThat(sdo).hasToString(bean.toString());
    }
}
