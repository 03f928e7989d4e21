package dev.sdo.compiler.layout;

import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.runtime.batch.EmbeddedSchema;
import dev.sdo.runtime.generic.DescriptorClosure;
import dev.sdo.runtime.generic.DescriptorException;
import dev.sdo.runtime.generic.DescriptorFormat;
import dev.sdo.runtime.generic.DescriptorOutput;
import dev.sdo.runtime.generic.SchemaDescriptor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The binary schema descriptors that batch files carry (docs/batch-file-format.md, "Schema descriptor"), made from the
 * layout in this one place: a descriptor of many records ({@link #all}: those given, then every record, enum and
 * union they reference, the records they extend, in the order a walk of their bases and fields first meets them,
 * each field with the offsets and encoding the layout computed, and what {@code sdoc schema} needs to write the
 * schema back with the same fingerprints), from which the runtime's {@link DescriptorClosure} takes one record's ({@link #of}).
 * Generated code embeds one descriptor of all the records of a package and takes each record's the same way, so
 * generated code and {@code sdoc} write the same bytes.
 */
final class SchemaDescriptors {
    private final CodecModel model;
    private final Map<QualifiedName, Integer> records = new LinkedHashMap<>();
    private final Map<QualifiedName, Encoding.Enumeration> enums = new LinkedHashMap<>();
    private final Map<QualifiedName, UnionLayout> unions = new LinkedHashMap<>();

    private SchemaDescriptors(CodecModel model) {
        this.model = model;
    }

    /** The descriptor of {@code root}'s records, as its batch files carry it. */
    static byte[] of(CodecModel model, RecordLayout root) {
        try {
            SchemaDescriptor all = SchemaDescriptor.parse(EmbeddedSchema.of(all(model, List.of(root))));
            return DescriptorClosure.of(all, root.record().name().toString(), model.fingerprint(root.record().name()));
        } catch (DescriptorException e) {
            throw new IllegalStateException("the descriptor of " + root.record().name() + " does not read back", e);
        }
    }

    /** The descriptor of {@code roots} and everything they reference, headed by fingerprint 0 (it is no file's). */
    static byte[] all(CodecModel model, List<RecordLayout> roots) {
        return new SchemaDescriptors(model).describe(roots);
    }

    private byte[] describe(List<RecordLayout> roots) {
        List<RecordLayout> layouts = new ArrayList<>();
        roots.forEach(root -> collect(root, layouts));
        // Version 3 only when a record is @compact: the files of other schemas stay readable by earlier runtimes.
        int version = DescriptorFormat.versionFor(layouts.stream().anyMatch(layout -> layout.record().compact()));
        DescriptorOutput out = new DescriptorOutput()
                .i64(0)
                .i32(version)
                .i32(enums.size())
                .i32(layouts.size())
                .i32(unions.size());
        for (Encoding.Enumeration enumeration : enums.values()) {
            out.string(enumeration.name().toString()).i32(enumeration.type().constants().size());
            enumeration.type().constants().forEach(constant -> out.string(constant.name()).i32(constant.since()));
        }
        for (RecordLayout layout : layouts) {
            RecordType record = layout.record();
            out.string(record.name().toString());
            if (version >= DescriptorFormat.THIRD_VERSION) {
                out.u8((record.isAbstract() ? DescriptorFormat.RECORD_ABSTRACT : 0)
                        | (record.compact() ? DescriptorFormat.RECORD_COMPACT : 0));
            } else {
                out.bool(record.isAbstract());
            }
            out.i32(record.base() == null ? -1 : records.get(record.base()))
                    .i32(layout.version()).i32(layout.bytes()).i64(layout.totalBits()).i32(layout.fields().size());
            for (FieldLayout field : layout.fields()) {
                Field declared = field.field();
                out.string(declared.name()).i32(declared.since()).i64(field.presenceBit())
                        .i64(field.offset()).i64(field.slotOffset());
                type(field.encoding(), out);
                Object defaultValue = field.defaultValue();
                out.u8((declared.optional() ? DescriptorFormat.FIELD_OPTIONAL : 0)
                        | (defaultValue != null ? DescriptorFormat.FIELD_DEFAULT : 0)
                        | (declared.alias().isPresent() ? DescriptorFormat.FIELD_ALIAS : 0)
                        | (field.compactSlot() ? DescriptorFormat.FIELD_SLOT_BIT : 0));
                if (field.compactSlot()) {
                    out.i64(field.slotBit());
                }
                if (defaultValue != null) {
                    out.string(defaultText(field.encoding(), defaultValue)).string(declared.defaultValue().text());
                }
                declared.alias().ifPresent(out::string);
            }
        }
        for (UnionLayout union : unions.values()) {
            out.string(union.union().name().toString()).bool(union.union().fromAbstract()).u8(union.tagBits())
                    .i64(union.inlineBits()).bool(union.hasSlot()).i32(union.alternatives().size());
            for (UnionLayout.AlternativeLayout alternative : union.alternatives()) {
                out.string(alternative.field().name()).i32(alternative.field().since()).bool(alternative.inline())
                        .i64(alternative.width());
                type(alternative.encoding(), out);
            }
        }
        return out.toByteArray();
    }

    /**
     * Numbers {@code layout} and, depth first, the record it extends and, in field order, every record, enum and
     * union it references.
     */
    private void collect(RecordLayout layout, List<RecordLayout> layouts) {
        if (records.containsKey(layout.record().name())) {
            return;
        }
        records.put(layout.record().name(), records.size());
        layouts.add(layout);
        if (layout.record().base() != null) {
            collect(model.record(layout.record().base()), layouts);
        }
        layout.fields().forEach(field -> collect(field.encoding(), layouts));
    }

    private void collect(Encoding encoding, List<RecordLayout> layouts) {
        if (encoding instanceof Encoding.Nested nested) {
            collect(model.record(nested.name()), layouts);
        } else if (encoding instanceof Encoding.ListOf list) {
            collect(list.element(), layouts);
        } else if (encoding instanceof Encoding.Enumeration enumeration) {
            enums.putIfAbsent(enumeration.name(), enumeration);
        } else if (encoding instanceof Encoding.Union union && !unions.containsKey(union.name())) {
            unions.put(union.name(), union.layout());
            union.layout().alternatives().forEach(alternative -> collect(alternative.encoding(), layouts));
        }
    }

    private void type(Encoding encoding, DescriptorOutput out) {
        encoding.accept(new Encoding.Visitor<Void>() {
            @Override
            public Void bool(Encoding.Bool e) {
                out.u8(DescriptorFormat.BOOL);
                return null;
            }

            @Override
            public Void integer(Encoding.Int e) {
                if (e.kind().unsigned64()) {
                    out.u8(DescriptorFormat.UINT64);
                } else {
                    out.u8(DescriptorFormat.INT).u8(e.kind().bits()).i64(e.kind().min()).i64(e.kind().max());
                }
                return null;
            }

            @Override
            public Void range(Encoding.Range e) {
                out.u8(DescriptorFormat.RANGE).i64(e.lo()).i64(e.hi()).u8((int) e.bits());
                return null;
            }

            @Override
            public Void floating(Encoding.Floating e) {
                out.u8(DescriptorFormat.FLOAT).u8((int) e.bits());
                return null;
            }

            @Override
            public Void decimal(Encoding.Decimal e) {
                out.u8(DescriptorFormat.DECIMAL).bool(e.signed()).u8(e.precision()).u8(e.scale()).u8((int) e.bits());
                return null;
            }

            @Override
            public Void date(Encoding.Date e) {
                out.u8(DescriptorFormat.DATE).i64(e.lo().toEpochDay()).i64(e.hi().toEpochDay()).u8((int) e.bits());
                return null;
            }

            @Override
            public Void time(Encoding.Time e) {
                out.u8(DescriptorFormat.TIME).u8(e.precision().digits()).u8((int) e.bits());
                return null;
            }

            @Override
            public Void timestamp(Encoding.Timestamp e) {
                out.u8(DescriptorFormat.TIMESTAMP).u8(e.precision().digits()).bool(e.local()).i64(e.lo()).i64(e.hi())
                        .u8((int) e.bits());
                return null;
            }

            @Override
            public Void chars(Encoding.Chars e) {
                out.u8(DescriptorFormat.CHARS).i32(e.length()).u8(e.codeBits()).string(e.alphabet());
                return null;
            }

            @Override
            public Void enumeration(Encoding.Enumeration e) {
                out.u8(DescriptorFormat.ENUM).i32(indexOf(enums, e.name())).u8((int) e.bits());
                return null;
            }

            @Override
            public Void record(Encoding.Nested e) {
                out.u8(DescriptorFormat.RECORD).i32(records.get(e.name())).bool(e.variableLength()).i64(e.bits());
                return null;
            }

            @Override
            public Void string(Encoding.Text e) {
                out.u8(DescriptorFormat.STRING);
                return null;
            }

            @Override
            public Void bytes(Encoding.Blob e) {
                out.u8(DescriptorFormat.BYTES);
                return null;
            }

            @Override
            public Void list(Encoding.ListOf e) {
                out.u8(DescriptorFormat.LIST);
                type(e.element(), out);
                return null;
            }

            @Override
            public Void union(Encoding.Union e) {
                out.u8(DescriptorFormat.UNION).i32(indexOf(unions, e.name())).i64(e.bits());
                return null;
            }

            @Override
            public Void bigDecimal(Encoding.AnyDecimal e) {
                out.u8(DescriptorFormat.ANY_DECIMAL);
                return null;
            }

            @Override
            public Void bigInteger(Encoding.AnyInteger e) {
                out.u8(DescriptorFormat.ANY_INTEGER);
                return null;
            }
        });
    }

    /**
     * A default as the text a reader parses with its field's text binding (ISO dates, times and instants, plain
     * decimals, an enum constant's name; a {@code uint64} unsigned, as its text binding reads it).
     */
    private static String defaultText(Encoding encoding, Object value) {
        if (value instanceof Long number && encoding instanceof Encoding.Int integer && integer.kind().unsigned64()) {
            return Long.toUnsignedString(number);
        }
        return value instanceof java.math.BigDecimal decimal ? decimal.toPlainString() : value.toString();
    }

    private static int indexOf(Map<QualifiedName, ?> map, QualifiedName name) {
        int index = 0;
        for (QualifiedName key : map.keySet()) {
            if (key.equals(name)) {
                return index;
            }
            index++;
        }
        throw new IllegalStateException("not collected: " + name);
    }
}
