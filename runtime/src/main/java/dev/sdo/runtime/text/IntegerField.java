package dev.sdo.runtime.text;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CorruptDataException;
import java.nio.ByteBuffer;

/**
 * An integer field ({@code int8 .. int64}, {@code uint8 .. uint32}, {@code int(lo..hi)}) as decimal text, with an
 * optional sign. The stored value is {@code value - bias}: the range's low bound for {@code int(lo..hi)}, 0 for
 * the plain types (two's complement when signed).
 */
public final class IntegerField extends TextField {
    private final int width;
    private final long min;
    private final long max;
    private final long bias;
    private final boolean twosComplement;

    public IntegerField(String label, long presenceBit, long offset, int width, long min, long max, long bias) {
        super(label, presenceBit, offset);
        this.width = width;
        this.min = min;
        this.max = max;
        this.bias = bias;
        this.twosComplement = bias == 0 && min < 0;
    }


    @Override
    protected void parse(byte[] text, int start, int end, ByteBuffer record, int base) {
        long value = parseLong(text, start, end);
        if (value < min || value > max) {
            throw invalid(text, start, end, "is out of range; allowed: " + min + ".." + max);
        }
        BitFields.write(record, base, offset(), width, value - bias);
    }

    @Override
    protected void format(ByteBuffer record, int base, StringBuilder out) {
        out.append(number(record, base));
    }

    @Override
    protected Long stored(ByteBuffer record, int base) {
        return number(record, base);
    }

    /** The stored number, which is in the field's range ({@code int(1..31)} has 5 bits, which hold 32 numbers). */
    private long number(ByteBuffer record, int base) {
        long bits = BitFields.read(record, base, offset(), width);
        if (twosComplement && width < Long.SIZE) {
            bits = bits << (Long.SIZE - width) >> (Long.SIZE - width);
        }
        long value = bits + bias;
        if (width < Long.SIZE && (value < min || value > max)) {
            throw new CorruptDataException(label() + ": stored value " + value + " is out of the field's range "
                    + min + ".." + max);
        }
        return value;
    }

    /** Parses an optionally signed decimal integer, rejecting anything else and overflow of a long. */
    private long parseLong(byte[] text, int start, int end) {
        int i = start;
        boolean negative = false;
        if (text[i] == '-' || text[i] == '+') {
            negative = text[i] == '-';
            i++;
        }
        if (i == end) {
            throw invalid(text, start, end, "is not an integer");
        }
        // Accumulates negatively, as Long.parseLong does, so that Long.MIN_VALUE parses.
        long limit = negative ? Long.MIN_VALUE : -Long.MAX_VALUE;
        long result = 0;
        for (; i < end; i++) {
            int digit = text[i] - '0';
            if (digit < 0 || digit > 9) {
                throw invalid(text, start, end, "is not an integer");
            }
            if (result < limit / 10 || result * 10 < limit + digit) {
                throw invalid(text, start, end, "is out of range; allowed: " + min + ".." + max);
            }
            result = result * 10 - digit;
        }
        return negative ? result : -result;
    }
}
