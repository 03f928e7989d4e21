package dev.sdo.runtime.generic;

import dev.sdo.runtime.text.TextValue;
import dev.sdo.runtime.text.UnionTextValue;
import dev.sdo.runtime.text.XmlIdentity;
import dev.sdo.runtime.text.XmlNested;
import dev.sdo.runtime.text.XmlRecordMapping;
import dev.sdo.runtime.text.XmlUnionMapping;
import dev.sdo.runtime.text.XmlValueText;
import dev.sdo.runtime.text.XmlViews;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * What binds the records of a schema descriptor to XML as its {@link XmlShape} describes them: one
 * {@link XmlRecordMapping} per record (and top namespace) and one {@link XmlUnionMapping} per union (and namespace),
 * made by the same few methods for every type, and the readers and encoders of the records. One per package, over
 * the package's descriptor ({@link PackageSchema#xml}: a package of generated classes, or one bound from the schema
 * alone), shared by the bindings of all its records: a program that reads and writes documents of several roots
 * (FpML's 11) keeps one set of these objects in the CPU's caches rather than one per root.
 *
 * <p>Built as bindings ask for their records ({@link #root}, {@link #writer}, {@link #cursor}), each under this
 * object's lock; what a call returns is immutable, and safe for any number of threads.
 */
final class XmlShapeMappings {
    private final SchemaDescriptor schema;
    private final XmlShape shape;
    private final Readers readers;
    private final Encoders encoders;
    /** Each record's mapping by record and top namespace; a mapping being built is here already, as null. */
    private final Map<List<Object>, XmlRecordMapping<Object, RecordValues>> recordMappings = new HashMap<>();
    /** Each union's mapping by union, default namespace and top namespace. */
    private final Map<List<Object>, XmlUnionMapping<Object>> unionMappings = new HashMap<>();
    /** Each union bound as one text: its text value, by union, made once as the mappings are built. */
    private final Map<Integer, TextValue<?>> unionTextValues = new HashMap<>();
    /** The mappings looked up by key while a root is built, until it is. */
    private final List<Built<?>> unresolved = new ArrayList<>();

    XmlShapeMappings(SchemaDescriptor schema, XmlShape shape) {
        this.schema = schema;
        this.shape = shape;
        this.readers = new Readers(schema);
        this.encoders = new Encoders(schema);
    }

    SchemaDescriptor schema() {
        return schema;
    }

    XmlShape shape() {
        return shape;
    }

    /**
     * The index of the record named {@code record} (its full name): asked once per binding.
     *
     * @throws IllegalStateException if the schema has no such record (generated code that was changed)
     */
    int indexOf(String record) {
        for (int i = 0; i < schema.records().size(); i++) {
            if (schema.records().get(i).name().equals(record)) {
                return i;
            }
        }
        throw new IllegalStateException("the schema descriptor has no record " + record);
    }

    /**
     * The mapping of record {@code index}'s content under the top namespace {@code namespace}, built with the
     * mappings of everything it reaches (those built for other roots already are shared).
     */
    synchronized XmlRecordMapping<Object, RecordValues> root(int index, String namespace) {
        XmlRecordMapping<Object, RecordValues> mapping = recordMapping(index, namespace).get();
        for (Built<?> built : unresolved) {
            built.resolve();
        }
        unresolved.clear();
        return mapping;
    }

    /** The writer of record {@code index}, its encoders those of the other records' writers. */
    synchronized GenericWriter writer(int index) {
        return GenericWriter.of(encoders.record(index));
    }

    /** A cursor over records of record {@code index}, not moved yet, its readers those of the other cursors. */
    synchronized GenericRecord cursor(int index) {
        return new GenericRecord(readers.shape(index, 0));
    }

    /**
     * The mapping of record {@code index} under a top namespace, built on first use; a shared one under its own
     * namespace. A supplier, because a record may hold itself before its mapping is built.
     */
    private Supplier<XmlRecordMapping<Object, RecordValues>> recordMapping(int index, String top) {
        XmlShape.Record described = shape.record(schema.records().get(index).name());
        String namespace = described.shared() ? described.namespace() : top;
        List<Object> key = List.of(index, namespace);
        if (!recordMappings.containsKey(key)) {
            recordMappings.put(key, null);
            recordMappings.put(key, mapping(index, described, namespace));
        }
        return built(() -> recordMappings.get(key));
    }

    /** The mapping of a record's fields, one member per field. */
    private XmlRecordMapping<Object, RecordValues> mapping(int index, XmlShape.Record described, String top) {
        RecordDescriptor record = schema.records().get(index);
        String namespace = described.namespace() != null ? described.namespace() : top;
        if (described.fields().size() != record.fields().size()) {
            throw new IllegalStateException("the XML shape of " + record.name() + " has " + described.fields().size()
                    + " fields, its descriptor " + record.fields().size());
        }
        XmlRecordMapping.Builder<Object, RecordValues> builder = XmlRecordMapping.builder(
                () -> RecordValues.of(schema, index), namespace);
        for (int i = 0; i < described.fields().size(); i++) {
            XmlShape.Field field = described.fields().get(i);
            FieldDescriptor descriptor = record.fields().get(i);
            String declared = XmlShape.OWN.equals(field.declaring()) ? namespace
                    : field.declaring() != null ? field.declaring() : top;
            boolean any = field.kind() == XmlShape.Kind.ANY || field.kind() == XmlShape.Kind.ANYS;
            // A raw XML field's namespace is the namespaces its elements may be in, not its own.
            String own = any ? null : field.namespace();
            if (own == null && !field.attribute() && !declared.equals(namespace)) {
                own = declared;
            }
            add(builder, record.simpleName(), field, descriptor, i, own != null ? own : declared, top);
            if (own != null) {
                builder.namespace(own);
            }
            if (any && field.namespace() != null) {
                builder.anyNamespaces(field.namespace());
            }
            if (field.formerName() != null) {
                builder.formerName(field.formerName());
            }
            if (descriptor.defaultText() != null) {
                builder.byDefault(defaultOf(record.simpleName() + "." + descriptor.name(), descriptor));
            }
            if (field.identity() != XmlIdentity.NONE) {
                builder.identity(field.identity());
            }
            if (field.optional() && descriptor.defaultText() == null) {
                builder.absentWhen(absent(i));
            }
        }
        // One member per field, set by its position (add): a record read fills its values' array in place.
        return builder.stateIn(RecordValues::array).build();
    }

    /** Adds a field, set on and read from the values by its position. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private void add(XmlRecordMapping.Builder<Object, RecordValues> builder, String record, XmlShape.Field field,
            FieldDescriptor descriptor, int index, String unionNamespace, String top) {
        String name = descriptor.name();
        boolean optional = field.optional();
        BiConsumer setter = (BiConsumer<RecordValues, Object>) (values, value) -> values.set(index, value);
        Function getter = (Function<Object, Object>) values -> valueOf(values, index);
        FieldType type = descriptor.type();
        FieldType item = type instanceof FieldType.ListOf list ? list.element() : type;
        switch (field.kind()) {
            case VALUE -> {
                TextValue value = textValue(item, field.pattern());
                if (optional) {
                    builder.optionalValue(name, field.element(), value, setter, getter);
                } else {
                    builder.value(name, field.element(), value, setter, getter);
                }
                valueText(builder, index, type, field.pattern(), descriptor.defaultText());
            }
            case ATTRIBUTE -> {
                TextValue value = textValue(item, field.pattern());
                if (optional) {
                    builder.optionalAttribute(name, field.element(), value, setter, getter);
                } else {
                    builder.attribute(name, field.element(), value, setter, getter);
                }
                valueText(builder, index, type, field.pattern(), descriptor.defaultText());
            }
            case TEXT -> {
                TextValue value = textValue(item, field.pattern());
                if (optional) {
                    builder.optionalText(name, value, setter, getter);
                } else {
                    builder.text(name, value, setter, getter);
                }
                valueText(builder, index, type, field.pattern(), descriptor.defaultText());
            }
            case VALUES -> {
                TextValue value = textValue(item, field.pattern());
                if (optional) {
                    builder.optionalValues(name, field.element(), value, setter, getter);
                } else {
                    builder.values(name, field.element(), value, setter, getter);
                }
                builder.nested(new Nested(index));
                // Each item's text from its bytes, as a field's of the item's type.
                GenericValueText text = itemText(item, field.pattern());
                if (text != null) {
                    builder.valueText(text);
                }
            }
            case RECORD, RECORDS -> {
                Supplier mapping = recordMapping(((FieldType.Nested) item).record(), top);
                if (field.kind() == XmlShape.Kind.RECORD) {
                    if (optional) {
                        builder.optionalRecord(name, field.element(), mapping, setter, getter);
                    } else {
                        builder.record(name, field.element(), mapping, setter, getter);
                    }
                } else if (optional) {
                    builder.optionalRecords(name, field.element(), mapping, setter, getter);
                } else {
                    builder.records(name, field.element(), mapping, setter, getter);
                }
                builder.nested(new Nested(index));
            }
            case INLINE, INLINES -> {
                // Needed as it is built; the schema compiler refuses inline records that hold themselves.
                XmlRecordMapping mapping = recordMapping(((FieldType.Nested) item).record(), top).get();
                if (field.kind() == XmlShape.Kind.INLINE) {
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
                builder.nested(new Nested(index));
            }
            case UNION, UNIONS -> {
                Supplier mapping = unionMapping(((FieldType.Union) item).union(), unionNamespace, top);
                if (field.kind() == XmlShape.Kind.UNION) {
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
                builder.nested(new Nested(index));
            }
            case TYPED, TYPEDS -> {
                Supplier mapping = unionMapping(((FieldType.Union) item).union(), unionNamespace, top);
                if (field.kind() == XmlShape.Kind.TYPED) {
                    if (optional) {
                        builder.optionalTyped(name, field.element(), mapping, setter, getter);
                    } else {
                        builder.typed(name, field.element(), mapping, setter, getter);
                    }
                } else if (optional) {
                    builder.optionalTypeds(name, field.element(), mapping, setter, getter);
                } else {
                    builder.typeds(name, field.element(), mapping, setter, getter);
                }
                builder.nested(new Nested(index));
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

    /**
     * Lets the value field added last be written from the bytes of a {@link GenericRecord} by its position, without
     * its Java value ({@link GenericValueText}), where its type has such a way.
     */
    private void valueText(XmlRecordMapping.Builder<Object, RecordValues> builder, int index, FieldType type,
            String pattern, String defaultText) {
        GenericValueText text = type instanceof FieldType.Union u ? unionValueText(index, u.union())
                : GenericValueText.of(index, type, pattern, enumTexts(type));
        if (text != null && defaultText != null) {
            text = text.withDefault(defaultText);
        }
        if (text != null) {
            builder.valueText(text);
        }
    }

    /** The text of a list's items of type {@code item} from their bytes ({@link XmlValueText#itemText}); or null. */
    private GenericValueText itemText(FieldType item, String pattern) {
        return item instanceof FieldType.Union u ? unionValueText(-1, u.union())
                : GenericValueText.of(-1, item, pattern, enumTexts(item));
    }

    /**
     * {@link #valueText} of a union bound as one text: each alternative's text (by its position in the union, its
     * tag - 1) as its value's would be, with the pattern the shape gives it ({@link #unionTextValue}).
     */
    private GenericValueText unionValueText(int index, int union) {
        UnionDescriptor descriptor = schema.unions().get(union);
        GenericValueText[] alternatives = new GenericValueText[descriptor.alternatives().size()];
        for (XmlShape.Alternative alternative : shape.union(descriptor.name()).alternatives()) {
            FieldType type = descriptor.alternatives().get(alternative.index()).type();
            alternatives[alternative.index()] = GenericValueText.of(-1, type, alternative.pattern(), enumTexts(type));
        }
        return GenericValueText.ofUnion(index, alternatives);
    }

    /**
     * A nested field's value (a record, a list, a union) read through the writer's views where the record is read
     * from bytes ({@link GenericRecord#view}), so that writing makes no object per nested value; from values being
     * written, the value. For a union's alternative ({@link #ALTERNATIVE}), the value of the union's view or
     * {@link GenericUnion}, which the union's reader read through the views already.
     */
    private static final class Nested implements XmlNested<Object> {
        static final Nested ALTERNATIVE = new Nested(-1);
        private final int index;

        Nested(int index) {
            this.index = index;
        }

        @Override
        public Object value(Object record, XmlViews views, int depth) {
            if (index < 0) {
                return Views.UnionView.value(record);
            }
            return record instanceof GenericRecord read ? read.view(index, views, depth)
                    : ((RecordValues) record).get(index);
        }

        @Override
        public Object item(List<?> list, int item, XmlViews views, int depth) {
            return list instanceof GenericList read ? read.view(item, views, depth) : list.get(item);
        }
    }

    /**
     * Whether a record (read from bytes, or values being written) holds nothing in its optional field {@code index}:
     * by the field's presence bit (a union's tag), without reading the value.
     */
    private static Predicate<Object> absent(int index) {
        return record -> record instanceof GenericRecord read ? read.absent(index)
                : ((RecordValues) record).get(index) == null;
    }

    /** A field's value, from a record read from bytes or from values being written. */
    private static Object valueOf(Object record, int index) {
        return record instanceof GenericRecord read ? read.get(index) : ((RecordValues) record).get(index);
    }

    /**
     * The text value of a value (or list item) of type {@code type}: enum constants by their XML texts; a union bound
     * as one text ({@code @xml(text = true)} on the union) by its alternatives' text values, tried in the shape's
     * order ({@link UnionTextValue}).
     */
    private TextValue<?> textValue(FieldType type, String pattern) {
        if (type instanceof FieldType.Union u) {
            return unionTextValues.computeIfAbsent(u.union(), this::unionTextValue);
        }
        return GenericTextValues.of(type, pattern, false, enumTexts(type));
    }

    /** An enum's constants' XML texts, for a value of type {@code type}; null for any other type. */
    private List<String> enumTexts(FieldType type) {
        return type instanceof FieldType.Enumeration e ? shape.enumTexts(e.name()) : null;
    }

    private TextValue<?> unionTextValue(int index) {
        UnionDescriptor descriptor = schema.unions().get(index);
        List<XmlShape.Alternative> alternatives = shape.union(descriptor.name()).alternatives();
        List<String> names = new ArrayList<>();
        List<TextValue<?>> values = new ArrayList<>();
        int[] tags = new int[alternatives.size()];
        int[] positions = new int[descriptor.alternatives().size()];
        for (int i = 0; i < alternatives.size(); i++) {
            XmlShape.Alternative alternative = alternatives.get(i);
            UnionDescriptor.Alternative described = descriptor.alternatives().get(alternative.index());
            names.add(described.name());
            FieldType type = described.type();
            values.add(GenericTextValues.of(type, alternative.pattern(), false, enumTexts(type)));
            tags[i] = alternative.index();
            positions[alternative.index()] = i;
        }
        String simpleName = descriptor.name().substring(descriptor.name().lastIndexOf('.') + 1);
        return UnionTextValue.<Object>of(simpleName, names, values,
                (i, value) -> GenericUnion.of(descriptor, tags[i], value),
                union -> positions[Views.UnionView.alternative(union)], Views.UnionView::value);
    }

    /**
     * A field's default as the generic engine has its values: its text read as the text bindings read it (a
     * {@code Long} for an integer, a {@code Float} for a {@code float32}, a constant's name for an enum), as
     * {@link GenericRecord#get} gives it where the field holds its default.
     */
    static Object defaultOf(String label, FieldDescriptor field) {
        FieldType type = field.type();
        String text = field.defaultText();
        if (type instanceof FieldType.AnyDecimal) {
            return new BigDecimal(text);
        } else if (type instanceof FieldType.AnyInteger) {
            return new BigInteger(text);
        } else if (!type.scalar()) {
            return text;
        }
        if (type instanceof FieldType.Unsigned64 && text.startsWith("-")) {
            // Written by schema compilers before this runtime as the signed long of its bits.
            text = Long.toUnsignedString(Long.parseLong(text));
        }
        return GenericTextValues.of(type, null, true).parse(text, label);
    }

    /** The alternative being read into a union's place, until it becomes a {@link GenericUnion}. */
    private static final class UnionHolder {
        int alternative = -1;
        Object value;
    }

    /**
     * The mapping of union {@code index} whose alternatives' elements default to {@code namespace}, built on first
     * use; a supplier, because a record of its alternatives may hold the union again.
     */
    private Supplier<XmlUnionMapping<Object>> unionMapping(int index, String namespace, String top) {
        List<Object> key = List.of(index, namespace, top);
        if (!unionMappings.containsKey(key)) {
            unionMappings.put(key, null);
            unionMappings.put(key, buildUnion(index, namespace, top));
        }
        return built(() -> unionMappings.get(key));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private XmlUnionMapping<Object> buildUnion(int index, String namespace, String top) {
        UnionDescriptor descriptor = schema.unions().get(index);
        List<XmlShape.Alternative> alternatives = shape.union(descriptor.name()).alternatives();
        // Reading tries the alternatives in the shape's order; a value names its alternative by its tag.
        int[] positions = new int[alternatives.size()];
        for (int i = 0; i < alternatives.size(); i++) {
            positions[alternatives.get(i).index()] = i;
        }
        String simpleName = descriptor.name().substring(descriptor.name().lastIndexOf('.') + 1);
        // The alternatives' names and types at hand, as GenericUnion.of finds them in the descriptor.
        String[] names = descriptor.alternatives().stream().map(UnionDescriptor.Alternative::name)
                .toArray(String[]::new);
        FieldType[] types = descriptor.alternatives().stream().map(UnionDescriptor.Alternative::type)
                .toArray(FieldType[]::new);
        XmlUnionMapping.Builder<Object, UnionHolder> builder = XmlUnionMapping.builder(simpleName, namespace,
                UnionHolder::new, holder -> new GenericUnion(holder.alternative, names[holder.alternative],
                        types[holder.alternative], holder.value),
                value -> value == null ? -1 : positions[Views.UnionView.alternative(value)]);
        for (XmlShape.Alternative alternative : alternatives) {
            int position = alternative.index();
            BiConsumer setter = (BiConsumer<UnionHolder, Object>) (holder, value) -> {
                holder.alternative = position;
                holder.value = value;
            };
            Function getter = (Function<Object, Object>) Views.UnionView::value;
            UnionDescriptor.Alternative described = descriptor.alternatives().get(position);
            String name = described.name();
            FieldType type = described.type();
            FieldType item = type instanceof FieldType.ListOf list ? list.element() : type;
            String own = alternative.namespace();
            String unionNamespace = null;
            if (descriptor.fromAbstract()) {
                // An extension's own namespace, when it is not the union's.
                own = own != null && !own.equals(namespace) ? own : null;
            } else if (alternative.kind() == XmlShape.Kind.UNION || alternative.kind() == XmlShape.Kind.UNIONS) {
                // No element of its own: the inner union's alternatives' elements, in this one's namespace.
                unionNamespace = own != null ? own : namespace;
                own = null;
            } else if (alternative.kind() == XmlShape.Kind.ANY) {
                // The namespaces its elements may be in, not its own.
                own = null;
            }
            switch (alternative.kind()) {
                case ANY -> {
                    builder.any(name, setter, getter);
                    if (alternative.namespace() != null) {
                        builder.anyNamespaces(alternative.namespace());
                    }
                }
                case UNION -> builder.union(name,
                        (Supplier) unionMapping(((FieldType.Union) item).union(), unionNamespace, top), setter,
                        getter);
                case UNIONS -> builder.unions(name,
                        (Supplier) unionMapping(((FieldType.Union) item).union(), unionNamespace, top), setter,
                        getter);
                case INLINE -> builder.inline(name,
                        (XmlRecordMapping) recordMapping(((FieldType.Nested) item).record(), top).get(), setter,
                        getter);
                case INLINES -> builder.inlines(name,
                        (XmlRecordMapping) recordMapping(((FieldType.Nested) item).record(), top).get(), setter,
                        getter);
                case TYPED -> builder.typed(name, alternative.element(),
                        (Supplier) unionMapping(((FieldType.Union) item).union(), namespace, top), setter, getter);
                case TYPEDS -> builder.typeds(name, alternative.element(),
                        (Supplier) unionMapping(((FieldType.Union) item).union(), namespace, top), setter, getter);
                case RECORD -> builder.record(name, alternative.element(),
                        (Supplier) recordMapping(((FieldType.Nested) item).record(), top), setter, getter);
                case RECORDS -> builder.records(name, alternative.element(),
                        (Supplier) recordMapping(((FieldType.Nested) item).record(), top), setter, getter);
                case VALUES -> builder.values(name, alternative.element(), textValue(item, alternative.pattern()),
                        setter, getter);
                default -> builder.value(name, alternative.element(), textValue(item, alternative.pattern()),
                        setter, getter);
            }
            switch (alternative.kind()) {
                case UNION, UNIONS, TYPED, TYPEDS, INLINE, INLINES, RECORD, RECORDS ->
                        builder.nested(Nested.ALTERNATIVE);
                case VALUES -> {
                    // Each item's text from its bytes, as a field's of the item's type.
                    GenericValueText text = itemText(item, alternative.pattern());
                    if (text != null) {
                        builder.valueText(text);
                    }
                }
                case ANY -> { }
                default -> {
                    // Its text from the bytes the writer's view of the union left it in (Views.unionInBytes).
                    GenericValueText text = item instanceof FieldType.Union ? null
                            : GenericValueText.of(-1, item, alternative.pattern(), enumTexts(item));
                    if (text != null) {
                        builder.valueText(text);
                    }
                }
            }
            if (own != null) {
                builder.namespace(own);
            }
            if (descriptor.fromAbstract()) {
                // What xsi:type names it by: its record's name, in its own namespace, else the one its elements
                // are in (the top record's).
                String record = schema.records().get(((FieldType.Nested) item).record()).simpleName();
                builder.typeName(record, alternative.namespace() != null ? alternative.namespace() : top);
            }
        }
        return builder.build();
    }

    /** A mapping looked up once it is built, resolved when the root being built is ({@link #root}). */
    private <M> Built<M> built(Supplier<M> lookup) {
        Built<M> built = new Built<>(lookup);
        unresolved.add(built);
        return built;
    }

    /**
     * A mapping looked up once it is built, then kept: the mapping of every nested element is asked for each time
     * one is read or written, and a lookup by its key (a list of names) cost some 6% of reading FpML's documents.
     * Each is looked up before {@link #root} returns, so that reading and writing never touch the maps, which the
     * build of another root may be changing.
     */
    private static final class Built<M> implements Supplier<M> {
        private final Supplier<M> lookup;
        private M mapping;

        Built(Supplier<M> lookup) {
            this.lookup = lookup;
        }

        /** Looks the mapping up, once its build is done. */
        void resolve() {
            if (mapping == null) {
                mapping = lookup.get();
            }
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
}
