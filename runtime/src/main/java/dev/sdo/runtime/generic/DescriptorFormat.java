package dev.sdo.runtime.generic;

/**
 * The type tags of a schema descriptor (docs/batch-file-format.md, "Schema descriptor"): the one list that the schema
 * compiler's writer and {@link SchemaDescriptor}'s reader share. A tag is never reused for another kind of value.
 */
public final class DescriptorFormat {
    /**
     * The descriptor version the schema compiler writes: version 1 and, for what {@code sdoc schema} prints, union
     * optionality, extension and abstractness, {@code @since} of enum constants and union alternatives, {@code @alias}
     * and defaults as written (docs/batch-file-format.md, "Schema descriptor").
     */
    public static final int VERSION = 2;
    /** The first descriptor version, which files written before {@link #VERSION} carry; this runtime reads both. */
    public static final int FIRST_VERSION = 1;

    /** A version-2 field's flags: its value may be absent (a presence bit without a default, or a union's tag 0). */
    public static final int FIELD_OPTIONAL = 1;
    /** A version-2 field's flags: it has a default, its value text and its literal as written follow. */
    public static final int FIELD_DEFAULT = 2;
    /** A version-2 field's flags: it has an {@code @alias}, whose name follows. */
    public static final int FIELD_ALIAS = 4;

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
