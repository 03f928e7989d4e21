package dev.sdo.runtime.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.Alphabet;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each type's text as a Java value and back, with the flat bindings' rules and messages naming the field. */
class TextValuesTest {

    @Test
    void integersTakeASignAndTheirRangeAndGiveTheGettersType() {
        assertThat(TextValues.int8().parse(" -128 ", "R.f")).isEqualTo((byte) -128);
        assertThat(TextValues.int16().parse("+300", "R.f")).isEqualTo((short) 300);
        assertThat(TextValues.int32(1, 31).parse("31", "R.f")).isEqualTo(31);
        assertThat(TextValues.int64(0, 4_294_967_295L).parse("4294967295", "R.f")).isEqualTo(4_294_967_295L);
        assertThat(TextValues.bigInteger(1, 31).parse("6", "R.f")).isEqualTo(BigInteger.valueOf(6));
        assertThat(TextValues.bigInteger(1, 31).format(BigInteger.valueOf(6), "R.f")).isEqualTo("6");

        assertThatThrownBy(() -> TextValues.int32(1, 31).parse("32", "R.f"))
                .isInstanceOf(TextValueException.class).hasMessage("R.f: \"32\" is out of range; allowed: 1..31");
        assertThatThrownBy(() -> TextValues.int8().parse("1e2", "R.f")).hasMessage("R.f: \"1e2\" is not an integer");
        assertThatThrownBy(() -> TextValues.int64(Long.MIN_VALUE, Long.MAX_VALUE).parse("99999999999999999999", "R.f"))
                .hasMessageContaining("is out of range");
        assertThatThrownBy(() -> TextValues.int32(1, 31).format(0, "R.f"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("R.f: 0 is out of range");
    }

    @Test
    void decimalsArePlainAndComeAtTheFieldsScale() {
        TextValue<BigDecimal> amount = TextValues.decimal(12, 2, false);

        assertThat(amount.parse("1210930000", "R.a")).isEqualTo(new BigDecimal("1210930000.00"));
        assertThat(amount.parse("1.500", "R.a")).isEqualTo(new BigDecimal("1.50"));
        assertThat(amount.format(new BigDecimal("7"), "R.a")).isEqualTo("7.00");
        assertThatThrownBy(() -> amount.parse("1E3", "R.a")).hasMessage("R.a: \"1E3\" is not a decimal number");
        assertThatThrownBy(() -> amount.parse("1.005", "R.a")).hasMessageContaining("R.a: 1.005 has more than 2 decimals");
        assertThatThrownBy(() -> amount.parse("-1", "R.a")).hasMessageContaining("R.a: -1 is out of range");
        assertThat(TextValues.decimal(10, 8, true).parse("-0.005", "R.r")).isEqualTo(new BigDecimal("-0.00500000"));
    }

    @Test
    void aPlainDecimalIsWhatTheFlatBindingsPatternAllowsEveryStringOfFiveSymbolsTried() {
        String plain = "[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)";
        char[] symbols = {'+', '-', '.', '0', '9', 'e', ' '};
        List<String> texts = new ArrayList<>(List.of(""));
        for (int length = 1; length <= 5; length++) {
            List<String> longer = new ArrayList<>();
            for (String text : texts) {
                if (text.length() == length - 1) {
                    for (char symbol : symbols) {
                        longer.add(text + symbol);
                    }
                }
            }
            texts.addAll(longer);
        }
        for (String text : texts) {
            assertThat(TextValues.isPlainDecimal(text)).as("\"%s\"", text).isEqualTo(text.matches(plain));
        }
        assertThat(TextValues.decimal().parse("50000000.00", "R.n")).isEqualTo(new BigDecimal("50000000.00"));
        assertThatThrownBy(() -> TextValues.decimal().parse("1.2.3", "R.n"))
                .hasMessage("R.n: \"1.2.3\" is not a decimal number");
    }

    @Test
    void datesTimesAndInstants() {
        TextValue<LocalDate> day = TextValues.date(LocalDate.of(2000, 1, 1), LocalDate.of(2099, 12, 31),
                new DatePattern("dd/MM/yyyy"));
        assertThat(day.parse("29/02/2024", "R.d")).isEqualTo(LocalDate.of(2024, 2, 29));
        assertThat(day.format(LocalDate.of(2024, 3, 1), "R.d")).isEqualTo("01/03/2024");
        assertThatThrownBy(() -> day.parse("31/02/2024", "R.d")).hasMessageStartingWith("R.d: \"31/02/2024\" is not");
        assertThatThrownBy(() -> day.parse("01/01/1999", "R.d")).hasMessageContaining("is out of range");

        assertThat(TextValues.time(null).parse("13:45:30.250", "R.t")).isEqualTo(LocalTime.of(13, 45, 30, 250_000_000));
        assertThatThrownBy(() -> TextValues.time(null).parse("13:45:30.2501", "R.t"))
                .hasMessage("R.t: \"13:45:30.2501\" is finer than a millisecond");
        assertThat(TextValues.timestamp().parse("2014-07-21T09:30:00Z", "R.i"))
                .isEqualTo(Instant.parse("2014-07-21T09:30:00Z"));
        assertThatThrownBy(() -> TextValues.timestamp().parse("2014-07-21", "R.i")).hasMessageContaining("ISO-8601");
    }

    @Test
    void boolsFloatsAndEnums() {
        assertThat(TextValues.bool().parse("TRUE", "R.b")).isTrue();
        assertThatThrownBy(() -> TextValues.bool().parse("yes", "R.b"))
                .hasMessage("R.b: \"yes\" is not a boolean; allowed: true, false, 1, 0");
        assertThat(TextValues.float64().parse("NaN", "R.x")).isNaN();
        assertThat(TextValues.float32().parse("1.5", "R.x")).isEqualTo(1.5f);
        assertThat(TextValues.enumeration(Thread.State.values()).parse("BLOCKED", "R.e")).isEqualTo(Thread.State.BLOCKED);
        assertThatThrownBy(() -> TextValues.enumeration(Thread.State.values()).parse("blocked", "R.e"))
                .hasMessageStartingWith("R.e: \"blocked\" is no constant of the enum; allowed: NEW, RUNNABLE");
    }

    @Test
    void charsKeepToTheirAlphabetAndLengthWhenReadAndWritten() {
        TextValue<String> currency = TextValues.chars(3, new Alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZ"));

        assertThat(currency.parse(" EUR ", "R.c")).isEqualTo("EUR");
        assertThat(currency.parse("", "R.c")).isEmpty();
        assertThatThrownBy(() -> currency.parse("EURO", "R.c"))
                .hasMessage("R.c: \"EURO\" is too long; allowed: at most 3 characters");
        assertThatThrownBy(() -> currency.format("eur", "R.c")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("R.c: \"eur\" has the character 'e', outside the alphabet");
    }

    @Test
    void stringsAreKeptExactlyAndBlobsAreBase64() {
        assertThat(TextValues.string().parse("  two  spaces ", "R.s")).isEqualTo("  two  spaces ");
        assertThat(TextValues.string().hasEmptyValue()).isTrue();
        assertThatThrownBy(() -> TextValues.string().format("a\u0000b", "R.s"))
                .hasMessage("R.s: the character U+0000 at index 1 cannot be written in XML 1.0");
        assertThat(TextValues.string().format("clef \uD834\uDD1E", "R.s")).isEqualTo("clef \uD834\uDD1E");
        assertThatThrownBy(() -> TextValues.string().format("a\uD834b", "R.s"))
                .hasMessage("R.s: the unpaired surrogate U+D834 at index 1 cannot be written in XML 1.0");
        assertThatThrownBy(() -> TextValues.string().format("ab\uDD1E", "R.s"))
                .hasMessage("R.s: the unpaired surrogate U+DD1E at index 2 cannot be written in XML 1.0");

        assertThat(TextValues.bytes().parse("\n  3q2+7w==\n", "R.b")).containsExactly(0xDE, 0xAD, 0xBE, 0xEF);
        assertThat(TextValues.bytes().parse("", "R.b")).isEmpty();
        assertThat(TextValues.bytes().format(new byte[] {(byte) 0xDE, (byte) 0xAD, (byte) 0xBE, (byte) 0xEF}, "R.b"))
                .isEqualTo("3q2+7w==");
        assertThatThrownBy(() -> TextValues.bytes().parse("3q2+7w=", "R.b")).hasMessageStartingWith("R.b: \"3q2+7w=\" is not base64");
    }

    @Test
    void anEmptyTextIsMissingForTypesWithoutAnEmptyValue() {
        assertThatThrownBy(() -> TextValues.int32(0, 9).parse("  ", "R.n"))
                .hasMessage("R.n: the value is missing; the field is required");
    }
}
