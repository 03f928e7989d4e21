package dev.sdo.runtime.query;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A condition on records of {@code R}, made from the field handles of a generated {@code XFields} class
 * ({@code TradeFields.CURRENCY1.eq("EUR").and(TradeFields.BUY_SELL.eq(Side.Buy))}) and run by a batch's queries
 * ({@code count}, {@code sum}, {@code where}) on the records' stored bits, without making an object per record.
 *
 * <p>A predicate is compiled when it is made: values become the numbers their fields store, and the tests become
 * comparisons on the record's words ({@link Match}). A value a field cannot hold ({@code eq("EURO")} of a
 * {@code char(3)}, a date outside its range) makes a predicate that matches nothing, and a query answers it without
 * reading a record.
 *
 * <p>For a record without a value in an optional field, a test of that field is false (as a comparison with
 * {@code null} would be), and its negation true; a field with a default is tested as holding its default.
 *
 * @param <R> the records' interface, {@code X}
 */
public final class RecordPredicate<R> implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final RecordPredicate<?> ALL = new RecordPredicate<>(Match.ALL);
    private static final RecordPredicate<?> NONE = new RecordPredicate<>(Match.NONE);

    private final Match match;

    RecordPredicate(Match match) {
        this.match = match;
    }

    /** The predicate every record matches. */
    @SuppressWarnings("unchecked")
    public static <R> RecordPredicate<R> all() {
        return (RecordPredicate<R>) ALL;
    }

    /** The predicate no record matches. */
    @SuppressWarnings("unchecked")
    public static <R> RecordPredicate<R> none() {
        return (RecordPredicate<R>) NONE;
    }

    /** Records that match this predicate and {@code other}. */
    public RecordPredicate<R> and(RecordPredicate<R> other) {
        return new RecordPredicate<>(Match.and(match, Objects.requireNonNull(other, "other").match));
    }

    /** Records that match this predicate or {@code other}. */
    public RecordPredicate<R> or(RecordPredicate<R> other) {
        return new RecordPredicate<>(Match.or(match, Objects.requireNonNull(other, "other").match));
    }

    /** Records that do not match this predicate. */
    public RecordPredicate<R> negate() {
        return new RecordPredicate<>(Match.not(match));
    }

    /** The compiled tests, which need no generated class to run. */
    public Match match() {
        return match;
    }

    /** Whether the record at byte {@code base} of {@code chunk} matches. */
    public boolean test(ByteBuffer chunk, int base) {
        return match.test(chunk, base);
    }

    /** The compiled tests, for reading: {@code (word@0 & 0x...) == 0x...}. */
    @Override
    public String toString() {
        return match.toString();
    }
}
