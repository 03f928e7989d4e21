package dev.sdo.runtime.text;

import dev.sdo.runtime.text.XmlTreeReader.Position;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * How a record's fields map to the content of its element, for {@link XmlTreeBinding}: each field an attribute, a
 * child element holding a value, a child element holding a nested record's fields, or, for a list, its element
 * repeated once per item, in order. Reads into new beans ({@code B}); writes from any implementation of the
 * record's interface ({@code I}), beans and SDOs alike. Generated {@code XXml} classes build one per record.
 *
 * <p>An absent attribute or element is an absent optional field, and an error for a required one, except for
 * types whose empty text is a value ({@code char}, {@code string}, {@code bytes}). A list with no element is empty
 * (absent, when optional: XML cannot tell the two apart). An element's value text is trimmed, except a
 * {@code string}'s. Attributes are in no namespace; unknown attributes are ignored.
 *
 * @param <I> the record's interface
 * @param <B> its bean
 */
public final class XmlRecordMapping<I, B extends I> {
    private final Supplier<B> newBean;
    private final List<Member<I, B>> attributes;
    private final List<Member<I, B>> elements;
    private final String[] elementNames;

    private XmlRecordMapping(Supplier<B> newBean, List<Member<I, B>> members) {
        this.newBean = newBean;
        this.attributes = members.stream().filter(m -> m.attribute).toList();
        this.elements = members.stream().filter(m -> !m.attribute).toList();
        this.elementNames = elements.stream().map(m -> m.name).toArray(String[]::new);
    }

    /**
     * Starts the mapping of a record whose beans {@code newBean} creates; fields are added in declaration order.
     *
     * @param <I> the record's interface
     * @param <B> its bean
     */
    public static <I, B extends I> Builder<I, B> builder(Supplier<B> newBean) {
        return new Builder<>(newBean);
    }

    /**
     * Reads the record element the reader is at, up to its end tag, into a new bean.
     *
     * @param path where the record is, for messages: {@code Swap.swapStream[1]}
     */
    B read(XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
        Position at = in.position();
        B bean = newBean.get();
        for (Member<I, B> member : attributes) {
            String text = in.xml().getAttributeValue(null, member.name);
            member.finish(bean, text == null ? null : member.attribute(text, path, in, at), path, in, at);
        }
        Object[] values = new Object[elements.size()];
        int end = in.depth() - 1;
        while (true) {
            int event = in.next();
            if (in.depth() == end) {
                break;
            }
            if (event != XMLStreamConstants.START_ELEMENT) {
                continue;
            }
            int index = elementIndex(in);
            if (index < 0) {
                throw in.error(in.position(), path + ": unexpected element <" + in.xml().getLocalName()
                        + ">; its elements: " + String.join(", ", elementNames));
            }
            values[index] = elements.get(index).element(values[index], in, path);
        }
        for (int i = 0; i < values.length; i++) {
            elements.get(i).finish(bean, values[i], path, in, at);
        }
        return bean;
    }

    private int elementIndex(XmlTreeReader in) {
        if (in.inNamespace()) {
            String name = in.xml().getLocalName();
            for (int i = 0; i < elementNames.length; i++) {
                if (elementNames[i].equals(name)) {
                    return i;
                }
            }
        }
        return -1;
    }

    /**
     * Writes the record as the element {@code name}, on a new line at the writer's depth: its attributes, then its
     * child elements one level deeper; with no child element it is written empty ({@code <ref href="p1"/>}).
     *
     * @param declareNamespace whether to declare the namespace as the default one: for a document's root
     */
    void write(XmlTreeWriter out, String name, I record, FieldPath path, boolean declareNamespace)
            throws XMLStreamException {
        out.beginElement();
        if (elements.isEmpty()) {
            out.xml().writeEmptyElement("", name, out.namespace());
        } else {
            out.xml().writeStartElement("", name, out.namespace());
        }
        if (declareNamespace) {
            out.xml().writeDefaultNamespace(out.namespace());
        }
        for (Member<I, B> member : attributes) {
            member.write(out, record, path);
        }
        if (elements.isEmpty()) {
            return;
        }
        long before = out.elements();
        out.deeper();
        for (Member<I, B> member : elements) {
            member.write(out, record, path);
        }
        out.shallower();
        if (out.elements() != before) {
            out.indent();
        }
        out.xml().writeEndElement();
    }

