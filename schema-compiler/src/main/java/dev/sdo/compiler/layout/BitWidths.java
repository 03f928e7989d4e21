package dev.sdo.compiler.layout;

import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.FieldType.BoolType;
import dev.sdo.compiler.model.FieldType.BytesType;
import dev.sdo.compiler.model.FieldType.CharType;
import dev.sdo.compiler.model.FieldType.DateType;
import dev.sdo.compiler.model.FieldType.DecimalType;
import dev.sdo.compiler.model.FieldType.EnumRef;
import dev.sdo.compiler.model.FieldType.FloatType;
import dev.sdo.compiler.model.FieldType.IntegerType;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.RangeType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.FieldType.StringType;
import dev.sdo.compiler.model.FieldType.TimeType;
import dev.sdo.compiler.model.FieldType.TimestampType;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import java.math.BigInteger;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The exact bit width of every fixed-width type, as section 2 of the schema-language spec defines it. This is
 * the only place that knows these formulas.
 */
public final class BitWidths {
    /** {@code time}: milliseconds since midnight, below 86,400,000 &lt; 2^27. */
    public static final int TIME_BITS = 27;
    /** {@code timestamp}: 64-bit milliseconds since the epoch. */
    public static final int TIMESTAMP_BITS = 64;
    /**
     * {@code string}, {@code bytes}, {@code list<T>} and records with such fields: the fixed part holds a 32-bit slot, the byte offset within the record where
     * the field's data ends (docs/record-format.md); the data itself follows the fixed part.
     */
    public static final int END_SLOT_BITS = 32;

    private BitWidths() {}

    /** The number of bits needed for the values 0..count-1: ceil(log2(count)), at least 0. */
    public static int bitsForCount(BigInteger count) {
        if (count.signum() <= 0) {
            throw new IllegalArgumentException("count must be positive: " + count);
        }
        return count.subtract(BigInteger.ONE).bitLength();
    }

    /** {@link #bitsForCount(BigInteger)} for counts that fit a long. */
    public static int bitsForCount(long count) {
        return bitsForCount(BigInteger.valueOf(count));
    }

    /** The number of distinct values of {@code int(lo..hi)}: hi - lo + 1, computed without overflow. */
    public static BigInteger rangeCount(long lo, long hi) {
        return BigInteger.valueOf(hi).subtract(BigInteger.valueOf(lo)).add(BigInteger.ONE);
    }

    /** 10^exponent. */
    public static long powerOfTen(int exponent) {
        return BigInteger.TEN.pow(exponent).longValueExact();
    }

    /** The width of one character code of an alphabet of the given size: ceil(log2(size + 1)). */
    public static int charCodeBits(int alphabetSize) {
        return bitsForCount(alphabetSize + 1L);
    }

    /**
     * Whether values of {@code type} always have a variable length: {@code string}, {@code bytes} and
     * {@code list<T>}. A record may too, when it holds such a field: see {@link #isVariableLength(FieldType, Schema)}.
     */
    public static boolean isVariableLength(FieldType type) {
        return type instanceof StringType || type instanceof BytesType || type instanceof ListType
                || type instanceof FieldType.BigDecimalType || type instanceof FieldType.BigIntegerType;
    }

    /**
     * Whether values of {@code type} have a variable length: stored after the fixed part, found through a slot. A
     * record has when one of its fields has, directly or in a record nested deeper (docs/record-format.md).
     */
    public static boolean isVariableLength(FieldType type, Schema schema) {
        return isVariableLength(type) || type instanceof RecordRef ref
                && schema.recordType(ref.name()).map(r -> hasVariableData(r, schema, new HashSet<>())).orElse(false)
                || type instanceof FieldType.UnionRef union && UnionLayout.of(union, schema).hasSlot();
    }

    /**
     * Whether {@code record} holds variable-length data. A recursive record does (its values are trees of any
     * depth, section 2.4 of docs/record-format.md), and so does every record that holds one; {@code seen} stops
     * where a walk meets a record again, which it can only do on a cycle, answered at its start.
     */
    private static boolean hasVariableData(RecordType record, Schema schema, Set<QualifiedName> seen) {
        if (!seen.add(record.name())) {
            return false;
        }
        if (schema.containment().isRecursive(record.name())) {
            return true;
        }
        for (Field field : record.fields()) {
            if (isVariableLength(field.type()) || field.type() instanceof RecordRef ref && schema.recordType(ref.name())
                    .map(r -> hasVariableData(r, schema, seen)).orElse(false)
                    || field.type() instanceof FieldType.UnionRef union && UnionLayout.of(union, schema).hasSlot()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The value bits of a type in the fixed part (without any presence bit): a fixed-width type's bits, a
     * variable-length type's slot; records of fixed width sum their fields.
     */
    public static long bits(FieldType type, Schema schema) {
        return bits(type, schema, new HashMap<>());
    }

    /**
     * {@link #bits(FieldType, Schema)} remembering each record's total in {@code recordBits}, so that a record
     * used by many others is summed once: without it, layout time grows exponentially with the nesting depth.
     */
    static long bits(FieldType type, Schema schema, Map<QualifiedName, Long> recordBits) {
        if (type instanceof BoolType) {
            return 1;
        } else if (type instanceof IntegerType t) {
            return t.kind().bits();
        } else if (type instanceof RangeType t) {
            return bitsForCount(rangeCount(t.lo(), t.hi()));
        } else if (type instanceof FloatType t) {
            return t.bits();
        } else if (type instanceof DecimalType t) {
            BigInteger tenToP = BigInteger.TEN.pow(t.precision());
            // decimal: values -(10^p - 1)..10^p - 1, that is 2 * 10^p - 1 of them; udecimal: 0..10^p - 1.
            return t.signed() ? bitsForCount(tenToP.shiftLeft(1).subtract(BigInteger.ONE)) : bitsForCount(tenToP);
        } else if (type instanceof DateType t) {
            return bitsForCount(ChronoUnit.DAYS.between(t.lo(), t.hi()) + 1);
        } else if (type instanceof TimeType) {
            return TIME_BITS;
        } else if (type instanceof TimestampType) {
            return TIMESTAMP_BITS;
        } else if (type instanceof CharType t) {
            return (long) t.length() * charCodeBits(t.alphabet().length());
        } else if (type instanceof EnumRef t) {
            int constants = schema.requireEnum(t.name()).constants().size();
            return Math.max(1, bitsForCount(constants));
        } else if (type instanceof RecordRef t) {
            // A record with variable-length data is itself variable-length: a slot here, its bytes after the fixed part.
            return isVariableLength(type, schema) ? END_SLOT_BITS
                    : recordBits(schema.requireRecord(t.name()), schema, recordBits);
        } else if (type instanceof FieldType.UnionRef union) {
            return UnionLayout.of(union, schema).totalBits();
        } else if (isVariableLength(type)) {
            return END_SLOT_BITS;
        }
        throw new IllegalArgumentException("unknown type " + type);
    }

    /** A record's total bits: its fields' value bits plus one presence bit per optional field. */
    static long recordBits(RecordType record, Schema schema, Map<QualifiedName, Long> recordBits) {
        Long known = recordBits.get(record.name());
        if (known != null) {
            return known;
        }
        recordBits.put(record.name(), 0L); // a record that holds itself (reported by the checker) counts as empty
        long total = 0;
        for (Field field : record.fields()) {
            total = Math.addExact(total, (field.hasPresenceBit() ? 1 : 0) + bits(field.type(), schema, recordBits));
        }
        recordBits.put(record.name(), total);
        return total;
    }
}
