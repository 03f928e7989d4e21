package dev.sdo.runtime.generic;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes the primitives of a schema descriptor, little-endian, as {@link SchemaDescriptor} reads them: the schema
 * compiler describes a record's layout through it, so that the bytes have one definition in the runtime.
 */
public final class DescriptorOutput {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    public DescriptorOutput u8(int value) {
        if (value < 0 || value > 0xFF) {
            throw new IllegalArgumentException("not a byte: " + value);
        }
        bytes.write(value);
        return this;
    }

    public DescriptorOutput bool(boolean value) {
        return u8(value ? 1 : 0);
    }

    public DescriptorOutput i32(int value) {
        for (int i = 0; i < Integer.BYTES; i++) {
            bytes.write(value >>> (8 * i));
        }
        return this;
    }

    public DescriptorOutput i64(long value) {
        for (int i = 0; i < Long.BYTES; i++) {
            bytes.write((int) (value >>> (8 * i)));
        }
        return this;
    }

    /** A string: its UTF-8 length as a 32-bit number, then its UTF-8 bytes. */
    public DescriptorOutput string(String value) {
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        i32(utf8.length);
        bytes.writeBytes(utf8);
        return this;
    }

    public byte[] toByteArray() {
        return bytes.toByteArray();
    }
}
