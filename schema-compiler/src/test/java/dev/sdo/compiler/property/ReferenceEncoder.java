package dev.sdo.compiler.property;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Encodes a {@link RecordValue} into the bytes the spec prescribes (section 2's stored values, section 3's bit
 * layout), independently of the compiler: {@code ceil(bits / 8)} bytes, bit offset b at byte {@code b >> 3}, bit
 * {@code b & 7}, least significant bit first, unused high bits 0.
 *
 * <p>Variable-length fields (strings, blobs, lists, nested records with such fields) follow docs/record-format.md:
 * their data after the fixed part, in declaration order, each field's 32-bit slot holding the byte offset where its
 * data ends; an absent optional one has no data and its slot holds where it would have started.
 */
final class ReferenceEncoder {
    private final SpecLayout layout;

    ReferenceEncoder(SpecLayout layout) {
        this.layout = layout;
    }

    byte[] encode(RecordValue value) {
        int fixed = layout.bytes(value.record());
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        List<Object> withEnds = new ArrayList<>(value.values());
        var fields = value.record().fields();
        for (int i = 0; i < fields.size(); i++) {
            Object v = value.value(i);
            if (TestType.variableLength(fields.get(i).type())) {
                if (v != null) {
                    data.writeBytes(data(fields.get(i).type(), v));
                }
                withEnds.set(i, new End(fixed + data.size(), v != null));
            }
        }
        byte[] bytes = new byte[fixed + data.size()];
        write(new RecordValue(value.record(), withEnds), bytes, 0);
        System.arraycopy(data.toByteArray(), 0, bytes, fixed, data.size());
        return bytes;
    }

    /**
     * The data of a variable-length value: a string's UTF-8, a blob itself, a list's data, a record's whole
     * encoding (its fixed part, then its own data, its slots counted from its own first byte).
     */
    private byte[] data(TestType type, Object v) {
        if (type instanceof TestType.Str) {
            return ((String) v).getBytes(StandardCharsets.UTF_8);
        } else if (type instanceof TestType.Blob) {
            return (byte[]) v;
        } else if (type instanceof TestType.ListOf list) {
            return listData(list.element(), (List<?>) v);
        }
        return encode((RecordValue) v);
    }

    /**
     * A list's data: a 32-bit count, then for elements of variable length (strings, blobs, lists, records with
     * variable-length fields) one 32-bit end offset per element (from the list's first byte) and their data; for
     * records of fixed width each one's {@code ceil(bits / 8)} bytes; otherwise the elements at their width from
     * bit 32, the last byte's unused bits 0.
     */
    private byte[] listData(TestType element, List<?> list) {
        byte[] count = new byte[4];
        put(count, 0, 32, list.size());
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        all.writeBytes(count);
        if (TestType.variableLength(element)) {
            byte[] table = new byte[4 * list.size()];
            ByteArrayOutputStream elements = new ByteArrayOutputStream();
            for (int i = 0; i < list.size(); i++) {
                elements.writeBytes(data(element, list.get(i)));
                put(table, 32L * i, 32, 4 + table.length + elements.size());
            }
            all.writeBytes(table);
            all.writeBytes(elements.toByteArray());
            return all.toByteArray();
        }
        if (element instanceof TestType.RecordRef) {
            for (Object record : list) {
                all.writeBytes(encode((RecordValue) record));
            }
            return all.toByteArray();
        }
        long width = layout.width(element);
        byte[] bytes = new byte[Math.toIntExact(4 + (list.size() * width + 7) / 8)];
        System.arraycopy(count, 0, bytes, 0, 4);
        for (int i = 0; i < list.size(); i++) {
            writeValue(element, list.get(i), bytes, 32 + i * width);
        }
        return bytes;
    }

    /** What the fixed part holds for a string or bytes field: its end, and whether the field is present. */
    private record End(int end, boolean present) {}

