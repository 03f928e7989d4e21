package dev.sdo.runtime.text;

import dev.sdo.runtime.text.XmlMember.Kind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * How a union's alternatives map to elements, for {@link XmlRecordMapping}: a union has no element of its own; the
 * element of the alternative present stands in its place (a value's element, a record's element, a list's element
 * repeated, or an inline record's elements), and the element met on reading picks the alternative (XML Schema's
 * choices and substitution groups; an alternative that is a union in turn is picked by its own alternatives'
 * elements). Generated {@code XXml} classes build one per union (and per namespace its
 * alternatives default to), and so does {@code sdoc}'s binding built from a schema alone.
 *
 * <p>A declared union reads into its bean and writes the alternative its {@code which()} names; the union of an
 * abstract record's extensions reads into the concrete record's bean and writes the most derived alternative the
 * value is an instance of. Where an element of its holder's holds the abstract record instead
 * ({@code @xml(typed = true)}, {@link #readTyped}), that element's {@code xsi:type} names the extension by its
 * {@linkplain Builder#typeName type name}.
 *
 * @param <U> the union's Java type: its interface, or the abstract record's
 */
public final class XmlUnionMapping<U> implements Supplier<XmlUnionMapping<U>> {
    private final String union;
    private final List<XmlMember<U, Object>> alternatives;
    private final Supplier<Object> newHolder;
    private final Function<Object, U> value;
    private final ToIntFunction<U> which;
    /** The alternatives as an array, for the loops of every union read or written. */
    private final XmlMember<U, Object>[] alternativeArray;
    /**
     * The XML Schema type of each alternative, an abstract record's extension, as {@code xsi:type} names it where
     * an element of the holder's holds the abstract record ({@link XmlMember.Typed}); null where none is given.
     */
    private final XmlName[] typeNames;

    @SuppressWarnings("unchecked")
    private XmlUnionMapping(String union, List<XmlMember<U, Object>> alternatives, List<XmlName> typeNames,
            Supplier<Object> newHolder, Function<Object, U> value, ToIntFunction<U> which) {
        this.union = union;
        this.typeNames = typeNames.toArray(XmlName[]::new);
        this.alternatives = List.copyOf(alternatives);
        this.newHolder = newHolder;
        this.value = value;
        this.which = which;
        this.alternativeArray = this.alternatives.toArray(XmlMember[]::new);
    }

    /**
     * This mapping. A union field takes a supplier of its mapping, so that a union whose alternatives hold it again
     * can be named before it is built, as {@code () -> BasketXml.UNDERLYING_ASSET_UNION}; any other passes the
     * mapping itself.
     */
    @Override
    public XmlUnionMapping<U> get() {
        return this;
    }

    /**
     * Starts the mapping of a declared union; alternatives are added in tag order, each exactly once.
     *
     * @param union the union's name, for messages
     * @param namespace the namespace of the alternatives' elements unless one says otherwise
     * @param newBean creates the union's bean
     * @param which the alternative a value holds, null for none: the union's {@code which()}
     * @param <U> the union's interface
     * @param <V> its bean
     */
    public static <U, V extends U> Builder<U, V> builder(String union, String namespace, Supplier<V> newBean,
            Function<? super U, ? extends Enum<?>> which) {
        return new Builder<>(union, namespace, newBean, bean -> bean, value -> {
            Enum<?> present = which.apply(value);
            return present == null ? -1 : present.ordinal();
        });
    }

    /**
     * Starts the mapping of a union whose alternatives are read into a holder of another type than the union's
     * value, as the generic records of {@code dev.sdo.runtime.generic} are: {@code value} makes the union's value of
     * the holder once its alternative is read. Alternatives are added in the order {@code which} counts them.
     *
     * @param which the position of the alternative a value holds, -1 for none
     * @param <U> the union's value
     * @param <H> the holder
     */
    public static <U, H> Builder<U, H> builder(String union, String namespace, Supplier<H> newHolder,
            Function<? super H, ? extends U> value, ToIntFunction<? super U> which) {
        return new Builder<>(union, namespace, newHolder, value, which);
    }

    /**
     * Starts the mapping of the union of an abstract record's concrete extensions, added with
     * {@link Extensions#record}.
     *
     * @param <U> the abstract record's interface
     */
    public static <U> Extensions<U> extensions(String abstractRecord, String namespace) {
        return new Extensions<>(abstractRecord, namespace);
    }

    String union() {
        return union;
    }

    /** Whether the child element the reader is at begins one of the alternatives. */
    boolean starts(XmlTreeReader in) {
        for (XmlMember<U, Object> alternative : alternativeArray) {
            if (alternative.begins(in)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the child element the reader is at begins one of the alternatives outright. */
    boolean startsDirectly(XmlTreeReader in) {
        for (XmlMember<U, Object> alternative : alternativeArray) {
            if (alternative.beginsDirectly(in)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Reads the alternative the reader is at (which {@link #starts}), leaving the reader at the next child: the
     * first that the element begins outright, else the first it can begin after elements that may be absent (raw
     * XML last of all).
     */
    U read(XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
        long at = in.position();
        XmlMember<U, Object> picked = null;
        XmlMember<U, Object>[] alternatives = alternativeArray;
        for (XmlMember<U, Object> alternative : alternatives) {
            if (alternative.beginsDirectly(in)) {
                picked = alternative;
                break;
            }
        }
        for (int i = 0; picked == null && i < alternatives.length; i++) {
            if (alternatives[i].begins(in) && !(alternatives[i] instanceof XmlMember.Any)) {
                picked = alternatives[i];
            }
        }
        for (int i = 0; picked == null && i < alternatives.length; i++) {
            if (alternatives[i].begins(in)) {
                picked = alternatives[i];
            }
        }
        if (picked == null) {
            throw new IllegalStateException("no alternative of " + union + " starts here");
        }
        Object read = picked.particle(null, in, path);
        Object holder = newHolder.get();
        picked.finish(holder, read, path, in, at);
        return value.apply(holder);
    }

    /** Writes the alternative {@code union} holds. */
    void write(XmlTreeWriter out, U union, FieldPath path) throws XMLStreamException {
        int index = which.applyAsInt(union);
        if (index < 0) {
            throw new IllegalArgumentException(path + ": the union " + this.union + " holds no alternative");
        }
        alternativeArray[index].writeParticle(out, union, path);
    }

    /**
     * Reads the element the reader is at as the alternative its {@code xsi:type} names (an abstract record's
     * extension under an element of its holder's, {@link XmlMember.Typed}), up to its end tag. The type's name is
     * a QName, its prefix (or, without one, the default namespace) resolved where it is written.
     */
    @SuppressWarnings("unchecked")
    U readTyped(XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
        long at = in.position();
        XMLStreamReader xml = in.xml();
        String type = xml.getAttributeValue(XmlTreeReader.XSI, "type");
        // Names in the default namespace are written unprefixed, as the document would write them.
        String defaultNamespace = xml.getNamespaceURI("");
        if (type == null) {
            throw in.error(at, path + ": <" + xml.getLocalName() + "> needs xsi:type naming its type: "
                    + describeTypes(defaultNamespace));
        }
        type = type.strip();
        int colon = type.indexOf(':');
        String uri = xml.getNamespaceURI(colon < 0 ? "" : type.substring(0, colon));
        if (uri == null && colon >= 0) {
            throw in.error(at, path + ": xsi:type \"" + type + "\" of <" + xml.getLocalName()
                    + "> has a prefix that no namespace declaration binds");
        }
        String local = type.substring(colon + 1);
        String namespace = uri == null ? "" : uri;
        for (int i = 0; i < typeNames.length; i++) {
            XmlName name = typeNames[i];
            if (name != null && name.local.equals(local) && name.namespace.equals(namespace)) {
                XmlMember.Record<U, Object, ?, ?> alternative = (XmlMember.Record<U, Object, ?, ?>) alternativeArray[i];
                Object read = alternative.readElement(in, path);
                Object holder = newHolder.get();
                alternative.finish(holder, read, path, in, at);
                return value.apply(holder);
            }
        }
        throw in.error(at, path + ": xsi:type \"" + type + "\" of <" + xml.getLocalName() + "> names no type it may"
                + " hold" + (namespace.isEmpty() ? "" : " ({" + namespace + "}" + local + ")") + "; its types: "
                + describeTypes(defaultNamespace));
    }

    /** Writes the alternative {@code union} holds as the element {@code element}, its {@code xsi:type} naming it. */
    @SuppressWarnings("unchecked")
    void writeTyped(XmlTreeWriter out, XmlName element, U union, FieldPath path) throws XMLStreamException {
        int index = which.applyAsInt(union);
        if (index < 0 || typeNames[index] == null) {
            throw new IllegalArgumentException(path + ": the abstract record " + this.union + " holds no extension"
                    + " with a type name");
        }
        ((XmlMember.Record<U, Object, ?, ?>) alternativeArray[index]).writeTyped(out, element, typeNames[index], union,
                path);
    }

    /**
     * The types {@code xsi:type} may name, for messages: {@code PercentageRule, {urn:other}OtherRule}, those in the
     * default namespace by their local names.
     */
    private String describeTypes(String defaultNamespace) {
        List<String> names = new ArrayList<>();
        String namespace = defaultNamespace == null ? "" : defaultNamespace;
        for (XmlName name : typeNames) {
            if (name != null) {
                names.add(name.namespace.equals(namespace) ? name.local : "{" + name.namespace + "}" + name.local);
            }
        }
        return String.join(", ", names);
    }

    void elementNames(List<String> names) {
        alternatives.forEach(a -> a.elementNames(names));
    }

    /** The alternatives' elements for a message: {@code <swap>, <fra>}. */
    String describeElements() {
        List<String> names = new ArrayList<>();
        elementNames(names);
        return names.stream().map(n -> n.startsWith("(") ? n : "<" + n + ">")
                .collect(java.util.stream.Collectors.joining(", "));
    }

    /**
     * Adds the alternatives of a declared union, each with its setter on the bean (or holder) {@code V} and its
     * getter on the union's value {@code U}.
     */
    public static final class Builder<U, V> {
        private final String union;
        private final String namespace;
        private final Supplier<V> newBean;
        private final Function<? super V, ? extends U> value;
        private final ToIntFunction<? super U> which;
        private final List<XmlMember<U, Object>> alternatives = new ArrayList<>();
        /** Each alternative's {@link #typeName}, null where none is given. */
        private final List<XmlName> typeNames = new ArrayList<>();

        private Builder(String union, String namespace, Supplier<V> newBean, Function<? super V, ? extends U> value,
                ToIntFunction<? super U> which) {
            this.union = union;
            this.namespace = namespace;
            this.newBean = newBean;
            this.value = value;
            this.which = which;
        }

        /** An alternative whose element holds a value. */
        public <T> Builder<U, V> value(String alternative, String element, TextValue<T> value,
                BiConsumer<? super V, ? super T> setter, Function<? super U, ? extends T> getter) {
            return add(new XmlMember.Value<>(alternative, element, Kind.PARTICLE, false, value, setter, getter));
        }

        /** A list alternative: its element once per item, each holding its value. */
        public <T> Builder<U, V> values(String alternative, String element, TextValue<T> value,
                BiConsumer<? super V, List<T>> setter, Function<? super U, ? extends List<? extends T>> getter) {
            return add(new XmlMember.Values<>(alternative, element, false, value, setter, getter));
        }

        /** A record alternative: its element holds the record's fields. */
        public <C, D extends C> Builder<U, V> record(String alternative, String element, Supplier<XmlRecordMapping<C, D>> mapping,
                BiConsumer<? super V, ? super D> setter, Function<? super U, ? extends C> getter) {
            return add(new XmlMember.Record<>(alternative, element, false, false, mapping, setter, getter));
        }

        /** A list of records: the element once per item. */
        public <C, D extends C> Builder<U, V> records(String alternative, String element,
                Supplier<XmlRecordMapping<C, D>> mapping, BiConsumer<? super V, List<C>> setter,
                Function<? super U, ? extends List<? extends C>> getter) {
            return add(new XmlMember.Record<>(alternative, element, false, true, mapping, setter, getter));
        }

        /** An inline record alternative: its elements in the union's place, picked by the first of them. */
        public <C, D extends C> Builder<U, V> inline(String alternative, XmlRecordMapping<C, D> mapping,
                BiConsumer<? super V, ? super D> setter, Function<? super U, ? extends C> getter) {
            return add(new XmlMember.Inline<>(alternative, false, false, mapping, setter, getter));
        }

        /** A list of inline records: each item's elements in turn, a new item wherever one can begin. */
        public <C, D extends C> Builder<U, V> inlines(String alternative, XmlRecordMapping<C, D> mapping,
                BiConsumer<? super V, List<C>> setter, Function<? super U, ? extends List<? extends C>> getter) {
            return add(new XmlMember.Inline<>(alternative, false, true, mapping, setter, getter));
        }

        /**
         * An alternative that is a union itself, or an abstract record: it has no element of its own; the element
         * of its alternative (or concrete extension) stands in its place and picks both, at any depth (XML Schema's
         * substitution groups within a choice).
         */
        public <W> Builder<U, V> union(String alternative, Supplier<XmlUnionMapping<W>> mapping,
                BiConsumer<? super V, ? super W> setter, Function<? super U, ? extends W> getter) {
            return add(new XmlMember.Union<>(alternative, false, false, mapping, setter, getter));
        }

        /**
         * A list of unions as an alternative: the elements of the inner union's alternatives, one per item, picked
         * as {@link #union} picks one; the first of them picks this alternative.
         */
        public <W> Builder<U, V> unions(String alternative, Supplier<XmlUnionMapping<W>> mapping,
                BiConsumer<? super V, List<W>> setter, Function<? super U, ? extends List<? extends W>> getter) {
            return add(new XmlMember.Union<>(alternative, false, true, mapping, setter, getter));
        }

        /**
         * An alternative that is an abstract record under the element {@code element}, whose {@code xsi:type} names
         * the concrete extension among those of {@code mapping} (XML Schema's type substitution).
         */
        public <W> Builder<U, V> typed(String alternative, String element, Supplier<XmlUnionMapping<W>> mapping,
                BiConsumer<? super V, ? super W> setter, Function<? super U, ? extends W> getter) {
            return add(new XmlMember.Typed<>(alternative, element, false, false, mapping, setter, getter));
        }

        /** A list of abstract records named by {@code xsi:type} as an alternative: the element once per item. */
        public <W> Builder<U, V> typeds(String alternative, String element, Supplier<XmlUnionMapping<W>> mapping,
                BiConsumer<? super V, List<W>> setter, Function<? super U, ? extends List<? extends W>> getter) {
            return add(new XmlMember.Typed<>(alternative, element, false, true, mapping, setter, getter));
        }

        /**
         * Names the XML Schema type of the record alternative added last (an abstract record's extension):
         * {@code xsi:type} names it so where an element of the holder's holds the abstract record.
         */
        public Builder<U, V> typeName(String local, String namespace) {
            typeNames.set(typeNames.size() - 1, new XmlName(local, namespace));
            return this;
        }

        /** A raw XML alternative: an element no other alternative begins, kept as its XML text. */
        public Builder<U, V> any(String alternative, BiConsumer<? super V, ? super String> setter,
                Function<? super U, ? extends String> getter) {
            return add(new XmlMember.Any<>(alternative, false, false, setter, getter));
        }

        /** Puts the element of the alternative added last in {@code namespace}. */
        public Builder<U, V> namespace(String namespace) {
            alternatives.get(alternatives.size() - 1).namespace = namespace;
            return this;
        }

        /**
         * Lets the raw XML alternative added last take only elements in the namespaces {@code constraint} names (as
         * {@link XmlRecordMapping.Builder#anyNamespaces}).
         */
        public Builder<U, V> anyNamespaces(String constraint) {
            XmlMember.Any.constrain(alternatives.get(alternatives.size() - 1), constraint);
            return this;
        }

        /**
         * Lets the nested alternative added last (a record, a list of them, an inline record, a union, a list of
         * unions) be written from the views {@code nested} gives rather than from its getter's value.
         */
        @SuppressWarnings("unchecked")
        public Builder<U, V> nested(XmlNested<? super U> nested) {
            XmlMember<U, Object> member = alternatives.get(alternatives.size() - 1);
            if (!(member instanceof XmlMember.Record || member instanceof XmlMember.Inline
                    || member instanceof XmlMember.Union || member instanceof XmlMember.Typed)) {
                throw new IllegalStateException(member.field + " is no nested record or union");
            }
            member.nested = (XmlNested<Object>) nested;
            return this;
        }

        /**
         * Lets the alternative added last, a value, be written from the text {@code text} gives of the union that
         * holds it ({@link XmlValueText#text}), or, a list of values, have each item written from the text
         * {@link XmlValueText#itemText} gives, where it gives one, rather than from the Java value.
         */
        @SuppressWarnings("unchecked")
        public Builder<U, V> valueText(XmlValueText<?> text) {
            XmlMember<U, Object> member = alternatives.get(alternatives.size() - 1);
            if (!(member instanceof XmlMember.Value || member instanceof XmlMember.Values)) {
                throw new IllegalStateException(member.field + " is no value or list of values");
            }
            member.valueText = (XmlValueText<Object>) text;
            return this;
        }

        @SuppressWarnings("unchecked")
        private Builder<U, V> add(XmlMember<U, ? super V> alternative) {
            alternatives.add((XmlMember<U, Object>) alternative);
            typeNames.add(null);
            return this;
        }

        @SuppressWarnings("unchecked")
        public XmlUnionMapping<U> build() {
            alternatives.forEach(a -> a.settleNames(namespace));
            Function<? super V, ? extends U> made = value;
            ToIntFunction<? super U> present = which;
            return new XmlUnionMapping<>(union, alternatives, typeNames, (Supplier<Object>) (Supplier<?>) newBean,
                    holder -> made.apply((V) holder), present::applyAsInt);
        }
    }

    /** Adds the concrete extensions of an abstract record, each by its element. */
    public static final class Extensions<U> {
        private final String union;
        private final String namespace;
        private final List<XmlMember<U, Object>> alternatives = new ArrayList<>();
        private final List<Class<?>> types = new ArrayList<>();

        private Extensions(String union, String namespace) {
            this.union = union;
            this.namespace = namespace;
        }

        /** A concrete extension: its element holds the record's fields; {@code type} is its interface. */
        public <C extends U, D extends C> Extensions<U> record(String alternative, String element,
                Supplier<XmlRecordMapping<C, D>> mapping, Class<C> type) {
            BiConsumer<Holder, D> setter = (holder, read) -> holder.value = read;
            Function<U, C> getter = type::cast;
            @SuppressWarnings("unchecked")
            XmlMember<U, Object> member = (XmlMember<U, Object>) (XmlMember<U, ?>) new XmlMember.Record<>(
                    alternative, element, false, false, mapping, setter, getter);
            alternatives.add(member);
            types.add(type);
            return this;
        }

        /** Puts the element of the extension added last in {@code namespace}. */
        public Extensions<U> namespace(String namespace) {
            alternatives.get(alternatives.size() - 1).namespace = namespace;
            return this;
        }

        @SuppressWarnings("unchecked")
        public XmlUnionMapping<U> build() {
            alternatives.forEach(a -> a.settleNames(namespace));
            List<Class<?>> classes = List.copyOf(types);
            List<XmlName> none = Collections.nCopies(alternatives.size(), null);
            return new XmlUnionMapping<>(union, alternatives, none, Holder::new, h -> (U) ((Holder) h).value,
                    u -> mostDerived(classes, u));
        }

        /** The alternative whose interface the value implements that no other matching one extends. */
        private static int mostDerived(List<Class<?>> classes, Object value) {
            int best = -1;
            for (int i = 0; i < classes.size(); i++) {
                if (classes.get(i).isInstance(value)
                        && (best < 0 || classes.get(best).isAssignableFrom(classes.get(i)))) {
                    best = i;
                }
            }
            return best;
        }
    }

    /** Where an extension read is kept for its union. */
    private static final class Holder {
        Object value;
    }
}
