package dev.sdo.runtime.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A union read from one text: the first alternative that writes the text back as written takes it. */
class UnionTextValueTest {
    /** A union value here: the alternative's position and its value. */
    record Held(int alternative, Object value) {}

    private static final TextValue<LocalDate> DATE = TextValues.date(LocalDate.of(1, 1, 1),
            LocalDate.of(9999, 12, 31), DatePattern.iso());

    private static UnionTextValue<Held> union(List<String> names, List<TextValue<?>> alternatives) {
        return UnionTextValue.of("U", names, alternatives, Held::new, Held::alternative, Held::value);
    }

    @Test
    void theFirstAlternativeThatWritesTheTextBackAsWrittenTakesIt() {
        UnionTextValue<Held> xsdDate = union(List.of("date", "text"), List.of(DATE, TextValues.string()));

        Map<String, Held> expected = Map.of(
                "2001-04-27", new Held(0, LocalDate.of(2001, 4, 27)),
                "2001-04-27Z", new Held(1, "2001-04-27Z"),
                "2001-04-27+05:00", new Held(1, "2001-04-27+05:00"),
                "12001-04-27", new Held(1, "12001-04-27"),
                "-0044-03-15", new Held(1, "-0044-03-15"),
                " 2001-04-27", new Held(1, " 2001-04-27"),
                "", new Held(1, ""));
        expected.forEach((text, held) -> {
            assertThat(xsdDate.parse(text, "f")).as(text).isEqualTo(held);
            assertThat(xsdDate.format(held, "f")).as(text).isEqualTo(text);
        });
        assertThat(xsdDate.hasEmptyValue()).isTrue();
    }

    @Test
    void aTextNoAlternativeTakesIsRefusedNamingTheUnionAndItsAlternatives() {
        UnionTextValue<Held> numbers = union(List.of("small", "date"), List.of(TextValues.int8(), DATE));

        assertThat(numbers.parse("-12", "f")).isEqualTo(new Held(0, (byte) -12));
        assertThat(numbers.hasEmptyValue()).isFalse();
        assertThatThrownBy(() -> numbers.parse("012", "f")).isInstanceOf(TextValueException.class)
                .hasMessage("f: \"012\" is no value of union U as written: none of its alternatives (small, date) "
                        + "reads it and writes it back unchanged");
        assertThatThrownBy(() -> numbers.format(new Held(-1, null), "f")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("f: the union U holds no alternative");
    }

    /**
     * A date of a fixed-width pattern says whether a text is as it writes it without writing it: the same answer as
     * reading, writing and comparing, over random texts near dates (padded, signed, offset, too long, out of range,
     * other digits), in ISO and in {@code dd/MM/yyyy}, for many seeds.
     */
    @Test
    void aFixedWidthDateKnowsItsWrittenFormAsFormattingWouldTell() {
        List<TextValue<LocalDate>> dates = List.of(DATE, TextValues.date(LocalDate.of(1900, 1, 1),
                LocalDate.of(2258, 11, 11), DatePattern.iso()), TextValues.date(LocalDate.of(1, 1, 1),
                LocalDate.of(9999, 12, 31), new DatePattern("dd/MM/yyyy")));
        String[] noise = {"", " ", "Z", "+05:00", "-", "+", "0", "\u0663", "\t"};
        for (long seed = 0; seed < 300; seed++) {
            Random random = new Random(seed);
            for (int n = 0; n < 50; n++) {
                LocalDate day = LocalDate.ofEpochDay(random.nextInt(4_000_000) - 1_000_000);
                TextValue<LocalDate> date = dates.get(random.nextInt(dates.size()));
                String written = date == dates.get(2)
                        ? String.format("%02d/%02d/%04d", day.getDayOfMonth(), day.getMonthValue(), day.getYear())
                        : day.toString();
                String text = noise[random.nextInt(noise.length)] + written + noise[random.nextInt(noise.length)];
                Object expected;
                try {
                    LocalDate read = date.parse(text, "f");
                    expected = date.format(read, "f").equals(text) ? read : null;
                } catch (TextValueException | IllegalArgumentException e) {
                    expected = "refused";
                }
                Object actual;
                try {
                    actual = date.parseAsWritten(text, "f");
                } catch (TextValueException | IllegalArgumentException e) {
                    actual = "refused";
                }
                // Refused or read otherwise both leave the text to the next alternative.
                assertThat(actual == null ? "refused" : actual).as("seed %d: %s", seed, text)
                        .isEqualTo(expected == null ? "refused" : expected);
            }
        }
    }
}
