package dev.sdo.coherence;

import com.tangosol.util.Binary;
import com.tangosol.util.BinaryEntry;
import com.tangosol.util.ExternalizableHelper;
import dev.sdo.runtime.Flyweight;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Objects;

/**
 * What a stored value of one record type looks like, in numbers and a name only, so that it travels to storage
 * members that have none of the generated classes: the {@code XSdo} class's name (which {@link SdoSerializer} maps to
 * the tag byte) and the record's size. It finds the record's bytes in an entry and hands them to a
 * {@code Match} or {@code KeyReader} in a buffer with the 8 bytes of slack those may read past the record's end.
 */
final class StoredRecord implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Coherence's marker byte, then SdoSerializer's tag byte, then the record. */
    static final int HEADER = 2;
    /** What a {@code Match} may read past the record's last byte: one 8-byte load. */
    private static final int SLACK = Long.BYTES;
    /** One scratch buffer per thread and size: the record is copied there, since a Binary has no slack. */
    private static final ThreadLocal<ByteBuffer[]> SCRATCH = ThreadLocal.withInitial(() -> new ByteBuffer[1]);

    private final String sdoClassName;
    private final int bytes;

    private StoredRecord(String sdoClassName, int bytes) {
        this.sdoClassName = sdoClassName;
        this.bytes = bytes;
    }

    /** The stored form of {@code sdoClass}'s records; checks that it is a generated SDO class. */
    static StoredRecord of(Class<?> sdoClass) {
        return new StoredRecord(sdoClass.getName(), SdoType.of(Objects.requireNonNull(sdoClass, "sdoClass")).bytes());
    }

    /** Writes the record's class name and size, for {@link #readFrom}. */
    void writeTo(DataOutput out) throws IOException {
        out.writeUTF(sdoClassName);
        out.writeInt(bytes);
    }

    /** The stored form {@link #writeTo} wrote; it loads no class. */
    static StoredRecord readFrom(DataInput in) throws IOException {
        String sdoClassName = in.readUTF();
        int bytes = in.readInt();
        if (bytes <= 0) {
            throw new IOException("damaged stored record: " + sdoClassName + " of " + bytes + " bytes");
        }
        return new StoredRecord(sdoClassName, bytes);
    }

    String sdoClassName() {
        return sdoClassName;
    }

    /**
     * The record of {@code entry}'s value at byte 0 of a scratch buffer of this thread (valid until the next call), or
     * null when the value is a record of another type stored in the same cache.
     *
     * @throws IllegalStateException if the value is not a stored SDO at all (a bean, or another serializer's value)
     */
    ByteBuffer bytesOf(Map.Entry<?, ?> entry) {
        if (entry instanceof BinaryEntry<?, ?> binaryEntry && binaryEntry.getSerializer() instanceof SdoSerializer
                serializer) {
            return bytesOf(binaryEntry, serializer);
        }
        return bytesOfObject(entry.getValue());
    }

    private ByteBuffer bytesOf(BinaryEntry<?, ?> entry, SdoSerializer serializer) {
        Binary value = entry.getBinaryValue();
        Binary record = value == null ? null : ExternalizableHelper.getUndecorated(value);
        if (record == null || record.length() < HEADER || record.byteAt(0) != ExternalizableHelper.FMT_EXT
                || (record.byteAt(1) & 0xFF) == SdoSerializer.OTHER) {
            throw notARecord(entry.getKey());
        }
        if ((record.byteAt(1) & 0xFF) != serializer.tagOf(sdoClassName)) {
            return null;
        }
        if (record.length() != HEADER + bytes) {
            throw new IllegalStateException("the value of key " + entry.getKey() + " is tagged " + sdoClassName
                    + " but holds " + (record.length() - HEADER) + " bytes, not " + bytes + ": was it written by"
                    + " another version of the schema?");
        }
        ByteBuffer scratch = scratch();
        record.copyBytes(HEADER, HEADER + bytes, scratch.array(), 0);
        return scratch;
    }

    /** A value object (off the storage members: a client's own evaluation): an SDO of this type, or not a match. */
    private ByteBuffer bytesOfObject(Object value) {
        if (!(value instanceof Flyweight)) {
            throw notARecord(null);
        }
        if (!value.getClass().getName().equals(sdoClassName)) {
            return null;
        }
        ByteBuffer scratch = scratch();
        byte[] record = SdoType.of(value.getClass()).toByteArray(value);
        System.arraycopy(record, 0, scratch.array(), 0, bytes);
        return scratch;
    }

    private ByteBuffer scratch() {
        ByteBuffer[] holder = SCRATCH.get();
        ByteBuffer scratch = holder[0];
        if (scratch == null || scratch.capacity() < bytes + SLACK) {
            scratch = ByteBuffer.wrap(new byte[bytes + SLACK]);
            holder[0] = scratch;
        }
        return scratch;
    }

    private IllegalStateException notARecord(Object key) {
        return new IllegalStateException((key == null ? "a value" : "the value of key " + key) + " is not an "
                + sdoClassName + " stored by SdoSerializer: the classless filters, extractors and aggregators read"
                + " stored SDOs only (store XSdo.of(bean), not the bean)");
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof StoredRecord that && sdoClassName.equals(that.sdoClassName) && bytes == that.bytes;
    }

    @Override
    public int hashCode() {
        return sdoClassName.hashCode() * 31 + bytes;
    }

    @Override
    public String toString() {
        return sdoClassName + " (" + bytes + " bytes)";
    }
}
