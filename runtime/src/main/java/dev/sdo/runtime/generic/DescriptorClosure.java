package dev.sdo.runtime.generic;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The descriptor of one record out of a descriptor of many: the record, then every record, enum and union it
 * references (version 2: and the records it extends), numbered in the order a depth-first walk of its base and
 * fields first meets them, written as {@link SchemaDescriptor} reads them: version 1 when {@code all} is, else
 * version 3 when one of them is {@code @compact}, version 2 otherwise. What a batch file of the record carries.
 * Generated code holds one descriptor
 * of all the records of a package and takes each record's from it here, so that a schema of many records (FpML's
 * 1,777) embeds each record once, not once per record that references it; the schema compiler makes its files'
 * descriptors here too, so that both write the same bytes.
 */
public final class DescriptorClosure {
    private final SchemaDescriptor all;
    private final Map<Integer, Integer> records = new LinkedHashMap<>();
    private final Map<String, SchemaDescriptor.EnumDeclaration> enums = new LinkedHashMap<>();
    private final Map<String, Integer> enumIndexes = new LinkedHashMap<>();
    private final Map<Integer, Integer> unions = new LinkedHashMap<>();

    private DescriptorClosure(SchemaDescriptor all) {
        this.all = all;
    }

    /**
     * The descriptor of the record named {@code record} of {@code all}, headed by its layout fingerprint.
     *
     * @throws IllegalArgumentException if {@code all} describes no such record
     */
    public static byte[] of(SchemaDescriptor all, String record, long fingerprint) {
        for (int i = 0; i < all.records().size(); i++) {
            if (all.records().get(i).name().equals(record)) {
                return new DescriptorClosure(all).write(i, fingerprint);
            }
        }
        throw new IllegalArgumentException("the descriptor describes no record " + record);
    }

    private byte[] write(int root, long fingerprint) {
        collectRecord(root);
        // Version 3 only for a closure with a compact record: others stay version 2, read by earlier runtimes.
        int version = all.version() < DescriptorFormat.SECOND_VERSION ? all.version() : DescriptorFormat.versionFor(
                records.keySet().stream().anyMatch(index -> all.records().get(index).isCompact()));
        boolean second = version >= DescriptorFormat.SECOND_VERSION;
        boolean third = version >= DescriptorFormat.THIRD_VERSION;
        DescriptorOutput out = new DescriptorOutput().i64(fingerprint).i32(version)
                .i32(enums.size()).i32(records.size()).i32(unions.size());
        for (SchemaDescriptor.EnumDeclaration enumeration : enums.values()) {
            out.string(enumeration.name()).i32(enumeration.constants().size());
            for (int i = 0; i < enumeration.constants().size(); i++) {
                out.string(enumeration.constants().get(i));
                if (second) {
                    out.i32(enumeration.since().get(i));
                }
            }
        }
        for (int index : records.keySet()) {
            RecordDescriptor record = all.records().get(index);
            out.string(record.name());
            if (third) {
                out.u8((record.isAbstract() ? DescriptorFormat.RECORD_ABSTRACT : 0)
                        | (record.isCompact() ? DescriptorFormat.RECORD_COMPACT : 0));
            } else if (second) {
                out.bool(record.isAbstract());
            }
            if (second) {
                out.i32(record.base() < 0 ? -1 : records.get(record.base()));
            }
            out.i32(record.version()).i32(record.fixedBytes()).i64(record.totalBits()).i32(record.fields().size());
            for (FieldDescriptor field : record.fields()) {
                out.string(field.name()).i32(field.since()).i64(field.presenceBit()).i64(field.offset())
                        .i64(field.slotOffset());
                type(field.type(), out);
                if (second) {
                    fieldV2(field, out);
                } else {
                    out.bool(field.defaultText() != null);
                    if (field.defaultText() != null) {
                        out.string(field.defaultText());
                    }
                }
            }
        }
        for (int index : unions.keySet()) {
            UnionDescriptor union = all.unions().get(index);
            out.string(union.name()).bool(union.fromAbstract()).u8(union.tagBits()).i64(union.inlineBits())
                    .bool(union.hasSlot()).i32(union.alternatives().size());
            for (UnionDescriptor.Alternative alternative : union.alternatives()) {
                out.string(alternative.name());
                if (second) {
                    out.i32(alternative.since());
                }
                out.bool(alternative.inline()).i64(alternative.width());
                type(alternative.type(), out);
            }
        }
        return out.toByteArray();
    }