    private long write(RecordValue value, byte[] out, long at) {
        var fields = value.record().fields();
        for (int i = 0; i < fields.size(); i++) {
            TestField field = fields.get(i);
            Object v = value.value(i);
            if (v instanceof End end) {
                if (field.optional()) {
                    put(out, at++, 1, end.present() ? 1 : 0);
                }
                put(out, at, SpecLayout.END_SLOT_BITS, end.end());
                at += SpecLayout.END_SLOT_BITS;
                continue;
            }
            if (field.optional()) {
                put(out, at++, 1, v == null ? 0 : 1);
            } else if (v == null) {
                throw new IllegalArgumentException("test bug: required " + field.name() + " is null");
            }
            if (v != null) {
                writeValue(field.type(), v, out, at);
            }
            at += layout.width(field.type());
        }
        return at;
    }

    private void writeValue(TestType type, Object v, byte[] out, long at) {
        int width = (int) Math.min(64, layout.width(type));
        if (type instanceof TestType.Bool) {
            put(out, at, 1, (Boolean) v ? 1 : 0);
        } else if (type instanceof TestType.FixedInt t) {
            // two's complement (signed) or the plain value (unsigned), in exactly t.bits() bits
            put(out, at, width, t.bits() == 64 ? integral(v) : integral(v) & ((1L << t.bits()) - 1));
        } else if (type instanceof TestType.Range t) {
            put(out, at, width, integral(v) - t.lo());
        } else if (type instanceof TestType.Floating t) {
            put(out, at, width, t.bits() == 32 ? Float.floatToRawIntBits((Float) v) & 0xFFFF_FFFFL
                    : Double.doubleToRawLongBits((Double) v));
        } else if (type instanceof TestType.Decimal t) {
            long unscaled = ((BigDecimal) v).setScale(t.scale()).unscaledValue().longValueExact();
            put(out, at, width, t.signed() ? unscaled + t.maxUnscaled() : unscaled);
        } else if (type instanceof TestType.Date t) {
            put(out, at, width, ChronoUnit.DAYS.between(t.bounded() ? t.lo() : TestType.FIRST_DAY, (LocalDate) v));
        } else if (type instanceof TestType.Time) {
            put(out, at, width, ((LocalTime) v).toNanoOfDay() / 1_000_000L);
        } else if (type instanceof TestType.Timestamp) {
            put(out, at, width, ((Instant) v).toEpochMilli());
        } else if (type instanceof TestType.Chars t) {
            String s = (String) v;
            int codeBits = SpecLayout.charCodeBits(t);
            for (int i = 0; i < s.length(); i++) {
                int index = t.alphabet().indexOf(s.charAt(i));
                if (index < 0) {
                    throw new IllegalArgumentException("test bug: " + s + " is not in " + t.alphabet());
                }
                put(out, at + (long) i * codeBits, codeBits, index + 1);
            }
        } else if (type instanceof TestType.EnumRef) {
            put(out, at, width, ((RecordValue.EnumValue) v).ordinal());
        } else if (type instanceof TestType.RecordRef) {
            write((RecordValue) v, out, at);
        } else {
            throw new IllegalArgumentException("unknown type " + type);
        }
    }

    /** The numeric value of an integral field's Java value, whatever its {@code as} type. */
    static long integral(Object v) {
        return v instanceof BigInteger big ? big.longValueExact() : ((Number) v).longValue();
    }

    /** Sets the low {@code width} bits of {@code value} at bit offset {@code at}, one bit at a time. */
    private static void put(byte[] out, long at, int width, long value) {
        if (width < 64 && (value >>> width) != 0) {
            throw new IllegalArgumentException("test bug: " + value + " does not fit " + width + " bits");
        }
        for (int k = 0; k < width; k++) {
            if (((value >>> k) & 1) != 0) {
                long bit = at + k;
                out[(int) (bit >>> 3)] |= (byte) (1 << (bit & 7));
            }
        }
    }
}
