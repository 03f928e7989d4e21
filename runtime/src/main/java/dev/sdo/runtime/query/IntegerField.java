package dev.sdo.runtime.query;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * An integer field: {@code int8 .. int64} (two's complement), {@code uint8 .. uint64}, or {@code int(lo..hi)} (stored
 * as the offset from {@code lo}). Its values are {@code long}s, whatever its getter's Java type, so that
 * {@code ID.eq(42)} reads as written; sums are exact {@code long}s.
 *
 * @param <R> the records' interface
 */
public final class IntegerField<R> extends NumericField<R, Long> {
    private static final long serialVersionUID = 1L;
    private static final BigInteger TWO_TO_THE_63 = BigInteger.ONE.shiftLeft(63);

    private final long min;
    private final long max;
    /** What a key adds up to a value: value = key + base. */
    private final BigInteger base;
    /** Whether values are {@code uint64}s: the longs' bits read unsigned. */
    private final boolean unsigned64;

    private IntegerField(FieldBits bits, KeyOrder order, long minKey, long maxKey, Long defaultRaw, long min, long max,
            BigInteger base, boolean unsigned64) {
        super(bits, order, minKey, maxKey, defaultRaw);
        this.min = min;
        this.max = max;
        this.base = base;
        this.unsigned64 = unsigned64;
    }

    /** A two's complement integer of {@code bits.width()} bits ({@code int8 .. int64}). */
    public static <R> IntegerField<R> signed(FieldBits bits) {
        int width = bits.width();
        long min = width == Long.SIZE ? Long.MIN_VALUE : -(1L << (width - 1));
        long max = width == Long.SIZE ? Long.MAX_VALUE : (1L << (width - 1)) - 1;
        KeyOrder order = width == Long.SIZE ? KeyOrder.STORED : KeyOrder.signed(width);
        return new IntegerField<>(bits, order, min, max, null, min, max, BigInteger.ZERO, false);
    }

    /** An unsigned integer of {@code bits.width()} bits, at most 63 ({@code uint8 .. uint32}). */
    public static <R> IntegerField<R> unsigned(FieldBits bits) {
        if (bits.width() >= Long.SIZE) {
            throw new IllegalArgumentException(bits.name() + ": unsigned fields have at most 63 bits");
        }
        return new IntegerField<>(bits, KeyOrder.STORED, 0, bits.mask(), null, 0, bits.mask(), BigInteger.ZERO,
                false);
    }

    /**
     * {@code uint64}: values are the {@code long}s of the same 64 bits, which hold 0 .. 2^64 - 1 (as
     * {@code Long.toUnsignedString} prints them), and compare unsigned: {@code gt(-1L)} matches nothing, -1 being
     * the largest; sums are exact. Keys are the bits with the top one flipped.
     */
    public static <R> IntegerField<R> unsigned64(FieldBits bits) {
        if (bits.width() != Long.SIZE) {
            throw new IllegalArgumentException(bits.name() + ": a uint64 has 64 bits");
        }
        return new IntegerField<>(bits, KeyOrder.unsigned64(), Long.MIN_VALUE, Long.MAX_VALUE, null, Long.MIN_VALUE,
                Long.MAX_VALUE, TWO_TO_THE_63, true);
    }

    /** {@code int(lo..hi)}: the offset from {@code lo} in {@code bits.width()} bits. */
    public static <R> IntegerField<R> range(FieldBits bits, long lo, long hi) {
        long span = hi - lo;
        if (bits.width() == Long.SIZE) {
            // Offsets up to 2^64 - 1: keys flip the top bit so that they order as signed longs.
            return new IntegerField<>(bits, KeyOrder.unsigned64(), Long.MIN_VALUE, span ^ Long.MIN_VALUE, null, lo, hi,
                    BigInteger.valueOf(lo).add(TWO_TO_THE_63), false);
        }
        return new IntegerField<>(bits, KeyOrder.STORED, 0, span, null, lo, hi, BigInteger.valueOf(lo), false);
    }

    /** This field, with records that store no value read as {@code value}. */
    public IntegerField<R> withDefault(long value) {
        return new IntegerField<>(bits(), order(), minKey(), maxKey(), exactRaw(value), min, max, base, unsigned64);
    }

    @Override
    Long rawOf(Long value) {
        if (value < min || value > max) {
            return null;
        }
        // The key, value - base, in the field's bits; a 64-bit range's keys have their top bit flipped back.
        long key = BigInteger.valueOf(value).subtract(base).longValue();
        return offsetRange64() ? key ^ Long.MIN_VALUE : key & bits().mask();
    }

    /** Whether this is an {@code int(lo..hi)} of 64 bits, whose keys are its offsets with the top bit flipped. */
    private boolean offsetRange64() {
        return bits().width() == Long.SIZE && order() != KeyOrder.STORED;
    }

    @Override
    BigDecimal position(Long value) {
        BigInteger exact = unsigned64 ? new BigInteger(Long.toUnsignedString(value)) : BigInteger.valueOf(value);
        return new BigDecimal(exact.subtract(base));
    }

    @Override
    public Long valueOf(long raw) {
        return BigInteger.valueOf(key(raw)).add(base).longValue();
    }

    @Override
    public BigDecimal total(BigInteger keySum, long count) {
        return new BigDecimal(keySum.add(base.multiply(BigInteger.valueOf(count))));
    }

    /** Records whose value equals {@code value}. */
    public RecordPredicate<R> eq(long value) {
        return eq(Long.valueOf(value));
    }

    /** Records whose value differs from {@code value}, records without a value included. */
    public RecordPredicate<R> ne(long value) {
        return ne(Long.valueOf(value));
    }

    /** Records whose value is less than {@code value}. */
    public RecordPredicate<R> lt(long value) {
        return lt(Long.valueOf(value));
    }

    /** Records whose value is at most {@code value}. */
    public RecordPredicate<R> le(long value) {
        return le(Long.valueOf(value));
    }

    /** Records whose value is greater than {@code value}. */
    public RecordPredicate<R> gt(long value) {
        return gt(Long.valueOf(value));
    }

    /** Records whose value is at least {@code value}. */
    public RecordPredicate<R> ge(long value) {
        return ge(Long.valueOf(value));
    }

    /** Records whose value is at least {@code lo} and at most {@code hi}. */
    public RecordPredicate<R> between(long lo, long hi) {
        return between(Long.valueOf(lo), Long.valueOf(hi));
    }

    /** Records whose value is one of {@code values}. */
    public RecordPredicate<R> in(long... values) {
        return in(Arrays.stream(values).boxed().toArray(Long[]::new));
    }
}
