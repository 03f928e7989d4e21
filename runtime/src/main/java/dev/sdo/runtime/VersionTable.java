package dev.sdo.runtime;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamField;
import java.util.Arrays;
import java.util.Collections;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * What code of version V of a record with {@code @since} fields knows about the record's versions 1..V: for each, its
 * layout fingerprint and the bits of its fields (so its fixed part's size). Only version 1 and the versions that
 * added fields are listed; a version that added none has the layout of the version before it, as schema versions
 * may be numbered with gaps ({@code @since(10)} after {@code @since(2)}).
 *
 * <p>Data of version W is readable by code of version R when both agree on the fingerprint of version min(W, R):
 * every later field was then added with {@code @since}, after the fields of that version, so that the layout of
 * min(W, R) is a prefix of both. A generated SDO holds its table in {@code XSdo.VERSIONS}; it checks the
 * {@link WriterVersion} its container gives it against the table, and writes and checks the part of its Java serial
 * form that says which version wrote a record.
 *
 * <p>The serial form stays readable across versions: the {@code serialVersionUID} is version 1's fingerprint, the
 * serial fields say which version wrote the record, and code of version 1 (which has no such fields, and ignores
 * them) reads the fixed part of a fixed-width record of any version as its own.
 */
public final class VersionTable {
    /**
     * Stands where code of version 1 of a record with variable-length data writes the record's size in its serial
     * form, so that such code refuses the serial form of a later version rather than misread it.
     */
    public static final int NEWER_FORM = -1;

    private static final String VERSION_FIELD = "writerVersion";
    private static final String BYTES_FIELD = "writerBytes";
    private static final String VERSIONS_FIELD = "versions";
    private static final String FINGERPRINTS_FIELD = "fingerprints";
    private static final String SIZE_FIELD = "size";

    private final String record;
    private final int[] versions;
    private final long[] fingerprints;
    private final long[] bits;
    private final boolean sizedFirstVersion;

    /**
     * @param record the record's name, for messages
     * @param versions 1 and every version that added fields, ascending
     * @param fingerprints the layout fingerprint of each of {@code versions}
     * @param bits the bits of the fields of each of {@code versions}, non-decreasing
     * @param sizedFirstVersion whether version 1 of the record had variable-length fields, so that its code's serial
     *     form starts with the record's size
     */
    public VersionTable(String record, int[] versions, long[] fingerprints, long[] bits, boolean sizedFirstVersion) {
        if (versions.length == 0 || versions[0] != 1 || fingerprints.length != versions.length
                || bits.length != versions.length) {
            throw new IllegalArgumentException(record + ": a version table starts at version 1 and has a fingerprint"
                    + " and a size for each version");
        }
        for (int i = 1; i < versions.length; i++) {
            if (versions[i] <= versions[i - 1] || bits[i] < bits[i - 1]) {
                throw new IllegalArgumentException(record + ": versions must ascend and their fields only grow");
            }
        }
        this.record = record;
        this.versions = versions.clone();
        this.fingerprints = fingerprints.clone();
        this.bits = bits.clone();
        this.sizedFirstVersion = sizedFirstVersion;
    }

    /** The newest version: the code's own. */
    public int latest() {
        return versions[versions.length - 1];
    }

    /**
     * The layout fingerprint of {@code version}: of the fields with {@code since <= version}.
     *
     * @throws IllegalArgumentException unless 1 &lt;= version &lt;= {@link #latest()}
     */
    public long fingerprint(int version) {
        return fingerprints[index(version)];
    }

    /** The bits of the fields of {@code version}. */
    public long bits(int version) {
        return bits[index(version)];
    }

    /** The size in bytes of the fixed part of {@code version}. */
    public int fixedBytes(int version) {
        return Math.toIntExact((bits(version) + 7) / 8);
    }

    /** The {@link WriterVersion} of data written by {@code version}, a version this code knows. */
    public WriterVersion writer(int version) {
        return new WriterVersion(version, fixedBytes(version));
    }

    /** The fingerprint of every listed version, by version: what batch files record. */
    public NavigableMap<Integer, Long> fingerprints() {
        NavigableMap<Integer, Long> byVersion = new TreeMap<>();
        for (int i = 0; i < versions.length; i++) {
            byVersion.put(versions[i], fingerprints[i]);
        }
        return Collections.unmodifiableNavigableMap(byVersion);
    }

    private int index(int version) {
        if (version < 1 || version > latest()) {
            throw new IllegalArgumentException(record + " has versions 1.." + latest() + ", not " + version);
        }
        int found = Arrays.binarySearch(versions, version);
        return found >= 0 ? found : -found - 2;
    }

    /**
     * Checks that {@code writer} can have written a record of this code's schema: a version this code knows has the
     * fixed size this code computed for it; a newer version's fixed part is at least this code's.
     *
     * @throws IllegalArgumentException naming the record, the version and both sizes otherwise
     */
    public void checkWriter(WriterVersion writer) {
        if (writer.version() <= latest() && writer.fixedBytes() != fixedBytes(writer.version())) {
            throw new IllegalArgumentException(record + ": version " + writer.version() + " of the record has a "
                    + fixedBytes(writer.version()) + "-byte fixed part, not " + writer.fixedBytes()
                    + ": the data was written by another schema, or its container is wrong");
        }
        if (writer.version() > latest() && writer.fixedBytes() < fixedBytes(latest())) {
            throw new IllegalArgumentException(record + ": a record of version " + writer.version()
                    + " has at least the " + fixedBytes(latest()) + "-byte fixed part of version " + latest()
                    + ", not " + writer.fixedBytes() + " bytes");
        }
    }

    /**
     * {@link #checkWriter} for the code of a record without {@code @since} fields, which has no table: its own
     * version 1 has a {@code fixedBytes}-byte fixed part, and a later version's fixed part is at least that.
     *
     * @throws IllegalArgumentException naming the record, the version and both sizes otherwise
     */
    public static void checkFirstVersionWriter(String record, int fixedBytes, WriterVersion writer) {
        if (writer.version() == 1 ? writer.fixedBytes() != fixedBytes : writer.fixedBytes() < fixedBytes) {
            throw new IllegalArgumentException(record + ": " + (writer.version() == 1 ? "version 1 of the record has a "
                    + fixedBytes + "-byte fixed part, not " + writer.fixedBytes() + ": the data was written by another"
                    + " schema, or its container is wrong" : "a record of version " + writer.version() + " has at least"
                    + " the " + fixedBytes + "-byte fixed part of version 1, not " + writer.fixedBytes() + " bytes"));
        }
    }

    /**
     * Checks that {@code writer} wrote a record of a schema that has only one version of it, a compact record's
     * (docs/record-format.md section 8): its version 1, with a {@code fixedBytes}-byte fixed part.
     *
     * @throws IllegalArgumentException for another version or fixed size
     */
    public static void checkOnlyVersionWriter(String record, int fixedBytes, WriterVersion writer) {
        if (writer.version() > 1) {
            throw new IllegalArgumentException(record + ": a compact record has no versions: its code reads records of"
                    + " version 1, not " + writer.version());
        }
        checkFirstVersionWriter(record, fixedBytes, writer);
    }

    /**
     * The bits a fixed-width record of {@code writerVersion} takes: its version's fields' bits, or for a newer
     * version, whose bits this code does not know, all of its {@code newerSize} bytes.
     */
    public long writtenBits(int writerVersion, int newerSize) {
        return writerVersion <= latest() ? bits(writerVersion) : 8L * newerSize;
    }

    /**
     * The serial fields of a versioned SDO, written before its bytes: which version wrote the record, the
     * fingerprints of the versions up to it that the writing code knows, and the record's size. Code of version 1
     * has no serial fields and ignores these; in its serial form they are absent, which means version 1.
     */
    public static ObjectStreamField[] serialFields() {
        return new ObjectStreamField[] {
            new ObjectStreamField(VERSION_FIELD, int.class),
            new ObjectStreamField(BYTES_FIELD, int.class),
            new ObjectStreamField(VERSIONS_FIELD, int[].class),
            new ObjectStreamField(FINGERPRINTS_FIELD, long[].class),
            new ObjectStreamField(SIZE_FIELD, int.class)
        };
    }

    /**
     * Writes the serial fields of a record of {@code size} bytes that {@code writerVersion} wrote with a fixed part
     * of {@code writerBytes}; the caller writes its bytes next. When version 1 of the record had variable-length
     * fields, {@link #NEWER_FORM} follows the fields: version 1's code reads a size there and refuses a negative
     * one, rather than look for a later version's variable data at the wrong place.
     */
    public void write(ObjectOutputStream out, int writerVersion, int writerBytes, int size) throws IOException {
        int known = 0;
        while (known < versions.length && versions[known] <= writerVersion) {
            known++;
        }
        ObjectOutputStream.PutField fields = out.putFields();
        fields.put(VERSION_FIELD, writerVersion);
        fields.put(BYTES_FIELD, writerBytes);
        fields.put(VERSIONS_FIELD, Arrays.copyOf(versions, known));
        fields.put(FINGERPRINTS_FIELD, Arrays.copyOf(fingerprints, known));
        fields.put(SIZE_FIELD, size);
        out.writeFields();
        if (sizedFirstVersion) {
            out.writeInt(NEWER_FORM);
        }
    }

    /**
     * Which version wrote a serialised record, and its size: read from what {@link #write} wrote, or from the serial
     * form of version 1's code, and checked: the fingerprints of the newest version both know must be equal.
     *
     * @param writer the version that wrote the record and its fixed part's size
     * @param size the record's size in bytes, which follow
     */
    public record Serialised(WriterVersion writer, int size) {}

    /**
     * Reads the serial fields {@link #write} wrote (or their absence: version 1's serial form) up to the record's
     * bytes.
     *
     * @throws InvalidObjectException naming the record, the versions and the fingerprints when they disagree or the
     *     stream is damaged
     */
    public Serialised read(ObjectInputStream in) throws IOException, ClassNotFoundException {
        ObjectInputStream.GetField fields = in.readFields();
        int[] sentVersions = (int[]) fields.get(VERSIONS_FIELD, null);
        if (sentVersions == null) {
            // Version 1's serial form: its bytes, after their size if it had variable-length fields. Its
            // serialVersionUID, version 1's fingerprint, matched ours.
            WriterVersion writer = writer(1);
            return new Serialised(writer, sizedFirstVersion ? checkedSize(in.readInt(), writer) : fixedBytes(1));
        }
        int version = fields.get(VERSION_FIELD, 1);
        long[] sentFingerprints = (long[]) fields.get(FINGERPRINTS_FIELD, null);
        VersionTable sent;
        try {
            sent = new VersionTable(record, sentVersions, sentFingerprints, new long[sentVersions.length], false);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new InvalidObjectException(record + ": damaged serial form: " + e.getMessage());
        }
        int common = Math.min(Math.min(version, latest()), sent.latest());
        if (sent.fingerprint(common) != fingerprint(common)) {
            throw new InvalidObjectException(record + ": cannot read a record serialised by version " + version
                    + ": its version " + common + " has fingerprint " + hex(sent.fingerprint(common))
                    + ", but this code's version " + common + " has " + hex(fingerprint(common))
                    + "; the record was changed other than by adding fields with @since");
        }
        WriterVersion writer;
        try {
            writer = new WriterVersion(version, fields.get(BYTES_FIELD, -1));
            checkWriter(writer);
        } catch (IllegalArgumentException e) {
            throw new InvalidObjectException(record + ": damaged serial form: " + e.getMessage());
        }
        if (sizedFirstVersion && in.readInt() != NEWER_FORM) {
            throw new InvalidObjectException(record + ": damaged serial form: no " + NEWER_FORM + " after its fields");
        }
        return new Serialised(writer, checkedSize(fields.get(SIZE_FIELD, -1), writer));
    }

    private int checkedSize(int size, WriterVersion writer) throws InvalidObjectException {
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

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(record).append(" versions");
        for (int i = 0; i < versions.length; i++) {
            text.append(i == 0 ? " " : ", ").append(versions[i]).append(" (").append(hex(fingerprints[i]))
                    .append(", ").append(bits[i]).append(" bits)");
        }
        return text.toString();
    }
}
