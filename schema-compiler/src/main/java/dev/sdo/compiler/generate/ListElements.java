package dev.sdo.compiler.generate;

import dev.sdo.compiler.layout.BitWidths;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType.ListType;
import java.util.List;

/**
 * The elements of a {@code list<T>} of fixed-width values, described as a field of type T at bit 0, so that the
 * field readers' and writers' conversions serve elements too: an element is stored exactly as a required field of
 * its type would be.
 */
final class ListElements {
    private ListElements() {}

    /** A required field of the element type named like the list (error messages name the list) at bit 0. */
    static FieldLayout layout(SdoContext context, Field list, ListType type) {
        Field element = new Field(list.name(), type.element(), false, null, null, list.since(), List.of(), "",
                list.position());
        return new FieldLayout(element, -1, 0, BitWidths.bits(type.element(), context.schema()));
    }

    /** The prefix of the constants that belong to the list's elements. */
    static String prefix(String listPrefix) {
        return listPrefix + "_ELEMENT";
    }
}
