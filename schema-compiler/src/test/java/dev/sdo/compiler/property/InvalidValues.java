package dev.sdo.compiler.property;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Values of a field's getter type that do not fit the field, each of which {@code XSdo.of} must reject: just
 * outside an integral range (where the Java type can express it), a decimal with one digit or one decimal too
 * many, a date a day outside its range, a time or timestamp finer than a millisecond, a timestamp beyond 64-bit
 * milliseconds, a string one character too long or with a character outside the alphabet, null in a required
 * field of a reference type.
 */
final class InvalidValues {

    /** One invalid value and what makes it invalid. */
    record Invalid(String why, Object value) {}

    private InvalidValues() {}

    static List<Invalid> of(TestField field) {
        List<Invalid> invalid = new ArrayList<>();
        TestType type = field.type();
        if (type instanceof TestType.Integral t) {
            addIfExpressible(invalid, field, "lo - 1", BigInteger.valueOf(t.min()).subtract(BigInteger.ONE));
            addIfExpressible(invalid, field, "hi + 1", BigInteger.valueOf(t.max()).add(BigInteger.ONE));
        } else if (type instanceof TestType.Decimal t) {
            BigDecimal tooManyDigits = new BigDecimal(BigInteger.TEN.pow(t.precision()), t.scale());
            invalid.add(new Invalid("one digit too many", tooManyDigits));
            invalid.add(t.signed() ? new Invalid("one digit too many, negative", tooManyDigits.negate())
                    : new Invalid("negative", BigDecimal.valueOf(-1, t.scale())));
            invalid.add(new Invalid("one decimal too many", BigDecimal.valueOf(1, t.scale() + 1)));
            invalid.add(new Invalid("one decimal too many on the largest value",
                    new BigDecimal(BigInteger.valueOf(t.maxUnscaled()).multiply(BigInteger.TEN).add(BigInteger.valueOf(5)),
                            t.scale() + 1)));
        } else if (type instanceof TestType.Date t) {
            LocalDate lo = t.bounded() ? t.lo() : TestType.FIRST_DAY;
            LocalDate hi = t.bounded() ? t.hi() : TestType.LAST_DAY;
            invalid.add(new Invalid("the day before lo", lo.minusDays(1)));
            invalid.add(new Invalid("the day after hi", hi.plusDays(1)));
        } else if (type instanceof TestType.Time t) {
            if (t.digits() < 9) {
                invalid.add(new Invalid("a nanosecond past a unit", LocalTime.of(12, 34, 56, 789_000_001)));
                invalid.add(new Invalid("sub-unit nanos", LocalTime.of(23, 59, 59, 999_999_999)));
            }
        } else if (type instanceof TestType.Timestamp t && (t.local() || t.bounded() || t.digits() != 3)) {
            if (t.digits() < 9) {
                Object unit = RandomValues.timestamp(t, t.bounded() ? t.loCount() : 1_700_000_000_123L);
                invalid.add(new Invalid("a nanosecond past a unit", unit instanceof Instant i ? i.plusNanos(1)
                        : ((LocalDateTime) unit).plusNanos(1)));
            }
            if (t.bounded()) {
                invalid.add(new Invalid("a unit before lo", RandomValues.timestamp(t, t.loCount() - 1)));
                invalid.add(new Invalid("a unit after hi", RandomValues.timestamp(t, t.hiCount() + 1)));
            } else {
                long perSecond = TestType.perSecond(t.digits());
                // Long.MAX_VALUE units and one more, as seconds and nanoseconds
                long seconds = Long.MAX_VALUE / perSecond;
                int nanos = (int) ((Long.MAX_VALUE % perSecond + 1) * (1_000_000_000L / perSecond));
                invalid.add(new Invalid("Long.MAX_VALUE units + 1", t.local()
                        ? LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC)
                        : Instant.ofEpochSecond(seconds, nanos)));
            }
            invalid.add(new Invalid("the largest value", t.local() ? LocalDateTime.MAX : Instant.MAX));
        } else if (type instanceof TestType.Timestamp) {
            invalid.add(new Invalid("sub-millisecond", Instant.ofEpochMilli(1_700_000_000_123L).plusNanos(1)));
            invalid.add(new Invalid("Long.MAX_VALUE ms + 1 ms", Instant.ofEpochSecond(9_223_372_036_854_775L,
                    808_000_000)));
            invalid.add(new Invalid("Long.MIN_VALUE ms - 1 ms", Instant.ofEpochSecond(-9_223_372_036_854_776L,
                    191_000_000)));
            invalid.add(new Invalid("Instant.MAX", Instant.MAX));
        } else if (type instanceof TestType.Chars t) {
            String alphabet = t.alphabet();
            invalid.add(new Invalid("n + 1 characters", String.valueOf(alphabet.charAt(0)).repeat(t.length() + 1)));
            char outside = outside(alphabet);
            String valid = String.valueOf(alphabet.charAt(alphabet.length() - 1)).repeat(t.length() - 1);
            invalid.add(new Invalid("a character outside the alphabet at the end", valid + outside));
            invalid.add(new Invalid("a character outside the alphabet first", outside + ""));
        } else if (type instanceof TestType.ListOf t) {
            // Each element's invalid values, as the one element of a list; and a null element.
            for (Invalid element : of(t.elementField(field.name()))) {
                if (element.value() != null) {
                    invalid.add(new Invalid("element " + element.why(), List.of(element.value())));
                }
            }
            invalid.add(new Invalid("a null element", Arrays.asList((Object) null)));
        } else if (type instanceof TestType.Str) {
            invalid.add(new Invalid("an unpaired high surrogate", "ab\uD800"));
            invalid.add(new Invalid("an unpaired low surrogate", "\uDC00x"));
        }
        if (!field.optional() && !field.hasDefault() && !(type instanceof TestType.Bool || type instanceof TestType.Floating)
                && (!(type instanceof TestType.Integral) || field.as() == TestField.JavaAs.BIG_INTEGER
                        || field.as() == TestField.JavaAs.QUALIFIED_BIG_INTEGER)) {
            invalid.add(new Invalid("null in a required field", null));
        }
        return invalid;
    }

    private static void addIfExpressible(List<Invalid> invalid, TestField field, String why, BigInteger value) {
        Object javaValue = JavaTypes.integralValue(field, value);
        if (javaValue != null) {
            invalid.add(new Invalid(why, javaValue));
        }
    }

    /** A character not in the alphabet: a printable ASCII one when there is one, else a Latin-1 or other one. */
    private static char outside(String alphabet) {
        for (char c : new char[] {'~', '!', '0', 'a', ' ', '\u00e9', '\t', '\u0100', '\u20ac'}) {
            if (alphabet.indexOf(c) < 0) {
                return c;
            }
        }
        throw new IllegalStateException("no character outside " + alphabet);
    }
}
