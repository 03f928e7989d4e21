package dev.sdo.compiler.generate;

import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.layout.UnionLayout;
import dev.sdo.compiler.model.QualifiedName;
import java.util.HashSet;
import java.util.Set;

/**
 * Which values a compact record's generated encode sizes and writes through a {@code CompactSizes} log (its local or
 * parameter {@code sizes}): those that are, or hold, a compact record with variable-length data, which its sizing pass
 * logs the size of and its writing pass reads it back from, so that each is sized once per encode however deep it
 * is nested. A value that holds none is sized and written as before, without the log.
 */
final class CompactLog {
    /** The name of the log in generated code. */
    static final String SIZES = "sizes";

    private CompactLog() {}

    /**
     * Whether the private {@code dataBytes} and {@code encode} of the compact record {@code layout} take the log: one
     * of its variable-length fields does, or is a string, which its document may share through the log
     * ({@code sizes.sharing()}, docs/record-format.md section 8.6).
     */
    static boolean takenBy(RecordLayout layout) {
        return layout.compact() && layout.fields().stream().anyMatch(field -> field.variableLength()
                && (uses(field.encoding()) || SharedStringFields.isSharedString(field)));
    }

    /**
     * Whether sizing or writing a value of {@code encoding} takes the log: a compact record with variable-length
     * data, a list whose elements take it, or a union with an alternative behind its slot that takes it.
     */
    static boolean uses(Encoding encoding) {
        return uses(encoding, new HashSet<>());
    }

    private static boolean uses(Encoding encoding, Set<QualifiedName> unions) {
        if (encoding instanceof Encoding.Nested nested) {
            return nested.variableLength() && nested.record().compact();
        } else if (encoding instanceof Encoding.ListOf list) {
            return uses(list.element(), unions);
        } else if (encoding instanceof Encoding.Union union && unions.add(union.name())) {
            for (UnionLayout.AlternativeLayout alternative : union.layout().alternatives()) {
                if (!alternative.inline() && uses(alternative.encoding(), unions)) {
                    return true;
                }
            }
        }
        return false;
    }
}