    /** Adds the fields of a {@link XmlRecordMapping} in declaration order. */
    public static final class Builder<I, B extends I> {
        private final Supplier<B> newBean;
        private final List<Member<I, B>> members = new ArrayList<>();

        private Builder(Supplier<B> newBean) {
            this.newBean = newBean;
        }

        /** A required field as a child element holding its value. */
        public <T> Builder<I, B> value(String field, String element, TextValue<T> value,
                BiConsumer<? super B, ? super T> setter, Function<? super I, ? extends T> getter) {
            return add(new ValueMember<>(field, element, false, false, value, setter, getter));
        }

        /** An optional field as a child element holding its value, absent when the element is. */
        public <T> Builder<I, B> optionalValue(String field, String element, TextValue<T> value,
                BiConsumer<? super B, ? super T> setter, Function<? super I, ? extends T> getter) {
            return add(new ValueMember<>(field, element, false, true, value, setter, getter));
        }

        /** A required field as an attribute. */
        public <T> Builder<I, B> attribute(String field, String attribute, TextValue<T> value,
                BiConsumer<? super B, ? super T> setter, Function<? super I, ? extends T> getter) {
            return add(new ValueMember<>(field, attribute, true, false, value, setter, getter));
        }

        /** An optional field as an attribute, absent when the attribute is. */
        public <T> Builder<I, B> optionalAttribute(String field, String attribute, TextValue<T> value,
                BiConsumer<? super B, ? super T> setter, Function<? super I, ? extends T> getter) {
            return add(new ValueMember<>(field, attribute, true, true, value, setter, getter));
        }

        /** A list of values: {@code element} once per item, each holding its value. */
        public <T> Builder<I, B> values(String field, String element, TextValue<T> value,
                BiConsumer<? super B, List<T>> setter, Function<? super I, ? extends List<? extends T>> getter) {
            return add(new ValuesMember<>(field, element, false, value, setter, getter));
        }

        /** An optional list of values: absent when no {@code element} is there. */
        public <T> Builder<I, B> optionalValues(String field, String element, TextValue<T> value,
                BiConsumer<? super B, List<T>> setter, Function<? super I, ? extends List<? extends T>> getter) {
            return add(new ValuesMember<>(field, element, true, value, setter, getter));
        }

        /** A required nested record: a child element holding the nested record's fields. */
        public <C, D extends C> Builder<I, B> record(String field, String element, XmlRecordMapping<C, D> mapping,
                BiConsumer<? super B, ? super D> setter, Function<? super I, ? extends C> getter) {
            return add(new RecordMember<>(field, element, false, mapping, setter, getter));
        }

        /** An optional nested record, absent when its element is. */
        public <C, D extends C> Builder<I, B> optionalRecord(String field, String element,
                XmlRecordMapping<C, D> mapping, BiConsumer<? super B, ? super D> setter,
                Function<? super I, ? extends C> getter) {
            return add(new RecordMember<>(field, element, true, mapping, setter, getter));
        }

        /** A list of records: {@code element} once per item, each holding the item's fields. */
        public <C, D extends C> Builder<I, B> records(String field, String element, XmlRecordMapping<C, D> mapping,
                BiConsumer<? super B, List<C>> setter, Function<? super I, ? extends List<? extends C>> getter) {
            return add(new RecordsMember<>(field, element, false, mapping, setter, getter));
        }

        /** An optional list of records: absent when no {@code element} is there. */
        public <C, D extends C> Builder<I, B> optionalRecords(String field, String element,
                XmlRecordMapping<C, D> mapping, BiConsumer<? super B, List<C>> setter,
                Function<? super I, ? extends List<? extends C>> getter) {
            return add(new RecordsMember<>(field, element, true, mapping, setter, getter));
        }

        private Builder<I, B> add(Member<I, B> member) {
            members.add(member);
            return this;
        }

        /** The mapping of the fields added. */
        public XmlRecordMapping<I, B> build() {
            return new XmlRecordMapping<>(newBean, members);
        }
    }

    /**
     * One field: how its attribute or element is read into a value (or, for a list, into the items so far), how
     * that is set on the bean, and how the field is written.
     */
    private abstract static class Member<I, B> {
        final String field;
        final String name;
        final boolean attribute;
        final boolean optional;

