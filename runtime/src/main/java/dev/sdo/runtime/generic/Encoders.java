package dev.sdo.runtime.generic;

import java.util.HashMap;
import java.util.Map;

/**
 * The encoders of one schema descriptor's records and unions, each made once and shared by every field, list and
 * union that writes it (as {@link Readers} are for reading). An encoder is registered before its fields are made,
 * so that a recursive record's fields find it.
 */
final class Encoders {
    private final SchemaDescriptor schema;
    private final Map<Integer, RecordEncoder> records = new HashMap<>();
    private final Map<Integer, UnionEncoder> unions = new HashMap<>();

    Encoders(SchemaDescriptor schema) {
        this.schema = schema;
    }

    SchemaDescriptor schema() {
        return schema;
    }

    /** The encoder of record {@code index} of the schema. */
    RecordEncoder record(int index) {
        RecordEncoder encoder = records.get(index);
        if (encoder == null) {
            encoder = new RecordEncoder(schema.records().get(index), schema, index);
            records.put(index, encoder);
            encoder.build(this);
        }
        return encoder;
    }

    /** The encoder of union {@code index} of the schema. */
    UnionEncoder union(int index) {
        UnionEncoder encoder = unions.get(index);
        if (encoder == null) {
            encoder = new UnionEncoder(schema.unions().get(index), schema);
            unions.put(index, encoder);
            encoder.build(this);
        }
        return encoder;
    }
}
