package dev.sdo.runtime.generic;

import dev.sdo.runtime.TimePrecision;
import dev.sdo.runtime.batch.EmbeddedSchema;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.List;

/**
 * The schema a batch file carries (format 3), read from its binary descriptor (docs/batch-file-format.md, "Schema
 * descriptor"): the file's record (always the first), every record, enum and union it references, each field's
 * place and encoding as the schema compiler's layout computed them. The runtime reads it without the compiler:
 * every count, length, offset and reference is checked against the descriptor's bytes and the record's bits before
 * it is used, so a descriptor no writer writes is a {@link DescriptorException}, never an index error.
 */
public final class SchemaDescriptor {
    /** How deep types nest ({@code list<list<...>>}) in a descriptor this runtime reads. */
    static final int MAX_TYPE_DEPTH = 64;

    private final long fingerprint;
    private final List<RecordDescriptor> records;
    private final List<UnionDescriptor> unions;

    private SchemaDescriptor(long fingerprint, List<RecordDescriptor> records, List<UnionDescriptor> unions) {
        this.fingerprint = fingerprint;
        this.records = List.copyOf(records);
        this.unions = List.copyOf(unions);
    }

    /** The layout fingerprint of the file's record. */
    public long fingerprint() {
        return fingerprint;
    }

    /** The file's record. */
    public RecordDescriptor record() {
        return records.get(0);
    }

    /** Every described record, the file's first; {@link FieldType.Nested#record()} indexes it. */
    public List<RecordDescriptor> records() {
        return records;
    }

    /** Every described union; {@link FieldType.Union#union()} indexes it. */
    public List<UnionDescriptor> unions() {
        return unions;
    }

    /** Reads a descriptor. */
    public static SchemaDescriptor parse(EmbeddedSchema schema) throws DescriptorException {
        return new Parser(schema.buffer()).parse();
    }

    /** Reads the bytes in order, each read checked against what is left. */
    private static final class Parser {
        private final ByteBuffer in;
        private int recordCount;
        private final List<FieldType.Enumeration> enums = new ArrayList<>();
        private int unionCount;

        Parser(ByteBuffer in) {
            this.in = in;
        }

        SchemaDescriptor parse() throws DescriptorException {
            long fingerprint = i64();
            int at = in.position();
            int version = i32();
            if (version != DescriptorFormat.VERSION) {
                throw new DescriptorException(at, "descriptor version " + Integer.toUnsignedString(version)
                        + "; this runtime reads version " + DescriptorFormat.VERSION);
            }
            int enumCount = count("enums");
            recordCount = count("records");
            unionCount = count("unions");
            if (recordCount == 0) {
                throw new DescriptorException(at, "no record is described");
            }
            for (int i = 0; i < enumCount; i++) {
                enums.add(enumeration());
            }
            List<RecordDescriptor> records = new ArrayList<>();
            for (int i = 0; i < recordCount; i++) {
                records.add(record());
            }
            List<UnionDescriptor> unions = new ArrayList<>();
            for (int i = 0; i < unionCount; i++) {
                unions.add(union());
            }
            if (in.hasRemaining()) {
                throw new DescriptorException(in.position(), in.remaining() + " bytes after the last union");
            }
            return new SchemaDescriptor(fingerprint, records, unions);
        }

        private FieldType.Enumeration enumeration() throws DescriptorException {
            int at = in.position();
            String name = string();
            int count = count("enum constants");
            if (count == 0) {
                throw new DescriptorException(at, "enum " + name + " has no constants");
            }
            List<String> constants = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                constants.add(string());
            }
            return new FieldType.Enumeration(name, constants, 0);
        }

