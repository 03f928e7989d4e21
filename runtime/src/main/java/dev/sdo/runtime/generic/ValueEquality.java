package dev.sdo.runtime.generic;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Equality of the values {@link RecordValues} and {@link GenericUnion} hold, by content all the way down: a
 * {@code bytes} value is an array, which {@code equals} would compare by identity wherever it sits (a field, a list's
 * item, a union's alternative).
 */
final class ValueEquality {
    private ValueEquality() {}

    static boolean equal(Object a, Object b) {
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!equal(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return Objects.equals(a, b);
    }

    static int hash(Object value) {
        if (value instanceof byte[] bytes) {
            return Arrays.hashCode(bytes);
        }
        if (value instanceof List<?> list) {
            int hash = 1;
            for (Object item : list) {
                hash = 31 * hash + hash(item);
            }
            return hash;
        }
        return Objects.hashCode(value);
    }
}
