package dev.sdo.compiler.model;

/**
 * The limits the spec puts on type arguments (section 2), and the messages for values beyond them, shared by the
 * model builder (for literals too large to hold) and the checker (for the rest) so that both read the same.
 */
public final class Limits {
    /** The largest precision of {@code decimal(p, s)} and {@code udecimal(p, s)}. */
    public static final int MAX_PRECISION = 18;
    /** The largest length of {@code char(n)}. */
    public static final int MAX_CHAR_LENGTH = 255;

    /**
     * The deepest nesting of lists in one field type: {@code list<list<int8>>} is 2. Deeper types are refused where
     * the list that goes past the limit opens, before they are parsed, since parsing and generating them recurse.
     */
    public static final int MAX_LIST_NESTING = 16;
    /**
     * The deepest nesting of records and unions, counted together: a record of plain fields is 1, one that holds it
     * 2, a union with that record as an alternative 3. Layout and generation recurse through nested records and
     * unions, and a schema this deep is a mistake rather than a design.
     */
    public static final int MAX_RECORD_NESTING = 64;
    /**
     * The longest chain of records extending each other: a record that extends none is 1. Each record of a chain
     * holds the fields of every record before it, and the model resolves a chain by recursion.
     */
    public static final int MAX_EXTENSION_DEPTH = 64;

    /**
     * The most fields a record may have. The generated classes hold a few constants and a few bytecodes per field
     * in one class and in single methods (encode, equals), and the JVM caps a class at 65,535 constants and a
     * method at 64 KiB of code: 3,000 optional fields or 5,000 fields went past them. Two thousand of any type
     * stay within.
     */
    public static final int MAX_FIELDS = 2000;
    /** The most constants an enum may have: a Java enum builds each in its static initialiser, one 64 KiB method. */
    public static final int MAX_ENUM_CONSTANTS = 2000;

    private Limits() {}

    /** The message for a precision outside 1..18, at the precision. */
    public static String precisionOutOfRange(Object precision) {
        return "precision " + precision + " is out of range 1.." + MAX_PRECISION;
    }

    /** The message for a scale outside 0..precision, at the scale. */
    public static String scaleOutOfRange(Object scale, Object precision) {
        return "scale " + scale + " is out of range 0.." + precision + " (0 to the precision)";
    }

    /** The message for a char length outside 1..255, at the length. */
    public static String charLengthOutOfRange(Object length) {
        return "char length " + length + " is out of range 1.." + MAX_CHAR_LENGTH;
    }
}
