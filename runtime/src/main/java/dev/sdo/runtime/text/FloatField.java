package dev.sdo.runtime.text;

import dev.sdo.runtime.BitFields;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** A {@code float32} or {@code float64} field as Java's decimal floating-point text ({@code 1.5}, {@code NaN}). */
public final class FloatField extends TextField {
    private final int bits;

    /** @param bits 32 or 64 */
    public FloatField(String label, long presenceBit, long offset, int bits) {
        super(label, presenceBit, offset);
        this.bits = bits;
    }


    @Override
    protected void parse(byte[] text, int start, int end, ByteBuffer record, int base) {
        String value = new String(text, start, end - start, StandardCharsets.UTF_8);
        try {
            long raw = bits == Float.SIZE
                    ? Float.floatToRawIntBits(Float.parseFloat(value)) & 0xFFFF_FFFFL
                    : Double.doubleToRawLongBits(Double.parseDouble(value));
            BitFields.write(record, base, offset(), bits, raw);
        } catch (NumberFormatException e) {
            throw invalid(text, start, end, "is not a floating-point number");
        }
    }

    @Override
    protected void format(ByteBuffer record, int base, StringBuilder out) {
        out.append(stored(record, base));
    }

    @Override
    protected Number stored(ByteBuffer record, int base) {
        long raw = BitFields.read(record, base, offset(), bits);
        return bits == Float.SIZE ? (Number) Float.intBitsToFloat((int) raw) : (Number) Double.longBitsToDouble(raw);
    }
}