        private RecordDescriptor record() throws DescriptorException {
            int at = in.position();
            String name = string();
            int version = i32();
            int fixedBytes = i32();
            long totalBits = i64();
            if (version < 1 || totalBits < 0 || totalBits > 8L * Integer.MAX_VALUE
                    || fixedBytes != (totalBits + 7) / 8) {
                throw new DescriptorException(at, "record " + name + ": version " + version + ", " + fixedBytes
                        + " bytes and " + totalBits + " bits do not agree");
            }
            int count = count("fields");
            List<FieldDescriptor> fields = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                int fieldAt = in.position();
                String fieldName = string();
                int since = i32();
                long presence = i64();
                long offset = i64();
                long slot = i64();
                FieldType type = type(0);
                String defaultText = bool() ? string() : null;
                boolean placed = offset >= 0 && offset <= totalBits && type.bits() >= 0
                        && type.bits() <= totalBits - offset && (presence == -1 || presence >= 0 && presence < offset)
                        && (slot == -1 || slot >= offset && slot + 32 <= offset + type.bits())
                        && since >= 1 && since <= version && (defaultText == null || presence >= 0);
                if (!placed) {
                    throw new DescriptorException(fieldAt, "field " + name + "." + fieldName + " at bit " + offset
                            + " (presence bit " + presence + ", slot " + slot + ", " + type.bits()
                            + " bits, since " + since + ") does not lie within the record's " + totalBits + " bits");
                }
                fields.add(new FieldDescriptor(fieldName, i, since, presence, offset, slot, type, defaultText));
            }
            return new RecordDescriptor(name, version, fixedBytes, totalBits, fields);
        }

        private UnionDescriptor union() throws DescriptorException {
            int at = in.position();
            String name = string();
            boolean fromAbstract = bool();
            int tagBits = u8();
            long inlineBits = i64();
            boolean hasSlot = bool();
            int count = count("alternatives");
            if (tagBits > 31 || inlineBits < 0 || inlineBits > Long.SIZE || count >= 1L << tagBits) {
                throw new DescriptorException(at, "union " + name + ": " + count + " alternatives in a tag of "
                        + tagBits + " bits and an inline place of " + inlineBits + " bits");
            }
            List<UnionDescriptor.Alternative> alternatives = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                String alternative = string();
                boolean inline = bool();
                long width = i64();
                FieldType type = type(0);
                if (inline && (width < 0 || width > inlineBits)) {
                    throw new DescriptorException(at, "union " + name + ": inline alternative " + alternative
                            + " of " + width + " bits does not fit its inline place");
                }
                alternatives.add(new UnionDescriptor.Alternative(alternative, inline, width, type));
            }
            return new UnionDescriptor(name, fromAbstract, tagBits, inlineBits, hasSlot, alternatives);
        }

        private FieldType type(int depth) throws DescriptorException {
            int at = in.position();
            if (depth > MAX_TYPE_DEPTH) {
                throw new DescriptorException(at, "types nest deeper than " + MAX_TYPE_DEPTH);
            }
            int tag = u8();
            FieldType type = switch (tag) {
                case DescriptorFormat.BOOL -> new FieldType.Bool();
                case DescriptorFormat.INT -> new FieldType.Int(width(at, 1, 64), i64(), i64());
                case DescriptorFormat.RANGE -> {
                    long lo = i64();
                    long hi = i64();
                    if (lo > hi) {
                        throw new DescriptorException(at, "a range from " + lo + " to " + hi);
                    }
                    yield new FieldType.Range(lo, hi, width(at, 0, 64));
                }
                case DescriptorFormat.FLOAT -> new FieldType.Floating(width(at, 32, 64));
                case DescriptorFormat.DECIMAL -> {
                    boolean signed = bool();
                    int precision = u8();
                    int scale = u8();
                    if (precision < 1 || precision > 18 || scale > precision) {
                        throw new DescriptorException(at, "decimal(" + precision + ", " + scale + ")");
                    }
                    yield new FieldType.Decimal(signed, precision, scale, width(at, 1, 64));
                }
                case DescriptorFormat.DATE -> {
                    long lo = i64();
                    long hi = i64();
                    if (lo > hi || !ChronoField.EPOCH_DAY.range().isValidValue(lo)
                            || !ChronoField.EPOCH_DAY.range().isValidValue(hi)) {
                        throw new DescriptorException(at, "a date range from epoch day " + lo + " to " + hi);
                    }
                    yield new FieldType.Date(lo, hi, width(at, 0, 64));
                }
                case DescriptorFormat.TIME -> new FieldType.Time(precision(at), width(at, 1, 64));
                case DescriptorFormat.TIMESTAMP -> {
                    TimePrecision precision = precision(at);
                    boolean local = bool();
                    long lo = i64();
                    long hi = i64();
                    if (lo > hi) {
                        throw new DescriptorException(at, "a timestamp range from count " + lo + " to " + hi);
                    }
                    yield new FieldType.Timestamp(precision, local, lo, hi, width(at, 1, 64));
                }
                case DescriptorFormat.UINT64 -> new FieldType.Unsigned64();
                case DescriptorFormat.CHARS -> {
                    int length = i32();
                    int codeBits = width(at, 1, 32);
                    String alphabet = string();
                    if (length < 0 || alphabet.isEmpty() || alphabet.length() >= 1L << codeBits
                            || alphabet.chars().distinct().count() != alphabet.length()) {
                        throw new DescriptorException(at, "char(" + length + ") of an alphabet of "
                                + alphabet.length() + " characters in codes of " + codeBits + " bits");
                    }
                    yield new FieldType.Chars(length, codeBits, alphabet);
                }
                case DescriptorFormat.ENUM -> {
                    int index = i32();
                    int bits = width(at, 1, 64);
                    if (index < 0 || index >= enums.size()) {
                        throw new DescriptorException(at, "enum " + index + " of " + enums.size());
                    }
                    FieldType.Enumeration declared = enums.get(index);
                    yield new FieldType.Enumeration(declared.name(), declared.constants(), bits);
                }
                case DescriptorFormat.RECORD -> {
                    int index = i32();
                    boolean variable = bool();
                    long bits = i64();
                    if (index < 0 || index >= recordCount || bits < 0 || variable && bits != 32) {
                        throw new DescriptorException(at, "record " + index + " of " + recordCount + " in "
                                + bits + " bits");
                    }
                    yield new FieldType.Nested(index, variable, bits);
                }
                case DescriptorFormat.STRING -> new FieldType.Text();
                case DescriptorFormat.BYTES -> new FieldType.Blob();
                case DescriptorFormat.LIST -> new FieldType.ListOf(type(depth + 1));
                case DescriptorFormat.UNION -> {
                    int index = i32();
                    long bits = i64();
                    if (index < 0 || index >= unionCount || bits < 1) {
                        throw new DescriptorException(at, "union " + index + " of " + unionCount);
                    }
                    yield new FieldType.Union(index, bits);
                }
                case DescriptorFormat.ANY_DECIMAL -> new FieldType.AnyDecimal();
                case DescriptorFormat.ANY_INTEGER -> new FieldType.AnyInteger();
                default -> throw new DescriptorException(at, "unknown type tag " + tag);
            };
            return type;
        }

        /** A time unit, written as its number of fraction digits (3, 6 or 9). */
        private TimePrecision precision(int at) throws DescriptorException {
            int digits = u8();
            for (TimePrecision precision : TimePrecision.values()) {
                if (precision.digits() == digits) {
                    return precision;
                }
            }
            throw new DescriptorException(at, "a time unit of " + digits + " fraction digits");
        }

        private int width(int at, int min, int max) throws DescriptorException {
            int bits = u8();
            if (bits < min || bits > max) {
                throw new DescriptorException(at, "a width of " + bits + " bits, expected " + min + ".." + max);
            }
            return bits;
        }

        /** A count of items of at least one byte each: no more than the bytes left. */
        private int count(String what) throws DescriptorException {
            int at = in.position();
            int count = i32();
            if (count < 0 || count > in.remaining()) {
                throw new DescriptorException(at, Integer.toUnsignedString(count) + " " + what + " in the "
                        + in.remaining() + " bytes left");
            }
            return count;
        }

        private String string() throws DescriptorException {
            int at = in.position();
            int length = i32();
            if (length < 0 || length > in.remaining()) {
                throw new DescriptorException(at, "a string of " + Integer.toUnsignedString(length)
                        + " bytes in the " + in.remaining() + " bytes left");
            }
            try {
                String value = StandardCharsets.UTF_8.newDecoder()
                        .decode(in.duplicate().limit(in.position() + length)).toString();
                in.position(in.position() + length);
                return value;
            } catch (CharacterCodingException e) {
                throw new DescriptorException(at, "a string that is not UTF-8");
            }
        }

        private boolean bool() throws DescriptorException {
            int at = in.position();
            int value = u8();
            if (value > 1) {
                throw new DescriptorException(at, "a flag of " + value + ", expected 0 or 1");
            }
            return value == 1;
        }

        private int u8() throws DescriptorException {
            need(1);
            return in.get() & 0xFF;
        }

        private int i32() throws DescriptorException {
            need(Integer.BYTES);
            return in.getInt();
        }

        private long i64() throws DescriptorException {
            need(Long.BYTES);
            return in.getLong();
        }

        private void need(int bytes) throws DescriptorException {
            if (in.remaining() < bytes) {
                throw new DescriptorException(in.position(), "the descriptor ends " + (bytes - in.remaining())
                        + " bytes short");
            }
        }
    }
}
