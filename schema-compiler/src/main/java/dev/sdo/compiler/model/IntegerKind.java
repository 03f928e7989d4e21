package dev.sdo.compiler.model;

/** The fixed-size integer types of the schema language. */
public enum IntegerKind {
    INT8("int8", 8, true),
    INT16("int16", 16, true),
    INT32("int32", 32, true),
    INT64("int64", 64, true),
    UINT8("uint8", 8, false),
    UINT16("uint16", 16, false),
    UINT32("uint32", 32, false),
    /** Its values are held by the {@code long} of the same bits: {@link #min()} and {@link #max()} are every long's. */
    UINT64("uint64", 64, false);

    private final String schemaName;
    private final int bits;
    private final boolean signed;

    IntegerKind(String schemaName, int bits, boolean signed) {
        this.schemaName = schemaName;
        this.bits = bits;
        this.signed = signed;
    }

    /** The type word in a schema, such as {@code uint16}. */
    public String schemaName() {
        return schemaName;
    }

    public int bits() {
        return bits;
    }

    public boolean signed() {
        return signed;
    }

    /** The smallest value of the type (of a {@code uint64}, the smallest {@code long}: every long holds one). */
    public long min() {
        return signed || bits == 64 ? -(1L << (bits - 1)) : 0;
    }

    /** The largest value of the type (of a {@code uint64}, the largest {@code long}). */
    public long max() {
        return signed || bits == 64 ? (bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1) : (1L << bits) - 1;
    }

    /** Whether this is {@code uint64}, whose {@code long}s are read unsigned. */
    public boolean unsigned64() {
        return this == UINT64;
    }

    /** The kind a schema type word names, or null. */
    public static IntegerKind bySchemaName(String word) {
        for (IntegerKind kind : values()) {
            if (kind.schemaName.equals(word)) {
                return kind;
            }
        }
        return null;
    }
}
