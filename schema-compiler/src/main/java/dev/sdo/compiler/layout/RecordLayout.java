package dev.sdo.compiler.layout;

import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The bit layout of a record (spec section 3): fields in declaration order, packed from bit 0 with no gaps; an
 * optional field's presence bit immediately before its value bits; a nested record inline.
 */
public record RecordLayout(RecordType record, List<FieldLayout> fields, long totalBits) {

    public RecordLayout {
        fields = List.copyOf(fields);
    }

    /** The record's fixed size in bytes: ceil(totalBits / 8). */
    public int bytes() {
        return Math.toIntExact((totalBits + 7) / 8);
    }

    /** Lays out a record of a checked schema (no cycles, every width known). */
    public static RecordLayout of(RecordType record, Schema schema) {
        return of(record, schema, new HashMap<>());
    }

    private static RecordLayout of(RecordType record, Schema schema, Map<QualifiedName, Long> recordBits) {
        List<FieldLayout> fields = new ArrayList<>();
        long next = 0;
        for (Field field : record.fields()) {
            long presence = -1;
            if (field.optional()) {
                presence = next++;
            }
            long width = BitWidths.bits(field.type(), schema, recordBits);
            fields.add(new FieldLayout(field, presence, next, width));
            next += width;
        }
        return new RecordLayout(record, fields, next);
    }

    /** Lays out every record of a checked schema, in the schema's order. */
    public static List<RecordLayout> ofAll(Schema schema) {
        Map<QualifiedName, Long> recordBits = new HashMap<>();
        return schema.records().stream().map(r -> of(r, schema, recordBits)).toList();
    }
}
