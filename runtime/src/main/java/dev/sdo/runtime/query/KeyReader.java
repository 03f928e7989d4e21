package dev.sdo.runtime.query;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.Serializable;
import java.nio.ByteBuffer;

/**
 * What an aggregate reads of a field: whether a record has a value (stored, or the field's default), its stored bits,
 * and its key. Numbers only, like {@link Match}, so that aggregates run where the generated classes are not.
 */
public final class KeyReader implements Serializable {
    private static final long serialVersionUID = 1L;

    private final FieldBits bits;
    private final KeyOrder order;
    private final boolean hasDefault;
    private final long defaultRaw;

    KeyReader(FieldBits bits, KeyOrder order, Long defaultRaw) {
        this.bits = bits;
        this.order = order;
        this.hasDefault = defaultRaw != null;
        this.defaultRaw = hasDefault ? defaultRaw : 0;
    }

    /** Whether the record at {@code base} has a value: stored, or the default of a field that has one. */
    public boolean has(ByteBuffer chunk, int base) {
        return hasDefault || bits.present(chunk, base);
    }

    /**
     * The stored bits of the record's value, or the default's when it stores none; call after {@link #has}, which
     * tested the presence bit of a field without a default, so that each record's bit is read once.
     */
    public long raw(ByteBuffer chunk, int base) {
        return hasDefault && !bits.present(chunk, base) ? defaultRaw : bits.raw(chunk, base);
    }

    /** The key of stored bits {@code raw}. */
    public long key(long raw) {
        return order.key(raw);
    }

    /** The field's width in bits. */
    public int width() {
        return bits.width();
    }

    /**
     * Writes this reader in a few bytes (the field's name, bits, key order and default), for a process that reads it
     * back with {@link #readFrom}: a far smaller and faster form than Java serialisation, for readers sent with every
     * query.
     */
    public void writeTo(DataOutput out) throws IOException {
        bits.write(out);
        order.write(out);
        out.writeBoolean(hasDefault);
        out.writeLong(defaultRaw);
    }

    /**
     * The reader {@link #writeTo} wrote.
     *
     * @throws IOException if the bytes are not a reader's
     */
    public static KeyReader readFrom(DataInput in) throws IOException {
        FieldBits bits = FieldBits.read(in);
        KeyOrder order = KeyOrder.read(in);
        boolean hasDefault = in.readBoolean();
        long defaultRaw = in.readLong();
        return new KeyReader(bits, order, hasDefault ? defaultRaw : null);
    }
}
