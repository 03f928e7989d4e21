package dev.sdo.compiler.generate;

import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.layout.UnionLayout;
import dev.sdo.compiler.model.QualifiedName;
import java.util.HashSet;
import java.util.Set;

/**
 * What the compiler knows statically of shared strings (docs/record-format.md, section 8.6): which fields are string
 * fields of a compact record, whose data may be a reference to an earlier string of the same document, and which
 * compact records' documents can hold one, so that only their generated code reads and copies them as parts of a
 * document. Every other record's code stays as it was.
 */
final class SharedStringFields {
    private SharedStringFields() {}

    /** Whether {@code field} is a string field of a compact record: its data may be a reference (section 8.6). */
    static boolean isSharedString(FieldLayout field) {
        return field.compactSlot() && field.encoding() instanceof Encoding.Text;
    }

    /**
     * Whether a document of compact record {@code layout} can hold a string field: the record has one, or a compact
     * record it holds as a field, a list's element or a union's alternative (recursively, but not through a record
     * that is not compact, whose compact records are documents of their own) has one. False for a record that is not
     * laid out compact.
     */
    static boolean documentHasStrings(CodecModel model, RecordLayout layout) {
        return layout.compact() && holdsStrings(model, layout, new HashSet<>());
    }

    /**
     * Whether a value of field {@code field} of a compact record, its data being a part of the record's document,
     * can hold a string field of that document (a nested compact record, a list of them, a union with one as an
     * alternative); not a string field itself.
     */
    static boolean partHasStrings(CodecModel model, FieldLayout field) {
        return field.compactSlot() && encodingHasStrings(model, field.encoding(), new HashSet<>());
    }

    private static boolean holdsStrings(CodecModel model, RecordLayout layout, Set<QualifiedName> seen) {
        if (!seen.add(layout.record().name())) {
            // A recursive record: whatever it holds is found where it was first met.
            return false;
        }
        for (FieldLayout field : layout.fields()) {
            if (isSharedString(field) || field.compactSlot() && encodingHasStrings(model, field.encoding(), seen)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a value stored as {@code encoding} in a compact record's document can hold a string field of it. */
    private static boolean encodingHasStrings(CodecModel model, Encoding encoding, Set<QualifiedName> seen) {
        if (encoding instanceof Encoding.Nested nested) {
            RecordLayout record = model.record(nested.record());
            return record.compact() && holdsStrings(model, record, seen);
        } else if (encoding instanceof Encoding.ListOf list) {
            return encodingHasStrings(model, list.element(), seen);
        } else if (encoding instanceof Encoding.Union union) {
            for (UnionLayout.AlternativeLayout alternative : union.layout().alternatives()) {
                if (encodingHasStrings(model, alternative.encoding(), seen)) {
                    return true;
                }
            }
        }
        return false;
    }
}
