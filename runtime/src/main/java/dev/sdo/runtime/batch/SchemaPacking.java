package dev.sdo.runtime.batch;

import dev.sdo.runtime.generic.DescriptorFormat;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * How a schema descriptor is stored in a batch file's schema part (docs/batch-file-format.md, "Schema part"): a
 * descriptor of version 2 or 3 as its first 12 bytes (fingerprint and version, in the clear), the length of the
 * rest (32 bits), and the rest compressed (zlib, RFC 1950: Deflate with an Adler-32), since names repeat throughout a
 * descriptor; a version-1 descriptor (as earlier writers stored it), and bytes of any other version (which the
 * descriptor's reader refuses), as they are.
 * Unpacking trusts nothing: the claimed length is checked against what Deflate can make of the stored bytes before
 * anything is inflated, and room grows only as inflated bytes arrive.
 */
final class SchemaPacking {
    /** The first descriptor version whose descriptors are stored compressed: it and every later one this reads. */
    static final int COMPRESSED_VERSION = 2;
    /** Fingerprint (8) and descriptor version (4): stored in the clear. */
    static final int CLEAR_BYTES = Long.BYTES + Integer.BYTES;
    /** The clear bytes and the descriptor's length after them. */
    private static final int PACKED_HEAD_BYTES = CLEAR_BYTES + Integer.BYTES;
    /** The most bytes Deflate makes of one stored byte (a run of 258 repeated bytes per two bits). */
    private static final int MAX_DEFLATE_RATIO = 1032;
    /** How messages name the compressed bytes. */
    private static final String STREAM = "the compressed descriptor at byte offset " + PACKED_HEAD_BYTES
            + " of the schema part";
    /** The first room for inflated bytes, doubled as they arrive. */
    private static final int FIRST_ROOM = 1 << 16;

    private SchemaPacking() {}

    /** Whether {@code descriptor} is stored compressed: its version (at byte 8) is 2 or 3. */
    static boolean compressed(byte[] descriptor) {
        if (descriptor.length < CLEAR_BYTES) {
            return false;
        }
        int version = version(ByteBuffer.wrap(descriptor));
        return version >= COMPRESSED_VERSION && version <= DescriptorFormat.VERSION;
    }

    /** The descriptor as the schema part stores it. */
    static byte[] pack(byte[] descriptor) {
        if (!compressed(descriptor)) {
            return descriptor.clone();
        }
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        try {
            deflater.setInput(descriptor, CLEAR_BYTES, descriptor.length - CLEAR_BYTES);
            deflater.finish();
            byte[] packed = new byte[PACKED_HEAD_BYTES + 64 + descriptor.length / 2];
            int length = PACKED_HEAD_BYTES;
            while (!deflater.finished()) {
                if (length == packed.length) {
                    packed = Arrays.copyOf(packed, packed.length * 2);
                }
                length += deflater.deflate(packed, length, packed.length - length);
            }
            ByteBuffer head = ByteBuffer.wrap(packed).order(ByteOrder.LITTLE_ENDIAN);
            head.put(0, descriptor, 0, CLEAR_BYTES).putInt(CLEAR_BYTES, descriptor.length - CLEAR_BYTES);
            return Arrays.copyOf(packed, length);
        } finally {
            deflater.end();
        }
    }

    /**
     * The descriptor the schema part's {@code stored} bytes hold.
     *
     * @throws DataFormatException saying what is wrong (offsets from the part's first byte) when the stored bytes
     *     claim a length they cannot hold, are not a zlib stream, or inflate to other than the claimed length
     */
    static byte[] unpack(byte[] stored) throws DataFormatException {
        if (!compressed(stored)) {
            return stored;
        }
        if (stored.length < PACKED_HEAD_BYTES) {
            throw new DataFormatException("a compressed descriptor of " + stored.length + " bytes ends before its "
                    + "length, at byte offset " + CLEAR_BYTES + " of the schema part");
        }
        int compressedBytes = stored.length - PACKED_HEAD_BYTES;
        long claimed = Integer.toUnsignedLong(ByteBuffer.wrap(stored).order(ByteOrder.LITTLE_ENDIAN)
                .getInt(CLEAR_BYTES));
        long most = Math.min(EmbeddedSchema.MAX_BYTES - CLEAR_BYTES, (long) MAX_DEFLATE_RATIO * compressedBytes);
        if (claimed > most) {
            throw new DataFormatException("the descriptor length " + claimed + " at byte offset " + CLEAR_BYTES
                    + " of the schema part is more than " + most + ", the most " + compressedBytes
                    + " compressed bytes can hold");
        }
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(stored, PACKED_HEAD_BYTES, compressedBytes);
            byte[] descriptor = new byte[(int) Math.min(CLEAR_BYTES + claimed, CLEAR_BYTES + FIRST_ROOM)];
            System.arraycopy(stored, 0, descriptor, 0, CLEAR_BYTES);
            long length = CLEAR_BYTES;
            long end = CLEAR_BYTES + claimed;
            while (!inflater.finished()) {
                if (length == descriptor.length) {
                    if (length == end) {
                        throw new DataFormatException(STREAM + " inflates to more than the " + claimed
                                + " bytes it claims");
                    }
                    descriptor = Arrays.copyOf(descriptor, (int) Math.min(end, 2L * descriptor.length));
                }
                int inflated = inflate(inflater, descriptor, (int) length);
                if (inflated == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new DataFormatException(STREAM + " ends early: " + (length - CLEAR_BYTES) + " of "
                            + claimed + " bytes inflated");
                }
                length += inflated;
            }
            if (length != end || inflater.getRemaining() != 0) {
                throw new DataFormatException(STREAM + " inflates to " + (length - CLEAR_BYTES) + " bytes from "
                        + (compressedBytes - inflater.getRemaining()) + " of its " + compressedBytes
                        + ", where it claims " + claimed + " bytes from all");
            }
            return descriptor;
        } finally {
            inflater.end();
        }
    }

    /** Inflates into {@code into} from {@code at} to its end; the bytes inflated. */
    private static int inflate(Inflater inflater, byte[] into, int at) throws DataFormatException {
        try {
            return inflater.inflate(into, at, into.length - at);
        } catch (DataFormatException e) {
            throw new DataFormatException(STREAM + " is not a zlib stream (" + e.getMessage() + ")");
        }
    }

    private static int version(ByteBuffer descriptor) {
        return descriptor.order(ByteOrder.LITTLE_ENDIAN).getInt(Long.BYTES);
    }
}
