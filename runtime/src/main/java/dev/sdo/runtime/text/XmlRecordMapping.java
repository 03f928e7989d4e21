package dev.sdo.runtime.text;

import dev.sdo.runtime.text.XmlMember.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * How a record's fields map to its element, for {@link XmlTreeBinding}: each field an attribute, the element's
 * text, or a particle of its content (a child element holding a value or a nested record, a union, whose present
 * alternative's element stands in its place, an inline record's own elements, raw XML), a list being its particle
 * repeated. Reads into new beans ({@code B}); writes from any implementation of the record's interface
 * ({@code I}), beans and SDOs alike. Generated {@code XXml} classes build one per record, and so does
 * {@code sdoc}'s binding built from a schema alone (its beans the generic engine's {@code RecordValues}).
 *
 * <p>The content is read in the fields' order, as XML Schema's sequences have it, with one element of lookahead.
 * An element or attribute that no field binds is an error naming it (the attributes of the {@code xsi} namespace and
 * namespace declarations excepted), as is an element out of its order. An absent attribute or element is an absent
 * optional field, the field's default, or an error for a required one, except for types whose empty text is a
 * value ({@code char}, {@code string}, {@code bytes}). A list with no element is empty (absent, when optional: XML
 * cannot tell the two apart). An element's value text is trimmed, except a {@code string}'s.
 *
 * @param <I> the record's interface
 * @param <B> its bean
 */
public final class XmlRecordMapping<I, B extends I> implements Supplier<XmlRecordMapping<I, B>> {
    private final Supplier<B> newBean;
    /**
     * For beans that hold their fields' values in an array by field position, one member per field in order
     * ({@link Builder#stateIn}): that array, which a record read uses as its state rather than an array of its own;
     * else null.
     */
    private final Function<? super B, Object[]> stateIn;
    private final List<XmlMember<I, B>> members;
    private final List<XmlMember<I, B>> attributes;
    private final List<XmlMember.Inline<I, B, ?, ?>> attributeHolders;
    private final List<XmlMember<I, B>> particles;
    private final XmlMember.Value<I, B, ?> text;
    private final XmlMember.Any<I, B> content;
    /**
     * The members, attributes, attribute holders and particles again as arrays, for the loops of every record read or
     * written: an index into an array rather than an iterator over a list.
     */
    private final XmlMember<I, B>[] memberArray;
    private final XmlMember<I, B>[] attributeArray;
    private final XmlMember.Inline<I, B, ?, ?>[] holderArray;
    private final XmlMember<I, B>[] particleArray;
    /**
     * For each member, whether a record that read nothing of it still finishes it ({@link XmlMember#finishesAbsent}).
     */
    private final boolean[] finishesAbsent;
    @SuppressWarnings("rawtypes")
    private static final XmlMember[] NO_MEMBERS = new XmlMember[0];
    /** Whether the element is written empty: it has neither particles nor text. */
    private final boolean empty;
    /** Whether the child elements are read in any order ({@link Builder#anyOrder}). */
    private final boolean anyOrder;

    @SuppressWarnings({"unchecked", "rawtypes"})
    private XmlRecordMapping(Supplier<B> newBean, Function<? super B, Object[]> stateIn,
            List<XmlMember<I, B>> members, boolean anyOrder) {
        this.newBean = newBean;
        this.stateIn = stateIn;
        this.anyOrder = anyOrder;
        this.members = List.copyOf(members);
        for (int i = 0; i < members.size(); i++) {
            members.get(i).slot = i;
        }
        this.attributes = members.stream().filter(m -> m.kind == Kind.ATTRIBUTE).toList();
        this.attributeHolders = members.stream()
                .filter(m -> m instanceof XmlMember.Inline<I, B, ?, ?> inline && inline.holdsAttributes())
                .<XmlMember.Inline<I, B, ?, ?>>map(m -> (XmlMember.Inline<I, B, ?, ?>) m).toList();
        this.particles = members.stream().filter(m -> m.kind == Kind.PARTICLE).toList();
        this.text = (XmlMember.Value<I, B, ?>) members.stream().filter(m -> m.kind == Kind.TEXT).findFirst()
                .orElse(null);
        for (int i = 0; i < particles.size(); i++) {
            if (particles.get(i) instanceof XmlMember.Any<I, B> any) {
                any.followers = List.copyOf(particles.subList(i + 1, particles.size()));
            }
        }
        // A single raw-XML field that is no list holds the whole content: XML Schema's mixed content.
        this.content = particles.size() == 1 && particles.get(0) instanceof XmlMember.Any<I, B> any && !any.list()
                ? any : null;
        if (content != null) {
            content.content = true;
        }
        this.memberArray = this.members.toArray(XmlMember[]::new);
        this.attributeArray = attributes.toArray(XmlMember[]::new);
        this.holderArray = attributeHolders.toArray(XmlMember.Inline[]::new);
        this.particleArray = particles.toArray(XmlMember[]::new);
        this.finishesAbsent = new boolean[memberArray.length];
        for (int i = 0; i < memberArray.length; i++) {
            finishesAbsent[i] = memberArray[i].finishesAbsent();
        }
        this.empty = particles.isEmpty() && text == null;
    }

