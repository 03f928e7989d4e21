package dev.sdo.runtime;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamField;
import java.util.Arrays;

/**
 * What generated SDOs of records with {@code @since} fields share about versions: checking the {@link WriterVersion}
 * a container hands them, and the part of their Java serial form that says which version wrote the record.
 *
 * <p>The serial form stays readable across versions: the {@code serialVersionUID} is version 1's fingerprint, the
 * serial fields say which version wrote the record, and code of version 1 (which has no such fields) reads the
 * fixed part of a fixed-width record of any version as its own.
 *
 * <p>Each such SDO knows, for its versions 1..V, the layout fingerprint and the fixed part's size of each (version v
 * at index v - 1). Data of version W can be read by code of version R when both agree on the fingerprint of version
 * min(W, R): every later field was then added with {@code @since}, after the fields of that version.
 */
public final class RecordVersions {
    /**
     * Stands where code of version 1 of a record with variable-length data writes the record's size in its serial
     * form, so that such code refuses the serial form of a later version.
     */
    public static final int NEWER_FORM = -1;

    private static final String VERSION_FIELD = "writerVersion";
    private static final String BYTES_FIELD = "writerBytes";
    private static final String FINGERPRINTS_FIELD = "fingerprints";

    private RecordVersions() {}

    /**
     * Checks that {@code writer} can have written a record of this code's schema: a version this code knows has the
     * fixed size this code computed for it; a newer version's fixed part is at least this code's.
     *
     * @param record the record's name, for messages
     * @param fixedBytes the fixed part's size of each version this code knows
     * @throws IllegalArgumentException naming the record, the version and both sizes otherwise
     */
    public static void checkWriter(String record, WriterVersion writer, int[] fixedBytes) {
        int known = fixedBytes.length;
        if (writer.version() <= known && writer.fixedBytes() != fixedBytes[writer.version() - 1]) {
            throw new IllegalArgumentException(record + ": version " + writer.version() + " of the record has a "
                    + fixedBytes[writer.version() - 1] + "-byte fixed part, not " + writer.fixedBytes()
                    + ": the data was written by another schema, or its container is wrong");
        }
        if (writer.version() > known && writer.fixedBytes() < fixedBytes[known - 1]) {
            throw new IllegalArgumentException(record + ": a record of version " + writer.version()
                    + " has at least the " + fixedBytes[known - 1] + "-byte fixed part of version " + known
                    + ", not " + writer.fixedBytes() + " bytes");
        }
    }

    /**
     * The serial fields of a versioned SDO, written before its bytes: which version wrote the record and the
     * fingerprints of that version's versions 1..min(W, V) that the writing code knows. Code of version 1 has no
     * serial fields and ignores these; reading its stream, they are absent and mean version 1.
     */
    public static ObjectStreamField[] serialFields() {
        return new ObjectStreamField[] {
            new ObjectStreamField(VERSION_FIELD, int.class),
            new ObjectStreamField(BYTES_FIELD, int.class),
            new ObjectStreamField(FINGERPRINTS_FIELD, long[].class)
        };
    }

    /** Writes the serial fields of a record written by {@code writerVersion} with a fixed part of {@code writerBytes}. */
    public static void write(ObjectOutputStream out, int writerVersion, int writerBytes, long[] fingerprints)
            throws IOException {
        ObjectOutputStream.PutField fields = out.putFields();
        fields.put(VERSION_FIELD, writerVersion);
        fields.put(BYTES_FIELD, writerBytes);
        fields.put(FINGERPRINTS_FIELD, Arrays.copyOf(fingerprints, Math.min(writerVersion, fingerprints.length)));
        out.writeFields();
    }

    /**
     * Reads the serial fields {@link #write} wrote (or their absence: version 1) and checks that this code can read
     * the record: the fingerprints of the newest version both know must be equal.
     *
     * @param record the record's name, for messages
     * @param fingerprints this code's fingerprints of versions 1..V
     * @param fixedBytes this code's fixed sizes of versions 1..V
     * @throws InvalidObjectException naming the record, the versions and the fingerprints when they disagree or the
     *     stream is damaged
     */
    public static WriterVersion read(ObjectInputStream in, String record, long[] fingerprints, int[] fixedBytes)
            throws IOException, ClassNotFoundException {
        ObjectInputStream.GetField fields = in.readFields();
        int version = fields.get(VERSION_FIELD, 1);
        int bytes = fields.get(BYTES_FIELD, fixedBytes[0]);
        long[] sent = (long[]) fields.get(FINGERPRINTS_FIELD, null);
        if (version < 1 || bytes < 0 || (sent != null && (sent.length < 1 || sent.length > version))) {
            throw new InvalidObjectException(record + ": damaged serial form: version " + version + ", "
                    + bytes + "-byte fixed part, " + (sent == null ? 0 : sent.length) + " fingerprints");
        }
        if (sent != null) {
            // Without fingerprints the record comes from code of version 1, whose serialVersionUID matched ours.
            int common = Math.min(sent.length, fingerprints.length);
            if (sent[common - 1] != fingerprints[common - 1]) {
                throw new InvalidObjectException(record + ": cannot read a record serialised by version " + version
                        + ": its version " + common + " has fingerprint " + hex(sent[common - 1])
                        + ", but this code's version " + common + " has " + hex(fingerprints[common - 1])
                        + "; the record was changed other than by adding fields with @since");
            }
        }
        WriterVersion writer = new WriterVersion(version, bytes);
        try {
            checkWriter(record, writer, fixedBytes);
        } catch (IllegalArgumentException e) {
            throw new InvalidObjectException(e.getMessage());
        }
        return writer;
    }

    /**
     * Writes the size of a record with variable-length data before its bytes, after {@link #NEWER_FORM}: code of
     * version 1 reads the size first and refuses a negative one, rather than misread a later version's data, whose
     * variable part it would look for at the wrong place.
     */
    public static void writeSize(ObjectOutputStream out, int size) throws IOException {
        out.writeInt(NEWER_FORM);
        out.writeInt(size);
    }

    /** Reads what {@link #writeSize} wrote, or the bare size code of version 1 wrote. */
    public static int readSize(ObjectInputStream in, String record, WriterVersion writer) throws IOException {
        int size = in.readInt();
        if (size == NEWER_FORM) {
            size = in.readInt();
        }
        if (size < writer.fixedBytes()) {
            throw new InvalidObjectException(record + ": a record of " + writer + " has at least its fixed part's "
                    + writer.fixedBytes() + " bytes, not " + size);
        }
        return size;
    }

    /** A fingerprint as messages show it. */
    public static String hex(long fingerprint) {
        return String.format("%016x", fingerprint);
    }
}
