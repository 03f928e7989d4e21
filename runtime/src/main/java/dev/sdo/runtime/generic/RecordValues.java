package dev.sdo.runtime.generic;

/**
 * The values of one record's fields before they are encoded, by position or name, with no generated class: what
 * the generic writer encodes and what sdoc's readers of CSV, XML and JSON fill, as a generated bean is for generated
 * code. A value has the Java type {@link GenericRecord#get} reads for the field's type, except that a nested record
 * is a {@code RecordValues} of that record, a list any {@link java.util.List} of such values and a union a
 * {@link GenericUnion}; null is an absent field. Values are checked when they are encoded, not when they are set.
 */
public final class RecordValues {
    private final SchemaDescriptor schema;
    private final RecordDescriptor descriptor;
    private final Object[] values;
    /**
     * For a compact record, its size and its number of end slots as the generic writer's sizing pass last found them
     * (-1 before), which its writing pass, right after, takes rather than sizing the record again at every depth
     * ({@link RecordEncoder}); it checks that what it writes agrees.
     */
    int encodedSize = -1;
    int encodedSlots = -1;
    /**
     * For a compact record at the top of its document (docs/record-format.md, section 8.6), which of the document's
     * strings its sizing pass shares, for its writing pass; null before, and in a record nested in a document.
     */
    dev.sdo.runtime.StringSharing encodedSharing;

    private RecordValues(SchemaDescriptor schema, RecordDescriptor descriptor, int fields) {
        this.schema = schema;
        this.descriptor = descriptor;
        this.values = new Object[fields];
    }

    /** No values yet for record {@code record} of {@code schema} (0: the schema's own record). */
    public static RecordValues of(SchemaDescriptor schema, int record) {
        // From the schema's arrays: the record's descriptor is not read until the values are encoded.
        return new RecordValues(schema, schema.recordAt(record), schema.fieldCount(record));
    }

    /** No values yet for the record that field {@code index} of this record nests, of the same schema. */
    public RecordValues newNested(int index) {
        if (!(descriptor.field(index).type() instanceof FieldType.Nested nested)) {
            throw new IllegalArgumentException(descriptor.simpleName() + "." + descriptor.field(index).name()
                    + " holds no record");
        }
        return of(schema, nested.record());
    }

    /**
     * The values themselves, by field position: what an XML read fills in place as it reads the record's element
     * ({@code XmlRecordMapping.Builder.stateIn}), rather than an array of its own copied here after.
     */
    Object[] array() {
        return values;
    }

    /** The schema whose records, enums and unions the values refer to. */
    public SchemaDescriptor schema() {
        return schema;
    }

    public RecordDescriptor descriptor() {
        return descriptor;
    }

    /** Sets field {@code index} to {@code value}; null makes it absent. */
    public RecordValues set(int index, Object value) {
        values[index] = value;
        encodedSize = -1;
        return this;
    }

    /** Sets the field named {@code name}. */
    public RecordValues set(String name, Object value) {
        return set(indexOf(name), value);
    }

    /** Field {@code index}'s value, null when absent. */
    public Object get(int index) {
        return values[index];
    }

    public Object get(String name) {
        return get(indexOf(name));
    }

    private int indexOf(String name) {
        int index = descriptor.indexOf(name);
        if (index < 0) {
            throw new IllegalArgumentException(descriptor.simpleName() + " has no field " + name);
        }
        return index;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof RecordValues that && descriptor.name().equals(that.descriptor.name())
                && values.length == that.values.length)) {
            return false;
        }
        for (int i = 0; i < values.length; i++) {
            if (!ValueEquality.equal(values[i], that.values[i])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int hash = descriptor.name().hashCode();
        for (Object value : values) {
            hash = 31 * hash + ValueEquality.hash(value);
        }
        return hash;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(descriptor.simpleName()).append('{');
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                text.append(text.charAt(text.length() - 1) == '{' ? "" : ", ")
                        .append(descriptor.field(i).name()).append('=').append(values[i]);
            }
        }
        return text.append('}').toString();
    }
}