    /**
     * Starts the mapping of a record whose beans {@code newBean} creates, its elements in {@code namespace} unless
     * a field says otherwise; fields are added in declaration order.
     *
     * @param <I> the record's interface
     * @param <B> its bean
     */
    public static <I, B extends I> Builder<I, B> builder(Supplier<B> newBean, String namespace) {
        return new Builder<>(newBean, namespace);
    }

    /**
     * This mapping. A nested record's element takes a supplier of its mapping, so that a record that holds itself
     * (through a list, an optional field or a union) can name its own mapping before it is built, as
     * {@code () -> BasketXml.BASKET_MAPPING}; any other passes the mapping itself.
     */
    @Override
    public XmlRecordMapping<I, B> get() {
        return this;
    }

    /**
     * Reads the record element the reader is at, up to its end tag, into a new bean.
     *
     * @param path where the record is, for messages: {@code Swap.swapStream[1]}
     */
    B read(XmlTreeReader in, FieldPath path) throws XMLStreamException, TextInputException {
        return read(in, path, newBean);
    }

    /** What makes the mapping's new beans. */
    Supplier<B> beans() {
        return newBean;
    }

    /** Reads the record element the reader is at into a bean that {@code beans} gives, rather than a new one. */
    B read(XmlTreeReader in, FieldPath path, Supplier<? extends B> beans) throws XMLStreamException, TextInputException {
        long at = in.position();
        // A bean that holds its values in an array is the state itself: one array per record read, not two.
        B bean = stateIn == null ? null : beans.get();
        Object[] state = bean == null ? newState() : stateIn.apply(bean);
        readAttributes(in, path, at, state, true);
        if (text != null) {
            state[text.slot] = text.text(in, path);
        } else if (content != null) {
            state[content.slot] = content.content(in);
        } else if (anyOrder) {
            readAnyOrder(in, path, state);
        } else {
            in.advance(path);
            readParticles(in, path, state);
            if (in.atChild()) {
                throw unexpected(in, path, state);
            }
        }
        return bean == null ? finish(beans.get(), state, path, in, at) : finish(bean, state, path, in, at);
    }

    /**
     * Reads the child elements in whatever order they come, each particle's at most once: a record of values read
     * as XML Schema's {@code xsd:all} has them. Each element is looked for from the particle after the last one
     * read, so that the elements of a document written in the fields' order are each found at the first try.
     */
    private void readAnyOrder(XmlTreeReader in, FieldPath path, Object[] state)
            throws XMLStreamException, TextInputException {
        XmlMember<I, B>[] particles = particleArray;
        int count = particles.length;
        int next = 0;
        in.advance(path);
        while (in.atChild()) {
            XmlMember<I, B> found = null;
            for (int tried = 0, i = next; tried < count; tried++, i = i + 1 == count ? 0 : i + 1) {
                if (particles[i].begins(in)) {
                    found = particles[i];
                    next = i + 1 == count ? 0 : i + 1;
                    break;
                }
            }
            if (found == null) {
                throw unexpected(in, path, state);
            }
            if (state[found.slot] != null) {
                throw found.repeated(path, in);
            }
            state[found.slot] = found.particle(null, in, path);
        }
    }

    Object[] newState() {
        return new Object[members.size()];
    }

