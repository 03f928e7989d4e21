package dev.sdo.compiler.generate;

import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.EnumType.EnumConstant;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.FieldType.BoolType;
import dev.sdo.compiler.model.FieldType.BytesType;
import dev.sdo.compiler.model.FieldType.CharType;
import dev.sdo.compiler.model.FieldType.DateType;
import dev.sdo.compiler.model.FieldType.DecimalType;
import dev.sdo.compiler.model.FieldType.EnumRef;
import dev.sdo.compiler.model.FieldType.FloatType;
import dev.sdo.compiler.model.FieldType.IntegerType;
import dev.sdo.compiler.model.FieldType.RangeType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.FieldType.StringType;
import dev.sdo.compiler.model.FieldType.TimeType;
import dev.sdo.compiler.model.FieldType.TimestampType;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.Schema;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A 64-bit fingerprint of what a record's bytes mean: every field's name, type, offset and width, nested records
 * and enum constants included, and nothing else (no positions, docs or annotations). An SDO uses it as its
 * {@code serialVersionUID}, so that bytes serialised under one layout are refused, not misread, under another.
 * Version v of a record with {@code @since} fields has the fingerprint of the fields with {@code since <= v}: code
 * of two schema versions can read each other's data when the fingerprints of the older version agree.
 */
final class LayoutFingerprint {
    private static final long FNV_OFFSET_BASIS = 0xCBF2_9CE4_8422_2325L;
    private static final long FNV_PRIME = 0x100_0000_01B3L;

    private final Schema schema;
    private final Map<QualifiedName, RecordLayout> layouts = new HashMap<>();
    private final Map<QualifiedName, Long> fingerprints = new HashMap<>();

    /** @param layouts the layout of every record of {@code schema} */
    LayoutFingerprint(Schema schema, List<RecordLayout> layouts) {
        this.schema = schema;
        layouts.forEach(layout -> this.layouts.put(layout.record().name(), layout));
    }

    /**
     * The fingerprint of a record. A nested record enters by its own fingerprint, computed once, so that the work
     * stays linear however deep and wide records nest.
     */
    long of(QualifiedName record) {
        Long known = fingerprints.get(record);
        if (known != null) {
            return known;
        }
        long fingerprint = hash(describe(layouts.get(record)) + cycleDescription(record));
        fingerprints.put(record, fingerprint);
        return fingerprint;
    }

    /**
     * For a recursive record, the description of its whole cycle (every record in it, by name order), in which the
     * records of the cycle refer to each other by name: so that a change anywhere in the cycle changes every one of
     * their fingerprints, whichever is computed first. Empty for any other record.
     */
    private String cycleDescription(QualifiedName record) {
        StringBuilder text = new StringBuilder();
        for (QualifiedName member : schema.containment().cycleOf(record)) {
            text.append(describe(layouts.get(member)));
        }
        return text.toString();
    }

    /**
     * The fingerprint of version {@code version} of a record: the fingerprint of its layout restricted to the fields
     * with {@code since <= version}. For the record's own version it is {@link #of(QualifiedName)}.
     */
    long of(QualifiedName record, int version) {
        RecordLayout layout = layouts.get(record);
        return version == layout.version() ? of(record)
                : hash(describe(layout.upTo(version)) + cycleDescription(record));
    }

    /** The fingerprint of each of the record's {@link RecordLayout#versions()}, in that order. */
    long[] versions(QualifiedName record) {
        List<Integer> versions = layouts.get(record).versions();
        long[] fingerprints = new long[versions.size()];
        for (int i = 0; i < fingerprints.length; i++) {
            fingerprints[i] = of(record, versions.get(i));
        }
        return fingerprints;
    }

    private static long hash(String description) {
        long hash = FNV_OFFSET_BASIS;
        for (byte b : description.getBytes(StandardCharsets.UTF_8)) {
            hash = (hash ^ (b & 0xFF)) * FNV_PRIME;
        }
        return hash;
    }

    /** The canonical description the fingerprint hashes. */
    private String describe(RecordLayout layout) {
        QualifiedName record = layout.record().name();
        StringBuilder text = new StringBuilder(record.toString()).append('{');
        for (FieldLayout field : layout.fields()) {
            text.append(field.field().name())
                    .append(field.optional() ? "?" : "")
                    .append(field.field().defaultValue() == null ? "" : "=" + field.field().defaultValue().text())
                    .append('@').append(field.offset()).append('+').append(field.width()).append(':');
            describe(field.field().type(), record, text);
            text.append(';');
        }
        return text.append('}').toString();
    }

    /** {@code type} as a field of {@code record}: a record of {@code record}'s own cycle by its name only. */
    private void describe(FieldType type, QualifiedName record, StringBuilder text) {
        if (type instanceof BoolType) {
            text.append("bool");
        } else if (type instanceof IntegerType t) {
            text.append(t.kind().schemaName());
        } else if (type instanceof RangeType t) {
            text.append("int(").append(t.lo()).append("..").append(t.hi()).append(')');
        } else if (type instanceof FloatType t) {
            text.append("float").append(t.bits());
        } else if (type instanceof DecimalType t) {
            text.append(t.signed() ? "decimal(" : "udecimal(").append(t.precision()).append(',').append(t.scale())
                    .append(')');
        } else if (type instanceof DateType t) {
            text.append("date(").append(t.lo()).append("..").append(t.hi()).append(')');
        } else if (type instanceof TimeType) {
            text.append("time");
        } else if (type instanceof TimestampType) {
            text.append("timestamp");
        } else if (type instanceof CharType t) {
            text.append("char(").append(t.length()).append(",\"").append(t.alphabet()).append("\")");
        } else if (type instanceof EnumRef t) {
            text.append(t.name()).append('{');
            for (EnumConstant constant : schema.requireEnum(t.name()).constants()) {
                text.append(constant.name()).append(',');
            }
            text.append('}');
        } else if (type instanceof RecordRef t && schema.containment().cycleOf(record).contains(t.name())) {
            text.append(t.name()).append("#cycle");
        } else if (type instanceof RecordRef t) {
            text.append(t.name()).append('#').append(Long.toHexString(of(t.name())));
        } else if (type instanceof StringType) {
            text.append("string");
        } else if (type instanceof BytesType) {
            text.append("bytes");
        } else if (type instanceof FieldType.ListType t) {
            text.append("list<");
            describe(t.element(), record, text);
            text.append('>');
        } else if (type instanceof FieldType.UnionRef t) {
            // Its first version's alternatives: those added later keep the union's bits (the checker sees to it), so
            // data of every version reads alike, and a tag a reader does not know is refused where it is read.
            text.append("union ").append(t.name()).append('{');
            for (dev.sdo.compiler.model.Field alternative : schema.requireUnion(t.name()).alternatives()) {
                if (alternative.since() > 1) {
                    continue;
                }
                text.append(alternative.name()).append(':');
                describe(alternative.type(), record, text);
                text.append(';');
            }
            text.append('}');
        } else if (type instanceof FieldType.BigDecimalType) {
            text.append("decimal");
        } else if (type instanceof FieldType.BigIntegerType) {
            text.append("integer");
        } else {
            throw new IllegalArgumentException("no layout for type: " + type);
        }
    }
}
