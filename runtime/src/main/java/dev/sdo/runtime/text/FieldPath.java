package dev.sdo.runtime.text;

/**
 * Where a field is, from the record at the top: {@code Swap.swapStream[1].calculationPeriodDates}. Made into text
 * only for a message, so that reading a well-formed document builds no path strings.
 */
final class FieldPath {
    private final FieldPath parent;
    private final String name;
    private final int index;

    private FieldPath(FieldPath parent, String name, int index) {
        this.parent = parent;
        this.name = name;
        this.index = index;
    }

    /** The record at the top, by its name. */
    static FieldPath root(String record) {
        return new FieldPath(null, record, -1);
    }

    /** A field of the record here. */
    FieldPath field(String field) {
        return new FieldPath(this, field, -1);
    }

    /** An item of the list here, counted from 0. */
    FieldPath item(int item) {
        return new FieldPath(this, null, item);
    }

    /** The text of a field of the record here, for a message. */
    String field(String field, int item) {
        return this + "." + field + (item < 0 ? "" : "[" + item + "]");
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        append(text);
        return text.toString();
    }

    private void append(StringBuilder text) {
        if (parent != null) {
            parent.append(text);
        }
        if (name == null) {
            text.append('[').append(index).append(']');
        } else {
            text.append(parent == null ? "" : ".").append(name);
        }
    }
}