    /**
     * Reads the attributes of the record, and of the inline records whose attributes are its own; with
     * {@code check}, then refuses attributes that no field binds: nothing in the document is dropped unread.
     *
     * <p>The element's attributes are walked once, each value put in the state at its member's slot (attributes and
     * particles have slots of their own) and made the member's value after, in the members' order, so that the
     * errors come in the order they did when each member looked for its attribute: a value's before an unknown
     * attribute's. A member with a former name ({@code @alias}) still looks for its two attributes itself.
     */
    private void readAttributes(XmlTreeReader in, FieldPath path, long at, Object[] state, boolean check)
            throws TextInputException {
        XMLStreamReader xml = in.xml();
        int count = xml.getAttributeCount();
        // An element without attributes (most of them) has none of the fields' attributes to look for.
        int unknown = -1;
        if (count > 0) {
            XmlMember<I, B>[] members = attributeArray;
            for (int i = 0; i < count; i++) {
                String local = xml.getAttributeLocalName(i);
                String uri = xml.getAttributeNamespace(i);
                uri = uri == null ? "" : uri;
                boolean found = false;
                for (XmlMember<I, B> member : members) {
                    // Names are interned, as the parser's are: equals is mostly one comparison of references.
                    if (member.formerName == null && member.name.equals(local) && member.namespace.equals(uri)) {
                        state[member.slot] = xml.getAttributeValue(i);
                        found = true;
                        break;
                    }
                }
                if (!found && check && unknown < 0 && !uri.equals(XmlTreeReader.XSI) && !binds(local, uri)) {
                    unknown = i;
                }
            }
            for (XmlMember<I, B> member : members) {
                String value;
                if (member.formerName == null) {
                    value = (String) state[member.slot];
                    state[member.slot] = null;
                } else {
                    value = attribute(xml, member.name, member.namespace);
                    String former = attribute(xml, member.formerName, member.namespace);
                    if (value != null && former != null) {
                        throw in.error(at, path.field(member.field, -1) + ": attributes " + member.name + " and "
                                + member.formerName + " both stand for the field, " + member.formerName + " being its"
                                + " name before the field was renamed (@alias): keep one of them");
                    }
                    value = value != null ? value : former;
                }
                if (value != null) {
                    state[member.slot] = member.readAttribute(value, in, path, at);
                }
            }
        }
        for (XmlMember.Inline<I, B, ?, ?> holder : holderArray) {
            Object[] nested = holder.mapping.newState();
            holder.mapping.readAttributes(in, in.field(path, holder.field), at, nested, false);
            state[holder.slot] = nested;
        }
        if (unknown >= 0) {
            throw unknownAttribute(in, path, at, unknown);
        }
    }

    private static String attribute(XMLStreamReader xml, String local, String namespace) {
        for (int i = 0; i < xml.getAttributeCount(); i++) {
            String uri = xml.getAttributeNamespace(i);
            if (local.equals(xml.getAttributeLocalName(i)) && namespace.equals(uri == null ? "" : uri)) {
                return xml.getAttributeValue(i);
            }
        }
        return null;
    }

    /** The error for attribute {@code i} of the element, which no field binds. */
    private TextInputException unknownAttribute(XmlTreeReader in, FieldPath path, long at, int i) {
        XMLStreamReader xml = in.xml();
        List<String> known = new ArrayList<>();
        attributeNames(known);
        String prefix = xml.getAttributePrefix(i);
        return in.error(at, path + ": unknown attribute " + (prefix == null || prefix.isEmpty() ? ""
                : prefix + ":") + xml.getAttributeLocalName(i) + " on <" + xml.getLocalName() + ">"
                + (known.isEmpty() ? "; it has no attributes" : "; its attributes: " + String.join(", ", known)));
    }

    private boolean binds(String local, String namespace) {
        for (XmlMember<I, B> member : attributes) {
            if ((member.name.equals(local) || local.equals(member.formerName))
                    && member.namespace.equals(namespace)) {
                return true;
            }
        }
        for (XmlMember.Inline<I, B, ?, ?> holder : attributeHolders) {
            if (holder.mapping.binds(local, namespace)) {
                return true;
            }
        }
        return false;
    }

    private void attributeNames(List<String> names) {
        attributes.forEach(a -> names.add(a.name));
        attributeHolders.forEach(h -> h.mapping.attributeNames(names));
    }

    /** Reads the particles of the record in order, from the child the reader is at. */
    void readParticles(XmlTreeReader in, FieldPath path, Object[] state) throws XMLStreamException, TextInputException {
        for (XmlMember<I, B> member : particleArray) {
            // Most of a record's particles are absent: passed over without a call.
            if (!member.passesOver(in)) {
                state[member.slot] = member.particle(state[member.slot], in, path);
            }
        }
    }

