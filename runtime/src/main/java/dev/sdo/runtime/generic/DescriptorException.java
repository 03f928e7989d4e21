package dev.sdo.runtime.generic;

/**
 * A schema descriptor that does not describe a record this runtime can read: bytes no writer writes (a forged or
 * buggy writer; damage is caught before, by the schema part's CRC32C), named by their offset in the descriptor.
 */
public final class DescriptorException extends Exception {
    private static final long serialVersionUID = 1L;
    private final int offset;

    DescriptorException(int offset, String message) {
        super("schema descriptor byte offset " + offset + ": " + message);
        this.offset = offset;
    }

    /** The offset in the descriptor of the bytes that are wrong. */
    public int offset() {
        return offset;
    }
}
