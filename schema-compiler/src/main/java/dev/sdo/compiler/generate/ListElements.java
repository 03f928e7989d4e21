package dev.sdo.compiler.generate;

import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.model.Field;
import java.util.List;

/**
 * The elements of a {@code list<T>} of fixed-width values, described as a field of type T at bit 0, so that the
 * field readers' and writers' conversions serve elements too: an element is stored exactly as a required field of
 * its type would be.
 */
final class ListElements {
    private ListElements() {}

    /**
     * A required field at bit 0, stored as the element's encoding says, named like the list (error messages name the
     * list). Its model type is left out: the readers and writers of elements go by the encoding alone.
     */
    static FieldLayout layout(Field list, Encoding.ListOf type) {
        Field element = new Field(list.name(), null, false, null, null, list.since(), List.of(), "", list.position());
        return new FieldLayout(element, type.element(), -1, 0);
    }

    /** The prefix of the constants that belong to the list's elements. */
    static String prefix(String listPrefix) {
        return listPrefix + "_ELEMENT";
    }
}
