package dev.sdo.runtime.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
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
}
