package dev.sdo.compiler.layout;

import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.Field;
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
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.model.UnionType;
import java.math.BigInteger;
import dev.sdo.compiler.model.TimestampRanges;
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
        return type.accept(resolver);
    }

    /** Each schema type's encoding: the one place that knows how each type is stored. */
    private final FieldType.Visitor<Encoding> resolver = new FieldType.Visitor<>() {
        @Override
        public Encoding bool(BoolType type) {
            return new Encoding.Bool();
        }

        @Override
        public Encoding integer(IntegerType type) {
            return new Encoding.Int(type.kind());
        }

        @Override
        public Encoding range(RangeType type) {
            return new Encoding.Range(type.lo(), type.hi(),
                    BitWidths.bitsForCount(BitWidths.rangeCount(type.lo(), type.hi())));
        }

        @Override
        public Encoding floating(FloatType type) {
            return new Encoding.Floating(type.bits());
        }

        @Override
        public Encoding decimal(DecimalType type) {
            BigInteger tenToP = BigInteger.TEN.pow(type.precision());
            // decimal: values -(10^p - 1)..10^p - 1, that is 2 * 10^p - 1 of them; udecimal: 0..10^p - 1.
            int bits = type.signed() ? BitWidths.bitsForCount(tenToP.shiftLeft(1).subtract(BigInteger.ONE))
                    : BitWidths.bitsForCount(tenToP);
            return new Encoding.Decimal(type.signed(), type.precision(), type.scale(), bits);
        }

        @Override
        public Encoding date(DateType type) {
            return new Encoding.Date(type.lo(), type.hi(),
                    BitWidths.bitsForCount(ChronoUnit.DAYS.between(type.lo(), type.hi()) + 1));
        }

        @Override
        public Encoding time(TimeType type) {
            return new Encoding.Time(type.precision());
        }

        @Override
        public Encoding timestamp(TimestampType type) {
            if (!type.bounded()) {
                return new Encoding.Timestamp(type.precision(), type.local(), Long.MIN_VALUE, Long.MAX_VALUE);
            }
            long[] counts = TimestampRanges.counts(type);
            return new Encoding.Timestamp(type.precision(), type.local(), counts[0], counts[1]);
        }

        @Override
        public Encoding chars(CharType type) {
            return new Encoding.Chars(type.length(), type.alphabet(), BitWidths.charCodeBits(type.alphabet().length()));
        }

        @Override
        public Encoding enumeration(EnumRef type) {
            EnumType declared = schema.requireEnum(type.name());
            return new Encoding.Enumeration(declared, Math.max(1, BitWidths.bitsForCount(declared.constants().size())));
        }

        @Override
        public Encoding record(RecordRef type) {
            RecordType record = schema.requireRecord(type.name());
            // A record with variable-length data is itself variable-length: a slot here, its bytes after the fixed part.
            boolean variable = hasVariableData(record);
            return new Encoding.Nested(record, variable, variable ? BitWidths.END_SLOT_BITS : recordBits(record));
        }

        @Override
        public Encoding string(StringType type) {
            return new Encoding.Text();
        }

        @Override
        public Encoding bytes(BytesType type) {
            return new Encoding.Blob();
        }

        @Override
        public Encoding list(ListType type) {
            return new Encoding.ListOf(of(type.element()));
        }

        @Override
        public Encoding union(UnionRef type) {
            UnionType union = schema.requireUnion(type.name());
            return new Encoding.Union(union, unionLayout(union));
        }

        @Override
        public Encoding bigDecimal(BigDecimalType type) {
            return new Encoding.AnyDecimal();
        }

        @Override
        public Encoding bigInteger(BigIntegerType type) {
            return new Encoding.AnyInteger();
        }
    };

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
