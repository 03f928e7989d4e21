package dev.sdo.runtime.text;

/**
 * Where a field is, from the record at the top: {@code Swap.swapStream[1].calculationPeriodDates}. Made into text
 * only for a message, so that reading a well-formed document builds no path strings.
 *
 * <p>The XML tree binding does not make a new path for every element it reads or writes: {@link XmlTreeReader} and
 * {@link XmlTreeWriter} keep one per depth ({@link FieldPaths}) and set it again for each element ({@link #reset}),
 * as an element's path is only needed while it is read or written (to name it in a message), after which the next
 * element at that depth takes its place.
 */
final class FieldPath {
    private FieldPath parent;
    private String name;
    private int index;
    /** How far from the record at the top: 0 for it. */
    private int depth;

    private FieldPath(FieldPath parent, String name, int index) {
        this.parent = parent;
        this.name = name;
        this.index = index;
        this.depth = parent == null ? 0 : parent.depth + 1;
    }

    /** A path to be {@link #reset}. */
    static FieldPath reusable() {
        return new FieldPath(null, null, -1);
    }

    /** Makes this path a field ({@code name}, index -1) or an item ({@code name} null) of {@code parent}. */
    FieldPath reset(FieldPath parent, String name, int index) {
        this.parent = parent;
        this.name = name;
        this.index = index;
        this.depth = parent.depth + 1;
        return this;
    }

    int depth() {
        return depth;
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

    /**
     * The name of the record at the top, and of the field or item here, as they are now: what a message made after
     * the path is reused can still say, for the cost of no string made now ({@code swapStream} and {@code Swap}).
     */
    String lastName() {
        return name != null ? name : parent.lastName();
    }

    /** The name of the record at the top. */
    String rootName() {
        return parent == null ? name : parent.rootName();
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
