package dev.sdo.runtime.text;

import dev.sdo.runtime.CorruptDataException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import javax.xml.stream.XMLStreamException;

/**
 * One field of a record (or one alternative of a union) in the XML binding: an attribute, the element's text, or a
 * particle of its content (an element holding a value or a nested record, a union's alternative element, the
 * elements of an inline record, raw XML), with how it is read into a value (or, for a list, into the items so far),
 * how that is set on the bean, and how the field is written.
 *
 * <p>Particles are read in schema order with one element of lookahead: {@link #starts} says whether the child the
 * reader is at can begin the particle, {@link #particle} reads as many elements as the particle takes and leaves the
 * reader at the next child (or at the end tag of the element whose content is read).
 *
 * @param <I> the type holding the field: the record's interface, or the union's
 * @param <B> the bean the field is set on
 */
abstract class XmlMember<I, B> {
    /** Where a field is in its record's element. */
    enum Kind {
        ATTRIBUTE,
        TEXT,
        PARTICLE
    }

    final String field;
    final String name;
    final Kind kind;
    final boolean optional;
    /** The namespace of the attribute or element; null until the mapping gives its own (elements) or none. */
    String namespace;
    /**
     * The element's or attribute's name before its field was renamed ({@code @alias}), which documents written
     * before the rename use and reading accepts; null when it was not renamed. Writing uses {@link #name}.
     */
    String formerName;
    /** The field's default: what an absent attribute or element reads as, and what is not written. */
    Object defaultValue;
    /** The field's place in the state of a record being read. */
    int slot;
    /**
     * Where a value field's text is found without its Java value ({@link XmlValueText}); null for none, and for a
     * field with a default.
     */
    XmlValueText<Object> valueText;
    /** The name and namespace with their bytes, for writing; made by {@link #settleNames}. */
    XmlName xmlName;
    /**
     * Where a nested field's value (a record, a list, a union) is found as a view rather than a new object
     * ({@link XmlNested}); null for the getter's way.
     */
    XmlNested<Object> nested;
    /**
     * For an optional field, whether a record holds nothing of it to write, told without the value (its presence
     * bit, say); null to ask the member ({@link #writeAttribute}, {@link #writeParticle}), which a record's write
     * then calls for it. A large schema's records leave most of their optional fields out.
     */
    Predicate<Object> absent;
    /**
     * Whether the particle begins at its own element only ({@link #name}, or {@link #formerName}), and a child by
     * another name leaves it as it was: true but for inline records, unions and raw XML, which begin at the elements
     * of what they hold. What lets a record's read pass over an absent element without a virtual call
     * ({@link #passesOver}, {@link #begins}), the most frequent step of reading a schema of many optional elements.
     */
    private final boolean ownElement;

    XmlMember(String field, String name, Kind kind, boolean optional) {
        this.field = field;
        // Interned, as StAX parsers' names are: a match is then one comparison of references (XmlTreeReader.is).
        this.name = name.intern();
        this.kind = kind;
        this.optional = optional;
        this.ownElement = !(this instanceof Inline || this instanceof Union || this instanceof Any);
    }

    /** The attribute's value, from its text. */
    Object readAttribute(String text, XmlTreeReader in, FieldPath path, long at) throws TextInputException {
        throw new UnsupportedOperationException(field + " is no attribute");
    }

    /**
     * Gives the member {@code namespace} unless it has its own, and interns its namespace and former name as its
     * name is: what the mappings' builders call once all is said.
     */
    void settleNames(String namespace) {
        this.namespace = (this.namespace != null ? this.namespace : namespace).intern();
        this.xmlName = new XmlName(name, this.namespace);
        if (formerName != null) {
            formerName = formerName.intern();
        }
    }

    /** Whether the child element the reader is at can begin this particle. */
    boolean starts(XmlTreeReader in) {
        return startsByName(in);
    }

    /** {@link #starts}, tested here where the particle begins at its own element only: no call for a mismatch. */
    final boolean begins(XmlTreeReader in) {
        return ownElement ? startsByName(in) : starts(in);
    }

    /** {@link #startsDirectly}, as {@link #begins} tests {@link #starts}. */
    final boolean beginsDirectly(XmlTreeReader in) {
        return ownElement ? startsByName(in) : startsDirectly(in);
    }

    /**
     * Whether a record's read may pass over this particle at the child the reader is at without a call to
     * {@link #particle}: it begins at its own element only, and the child is not that element, so it would read
     * nothing. (An inline record that holds attributes makes its state whatever the child.)
     */
    final boolean passesOver(XmlTreeReader in) {
        return ownElement && !startsByName(in);
    }

