package dev.sdo.compiler.check;

import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.diagnostics.SourcePosition;
import dev.sdo.compiler.model.Annotation;
import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.FieldType.StringType;
import dev.sdo.compiler.model.FieldType.UnionRef;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.model.UnionType;
import dev.sdo.compiler.model.XmlOptions;
import dev.sdo.runtime.text.AnyNamespaces;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * XML bindings that cannot work (docs/csv-and-xml.md): a record, list or union as an attribute or as the element's
 * text, the text beside child elements, {@code inline} on what is no record, {@code any} on what is no string,
 * an inline record with attributes where it may be absent or repeated, two enum constants with one XML text, and a
 * union whose alternatives can begin with the same element, so that the element met could not pick one (XML
 * Schema's unique particle attribution: one element of lookahead must be enough); and a list of lists, in an
 * {@code @xml} record or a record nested in one, which has no XML form yet.
 */
final class XmlBindingChecker {
    private final Diagnostics diagnostics;
    private Schema schema;
    /** The unions whose alternatives' elements are being gathered, for {@link #innerElements}. */
    private final Set<QualifiedName> entered = new HashSet<>();

    XmlBindingChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void check(Schema schema) {
        this.schema = schema;
        for (EnumType type : schema.enums()) {
            checkConstants(type);
        }
        for (RecordType record : schema.records()) {
            checkRecord(record);
        }
        for (UnionType union : schema.unions()) {
            checkUnion(union);
        }
        new InlineCycleChecker(schema, diagnostics).check();
    }

    private void checkConstants(EnumType type) {
        Map<String, String> texts = new HashMap<>();
        List<String> names = XmlRecordBinding.constantNames(type);
        for (int i = 0; i < names.size(); i++) {
            EnumType.EnumConstant constant = type.constants().get(i);
            String other = texts.putIfAbsent(names.get(i), constant.name());
            // Constants of one name are reported as duplicates already.
            if (other != null && !other.equals(constant.name())) {
                diagnostics.error(xmlAnnotation(constant.annotations()).map(Annotation::position)
                        .orElse(constant.position()), "constants '" + other + "' and '" + constant.name()
                        + "' of enum '" + type.name().simpleName() + "' have the same XML text \"" + names.get(i)
                        + "\"");
            }
        }
    }

    private void checkRecord(RecordType record) {
        Field text = null;
        for (Field field : record.fields()) {
            FieldType type = field.type();
            FieldType element = type.itemType();
            if (element.isList() && reachedFromXml(record)) {
                diagnostics.error(field.type().position(), "field '" + field.name() + "' is a list of lists,"
                        + " which XML bindings do not support yet");
            }
            Optional<Annotation> xml = xmlAnnotation(field.annotations());
            if (xml.isEmpty()) {
                continue;
            }
            SourcePosition at = xml.get().position();
            int keys = (XmlRecordBinding.attribute(field) ? 1 : 0) + (XmlRecordBinding.text(field) ? 1 : 0)
                    + (XmlRecordBinding.inline(field) ? 1 : 0) + (XmlRecordBinding.any(field) ? 1 : 0)
                    + (XmlRecordBinding.typed(field) ? 1 : 0);
            if (keys > 1) {
                diagnostics.error(at, "field '" + field.name() + "': attribute, text, inline, any and typed exclude "
                        + "each other");
                continue;
            }
            checkTyped(field, "field '" + field.name() + "'", at);
            checkIdentity(field, at);
            if (XmlRecordBinding.attribute(field) || XmlRecordBinding.text(field)) {
                String what = XmlRecordBinding.attribute(field) ? "an XML attribute" : "the element's text";
                if (type instanceof RecordRef nested) {
                    diagnostics.error(at, "field '" + field.name() + "' holds record '" + nested.name().simpleName()
                            + "', which cannot be " + what + ": a nested record is always a child element");
                } else if (type.isList()) {
                    diagnostics.error(at, "field '" + field.name() + "' is a list, which cannot be " + what
                            + ": a list is its element repeated");
                } else if (type instanceof UnionRef union && elementUnion(union)) {
                    diagnostics.error(at, "field '" + field.name() + "' holds union '" + union.name().simpleName()
                            + "', which cannot be " + what + ": the element of its alternative stands in its place");
                }
            }
            if (XmlRecordBinding.text(field)) {
                if (text != null) {
                    diagnostics.error(at, "record '" + record.name().simpleName() + "' has two text fields, '"
                            + text.name() + "' and '" + field.name() + "': an element has one text");
                }
                text = field;
            }
            if (XmlRecordBinding.inline(field) && !(element instanceof RecordRef)) {
                diagnostics.error(at, "field '" + field.name() + "' is bound inline, which only a record (or a list "
                        + "of records) can be: its fields' elements stand in the place of its own");
            } else if (XmlRecordBinding.inline(field)) {
                checkInline(field, schema.requireRecord(((RecordRef) element).name()),
                        field.optional() || type.isList(), at);
            }
            if (XmlRecordBinding.any(field) && !(element instanceof StringType)) {
                diagnostics.error(at, "field '" + field.name() + "' holds raw XML (any = true), which only a string "
                        + "or a list of strings can");
            }
            if (XmlRecordBinding.any(field)) {
                checkAnyNamespaces(field, "field '" + field.name() + "'", at);
            }
        }
        if (text != null) {
            for (Field field : record.fields()) {
                if (field != text && !XmlRecordBinding.attribute(field)) {
                    diagnostics.error(field.position(), "field '" + field.name() + "' of '"
                            + record.name().simpleName() + "' would be a child element beside the text field '"
                            + text.name() + "': an element with text content holds attributes only");
                }
            }
        }
    }

    /** Whether {@code target} is an {@code @xml} record or nested, through records and lists, in one. */
    private boolean reachedFromXml(RecordType target) {
        Deque<RecordType> open = new ArrayDeque<>();
        Set<QualifiedName> seen = new HashSet<>();
        schema.records().stream().filter(r -> XmlOptions.of(r).declared())
                .forEach(open::add);
        while (!open.isEmpty()) {
            RecordType record = open.poll();
            if (!seen.add(record.name())) {
                continue;
            }
            if (record.name().equals(target.name())) {
                return true;
            }
            for (Field field : record.fields()) {
                FieldType type = field.type().innermostType();
                if (type instanceof RecordRef ref) {
                    schema.recordType(ref.name()).ifPresent(open::add);
                } else if (type instanceof UnionRef ref) {
                    addAlternativeRecords(ref, open, new HashSet<>());
                }
            }
        }
        return false;
    }

    /** Adds the records a union's alternatives hold, through lists and alternatives that are unions. */
    private void addAlternativeRecords(UnionRef ref, Deque<RecordType> open, Set<QualifiedName> unions) {
        if (!unions.add(ref.name())) {
            return;
        }
        schema.unionType(ref.name()).ifPresent(u -> u.alternatives().forEach(a -> {
            FieldType alternative = a.type().itemType();
            if (alternative instanceof RecordRef inner) {
                schema.recordType(inner.name()).ifPresent(open::add);
            } else if (alternative instanceof UnionRef inner) {
                addAlternativeRecords(inner, open, unions);
            }
        }));
    }

    /**
     * {@code typed} names the concrete record by {@code xsi:type}, among an abstract record's extensions: only a
     * field (or alternative) of an abstract record, or a list of them, has any to name.
     */
    private void checkTyped(Field field, String what, SourcePosition at) {
        if (XmlRecordBinding.typed(field) && !abstractRecord(field.type().itemType())) {
            diagnostics.error(at, what + " is typed (xsi:type names its record), which only an abstract record (or a"
                    + " list of them) can be: its extensions are the types xsi:type names");
        }
    }

    /**
     * {@code id} and {@code idref} are XML Schema's ID and IDREF: names, checked against each other when a record is
     * read, so only a string value (an attribute, the element's text or a child element of one value) is either.
     */
    private void checkIdentity(Field field, SourcePosition at) {
        XmlOptions options = XmlOptions.of(field);
        if (!options.id() && !options.idref()) {
            return;
        }
        if (options.id() && options.idref()) {
            diagnostics.error(at, "field '" + field.name() + "': id and idref exclude each other");
        } else if (!(field.type() instanceof StringType) || options.any()) {
            diagnostics.error(at, "field '" + field.name() + "' is " + (options.id() ? "an id" : "an idref")
                    + ", which only a string value can be: XML Schema's ID and IDREF are names");
        }
    }

    /** Whether a type is an abstract record: named as a record, or (resolved) as the union of its extensions. */
    private boolean abstractRecord(FieldType type) {
        if (type instanceof RecordRef ref) {
            return schema.recordType(ref.name()).map(RecordType::isAbstract).orElse(true);
        }
        return type instanceof UnionRef ref && schema.unionType(ref.name()).map(UnionType::fromAbstract).orElse(false);
    }

    /** An inline record's attributes are its holder's, which a record that may be absent or repeated cannot own. */
    private void checkInline(Field field, RecordType inline, boolean absentOrRepeated, SourcePosition at) {
        if (inline.fields().stream().anyMatch(XmlRecordBinding::text)) {
            diagnostics.error(at, "field '" + field.name() + "' is bound inline, but record '"
                    + inline.name().simpleName() + "' has a text field: its text would be the holder's");
        }
        if (absentOrRepeated && inline.fields().stream().anyMatch(XmlRecordBinding::attribute)) {
            diagnostics.error(at, "field '" + field.name() + "' is an optional or repeated inline record, but record '"
                    + inline.name().simpleName() + "' has attributes, which would be the holder's once only");
        }
    }

    private void checkUnion(UnionType union) {
        if (XmlRecordBinding.textUnion(union)) {
            checkTextUnion(union);
            return;
        }
        for (Field alternative : union.alternatives()) {
            xmlAnnotation(alternative.annotations()).ifPresent(xml -> checkTyped(alternative, "alternative '"
                    + alternative.name() + "' of union '" + union.name().simpleName() + "'", xml.position()));
            if (XmlRecordBinding.inline(alternative)) {
                FieldType type = alternative.type().itemType();
                if (!(type instanceof RecordRef ref)) {
                    diagnostics.error(xmlAnnotation(alternative.annotations()).orElseThrow().position(),
                            "alternative '" + alternative.name() + "' of union '" + union.name().simpleName()
                                    + "' is bound inline, which only a record (or a list of records) can be");
                    continue;
                }
                RecordType inline = schema.requireRecord(ref.name());
                if (inline.fields().stream().anyMatch(f -> XmlRecordBinding.attribute(f) || XmlRecordBinding.text(f))) {
                    diagnostics.error(alternative.position(), "alternative '" + alternative.name() + "' of union '"
                            + union.name().simpleName() + "' is bound inline, but record '" + ref.name().simpleName()
                            + "' has attributes or text, which would be the holder's");
                }
            }
        }
        // An element picks the alternative it begins outright, else the one it begins after elements that may be
        // absent (a list, which in the XSD may have been required); two at the same rank could not be told apart.
        Map<String, List<Field>> direct = new LinkedHashMap<>();
        Map<String, List<Field>> all = new LinkedHashMap<>();
        entered.add(union.name());
        for (Field alternative : union.alternatives()) {
            if (XmlRecordBinding.any(alternative)) {
                if (!(alternative.type() instanceof StringType)) {
                    diagnostics.error(alternative.position(), "alternative '" + alternative.name() + "' of union '"
                            + union.name().simpleName() + "' holds raw XML (any = true), which only a string can");
                }
                checkAnyNamespaces(alternative, "alternative '" + alternative.name() + "' of union '"
                        + union.name().simpleName() + "'", alternative.position());
                continue;
            }
            for (String element : directElements(union, alternative)) {
                direct.computeIfAbsent(element, e -> new ArrayList<>()).add(alternative);
            }
            for (String element : firstElements(union, alternative)) {
                all.computeIfAbsent(element, e -> new ArrayList<>()).add(alternative);
            }
        }
        entered.remove(union.name());
        all.forEach((element, alternatives) -> {
            List<Field> clash = direct.getOrDefault(element, List.of());
            if (clash.isEmpty()) {
                clash = alternatives;
            }
            // Alternatives of one name are reported as duplicates already.
            if (clash.size() > 1 && !clash.get(0).name().equals(clash.get(1).name())) {
                diagnostics.error(clash.get(1).position(), "alternatives '" + clash.get(0).name() + "' and '"
                        + clash.get(1).name() + "' of union '" + union.name().simpleName()
                        + "' can both begin with the element <" + element.substring(element.indexOf('}') + 1)
                        + ">, which could not pick one when read from XML");
            }
        });
    }

    /**
     * A union bound as one text: each alternative a single value (a scalar, a string, bytes, an enum), read from the
     * text or not; no element of its own, so no {@code inline} or {@code any}.
     */
    private void checkTextUnion(UnionType union) {
        for (Field alternative : union.alternatives()) {
            FieldType type = alternative.type();
            String problem = type instanceof RecordRef ? "a record" : type.isList() ? "a list"
                    : type instanceof UnionRef ? "a union" : null;
            if (problem != null) {
                diagnostics.error(alternative.type().position(), "alternative '" + alternative.name() + "' of union '"
                        + union.name().simpleName() + "' is " + problem + ", which cannot be read from a text: the"
                        + " union is bound as one text (@xml(text = true)), whose alternatives are single values");
            } else if (XmlRecordBinding.inline(alternative) || XmlRecordBinding.any(alternative)) {
                diagnostics.error(xmlAnnotation(alternative.annotations()).orElseThrow().position(), "alternative '"
                        + alternative.name() + "' of union '" + union.name().simpleName() + "' is bound inline or"
                        + " as raw XML, but the union is bound as one text (@xml(text = true))");
            }
        }
    }

    /** Whether a union field's alternatives' elements stand in its place: a union not bound as one text. */
    private boolean elementUnion(FieldType type) {
        return type instanceof UnionRef ref
                && schema.unionType(ref.name()).map(u -> !XmlRecordBinding.textUnion(u)).orElse(true);
    }

    /**
     * The elements that begin an alternative outright: its own element; an inline record's first field's; for an
     * abstract record's extension, its element when its {@code @xml(name)} gives it (a record named like the element
     * of another, which the XML Schema import makes for a type that has an element of its own, yields to it).
     */
    private Set<String> directElements(UnionType union, Field alternative) {
        if (elementUnion(alternative.type())) {
            return innerElements((UnionRef) alternative.type(), this::directElements);
        } else if (union.fromAbstract()) {
            RecordType extension = schema.requireRecord(((RecordRef) alternative.type()).name());
            return XmlRecordBinding.extensionNamed(extension) ? firstElements(union, alternative) : Set.of();
        } else if (XmlRecordBinding.inline(alternative) && alternative.type().itemType() instanceof RecordRef ref) {
            Set<String> elements = new HashSet<>();
            directOfRecord(schema.requireRecord(ref.name()), elements, new HashSet<>());
            return elements;
        }
        return firstElements(union, alternative);
    }

    private void directOfRecord(RecordType record, Set<String> elements, Set<Object> seen) {
        if (!seen.add(record.name())) {
            return;
        }
        for (Field field : record.fields()) {
            if (XmlRecordBinding.attribute(field) || XmlRecordBinding.text(field)) {
                continue;
            }
            FieldType element = field.type().itemType();
            if (elementUnion(element)) {
                UnionType union = schema.requireUnion(((UnionRef) element).name());
                union.alternatives().forEach(a -> elements.addAll(directElements(union, a)));
            } else if (element instanceof RecordRef ref && XmlRecordBinding.inline(field)) {
                directOfRecord(schema.requireRecord(ref.name()), elements, seen);
            } else if (!XmlRecordBinding.any(field)) {
                elements.add(qualified(XmlRecordBinding.fieldNamespace(field), XmlRecordBinding.name(field)));
            }
            return;
        }
    }

    /** The elements ({@code {namespace}name}, the namespace empty when not given) that can begin an alternative. */
    private Set<String> firstElements(UnionType union, Field alternative) {
        Set<String> elements = new HashSet<>();
        if (XmlRecordBinding.any(alternative)) {
            return elements;
        } else if (elementUnion(alternative.type())) {
            return innerElements((UnionRef) alternative.type(), this::firstElements);
        } else if (union.fromAbstract()) {
            RecordType extension = schema.requireRecord(((RecordRef) alternative.type()).name());
            elements.add(qualified(XmlRecordBinding.recordNamespace(extension),
                    XmlRecordBinding.extensionElement(extension)));
        } else if (XmlRecordBinding.inline(alternative) && alternative.type().itemType() instanceof RecordRef ref) {
            firstOfRecord(schema.requireRecord(ref.name()), elements, new HashSet<>());
        } else {
            elements.add(qualified(XmlRecordBinding.fieldNamespace(alternative), XmlRecordBinding.name(alternative)));
        }
        return elements;
    }

    /** Adds the elements that can begin a record's content: each field's, up to the first that must be there. */
    private void firstOfRecord(RecordType record, Set<String> elements, Set<Object> seen) {
        if (!seen.add(record.name())) {
            return;
        }
        for (Field field : record.fields()) {
            if (XmlRecordBinding.attribute(field) || XmlRecordBinding.text(field)) {
                continue;
            }
            FieldType type = field.type();
            FieldType element = type.itemType();
            boolean mayBeAbsent = field.optional() || type.isList() || field.defaultValue() != null;
            if (XmlRecordBinding.any(field)) {
                return; // any element can begin it: nothing more to learn
            } else if (elementUnion(element)) {
                UnionType union = schema.requireUnion(((UnionRef) element).name());
                for (Field alternative : union.alternatives()) {
                    elements.addAll(firstElements(union, alternative));
                }
            } else if (element instanceof RecordRef ref && XmlRecordBinding.inline(field)) {
                RecordType inline = schema.requireRecord(ref.name());
                firstOfRecord(inline, elements, seen);
                mayBeAbsent |= inline.fields().stream().allMatch(f -> f.optional() || f.type().isList()
                        || XmlRecordBinding.attribute(f));
            } else {
                elements.add(qualified(XmlRecordBinding.fieldNamespace(field), XmlRecordBinding.name(field)));
            }
            if (!mayBeAbsent) {
                return;
            }
        }
    }

    /**
     * The elements of an alternative that is a union: those of the inner union's alternatives, which stand in its
     * place. A union met again on the way (a cycle, refused by {@link UnionChecker}) adds nothing.
     */
    private Set<String> innerElements(UnionRef ref, java.util.function.BiFunction<UnionType, Field, Set<String>> of) {
        Set<String> elements = new HashSet<>();
        Optional<UnionType> inner = schema.unionType(ref.name());
        if (inner.isPresent() && entered.add(ref.name())) {
            inner.get().alternatives().forEach(a -> elements.addAll(of.apply(inner.get(), a)));
            entered.remove(ref.name());
        }
        return elements;
    }

    /**
     * The {@code @xml(namespace)} of a raw XML field or alternative is the namespaces its elements may be in, XML
     * Schema's namespace constraint of {@code xsd:any}: it must be one.
     */
    private void checkAnyNamespaces(Field field, String what, SourcePosition at) {
        Optional<String> namespaces = XmlRecordBinding.fieldNamespace(field);
        if (namespaces.isEmpty()) {
            return;
        }
        try {
            AnyNamespaces.of(namespaces.get(), "");
        } catch (IllegalArgumentException e) {
            diagnostics.error(at, what + " holds raw XML (any = true): its namespace " + e.getMessage());
        }
    }

    private static String qualified(Optional<String> namespace, String name) {
        return "{" + namespace.orElse("") + "}" + name;
    }

    private static Optional<Annotation> xmlAnnotation(List<Annotation> annotations) {
        return annotations.stream().filter(a -> a.name().equals("xml")).findFirst();
    }
}
