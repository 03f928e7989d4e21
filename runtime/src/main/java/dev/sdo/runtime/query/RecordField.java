package dev.sdo.runtime.query;

import java.io.Serializable;
import java.util.Objects;

/**
 * A handle on one fixed-width field of records of {@code R}, a constant of the generated {@code XFields} class:
 * where the field's bits are ({@link FieldBits}) and how its values are stored, from which it makes
 * {@link RecordPredicate}s and which the batch's aggregates read.
 *
 * @param <R> the records' interface, {@code X}
 */
public abstract class RecordField<R> implements Serializable {
    private static final long serialVersionUID = 1L;

    private final FieldBits bits;

    RecordField(FieldBits bits) {
        this.bits = Objects.requireNonNull(bits, "bits");
    }

    /** The field's name in its schema. */
    public final String name() {
        return bits.name();
    }

    /** Where the field's bits are. */
    public final FieldBits bits() {
        return bits;
    }

    /**
     * Records that hold a value in this optional field. A required field always holds one, and a field with a default
     * is always read as holding one: for them every record matches.
     */
    public final RecordPredicate<R> isPresent() {
        return new RecordPredicate<>(hasDefault() ? Match.ALL : Match.present(bits));
    }

    /** Records without a value in this optional field: {@link #isPresent()} negated. */
    public final RecordPredicate<R> isAbsent() {
        return isPresent().negate();
    }

    /** Whether records without a stored value read as the field's default. */
    abstract boolean hasDefault();

    /**
     * The predicate that is {@code valueTest} for records that store a value, and {@code absentMatches} for those
     * that do not (whether the test holds for the default, or false without one).
     */
    final RecordPredicate<R> where(Match valueTest, boolean absentMatches) {
        if (!bits.optional()) {
            return new RecordPredicate<>(valueTest);
        }
        Match present = Match.present(bits);
        return new RecordPredicate<>(absentMatches ? Match.or(Match.not(present), valueTest)
                : Match.and(present, valueTest));
    }

    @Override
    public String toString() {
        return bits.toString();
    }
}