    /** Whether the child element the reader is at can begin the record's content. */
    boolean starts(XmlTreeReader in) {
        for (XmlMember<I, B> member : particleArray) {
            if (member.begins(in)) {
                return true;
            }
            if (!member.nullable()) {
                return false;
            }
        }
        return false;
    }

    /** Whether the child element the reader is at begins the record's first particle outright. */
    boolean startsDirectly(XmlTreeReader in) {
        return particleArray.length > 0 && particleArray[0].beginsDirectly(in);
    }

    /** Whether the record's content may be empty. */
    boolean nullable() {
        return particles.stream().allMatch(XmlMember::nullable);
    }

    /** The names of the elements that may begin the record's content, for messages. */
    void firstElementNames(List<String> names) {
        for (XmlMember<I, B> member : particles) {
            member.elementNames(names);
            if (!member.nullable()) {
                return;
            }
        }
    }

    /** The error for a child element that no field takes where it is. */
    private TextInputException unexpected(XmlTreeReader in, FieldPath path, Object[] state) {
        String element = in.describeElement(particles.isEmpty() ? "" : particles.get(0).namespace);
        for (XmlMember<I, B> member : particles) {
            if (member.begins(in) && !(member instanceof XmlMember.Any) && state[member.slot] != null
                    && !member.repeats() && !(member instanceof XmlMember.Inline)) {
                return member instanceof XmlMember.Union ? in.error(in.position(), path.field(member.field, -1)
                        + ": a second alternative " + element + "; the union holds one, and the field is no list")
                        : member.repeated(path, in);
            }
        }
        for (XmlMember<I, B> member : particles) {
            if (member.begins(in) && !(member instanceof XmlMember.Any)) {
                return in.error(in.position(), path.field(member.field, -1) + ": element " + element
                        + " is out of order or repeated; the order of the elements: " + String.join(", ",
                        allElementNames()));
            }
        }
        List<String> names = allElementNames();
        return in.error(in.position(), path + ": unexpected element " + element
                + (names.isEmpty() ? "; it has no elements" : "; its elements: " + String.join(", ", names)));
    }

    private List<String> allElementNames() {
        List<String> names = new ArrayList<>();
        for (XmlMember<I, B> member : particles) {
            member.elementNames(names);
        }
        return names;
    }

    /** A new bean of the fields read. */
    B build(Object[] state, FieldPath path, XmlTreeReader in, long at) throws TextInputException {
        B bean = newBean.get();
        for (XmlMember<I, B> member : memberArray) {
            member.finish(bean, state[member.slot], path, in, at);
        }
        return bean;
    }

    /**
     * Sets the fields read on {@code bean}: either a new bean and a state of the mapping's own, or a bean whose own
     * array ({@link #stateIn}) is {@code state}. Each member's slot is its field's place there, cleared before the
     * member sets the field (or leaves it absent).
     */
    private B finish(B bean, Object[] state, FieldPath path, XmlTreeReader in, long at)
            throws TextInputException {
        for (XmlMember<I, B> member : memberArray) {
            int slot = member.slot;
            Object read = state[slot];
            if (read != null || finishesAbsent[slot]) {
                state[slot] = null;
                member.finish(bean, read, path, in, at);
            }
        }
        return bean;
    }

    /**
     * Writes the record as the element {@code name} (in its namespace), on a new line at the writer's depth: its
     * attributes, then its text or its child elements one level deeper; with neither it is written empty
     * ({@code <ref href="p1"/>}).
     *
     * @param declareNamespace whether to declare the namespace as the default one: for a document's root
     */
    void write(XmlTreeWriter out, XmlName name, I record, FieldPath path, boolean declareNamespace)
            throws XMLStreamException {
        write(out, name, record, path, declareNamespace, null);
    }

    /**
     * Writes the record as {@link #write(XmlTreeWriter, XmlName, Object, FieldPath, boolean)} does, its element's
     * {@code xsi:type} naming {@code type} (an abstract record's extension under its holder's element) unless null.
     */
    void write(XmlTreeWriter out, XmlName name, I record, FieldPath path, boolean declareNamespace, XmlName type)
            throws XMLStreamException {
        out.beginElement();
        boolean empty = this.empty;
        out.start(name, empty, declareNamespace);
        if (type != null) {
            out.typeAttribute(type, name);
        }
        writeAttributes(out, record, path);
        if (empty) {
            return;
        }
        if (text != null || content != null) {
            (text != null ? text : content).writeParticle(out, record, path);
            out.end();
            return;
        }
        long before = out.elements();
        out.deeper();
        writeParticles(out, record, path);
        out.shallower();
        if (out.elements() != before) {
            out.indent();
        }
        out.end();
    }

