package dev.sdo.runtime;

import java.math.BigDecimal;

/**
 * Value comparisons for generated beans. A decimal field holds a number, not a number with a scale: the bean that
 * holds {@code 1.5} and the one that holds {@code 1.50} (as an SDO returns it for {@code udecimal(4, 2)}) hold the
 * same field value.
 */
public final class BeanValues {
    private BeanValues() {}

    /** Whether two decimals, either of which may be null, are numerically equal. */
    public static boolean equalDecimals(BigDecimal a, BigDecimal b) {
        return a == null ? b == null : b != null && a.compareTo(b) == 0;
    }

    /** A hash code consistent with {@link #equalDecimals}: 0 for null. */
    public static int decimalHash(BigDecimal value) {
        return value == null ? 0 : value.stripTrailingZeros().hashCode();
    }
}
