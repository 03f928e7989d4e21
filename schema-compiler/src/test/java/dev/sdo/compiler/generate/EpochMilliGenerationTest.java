package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.testing.PropertyRunner;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code getXEpochMilli()} of timestamp fields, compiled and run: the instant's milliseconds, negative ones too,
 * without making the {@code Instant}; 0 for an absent optional field, the default's for a field left at it.
 */
class EpochMilliGenerationTest {
    private static final String SCHEMA = """
            package test.millis;

            record Tick {
                at:      timestamp;
                seen:    timestamp optional;
                since:   timestamp = "2014-07-21T09:30:00Z";
            }
            """;
    private static Generated generated;

    @BeforeAll
    static void compile() {
        generated = Generated.compile(Map.of("millis.sdo", SCHEMA));
    }

    @Test
    void theMillisecondsAreTheInstantsOwn() {
        PropertyRunner.forAll(200, draw -> {
            long millis = draw.bool() ? draw.longs(-62_135_596_800_000L, 253_402_300_799_999L) : draw.longs(-5, 5);
            Object sdo = generated.of("test.millis.Tick", bean(Instant.ofEpochMilli(millis)));

            assertThat(Generated.call(sdo, "getAtEpochMilli")).isEqualTo(millis);
            assertThat(Generated.call(sdo, "getAt")).isEqualTo(Instant.ofEpochMilli(millis));
        });
    }

    @Test
    void anAbsentFieldReadsZeroAndADefaultItsDefault() {
        Object sdo = generated.of("test.millis.Tick", bean(Instant.EPOCH));

        assertThat(Generated.call(sdo, "hasSeen")).isEqualTo(false);
        assertThat(Generated.call(sdo, "getSeenEpochMilli")).isEqualTo(0L);
        assertThat(Generated.call(sdo, "getSinceEpochMilli"))
                .isEqualTo(Instant.parse("2014-07-21T09:30:00Z").toEpochMilli());
    }

    private static Object bean(Instant at) {
        Map<String, Object> values = new HashMap<>();
        values.put("at", at);
        return generated.bean("test.millis.Tick", values);
    }
}
