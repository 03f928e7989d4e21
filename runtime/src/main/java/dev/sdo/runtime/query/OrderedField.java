package dev.sdo.runtime.query;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.Objects;

/**
 * A field whose stored bits order records as its values order them (after {@link KeyOrder}): every comparison is a
 * test of the field's key against an interval, worked out once from the value. Values between two storable ones
 * ({@code 1.005} for a decimal of scale 2, {@code 12:00:00.0005} for a millisecond time) compare as Java compares
 * them with the stored values; values outside the field's range match nothing or everything as they should.
 *
 * @param <R> the records' interface
 * @param <T> the field's Java type (boxed)
 */
public abstract class OrderedField<R, T> extends RecordField<R> {
    private static final long serialVersionUID = 1L;

    private final KeyOrder order;
    private final long minKey;
    private final long maxKey;
    /** The default's stored bits when records without a value read as a default, else null. */
    private final Long defaultRaw;

    OrderedField(FieldBits bits, KeyOrder order, long minKey, long maxKey, Long defaultRaw) {
        super(bits);
        this.order = order;
        this.minKey = minKey;
        this.maxKey = maxKey;
        this.defaultRaw = defaultRaw;
    }

    /**
     * The stored bits of {@code value}, or null when the field cannot hold it exactly.
     *
     * @throws NullPointerException if value is null
     */
    abstract Long rawOf(T value);

    /**
     * Where {@code value} falls among the keys: its key when stored, a number between two keys when it falls
     * between two storable values, outside {@code [minKey, maxKey]} when it is outside the field's range.
     *
     * @throws IllegalArgumentException when the value has no place in the field's order
     */
    abstract BigDecimal position(T value);

    /** The value whose stored bits are {@code raw}. */
    public abstract T valueOf(long raw);

    /** The key of stored bits {@code raw}, which orders records as their values order. */
    public final long key(long raw) {
        return order.key(raw);
    }

    /**
     * The key of {@code value}, which the field must hold exactly: for comparing with keys read from stored records
     * (an index of keys on a cluster's storage members).
     *
     * @throws IllegalArgumentException if the field cannot hold {@code value}
     */
    public final long keyOf(T value) {
        Long raw = rawOf(Objects.requireNonNull(value, "value"));
        if (raw == null) {
            throw new IllegalArgumentException(name() + ": " + value + " is not a value of the field");
        }
        return key(raw);
    }

    final KeyOrder order() {
        return order;
    }

    /** The smallest key a value of the field has. */
    final long minKey() {
        return minKey;
    }

    /** The largest key a value of the field has. */
    final long maxKey() {
        return maxKey;
    }

    /** What an aggregate reads of the field. */
    public final KeyReader keyReader() {
        return new KeyReader(bits(), order, defaultRaw);
    }

    /** The stored bits of the default, for a field with one. */
    final Long defaultRaw() {
        return defaultRaw;
    }

    @Override
    final boolean hasDefault() {
        return defaultRaw != null;
    }

    /** The stored bits of {@code value}, which must be exact: for a default. */
    final long exactRaw(T value) {
        Long raw = rawOf(Objects.requireNonNull(value, "default"));
        if (raw == null) {
            throw new IllegalArgumentException(name() + ": the default " + value + " is not a value of the field");
        }
        return raw;
    }

    /** Records whose value equals {@code value}. */
    public final RecordPredicate<R> eq(T value) {
        Long raw = rawOf(Objects.requireNonNull(value, "value"));
        if (raw == null) {
            return RecordPredicate.none();
        }
        return where(Match.rawEquals(bits(), raw), raw.equals(defaultRaw));
    }

    /** Records whose value differs from {@code value}, records without a value included. */
    public final RecordPredicate<R> ne(T value) {
        return eq(value).negate();
    }

    /** Records whose value is one of {@code values}. */
    @SafeVarargs
    public final RecordPredicate<R> in(T... values) {
        long[] raws = Arrays.stream(values).map(value -> rawOf(Objects.requireNonNull(value, "value")))
                .filter(Objects::nonNull).mapToLong(Long::longValue).toArray();
        boolean absentMatches = defaultRaw != null && Arrays.stream(raws).anyMatch(raw -> raw == defaultRaw);
        return where(Match.rawIn(bits(), raws), absentMatches);
    }

    /** Records whose value is less than {@code value}. */
    public final RecordPredicate<R> lt(T value) {
        BigDecimal at = position(value);
        return keysBetween(BigInteger.valueOf(minKey), ceiling(at).subtract(BigInteger.ONE));
    }

    /** Records whose value is at most {@code value}. */
    public final RecordPredicate<R> le(T value) {
        return keysBetween(BigInteger.valueOf(minKey), floor(position(value)));
    }

    /** Records whose value is greater than {@code value}. */
    public final RecordPredicate<R> gt(T value) {
        return keysBetween(floor(position(value)).add(BigInteger.ONE), BigInteger.valueOf(maxKey));
    }

    /** Records whose value is at least {@code value}. */
    public final RecordPredicate<R> ge(T value) {
        return keysBetween(ceiling(position(value)), BigInteger.valueOf(maxKey));
    }

    /** Records whose value is at least {@code lo} and at most {@code hi}. */
    public final RecordPredicate<R> between(T lo, T hi) {
        return keysBetween(ceiling(position(lo)), floor(position(hi)));
    }

    private static BigInteger floor(BigDecimal position) {
        return position.setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
    }

    private static BigInteger ceiling(BigDecimal position) {
        return position.setScale(0, RoundingMode.CEILING).toBigIntegerExact();
    }

    /** Records whose key is within {@code [lo, hi]}, which may reach beyond the field's keys. */
    private RecordPredicate<R> keysBetween(BigInteger lo, BigInteger hi) {
        BigInteger min = BigInteger.valueOf(minKey);
        BigInteger max = BigInteger.valueOf(maxKey);
        BigInteger from = lo.max(min);
        BigInteger to = hi.min(max);
        if (from.compareTo(to) > 0) {
            return where(Match.NONE, false);
        }
        long first = from.longValueExact();
        long last = to.longValueExact();
        boolean absentMatches = defaultRaw != null && key(defaultRaw) >= first && key(defaultRaw) <= last;
        Match test = first == minKey && last == maxKey ? Match.ALL : Match.keyBetween(bits(), order, first, last);
        return where(test, absentMatches);
    }
}
