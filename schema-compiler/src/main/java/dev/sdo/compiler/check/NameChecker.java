package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.diagnostics.SourcePosition;
import dev.sdo.compiler.generate.GeneratedNames;
import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.JavaNames;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.model.UnionType;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Names that cannot become Java names (keywords, {@code _}, literals, {@code record} and friends for types), names
 * declared twice in one record or enum, and fields whose generated accessors would collide.
 */
final class NameChecker {
    /** Words of the schema language that a type name cannot be, or no field could refer to it. */
    private static final Set<String> LANGUAGE_WORDS = Set.of("package", "import", "enum", "record", "optional",
            "as", "true", "false", "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
            "int", "float32", "float64", "decimal", "udecimal", "date", "time", "timestamp", "localtimestamp", "char",
            "string", "bytes", "list");
    /** Methods every generated class has from {@code Object} that a getter must not redeclare. */
    private static final Map<String, String> OBJECT_ACCESSORS = Map.of("Class", "getClass()");

    private final Diagnostics diagnostics;

    NameChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void check(Schema schema) {
        for (EnumType enumType : schema.enums()) {
            checkTypeName(enumType.name().simpleName(), "an enum", enumType.position());
            Map<String, SourcePosition> constants = new HashMap<>();
            for (EnumType.EnumConstant constant : enumType.constants()) {
                checkReserved(constant.name(), "an enum constant", constant.position());
                SourcePosition first = constants.putIfAbsent(constant.name(), constant.position());
                if (first != null) {
                    diagnostics.error(constant.position(), "duplicate constant '" + constant.name() + "' in enum '"
                            + enumType.name().simpleName() + "': already declared at "
                            + Positions.where(first, constant.position()));
                }
            }
        }
        for (UnionType union : schema.unions()) {
            if (union.fromAbstract()) {
                continue;
            }
            checkTypeName(union.name().simpleName(), "a union", union.position());
            Map<String, String> seen = new HashMap<>();
            for (Field alternative : union.alternatives()) {
                checkReserved(alternative.name(), "a union alternative", alternative.position());
                String first = seen.putIfAbsent(caseless(alternative.name()), alternative.name());
                // The same name twice is a duplicate, which the union checker reports.
                if (first != null && !first.equals(alternative.name())) {
                    diagnostics.error(alternative.position(), "alternative '" + alternative.name() + "' of union '"
                            + union.name().simpleName() + "' clashes with another whose accessors differ only in case");
                }
            }
        }
        for (RecordType record : schema.records()) {
            checkTypeName(record.name().simpleName(), "a record", record.position());
            checkFields(record);
        }
    }

    private void checkTypeName(String name, String what, SourcePosition position) {
        if (checkReserved(name, what, position)) {
            return;
        }
        if (JavaNames.isRestrictedTypeName(name)) {
            diagnostics.error(position, "'" + name + "' cannot name " + what + ": Java does not allow it as a type name");
        } else if (LANGUAGE_WORDS.contains(name)) {
            diagnostics.error(position, "'" + name + "' is a word of the schema language and cannot name " + what);
        }
    }

    /** Reports a Java keyword or literal used as a name; true when it did. */
    private boolean checkReserved(String name, String what, SourcePosition position) {
        if (JavaNames.isReserved(name)) {
            diagnostics.error(position, "'" + name + "' is " + JavaNames.reservedKind(name) + " and cannot name "
                    + what);
            return true;
        }
        return false;
    }

    private void checkFields(RecordType record) {
        Map<String, Field> byName = new HashMap<>();
        Map<String, Field> byProperty = new LinkedHashMap<>();
        for (Field field : record.fields()) {
            if (checkReserved(field.name(), "a field", field.position())) {
                continue;
            }
            if (GeneratedNames.BEAN_MEMBERS.contains(field.name())) {
                diagnostics.error(field.position(), "field '" + field.name() + "' would clash with the member "
                        + field.name() + " that every generated bean has");
                continue;
            }
            Field first = byName.putIfAbsent(field.name(), field);
            if (first != null) {
                diagnostics.error(field.position(), "duplicate field '" + field.name() + "' in record '"
                        + record.name().simpleName() + "': already declared at "
                        + Positions.where(first.position(), field.position()));
                continue;
            }
            for (String property : GeneratedNames.properties(field)) {
                if (OBJECT_ACCESSORS.containsKey(property)) {
                    diagnostics.error(field.position(), "field '" + field.name() + "' would have the getter "
                            + OBJECT_ACCESSORS.get(property) + ", which clashes with java.lang.Object's");
                    break;
                }
                Field other = byProperty.putIfAbsent(property, field);
                if (other != null) {
                    diagnostics.error(field.position(), "field '" + field.name() + "' clashes with field '"
                            + other.name() + "' declared at " + Positions.where(other.position(), field.position())
                            + ": both would generate accessors for the property '" + property + "'");
                    break;
                }
            }
        }
    }

    /** An alternative's name as its accessors and enum constant spell it, case aside. */
    private static String caseless(String name) {
        return name.toUpperCase(java.util.Locale.ROOT);
    }
}