    /**
     * A version-2 field's flags, then (version 3) its slot bit if it has one, then its default (value text and
     * literal) and alias, if it has them.
     */
    private static void fieldV2(FieldDescriptor field, DescriptorOutput out) {
        out.u8((field.optional() ? DescriptorFormat.FIELD_OPTIONAL : 0)
                | (field.defaultText() != null ? DescriptorFormat.FIELD_DEFAULT : 0)
                | (field.alias() != null ? DescriptorFormat.FIELD_ALIAS : 0)
                | (field.compactSlot() ? DescriptorFormat.FIELD_SLOT_BIT : 0));
        if (field.compactSlot()) {
            out.i64(field.slotBit());
        }
        if (field.defaultText() != null) {
            out.string(field.defaultText()).string(field.defaultLiteral());
        }
        if (field.alias() != null) {
            out.string(field.alias());
        }
    }

    private void collectRecord(int index) {
        if (records.containsKey(index)) {
            return;
        }
        records.put(index, records.size());
        RecordDescriptor record = all.records().get(index);
        if (record.base() >= 0) {
            collectRecord(record.base());
        }
        record.fields().forEach(field -> collect(field.type()));
    }

    private void collect(FieldType type) {
        if (type instanceof FieldType.Nested nested) {
            collectRecord(nested.record());
        } else if (type instanceof FieldType.ListOf list) {
            collect(list.element());
        } else if (type instanceof FieldType.Enumeration enumeration
                && !enums.containsKey(enumeration.name())) {
            enumIndexes.put(enumeration.name(), enums.size());
            enums.put(enumeration.name(), all.enumNamed(enumeration.name()));
        } else if (type instanceof FieldType.Union union && !unions.containsKey(union.union())) {
            unions.put(union.union(), unions.size());
            all.unions().get(union.union()).alternatives().forEach(alternative -> collect(alternative.type()));
        }
    }

    private void type(FieldType type, DescriptorOutput out) {
        if (type instanceof FieldType.Bool) {
            out.u8(DescriptorFormat.BOOL);
        } else if (type instanceof FieldType.Int i) {
            out.u8(DescriptorFormat.INT).u8(i.bitCount()).i64(i.min()).i64(i.max());
        } else if (type instanceof FieldType.Range r) {
            out.u8(DescriptorFormat.RANGE).i64(r.lo()).i64(r.hi()).u8(r.bitCount());
        } else if (type instanceof FieldType.Floating f) {
            out.u8(DescriptorFormat.FLOAT).u8(f.bitCount());
        } else if (type instanceof FieldType.Decimal d) {
            out.u8(DescriptorFormat.DECIMAL).bool(d.signed()).u8(d.precision()).u8(d.scale()).u8(d.bitCount());
        } else if (type instanceof FieldType.Date d) {
            out.u8(DescriptorFormat.DATE).i64(d.loEpochDay()).i64(d.hiEpochDay()).u8(d.bitCount());
        } else if (type instanceof FieldType.Time t) {
            out.u8(DescriptorFormat.TIME).u8(t.precision().digits()).u8(t.bitCount());
        } else if (type instanceof FieldType.Timestamp t) {
            out.u8(DescriptorFormat.TIMESTAMP).u8(t.precision().digits()).bool(t.local()).i64(t.lo()).i64(t.hi())
                    .u8(t.bitCount());
        } else if (type instanceof FieldType.Unsigned64) {
            out.u8(DescriptorFormat.UINT64);
        } else if (type instanceof FieldType.Chars c) {
            out.u8(DescriptorFormat.CHARS).i32(c.length()).u8(c.codeBits()).string(c.alphabet());
        } else if (type instanceof FieldType.Enumeration e) {
            out.u8(DescriptorFormat.ENUM).i32(enumIndexes.get(e.name())).u8(e.bitCount());
        } else if (type instanceof FieldType.Nested n) {
            out.u8(DescriptorFormat.RECORD).i32(records.get(n.record())).bool(n.variableLength()).i64(n.bits());
        } else if (type instanceof FieldType.Text) {
            out.u8(DescriptorFormat.STRING);
        } else if (type instanceof FieldType.Blob) {
            out.u8(DescriptorFormat.BYTES);
        } else if (type instanceof FieldType.ListOf l) {
            out.u8(DescriptorFormat.LIST);
            type(l.element(), out);
        } else if (type instanceof FieldType.Union u) {
            out.u8(DescriptorFormat.UNION).i32(unions.get(u.union())).i64(u.bits());
        } else if (type instanceof FieldType.AnyDecimal) {
            out.u8(DescriptorFormat.ANY_DECIMAL);
        } else {
            out.u8(DescriptorFormat.ANY_INTEGER);
        }
    }
}
