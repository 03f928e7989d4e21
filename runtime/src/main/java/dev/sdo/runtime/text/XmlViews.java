package dev.sdo.runtime.text;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * The views that {@link XmlNested} reads a record's nested values through while a document is written: one per
 * depth and kind (a record, a list, a union), moved from value to value, so that writing a record's nested records,
 * lists and unions makes no object per value. A view kept at a depth is only read while the value there is being
 * written; the values nested in it are at greater depths. One per write at a time (a thread's writes reuse it); not
 * for threads to share.
 */
public final class XmlViews {
    /** How many kinds of views are kept per depth. */
    public static final int KINDS = 3;

    private Object[] views = new Object[KINDS * 32];
    /** What lets go of what a view was last at, for each view kept (by the same index). */
    private Consumer<Object>[] clears = newClears(views.length);
    /** One more than the highest index a view is kept at. */
    private int used;

    XmlViews() {}

    @SuppressWarnings("unchecked")
    private static Consumer<Object>[] newClears(int length) {
        return (Consumer<Object>[]) new Consumer<?>[length];
    }

    /** The view of {@code kind} (0 to {@link #KINDS} - 1) kept at {@code depth}; null before one is kept there. */
    public Object get(int depth, int kind) {
        int index = depth * KINDS + kind;
        return index < views.length ? views[index] : null;
    }

    /**
     * Keeps {@code view} as the view of {@code kind} at {@code depth}; {@code clear} lets go of what it was last at
     * once the write is done ({@link #release}), so that a view kept for the thread's next write keeps no record's
     * bytes alive.
     */
    public void put(int depth, int kind, Object view, Consumer<Object> clear) {
        int index = depth * KINDS + kind;
        if (index >= views.length) {
            int length = Math.max(index + 1, 2 * views.length);
            views = Arrays.copyOf(views, length);
            clears = Arrays.copyOf(clears, length);
        }
        views[index] = view;
        clears[index] = clear;
        used = Math.max(used, index + 1);
    }

    /** Has every view let go of what it was last at (the views are kept). */
    void release() {
        for (int i = 0; i < used; i++) {
            if (views[i] != null) {
                clears[i].accept(views[i]);
            }
        }
    }
}
