package dev.sdo.compiler.property;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Random in-range values of generated records, biased towards the edges of every range (the lowest and highest
 * value, zero, all-ones bit patterns, NaNs with payloads, the longest and the empty string).
 */
final class RandomValues {

    private final Random random;

    RandomValues(Random random) {
        this.random = random;
    }

    /** Recursive records nested deeper than this hold no more of themselves (their values are trees). */
    private static final int MAX_RECURSIVE_DEPTH = 3;
    /** How deep in recursive records the value being made is. */
    private int recursiveDepth;

    RecordValue record(TestRecord record) {
        if (record.recursive()) {
            recursiveDepth++;
        }
        try {
            return recordValue(record);
        } finally {
            if (record.recursive()) {
                recursiveDepth--;
            }
        }
    }

    /** Whether values of {@code type} may hold a recursive record (so that they stop where the tree is deep). */
    private static boolean holdsRecursive(TestType type) {
        TestType innermost = TestType.innermost(type);
        return innermost instanceof TestType.RecordRef ref && ref.type().recursive()
                || innermost instanceof TestType.UnionRef union
                        && union.union().alternatives().stream().anyMatch(a -> holdsRecursive(a.type()));
    }

    private boolean tooDeep(TestType type) {
        return recursiveDepth >= MAX_RECURSIVE_DEPTH && holdsRecursive(type);
    }

    private RecordValue recordValue(TestRecord record) {
        List<Object> values = new ArrayList<>(record.fields().size());
        for (TestField field : record.fields()) {
            if (field.optional() && (random.nextInt(4) == 0 || tooDeep(field.type()))) {
                values.add(null);
            } else if (field.hasDefault() && random.nextInt(3) == 0) {
                values.add(field.defaultValue());
            } else {
                values.add(value(field));
            }
        }
        return new RecordValue(record, values);
    }

