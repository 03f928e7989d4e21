package dev.sdo.compiler.binding;

import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.UnionType;
import dev.sdo.runtime.batch.EmbeddedSchema;
import dev.sdo.runtime.generic.DescriptorException;
import dev.sdo.runtime.generic.FieldType;
import dev.sdo.runtime.generic.GenericRecord;
import dev.sdo.runtime.generic.GenericTextValues;
import dev.sdo.runtime.generic.GenericUnion;
import dev.sdo.runtime.generic.RecordValues;
import dev.sdo.runtime.generic.SchemaDescriptor;
import dev.sdo.runtime.generic.UnionDescriptor;
import dev.sdo.runtime.text.BadInputPolicy;
import dev.sdo.runtime.text.TextReadResult;
import dev.sdo.runtime.text.TextValue;
import dev.sdo.runtime.text.XmlRecordMapping;
import dev.sdo.runtime.text.XmlTreeBinding;
import dev.sdo.runtime.text.XmlUnionMapping;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Writer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The XML tree binding of a record built at run time from the schema alone, with no generated class and no Java
 * compiler: the same {@link XmlRecordMapping}s and {@link XmlUnionMapping}s as the record's generated {@code XXml}
 * builds, member for member ({@link XmlTreeShape} decides for both), over the generic engine's values instead of
 * beans. Documents are read into {@link RecordValues} (nested records as {@code RecordValues}, lists as lists, unions
 * as {@link GenericUnion}s, enums as their constants' names), with the same {@code FILE:LINE:COLUMN: error:}
 * messages as the generated binding; records are written from {@link GenericRecord}s read from a batch file, or from
 * {@code RecordValues}, as the generated binding writes the same values.
 */
public final class GenericXmlBinding {
    private final CodecModel model;
    private final XmlTreeShape shape;
    private final SchemaDescriptor schema;
    private final Map<String, Integer> records = new HashMap<>();
    private final Map<String, Integer> unions = new HashMap<>();
    /** Each record's mapping by record and top namespace; a mapping being built is here already, as null. */
    private final Map<List<Object>, XmlRecordMapping<Object, RecordValues>> recordMappings = new HashMap<>();
    /** Each union's mapping by union, default namespace and top namespace. */
    private final Map<List<Object>, XmlUnionMapping<Object>> unionMappings = new HashMap<>();
    private final XmlTreeBinding<Object, RecordValues> binding;

    private GenericXmlBinding(CodecModel model, RecordLayout layout) {
        this.model = model;
        this.shape = new XmlTreeShape(model);
        try {
            this.schema = SchemaDescriptor.parse(EmbeddedSchema.of(model.descriptor(layout)));
        } catch (DescriptorException e) {
            throw new IllegalStateException("the descriptor of " + layout.record().name() + " does not read back", e);
        }
        for (int i = 0; i < schema.records().size(); i++) {
            records.put(schema.records().get(i).name(), i);
        }
        for (int i = 0; i < schema.unions().size(); i++) {
            unions.put(schema.unions().get(i).name(), i);
        }
        RecordType record = layout.record();
        String top = XmlRecordBinding.namespace(record);
        this.binding = new XmlTreeBinding<>(record.name().simpleName(), XmlRecordBinding.element(record), top,
                recordMapping(record.name(), top).get());
    }

    /** The binding of {@code layout}'s records, which must be declared {@code @xml}. */
    public static GenericXmlBinding of(CodecModel model, RecordLayout layout) {
        return new GenericXmlBinding(model, layout);
    }

    /** The schema the values read belong to: the record's descriptor, as its batch files carry it. */
    public SchemaDescriptor schema() {
        return schema;
    }

    /** The runtime binding itself. */
    public XmlTreeBinding<Object, RecordValues> binding() {
        return binding;
    }

    /**
     * Reads every record element of {@code in} into new values handed to {@code sink}, in document order, as
     * {@link XmlTreeBinding#read(InputStream, String, BadInputPolicy, Consumer)} does.
     *
     * @throws dev.sdo.runtime.text.TextInputException {@code SOURCE:LINE:COLUMN: error: MESSAGE} for malformed XML or
     *     a bad record element (unless {@code policy} skips it), naming the field by its path from the record
     */
    public TextReadResult read(InputStream in, String source, BadInputPolicy policy,
            Consumer<? super RecordValues> sink) throws IOException {
        return binding.read(in, source, policy, sink);
    }

    /** Reads every record element of {@code in}; the first bad one throws. */
    public List<RecordValues> read(InputStream in, String source) throws IOException {
        return binding.read(in, source);
    }

    /**
     * Writes {@code size} records ({@link GenericRecord}s or {@link RecordValues}) as an XML document: one record as
     * the root element, several inside {@code <records>}; each is written before the next is asked for, so a batch's
     * one cursor, moved from record to record, will do.
     */
    public void write(Iterable<?> records, long size, OutputStream out) throws IOException {
        binding.write(records, size, out);
    }

    /** Writes {@code size} records to {@code out}, as {@link #write(Iterable, long, OutputStream)}. */
    public void write(Iterable<?> records, long size, Writer out) throws IOException {
        binding.write(records, size, out);
    }

    /**
     * The mapping of a nested record under a top namespace, built on first use; a shared one ({@link
     * XmlTreeShape#sharesMapping}) under its own namespace, as its own {@code XXml} builds it. A supplier, because a
     * record may hold itself (through a list, an optional field or a union) before its mapping is built.
     */
    private Supplier<XmlRecordMapping<Object, RecordValues>> recordMapping(QualifiedName name, String top) {
        RecordType record = model.record(name).record();
        String namespace = shape.sharesMapping(record) ? XmlRecordBinding.recordNamespace(record).orElseThrow() : top;
        List<Object> key = List.of(name, namespace);
        if (!recordMappings.containsKey(key)) {
            recordMappings.put(key, null);
            recordMappings.put(key, mapping(record, namespace));
        }
        return new Built<>(() -> recordMappings.get(key));
    }

    /** The mapping of {@code mapped}'s fields, one member per field. */
    private XmlRecordMapping<Object, RecordValues> mapping(RecordType mapped, String top) {
        int index = records.get(mapped.name().toString());
        XmlRecordMapping.Builder<Object, RecordValues> builder = XmlRecordMapping.builder(
                () -> RecordValues.of(schema, index), XmlTreeShape.namespaceOf(mapped, top));
        List<XmlTreeShape.Member> members = shape.members(mapped, top);
        for (int i = 0; i < members.size(); i++) {
            XmlTreeShape.Member member = members.get(i);
            add(builder, member, i, schema.records().get(index).fields().get(i).type(), top);
            if (member.namespace() != null) {
                builder.namespace(member.namespace());
            }
            if (member.formerName() != null) {
                builder.formerName(member.formerName());
            }
            if (member.hasDefault()) {
                builder.byDefault(GenericDefaults.defaultOf(member.placed()));
            }
        }
        return builder.build();
    }

    /** Adds field {@code index} (described as {@code described}), set on and read from the values by its position. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private void add(XmlRecordMapping.Builder<Object, RecordValues> builder, XmlTreeShape.Member member, int index,
            FieldType described, String top) {
        Field field = member.field();
        String name = field.name();
        boolean optional = field.optional();
        BiConsumer setter = (BiConsumer<RecordValues, Object>) (values, value) -> values.set(index, value);
        Function getter = (Function<Object, Object>) record -> valueOf(record, index);
        Encoding type = member.placed().encoding();
        switch (member.kind()) {
            case VALUE -> {
                TextValue value = textValue(field, member.item(), described);
                if (optional) {
                    builder.optionalValue(name, member.element(), value, setter, getter);
                } else {
                    builder.value(name, member.element(), value, setter, getter);
                }
            }
            case ATTRIBUTE -> {
                TextValue value = textValue(field, member.item(), described);
                if (optional) {
                    builder.optionalAttribute(name, member.element(), value, setter, getter);
                } else {
                    builder.attribute(name, member.element(), value, setter, getter);
                }
            }
            case TEXT -> {
                TextValue value = textValue(field, member.item(), described);
                if (optional) {
                    builder.optionalText(name, value, setter, getter);
                } else {
                    builder.text(name, value, setter, getter);
                }
            }
            case VALUES -> {
                TextValue value = textValue(field, member.item(), described);
                if (optional) {
                    builder.optionalValues(name, member.element(), value, setter, getter);
                } else {
                    builder.values(name, member.element(), value, setter, getter);
                }
            }
            case RECORD, RECORDS -> {
                Supplier mapping = recordMapping(XmlTreeShape.nested(type), top);
                if (member.kind() == XmlTreeShape.Kind.RECORD) {
                    if (optional) {
                        builder.optionalRecord(name, member.element(), mapping, setter, getter);
                    } else {
                        builder.record(name, member.element(), mapping, setter, getter);
                    }
                } else if (optional) {
                    builder.optionalRecords(name, member.element(), mapping, setter, getter);
                } else {
                    builder.records(name, member.element(), mapping, setter, getter);
                }
            }
            case INLINE, INLINES -> {
                // Needed as it is built; the checker refuses inline records that hold themselves.
                XmlRecordMapping mapping = recordMapping(XmlTreeShape.nested(type), top).get();
                if (member.kind() == XmlTreeShape.Kind.INLINE) {
                    if (optional) {
                        builder.optionalInline(name, mapping, setter, getter);
                    } else {
                        builder.inline(name, mapping, setter, getter);
                    }
                } else if (optional) {
                    builder.optionalInlines(name, mapping, setter, getter);
                } else {
                    builder.inlines(name, mapping, setter, getter);
                }
            }
            case UNION, UNIONS -> {
                Supplier mapping = unionMapping(XmlTreeShape.union(type), member.unionNamespace(), top);
                if (member.kind() == XmlTreeShape.Kind.UNION) {
                    if (optional) {
                        builder.optionalUnion(name, mapping, setter, getter);
                    } else {
                        builder.union(name, mapping, setter, getter);
                    }
                } else if (optional) {
                    builder.optionalUnions(name, mapping, setter, getter);
                } else {
                    builder.unions(name, mapping, setter, getter);
                }
            }
            case ANY -> {
                if (optional) {
                    builder.optionalAny(name, setter, getter);
                } else {
                    builder.any(name, setter, getter);
                }
            }
            case ANYS -> {
                if (optional) {
                    builder.optionalAnys(name, setter, getter);
                } else {
                    builder.anys(name, setter, getter);
                }
            }
        }
    }

    /** A field's value, from a record read from bytes or from values being written. */
    static Object valueOf(Object record, int index) {
        return record instanceof GenericRecord read ? read.get(index) : ((RecordValues) record).get(index);
    }

    /**
     * The text value in XML of a value, or of each item of a list, of the described type {@code described}:
     * enum constants by their {@code @xml(name)} texts ({@code item} is the value's or item's encoding).
     */
    private static TextValue<?> textValue(Field field, Encoding item, FieldType described) {
        return GenericTextValues.of(described instanceof FieldType.ListOf list ? list.element() : described,
                XmlRecordBinding.format(field), false, item instanceof Encoding.Enumeration e
                        ? XmlRecordBinding.constantNames(e.type()) : null);
    }

    /** The alternative being read into a union's place, until it becomes a {@link GenericUnion}. */
    private static final class UnionHolder {
        int alternative = -1;
        Object value;
    }

    /**
     * The mapping of a union whose alternatives' elements default to {@code namespace}, built on first use; a
     * supplier, because a record of its alternatives may hold the union again.
     */
    private Supplier<XmlUnionMapping<Object>> unionMapping(UnionType union, String namespace, String top) {
        List<Object> key = List.of(union.name(), namespace, top);
        if (!unionMappings.containsKey(key)) {
            unionMappings.put(key, null);
            unionMappings.put(key, buildUnion(union, namespace, top));
        }
        return new Built<>(() -> unionMappings.get(key));
    }

    /**
     * A mapping looked up once it is built, then kept: the mapping of every nested element is asked for each time
     * one is read or written, and a lookup by its key (a list of names) cost some 6% of reading FpML's documents.
     * Threads that race on the first call each look up the same mapping, which is built before any reading starts.
     */
    private static final class Built<M> implements Supplier<M> {
        private final Supplier<M> lookup;
        private M mapping;

        Built(Supplier<M> lookup) {
            this.lookup = lookup;
        }

        @Override
        public M get() {
            M built = mapping;
            if (built == null) {
                // Null while the mapping is being built (a record that holds itself): asked again later.
                built = lookup.get();
                mapping = built;
            }
            return built;
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private XmlUnionMapping<Object> buildUnion(UnionType union, String namespace, String top) {
        UnionDescriptor descriptor = schema.unions().get(unions.get(union.name().toString()));
        List<XmlTreeShape.Alternative> alternatives = shape.alternatives(union, namespace);
        // Reading tries the alternatives in the shape's order; a value names its alternative by its tag.
        int[] positions = new int[alternatives.size()];
        for (int i = 0; i < alternatives.size(); i++) {
            positions[alternatives.get(i).index()] = i;
        }
        XmlUnionMapping.Builder<Object, UnionHolder> builder = XmlUnionMapping.builder(union.name().simpleName(),
                namespace, UnionHolder::new,
                holder -> GenericUnion.of(descriptor, holder.alternative, holder.value),
                value -> value == null ? -1 : positions[((GenericUnion) value).alternative()]);
        for (XmlTreeShape.Alternative alternative : alternatives) {
            int index = alternative.index();
            BiConsumer setter = (BiConsumer<UnionHolder, Object>) (holder, value) -> {
                holder.alternative = index;
                holder.value = value;
            };
            Function getter = (Function<Object, Object>) value -> ((GenericUnion) value).value();
            String name = alternative.field().name();
            Encoding type = alternative.encoding();
            FieldType described = descriptor.alternatives().get(index).type();
            switch (alternative.kind()) {
                case ANY -> builder.any(name, setter, getter);
                case UNION -> builder.union(name,
                        (Supplier) unionMapping(XmlTreeShape.union(type), alternative.unionNamespace(), top),
                        setter, getter);
                case UNIONS -> builder.unions(name,
                        (Supplier) unionMapping(XmlTreeShape.union(type), alternative.unionNamespace(), top),
                        setter, getter);
                case INLINE -> builder.inline(name,
                        (XmlRecordMapping) recordMapping(XmlTreeShape.nested(type), top).get(), setter, getter);
                case INLINES -> builder.inlines(name,
                        (XmlRecordMapping) recordMapping(XmlTreeShape.nested(type), top).get(), setter, getter);
                case RECORD -> builder.record(name, alternative.element(),
                        (Supplier) recordMapping(XmlTreeShape.nested(type), top), setter, getter);
                case RECORDS -> builder.records(name, alternative.element(),
                        (Supplier) recordMapping(XmlTreeShape.nested(type), top), setter, getter);
                case VALUES -> builder.values(name, alternative.element(), textValue(alternative.field(),
                        XmlTreeShape.item(type), described), setter, getter);
                default -> builder.value(name, alternative.element(), textValue(alternative.field(), type,
                        described), setter, getter);
            }
            if (alternative.namespace() != null) {
                builder.namespace(alternative.namespace());
            }
        }
        return builder.build();
    }
}
