package dev.sdo.runtime.text;

import dev.sdo.runtime.BitFields;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** A {@code bool} field as {@code true} or {@code false} (any case), or {@code 1} or {@code 0} (XML Schema's other forms). */
public final class BoolField extends TextField {
    public BoolField(String label, long presenceBit, long offset) {
        super(label, presenceBit, offset);
    }

    @Override
    protected void parse(byte[] text, int start, int end, ByteBuffer record, int base) {
        String value = new String(text, start, end - start, StandardCharsets.UTF_8);
        Boolean parsed = TextValues.parseBool(value);
        if (parsed == null) {
            throw invalid(text, start, end, TextValues.NOT_A_BOOLEAN);
        }
        if (parsed) {
            BitFields.write(record, base, offset(), 1, 1);
        }
    }

    @Override
    protected void format(ByteBuffer record, int base, StringBuilder out) {
        out.append(stored(record, base));
    }

    @Override
    protected Boolean stored(ByteBuffer record, int base) {
        return BitFields.read(record, base, offset(), 1) != 0;
    }
}
