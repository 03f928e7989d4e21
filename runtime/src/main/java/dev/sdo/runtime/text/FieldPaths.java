package dev.sdo.runtime.text;

import java.util.Arrays;

/**
 * One reusable {@link FieldPath} per depth from the record at the top, for a read ({@link XmlTreeReader}) or a
 * write ({@link XmlTreeWriter}) of the XML tree binding: the path of the element being read or written at a depth
 * is set again for each element there, as it is only needed while that element is (to name it in a message), so
 * that a well-formed document makes no path per element.
 */
final class FieldPaths {
    private FieldPath[] paths = new FieldPath[16];

    /**
     * The path of field {@code field} of the record at {@code parent}: valid until the next field or item at its
     * depth takes its place (a message names it before then, and nothing keeps it).
     */
    FieldPath field(FieldPath parent, String field) {
        return at(parent.depth() + 1).reset(parent, field, -1);
    }

    /** The path of item {@code item} of the list at {@code parent}, as {@link #field}. */
    FieldPath item(FieldPath parent, int item) {
        return at(parent.depth() + 1).reset(parent, null, item);
    }

    private FieldPath at(int depth) {
        if (depth >= paths.length) {
            paths = Arrays.copyOf(paths, 2 * depth);
        }
        FieldPath path = paths[depth];
        if (path == null) {
            path = FieldPath.reusable();
            paths[depth] = path;
        }
        return path;
    }
}
