package dev.sdo.runtime.generic;

/**
 * The alternative a union holds, read by a {@link GenericRecord} or set in {@link RecordValues}: its position among
 * the union's alternatives (from 0), its name and type, and its value as {@link GenericRecord#get} gives a field's
 * (for an abstract record's union, the concrete record, named as the alternative).
 */
public record GenericUnion(int alternative, String name, FieldType type, Object value) {

    /** The same alternative holding an equal value: bytes by their content, as {@link RecordValues} compares them. */
    @Override
    public boolean equals(Object other) {
        return other instanceof GenericUnion that && alternative == that.alternative && name.equals(that.name)
                && type.equals(that.type) && ValueEquality.equal(value, that.value);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * alternative + name.hashCode()) + ValueEquality.hash(value);
    }

    /** Alternative {@code alternative} of {@code union}, holding {@code value}. */
    public static GenericUnion of(UnionDescriptor union, int alternative, Object value) {
        UnionDescriptor.Alternative chosen = union.alternatives().get(alternative);
        return new GenericUnion(alternative, chosen.name(), chosen.type(), value);
    }
}
