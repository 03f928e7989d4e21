package dev.sdo.runtime.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.FieldValues;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import dev.sdo.testing.PropertyRunner;
import org.junit.jupiter.api.Test;

/**
 * The text fields parse what the encoders of generated code accept, to the same bits, and reject what they reject;
 * the oracles are the runtime's {@code BigDecimal} and {@code java.time} paths, not the byte parsers under test.
 */
class TextFieldPropertiesTest {
    private static final int OFFSET = 3;

    @Test
    void decimalsParseToTheUnscaledValueOfFieldValues() {
        PropertyRunner.forAll(1000, draw -> decimalsParseToTheUnscaledValueOfFieldValues(
                draw.longs(-999_999_999_999L, 999_999_999_999L), draw.ints(0, 6), draw.bool()));
    }

    private static void decimalsParseToTheUnscaledValueOfFieldValues(long unscaled, int written, boolean signed) {
        // decimal(12, 4): a text with 0..6 decimals, the last two of which must be zeros when present.
        int precision = 12;
        int scale = 4;
        BigDecimal value = BigDecimal.valueOf(unscaled, written);
        DecimalField field = new DecimalField("R.d", -1, OFFSET, 45, precision, scale, signed);
        ByteBuffer record = ByteBuffer.allocate(16);
        String text = value.toPlainString();
        long expected;
        try {
            expected = FieldValues.unscaled("R.d", value, precision, scale, signed);
        } catch (IllegalArgumentException rejected) {
            assertThatThrownBy(() -> parse(field, text, record)).isInstanceOf(TextValueException.class)
                    .hasMessageStartingWith("R.d: \"" + text + "\"");
            return;
        }
        parse(field, text, record);
        long stored = BitFields.read(record, 0, OFFSET, 45);
        assertThat(signed ? stored - (1_000_000_000_000L - 1) : stored).isEqualTo(expected);
        StringBuilder formatted = new StringBuilder();
        field.write(record, 0, formatted);
        assertThat(new BigDecimal(formatted.toString())).isEqualByComparingTo(value);
        assertThat(new BigDecimal(formatted.toString()).scale()).isEqualTo(scale);
    }

    /** Texts of any chars, and as many of the chars of numbers, so that near-numbers come up too. */
    @Test
    void decimalTextThatIsNoNumberIsRejected() {
        PropertyRunner.forAll(1000, draw -> decimalTextThatIsNoNumberIsRejected(draw.bool()
                ? draw.anyString(1, 8) : draw.string("0123456789+-.eE ", 1, 8)));
    }

    private static void decimalTextThatIsNoNumberIsRejected(String text) {
        DecimalField field = new DecimalField("R.d", -1, 0, 64, 18, 2, true);
        boolean number = text.matches("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)");
        if (!number) {
            assertThatThrownBy(() -> parse(field, text, ByteBuffer.allocate(16)))
                    .isInstanceOf(TextValueException.class);
        }
    }

    @Test
    void decimalsAtPrecisionEighteenDoNotOverflow() {
        DecimalField field = new DecimalField("R.d", -1, 0, 64, 18, 0, true);
        ByteBuffer record = ByteBuffer.allocate(16);
        parse(field, "999999999999999999", record);
        assertThatThrownBy(() -> parse(field, "9999999999999999999", ByteBuffer.allocate(16)))
                .hasMessageContaining("out of range");
        assertThatThrownBy(() -> parse(field, "99999999999999999999999", ByteBuffer.allocate(16)))
                .hasMessageContaining("out of range");
    }

    @Test
    void integersParseAsLongParseLongDoesWithinTheirRange() {
        // One try in two inside the small field's range, so that both of its branches are well tried.
        PropertyRunner.forAll(1000, draw -> integersParseAsLongParseLongDoesWithinTheirRange(
                draw.bool() ? draw.anyLong() : draw.longs(-1001, 1001), draw.bool()));
    }

    private static void integersParseAsLongParseLongDoesWithinTheirRange(long value, boolean plus) {
        IntegerField int64 = new IntegerField("R.i", -1, OFFSET, 64, Long.MIN_VALUE, Long.MAX_VALUE, 0);
        ByteBuffer record = ByteBuffer.allocate(16);
        String text = (plus && value >= 0 ? "+" : "") + value;
        parse(int64, text, record);
        StringBuilder formatted = new StringBuilder();
        int64.write(record, 0, formatted);
        assertThat(formatted).hasToString(Long.toString(value));

        IntegerField range = new IntegerField("R.r", -1, OFFSET, 20, -1000, 1000, -1000);
        if (value < -1000 || value > 1000) {
            assertThatThrownBy(() -> parse(range, text, ByteBuffer.allocate(16)))
                    .hasMessage("R.r: \"" + text + "\" is out of range; allowed: -1000..1000");
        } else {
            ByteBuffer small = ByteBuffer.allocate(16);
            parse(range, text, small);
            assertThat(BitFields.read(small, 0, OFFSET, 20)).isEqualTo(value + 1000);
        }
    }

