package dev.sdo.compiler.layout;

import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The bit layout of a record (spec section 3): fields in declaration order, packed from bit 0 with no gaps; an
 * optional field's presence bit immediately before its value bits; a nested record inline. A variable-length
 * field takes a fixed-width slot in that order, and its data follows the fixed part (docs/record-format.md). A
 * {@code @compact} record with variable-length fields starts with its slot width code and one slot bit per
 * variable-length field, and keeps its end slots in a table after the fixed part, one for each field with data
 * (section 8).
 */
public record RecordLayout(RecordType record, List<FieldLayout> fields, long totalBits) {

    /** The bits of a compact record's slot width code, its first bits: its end slots are code + 1 bytes wide. */
    public static final int SLOT_WIDTH_BITS = 2;

    public RecordLayout {
        fields = List.copyOf(fields);
    }

    /** The record's fixed size in bytes: ceil(totalBits / 8). */
    public int bytes() {
        return Math.toIntExact((totalBits + 7) / 8);
    }

    /** The record's schema version: the largest {@code @since} of its fields, 1 without any. */
    public int version() {
        return record.version();
    }

    /** Whether the record has fields added after version 1, so that its code reads data of other versions. */
    public boolean versioned() {
        return version() > 1;
    }

    /**
     * Version 1 and every version that added fields, ascending: the versions whose layouts differ. A version between
     * two of them has the layout of the lower one.
     */
    public List<Integer> versions() {
        return IntStream.concat(IntStream.of(1), fields.stream().mapToInt(f -> f.field().since()))
                .distinct().sorted().boxed().toList();
    }

    /**
     * The layout of the record as version {@code version} of the schema had it: the fields with {@code since <=
     * version}. Fields are declared in {@code since} order (the check stage sees to it), so these are a prefix of
     * the fields, at the same offsets, and every version's data starts with the bits of every earlier version's.
     */
    public RecordLayout upTo(int version) {
        if (version < 1 || version > version()) {
            throw new IllegalArgumentException(record.name() + " has versions 1.." + version() + ", not " + version);
        }
        List<FieldLayout> known = fields.stream().takeWhile(f -> f.field().since() <= version).toList();
        return new RecordLayout(record, known, known.isEmpty() ? 0 : known.get(known.size() - 1).end());
    }

    /**
     * Whether the record is laid out compact (docs/record-format.md, section 8): it is {@code @compact} and has
     * variable-length fields (a compact record without any is its fixed part, like any other).
     */
    public boolean compact() {
        return fields.stream().anyMatch(FieldLayout::compactSlot);
    }

    /** The number of slot bits of a compact record: one per variable-length field; 0 for any other record. */
    public int slotBitCount() {
        return (int) fields.stream().filter(FieldLayout::compactSlot).count();
    }

    /** Whether the record has variable-length fields, whose data follows the fixed part. */
    public boolean hasVariableData() {
        return fields.stream().anyMatch(FieldLayout::variableLength);
    }

    /**
     * The variable-length field whose data comes just before {@code field}'s (data is in declaration order), or
     * null when {@code field}'s data starts right after the fixed part.
     */
    public FieldLayout previousVariable(FieldLayout field) {
        FieldLayout previous = null;
        for (FieldLayout candidate : fields) {
            if (candidate == field) {
                return previous;
            }
            if (candidate.variableLength()) {
                previous = candidate;
            }
        }
        throw new IllegalArgumentException("not a field of " + record.name() + ": " + field.field().name());
    }

    /** The last variable-length field, whose end slot holds the record's total size; null when there is none. */
    public FieldLayout lastVariable() {
        FieldLayout last = null;
        for (FieldLayout field : fields) {
            if (field.variableLength()) {
                last = field;
            }
        }
        return last;
    }

    /** Lays out a record of a checked schema (no cycles, every width known). */
    public static RecordLayout of(RecordType record, Schema schema) {
        return of(record, new Encodings(schema));
    }

    /** Lays out a record of the checked schema whose types {@code encodings} resolves. */
    public static RecordLayout of(RecordType record, Encodings encodings) {
        List<Encoding> types = record.fields().stream().map(encodings::of).toList();
        long variableFields = types.stream().filter(Encoding::variableLength).count();
        boolean compact = record.compact() && variableFields > 0;
        List<FieldLayout> fields = new ArrayList<>();
        long nextSlotBit = SLOT_WIDTH_BITS;
        long next = compact ? SLOT_WIDTH_BITS + variableFields : 0;
        for (int i = 0; i < types.size(); i++) {
            Field field = record.fields().get(i);
            Encoding encoding = types.get(i);
            FieldLayout layout;
            if (compact && encoding.variableLength()) {
                // The slot bit is the presence bit of an optional field: it has a slot exactly when it has data.
                long slotBit = nextSlotBit++;
                layout = FieldLayout.compact(field, encoding, field.hasPresenceBit() ? slotBit : -1, next, slotBit);
            } else {
                long presence = field.hasPresenceBit() ? next++ : -1;
                layout = new FieldLayout(field, encoding, presence, next);
            }
            fields.add(layout);
            next = layout.end();
        }
        return new RecordLayout(record, fields, next);
    }

    /** Lays out every record of a checked schema, in the schema's order. */
    public static List<RecordLayout> ofAll(Schema schema) {
        Encodings encodings = new Encodings(schema);
        return schema.records().stream().map(r -> of(r, encodings)).toList();
    }
}
