package dev.sdo.runtime.generic;

import java.util.HashMap;
import java.util.Map;

/**
 * The readers of one schema descriptor's records, each made once: a record's {@link RecordShape} for every bit
 * offset it is stored at (0 for a record that starts a buffer's byte, a nested record's offset for a record stored
 * inline in another), shared by every cursor, list and union that reads it. Records on a cycle are stored behind a
 * slot, at offset 0, so the shapes are finite; a shape is registered before its fields are made, so that a
 * recursive record's fields find it.
 */
final class Readers {
    private final SchemaDescriptor schema;
    private final Map<Key, RecordShape> shapes = new HashMap<>();

    private final Map<UnionKey, UnionReader> unions = new HashMap<>();

    private record Key(int index, long shift) {}

    private record UnionKey(int index, long shift, boolean standalone, boolean required) {}

    /** The readers of {@code schema}'s records; null for a lone record that references no other. */
    Readers(SchemaDescriptor schema) {
        this.schema = schema;
    }

    /** The shape of record {@code index} stored {@code shift} bits after its byte base. */
    synchronized RecordShape shape(int index, long shift) {
        return shape(record(index), index, shift);
    }

    /** The shape of {@code record} (record {@code index} of the schema, -1 for a lone one) at {@code shift}. */
    synchronized RecordShape shape(RecordDescriptor record, int index, long shift) {
        Key key = new Key(index, shift);
        RecordShape shape = shapes.get(key);
        if (shape == null) {
            shape = new RecordShape(record, shift);
            shapes.put(key, shape);
            shape.build(this);
        }
        return shape;
    }

    /**
     * The reader of union {@code index} stored {@code shift} bits after its byte base, or on its own (a list element,
     * an alternative of another union: docs/record-format.md, section 5); {@code required}: it must hold an
     * alternative (always, on its own).
     */
    synchronized UnionReader union(int index, long shift, boolean standalone, boolean required) {
        UnionKey key = new UnionKey(index, shift, standalone, required || standalone);
        UnionReader reader = unions.get(key);
        if (reader == null) {
            reader = new UnionReader(union(index), shift, required || standalone);
            unions.put(key, reader);
            reader.build(this);
        }
        return reader;
    }

    RecordDescriptor record(int index) {
        return requireSchema("a nested record").records().get(index);
    }

    UnionDescriptor union(int index) {
        return requireSchema("a union").unions().get(index);
    }

    private SchemaDescriptor requireSchema(String what) {
        if (schema == null) {
            throw new UnsupportedOperationException(what + " is read with its schema: GenericRecord.of(schema)");
        }
        return schema;
    }
}