    @Test
    void integerOverflowIsOutOfRangeNotWrapped() {
        IntegerField int64 = new IntegerField("R.i", -1, 0, 64, Long.MIN_VALUE, Long.MAX_VALUE, 0);
        assertThatThrownBy(() -> parse(int64, "9223372036854775808", ByteBuffer.allocate(16)))
                .hasMessageContaining("out of range");
        assertThatThrownBy(() -> parse(int64, "-9223372036854775809", ByteBuffer.allocate(16)))
                .hasMessageContaining("out of range");
        assertThatThrownBy(() -> parse(int64, "12a", ByteBuffer.allocate(16))).hasMessageContaining("not an integer");
        assertThatThrownBy(() -> parse(int64, "-", ByteBuffer.allocate(16))).hasMessageContaining("not an integer");
    }

    @Test
    void fastDatePatternsAgreeWithDateTimeFormatter() {
        PropertyRunner.forAll(1000, draw -> fastDatePatternsAgreeWithDateTimeFormatter(draw.ints(0, 3_000_000),
                draw.ints(0, 2)));
    }

    private static void fastDatePatternsAgreeWithDateTimeFormatter(int epochDay, int which) {
        String pattern = new String[] {"dd/MM/yyyy", "uuuu-MM-dd", "MM.dd.yyyy"}[which];
        LocalDate date = LocalDate.ofEpochDay(epochDay - 719_162L + 1);
        if (date.getYear() > 9999) {
            return;
        }
        String text = DateTimeFormatter.ofPattern(pattern.replace('y', 'u')).format(date);
        DatePattern fast = new DatePattern(pattern);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        assertThat(fast.parseEpochDay(bytes, 0, bytes.length)).isEqualTo(date.toEpochDay());
        StringBuilder formatted = new StringBuilder();
        fast.format(date.toEpochDay(), formatted);
        assertThat(formatted).hasToString(text);
    }

    @Test
    void datesThatDoNotExistAreRejectedAsSuch() {
        DateField field = new DateField("R.day", -1, 0, 16, LocalDate.of(2000, 1, 1), LocalDate.of(2099, 12, 31),
                new DatePattern("dd/MM/yyyy"));
        assertThatThrownBy(() -> parse(field, "31/02/2014", ByteBuffer.allocate(8)))
                .hasMessage("R.day: \"31/02/2014\" is not a valid date (format dd/MM/yyyy)");
        assertThatThrownBy(() -> parse(field, "2014-02-03", ByteBuffer.allocate(8)))
                .hasMessage("R.day: \"2014-02-03\" is not a date in the format dd/MM/yyyy");
        assertThatThrownBy(() -> parse(field, "1/2/2014", ByteBuffer.allocate(8)))
                .hasMessageContaining("is not a date in the format dd/MM/yyyy");
    }

    @Test
    void patternsBeyondTheFastOnesGoThroughJavaTime() {
        DateField field = new DateField("R.day", -1, 0, 22, LocalDate.of(1, 1, 1), LocalDate.of(9999, 12, 31),
                new DatePattern("d MMM uuuu"));
        ByteBuffer record = ByteBuffer.allocate(8);
        parse(field, "5 Aug 2014", record);
        StringBuilder formatted = new StringBuilder();
        field.write(record, 0, formatted);
        assertThat(formatted).hasToString("5 Aug 2014");
        assertThat(BitFields.read(record, 0, 0, 22)).isEqualTo(LocalDate.of(2014, 8, 5).toEpochDay()
                - LocalDate.of(1, 1, 1).toEpochDay());
    }

    @Test
    void anOptionalFieldIsAbsentWhenEmptyAndARequiredOneIsMissing() {
        IntegerField optional = new IntegerField("R.o", 0, 1, 8, 0, 255, 0);
        ByteBuffer record = ByteBuffer.allocate(8);
        parse(optional, "", record);
        assertThat(optional.present(record, 0)).isFalse();
        parse(optional, "200", record);
        assertThat(optional.present(record, 0)).isTrue();
        assertThat(BitFields.read(record, 0, 1, 8)).isEqualTo(200);

        IntegerField required = new IntegerField("R.r", -1, 0, 8, 0, 255, 0);
        assertThatThrownBy(() -> parse(required, "", ByteBuffer.allocate(8)))
                .hasMessage("R.r: the value is missing; the field is required");
    }

    private static void parse(TextField field, String text, ByteBuffer record) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        field.read(bytes, 0, bytes.length, record, 0);
    }
}