        Member(String field, String name, boolean attribute, boolean optional) {
            this.field = field;
            this.name = name;
            this.attribute = attribute;
            this.optional = optional;
        }

        /** The value of the attribute's text. */
        Object attribute(String text, FieldPath path, XmlTreeReader in, Position at) throws TextInputException {
            throw new UnsupportedOperationException(field + " is no attribute");
        }

        /**
         * Reads the field's element the reader is at, up to its end tag.
         *
         * @param sofar what earlier elements of this field gave (null for none)
         * @return the value, or the items so far for a list
         */
        abstract Object element(Object sofar, XmlTreeReader in, FieldPath path)
                throws XMLStreamException, TextInputException;

        /** Sets the field on the bean once the record's element is read; {@code read} is null when nothing was. */
        abstract void finish(B bean, Object read, FieldPath path, XmlTreeReader in, Position at)
                throws TextInputException;

        abstract void write(XmlTreeWriter out, I record, FieldPath path) throws XMLStreamException;

        final TextInputException missing(FieldPath path, XmlTreeReader in, Position at) {
            return in.error(at, path.field(field, -1) + ": the " + (attribute ? "attribute " + name : "element <" + name
                    + ">") + " is missing; the field is required");
        }

        final TextInputException repeated(FieldPath path, XmlTreeReader in) {
            return in.error(in.position(), path.field(field, -1) + ": repeated element <" + name
                    + ">; the field is no list");
        }

