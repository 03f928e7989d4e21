package dev.sdo.runtime.generic;

import dev.sdo.runtime.CompactSlots;
import dev.sdo.runtime.TimePrecision;
import dev.sdo.runtime.VariableData;
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
    private final int version;
    private final List<EnumDeclaration> enums;
    private final List<RecordDescriptor> records;
    private final List<UnionDescriptor> unions;
    /** The records again as an array, and their numbers of fields: what {@link RecordValues#of} reads per record. */
    private final RecordDescriptor[] recordArray;
    private final int[] fieldCounts;

    /**
     * A described enum: its constants in ordinal order and the schema version that added each ({@code @since}; all 1
     * in a version-1 descriptor, which does not say).
     */
    public record EnumDeclaration(String name, List<String> constants, List<Integer> since) {
        public EnumDeclaration {
            constants = List.copyOf(constants);
            since = List.copyOf(since);
        }
    }

    private SchemaDescriptor(long fingerprint, int version, List<EnumDeclaration> enums,
            List<RecordDescriptor> records, List<UnionDescriptor> unions) {
        this.fingerprint = fingerprint;
        this.version = version;
        this.enums = List.copyOf(enums);
        this.records = List.copyOf(records);
        this.unions = List.copyOf(unions);
        this.recordArray = this.records.toArray(RecordDescriptor[]::new);
        this.fieldCounts = this.records.stream().mapToInt(r -> r.fields().size()).toArray();
    }

    /** The layout fingerprint of the file's record. */
    public long fingerprint() {
        return fingerprint;
    }

    /**
     * The descriptor version: {@link DescriptorFormat#VERSION} (4) for a schema with compact records,
     * {@link DescriptorFormat#SECOND_VERSION} (2) for others, or {@link DescriptorFormat#FIRST_VERSION} in files of
     * earlier writers, which do not say which unions are optional nor which records extend which.
     */
    public int version() {
        return version;
    }

    /** Every described enum, in the descriptor's order. */
    public List<EnumDeclaration> enums() {
        return enums;
    }

    /** The described enum named {@code name}; null when there is none. */
    public EnumDeclaration enumNamed(String name) {
        for (EnumDeclaration declaration : enums) {
            if (declaration.name().equals(name)) {
                return declaration;
            }
        }
        return null;
    }

    /** The file's record. */
    public RecordDescriptor record() {
        return records.get(0);
    }

    /** Every described record, the file's first; {@link FieldType.Nested#record()} indexes it. */
    public List<RecordDescriptor> records() {
        return records;
    }

    /** Record {@code index}, as {@code records().get(index)}. */
    RecordDescriptor recordAt(int index) {
        return recordArray[index];
    }

    /** The number of fields of record {@code index}. */
    int fieldCount(int index) {
        return fieldCounts[index];
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
        private final List<EnumDeclaration> enums = new ArrayList<>();
        private int unionCount;
        /** Version 2 carries what version 1 does not (see {@link DescriptorFormat#SECOND_VERSION}). */
        private boolean second;
        /** Version 3 carries record flags and compact records' slot bits (see {@link DescriptorFormat#THIRD_VERSION}). */
        private boolean third;
        /** Version 3 exactly: its compact records held their last end slot, which this runtime no longer reads. */
        private boolean compactWithLastSlot;

        Parser(ByteBuffer in) {
            this.in = in;
        }

        SchemaDescriptor parse() throws DescriptorException {
            long fingerprint = i64();
            int at = in.position();
            int version = i32();
            if (version < DescriptorFormat.FIRST_VERSION || version > DescriptorFormat.VERSION) {
                throw new DescriptorException(at, "descriptor version " + Integer.toUnsignedString(version)
                        + "; this runtime reads versions " + DescriptorFormat.FIRST_VERSION + " to "
                        + DescriptorFormat.VERSION);
            }
            second = version >= DescriptorFormat.SECOND_VERSION;
            third = version >= DescriptorFormat.THIRD_VERSION;
            compactWithLastSlot = version == DescriptorFormat.THIRD_VERSION;
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
            checkExtensions(records);
            checkCompact(records, unions);
            return new SchemaDescriptor(fingerprint, version, enums, records, unions);
        }

        /**
         * Each base (version 2): another record, whose fields are the first fields of the record that extends it, at
         * the same places unless one of them is laid out compact (version 3); no chain of bases returns to where it
         * started; the file's record is not abstract.
         */
        private void checkExtensions(List<RecordDescriptor> records) throws DescriptorException {
            if (records.get(0).isAbstract()) {
                throw new DescriptorException(Long.BYTES, "the file's record " + records.get(0).name()
                        + " is abstract");
            }
            for (RecordDescriptor record : records) {
                int steps = 0;
                for (int base = record.base(); base >= 0; base = records.get(base).base()) {
                    if (++steps > records.size()) {
                        throw new DescriptorException(Long.BYTES, "record " + record.name()
                                + " extends itself through its bases");
                    }
                }
                if (record.base() < 0) {
                    continue;
                }
                List<FieldDescriptor> inherited = records.get(record.base()).fields();
                boolean prefix = inherited.size() <= record.fields().size();
                // A compact record's slot bits come first, one per variable-length field, its own ones included:
                // its inherited fields are its first fields, not at its base's places.
                boolean placed = record.slotBits() == 0 && records.get(record.base()).slotBits() == 0;
                for (int i = 0; prefix && i < inherited.size(); i++) {
                    FieldDescriptor own = record.field(i);
                    FieldDescriptor base = inherited.get(i);
                    prefix = own.name().equals(base.name()) && own.type().bits() == base.type().bits()
                            && (!placed || own.offset() == base.offset() && own.presenceBit() == base.presenceBit());
                }
                if (!prefix) {
                    throw new DescriptorException(Long.BYTES, "record " + record.name() + " extends "
                            + records.get(record.base()).name() + " but does not start with its fields");
                }
            }
        }

        /**
         * Compact records (version 3): the fields that have slot bits are exactly the variable-length fields of the
         * records flagged compact (a union's only when it has a slot, and its bits are the union's), and no record
         * laid out compact is referenced as a record of fixed width (stored inline or at a stride).
         */
        private void checkCompact(List<RecordDescriptor> records, List<UnionDescriptor> unions)
                throws DescriptorException {
            for (RecordDescriptor record : records) {
                for (FieldDescriptor field : record.fields()) {
                    boolean variable = variable(field.type(), unions);
                    if (record.isCompact() && variable != field.compactSlot()) {
                        throw new DescriptorException(Long.BYTES, "field " + record.name() + "." + field.name()
                                + " of compact record " + record.name() + (variable
                                ? " is variable-length but has no slot bit" : " has a slot bit but is not "
                                + "variable-length"));
                    }
                    if (field.compactSlot() && field.type() instanceof FieldType.Union u
                            && u.bits() != unions.get(u.union()).totalBits()) {
                        throw new DescriptorException(Long.BYTES, "field " + record.name() + "." + field.name()
                                + ": " + u.bits() + " bits for union " + unions.get(u.union()).name() + " of "
                                + unions.get(u.union()).totalBits());
                    }
                    checkInline(record.name() + "." + field.name(), field.type(), records);
                }
            }
            for (UnionDescriptor union : unions) {
                for (UnionDescriptor.Alternative alternative : union.alternatives()) {
                    String where = union.name() + "." + alternative.name();
                    checkInline(where, alternative.type(), records);
                    if (alternative.inline() && alternative.type() instanceof FieldType.Nested nested
                            && records.get(nested.record()).slotBits() > 0) {
                        throw new DescriptorException(Long.BYTES, where + " holds compact record "
                                + records.get(nested.record()).name() + " inline");
                    }
                }
            }
        }

        /** A record of fixed width ({@code type}, or a list's elements) that is laid out compact: refused. */
        private static void checkInline(String where, FieldType type, List<RecordDescriptor> records)
                throws DescriptorException {
            while (type instanceof FieldType.ListOf list) {
                type = list.element();
            }
            if (type instanceof FieldType.Nested nested && !nested.variableLength()
                    && records.get(nested.record()).slotBits() > 0) {
                throw new DescriptorException(Long.BYTES, where + " holds compact record "
                        + records.get(nested.record()).name() + " as a record of fixed width");
            }
        }

        /** Whether a field of {@code type} is a variable-length field: its data after the fixed part. */
        private static boolean variable(FieldType type, List<UnionDescriptor> unions) {
            return type instanceof FieldType.Union u ? unions.get(u.union()).hasSlot() : DataReader.variable(type);
        }

        private EnumDeclaration enumeration() throws DescriptorException {
            int at = in.position();
            String name = string();
            int count = count("enum constants");
            if (count == 0) {
                throw new DescriptorException(at, "enum " + name + " has no constants");
            }
            List<String> constants = new ArrayList<>();
            List<Integer> since = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                constants.add(string());
                since.add(second ? since("enum " + name) : 1);
            }
            return new EnumDeclaration(name, constants, since);
        }

        /** A {@code @since} version: 1 or more. */
        private int since(String what) throws DescriptorException {
            int at = in.position();
            int since = i32();
            if (since < 1) {
                throw new DescriptorException(at, what + ": since version " + Integer.toUnsignedString(since));
            }
            return since;
        }

        private RecordDescriptor record() throws DescriptorException {
            int at = in.position();
            String name = string();
            int recordFlags = third ? u8() : second && bool() ? DescriptorFormat.RECORD_ABSTRACT : 0;
            if ((recordFlags & ~(DescriptorFormat.RECORD_ABSTRACT | DescriptorFormat.RECORD_COMPACT)) != 0) {
                throw new DescriptorException(at, "record " + name + ": flags " + recordFlags);
            }
            boolean isAbstract = (recordFlags & DescriptorFormat.RECORD_ABSTRACT) != 0;
            boolean compact = (recordFlags & DescriptorFormat.RECORD_COMPACT) != 0;
            if (compact && compactWithLastSlot) {
                throw new DescriptorException(at, "record " + name + ": a compact record of descriptor version 3, whose"
                        + " records hold their last end slot; this runtime reads version " + DescriptorFormat.VERSION
                        + "'s, which do not (docs/record-format.md, section 8.2): convert the data again");
            }
            int base = second ? i32() : -1;
            if (base < -1 || base >= recordCount) {
                throw new DescriptorException(at, "record " + name + " extends record " + base + " of "
                        + recordCount);
            }
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
            long nextSlotBit = CompactSlots.WIDTH_BITS;
            for (int i = 0; i < count; i++) {
                int fieldAt = in.position();
                String fieldName = string();
                int since = i32();
                long presence = i64();
                long offset = i64();
                long slot = i64();
                FieldType type = type(0);
                int flagsAt = in.position();
                int flags = second ? u8() : bool() ? DescriptorFormat.FIELD_DEFAULT : 0;
                long slotBit = -1;
                if (third && (flags & DescriptorFormat.FIELD_SLOT_BIT) != 0) {
                    int slotBitAt = in.position();
                    slotBit = i64();
                    // The j-th variable-length field's slot bit is 2 + j: consecutive, in declaration order.
                    if (!compact || slotBit != nextSlotBit++ || slot != -1 || type.bits() < VariableData.SLOT_BITS) {
                        throw new DescriptorException(slotBitAt, "field " + name + "." + fieldName + ": slot bit "
                                + slotBit + (compact ? "" : " in a record that is not compact"));
                    }
                }
                String defaultText = (flags & DescriptorFormat.FIELD_DEFAULT) != 0 ? string() : null;
                String defaultLiteral = second && defaultText != null ? string() : null;
                String alias = (flags & DescriptorFormat.FIELD_ALIAS) != 0 ? string() : null;
                boolean union = type instanceof FieldType.Union;
                boolean optional = second ? (flags & DescriptorFormat.FIELD_OPTIONAL) != 0
                        : union || presence >= 0 && defaultText == null;
                int known = DescriptorFormat.FIELD_OPTIONAL | DescriptorFormat.FIELD_DEFAULT
                        | DescriptorFormat.FIELD_ALIAS | (third ? DescriptorFormat.FIELD_SLOT_BIT : 0);
                // A compact variable-length field's presence bit, if it has one, is its slot bit.
                boolean presenceAgrees = slotBit < 0 || union || presence == -1 || presence == slotBit;
                if ((flags & ~known) != 0 || union && presence != -1 || !presenceAgrees
                        || !union && optional != (presence >= 0 && defaultText == null)) {
                    throw new DescriptorException(flagsAt, "field " + name + "." + fieldName + ": flags " + flags
                            + " do not agree with its presence bit " + presence);
                }
                long width = slotBit >= 0 ? type.bits() - VariableData.SLOT_BITS : type.bits();
                boolean placed = offset >= 0 && offset <= totalBits && width >= 0
                        && width <= totalBits - offset && (presence == -1 || presence >= 0 && presence < offset)
                        && (slot == -1 || slot >= offset && slot + 32 <= offset + type.bits())
                        && since >= 1 && since <= version && (defaultText == null || presence >= 0);
                if (!placed) {
                    throw new DescriptorException(fieldAt, "field " + name + "." + fieldName + " at bit " + offset
                            + " (presence bit " + presence + ", slot " + slot + ", " + type.bits()
                            + " bits, since " + since + ") does not lie within the record's " + totalBits + " bits");
                }
                fields.add(new FieldDescriptor(fieldName, i, since, presence, offset, slot, type, defaultText, optional,
                        alias, defaultLiteral, slotBit));
            }
            long slotBits = nextSlotBit - CompactSlots.WIDTH_BITS;
            if (slotBits > 0) {
                // A compact record: its slot bits first, every other bit after them; no versions yet.
                for (FieldDescriptor field : fields) {
                    long start = field.presenceBit() >= 0 && !field.compactSlot() ? field.presenceBit()
                            : field.offset();
                    if (start < nextSlotBit || field.since() != 1) {
                        throw new DescriptorException(at, "compact record " + name + ": field " + field.name()
                                + " at bit " + start + " (since " + field.since() + ") among its " + slotBits
                                + " slot bits");
                    }
                }
            }
            return new RecordDescriptor(name, isAbstract, compact, base, version, fixedBytes, totalBits, fields);
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
                int since = second ? since("union " + name + " alternative " + alternative) : 1;
                boolean inline = bool();
                long width = i64();
                FieldType type = type(0);
                if (inline && (width < 0 || width > inlineBits)) {
                    throw new DescriptorException(at, "union " + name + ": inline alternative " + alternative
                            + " of " + width + " bits does not fit its inline place");
                }
                alternatives.add(new UnionDescriptor.Alternative(alternative, inline, width, type, since));
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
                    EnumDeclaration declared = enums.get(index);
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
