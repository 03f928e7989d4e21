package dev.sdo.runtime.query;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A field whose values are numbers that a key maps to linearly, so that a sum of values is worked out from the sum of
 * the keys and the count: integers and decimals, which {@code sum} adds up exactly.
 *
 * @param <R> the records' interface
 * @param <T> the field's Java type
 */
public abstract class NumericField<R, T> extends OrderedField<R, T> {
    private static final long serialVersionUID = 1L;

    NumericField(FieldBits bits, KeyOrder order, long minKey, long maxKey, Long defaultRaw) {
        super(bits, order, minKey, maxKey, defaultRaw);
    }

    /** The sum of {@code count} values whose keys add up to {@code keySum}. */
    public abstract BigDecimal total(BigInteger keySum, long count);
}
