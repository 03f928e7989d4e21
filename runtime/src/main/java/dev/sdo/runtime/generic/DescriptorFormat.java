package dev.sdo.runtime.generic;

/**
 * The type tags of a schema descriptor (docs/batch-file-format.md, "Schema descriptor"): the one list that the schema
 * compiler's writer and {@link SchemaDescriptor}'s reader share. A tag is never reused for another kind of value.
 */
public final class DescriptorFormat {
    /**
     * The newest descriptor version, which this runtime reads and the schema compiler writes for a schema with
     * {@code @compact} records: version 4, whose compact records' repeated strings may be references to earlier ones
     * (docs/record-format.md section 8.6). The same bytes describe them: the version says what the records may hold,
     * so that a runtime that cannot read references refuses the file rather than misread its strings.
     */
    public static final int VERSION = 5;
    /**
     * Version 3 whose compact records do not hold their last end slot (their container gives their size,
     * docs/record-format.md section 8.2), and hold no references to strings: read as version 5, whose readers take a
     * string's data as a reference only where an encoder of version 5 writes one.
     */
    public static final int FOURTH_VERSION = 4;
    /**
     * Version 2 and, for a compact record (docs/record-format.md, section 8), a record flag and each variable-length
     * field's slot bit (docs/batch-file-format.md, "Schema descriptor"). Its compact records held their last end
     * slot: a version-3 descriptor that describes one is refused rather than misread; one that describes none is read.
     * A version-2 descriptor is a version-3 one that describes no compact record, but for its version word.
     */
    public static final int THIRD_VERSION = 3;
    /**
     * The descriptor version the schema compiler writes for a schema without {@code @compact} records (so that
     * their files stay readable by runtimes before version 3): version 1 and, for what {@code sdoc schema} prints,
     * union optionality, extension and abstractness, {@code @since} of enum constants and union alternatives,
     * {@code @alias} and defaults as written.
     */
    public static final int SECOND_VERSION = 2;
    /** The first descriptor version, which files written before {@link #SECOND_VERSION} carry; still read. */
    public static final int FIRST_VERSION = 1;

    /** A version-3 (and 4) record's flags: it is {@code abstract} (version 2 has this bit alone, as a flag of 0 or 1). */
    public static final int RECORD_ABSTRACT = 1;
    /**
     * A version-3 record's flags: it is {@code @compact}. When it has variable-length fields it is laid out compact
     * (docs/record-format.md, section 8), each of them with {@link #FIELD_SLOT_BIT}.
     */
    public static final int RECORD_COMPACT = 2;

    /** A version-2 field's flags: its value may be absent (a presence bit without a default, or a union's tag 0). */
    public static final int FIELD_OPTIONAL = 1;
    /** A version-2 field's flags: it has a default, its value text and its literal as written follow. */
    public static final int FIELD_DEFAULT = 2;
    /** A version-2 field's flags: it has an {@code @alias}, whose name follows. */
    public static final int FIELD_ALIAS = 4;
    /**
     * A version-3 field's flags: it is a variable-length field of a compact record, its end slot in the record's slot
     * table; its slot bit (8 bytes, {@code 2 + j} for the record's j-th variable-length field) follows the flags.
     */
    public static final int FIELD_SLOT_BIT = 8;

    /** The version a descriptor of records is written in: 4 when one of them is {@code @compact}, else 2. */
    public static int versionFor(boolean anyCompact) {
        return anyCompact ? VERSION : SECOND_VERSION;
    }

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