    void writeAttributes(XmlTreeWriter out, I record, FieldPath path) throws XMLStreamException {
        for (XmlMember<I, B> member : attributeArray) {
            if (!member.absentFrom(record)) {
                member.writeAttribute(out, record, path);
            }
        }
        for (XmlMember.Inline<I, B, ?, ?> holder : holderArray) {
            if (!holder.absentFrom(record)) {
                holder.writeAttribute(out, record, path);
            }
        }
    }

    void writeParticles(XmlTreeWriter out, I record, FieldPath path) throws XMLStreamException {
        for (XmlMember<I, B> member : particleArray) {
            // An absent optional field is passed over without a call to its member, where the record can tell.
            if (!member.absentFrom(record)) {
                member.writeParticle(out, record, path);
            }
        }
    }

    /**
     * Adds the fields of a {@link XmlRecordMapping} in declaration order. {@link #namespace} and {@link #byDefault}
     * say more about the field added last.
     */
    public static final class Builder<I, B extends I> {
        private final Supplier<B> newBean;
        private final String namespace;
        private final List<XmlMember<I, B>> members = new ArrayList<>();
        private Function<? super B, Object[]> stateIn;
        private boolean anyOrder;

        private Builder(Supplier<B> newBean, String namespace) {
            this.newBean = newBean;
            this.namespace = namespace;
        }

        /** A required field as a child element holding its value. */
        public <T> Builder<I, B> value(String field, String element, TextValue<T> value,
                BiConsumer<? super B, ? super T> setter, Function<? super I, ? extends T> getter) {
            return add(new XmlMember.Value<>(field, element, Kind.PARTICLE, false, value, setter, getter));
        }

        /** An optional field as a child element holding its value, absent when the element is. */
        public <T> Builder<I, B> optionalValue(String field, String element, TextValue<T> value,
                BiConsumer<? super B, ? super T> setter, Function<? super I, ? extends T> getter) {
            return add(new XmlMember.Value<>(field, element, Kind.PARTICLE, true, value, setter, getter));
        }

        /** A required field as an attribute. */
        public <T> Builder<I, B> attribute(String field, String attribute, TextValue<T> value,
                BiConsumer<? super B, ? super T> setter, Function<? super I, ? extends T> getter) {
            return add(new XmlMember.Value<>(field, attribute, Kind.ATTRIBUTE, false, value, setter, getter));
        }

        /** An optional field as an attribute, absent when the attribute is. */
        public <T> Builder<I, B> optionalAttribute(String field, String attribute, TextValue<T> value,
                BiConsumer<? super B, ? super T> setter, Function<? super I, ? extends T> getter) {
            return add(new XmlMember.Value<>(field, attribute, Kind.ATTRIBUTE, true, value, setter, getter));
        }

        /** A required field as the element's text (XML Schema's simple content): the record has no child element. */
        public <T> Builder<I, B> text(String field, TextValue<T> value, BiConsumer<? super B, ? super T> setter,
                Function<? super I, ? extends T> getter) {
            return add(new XmlMember.Value<>(field, field, Kind.TEXT, false, value, setter, getter));
        }

        /** An optional field as the element's text, absent when the element is empty. */
        public <T> Builder<I, B> optionalText(String field, TextValue<T> value, BiConsumer<? super B, ? super T> setter,
                Function<? super I, ? extends T> getter) {
            return add(new XmlMember.Value<>(field, field, Kind.TEXT, true, value, setter, getter));
        }

        /** A list of values: {@code element} once per item, each holding its value. */
        public <T> Builder<I, B> values(String field, String element, TextValue<T> value,
                BiConsumer<? super B, List<T>> setter, Function<? super I, ? extends List<? extends T>> getter) {
            return add(new XmlMember.Values<>(field, element, false, value, setter, getter));
        }

        /** An optional list of values: absent when no {@code element} is there. */
        public <T> Builder<I, B> optionalValues(String field, String element, TextValue<T> value,
                BiConsumer<? super B, List<T>> setter, Function<? super I, ? extends List<? extends T>> getter) {
            return add(new XmlMember.Values<>(field, element, true, value, setter, getter));
        }