    /** Whether the child element the reader is at is this particle's own element. */
    private boolean startsByName(XmlTreeReader in) {
        return in.is(name, namespace) || formerName != null && in.is(formerName, namespace);
    }

    /**
     * Whether the child element the reader is at begins this particle outright, not after particles that may be
     * absent: what picks a union's alternative when the element could begin two (XML Schema allows that where
     * the first of them is a required list, which a schema's {@code list} does not say).
     */
    boolean startsDirectly(XmlTreeReader in) {
        return starts(in);
    }

    /** Whether the particle may take no element at all. */
    boolean nullable() {
        return optional || defaultValue != null;
    }

    /**
     * Reads the elements of this particle that the reader is at, if any, leaving it at the next child.
     *
     * @param sofar what the field holds so far (null for nothing; for a required inline record, its state)
     * @return what the field holds now
     */
    Object particle(Object sofar, XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
        throw new UnsupportedOperationException(field + " is no particle");
    }

    /** Sets the field on the bean once the element is read; {@code read} is null when nothing was. */
    abstract void finish(B bean, Object read, FieldPath path, XmlTreeReader in, long at) throws TextInputException;

    /** Whether {@code record} holds nothing of this field to write, as {@link #absent} tells; false when unknown. */
    final boolean absentFrom(Object record) {
        return absent != null && absent.test(record);
    }

    /** Writes the field as an attribute of the element just started. */
    void writeAttribute(XmlTreeWriter out, I record, FieldPath path) throws XMLStreamException {}

    /** Writes the field's elements (or text) into the element being written. */
    void writeParticle(XmlTreeWriter out, I record, FieldPath path) throws XMLStreamException {}

    /** Whether the field is a list, which takes its particle repeated. */
    boolean repeats() {
        return false;
    }

    /**
     * Whether {@link #finish} does anything for a field that read nothing: it does for a required field, a list (an
     * absent one is empty) and a field with a default; an optional field without one stays absent, and a record's
     * read makes no call for it (for most of a large schema's fields).
     */
    boolean finishesAbsent() {
        return !optional || repeats() || defaultValue != null;
    }

    /** Adds the names of the elements that may begin this particle, for messages. */
    void elementNames(List<String> names) {
        names.add(name);
    }

    final TextInputException missing(FieldPath path, XmlTreeReader in, long at) {
        return in.error(at, path.field(field, -1) + ": the " + (kind == Kind.ATTRIBUTE ? "attribute " + name
                : kind == Kind.TEXT ? "text" : "element <" + name + ">") + " is missing; the field is required");
    }

    /** The error for an element that begins this particle again after it was read: it is no list. */
    final TextInputException repeated(FieldPath path, XmlTreeReader in) {
        return in.error(in.position(), path.field(field, -1) + ": repeated element <"
                + in.xml().getLocalName() + ">; the field is no list" + (formerName == null ? ""
                        : " (<" + name + "> and <" + formerName + ">, its name before the field was renamed with"
                                + " @alias, both stand for it)"));
    }

    /**
     * The field's value (or list item's, {@code item} from 0) read from a text, an error placed at {@code at}.
     * The text value names the field by its name alone; the message names it by its whole path.
     */
    final <T> T parse(TextValue<T> value, String text, FieldPath path, int item, XmlTreeReader in, long at)
            throws TextInputException {
        try {
            return value.parse(text, field);
        } catch (TextValueException e) {
            throw in.error(at, path.field(field, item) + e.getMessage().substring(field.length()));
        }
    }

    /** The text of a value (or list item), a value the field cannot hold named by its whole path. */
    final <T> String format(TextValue<T> value, T item, FieldPath path, int index) {
        try {
            return value.format(item, field);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(path.field(field, index) + e.getMessage().substring(field.length()), e);
        }
    }

    /** The nested field's value in {@code record}: through {@link #nested} where set, else the getter's. */
    final Object nestedValue(XmlTreeWriter out, I record, FieldPath path, Function<? super I, ?> getter) {
        return nested != null ? nested.value(record, out.views(), path.depth() + 1) : getter.apply(record);
    }

    /** Item {@code index} of a nested list field's value, as {@link #nestedValue}. */
    final Object nestedItem(XmlTreeWriter out, List<?> items, int index, FieldPath path) {
        return nested != null ? nested.item(items, index, out.views(), path.depth() + 2) : items.get(index);
    }

