package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Field defaults, compiled and run: a new bean holds them, a default costs its presence bit and nothing else (no
 * value bits read, no data stored), null stands for the default, and any other value round-trips.
 */
class DefaultValueGenerationTest {
    private static final String SCHEMA = """
            package test.defaults;

            enum Side { Buy, Sell }

            /** Fixed width: encoded a word at a time. */
            record Fixed {
                count:  int(0..100) = 5;
                flag:   bool = true;
                side:   Side = Sell;
                price:  decimal(8, 2) = "1.50";
                day:    date(2000-01-01..2099-12-31) = "2020-02-29";
                code:   char(3, "A-Z") = "EUR";
                ratio:  float64 = 2;
            }

            /** Found by the random-schema property test: big integers and enums left null. */
            record Edges {
                big:  int64 as BigInteger = -111163259906950159;
                tiny: int8 as java.math.BigInteger = -126;
                side: Side = Sell;
            }

            /** Variable size: a string default stores no bytes. */
            record Attr {
                id:     uint8;
                scheme: string = "http://www.fpml.org/coding-scheme/business-center";
                value:  string;
            }
            """;
    private static Generated generated;

    @BeforeAll
    static void compile() {
        generated = Generated.compile(Map.of("defaults.sdo", SCHEMA));
    }

    @Test
    void aNewBeanHoldsTheDefaultsAndEncodesThemAsPresenceBitsOnly() {
        Object bean = generated.bean("test.defaults.Fixed", Map.of());
        assertThat(Generated.call(bean, "getCount")).isEqualTo(5);
        assertThat(Generated.call(bean, "getPrice")).isEqualTo(new BigDecimal("1.50"));
        Object sdo = generated.of("test.defaults.Fixed", bean);
        // Every field has its default: every presence bit is 0, and so is every value bit.
        assertThat((byte[]) Generated.call(sdo, "toByteArray")).containsOnly(0);
        assertThat(Generated.call(sdo, "getCount")).isEqualTo(5);
        assertThat(Generated.call(sdo, "isFlag")).isEqualTo(true);
        assertThat(Generated.call(sdo, "getSide")).isEqualTo(generated.enumConstant("test.defaults.Side", "Sell"));
        assertThat(Generated.call(sdo, "getPrice")).isEqualTo(new BigDecimal("1.50"));
        assertThat(Generated.call(sdo, "getPriceUnscaled")).isEqualTo(150L);
        assertThat(Generated.call(sdo, "getDay")).isEqualTo(LocalDate.of(2020, 2, 29));
        assertThat(Generated.call(sdo, "getDayEpochDay")).isEqualTo((int) LocalDate.of(2020, 2, 29).toEpochDay());
        assertThat(Generated.call(sdo, "getCode")).isEqualTo("EUR");
        assertThat(Generated.call(sdo, "getRatio")).isEqualTo(2.0);
        assertThat(Generated.call(sdo, "toBean")).isEqualTo(bean);
    }

    @Test
    void otherValuesAreStoredAndReadBack() {
        Map<String, Object> values = new HashMap<>();
        values.put("count", 0);
        values.put("flag", false);
        values.put("side", generated.enumConstant("test.defaults.Side", "Buy"));
        values.put("price", new BigDecimal("-2.00"));
        values.put("day", LocalDate.of(2099, 12, 31));
        values.put("code", "USD");
        values.put("ratio", -0.5);
        Object bean = generated.bean("test.defaults.Fixed", values);
        Object sdo = generated.of("test.defaults.Fixed", bean);
        assertThat(Generated.call(sdo, "toBean")).isEqualTo(bean);
        assertThat(Generated.call(sdo, "getPriceUnscaled")).isEqualTo(-200L);
        // A decimal equal to its default by value (1.5 is 1.50) stores nothing either.
        generated.set(bean, "price", new BigDecimal("1.5"));
        Object again = generated.of("test.defaults.Fixed", bean);
        assertThat(Generated.call(again, "getPrice")).isEqualTo(new BigDecimal("1.50"));
    }

    @Test
    void aBigIntegerDefaultCompilesAndANullEnumIsItsDefault() {
        Map<String, Object> values = new HashMap<>();
        values.put("big", null);
        values.put("tiny", null);
        values.put("side", null);
        Object sdo = generated.of("test.defaults.Edges", generated.bean("test.defaults.Edges", values));
        // null stands for the default: presence bits 0, value bits 0
        assertThat((byte[]) Generated.call(sdo, "toByteArray")).containsOnly(0);
        assertThat(Generated.call(sdo, "getBig")).isEqualTo(java.math.BigInteger.valueOf(-111163259906950159L));
        assertThat(Generated.call(sdo, "getTiny")).isEqualTo(java.math.BigInteger.valueOf(-126));
        assertThat(Generated.call(sdo, "getSide")).isEqualTo(generated.enumConstant("test.defaults.Side", "Sell"));
        Object fresh = generated.of("test.defaults.Edges", generated.bean("test.defaults.Edges", Map.of()));
        assertThat(Generated.call(fresh, "getBig")).isEqualTo(java.math.BigInteger.valueOf(-111163259906950159L));
    }

    @Test
    void aStringWithItsDefaultCostsNoBytesAndNullIsTheDefault() {
        String scheme = "http://www.fpml.org/coding-scheme/business-center";
        int fixed = generated.bytes("test.defaults.Attr");
        Object withDefault = generated.of("test.defaults.Attr", generated.bean("test.defaults.Attr",
                Map.of("id", 1, "scheme", scheme, "value", "GBLO")));
        assertThat(Generated.call(withDefault, "byteSize")).isEqualTo(fixed + 4);
        assertThat(Generated.call(withDefault, "getScheme")).isEqualTo(scheme);
        Map<String, Object> values = new HashMap<>(Map.of("id", 1, "value", "GBLO"));
        values.put("scheme", null);
        Object withNull = generated.of("test.defaults.Attr", generated.bean("test.defaults.Attr", values));
        assertThat(Generated.call(withNull, "toByteArray")).isEqualTo(Generated.call(withDefault, "toByteArray"));
        Object other = generated.of("test.defaults.Attr", generated.bean("test.defaults.Attr",
                Map.of("id", 1, "scheme", "x", "value", "GBLO")));
        assertThat(Generated.call(other, "byteSize")).isEqualTo(fixed + 5);
        assertThat(Generated.call(other, "getScheme")).isEqualTo("x");
        assertThat(Generated.call(other, "getValue")).isEqualTo("GBLO");
    }
}