        /** A required nested record: a child element holding the nested record's fields. */
        public <C, D extends C> Builder<I, B> record(String field, String element, Supplier<XmlRecordMapping<C, D>> mapping,
                BiConsumer<? super B, ? super D> setter, Function<? super I, ? extends C> getter) {
            return add(new XmlMember.Record<>(field, element, false, false, mapping, setter, getter));
        }

        /** An optional nested record, absent when its element is. */
        public <C, D extends C> Builder<I, B> optionalRecord(String field, String element,
                Supplier<XmlRecordMapping<C, D>> mapping, BiConsumer<? super B, ? super D> setter,
                Function<? super I, ? extends C> getter) {
            return add(new XmlMember.Record<>(field, element, true, false, mapping, setter, getter));
        }

        /** A list of records: {@code element} once per item, each holding the item's fields. */
        public <C, D extends C> Builder<I, B> records(String field, String element, Supplier<XmlRecordMapping<C, D>> mapping,
                BiConsumer<? super B, List<C>> setter, Function<? super I, ? extends List<? extends C>> getter) {
            return add(new XmlMember.Record<>(field, element, false, true, mapping, setter, getter));
        }

        /** An optional list of records: absent when no {@code element} is there. */
        public <C, D extends C> Builder<I, B> optionalRecords(String field, String element,
                Supplier<XmlRecordMapping<C, D>> mapping, BiConsumer<? super B, List<C>> setter,
                Function<? super I, ? extends List<? extends C>> getter) {
            return add(new XmlMember.Record<>(field, element, true, true, mapping, setter, getter));
        }

        /** A required record bound inline: its attributes and elements are this record's. */
        public <C, D extends C> Builder<I, B> inline(String field, XmlRecordMapping<C, D> mapping,
                BiConsumer<? super B, ? super D> setter, Function<? super I, ? extends C> getter) {
            return add(new XmlMember.Inline<>(field, false, false, mapping, setter, getter));
        }

        /** An optional record bound inline: present when an element that can begin it is there. */
        public <C, D extends C> Builder<I, B> optionalInline(String field, XmlRecordMapping<C, D> mapping,
                BiConsumer<? super B, ? super D> setter, Function<? super I, ? extends C> getter) {
            return add(new XmlMember.Inline<>(field, true, false, mapping, setter, getter));
        }

        /** A list of records bound inline: each item's elements in turn, a new item where one can begin. */
        public <C, D extends C> Builder<I, B> inlines(String field, XmlRecordMapping<C, D> mapping,
                BiConsumer<? super B, List<C>> setter, Function<? super I, ? extends List<? extends C>> getter) {
            return add(new XmlMember.Inline<>(field, false, true, mapping, setter, getter));
        }

        /** An optional list of records bound inline. */
        public <C, D extends C> Builder<I, B> optionalInlines(String field, XmlRecordMapping<C, D> mapping,
                BiConsumer<? super B, List<C>> setter, Function<? super I, ? extends List<? extends C>> getter) {
            return add(new XmlMember.Inline<>(field, true, true, mapping, setter, getter));
        }

        /** A required union: the element of its alternative in its place. */
        public <U> Builder<I, B> union(String field, Supplier<XmlUnionMapping<U>> mapping, BiConsumer<? super B, ? super U> setter,
                Function<? super I, ? extends U> getter) {
            return add(new XmlMember.Union<>(field, false, false, mapping, setter, getter));
        }

        /** An optional union: absent when no alternative's element is there. */
        public <U> Builder<I, B> optionalUnion(String field, Supplier<XmlUnionMapping<U>> mapping,
                BiConsumer<? super B, ? super U> setter, Function<? super I, ? extends U> getter) {
            return add(new XmlMember.Union<>(field, true, false, mapping, setter, getter));
        }

        /** A list of unions: the alternatives' elements repeated, in any mix. */
        public <U> Builder<I, B> unions(String field, Supplier<XmlUnionMapping<U>> mapping, BiConsumer<? super B, List<U>> setter,
                Function<? super I, ? extends List<? extends U>> getter) {
            return add(new XmlMember.Union<>(field, false, true, mapping, setter, getter));
        }

