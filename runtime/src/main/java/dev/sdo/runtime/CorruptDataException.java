package dev.sdo.runtime;

/**
 * Stored bits that no encoder writes, such as an enum ordinal or character code beyond its type: the data was
 * damaged or written with another schema.
 */
public final class CorruptDataException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CorruptDataException(String message) {
        super(message);
    }
}
