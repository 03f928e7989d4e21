package dev.sdo.runtime.batch;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Base64;

/**
 * The writer's schema as a batch file carries it (format version 3, docs/batch-file-format.md, "Schema part"): the
 * binary descriptor of the record and everything it references, which the schema compiler makes from the layout and
 * {@code dev.sdo.runtime.generic.SchemaDescriptor} reads. Its first 8 bytes are the record's layout fingerprint (the
 * header's), which ties the descriptor to the records. Immutable; equal when the bytes are.
 */
public final class EmbeddedSchema {
    /** The most bytes a descriptor may take: a forged length beyond it is damage, not a schema. */
    public static final int MAX_BYTES = 1 << 30;

    private final byte[] bytes;
    /** The bytes the schema part stores ({@link SchemaPacking}), made when first needed. */
    private volatile byte[] stored;

    private EmbeddedSchema(byte[] bytes) {
        if (bytes.length < Long.BYTES || bytes.length > MAX_BYTES) {
            throw new IllegalArgumentException("a schema descriptor takes 8.." + MAX_BYTES + " bytes, not "
                    + bytes.length);
        }
        this.bytes = bytes;
    }

    /** A descriptor from its bytes (copied). */
    public static EmbeddedSchema of(byte[] bytes) {
        return new EmbeddedSchema(bytes.clone());
    }

    /**
     * A descriptor from the base64 text generated code embeds, in parts: a class file's string constant holds at most
     * 65,535 bytes, so a large schema's text is split, and joined here rather than by the compiler (which would fold
     * the parts into one constant again).
     */
    public static EmbeddedSchema ofBase64(String... parts) {
        return new EmbeddedSchema(Base64.getDecoder().decode(String.join("", parts)));
    }

    /**
     * The descriptor of the bytes a batch file's schema part stores ({@link SchemaPacking}: version 2 compressed).
     *
     * @throws java.util.zip.DataFormatException saying what is wrong, when they hold no descriptor
     */
    static EmbeddedSchema ofStored(byte[] stored) throws java.util.zip.DataFormatException {
        EmbeddedSchema schema = new EmbeddedSchema(SchemaPacking.unpack(stored));
        schema.stored = stored;
        return schema;
    }

    /** The bytes a batch file's schema part stores for this descriptor: compressed for version 2. */
    byte[] stored() {
        byte[] packed = stored;
        if (packed == null) {
            packed = SchemaPacking.pack(bytes);
            stored = packed;
        }
        return packed;
    }

    /** The layout fingerprint of the record the descriptor describes: its first 8 bytes. */
    public long fingerprint() {
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong(0);
    }

    /** The descriptor's bytes, read-only and little-endian. */
    public ByteBuffer buffer() {
        return ByteBuffer.wrap(bytes).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }

    /** How many bytes the descriptor takes. */
    public int length() {
        return bytes.length;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof EmbeddedSchema schema && Arrays.equals(bytes, schema.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "schema descriptor of " + bytes.length + " bytes";
    }
}