        /** An optional list of unions. */
        public <U> Builder<I, B> optionalUnions(String field, Supplier<XmlUnionMapping<U>> mapping,
                BiConsumer<? super B, List<U>> setter, Function<? super I, ? extends List<? extends U>> getter) {
            return add(new XmlMember.Union<>(field, true, true, mapping, setter, getter));
        }

        /**
         * A required abstract record under the element {@code element}, whose {@code xsi:type} names the concrete
         * extension among those of {@code mapping} ({@link XmlUnionMapping.Builder#typeName}).
         */
        public <U> Builder<I, B> typed(String field, String element, Supplier<XmlUnionMapping<U>> mapping,
                BiConsumer<? super B, ? super U> setter, Function<? super I, ? extends U> getter) {
            return add(new XmlMember.Typed<>(field, element, false, false, mapping, setter, getter));
        }

        /** An optional abstract record named by {@code xsi:type}: absent when its element is. */
        public <U> Builder<I, B> optionalTyped(String field, String element, Supplier<XmlUnionMapping<U>> mapping,
                BiConsumer<? super B, ? super U> setter, Function<? super I, ? extends U> getter) {
            return add(new XmlMember.Typed<>(field, element, true, false, mapping, setter, getter));
        }

        /** A list of abstract records named by {@code xsi:type}: the element once per item. */
        public <U> Builder<I, B> typeds(String field, String element, Supplier<XmlUnionMapping<U>> mapping,
                BiConsumer<? super B, List<U>> setter, Function<? super I, ? extends List<? extends U>> getter) {
            return add(new XmlMember.Typed<>(field, element, false, true, mapping, setter, getter));
        }

        /** An optional list of abstract records named by {@code xsi:type}. */
        public <U> Builder<I, B> optionalTypeds(String field, String element, Supplier<XmlUnionMapping<U>> mapping,
                BiConsumer<? super B, List<U>> setter, Function<? super I, ? extends List<? extends U>> getter) {
            return add(new XmlMember.Typed<>(field, element, true, true, mapping, setter, getter));
        }

        /** A required string of raw XML: one element the schema does not describe (or the whole content). */
        public Builder<I, B> any(String field, BiConsumer<? super B, ? super String> setter,
                Function<? super I, ? extends String> getter) {
            return add(new XmlMember.Any<>(field, false, false, setter, getter));
        }

        /** An optional string of raw XML. */
        public Builder<I, B> optionalAny(String field, BiConsumer<? super B, ? super String> setter,
                Function<? super I, ? extends String> getter) {
            return add(new XmlMember.Any<>(field, true, false, setter, getter));
        }

        /** A list of strings of raw XML, one element each. */
        public Builder<I, B> anys(String field, BiConsumer<? super B, List<String>> setter,
                Function<? super I, ? extends List<? extends String>> getter) {
            return add(new XmlMember.Any<>(field, false, true, setter, getter));
        }

        /** An optional list of strings of raw XML. */
        public Builder<I, B> optionalAnys(String field, BiConsumer<? super B, List<String>> setter,
                Function<? super I, ? extends List<? extends String>> getter) {
            return add(new XmlMember.Any<>(field, true, true, setter, getter));
        }

        /** Puts the element or attribute of the field added last in {@code namespace} ("" for none). */
        public Builder<I, B> namespace(String namespace) {
            last().namespace = namespace;
            return this;
        }

        /**
         * Lets the raw XML field added last take only elements in the namespaces {@code constraint} names, XML
         * Schema's namespace constraint of {@code xsd:any} ({@code ##other}, a list of URIs, ...; {@link AnyNamespaces}).
         *
         * @throws IllegalStateException if that field is not raw XML
         * @throws IllegalArgumentException if {@code constraint} is not a namespace constraint
         */
        public Builder<I, B> anyNamespaces(String constraint) {
            XmlMember.Any.constrain(last(), constraint);
            return this;
        }

        /**
         * Lets documents name the element or attribute of the field added last {@code former}, its name before the
         * field was renamed ({@code @alias}), so that they read; writing uses the current name.
         */
        public Builder<I, B> formerName(String former) {
            last().formerName = former;
            return this;
        }

        /**
         * Makes the string value field added last (an attribute, the element's text or a child element of one
         * value) an id of its record, or a reference to one ({@link XmlIdentity}): reading refuses a record whose ids
         * repeat or whose references name none of them.
         */
        public Builder<I, B> identity(XmlIdentity identity) {
            if (!(last() instanceof XmlMember.Value<I, B, ?> value)) {
                throw new IllegalStateException(last().field + " is no field of one value");
            }
            value.identity = identity;
            return this;
        }

