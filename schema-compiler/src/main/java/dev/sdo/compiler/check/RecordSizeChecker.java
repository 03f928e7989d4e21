package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.layout.BitWidths;
import dev.sdo.compiler.layout.Encodings;
import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType.EnumRef;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.Limits;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Records and enums too large for the generated classes to load ({@link Limits#MAX_FIELDS},
 * {@link Limits#MAX_ENUM_CONSTANTS}), and records whose fixed size does not fit an {@code int} number of bytes (sizes and offsets are ints at run time).
 * Sizes are summed exactly, since nesting can multiply them beyond any long. Fields whose width is unknown because
 * of another problem (reported elsewhere) count as zero bits, so the size used is a lower bound.
 */
final class RecordSizeChecker {
    private static final BigInteger MAX_BITS = BigInteger.valueOf(Integer.MAX_VALUE).shiftLeft(3);

    private final Diagnostics diagnostics;
    private final Map<QualifiedName, BigInteger> bits = new HashMap<>();
    private final Set<QualifiedName> inProgress = new HashSet<>();

    RecordSizeChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void check(Schema schema) {
        // One for the whole schema, so that each record's width and variability are worked out once.
        Encodings encodings = new Encodings(schema);
        for (EnumType enumType : schema.enums()) {
            if (enumType.constants().size() > Limits.MAX_ENUM_CONSTANTS) {
                diagnostics.error(enumType.position(), "enum '" + enumType.name().simpleName() + "' has "
                        + enumType.constants().size() + " constants, more than the " + Limits.MAX_ENUM_CONSTANTS
                        + " a generated Java enum can hold");
            }
        }
        for (RecordType record : schema.records()) {
            if (record.fields().size() > Limits.MAX_FIELDS) {
                diagnostics.error(record.position(), "record '" + record.name().simpleName() + "' has "
                        + record.fields().size() + " fields, more than the " + Limits.MAX_FIELDS
                        + " its generated classes can hold within the JVM's limits");
            }
            BigInteger total = bits(record, encodings);
            if (total.compareTo(MAX_BITS) > 0) {
                diagnostics.error(record.position(), "record '" + record.name().simpleName() + "' is too large: "
                        + total + " bits, more than the " + Integer.MAX_VALUE + " bytes a record may have");
            }
        }
    }

    private BigInteger bits(RecordType record, Encodings encodings) {
        BigInteger known = bits.get(record.name());
        if (known != null) {
            return known;
        }
        if (!inProgress.add(record.name())) {
            return BigInteger.ZERO; // a cycle, reported by RecursionChecker
        }
        BigInteger total = BigInteger.ZERO;
        // A compact record's variable-length field (docs/record-format.md, section 8) takes a slot bit (its presence
        // bit, when it has one) in place of its 32-bit slot, and the record its 2-bit slot width code.
        boolean compact = record.compact() && !diagnostics.hasErrors();
        boolean slots = false;
        for (Field field : record.fields()) {
            BigInteger fieldBits = bits(field.type(), encodings);
            boolean slotBit = field.hasPresenceBit();
            if (compact && encodings.of(field).variableLength()) {
                fieldBits = fieldBits.subtract(BigInteger.valueOf(BitWidths.END_SLOT_BITS));
                slotBit = true;
                slots = true;
            }
            total = total.add(BigInteger.valueOf(slotBit ? 1 : 0)).add(fieldBits);
        }
        if (slots) {
            total = total.add(BigInteger.valueOf(dev.sdo.compiler.layout.RecordLayout.SLOT_WIDTH_BITS));
        }
        inProgress.remove(record.name());
        bits.put(record.name(), total);
        return total;
    }

    private BigInteger bits(FieldType type, Encodings encodings) {
        Schema schema = encodings.schema();
        if (type instanceof RecordRef ref) {
            // Whether it is variable-length needs its fields' encodings, which types with errors (an enum without
            // constants, a reversed range) do not have: after other errors it is sized as if stored inline.
            if (!diagnostics.hasErrors() && encodings.of(type).variableLength()) {
                return BigInteger.valueOf(BitWidths.END_SLOT_BITS); // its data follows the fixed part
            }
            return schema.recordType(ref.name()).map(r -> bits(r, encodings)).orElse(BigInteger.ZERO);
        } else if (type.isList()) {
            return BigInteger.valueOf(BitWidths.END_SLOT_BITS);
        } else if (type instanceof dev.sdo.compiler.model.FieldType.UnionRef) {
            // At most 64 bits inline, the rest behind a slot; not sized after other errors, which may be cycles.
            return diagnostics.hasErrors() ? BigInteger.ZERO : BigInteger.valueOf(encodings.of(type).bits());
        } else if (!TypeArguments.problems(type).isEmpty()) {
            return BigInteger.ZERO;
        } else if (type instanceof EnumRef ref
                && schema.enumType(ref.name()).map(e -> e.constants().isEmpty()).orElse(true)) {
            return BigInteger.ZERO;
        }
        return BigInteger.valueOf(encodings.of(type).bits());
    }
}