    final IllegalArgumentException requiredNull(FieldPath path) {
        return new IllegalArgumentException(path.field(field, -1) + ": a required field is null");
    }

    /** Whether a value of the field is left out when written: null (absent) or its default. */
    final boolean leftOut(Object value, FieldPath path) {
        if (value == null) {
            if (!optional && defaultValue == null) {
                throw requiredNull(path);
            }
            return true;
        }
        return defaultValue != null && sameValue(value, defaultValue);
    }

    private static boolean sameValue(Object value, Object defaultValue) {
        if (value instanceof java.math.BigDecimal a && defaultValue instanceof java.math.BigDecimal b) {
            return a.compareTo(b) == 0;
        }
        return Objects.equals(value, defaultValue);
    }

    /** What an empty element of an optional value field reads as: present in the XML, absent as a value. */
    enum Absent {
        VALUE
    }

    /** A value: an attribute, the element's text, or a child element holding it. */
    static final class Value<I, B, T> extends XmlMember<I, B> {
        private final TextValue<T> value;
        private final BiConsumer<? super B, ? super T> setter;
        private final Function<? super I, ? extends T> getter;
        /** Whether the value is an id or a reference to one, which the read of its record checks. */
        XmlIdentity identity = XmlIdentity.NONE;

        Value(String field, String name, Kind kind, boolean optional, TextValue<T> value,
                BiConsumer<? super B, ? super T> setter, Function<? super I, ? extends T> getter) {
            super(field, name, kind, optional);
            this.value = value;
            this.setter = setter;
            this.getter = getter;
        }

        @Override
        Object readAttribute(String text, XmlTreeReader in, FieldPath path, long at) throws TextInputException {
            return read(text, path, in, at);
        }

        @Override
        Object particle(Object sofar, XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
            if (!starts(in)) {
                return sofar;
            }
            if (sofar != null) {
                return sofar;
            }
            Object read = text(in, path);
            in.advance(path);
            return read;
        }

        /** The value of the element (or text) the reader is at, which it reads to its end tag. */
        Object text(XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
            long at = in.position();
            Object read = read(in.text(path, field, -1, at), path, in, at);
            // An empty element of an optional field is as good as none; remember that it was there.
            return read == null ? Absent.VALUE : read;
        }

        /** The value of a text, or null for an absent optional value. */
        private T read(String text, FieldPath path, XmlTreeReader in, long at) throws TextInputException {
            if ((optional || defaultValue != null) && !value.hasEmptyValue() && text.isBlank()) {
                return null;
            }
            T read = parse(value, text, path, -1, in, at);
            if (identity != XmlIdentity.NONE) {
                in.identity(identity, (String) read, at, path, field);
            }
            return read;
        }

        @Override
        @SuppressWarnings("unchecked")
        void finish(B bean, Object read, FieldPath path, XmlTreeReader in, long at) throws TextInputException {
            if ((read == null || read == Absent.VALUE) && defaultValue != null) {
                setter.accept(bean, (T) defaultValue);
                return;
            }
            if (read == null && !optional) {
                if (!value.hasEmptyValue()) {
                    throw missing(path, in, at);
                }
                read = parse(value, "", path, -1, in, at);
            }
            if (read != null && read != Absent.VALUE) {
                setter.accept(bean, (T) read);
            }
        }

        @Override
        void writeAttribute(XmlTreeWriter out, I record, FieldPath path) throws XMLStreamException {
            if (valueText != null) {
                XmlText text = out.text();
                int given = valueText.text(record, text);
                if (given > 0) {
                    out.attribute(xmlName, text, given);
                    return;
                } else if (given == XmlValueText.ABSENT && optional || given == XmlValueText.DEFAULT) {
                    return;
                }
            }
            T item = getter.apply(record);
            if (!leftOut(item, path)) {
                out.attribute(xmlName, format(value, item, path, -1));
            }
        }

        @Override
        void writeParticle(XmlTreeWriter out, I record, FieldPath path) throws XMLStreamException {
            if (valueText != null) {
                XmlText text = out.text();
                int given = valueText.text(record, text);
                if (given > 0) {
                    if (kind == Kind.TEXT) {
                        out.characters(text, given);
                    } else {
                        out.value(xmlName, text, given);
                    }
                    return;
                } else if (given == XmlValueText.ABSENT && optional || given == XmlValueText.DEFAULT) {
                    return;
                }
            }
            T item = getter.apply(record);
            if (kind == Kind.TEXT) {
                if (item != null) {
                    out.characters(format(value, item, path, -1));
                } else if (!optional) {
                    throw requiredNull(path);
                }
            } else if (!leftOut(item, path)) {
                out.value(xmlName, format(value, item, path, -1));
            }
        }
    }