    /** A value of the field's getter type (never null). */
    Object value(TestField field) {
        TestType type = field.type();
        if (type instanceof TestType.Bool) {
            return random.nextBoolean();
        } else if (type instanceof TestType.Integral t) {
            return JavaTypes.integralValue(field, BigInteger.valueOf(longIn(t.min(), t.max())));
        } else if (type instanceof TestType.Floating t) {
            return t.bits() == 32 ? (Object) floatValue() : (Object) doubleValue();
        } else if (type instanceof TestType.Decimal t) {
            long max = t.maxUnscaled();
            return BigDecimal.valueOf(longIn(t.signed() ? -max : 0, max), t.scale());
        } else if (type instanceof TestType.Date t) {
            LocalDate lo = t.bounded() ? t.lo() : TestType.FIRST_DAY;
            LocalDate hi = t.bounded() ? t.hi() : TestType.LAST_DAY;
            return LocalDate.ofEpochDay(longIn(lo.toEpochDay(), hi.toEpochDay()));
        } else if (type instanceof TestType.Time t) {
            return LocalTime.ofNanoOfDay(longIn(0, t.perDay() - 1) * (1_000_000_000L / TestType.perSecond(t.digits())));
        } else if (type instanceof TestType.Timestamp t) {
            return timestamp(t, longIn(t.loCount(), t.hiCount()));
        } else if (type instanceof TestType.Chars t) {
            return string(t);
        } else if (type instanceof TestType.EnumRef t) {
            return new RecordValue.EnumValue(t.type(), (int) longIn(0, t.type().constants().size() - 1));
        } else if (type instanceof TestType.RecordRef t) {
            return record(t.type());
        } else if (type instanceof TestType.ListOf t) {
            int size = random.nextInt(3) == 0 || tooDeep(t) ? 0 : random.nextInt(random.nextBoolean() ? 4
                    : costly(t.element()) ? holdsRecursive(t) ? 4 : 8 : 100);
            TestField element = t.elementField(field.name());
            List<Object> list = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                list.add(value(element));
            }
            return Collections.unmodifiableList(list);
        } else if (type instanceof TestType.Str) {
            return text();
        } else if (type instanceof TestType.UnionRef t) {
            List<TestField> alternatives = t.union().alternatives();
            int alternative = random.nextInt(alternatives.size());
            if (tooDeep(t)) {
                // an alternative that ends the tree, when there is one
                List<Integer> ending = new ArrayList<>();
                for (int i = 0; i < alternatives.size(); i++) {
                    if (!holdsRecursive(alternatives.get(i).type())) {
                        ending.add(i);
                    }
                }
                alternative = ending.isEmpty() ? alternative : ending.get(random.nextInt(ending.size()));
            }
            return new RecordValue.UnionValue(t.union(), alternative, value(alternatives.get(alternative)));
        } else if (type instanceof TestType.Unbounded t) {
            return t.integer() ? bigInteger() : new BigDecimal(bigInteger(), scale());
        } else if (type instanceof TestType.Blob) {
            byte[] blob = new byte[random.nextInt(3) == 0 ? 0 : random.nextInt(random.nextBoolean() ? 8 : 300)];
            random.nextBytes(blob);
            return blob;
        }
        throw new IllegalArgumentException("unknown type " + type);
    }

    /** Any BigInteger: the byte-length edges (0, -1, 127, 128, -128, -129, ...) often, up to 300 bits. */
    private BigInteger bigInteger() {
        if (random.nextInt(3) == 0) {
            BigInteger edge = BigInteger.ONE.shiftLeft(8 * random.nextInt(10) + 7);
            return switch (random.nextInt(5)) {
                case 0 -> edge.subtract(BigInteger.ONE);
                case 1 -> edge;
                case 2 -> edge.negate();
                case 3 -> edge.negate().subtract(BigInteger.ONE);
                default -> BigInteger.valueOf(random.nextInt(3) - 1);
            };
        }
        BigInteger magnitude = new BigInteger(random.nextBoolean() ? random.nextInt(70) : random.nextInt(300), random);
        return random.nextBoolean() ? magnitude.negate() : magnitude;
    }

    /** A decimal's scale: often small, sometimes negative, sometimes beyond one byte of zigzag LEB128 (-64..63). */
    private int scale() {
        return switch (random.nextInt(6)) {
            case 0 -> -random.nextInt(70);
            case 1 -> new int[] {63, 64, -64, -65, 8191, -8192, 8192, 1000, -1000}[random.nextInt(9)];
            default -> random.nextInt(12);
        };
    }

    /** Whether values of {@code element} cost enough that lists of them are kept short: records and lists. */
    private static boolean costly(TestType element) {
        return element instanceof TestType.RecordRef || element instanceof TestType.ListOf
                || element instanceof TestType.UnionRef;
    }

    /** Well-formed text of 1- to 4-byte UTF-8 characters, often empty or short, sometimes long. */
    /**
     * Strings made before, some of which {@link #text} makes again: documents repeat their strings, which compact
     * records store once (docs/record-format.md, section 8.6).
     */
    private final List<String> made = new ArrayList<>();

    private String text() {
        if (!made.isEmpty() && random.nextInt(3) == 0) {
            return made.get(random.nextInt(made.size()));
        }
        String text = newText();
        if (made.size() < 8) {
            made.add(text);
        } else {
            made.set(random.nextInt(made.size()), text);
        }
        return text;
    }

    private String newText() {
        int length = random.nextInt(3) == 0 ? 0 : random.nextInt(random.nextBoolean() ? 6 : 200);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < length; i++) {
            int codePoint = switch (random.nextInt(5)) {
                case 0 -> 0x80 + random.nextInt(0x780);          // two UTF-8 bytes
                case 1 -> 0x800 + random.nextInt(0xD000 - 0x800); // three, below the surrogates
                case 2 -> 0x10000 + random.nextInt(0x100000);     // four: a surrogate pair in Java
                default -> random.nextInt(0x80);                  // ASCII, NUL included
            };
            s.appendCodePoint(codePoint);
        }
        return s.toString();
    }

    private String string(TestType.Chars t) {
        int length = switch (random.nextInt(6)) {
            case 0 -> 0;
            case 1, 2 -> t.length();
            default -> random.nextInt(t.length() + 1);
        };
        StringBuilder s = new StringBuilder(length);
        String alphabet = t.alphabet();
        for (int i = 0; i < length; i++) {
            int edge = random.nextInt(4);
            s.append(edge == 0 ? alphabet.charAt(0) : edge == 1 ? alphabet.charAt(alphabet.length() - 1)
                    : alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return s.toString();
    }

    /** The timestamp {@code count} units after the epoch: an {@code Instant}, or a {@code LocalDateTime}. */
    static Object timestamp(TestType.Timestamp t, long count) {
        long perSecond = TestType.perSecond(t.digits());
        long seconds = Math.floorDiv(count, perSecond);
        int nanos = (int) (Math.floorMod(count, perSecond) * (1_000_000_000L / perSecond));
        return t.local() ? LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC)
                : Instant.ofEpochSecond(seconds, nanos);
    }

    /** A value in lo..hi inclusive, a third of the time one of the edges. */
    long longIn(long lo, long hi) {
        switch (random.nextInt(9)) {
            case 0:
                return lo;
            case 1:
                return hi;
            case 2:
                return lo <= 0 && 0 <= hi ? 0 : lo;
            default:
                break;
        }
        BigInteger span = BigInteger.valueOf(hi).subtract(BigInteger.valueOf(lo)).add(BigInteger.ONE);
        BigInteger offset;
        if (random.nextBoolean() && span.bitLength() > 8) {
            // a few low bits set, so that small and byte-boundary offsets turn up often
            offset = new BigInteger(random.nextInt(span.bitLength()) + 1, random).mod(span);
        } else {
            offset = new BigInteger(span.bitLength() + 8, random).mod(span);
        }
        return BigInteger.valueOf(lo).add(offset).longValueExact();
    }

    private float floatValue() {
        return switch (random.nextInt(8)) {
            case 0 -> Float.intBitsToFloat(random.nextInt());
            case 1 -> Float.intBitsToFloat(0x7F80_0000 | 1 + random.nextInt(0x7F_FFFF)); // NaN with a payload
            case 2 -> Float.intBitsToFloat(0xFFC0_0000 | random.nextInt(0x3F_FFFF)); // negative quiet NaN
            case 3 -> new float[] {0f, -0f, Float.MIN_VALUE, Float.MAX_VALUE, Float.NEGATIVE_INFINITY,
                Float.POSITIVE_INFINITY, Float.NaN, -1f}[random.nextInt(8)];
            default -> (random.nextFloat() - 0.5f) * (float) Math.pow(10, random.nextInt(20) - 10);
        };
    }

    private double doubleValue() {
        return switch (random.nextInt(8)) {
            case 0 -> Double.longBitsToDouble(random.nextLong());
            case 1 -> Double.longBitsToDouble(0x7FF0_0000_0000_0000L | 1 + (random.nextLong() >>> 13));
            case 2 -> Double.longBitsToDouble(0xFFF8_0000_0000_0000L | (random.nextLong() >>> 14));
            case 3 -> new double[] {0d, -0d, Double.MIN_VALUE, Double.MAX_VALUE, Double.NEGATIVE_INFINITY,
                Double.POSITIVE_INFINITY, Double.NaN, -1d}[random.nextInt(8)];
            default -> (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(40) - 20);
        };
    }
}
