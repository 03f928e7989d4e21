package dev.sdo.runtime.generic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.runtime.TimePrecision;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** Described types are spelled as a schema writes them, in messages and in {@code sdoc schema}. */
class TypeTextTest {

    private static String text(FieldType type) {
        return TypeText.of(type, null);
    }

    @Test
    void scalarsAreSpelledAsTheSchemaWritesThem() {
        assertThat(text(new FieldType.Decimal(true, 18, 2, 64))).isEqualTo("decimal(18, 2)");
        assertThat(text(new FieldType.Decimal(false, 9, 4, 30))).isEqualTo("udecimal(9, 4)");
        assertThat(text(new FieldType.Int(32, Integer.MIN_VALUE, Integer.MAX_VALUE))).isEqualTo("int32");
        assertThat(text(new FieldType.Int(8, 0, 255))).isEqualTo("uint8");
        assertThat(text(new FieldType.Range(-5, 100, 7))).isEqualTo("int(-5..100)");
        assertThat(text(new FieldType.Date(LocalDate.of(2000, 1, 1).toEpochDay(),
                LocalDate.of(2099, 12, 31).toEpochDay(), 16))).isEqualTo("date(2000-01-01..2099-12-31)");
        assertThat(text(new FieldType.Timestamp(TimePrecision.MICROS, false, Long.MIN_VALUE, Long.MAX_VALUE, 64)))
                .isEqualTo("timestamp(us)");
        assertThat(text(new FieldType.ListOf(new FieldType.Enumeration("p.Side", java.util.List.of("A", "B"), 1))))
                .isEqualTo("list<Side>");
    }

    @Test
    void charactersNameTheirAlphabetUnlessItIsPrintableAscii() {
        assertThat(text(new FieldType.Chars(3, 5, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"))).isEqualTo("char(3, \"A-Z\")");
        assertThat(text(new FieldType.Chars(3, 2, "-AB"))).isEqualTo("char(3, \"-AB\")");
        StringBuilder printable = new StringBuilder();
        for (char c = ' '; c <= '~'; c++) {
            printable.append(c);
        }
        assertThat(text(new FieldType.Chars(4, 7, printable.toString()))).isEqualTo("char(4)");
        assertThat(TypeText.writable(printable.toString())).isTrue();
        assertThat(TypeText.writable("AB-")).isFalse();
    }
}
