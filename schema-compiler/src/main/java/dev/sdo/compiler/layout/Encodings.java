package dev.sdo.compiler.layout;

import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.FieldType.BigDecimalType;
import dev.sdo.compiler.model.FieldType.BigIntegerType;
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
import dev.sdo.compiler.model.FieldType.UnionRef;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.model.UnionType;
import java.math.BigInteger;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;

/**
 * The encodings of a schema's types: the one place that turns a schema type into how its values are stored. Each
 * record's width and variability and each union's layout are worked out once, so that resolving every field of a
 * schema stays linear however deep and wide its records nest.
 */
public final class Encodings {
    private final Schema schema;
    private final Map<QualifiedName, Long> recordBits = new HashMap<>();
    private final Map<QualifiedName, Boolean> variableRecords = new HashMap<>();
    private final Map<QualifiedName, UnionLayout> unionLayouts = new HashMap<>();

    public Encodings(Schema schema) {
        this.schema = schema;
    }

    public Schema schema() {
        return schema;
    }

    /** The encoding of {@code field}'s values. */
    public Encoding of(Field field) {
        return of(field.type());
    }

    /** The encoding of values of {@code type}, a type of this schema. */
    public Encoding of(FieldType type) {
        if (type instanceof BoolType) {
            return new Encoding.Bool();
        } else if (type instanceof IntegerType t) {
            return new Encoding.Int(t.kind());
        } else if (type instanceof RangeType t) {
            return new Encoding.Range(t.lo(), t.hi(), BitWidths.bitsForCount(BitWidths.rangeCount(t.lo(), t.hi())));
        } else if (type instanceof FloatType t) {
            return new Encoding.Floating(t.bits());
        } else if (type instanceof DecimalType t) {
            BigInteger tenToP = BigInteger.TEN.pow(t.precision());
            // decimal: values -(10^p - 1)..10^p - 1, that is 2 * 10^p - 1 of them; udecimal: 0..10^p - 1.
            int bits = t.signed() ? BitWidths.bitsForCount(tenToP.shiftLeft(1).subtract(BigInteger.ONE))
                    : BitWidths.bitsForCount(tenToP);
            return new Encoding.Decimal(t.signed(), t.precision(), t.scale(), bits);
        } else if (type instanceof DateType t) {
            return new Encoding.Date(t.lo(), t.hi(), BitWidths.bitsForCount(ChronoUnit.DAYS.between(t.lo(), t.hi()) + 1));
        } else if (type instanceof TimeType) {
            return new Encoding.Time();
        } else if (type instanceof TimestampType) {
            return new Encoding.Timestamp();
        } else if (type instanceof CharType t) {
            return new Encoding.Chars(t.length(), t.alphabet(), BitWidths.charCodeBits(t.alphabet().length()));
        } else if (type instanceof EnumRef t) {
            EnumType declared = schema.requireEnum(t.name());
            return new Encoding.Enumeration(declared, Math.max(1, BitWidths.bitsForCount(declared.constants().size())));
        } else if (type instanceof RecordRef t) {
            RecordType record = schema.requireRecord(t.name());
            // A record with variable-length data is itself variable-length: a slot here, its bytes after the fixed part.
            boolean variable = hasVariableData(record);
            return new Encoding.Nested(record, variable, variable ? BitWidths.END_SLOT_BITS : recordBits(record));
        } else if (type instanceof StringType) {
            return new Encoding.Text();
        } else if (type instanceof BytesType) {
            return new Encoding.Blob();
        } else if (type instanceof ListType t) {
            return new Encoding.ListOf(of(t.element()));
        } else if (type instanceof UnionRef t) {
            UnionType union = schema.requireUnion(t.name());
            return new Encoding.Union(union, unionLayout(union));
        } else if (type instanceof BigDecimalType) {
            return new Encoding.AnyDecimal();
        } else if (type instanceof BigIntegerType) {
            return new Encoding.AnyInteger();
        }
        throw new IllegalArgumentException("unknown type " + type);
    }

    /** The layout of a union of this schema. */
    public UnionLayout unionLayout(UnionType union) {
        UnionLayout known = unionLayouts.get(union.name());
        if (known == null || known.union() != union) {
            known = UnionLayout.of(union, this);
            unionLayouts.putIfAbsent(union.name(), known);
        }
        return known;
    }

    /**
     * Whether {@code record} holds variable-length data. A recursive record does (its values are trees of any depth,
     * section 2.4 of docs/record-format.md), and so does every record that holds one.
     */
    public boolean hasVariableData(RecordType record) {
        Boolean known = variableRecords.get(record.name());
        if (known != null) {
            return known;
        }
        // Met again only on a cycle, which makes the record recursive: answered at the cycle's start.
        variableRecords.put(record.name(), false);
        boolean variable = schema.containment().isRecursive(record.name())
                || record.fields().stream().anyMatch(field -> of(field.type()).variableLength());
        variableRecords.put(record.name(), variable);
        return variable;
    }

    /** A record's total bits: its fields' value bits plus one presence bit per field that has one. */
    long recordBits(RecordType record) {
        Long known = recordBits.get(record.name());
        if (known != null) {
            return known;
        }
        recordBits.put(record.name(), 0L); // a record that holds itself (reported by the checker) counts as empty
        long total = 0;
        for (Field field : record.fields()) {
            total = Math.addExact(total, (field.hasPresenceBit() ? 1 : 0) + of(field.type()).bits());
        }
        recordBits.put(record.name(), total);
        return total;
    }
}
