package dev.sdo.runtime.text;

import java.util.Arrays;

/**
 * The views that {@link XmlNested} reads a record's nested values through while one document is written: one per
 * depth and kind (a record, a list, a union), moved from value to value, so that writing a record's nested records,
 * lists and unions makes no object per value. A view kept at a depth is only read while the value there is being
 * written; the values nested in it are at greater depths. One per write; not for threads to share.
 */
public final class XmlViews {
    /** How many kinds of views are kept per depth. */
    public static final int KINDS = 3;

    private Object[] views = new Object[KINDS * 32];

    /** The view of {@code kind} (0 to {@link #KINDS} - 1) kept at {@code depth}; null before one is kept there. */
    public Object get(int depth, int kind) {
        int index = depth * KINDS + kind;
        return index < views.length ? views[index] : null;
    }

    /** Keeps {@code view} as the view of {@code kind} at {@code depth}. */
    public void put(int depth, int kind, Object view) {
        int index = depth * KINDS + kind;
        if (index >= views.length) {
            views = Arrays.copyOf(views, Math.max(index + 1, 2 * views.length));
        }
        views[index] = view;
    }
}
