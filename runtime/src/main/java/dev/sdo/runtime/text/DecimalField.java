package dev.sdo.runtime.text;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CorruptDataException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;

/**
 * A {@code decimal(p, s)} or {@code udecimal(p, s)} field as plain decimal text ({@code -12.50}), parsed from the
 * bytes to the unscaled long without a {@code BigDecimal}. Fewer decimals than s are scaled up; more are accepted
 * only when they are zeros; anything that would need rounding, more than p digits or a sign on a
 * {@code udecimal} is rejected. Written with exactly s decimals.
 */
public final class DecimalField extends TextField {
    private static final long[] POWERS_OF_TEN = new long[19];

    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
        }
    }

    private final int width;
    private final int precision;
    private final int scale;
    private final boolean signed;
    private final long limit;

    public DecimalField(String label, long presenceBit, long offset, int width, int precision, int scale,
            boolean signed) {
        super(label, presenceBit, offset);
        this.width = width;
        this.precision = precision;
        this.scale = scale;
        this.signed = signed;
        this.limit = POWERS_OF_TEN[precision];
    }


    @Override
    protected void parse(byte[] text, int start, int end, ByteBuffer record, int base) {
        int i = start;
        boolean negative = false;
        if (text[i] == '-' || text[i] == '+') {
            negative = text[i] == '-';
            if (negative && !signed) {
                throw invalid(text, start, end, "is negative; allowed: " + allowed());
            }
            i++;
        }
        long unscaled = 0;
        int digits = 0;
        int decimals = -1;
        for (; i < end; i++) {
            byte b = text[i];
            if (b == '.' && decimals < 0) {
                decimals = 0;
                continue;
            }
            int digit = b - '0';
            if (digit < 0 || digit > 9) {
                throw invalid(text, start, end, "is not a decimal number");
            }
            digits++;
            if (decimals >= 0 && ++decimals > scale) {
                if (digit != 0) {
                    throw invalid(text, start, end, "has more than " + scale + " decimals; allowed: " + allowed());
                }
                continue;
            }
            // Checked before multiplying, which could overflow a long at precision 18.
            if (unscaled > (limit - 1 - digit) / 10) {
                throw invalid(text, start, end, "is out of range; allowed: " + allowed());
            }
            unscaled = unscaled * 10 + digit;
        }
        if (digits == 0) {
            throw invalid(text, start, end, "is not a decimal number");
        }
        for (int missing = scale - Math.max(decimals, 0); missing > 0; missing--) {
            if (unscaled > (limit - 1) / 10) {
                throw invalid(text, start, end, "is out of range; allowed: " + allowed());
            }
            unscaled *= 10;
        }
        long value = negative ? -unscaled : unscaled;
        BitFields.write(record, base, offset(), width, signed ? value + (limit - 1) : value);
    }

    @Override
    protected void format(ByteBuffer record, int base, StringBuilder out) {
        long value = unscaled(record, base);
        if (value < 0) {
            out.append('-');
            value = -value;
        }
        long divisor = POWERS_OF_TEN[scale];
        out.append(value / divisor);
        if (scale > 0) {
            out.append('.');
            String fraction = Long.toString(value % divisor);
            for (int pad = scale - fraction.length(); pad > 0; pad--) {
                out.append('0');
            }
            out.append(fraction);
        }
    }

    @Override
    protected BigDecimal stored(ByteBuffer record, int base) {
        return BigDecimal.valueOf(unscaled(record, base), scale);
    }

    /** The stored unscaled value, which holds at most the field's precision of digits. */
    private long unscaled(ByteBuffer record, int base) {
        long bits = BitFields.read(record, base, offset(), width);
        if (bits < 0 || bits > (signed ? 2 * (limit - 1) : limit - 1)) {
            throw new CorruptDataException(label() + ": stored value " + Long.toUnsignedString(bits) + " is beyond "
                    + allowed());
        }
        return signed ? bits - (limit - 1) : bits;
    }

    private String allowed() {
        return (signed ? "decimal(" : "udecimal(") + precision + ", " + scale + "), at most " + (precision - scale)
                + " digits before the point and " + scale + " after" + (signed ? "" : ", not negative");
    }
}
