package dev.sdo.runtime.text;

import dev.sdo.runtime.BitFields;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A {@code uint64} field as unsigned decimal text, 0 .. 18446744073709551615; stored as the 64 bits of the
 * {@code long} that holds it, as {@code Long.toUnsignedString} prints it.
 */
public final class Unsigned64Field extends TextField {
    public Unsigned64Field(String label, long presenceBit, long offset) {
        super(label, presenceBit, offset);
    }

    @Override
    protected void parse(byte[] text, int start, int end, ByteBuffer record, int base) {
        Long value = TextValues.unsigned64(new String(text, start, end - start, StandardCharsets.UTF_8));
        if (value == null) {
            throw invalid(text, start, end, TextValues.UNSIGNED_64_PROBLEM);
        }
        BitFields.write(record, base, offset(), Long.SIZE, value);
    }

    @Override
    protected void format(ByteBuffer record, int base, StringBuilder out) {
        out.append(Long.toUnsignedString(stored(record, base)));
    }

    @Override
    protected Long stored(ByteBuffer record, int base) {
        return BitFields.read(record, base, offset(), Long.SIZE);
    }
}
