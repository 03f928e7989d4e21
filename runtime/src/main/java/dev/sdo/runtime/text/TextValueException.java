package dev.sdo.runtime.text;

/**
 * A field's text that does not give a value of the field: not a number, too many decimals, out of range, outside
 * the alphabet, an unknown enum constant. The message names the field and says what is allowed; the readers add
 * where in the input the text was.
 */
public final class TextValueException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what is wrong, naming the field */
    public TextValueException(String message) {
        super(message, null, false, false);
    }
}