        /**
         * Lets a record's write pass over the optional field added last, without a call to its member, for a record
         * of which {@code absent} holds: one that holds nothing of it to write (writing it would write nothing).
         */
        @SuppressWarnings("unchecked")
        public Builder<I, B> absentWhen(Predicate<? super I> absent) {
            XmlMember<I, B> member = last();
            if (!member.optional) {
                throw new IllegalStateException(member.field + " is required: it is never absent");
            }
            member.absent = (Predicate<Object>) absent;
            return this;
        }

        /**
         * Gives the field added last its default: what an absent attribute or element reads as, and a value that
         * is not written. {@code value} is of the field's Java type.
         */
        public Builder<I, B> byDefault(Object value) {
            last().defaultValue = value;
            return this;
        }

        /**
         * Lets the value field added last (an attribute, the element's text or a child element of one value) be
         * written from the text {@code text} gives where it gives one, rather than from its getter's value; a list
         * of values, each item from the text {@link XmlValueText#itemText} gives.
         * Ignored for a field with a default, unless the text {@linkplain XmlValueText#tellsDefault tells it}.
         */
        @SuppressWarnings("unchecked")
        public Builder<I, B> valueText(XmlValueText<? super I> text) {
            XmlMember<I, B> member = last();
            if (!(member instanceof XmlMember.Value || member instanceof XmlMember.Values)) {
                throw new IllegalStateException(member.field + " is no field of values");
            }
            member.valueText = (XmlValueText<Object>) text;
            return this;
        }

        /**
         * Lets the nested field added last (a record, a list of them, an inline record, a union, a list of unions,
         * an abstract record named by {@code xsi:type} or a list of them, a list of values) be written from the
         * views {@code nested} gives rather than from its getter's value.
         */
        @SuppressWarnings("unchecked")
        public Builder<I, B> nested(XmlNested<? super I> nested) {
            XmlMember<I, B> member = last();
            if (!(member instanceof XmlMember.Record || member instanceof XmlMember.Inline
                    || member instanceof XmlMember.Union || member instanceof XmlMember.Typed
                    || member instanceof XmlMember.Values)) {
                throw new IllegalStateException(member.field + " is no nested record, union or list");
            }
            member.nested = (XmlNested<Object>) nested;
            return this;
        }

        private XmlMember<I, B> last() {
            return members.get(members.size() - 1);
        }

        /** Adds a field as {@code member}: the runtime's own kinds of field ({@link XmlMember.Bits}). */
        Builder<I, B> add(XmlMember<I, B> member) {
            members.add(member);
            return this;
        }

        /**
         * Lets the child elements come in any order, each at most once (XML Schema's {@code xsd:all}), rather than
         * in the fields' order: for records of values only, as {@link XmlBinding} has always read them.
         */
        Builder<I, B> anyOrder() {
            this.anyOrder = true;
            return this;
        }

        /**
         * Says that each bean holds the values of its fields in the array {@code values} gives, by field position,
         * and that the fields are added one member per field in that order: a record read then takes the new bean's
         * array as its state, rather than an array of its own that is copied into the bean once the element is
         * read. Each field is still set through its setter, which must store it at its position of that array (or
         * leave it absent there).
         *
         * @throws IllegalStateException at {@link #build} if the beans' arrays are not one value per member
         */
        public Builder<I, B> stateIn(Function<? super B, Object[]> values) {
            this.stateIn = values;
            return this;
        }

        /** The mapping of the fields added. */
        public XmlRecordMapping<I, B> build() {
            int values = stateIn == null ? members.size() : stateIn.apply(newBean.get()).length;
            if (values != members.size()) {
                throw new IllegalStateException("the beans hold " + values + " values, the mapping has "
                        + members.size() + " fields");
            }
            for (XmlMember<I, B> member : members) {
                if (member.defaultValue != null && member.valueText != null && !member.valueText.tellsDefault()) {
                    // A value equal to its default is not written: only its Java value tells.
                    member.valueText = null;
                }
                member.settleNames(member.kind == Kind.ATTRIBUTE ? "" : namespace);
            }
            return new XmlRecordMapping<>(newBean, stateIn, members, anyOrder);
        }
    }
}
