package dev.sdo.runtime;

/**
 * Which version of a record's schema wrote some data, as the data's container knows it: the writer's schema
 * version and the size in bytes of the record's fixed part in that version. A generated SDO of a record with
 * {@code @since} fields takes one in {@code wrap(buffer, offset, writer)}, the way an SBE decoder takes the acting
 * version and block length from its message header: its getters then read fields the writer did not have as absent
 * (or their zero value), and for a newer writer, skip what this code does not know (see docs/record-format.md).
 *
 * <p>The fixed size comes from the container rather than from the reading code because code of an older version
 * cannot know how large a newer version's fixed part is, and the variable part starts right after it.
 *
 * @param version the writer's schema version, at least 1
 * @param fixedBytes the size of the record's fixed part in the writer's version, at least 0
 */
public record WriterVersion(int version, int fixedBytes) {
    /**
     * What a generated SDO holds as the size of the record it shows when the record is of a version its code knows:
     * the record's own bytes give its size. It is an {@code int} field's default, so views made for their own
     * version need not set it. Only a record of a later version has its size from its container.
     */
    public static final int SIZE_IN_RECORD = 0;

    /** What a generated SDO holds as the size of a later version's record whose container has not given it. */
    public static final int SIZE_NOT_GIVEN = -1;

    public WriterVersion {
        if (version < 1) {
            throw new IllegalArgumentException("a schema version is at least 1, not " + version);
        }
        if (fixedBytes < 0) {
            throw new IllegalArgumentException("a record's fixed part has at least 0 bytes, not " + fixedBytes);
        }
    }

    @Override
    public String toString() {
        return "version " + version + " (" + fixedBytes + "-byte fixed part)";
    }
}
