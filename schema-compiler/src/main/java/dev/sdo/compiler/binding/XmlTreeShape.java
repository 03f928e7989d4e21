package dev.sdo.compiler.binding;

import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.UnionType;
import dev.sdo.compiler.model.XmlOptions;
import dev.sdo.runtime.generic.RecordDescriptor;
import dev.sdo.runtime.generic.SchemaDescriptor;
import dev.sdo.runtime.generic.UnionDescriptor;
import dev.sdo.runtime.generic.XmlShape;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The decisions of the XML tree binding (records that are not flat, docs/csv-and-xml.md "Nested records, lists,
 * strings and blobs"), in one place: for each field of a record and each alternative of a union, what kind of member
 * it is (attribute, text, value element, nested record, inline record, union, raw XML, an abstract record named by
 * {@code xsi:type}, or a list of one), its element's name and namespace, its former name and pattern; and which
 * records' mappings are shared. It writes them down as the runtime's {@link XmlShape} ({@link #describe}), which
 * generated packages embed ({@code SdoDescriptors.XML}, for their {@code XXml} classes) and from which
 * {@link GenericXmlBinding} builds its binding, both through the runtime's
 * {@link dev.sdo.runtime.generic.XmlShapeBinding}: one path, so that the two cannot write or read a document
 * differently.
 *
 * <p>Namespaces: a record's elements are in its own {@code @xml(namespace)}, or else in the namespace of the record
 * at the top; a field a record has from its base is in the base's; a field's (or alternative's)
 * {@code @xml(namespace)} overrides both. Attributes are in no namespace unless they say so. What depends on the record
 * at the top is settled by {@code XmlShapeBinding} as it builds a record's binding.
 */
public final class XmlTreeShape {
    private final CodecModel model;

    public XmlTreeShape(CodecModel model) {
        this.model = model;
    }

    /** What a field or alternative is in its element: {@link XmlShape.Kind}, the runtime builder method adding it. */
    public enum Kind {
        VALUE, ATTRIBUTE, TEXT, VALUES, RECORD, RECORDS, INLINE, INLINES, UNION, UNIONS, ANY, ANYS, TYPED, TYPEDS;

        /** Whether the member holds a text value (or a list of them), read and written by a {@code TextValue}. */
        public boolean holdsValue() {
            return this == VALUE || this == ATTRIBUTE || this == TEXT || this == VALUES;
        }

        /** Whether the member has an element name of its own (the others stand in their content's place). */
        public boolean named() {
            return this == VALUE || this == ATTRIBUTE || this == VALUES || this == RECORD || this == RECORDS
                    || this == TYPED || this == TYPEDS;
        }
    }

    /**
     * One alternative of a union's mapping, in the order reading tries them.
     *
     * @param index the alternative's position among the union's alternatives (its tag minus 1)
     * @param field the alternative as the union's interface has it: optional
     * @param encoding its encoding
     * @param kind what it is in the union's place
     * @param element its element's name, for {@linkplain Kind#named() named} kinds
     * @param namespace the namespace of its element when it is not the union's default; null when it is
     * @param unionNamespace for an alternative that is a union itself, the namespace its alternatives default to
     * @param extension for the union of an abstract record, the concrete extension the alternative holds; else null
     */
    public record Alternative(int index, Field field, Encoding encoding, Kind kind, String element, String namespace,
            String unionNamespace, RecordType extension) {}

    /**
     * Whether a record's mapping is defined once, in its own {@code XXml} class, and used from there by every binding
     * of a record that holds it: a record bound as a tree that names its namespace, so that its elements' namespace
     * does not depend on the record at the top. Its mapping is then made with its own namespace as the top one.
     */
    public boolean sharesMapping(RecordType mapped) {
        return !mapped.isAbstract() && XmlOptions.of(mapped).declared()
                && XmlRecordBinding.recordNamespace(mapped).isPresent()
                && !XmlRecordBinding.flat(model.record(mapped));
    }

    /**
     * The shape of every record and union of {@code schema} (a descriptor's closure, or a package's), and the XML
     * texts of its enums that rename their constants, as the runtime's {@link XmlShape} text: what generated code
     * embeds ({@code SdoDescriptors.XML}) and what {@link GenericXmlBinding} builds its binding from, through the
     * runtime's {@link dev.sdo.runtime.generic.XmlShapeBinding}. Namespaces that depend on the record at the top stay
     * open, for {@code XmlShapeBinding} to settle.
     */
    public String describe(SchemaDescriptor schema) {
        Map<String, RecordType> records = new HashMap<>();
        Map<String, UnionType> unions = new HashMap<>();
        Map<String, EnumType> enums = new HashMap<>();
        model.records().forEach(layout -> records.put(layout.record().name().toString(), layout.record()));
        model.unions().forEach(union -> unions.put(union.name().toString(), union));
        model.enums().forEach(type -> enums.put(type.name().toString(), type));
        for (RecordLayout layout : model.records()) {
            for (FieldLayout placed : layout.fields()) {
                if (item(placed.encoding()) instanceof Encoding.Union u) {
                    unions.putIfAbsent(u.union().name().toString(), u.union());
                }
            }
        }
        XmlShape.Writer out = new XmlShape.Writer();
        for (SchemaDescriptor.EnumDeclaration declared : schema.enums()) {
            EnumType type = enums.get(declared.name());
            if (type != null && XmlRecordBinding.renamesConstants(type)) {
                out.enumTexts(declared.name(), XmlRecordBinding.constantNames(type));
            }
        }
        for (RecordDescriptor described : schema.records()) {
            RecordType record = records.get(described.name());
            if (record == null) {
                throw new IllegalStateException("no record " + described.name() + " in the model");
            }
            out.record(describe(record));
        }
        for (UnionDescriptor described : schema.unions()) {
            UnionType union = unions.get(described.name());
            if (union == null) {
                throw new IllegalStateException("no union " + described.name() + " in the model");
            }
            out.union(describe(union));
        }
        return out.text();
    }

    /** A record's shape: each field's kind, names, namespaces (those of the top record open) and pattern. */
    private XmlShape.Record describe(RecordType mapped) {
        List<FieldLayout> fields = model.record(mapped).fields();
        List<XmlShape.Field> described = new ArrayList<>(fields.size());
        for (int i = 0; i < fields.size(); i++) {
            FieldLayout placed = fields.get(i);
            Field field = placed.field();
            Kind kind = kindOf(field, placed.encoding());
            RecordType declaring = declaring(mapped, i);
            String declared = declaring == mapped ? XmlShape.OWN
                    : XmlRecordBinding.recordNamespace(declaring).orElse(XmlShape.TOP);
            String former = kind == Kind.UNION || kind == Kind.UNIONS ? null
                    : XmlRecordBinding.formerName(field).orElse(null);
            described.add(new XmlShape.Field(XmlShape.Kind.valueOf(kind.name()), field.optional(),
                    kind.named() ? XmlRecordBinding.name(field) : null,
                    XmlRecordBinding.fieldNamespace(field).orElse(null), declared, XmlRecordBinding.attribute(field),
                    former, kind.holdsValue() ? XmlRecordBinding.format(field) : null,
                    XmlRecordBinding.identity(field)));
        }
        return new XmlShape.Record(mapped.name().toString(), XmlRecordBinding.element(mapped),
                XmlRecordBinding.recordNamespace(mapped).orElse(null), sharesMapping(mapped), described);
    }

    /** A union's shape: its alternatives as {@link #alternatives} has them, their own namespaces not yet compared. */
    private XmlShape.Union describe(UnionType union) {
        List<XmlShape.Alternative> described = new ArrayList<>();
        for (Alternative alternative : alternatives(union, null)) {
            String namespace = alternative.extension() != null
                    ? XmlRecordBinding.recordNamespace(alternative.extension()).orElse(null)
                    : XmlRecordBinding.fieldNamespace(alternative.field()).orElse(null);
            described.add(new XmlShape.Alternative(alternative.index(), XmlShape.Kind.valueOf(alternative.kind().name()),
                    alternative.kind().named() ? alternative.element() : null, namespace,
                    alternative.kind().holdsValue() ? XmlRecordBinding.format(alternative.field()) : null));
        }
        return new XmlShape.Union(union.name().toString(), described);
    }

    /** What a record's field of encoding {@code type} is in its element. */
    private static Kind kindOf(Field field, Encoding type) {
        boolean list = type instanceof Encoding.ListOf;
        Encoding item = item(type);
        if (XmlRecordBinding.any(field)) {
            return list ? Kind.ANYS : Kind.ANY;
        } else if (XmlRecordBinding.text(field)) {
            return Kind.TEXT;
        } else if (XmlRecordBinding.typed(field)) {
            return list ? Kind.TYPEDS : Kind.TYPED;
        } else if (elementUnion(item)) {
            return list ? Kind.UNIONS : Kind.UNION;
        } else if (item instanceof Encoding.Nested && XmlRecordBinding.inline(field)) {
            return list ? Kind.INLINES : Kind.INLINE;
        } else if (item instanceof Encoding.Nested) {
            return list ? Kind.RECORDS : Kind.RECORD;
        }
        // A value, a union bound as one text included.
        return list ? Kind.VALUES : XmlRecordBinding.attribute(field) ? Kind.ATTRIBUTE : Kind.VALUE;
    }

    /** The record that declares field {@code index} of {@code mapped}: a base's fields come first. */
    private RecordType declaring(RecordType mapped, int index) {
        RecordType declaring = mapped;
        while (declaring.base() != null) {
            RecordType base = model.record(declaring.base()).record();
            if (index >= base.fields().size()) {
                break;
            }
            declaring = base;
        }
        return declaring;
    }

    /**
     * The alternatives of a union's mapping whose elements default to {@code namespace}, in the order reading tries
     * them: a declared union's in tag order; an abstract record's extensions named by their own {@code @xml(name)}
     * first, so that an element that another one's record name would give too (a type that has an element of its
     * own, in an XML Schema) reads as theirs.
     */
    public List<Alternative> alternatives(UnionType union, String namespace) {
        List<Alternative> alternatives = new ArrayList<>();
        List<Field> declared = union.alternatives();
        if (union.fromAbstract()) {
            for (int i = 0; i < declared.size(); i++) {
                Field alternative = declared.get(i);
                RecordType extension = ((Encoding.Nested) model.encoding(alternative)).record();
                alternatives.add(new Alternative(i, alternative, model.encoding(alternative), Kind.RECORD,
                        XmlRecordBinding.extensionElement(extension),
                        XmlRecordBinding.recordNamespace(extension).filter(ns -> !ns.equals(namespace)).orElse(null),
                        null, extension));
            }
            alternatives.sort(Comparator.comparing(a -> !XmlRecordBinding.extensionNamed(a.extension())));
            return alternatives;
        }
        for (int i = 0; i < declared.size(); i++) {
            Field field = declared.get(i);
            // As the union's interface has it: every alternative may be null.
            Field alternative = new Field(field.name(), field.type(), true, field.javaOverride(),
                    field.javaOverridePosition(), field.since(), field.annotations(), field.doc(), field.position());
            Encoding type = model.encoding(field);
            boolean list = type instanceof Encoding.ListOf;
            Encoding item = type instanceof Encoding.ListOf l ? l.element() : type;
            String own = XmlRecordBinding.fieldNamespace(alternative).orElse(null);
            Kind kind;
            String unionNamespace = null;
            if (XmlRecordBinding.any(alternative)) {
                kind = Kind.ANY;
            } else if (XmlRecordBinding.typed(alternative)) {
                kind = list ? Kind.TYPEDS : Kind.TYPED;
            } else if (elementUnion(item)) {
                // No element of its own: the inner union's alternatives' elements, in this one's namespace.
                kind = list ? Kind.UNIONS : Kind.UNION;
                unionNamespace = own != null ? own : namespace;
                own = null;
            } else if (item instanceof Encoding.Nested && XmlRecordBinding.inline(alternative)) {
                kind = list ? Kind.INLINES : Kind.INLINE;
            } else if (item instanceof Encoding.Nested) {
                kind = list ? Kind.RECORDS : Kind.RECORD;
            } else {
                kind = list ? Kind.VALUES : Kind.VALUE;
            }
            alternatives.add(new Alternative(i, alternative, type, kind,
                    kind.named() ? XmlRecordBinding.name(alternative) : alternative.name(), own, unionNamespace, null));
        }
        return alternatives;
    }

    /**
     * Whether a value of this encoding is a union whose alternatives' elements stand in its place: a union that is not
     * bound as one text ({@link XmlRecordBinding#textUnion}), which is a value like a scalar.
     */
    public static boolean elementUnion(Encoding item) {
        return item instanceof Encoding.Union union && !XmlRecordBinding.textUnion(union.union());
    }

    /** The encoding of a value, or of each item of a list. */
    public static Encoding item(Encoding encoding) {
        return encoding instanceof Encoding.ListOf list ? list.element() : encoding;
    }
}
