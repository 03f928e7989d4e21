package dev.sdo.runtime.generic;

/**
 * The type tags of a schema descriptor (docs/batch-file-format.md, "Schema descriptor"): the one list that the schema
 * compiler's writer and {@link SchemaDescriptor}'s reader share. A tag is never reused for another kind of value.
 */
public final class DescriptorFormat {
    /** The descriptor version this runtime writes and reads. */
    public static final int VERSION = 1;

    public static final int BOOL = 1;
    public static final int INT = 2;
    public static final int RANGE = 3;
    public static final int FLOAT = 4;
    public static final int DECIMAL = 5;
    public static final int DATE = 6;
    public static final int TIME = 7;
    public static final int TIMESTAMP = 8;
    public static final int CHARS = 9;
    public static final int ENUM = 10;
    public static final int RECORD = 11;
    public static final int STRING = 12;
    public static final int BYTES = 13;
    public static final int LIST = 14;
    public static final int UNION = 15;
    public static final int ANY_DECIMAL = 16;
    public static final int ANY_INTEGER = 17;
    public static final int UINT64 = 18;

    private DescriptorFormat() {}
}
