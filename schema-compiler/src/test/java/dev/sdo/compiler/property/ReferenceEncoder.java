package dev.sdo.compiler.property;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Encodes a {@link RecordValue} into the bytes the spec prescribes (section 2's stored values, section 3's bit
 * layout), independently of the compiler: {@code ceil(bits / 8)} bytes, bit offset b at byte {@code b >> 3}, bit
 * {@code b & 7}, least significant bit first, unused high bits 0.
 *
 * <p>Variable-length fields (strings, blobs, lists, unbounded numbers, nested records with such fields, unions with
 * an end slot) follow docs/record-format.md: their data after the fixed part, in declaration order, each field's
 * 32-bit slot holding the byte offset where its data ends; an absent optional one has no data and its slot holds
 * where it would have started. A union (section 5) is its tag (0 none, i the i-th alternative), its inline place
 * (the present alternative's bits when it is inline) and its slot; a union stored on its own (a list element) is its
 * bits padded to bytes, then the data of its alternative. A field with a default (docs/unions-and-extension.md) has
 * a presence bit, 0 with no value bits and no data when it holds its default.
 *
 * <p>A {@code @compact} record with variable-length fields follows section 8 of docs/record-format.md: its slot width
 * code, one slot bit per variable-length field, its other fields, then a table of end slots of the smallest width
 * that holds its size, only for the fields whose slot bit is 1 but the last of them (whose data ends at the record's
 * size, which its container gives), then their data.
 *
 * <p>Section 8.6: in a document of compact records (a compact record encoded from outside any, and every compact
 * record it holds through fields, lists and unions, but not through a record that is not compact), a string field of
 * 4 to 67 UTF-8 bytes equal to an earlier one in the order of the data is a 3-byte reference to the first: {@code 0x80
 * | (length - 4)}, then how many bytes back its bytes start, little-endian; unless the document is then over 65,535
 * bytes, when it shares nothing. Which strings are references is decided first, walking the values in the order of
 * their data; where each string's bytes land is followed through every copy of a record's bytes into its holder's.
 */
final class ReferenceEncoder {
    private final SpecLayout layout;
    /** The document of compact records being encoded; null outside one. */
    private SharedDocument document;

    ReferenceEncoder(SpecLayout layout) {
        this.layout = layout;
    }

    byte[] encode(RecordValue value) {
        if (value.record().compactLayout()) {
            return document != null ? encodeCompact(value) : encodeDocument(value);
        }
        // A record that is not compact: the compact records it holds are documents of their own.
        SharedDocument outer = document;
        document = null;
        try {
            return encodeNotCompact(value);
        } finally {
            document = outer;
        }
    }

    /** A compact record at the top of its document: its strings shared (section 8.6). */
    private byte[] encodeDocument(RecordValue value) {
        SharedDocument shared = new SharedDocument();
        shared.decide(value);
        document = shared;
        byte[] bytes;
        try {
            bytes = encodeCompact(value);
        } finally {
            document = null;
        }
        if (shared.references > 0 && bytes.length > 65_535) {
            document = new SharedDocument();
            try {
                return encodeCompact(value);
            } finally {
                document = null;
            }
        }
        shared.resolve(bytes);
        return bytes;
    }

    private byte[] encodeNotCompact(RecordValue value) {
        int fixed = layout.bytes(value.record());
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        var fields = value.record().fields();
        long[] ends = new long[fields.size()];
        for (int i = 0; i < fields.size(); i++) {
            TestField field = fields.get(i);
            if (TestType.variableLength(field.type())) {
                Object v = value.value(i);
                if (v != null && !isDefault(field, v)) {
                    data.writeBytes(fieldData(field.type(), v));
                }
                ends[i] = fixed + data.size();
            }
        }
        byte[] bytes = new byte[fixed + data.size()];
        write(value, ends, bytes, 0);
        System.arraycopy(data.toByteArray(), 0, bytes, fixed, data.size());
        return bytes;
    }

    /**
     * docs/record-format.md section 8: the slot width code w in bits 0..1 (slots of W = w + 1 bytes, the smallest W
     * whose slots hold the record's size), slot bit j at bit 2 + j (1 when variable-length field j has an end slot
     * in the table: required and not an empty string, blob or list, present and not its default, or a union whose
     * present alternative is not inline),
     * the other fields' bits; at byte {@code BYTES} the slot table, one W-byte little-endian end per slot bit that
     * is 1 but the last (that field's data ends at the record's size); then the data of those fields in declaration
     * order.
     */
    private byte[] encodeCompact(RecordValue value) {
        TestRecord record = value.record();
        int fixed = layout.bytes(record);
        List<SpecLayout.Slot> slots = layout.slots(record);
        boolean[] hasSlot = new boolean[slots.size()];
        for (int i = 0; i < slots.size(); i++) {
            if (slots.get(i).slotBit() >= 0) {
                hasSlot[i] = hasSlot(slots.get(i).field(), value.value(i));
            }
        }
        // Section 8.5: a list field's count and end offsets are W bytes wide, so its data depends on W. Each W is
        // tried in turn, from 1, until the record's size fits W bytes.
        List<byte[]> data;
        int count;
        long dataLength;
        int width = 0;
        long size;
        do {
            width++;
            data = new java.util.ArrayList<>(); // of the fields with a slot, in declaration order
            dataLength = 0;
            for (int i = 0; i < slots.size(); i++) {
                if (hasSlot[i]) {
                    TestType type = slots.get(i).field().type();
                    byte[] bytes = type instanceof TestType.ListOf list && countWithinData(list.element())
                            ? listData(list.element(), (List<?>) value.value(i), width)
                            : type instanceof TestType.Str ? document.stringData(value, i)
                            : fieldData(type, value.value(i));
                    data.add(bytes);
                    dataLength += bytes.length;
                }
            }
            count = data.size();
            size = fixed + (long) Math.max(count - 1, 0) * width + dataLength;
        } while (width < 4 && size > (1L << (8 * width)) - 1);
        if (width > 4 || size > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("test bug: a record of " + size + " bytes");
        }
        byte[] bytes = new byte[(int) size];
        put(bytes, 0, SpecLayout.SLOT_WIDTH_CODE_BITS, width - 1);
        for (int i = 0; i < slots.size(); i++) {
            SpecLayout.Slot slot = slots.get(i);
            TestField field = slot.field();
            Object v = value.value(i);
            if (v == null && !field.optional()) {
                throw new IllegalArgumentException("test bug: required " + field.name() + " is null");
            }
            if (slot.slotBit() >= 0) {
                put(bytes, slot.slotBit(), 1, hasSlot[i] ? 1 : 0);
                if (field.type() instanceof TestType.UnionRef ref) {
                    writeTagAndInline(ref.union(), (RecordValue.UnionValue) v, bytes, slot.offset());
                }
                continue;
            }
            boolean stored = v != null && !isDefault(field, v);
            if (slot.presenceBit() >= 0) {
                put(bytes, slot.presenceBit(), 1, stored ? 1 : 0);
            }
            if (stored || field.type() instanceof TestType.UnionRef) {
                writeValue(field.type(), v, bytes, slot.offset());
            }
        }
        long end = fixed + (long) Math.max(count - 1, 0) * width;
        int at = (int) end;
        for (int k = 0; k < count; k++) {
            end += data.get(k).length;
            if (k < count - 1) {
                put(bytes, 8L * (fixed + (long) k * width), 8 * width, end);
            }
            System.arraycopy(data.get(k), 0, bytes, at, data.get(k).length);
            carry(data.get(k), bytes, at);
            at += data.get(k).length;
        }
        return bytes;
    }

    /**
     * Section 8.5: whether a list of {@code element} has fewer elements than bytes of data, so that its count and end
     * offsets take its compact record's slot width: elements with an end offset each, records of at least a byte,
     * values of at least 8 bits. A list of narrower values, or of records of no bits, keeps its 4-byte count.
     */
    private boolean countWithinData(TestType element) {
        if (TestType.storedWithTable(element)) {
            return true;
        } else if (element instanceof TestType.RecordRef ref) {
            return layout.bytes(ref.type()) > 0;
        }
        return layout.width(element) >= 8;
    }

    /**
     * A compact record's slot bit for a variable-length field holding {@code v} (section 8.1): a union's is 1 when
     * its alternative lives behind the slot; a required string's, blob's or list's when it is not empty; any other
     * field's when it is stored (present, and not its default).
     */
    static boolean hasSlot(TestField field, Object v) {
        if (field.type() instanceof TestType.UnionRef ref) {
            return v != null && !ref.union().inline(((RecordValue.UnionValue) v).field().type());
        }
        if (SpecLayout.emptyWithoutSlot(field)) {
            return !(v instanceof String text && text.isEmpty() || v instanceof byte[] blob && blob.length == 0
                    || v instanceof List<?> list && list.isEmpty());
        }
        return v != null && !isDefault(field, v);
    }

    /** Whether {@code v} is the field's default, which is stored as a presence bit 0 and nothing else. */
    static boolean isDefault(TestField field, Object v) {
        if (!field.hasDefault()) {
            return false;
        } else if (v instanceof BigDecimal d) {
            return d.compareTo((BigDecimal) field.defaultValue()) == 0;
        } else if (v instanceof Float f) {
            return f.floatValue() == ((Float) field.defaultValue()).floatValue();
        } else if (v instanceof Double d) {
            return d.doubleValue() == ((Double) field.defaultValue()).doubleValue();
        } else if (v instanceof BigInteger || v instanceof Long || v instanceof Integer || v instanceof Short
                || v instanceof Byte) {
            return integral(v) == integral(field.defaultValue());
        }
        return Objects.equals(v, field.defaultValue());
    }

    /** What a variable-length field holds after the fixed part; a union's: its alternative's data, if not inline. */
    private byte[] fieldData(TestType type, Object v) {
        if (type instanceof TestType.UnionRef ref) {
            RecordValue.UnionValue union = (RecordValue.UnionValue) v;
            TestType alternative = union.field().type();
            return ref.union().inline(alternative) ? new byte[0] : data(alternative, union.value());
        }
        return data(type, v);
    }

    /**
     * The data of a value stored after a fixed part or as a list element: a string's UTF-8, a blob itself, a list's
     * data, a record's whole encoding (its fixed part, then its own data, its slots counted from its own first
     * byte; for a record of fixed width, its {@code ceil(bits / 8)} bytes), an unbounded number's bytes, a union
     * stored on its own.
     */
    private byte[] data(TestType type, Object v) {
        if (type instanceof TestType.Str) {
            return ((String) v).getBytes(StandardCharsets.UTF_8);
        } else if (type instanceof TestType.Blob) {
            return (byte[]) v;
        } else if (type instanceof TestType.ListOf list) {
            return listData(list.element(), (List<?>) v);
        } else if (type instanceof TestType.Unbounded) {
            return unbounded(v);
        } else if (type instanceof TestType.UnionRef ref) {
            return unionAlone(ref.union(), (RecordValue.UnionValue) v);
        }
        return encode((RecordValue) v);
    }

    /**
     * docs/record-format.md 2.2: an integer is its two's-complement bytes, most significant first, as few as hold
     * it; a decimal is its scale as a zigzag LEB128 number, then its unscaled value as an integer.
     */
    static byte[] unbounded(Object v) {
        if (v instanceof BigInteger integer) {
            return twosComplement(integer);
        }
        BigDecimal decimal = (BigDecimal) v;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long zigzag = ((long) decimal.scale() << 1) ^ ((long) decimal.scale() >> 63);
        do {
            long low = zigzag & 0x7F;
            zigzag >>>= 7;
            out.write((int) (zigzag == 0 ? low : low | 0x80));
        } while (zigzag != 0);
        out.writeBytes(twosComplement(decimal.unscaledValue()));
        return out.toByteArray();
    }

    /** The fewest bytes, most significant first, whose two's complement is {@code value} (at least one). */
    private static byte[] twosComplement(BigInteger value) {
        int length = value.bitLength() / 8 + 1; // bitLength excludes the sign bit
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[length - 1 - i] = value.shiftRight(8 * i).byteValue();
        }
        return bytes;
    }

    /**
     * A union stored on its own: its tag, inline place and slot from bit 0, padded to whole bytes, then the data of
     * its alternative when that is not inline; the slot counts from the union's first byte.
     */
    private byte[] unionAlone(TestUnion union, RecordValue.UnionValue v) {
        int fixed = layout.unionBytes(union);
        TestType alternative = v.field().type();
        byte[] data = union.inline(alternative) ? new byte[0] : data(alternative, v.value());
        byte[] bytes = Arrays.copyOf(new byte[fixed], fixed + data.length);
        writeUnion(union, v, fixed + data.length, bytes, 0);
        System.arraycopy(data, 0, bytes, fixed, data.length);
        carry(data, bytes, fixed);
        return bytes;
    }

    /**
     * A list's data: a 32-bit count, then for elements of variable length (strings, blobs, lists, records with
     * variable-length fields, unbounded numbers) and unions one 32-bit end offset per element (from the list's first
     * byte) and their data; for records of fixed width each one's {@code ceil(bits / 8)} bytes; otherwise the
     * elements at their width from bit 32, the last byte's unused bits 0.
     */
    private byte[] listData(TestType element, List<?> list) {
        return listData(element, list, 4);
    }

    /**
     * {@link #listData(TestType, List)} with the count and end offsets {@code numbers} bytes wide, as a list field of
     * a compact record whose slots are {@code numbers} bytes wide has them (docs/record-format.md, section 8.5); its
     * elements' own data (a list in the list included) as anywhere else.
     */
    private byte[] listData(TestType element, List<?> list, int numbers) {
        // A width too narrow for the list (its numbers cut to it) is one the record's size refuses: tried, not kept.
        long mask = (1L << (8 * numbers)) - 1;
        byte[] count = new byte[numbers];
        put(count, 0, 8 * numbers, list.size() & mask);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        all.writeBytes(count);
        if (TestType.storedWithTable(element)) {
            byte[] table = new byte[numbers * list.size()];
            ByteArrayOutputStream elements = new ByteArrayOutputStream();
            List<byte[]> placed = new java.util.ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                byte[] one = data(element, list.get(i));
                placed.add(one);
                elements.writeBytes(one);
                put(table, 8L * numbers * i, 8 * numbers, (numbers + table.length + elements.size()) & mask);
            }
            all.writeBytes(table);
            all.writeBytes(elements.toByteArray());
            byte[] bytes = all.toByteArray();
            int at = numbers + table.length;
            for (byte[] one : placed) {
                carry(one, bytes, at);
                at += one.length;
            }
            return bytes;
        }
        if (element instanceof TestType.RecordRef) {
            List<byte[]> placed = new java.util.ArrayList<>();
            for (Object record : list) {
                byte[] one = encode((RecordValue) record);
                placed.add(one);
                all.writeBytes(one);
            }
            byte[] bytes = all.toByteArray();
            int at = numbers;
            for (byte[] one : placed) {
                carry(one, bytes, at);
                at += one.length;
            }
            return bytes;
        }
        long width = layout.width(element);
        byte[] bytes = new byte[Math.toIntExact(numbers + (list.size() * width + 7) / 8)];
        System.arraycopy(count, 0, bytes, 0, numbers);
        for (int i = 0; i < list.size(); i++) {
            writeValue(element, list.get(i), bytes, 8L * numbers + i * width);
        }
        return bytes;
    }

    /** The shared strings of {@code from}'s bytes, copied to byte {@code at} of {@code to}, are {@code to}'s too. */
    private void carry(byte[] from, byte[] to, int at) {
        if (document != null) {
            document.carry(from, to, at);
        }
    }

    /**
     * Section 8.6 for one document: which string fields are references (decided first, in the order of the data),
     * and where in the byte arrays being built each shared string's bytes or reference lies, followed through each
     * copy into a holder's bytes, so that the distances are written once the document's bytes are whole.
     */
    private final class SharedDocument {
        /** For each compact record of the document, per field: the ordinal of its shared string, or -1. */
        private final IdentityHashMap<RecordValue, int[]> ordinals = new IdentityHashMap<>();
        /** For each compact record of the document, per field: the ordinal of the string it refers to, or -1. */
        private final IdentityHashMap<RecordValue, int[]> refersTo = new IdentityHashMap<>();
        /** The UTF-8 length of each shared string, by ordinal. */
        private final List<Integer> lengths = new java.util.ArrayList<>();
        /** For each array built, its shared strings: {position, ordinal, 1 for a reference or 0}. */
        private final IdentityHashMap<byte[], List<int[]>> places = new IdentityHashMap<>();
        private int references;

        /** Decides, for the document at {@code top}, which string fields are references. */
        void decide(RecordValue top) {
            decide(top, new java.util.HashMap<>());
        }

        private void decide(RecordValue value, Map<String, Integer> first) {
            List<SpecLayout.Slot> slots = layout.slots(value.record());
            int[] own = new int[slots.size()];
            int[] refers = new int[slots.size()];
            Arrays.fill(own, -1);
            Arrays.fill(refers, -1);
            ordinals.put(value, own);
            refersTo.put(value, refers);
            for (int i = 0; i < slots.size(); i++) {
                TestField field = slots.get(i).field();
                Object v = value.value(i);
                if (slots.get(i).slotBit() < 0 || !hasSlot(field, v)) {
                    continue;
                }
                if (field.type() instanceof TestType.Str) {
                    String text = (String) v;
                    int length = text.getBytes(StandardCharsets.UTF_8).length;
                    if (length >= 4 && length <= 67) {
                        Integer earlier = first.get(text);
                        if (earlier != null) {
                            refers[i] = earlier;
                            references++;
                        } else {
                            first.put(text, lengths.size());
                            own[i] = lengths.size();
                            lengths.add(length);
                        }
                    }
                } else {
                    decideWithin(field.type(), v, first);
                }
            }
        }

        /** The compact records a value of {@code type} holds are of the document: their strings decided in order. */
        private void decideWithin(TestType type, Object v, Map<String, Integer> first) {
            if (type instanceof TestType.RecordRef ref && ref.type().compactLayout()) {
                decide((RecordValue) v, first);
            } else if (type instanceof TestType.ListOf list) {
                for (Object element : (List<?>) v) {
                    decideWithin(list.element(), element, first);
                }
            } else if (type instanceof TestType.UnionRef ref) {
                RecordValue.UnionValue union = (RecordValue.UnionValue) v;
                if (!ref.union().inline(union.field().type())) {
                    decideWithin(union.field().type(), union.value(), first);
                }
            }
        }

        /** The data of string field {@code i} of {@code value}: its UTF-8, or a reference whose distance waits. */
        byte[] stringData(RecordValue value, int i) {
            byte[] text = ((String) value.value(i)).getBytes(StandardCharsets.UTF_8);
            int[] refers = refersTo.get(value);
            if (refers != null && refers[i] >= 0) {
                byte[] reference = {(byte) (0x80 | text.length - 4), 0, 0};
                places.put(reference, new java.util.ArrayList<>(List.of(new int[] {0, refers[i], 1})));
                return reference;
            }
            int[] own = ordinals.get(value);
            if (own != null && own[i] >= 0) {
                places.put(text, new java.util.ArrayList<>(List.of(new int[] {0, own[i], 0})));
            }
            return text;
        }

        void carry(byte[] from, byte[] to, int at) {
            List<int[]> inner = places.get(from);
            if (inner != null) {
                List<int[]> outer = places.computeIfAbsent(to, k -> new java.util.ArrayList<>());
                for (int[] place : inner) {
                    outer.add(new int[] {place[0] + at, place[1], place[2]});
                }
            }
        }

        /** Writes each reference's distance into the document's whole {@code bytes}. */
        void resolve(byte[] bytes) {
            List<int[]> all = places.getOrDefault(bytes, List.of());
            int[] where = new int[lengths.size()];
            for (int[] place : all) {
                if (place[2] == 0) {
                    where[place[1]] = place[0];
                }
            }
            for (int[] place : all) {
                if (place[2] == 1) {
                    int distance = place[0] - where[place[1]];
                    bytes[place[0] + 1] = (byte) distance;
                    bytes[place[0] + 2] = (byte) (distance >>> 8);
                }
            }
        }
    }

    /**
     * Writes a record's fixed part at bit {@code at}; {@code ends} holds the end offset of each variable-length
     * field (null for a record of fixed width, which has none).
     */
    private void write(RecordValue value, long[] ends, byte[] out, long at) {
        var fields = value.record().fields();
        for (int i = 0; i < fields.size(); i++) {
            TestField field = fields.get(i);
            Object v = value.value(i);
            if (v == null && !field.optional()) {
                throw new IllegalArgumentException("test bug: required " + field.name() + " is null");
            }
            boolean stored = v != null && !isDefault(field, v);
            if (field.hasPresenceBit()) {
                put(out, at++, 1, stored ? 1 : 0);
            }
            if (field.type() instanceof TestType.UnionRef ref) {
                writeUnion(ref.union(), (RecordValue.UnionValue) v, ends == null ? 0 : ends[i], out, at);
            } else if (TestType.variableLength(field.type())) {
                put(out, at, SpecLayout.END_SLOT_BITS, ends[i]);
            } else if (stored) {
                writeValue(field.type(), v, out, at);
            }
            at += layout.width(field.type());
        }
    }

    /** A union's bits at {@code at}: tag, the inline alternative's bits, and the end slot when it has one. */
    private void writeUnion(TestUnion union, RecordValue.UnionValue v, long end, byte[] out, long at) {
        int tagBits = writeTagAndInline(union, v, out, at);
        if (union.hasSlot()) {
            put(out, at + tagBits + layout.inlineBits(union), SpecLayout.END_SLOT_BITS, end);
        }
    }

    /** A union's tag (0 for none) and its inline alternative's bits at {@code at}; returns the tag's width. */
    private int writeTagAndInline(TestUnion union, RecordValue.UnionValue v, byte[] out, long at) {
        int tagBits = SpecLayout.tagBits(union);
        put(out, at, tagBits, v == null ? 0 : v.alternative() + 1);
        if (v != null && union.inline(v.field().type())) {
            writeValue(v.field().type(), v.value(), out, at + tagBits);
        }
        return tagBits;
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
        } else if (type instanceof TestType.Time t) {
            put(out, at, width, ((LocalTime) v).toNanoOfDay() / (1_000_000_000L / TestType.perSecond(t.digits())));
        } else if (type instanceof TestType.Timestamp t) {
            // units since the epoch, less the range's first unit: two's complement without a range
            put(out, at, width, epochCount(t, v).subtract(BigInteger.valueOf(t.bounded() ? t.loCount() : 0))
                    .longValue());
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
            write((RecordValue) v, null, out, at);
        } else if (type instanceof TestType.UnionRef ref) {
            writeUnion(ref.union(), (RecordValue.UnionValue) v, 0, out, at); // inline: a union without a slot
        } else {
            throw new IllegalArgumentException("unknown type " + type);
        }
    }

    /** The numeric value of an integral field's Java value, whatever its {@code as} type. */
    static long integral(Object v) {
        return v instanceof BigInteger big ? big.longValueExact() : ((Number) v).longValue();
    }

    /** The exact units since the epoch of a timestamp's {@code Instant} or {@code LocalDateTime}. */
    static BigInteger epochCount(TestType.Timestamp t, Object value) {
        long seconds = value instanceof Instant i ? i.getEpochSecond()
                : ((LocalDateTime) value).toEpochSecond(ZoneOffset.UTC);
        int nanos = value instanceof Instant i ? i.getNano() : ((LocalDateTime) value).getNano();
        long nanosPerUnit = 1_000_000_000L / TestType.perSecond(t.digits());
        if (nanos % nanosPerUnit != 0) {
            throw new IllegalArgumentException("test bug: " + value + " is finer than its unit");
        }
        return BigInteger.valueOf(seconds).multiply(BigInteger.valueOf(TestType.perSecond(t.digits())))
                .add(BigInteger.valueOf(nanos / nanosPerUnit));
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
