package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Time units, timestamp ranges and {@code uint64} compiled and run at the edges of each range: the object getters
 * give back what was set, the primitive accessors give the count of units since the epoch, the writer's primitive
 * setters store what {@code of} stores and refuse what it refuses with its message, and widths are the fewest bits.
 */
class TimeUnitsGenerationTest {
    private static final String SCHEMA = """
            package test.units;

            record Print {
                sent:     timestamp(ns);
                exchange: timestamp(us, 2000-01-01..2099-12-31);
                widest:   timestamp(ns, 1677-09-22..2262-04-10);
                booked:   localtimestamp(ms, 1970-01-01..1970-01-01);
                opened:   time(us);
                sequence: uint64;
                since:    timestamp(ns) = "2014-07-21T09:30:00.123456789Z";
            }
            """;
    private static final String PRINT = "test.units.Print";
    private static Generated generated;

    @BeforeAll
    static void compile() {
        generated = Generated.compile(Map.of("units.sdo", SCHEMA));
    }

    @Test
    void theRecordTakesTheFewestBits() {
        // 64 + 52 + 64 + 27 (86,400,000 ms) + 37 + 64 + (1 + 64) = 373 bits
        assertThat(generated.bytes(PRINT)).isEqualTo((373 + 7) / 8);
    }

    @Test
    void theEdgesOfEveryRangeReadBackAndCountTheirUnits() {
        Instant firstNano = Instant.ofEpochSecond(0, Long.MIN_VALUE);
        Instant lastNano = Instant.ofEpochSecond(0, Long.MAX_VALUE);
        Instant firstMicro = Instant.parse("2000-01-01T00:00:00Z");
        Instant lastMicro = Instant.parse("2099-12-31T23:59:59.999999Z");
        Instant widestFirst = Instant.parse("1677-09-22T00:00:00Z");
        Instant widestLast = Instant.parse("2262-04-10T23:59:59.999999999Z");
        LocalDateTime firstLocal = LocalDateTime.parse("1970-01-01T00:00");
        LocalDateTime lastLocal = LocalDateTime.parse("1970-01-01T23:59:59.999");
        for (boolean low : new boolean[] {true, false}) {
            Map<String, Object> values = new HashMap<>();
            values.put("sent", low ? firstNano : lastNano);
            values.put("exchange", low ? firstMicro : lastMicro);
            values.put("widest", low ? widestFirst : widestLast);
            values.put("booked", low ? firstLocal : lastLocal);
            values.put("opened", low ? LocalTime.MIDNIGHT : LocalTime.parse("23:59:59.999999"));
            values.put("sequence", low ? 0L : -1L);
            Object sdo = generated.of(PRINT, generated.bean(PRINT, values));

            values.forEach((field, value) -> assertThat(Generated.call(sdo, getter(field))).as(field).isEqualTo(value));
            assertThat(Generated.call(sdo, "getSentEpochNanos")).isEqualTo(low ? Long.MIN_VALUE : Long.MAX_VALUE);
            assertThat(Generated.call(sdo, "getExchangeEpochMicros"))
                    .isEqualTo(low ? 946_684_800_000_000L : 4_102_444_799_999_999L);
            assertThat(Generated.call(sdo, "getWidestEpochNanos"))
                    .isEqualTo(low ? -9_223_286_400_000_000_000L : 9_223_286_399_999_999_999L);
            assertThat(Generated.call(sdo, "getBookedEpochMilli")).isEqualTo(low ? 0L : 86_399_999L);
            assertThat(Generated.call(sdo, "getSinceEpochNanos")).isEqualTo(1_405_935_000_123_456_789L);
        }
    }

    @Test
    void theWritersPrimitiveSettersStoreWhatOfStoresAndRefuseWhatItRefuses() {
        Map<String, Object> values = new HashMap<>();
        values.put("sent", Instant.parse("2026-11-27T09:30:00.123456789Z"));
        values.put("exchange", Instant.parse("2026-11-27T09:30:00.123456Z"));
        values.put("widest", Instant.parse("1700-01-01T00:00:00.000000001Z"));
        values.put("booked", LocalDateTime.parse("1970-01-01T12:00:00.001"));
        values.put("opened", LocalTime.parse("09:30:00.000001"));
        values.put("sequence", Long.MIN_VALUE);
        byte[] expected = bytes(generated.of(PRINT, generated.bean(PRINT, values)));

        ByteBuffer buffer = ByteBuffer.allocate(expected.length);
        Object writer = generated.callStatic(PRINT + "Writer", "update", buffer, 0);
        Generated.call(writer, "sentEpochNanos", 1_795_771_800_123_456_789L);
        Generated.call(writer, "exchangeEpochMicros", 1_795_771_800_123_456L);
        Generated.call(writer, "widest", values.get("widest"));
        Generated.call(writer, "bookedEpochMilli", 43_200_001L);
        Generated.call(writer, "opened", values.get("opened"));
        Generated.call(writer, "sequence", Long.MIN_VALUE);
        Generated.call(writer, "sinceEpochNanos", 1_405_935_000_123_456_789L);
        assertThat(buffer.array()).isEqualTo(expected);

        assertThatThrownBy(() -> Generated.call(writer, "exchangeEpochMicros", 946_684_799_999_999L))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Print.exchange: 1999-12-31T23:59:59.999999Z is out of range; allowed: "
                        + "2000-01-01T00:00:00.000000Z..2099-12-31T23:59:59.999999Z");
        assertThatThrownBy(() -> Generated.call(writer, "exchange", Instant.parse("1999-12-31T23:59:59.999999Z")))
                .hasMessage("Print.exchange: 1999-12-31T23:59:59.999999Z is out of range; allowed: "
                        + "2000-01-01T00:00:00.000000Z..2099-12-31T23:59:59.999999Z");
        assertThatThrownBy(() -> Generated.call(writer, "exchange", Instant.parse("2026-11-27T09:30:00.1234567Z")))
                .hasMessage("Print.exchange: 2026-11-27T09:30:00.123456700Z is finer than a microsecond; allowed: "
                        + "whole microseconds");
        assertThatThrownBy(() -> Generated.call(writer, "opened", LocalTime.parse("09:30:00.0000001")))
                .hasMessage("Print.opened: 09:30:00.000000100 is finer than a microsecond; allowed: whole "
                        + "microseconds");
        assertThat(buffer.array()).as("refused values leave the record as it was").isEqualTo(expected);
    }

    private static String getter(String field) {
        return "get" + Character.toUpperCase(field.charAt(0)) + field.substring(1);
    }

    private static byte[] bytes(Object sdo) {
        return (byte[]) Generated.call(sdo, "toByteArray");
    }
}
