package dev.sdo.runtime.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.Alphabet;
import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CorruptDataException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;

/**
 * A field's stored value as the Java value a writer of another format starts from, and what a stored value that no
 * encoder writes gives: an error naming the field, whether it is read as text or as a value.
 */
class TextFieldValuesTest {
    private final ByteBuffer record = ByteBuffer.allocate(16);

    /** Reads {@code text} into the cleared record and returns the field's value. */
    private Object valueOf(TextField field, String text) {
        record.clear();
        record.put(new byte[16]).clear();
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        field.read(bytes, 0, bytes.length, record, 0);
        return field.value(record, 0);
    }

    @Test
    void eachFieldGivesTheJavaValueOfItsText() {
        assertThat(valueOf(new IntegerField("R.i", -1, 0, 8, -100, 100, 0), "-7")).isEqualTo(-7L);
        assertThat(valueOf(new DecimalField("R.d", -1, 0, 20, 6, 2, true), "-1.5"))
                .isEqualTo(new BigDecimal("-1.50"));
        assertThat(valueOf(new FloatField("R.f", -1, 0, 32), "0.1")).isEqualTo(0.1f);
        assertThat(valueOf(new FloatField("R.f", -1, 0, 64), "1e10")).isEqualTo(1e10);
        assertThat(valueOf(new BoolField("R.b", -1, 0), "TRUE")).isEqualTo(true);
        assertThat(valueOf(new DateField("R.day", -1, 0, 16, LocalDate.of(2000, 1, 1), LocalDate.of(2099, 12, 31),
                DatePattern.iso()), "2024-02-29")).isEqualTo(LocalDate.of(2024, 2, 29));
        assertThat(valueOf(new TimeField("R.t", -1, 0, null), "09:30:00.250")).isEqualTo(LocalTime.of(9, 30, 0,
                250_000_000));
        assertThat(valueOf(new TimestampField("R.ts", -1, 0), "2014-07-21T09:30:00Z"))
                .isEqualTo(Instant.parse("2014-07-21T09:30:00Z"));
        assertThat(valueOf(new EnumField("R.e", -1, 0, 2, java.util.List.of("D", "M", "Y")), "M")).isEqualTo("M");
        assertThat(valueOf(new CharField("R.c", -1, 0, new Alphabet("ab\""), 3), "a\"")).isEqualTo("a\"");
        assertThat(valueOf(new IntegerField("R.o", 0, 1, 8, 0, 255, 0), "")).isNull();
    }

    @Test
    void aStoredNumberBeyondItsRangeOrPrecisionIsAnErrorNamingTheField() {
        // int(1..31) in 5 bits, stored as value - 1: the bits of 31 are the number 32.
        IntegerField day = new IntegerField("R.day", -1, 0, 5, 1, 31, 1);
        BitFields.write(record, 0, 0, 5, 31);
        assertThatThrownBy(() -> day.value(record, 0)).isInstanceOf(CorruptDataException.class)
                .hasMessage("R.day: stored value 32 is out of the field's range 1..31");
        assertThatThrownBy(() -> day.write(record, 0, new StringBuilder())).isInstanceOf(CorruptDataException.class)
                .hasMessage("R.day: stored value 32 is out of the field's range 1..31");

        // decimal(3, 1) stores value + 999 in 11 bits, which hold 2047: 1998 is the last an encoder writes.
        DecimalField amount = new DecimalField("R.amount", -1, 0, 11, 3, 1, true);
        BitFields.write(record, 0, 0, 11, 1998);
        assertThat(amount.value(record, 0)).isEqualTo(new BigDecimal("99.9"));
        BitFields.write(record, 0, 0, 11, 1999);
        assertThatThrownBy(() -> amount.value(record, 0)).isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("R.amount: stored value 1999 is beyond decimal(3, 1)");
    }
}
