package dev.sdo.runtime;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

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

    /**
     * Whether two lists, either of which may be null, hold equal elements, comparing {@code byte[]} elements by
     * content and lists in them element by element: a {@code list<bytes>} (or a list of such lists) is equal to
     * another with the same blobs.
     */
    public static boolean equalLists(List<?> a, List<?> b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!equalElements(a.get(i), b.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean equalElements(Object a, Object b) {
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        } else if (a instanceof List<?> x && b instanceof List<?> y) {
            return equalLists(x, y);
        }
        return Objects.equals(a, b);
    }

    /** A hash code consistent with {@link #equalLists}: 0 for null. */
    public static int listHash(List<?> list) {
        if (list == null) {
            return 0;
        }
        int hash = 1;
        for (Object element : list) {
            hash = 31 * hash + elementHash(element);
        }
        return hash;
    }

    private static int elementHash(Object element) {
        if (element instanceof byte[] blob) {
            return Arrays.hashCode(blob);
        } else if (element instanceof List<?> list) {
            return listHash(list);
        }
        return Objects.hashCode(element);
    }

    /** The list as {@code toString} shows it, with the bytes of its {@code byte[]} elements rather than their identity. */
    public static String listText(List<?> list) {
        if (list == null) {
            return "null";
        }
        StringBuilder text = new StringBuilder("[");
        for (int i = 0; i < list.size(); i++) {
            Object element = list.get(i);
            text.append(i == 0 ? "" : ", ").append(element instanceof byte[] blob ? Arrays.toString(blob)
                    : element instanceof List<?> inner ? listText(inner) : String.valueOf(element));
        }
        return text.append(']').toString();
    }
}