        /**
         * The field's value (or list item's, {@code item} from 0) read from a text, an error placed at {@code at}.
         * The text value names the field by its name alone; the message names it by its whole path.
         */
        final <T> T parse(TextValue<T> value, String text, FieldPath path, int item, XmlTreeReader in, Position at)
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
                throw new IllegalArgumentException(path.field(field, index)
                        + e.getMessage().substring(field.length()), e);
            }
        }

        final IllegalArgumentException requiredNull(FieldPath path) {
            return new IllegalArgumentException(path.field(field, -1) + ": a required field is null");
        }
    }

    private static final class ValueMember<I, B, T> extends Member<I, B> {
        private final TextValue<T> value;
        private final BiConsumer<? super B, ? super T> setter;
        private final Function<? super I, ? extends T> getter;

        ValueMember(String field, String name, boolean attribute, boolean optional, TextValue<T> value,
                BiConsumer<? super B, ? super T> setter, Function<? super I, ? extends T> getter) {
            super(field, name, attribute, optional);
            this.value = value;
            this.setter = setter;
            this.getter = getter;
        }

        @Override
        Object attribute(String text, FieldPath path, XmlTreeReader in, Position at) throws TextInputException {
            return read(text, path, in, at);
        }

        @Override
        Object element(Object sofar, XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
            if (sofar != null) {
                throw repeated(path, in);
            }
            Position at = in.position();
            Object read = read(in.text(path, field, -1), path, in, at);
            // An empty element of an optional field is as good as none; remember that it was there.
            return read == null ? Absent.VALUE : read;
        }

        /** The value of a text, or null for an absent optional value. */
        private T read(String text, FieldPath path, XmlTreeReader in, Position at) throws TextInputException {
            if (optional && !value.hasEmptyValue() && text.isBlank()) {
                return null;
            }
            return parse(value, text, path, -1, in, at);
        }

        @Override
        @SuppressWarnings("unchecked")
        void finish(B bean, Object read, FieldPath path, XmlTreeReader in, Position at) throws TextInputException {
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
        void write(XmlTreeWriter out, I record, FieldPath path) throws XMLStreamException {
            T item = getter.apply(record);
            if (item == null) {
                if (!optional) {
                    throw requiredNull(path);
                }
                return;
            }
            String text = format(value, item, path, -1);
            if (attribute) {
                out.xml().writeAttribute(name, text);
            } else {
                out.value(name, text);
            }
        }
    }

    /** What an empty element of an optional value field reads as: present in the XML, absent as a value. */
    private enum Absent {
        VALUE
    }

    private static final class ValuesMember<I, B, T> extends Member<I, B> {
        private final TextValue<T> value;
        private final BiConsumer<? super B, List<T>> setter;
        private final Function<? super I, ? extends List<? extends T>> getter;

        ValuesMember(String field, String name, boolean optional, TextValue<T> value,
                BiConsumer<? super B, List<T>> setter, Function<? super I, ? extends List<? extends T>> getter) {
            super(field, name, false, optional);
            this.value = value;
            this.setter = setter;
            this.getter = getter;
        }

        @Override
        @SuppressWarnings("unchecked")
        Object element(Object sofar, XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
            List<T> items = sofar == null ? new ArrayList<>() : (List<T>) sofar;
            Position at = in.position();
            int item = items.size();
            items.add(parse(value, in.text(path, field, item), path, item, in, at));
            return items;
        }

        @Override
        @SuppressWarnings("unchecked")
        void finish(B bean, Object read, FieldPath path, XmlTreeReader in, Position at) {
            if (read != null || !optional) {
                setter.accept(bean, read == null ? new ArrayList<>() : (List<T>) read);
            }
        }

        @Override
        void write(XmlTreeWriter out, I record, FieldPath path) throws XMLStreamException {
            List<? extends T> items = getter.apply(record);
            if (items == null) {
                if (!optional) {
                    throw requiredNull(path);
                }
                return;
            }
            for (int i = 0; i < items.size(); i++) {
                T item = items.get(i);
                if (item == null) {
                    throw new IllegalArgumentException(path.field(field, i) + ": a list item is null");
                }
                out.value(name, format(value, item, path, i));
            }
        }
    }

    private static final class RecordMember<I, B, C, D extends C> extends Member<I, B> {
        private final XmlRecordMapping<C, D> mapping;
        private final BiConsumer<? super B, ? super D> setter;
        private final Function<? super I, ? extends C> getter;

        RecordMember(String field, String name, boolean optional, XmlRecordMapping<C, D> mapping,
                BiConsumer<? super B, ? super D> setter, Function<? super I, ? extends C> getter) {
            super(field, name, false, optional);
            this.mapping = mapping;
            this.setter = setter;
            this.getter = getter;
        }

        @Override
        Object element(Object sofar, XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
            if (sofar != null) {
                throw repeated(path, in);
            }
            return mapping.read(in, path.field(field));
        }

        @Override
        @SuppressWarnings("unchecked")
        void finish(B bean, Object read, FieldPath path, XmlTreeReader in, Position at) throws TextInputException {
            if (read == null) {
                if (!optional) {
                    throw missing(path, in, at);
                }
                return;
            }
            setter.accept(bean, (D) read);
        }

        @Override
        void write(XmlTreeWriter out, I record, FieldPath path) throws XMLStreamException {
            C nested = getter.apply(record);
            if (nested == null) {
                if (!optional) {
                    throw requiredNull(path);
                }
                return;
            }
            mapping.write(out, name, nested, path.field(field), false);
        }
    }

    private static final class RecordsMember<I, B, C, D extends C> extends Member<I, B> {
        private final XmlRecordMapping<C, D> mapping;
        private final BiConsumer<? super B, List<C>> setter;
        private final Function<? super I, ? extends List<? extends C>> getter;

        RecordsMember(String field, String name, boolean optional, XmlRecordMapping<C, D> mapping,
                BiConsumer<? super B, List<C>> setter, Function<? super I, ? extends List<? extends C>> getter) {
            super(field, name, false, optional);
            this.mapping = mapping;
            this.setter = setter;
            this.getter = getter;
        }

        @Override
        @SuppressWarnings("unchecked")
        Object element(Object sofar, XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
            List<C> items = sofar == null ? new ArrayList<>() : (List<C>) sofar;
            items.add(mapping.read(in, path.field(field).item(items.size())));
            return items;
        }

        @Override
        @SuppressWarnings("unchecked")
        void finish(B bean, Object read, FieldPath path, XmlTreeReader in, Position at) {
            if (read != null || !optional) {
                setter.accept(bean, read == null ? new ArrayList<>() : (List<C>) read);
            }
        }

        @Override
        void write(XmlTreeWriter out, I record, FieldPath path) throws XMLStreamException {
            List<? extends C> items = getter.apply(record);
            if (items == null) {
                if (!optional) {
                    throw requiredNull(path);
                }
                return;
            }
            for (int i = 0; i < items.size(); i++) {
                C item = items.get(i);
                if (item == null) {
                    throw new IllegalArgumentException(path.field(field, i) + ": a list item is null");
                }
                mapping.write(out, name, item, path.field(field).item(i), false);
            }
        }
    }
}