    /** A list of values: its element once per item, each holding its value. */
    static final class Values<I, B, T> extends XmlMember<I, B> {
        private final TextValue<T> value;
        private final BiConsumer<? super B, List<T>> setter;
        private final Function<? super I, ? extends List<? extends T>> getter;

        Values(String field, String name, boolean optional, TextValue<T> value, BiConsumer<? super B, List<T>> setter,
                Function<? super I, ? extends List<? extends T>> getter) {
            super(field, name, Kind.PARTICLE, optional);
            this.value = value;
            this.setter = setter;
            this.getter = getter;
        }

        @Override
        boolean repeats() {
            return true;
        }

        @Override
        boolean nullable() {
            return true;
        }

        @Override
        @SuppressWarnings("unchecked")
        Object particle(Object sofar, XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
            List<T> items = (List<T>) sofar;
            while (starts(in)) {
                if (items == null) {
                    items = new ArrayList<>();
                }
                long at = in.position();
                int item = items.size();
                items.add(parse(value, in.text(path, field, item, at), path, item, in, at));
                in.advance(path);
            }
            return items;
        }

        @Override
        @SuppressWarnings("unchecked")
        void finish(B bean, Object read, FieldPath path, XmlTreeReader in, long at) {
            if (read != null || !optional) {
                setter.accept(bean, read == null ? new ArrayList<>() : (List<T>) read);
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        void writeParticle(XmlTreeWriter out, I record, FieldPath path) throws XMLStreamException {
            List<? extends T> items = (List<? extends T>) nestedValue(out, record, path, getter);
            if (leftOut(items, path)) {
                return;
            }
            XmlValueText<Object> itemText = valueText;
            for (int i = 0; i < items.size(); i++) {
                if (itemText != null) {
                    XmlText text = out.text();
                    int given = itemText.itemText(items, i, text);
                    if (given > 0) {
                        out.value(xmlName, text, given);
                        continue;
                    }
                }
                T item = items.get(i);
                if (item == null) {
                    throw new IllegalArgumentException(path.field(field, i) + ": a list item is null");
                }
                out.value(xmlName, format(value, item, path, i));
            }
        }
    }

    /**
     * A nested value under a child element of its own, or, as a list, that element once per item: what reading and
     * writing one element is, its subclasses say; absence, lists and their errors are handled here once.
     *
     * @param <V> the value one element holds
     */
    abstract static class Element<I, B, V> extends XmlMember<I, B> {
        final boolean list;
        final Function<? super I, ?> getter;
        private final BiConsumer<? super B, Object> setter;

        @SuppressWarnings("unchecked")
        Element(String field, String name, boolean optional, boolean list, BiConsumer<? super B, ?> setter,
                Function<? super I, ?> getter) {
            super(field, name, Kind.PARTICLE, optional);
            this.list = list;
            this.setter = (BiConsumer<? super B, Object>) setter;
            this.getter = getter;
        }

        /** Reads the element the reader is at, up to its end tag. */
        abstract V readOne(XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException;

        /** Writes {@code value} as one element. */
        abstract void writeOne(XmlTreeWriter out, V value, FieldPath path) throws XMLStreamException;

        @Override
        boolean repeats() {
            return list;
        }

        @Override
        boolean nullable() {
            return optional || list;
        }

        @Override
        @SuppressWarnings("unchecked")
        Object particle(Object sofar, XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
            if (!list) {
                if (sofar != null || !starts(in)) {
                    return sofar;
                }
                V read = readOne(in, in.field(path, field));
                in.advance(path);
                return read;
            }
            List<V> items = (List<V>) sofar;
            while (starts(in)) {
                if (items == null) {
                    items = new ArrayList<>();
                }
                items.add(readOne(in, in.item(in.field(path, field), items.size())));
                in.advance(path);
            }
            return items;
        }

        @Override
        void finish(B bean, Object read, FieldPath path, XmlTreeReader in, long at) throws TextInputException {
            if (list) {
                if (read != null || !optional) {
                    setter.accept(bean, read == null ? new ArrayList<>() : read);
                }
            } else if (read != null) {
                setter.accept(bean, read);
            } else if (!optional) {
                throw missing(path, in, at);
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        void writeParticle(XmlTreeWriter out, I record, FieldPath path) throws XMLStreamException {
            Object value = nestedValue(out, record, path, getter);
            if (leftOut(value, path)) {
                return;
            }
            if (!list) {
                writeOne(out, (V) value, out.field(path, field));
                return;
            }
            List<?> items = (List<?>) value;
            for (int i = 0; i < items.size(); i++) {
                V item = (V) nestedItem(out, items, i, path);
                if (item == null) {
                    throw new IllegalArgumentException(path.field(field, i) + ": a list item is null");
                }
                writeOne(out, item, out.item(out.field(path, field), i));
            }
        }
    }

    /** A nested record: a child element holding its fields; or, as a list, that element once per item. */
    static final class Record<I, B, C, D extends C> extends Element<I, B, C> {
        /** Looked up on first use: the mapping of a record that holds itself is built after this member. */
        private final Supplier<XmlRecordMapping<C, D>> mapping;

        Record(String field, String name, boolean optional, boolean list, Supplier<XmlRecordMapping<C, D>> mapping,
                BiConsumer<? super B, ?> setter, Function<? super I, ?> getter) {
            super(field, name, optional, list, setter, getter);
            this.mapping = mapping;
        }

        @Override
        C readOne(XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
            return mapping.get().read(in, path);
        }

        @Override
        void writeOne(XmlTreeWriter out, C value, FieldPath path) throws XMLStreamException {
            mapping.get().write(out, xmlName, value, path, false);
        }

        /**
         * Reads the element the reader is at, whatever its name, as this record (an abstract record's extension that
         * an element of its holder's holds, named by its {@code xsi:type}), up to its end tag.
         */
        Object readElement(XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
            return mapping.get().read(in, in.field(path, field));
        }

        /** Writes the record {@code holder} holds as the element {@code element}, its {@code xsi:type} {@code type}. */
        @SuppressWarnings("unchecked")
        void writeTyped(XmlTreeWriter out, XmlName element, XmlName type, I holder, FieldPath path)
                throws XMLStreamException {
            C value = (C) nestedValue(out, holder, path, getter);
            mapping.get().write(out, element, value, out.field(path, field), false, type);
        }
    }

    /**
     * An abstract record under an element of its own ({@code @xml(typed = true)}): the element's {@code xsi:type}
     * names the concrete extension whose fields it holds (XML Schema's type substitution); as a list, that element
     * once per item, each naming its own.
     */
    static final class Typed<I, B, U> extends Element<I, B, U> {
        /** The abstract record's extensions, with their type names; looked up on first use, as a union's. */
        private final Supplier<XmlUnionMapping<U>> mapping;

        Typed(String field, String name, boolean optional, boolean list, Supplier<XmlUnionMapping<U>> mapping,
                BiConsumer<? super B, ?> setter, Function<? super I, ?> getter) {
            super(field, name, optional, list, setter, getter);
            this.mapping = mapping;
        }

        @Override
        U readOne(XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
            return mapping.get().readTyped(in, path);
        }

        @Override
        void writeOne(XmlTreeWriter out, U value, FieldPath path) throws XMLStreamException {
            mapping.get().writeTyped(out, xmlName, value, path);
        }
    }

    /**
     * A nested record bound inline ({@code @xml(inline = true)}): its elements (and, when required, its attributes)
     * appear directly in the holder's element; as a list, its elements once per item.
     */
    static final class Inline<I, B, C, D extends C> extends XmlMember<I, B> {
        final XmlRecordMapping<C, D> mapping;
        private final boolean list;
        private final BiConsumer<? super B, Object> setter;
        private final Function<? super I, ?> getter;

        @SuppressWarnings("unchecked")
        Inline(String field, boolean optional, boolean list, XmlRecordMapping<C, D> mapping,
                BiConsumer<? super B, ?> setter, Function<? super I, ?> getter) {
            super(field, field, Kind.PARTICLE, optional);
            this.mapping = mapping;
            this.list = list;
            this.setter = (BiConsumer<? super B, Object>) setter;
            this.getter = getter;
        }

        /** Whether its attributes are the holder's: a required, single record. */
        boolean holdsAttributes() {
            return !optional && !list;
        }

        @Override
        boolean repeats() {
            return list;
        }

        @Override
        boolean starts(XmlTreeReader in) {
            return mapping.starts(in);
        }

        @Override
        boolean startsDirectly(XmlTreeReader in) {
            return mapping.startsDirectly(in);
        }

        @Override
        boolean nullable() {
            return optional || list || mapping.nullable();
        }

        @Override
        @SuppressWarnings("unchecked")
        Object particle(Object sofar, XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
            if (holdsAttributes()) {
                Object[] state = sofar == null ? mapping.newState() : (Object[]) sofar;
                mapping.readParticles(in, in.field(path, field), state);
                return state;
            }
            if (!list) {
                if (!mapping.starts(in)) {
                    return sofar;
                }
                Object[] state = mapping.newState();
                mapping.readParticles(in, in.field(path, field), state);
                return state;
            }
            List<Object[]> items = (List<Object[]>) sofar;
            while (mapping.starts(in)) {
                if (items == null) {
                    items = new ArrayList<>();
                }
                Object[] state = mapping.newState();
                mapping.readParticles(in, in.item(in.field(path, field), items.size()), state);
                items.add(state);
            }
            return items;
        }

        @Override
        @SuppressWarnings("unchecked")
        void finish(B bean, Object read, FieldPath path, XmlTreeReader in, long at) throws TextInputException {
            if (list) {
                List<C> items = new ArrayList<>();
                if (read != null) {
                    List<Object[]> states = (List<Object[]>) read;
                    for (int i = 0; i < states.size(); i++) {
                        items.add(mapping.build(states.get(i), in.item(in.field(path, field), i), in, at));
                    }
                }
                if (read != null || !optional) {
                    setter.accept(bean, items);
                }
            } else if (read != null) {
                setter.accept(bean, mapping.build((Object[]) read, in.field(path, field), in, at));
            } else if (!optional) {
                setter.accept(bean, mapping.build(mapping.newState(), in.field(path, field), in, at));
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        void writeAttribute(XmlTreeWriter out, I record, FieldPath path) throws XMLStreamException {
            Object value = nestedValue(out, record, path, getter);
            if (holdsAttributes() && value != null) {
                mapping.writeAttributes(out, (C) value, out.field(path, field));
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        void writeParticle(XmlTreeWriter out, I record, FieldPath path) throws XMLStreamException {
            Object value = nestedValue(out, record, path, getter);
            if (leftOut(value, path)) {
                return;
            }
            if (!list) {
                mapping.writeParticles(out, (C) value, out.field(path, field));
                return;
            }
            List<? extends C> items = (List<? extends C>) value;
            for (int i = 0; i < items.size(); i++) {
                C item = (C) nestedItem(out, items, i, path);
                if (item == null) {
                    throw new IllegalArgumentException(path.field(field, i) + ": a list item is null");
                }
                mapping.writeParticles(out, item, out.item(out.field(path, field), i));
            }
        }

        @Override
        void elementNames(List<String> names) {
            mapping.firstElementNames(names);
        }
    }

    /**
     * A union: no element of its own; the element of the alternative present stands in its place, and picks the
     * alternative on reading. As a list, the alternatives' elements repeated, in any mix.
     */
    static final class Union<I, B, U> extends XmlMember<I, B> {
        /** Looked up on first use: a union that a record of its own alternatives holds is built after this member. */
        private final Supplier<XmlUnionMapping<U>> mapping;
        private final boolean list;
        private final BiConsumer<? super B, Object> setter;
        private final Function<? super I, ?> getter;

        @SuppressWarnings("unchecked")
        Union(String field, boolean optional, boolean list, Supplier<XmlUnionMapping<U>> mapping,
                BiConsumer<? super B, ?> setter, Function<? super I, ?> getter) {
            super(field, field, Kind.PARTICLE, optional);
            this.mapping = mapping;
            this.list = list;
            this.setter = (BiConsumer<? super B, Object>) setter;
            this.getter = getter;
        }

        @Override
        boolean repeats() {
            return list;
        }

        @Override
        boolean starts(XmlTreeReader in) {
            return mapping.get().starts(in);
        }

        @Override
        boolean startsDirectly(XmlTreeReader in) {
            return mapping.get().startsDirectly(in);
        }

        @Override
        boolean nullable() {
            return optional || list;
        }

        @Override
        @SuppressWarnings("unchecked")
        Object particle(Object sofar, XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
            if (!list) {
                if (sofar != null || !mapping.get().starts(in)) {
                    return sofar;
                }
                return mapping.get().read(in, in.field(path, field));
            }
            List<U> items = (List<U>) sofar;
            while (mapping.get().starts(in)) {
                if (items == null) {
                    items = new ArrayList<>();
                }
                items.add(mapping.get().read(in, in.item(in.field(path, field), items.size())));
            }
            return items;
        }

        @Override
        void finish(B bean, Object read, FieldPath path, XmlTreeReader in, long at) throws TextInputException {
            if (list) {
                if (read != null || !optional) {
                    setter.accept(bean, read == null ? new ArrayList<>() : read);
                }
            } else if (read != null) {
                setter.accept(bean, read);
            } else if (!optional) {
                throw in.error(at, path.field(field, -1) + ": none of the elements " + mapping.get().describeElements()
                        + " is there; the union " + mapping.get().union() + " is required");
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        void writeParticle(XmlTreeWriter out, I record, FieldPath path) throws XMLStreamException {
            Object value = nestedValue(out, record, path, getter);
            if (leftOut(value, path)) {
                return;
            }
            if (!list) {
                mapping.get().write(out, (U) value, out.field(path, field));
                return;
            }
            List<? extends U> items = (List<? extends U>) value;
            for (int i = 0; i < items.size(); i++) {
                U item = (U) nestedItem(out, items, i, path);
                if (item == null) {
                    throw new IllegalArgumentException(path.field(field, i) + ": a list item is null");
                }
                mapping.get().write(out, item, out.item(out.field(path, field), i));
            }
        }

        @Override
        void elementNames(List<String> names) {
            mapping.get().elementNames(names);
        }
    }

    /**
     * Raw XML the schema does not describe ({@code @xml(any = true)}): one element (per item, for a list) that no
     * field after it can begin, kept as text; or, as the record's only content, all of it, text and elements
     * (XML Schema's mixed content).
     */
    static final class Any<I, B> extends XmlMember<I, B> {
        private final boolean list;
        private final BiConsumer<? super B, Object> setter;
        private final Function<? super I, ?> getter;
        /** The particles after this one in its record, which an element must not begin to be taken as raw XML. */
        List<XmlMember<?, ?>> followers = List.of();
        /** Whether it holds the whole content of its record's element. */
        boolean content;
        /** The namespaces its elements may be in, as {@code @xml(namespace)} of the field says; null for any. */
        String constraint;
        /** {@link #constraint}, settled against the namespace of its record or union. */
        private AnyNamespaces accepted = AnyNamespaces.ALL;

        @SuppressWarnings("unchecked")
        Any(String field, boolean optional, boolean list, BiConsumer<? super B, ?> setter, Function<? super I, ?> getter) {
            super(field, field, Kind.PARTICLE, optional);
            this.list = list;
            this.setter = (BiConsumer<? super B, Object>) setter;
            this.getter = getter;
        }

        boolean list() {
            return list;
        }

        /** Gives {@code member}, which must be raw XML, the namespace constraint {@code constraint}, checked now. */
        static void constrain(XmlMember<?, ?> member, String constraint) {
            if (!(member instanceof Any<?, ?> any)) {
                throw new IllegalStateException(member.field + " is no raw XML");
            }
            AnyNamespaces.of(constraint, "");
            any.constraint = constraint;
        }

        @Override
        boolean startsDirectly(XmlTreeReader in) {
            return false;
        }

        @Override
        boolean repeats() {
            return list;
        }

        /** Settles its namespace constraint too: {@code ##other} and {@code ##targetNamespace} are relative to it. */
        @Override
        void settleNames(String namespace) {
            super.settleNames(namespace);
            accepted = constraint == null ? AnyNamespaces.ALL : AnyNamespaces.of(constraint, this.namespace);
        }

        @Override
        boolean starts(XmlTreeReader in) {
            if (!in.atChild() || !accepted.accepts(in.namespaceUri())) {
                return false;
            }
            for (XmlMember<?, ?> follower : followers) {
                if (follower.begins(in)) {
                    return false;
                }
                if (!follower.nullable()) {
                    break;
                }
            }
            return true;
        }

        @Override
        boolean nullable() {
            return optional || list;
        }

        /** The whole content of the record's element the reader is at, up to its end tag; null when empty. */
        Object content(XmlTreeReader in) throws XMLStreamException {
            String text = XmlFragment.content(in);
            return text.isEmpty() ? null : text;
        }

        @Override
        @SuppressWarnings("unchecked")
        Object particle(Object sofar, XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
            if (!list) {
                if (!starts(in)) {
                    return sofar;
                }
                String read = XmlFragment.element(in);
                in.advance(path);
                return read;
            }
            List<String> items = (List<String>) sofar;
            while (starts(in)) {
                if (items == null) {
                    items = new ArrayList<>();
                }
                items.add(XmlFragment.element(in));
                in.advance(path);
            }
            return items;
        }

        @Override
        void finish(B bean, Object read, FieldPath path, XmlTreeReader in, long at) throws TextInputException {
            if (list) {
                if (read != null || !optional) {
                    setter.accept(bean, read == null ? new ArrayList<>() : read);
                }
            } else if (read != null) {
                setter.accept(bean, read);
            } else if (!optional) {
                if (!content) {
                    throw in.error(at, path.field(field, -1) + ": an element is missing; the field is required");
                }
                setter.accept(bean, "");
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        void writeParticle(XmlTreeWriter out, I record, FieldPath path) throws XMLStreamException {
            Object value = getter.apply(record);
            if (leftOut(value, path)) {
                return;
            }
            if (content) {
                XmlFragment.write(out, (String) value, path.field(field, -1));
                return;
            }
            List<?> items = list ? (List<?>) value : List.of(value);
            for (int i = 0; i < items.size(); i++) {
                Object item = items.get(i);
                if (item == null) {
                    throw new IllegalArgumentException(path.field(field, i) + ": a list item is null");
                }
                out.beginElement();
                XmlFragment.write(out, (String) item, path.field(field, list ? i : -1));
            }
        }

        @Override
        void elementNames(List<String> names) {
            names.add("(any element" + accepted.describe() + ")");
        }
    }

    /**
     * A fixed-width value read straight into a record's bits and written from them ({@link TextField}), for the
     * records of values that {@link XmlBinding} reads into and writes from a {@code RecordStore}: an attribute or a
     * child element. Its text is trimmed; an absent one reads as the empty text, which is an absent optional field,
     * the empty value of a type that has one, or else an error. A bad value is reported where its element (or, for
     * an attribute, the record's) starts, as the field's own message and where it is:
     * {@code P.count: "300" is out of range; allowed: 0..255 (element <count>)}.
     */
    static final class Bits extends XmlMember<XmlBits, XmlBits> {
        private final TextField value;

        /** @param field the field's name, which follows the record's in messages */
        Bits(String field, String name, boolean attribute, TextField value) {
            super(field, name, attribute ? Kind.ATTRIBUTE : Kind.PARTICLE, value.optional());
            this.value = value;
        }

        /** A value element's text, and where its element starts. */
        private record Located(String text, long at) {}

        @Override
        Object readAttribute(String text, XmlTreeReader in, FieldPath path, long at) {
            return text;
        }

        @Override
        Object particle(Object sofar, XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
            if (sofar != null || !starts(in)) {
                return sofar;
            }
            long at = in.position();
            Located read = new Located(in.text(path, field, -1, at), at);
            in.advance(path);
            return read;
        }

        /** Always: the value reads an absent element's text as its own absence, into the record's bits. */
        @Override
        boolean finishesAbsent() {
            return true;
        }

        @Override
        void finish(XmlBits bean, Object read, FieldPath path, XmlTreeReader in, long at) throws TextInputException {
            String text = read == null ? "" : read instanceof Located located ? located.text() : (String) read;
            byte[] bytes = text.strip().getBytes(StandardCharsets.UTF_8);
            try {
                value.read(bytes, 0, bytes.length, bean.chunk, bean.base);
            } catch (TextValueException e) {
                throw in.error(read instanceof Located located ? located.at() : at, e.getMessage() + " ("
                        + (kind == Kind.ATTRIBUTE ? "attribute " + name : "element <" + name + ">") + ")");
            }
        }

        /** The value's text in {@code out}'s text, as characters; false when the value is absent. */
        private boolean text(XmlTreeWriter out, XmlBits record) {
            if (!value.present(record.chunk, record.base)) {
                return false;
            }
            StringBuilder builder = out.text().builder;
            builder.setLength(0);
            try {
                value.write(record.chunk, record.base, builder);
            } catch (CorruptDataException e) {
                throw new CorruptDataException("record " + record.index + " (counted from 0): " + e.getMessage());
            }
            XmlText text = out.text();
            int length = builder.length();
            builder.getChars(0, length, text.ensure(length), 0);
            text.length = length;
            return true;
        }

        @Override
        void writeAttribute(XmlTreeWriter out, XmlBits record, FieldPath path) throws XMLStreamException {
            if (text(out, record)) {
                out.attribute(xmlName, out.text(), XmlValueText.CHARS);
            }
        }

        @Override
        void writeParticle(XmlTreeWriter out, XmlBits record, FieldPath path) throws XMLStreamException {
            if (text(out, record)) {
                out.value(xmlName, out.text(), XmlValueText.CHARS);
            }
        }
    }
}
