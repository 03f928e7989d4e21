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
