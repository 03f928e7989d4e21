package dev.sdo.compiler.xsd;

import static dev.sdo.compiler.xsd.ImportContext.content;
import static dev.sdo.compiler.xsd.ImportContext.doc;
import static dev.sdo.compiler.xsd.ImportContext.only;

import dev.sdo.compiler.xsd.SdoDeclarations.Annotation;
import dev.sdo.compiler.xsd.SdoDeclarations.Member;
import dev.sdo.compiler.xsd.SdoDeclarations.Record;
import dev.sdo.compiler.xsd.SdoDeclarations.Union;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps complex types, model groups and their particles to records and unions:
 * <ul>
 * <li>a sequence's elements become fields in order (nested sequences and required single group references are
 *     flattened); an optional or repeated sequence or group becomes a field of a record of its own, bound
 *     {@code @xml(inline = true)};
 * <li>a choice becomes a union (named {@code <Type>Choice}, or after its group), its alternatives named after their
 *     elements; a sequence in a choice is an inline record alternative;
 * <li>{@code xsd:extension} becomes {@code extends}, a restriction of complex content a record of its own;
 *     simple content a {@code value} field bound {@code @xml(text = true)} beside the attributes;
 * <li>a reference to the head of a substitution group becomes that group's union;
 * <li>{@code xsd:any} and mixed content become raw XML text, {@code @xml(any = true)}.
 * </ul>
 */
final class ComplexTypeMapper {
    /** The longest {@code aOrBOrC} field name made for a choice; longer ones are {@code aOrOther}. */
    private static final int MAX_JAXB_NAME = 40;
    private static final String MIXED_DOC = "The mixed content (text and elements), kept as raw XML text.";

    private final ImportContext context;
    private final SimpleTypeMapper simpleTypes;
    private final Map<XmlNode, String> recordNames = new IdentityHashMap<>();
    private final Map<XmlNode, Record> records = new IdentityHashMap<>();
    private final Map<String, Record> recordsByName = new HashMap<>();
    private final Map<XmlNode, Record> groupRecords = new IdentityHashMap<>();
    private final Map<XmlNode, Union> groupUnions = new IdentityHashMap<>();
    private final Map<XmlNode, Union> substitutionUnions = new IdentityHashMap<>();
    private final Map<XmlNode, List<XmlNode>> substitutes = new IdentityHashMap<>();

    /** A record being filled: its declaration, the prefix for names made inside it, its namespace and fields. */
    private record Target(Record record, String owner, String namespace, NameAllocator fields) {
        void add(Member member) {
            record.fields.add(member);
        }
    }

    /** An element's type as a field holds it, and the simple type behind it (null for records and unions). */
    private record ElementType(String type, SimpleTypeMapper.Mapped simple, boolean union) {}

    ComplexTypeMapper(ImportContext context, SimpleTypeMapper simpleTypes) {
        this.context = context;
        this.simpleTypes = simpleTypes;
        for (XmlNode element : context.set.globalElements()) {
            String heads = element.attribute("substitutionGroup");
            if (heads != null) {
                for (String head : heads.strip().split("\\s+")) {
                    XmlNode headElement = context.set.element(element.qName(head));
                    if (headElement == null) {
                        throw XsdException.at(element, "unknown substitution group head " + head);
                    }
                    substitutes.computeIfAbsent(headElement, h -> new ArrayList<>()).add(element);
                }
            }
        }
    }

    /** The record of a named or anonymous complex type, mapped on first use. */
    Record record(XmlNode complexType) {
        Record known = records.get(complexType);
        return known != null ? known : map(complexType);
    }

    /**
     * Makes the records of global elements document roots ({@code @xml(name = ..., namespace = ...)}): the record
     * of the element's type when no other global element has that type, else a record of its own that extends the
     * type's. Substitution group members that share a type get none (their group's union names them); an abstract
     * element or type is never a document's root.
     */
    void rootElements() {
        Map<XmlNode, List<XmlNode>> byType = new IdentityHashMap<>();
        List<XmlNode> roots = new ArrayList<>();
        for (XmlNode element : context.set.globalElements()) {
            if ("true".equals(element.attribute("abstract"))) {
                continue;
            }
            roots.add(element);
            String type = element.attribute("type");
            XmlNode complexType = type == null ? null : complexType(element.qName(type));
            if (complexType != null) {
                byType.computeIfAbsent(complexType, t -> new ArrayList<>()).add(element);
            }
        }
        for (XmlNode element : roots) {
            String xmlName = element.attribute("name");
            String namespace = context.set.namespaceOf(element);
            String type = element.attribute("type");
            XmlNode complexType = type == null ? null : complexType(element.qName(type));
            if (complexType != null) {
                Record record = record(complexType);
                if (record.isAbstract) {
                    continue;
                }
                if (byType.get(complexType).size() == 1) {
                    record.xmlRootName = xmlName;
                } else if (element.attribute("substitutionGroup") == null) {
                    Record root = generatedRecord(element, rootName(xmlName), namespace);
                    root.base = record.name;
                    root.xmlRootName = xmlName;
                }
                continue;
            }
            ElementType elementType = elementType(element, xmlName, "", false);
            if (elementType.simple() == null) {
                recordsByName.get(elementType.type()).xmlRootName = xmlName;
            } else {
                Record root = generatedRecord(element, rootName(xmlName), namespace);
                root.xmlRootName = xmlName;
                addValue(new Target(root, root.name, namespace, NameAllocator.forMembers()), elementType.simple());
            }
        }
    }

    /** The name of a record made for a global element: its name, or with {@code Element} when a type has it. */
    private String rootName(String xmlName) {
        String name = Identifiers.typeName(xmlName);
        return context.typeNames.isFree(name) ? name : name + "Element";
    }

    /** The record a complex type names, or null when the QName names a simple type. */
    XmlNode complexType(QName name) {
        XmlNode type = context.set.type(name);
        return type != null && type.localName().equals("complexType") ? type : null;
    }

    private Record map(XmlNode complexType) {
        String name = recordNames.computeIfAbsent(complexType, context::reservedName);
        Record record = new Record(name, context.place(complexType), doc(complexType));
        records.put(complexType, record);
        recordsByName.put(name, record);
        context.add(record);
        record.isAbstract = "true".equals(complexType.attribute("abstract"));
        String namespace = context.set.namespaceOf(complexType);
        record.xmlNamespace = namespace;
        Target target = new Target(record, name, namespace, NameAllocator.forMembers());
        if ("true".equals(complexType.attribute("mixed"))) {
            mixed(complexType, target);
            return record;
        }
        List<XmlNode> content = content(complexType);
        if (!content.isEmpty() && content.get(0).localName().equals("simpleContent")) {
            simpleContent(complexType, content.get(0), target);
        } else if (!content.isEmpty() && content.get(0).localName().equals("complexContent")) {
            complexContent(complexType, content.get(0), target);
        } else {
            addAll(complexType, target);
        }
        return record;
    }

    private void mixed(XmlNode complexType, Target target) {
        for (XmlNode child : content(complexType)) {
            if (child.localName().equals("simpleContent") || child.localName().equals("complexContent")) {
                throw XsdException.at(child, "mixed content with " + child.construct() + " is not supported");
            }
        }
        target.add(new Member(target.fields.allocate("content"), "string", true, null,
                List.of(Annotation.xml("any = true")), MIXED_DOC));
        for (XmlNode child : content(complexType)) {
            if (isAttribute(child)) {
                attribute(child, target);
            }
        }
    }

    private void simpleContent(XmlNode complexType, XmlNode simpleContent, Target target) {
        XmlNode derivation = derivation(simpleContent);
        QName base = derivation.qName(requireBase(derivation));
        XmlNode baseType = complexType(base);
        if (derivation.localName().equals("extension")) {
            if (baseType != null) {
                extend(target, baseType);
            } else {
                SimpleTypeMapper.Mapped value = simpleTypes.of(base, derivation);
                addValue(target, value);
            }
            addAll(derivation, target);
            return;
        }
        if (baseType == null) {
            throw XsdException.at(derivation, "xsd:restriction of simple content needs a complex base type");
        }
        XmlNode inline = only(derivation, "simpleType");
        SimpleTypeMapper.Facets facets = inline != null ? simpleTypes.facetsOfNode(inline) : valueFacets(baseType);
        addValue(target, simpleTypes.restricted(facets, derivation, target.owner + "Value"));
        for (XmlNode attribute : effectiveAttributes(complexType).values()) {
            attribute(attribute, target);
        }
    }

    private void addValue(Target target, SimpleTypeMapper.Mapped value) {
        target.add(new Member(target.fields.allocate("value"), value.type(), false, null,
                List.of(Annotation.xml("text = true")), temporalDoc(null, value)));
    }

    /** The facets of the value of a complex type with simple content, through its chain of bases. */
    private SimpleTypeMapper.Facets valueFacets(XmlNode complexType) {
        XmlNode simpleContent = only(complexType, "simpleContent");
        if (simpleContent == null) {
            throw XsdException.at(complexType, "the base of simple content must have simple content");
        }
        XmlNode derivation = derivation(simpleContent);
        QName base = derivation.qName(requireBase(derivation));
        XmlNode baseType = complexType(base);
        SimpleTypeMapper.Facets facets = baseType != null ? valueFacets(baseType) : simpleTypes.facetsOf(base, derivation);
        if (derivation.localName().equals("restriction")) {
            return simpleTypes.restrictedFacets(facets, derivation);
        }
        return facets;
    }

    private void complexContent(XmlNode complexType, XmlNode complexContent, Target target) {
        if ("true".equals(complexContent.attribute("mixed"))) {
            throw XsdException.at(complexContent, "mixed complex content is not supported");
        }
        XmlNode derivation = derivation(complexContent);
        QName base = derivation.qName(requireBase(derivation));
        boolean fromAnyType = base.equals(new QName(XsdSchemaSet.XSD, "anyType"));
        XmlNode baseType = fromAnyType ? null : complexType(base);
        if (!fromAnyType && baseType == null) {
            throw XsdException.at(derivation, "unknown complex type " + base.localName());
        }
        if (derivation.localName().equals("extension") && baseType != null) {
            extend(target, baseType);
            addAll(derivation, target);
            return;
        }
        // A restriction repeats the content it keeps; attributes it does not mention are inherited.
        for (XmlNode child : content(derivation)) {
            if (!isAttribute(child)) {
                particle(child, target);
            }
        }
        for (XmlNode attribute : effectiveAttributes(complexType).values()) {
            attribute(attribute, target);
        }
    }

    private void extend(Target target, XmlNode baseType) {
        Record base = record(baseType);
        target.record.base = base.name;
        for (Record r = base; r != null; r = r.base == null ? null : recordsByName.get(r.base)) {
            for (Member field : r.fields) {
                target.fields.reserve(field.name());
            }
        }
    }

    private static XmlNode derivation(XmlNode content) {
        XmlNode extension = only(content, "extension");
        XmlNode restriction = only(content, "restriction");
        if ((extension == null) == (restriction == null)) {
            throw XsdException.at(content, content.construct() + " needs one xsd:extension or xsd:restriction");
        }
        return extension != null ? extension : restriction;
    }

    private static String requireBase(XmlNode derivation) {
        String base = derivation.attribute("base");
        if (base == null) {
            throw XsdException.at(derivation, derivation.construct() + " needs a base");
        }
        return base;
    }

    /** Adds the particles and attributes of a complex type or a derivation, in the order written. */
    private void addAll(XmlNode container, Target target) {
        for (XmlNode child : content(container)) {
            if (isAttribute(child)) {
                attribute(child, target);
            } else {
                particle(child, target);
            }
        }
    }

    private static boolean isAttribute(XmlNode node) {
        return switch (node.localName()) {
            case "attribute", "attributeGroup", "anyAttribute" -> true;
            default -> false;
        };
    }

    // ---------------------------------------------------------------------------------------------------------
    // Particles

    private void particle(XmlNode particle, Target target) {
        particle(particle, target, Occurs.of(particle));
    }

    /** Adds a particle that occurs as {@code occurs} says (its own, or combined with a sequence around it). */
    private void particle(XmlNode particle, Target target, Occurs occurs) {
        switch (particle.localName()) {
            case "element" -> {
                if (occurs.max() > 0) {
                    target.add(element(particle, target, target.fields, occurs));
                }
            }
            case "sequence" -> sequence(particle, target, occurs);
            case "choice" -> choice(particle, target, occurs);
            case "group" -> groupReference(particle, target, occurs);
            case "any" -> target.add(any(particle, target.fields, occurs));
            case "all" -> throw XsdException.at(particle, "xsd:all is not supported");
            default -> throw XsdException.at(particle, "unexpected " + particle.construct() + " in "
                    + particle.parent().construct());
        }
    }

    private void sequence(XmlNode sequence, Target target, Occurs occurs) {
        List<XmlNode> content = content(sequence);
        if (occurs.single()) {
            for (XmlNode child : content) {
                particle(child, target);
            }
            return;
        }
        if (content.size() == 1) {
            // An optional or repeated sequence of one particle is that particle, optional or repeated.
            particle(content.get(0), target, Occurs.of(content.get(0)).within(occurs));
            return;
        }
        String first = firstElementName(sequence);
        Record record = generatedRecord(sequence, target.owner + Identifiers.typeName(first) + "Sequence",
                target.namespace);
        fill(record, sequence, target.owner, target.namespace);
        target.add(new Member(target.fields.allocate(Identifiers.fieldName(first) + "Sequence"),
                occurs.wrap(record.name), occurs.optional(), null, List.of(Annotation.xml("inline = true")),
                doc(sequence)));
    }

    private void choice(XmlNode choice, Target target, Occurs occurs) {
        Union union = union(choice, target.owner + "Choice", target);
        target.add(new Member(target.fields.allocate(choiceFieldName(union)), occurs.wrap(union.name),
                !occurs.repeated() && (occurs.min() == 0 || emptiable(choice)), null, List.of(), doc(choice)));
    }

    private void groupReference(XmlNode reference, Target target, Occurs occurs) {
        XmlNode group = group(reference);
        XmlNode model = model(group);
        if (model.localName().equals("sequence")) {
            if (occurs.single()) {
                for (XmlNode child : content(model)) {
                    particle(child, target);
                }
                return;
            }
            Record record = groupRecord(group);
            target.add(new Member(target.fields.allocate(Identifiers.fieldName(record.name)),
                    occurs.wrap(record.name), occurs.optional(), null, List.of(Annotation.xml("inline = true")),
                    doc(group)));
            return;
        }
        Union union = groupUnion(group);
        target.add(new Member(target.fields.allocate(Identifiers.fieldName(union.name)), occurs.wrap(union.name),
                !occurs.repeated() && (occurs.min() == 0 || emptiable(model)), null, List.of(), doc(group)));
    }

    private XmlNode group(XmlNode reference) {
        String ref = reference.attribute("ref");
        if (ref == null) {
            throw XsdException.at(reference, "a local xsd:group needs a ref");
        }
        XmlNode group = context.set.group(reference.qName(ref));
        if (group == null) {
            throw XsdException.at(reference, "unknown group " + ref);
        }
        return group;
    }

    private static XmlNode model(XmlNode group) {
        List<XmlNode> content = content(group);
        if (content.size() != 1) {
            throw XsdException.at(group, "xsd:group needs one xsd:sequence or xsd:choice");
        }
        XmlNode model = content.get(0);
        if (model.localName().equals("all")) {
            throw XsdException.at(model, "xsd:all is not supported");
        }
        if (!model.localName().equals("sequence") && !model.localName().equals("choice")) {
            throw XsdException.at(model, "unexpected " + model.construct() + " in xsd:group");
        }
        return model;
    }

    private Record groupRecord(XmlNode group) {
        Record known = groupRecords.get(group);
        if (known != null) {
            return known;
        }
        String namespace = context.set.namespaceOf(group);
        Record record = generatedRecord(group, context.reservedName(group), namespace);
        groupRecords.put(group, record);
        fill(record, model(group), record.name, namespace);
        return record;
    }

    private Union groupUnion(XmlNode group) {
        Union known = groupUnions.get(group);
        if (known != null) {
            return known;
        }
        String name = context.reservedName(group);
        Target owner = new Target(null, name, context.set.namespaceOf(group), NameAllocator.forMembers());
        Union union = context.add(new Union(name, context.place(group), doc(group)));
        groupUnions.put(group, union);
        alternatives(model(group), union, NameAllocator.forMembers(), owner);
        return union;
    }

    private Record generatedRecord(XmlNode at, String wantedName, String namespace) {
        String name = at.localName().equals("group") ? wantedName : context.typeNames.allocate(wantedName);
        Record record = new Record(name, context.place(at), doc(at));
        record.xmlNamespace = namespace;
        recordsByName.put(record.name, record);
        return context.add(record);
    }

    /**
     * Fills a generated record with the particles of a sequence; what it needs named in turn is named after
     * {@code owner}, the type or group it is part of (so that names do not grow with every level of nesting).
     */
    private void fill(Record record, XmlNode sequence, String owner, String namespace) {
        Target target = new Target(record, owner, namespace, NameAllocator.forMembers());
        for (XmlNode child : content(sequence)) {
            particle(child, target);
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Choices

    private Union union(XmlNode choice, String wantedName, Target target) {
        Union union = context.add(new Union(context.typeNames.allocate(wantedName), context.place(choice),
                doc(choice)));
        alternatives(choice, union, NameAllocator.forMembers(), target);
        if (union.alternatives.isEmpty()) {
            throw XsdException.at(choice, "an empty xsd:choice is not supported");
        }
        return union;
    }

    private void alternatives(XmlNode choice, Union union, NameAllocator names, Target target) {
        for (XmlNode particle : content(choice)) {
            alternative(particle, union, names, target, Occurs.of(particle));
        }
    }

    private void alternative(XmlNode particle, Union union, NameAllocator names, Target target, Occurs occurs) {
        switch (particle.localName()) {
            case "element" -> {
                if (occurs.max() > 0) {
                    Member field = element(particle, target, names, occurs);
                    union.alternatives.add(new Member(field.name(), field.type(), false, null,
                            field.annotations(), field.doc()));
                }
            }
            case "sequence" -> {
                List<XmlNode> content = content(particle);
                if (content.size() == 1) {
                    alternative(content.get(0), union, names, target, Occurs.of(content.get(0)).within(occurs));
                    return;
                }
                String first = firstElementName(particle);
                Record record = generatedRecord(particle,
                        target.owner + Identifiers.typeName(first) + "Sequence", target.namespace);
                fill(record, particle, target.owner, target.namespace);
                union.alternatives.add(new Member(names.allocate(Identifiers.fieldName(first)),
                        occurs.wrap(record.name), false, null, List.of(Annotation.xml("inline = true")),
                        doc(particle)));
            }
            case "choice" -> {
                if (occurs.single()) {
                    alternatives(particle, union, names, target);
                    return;
                }
                Union inner = union(particle, target.owner + "Choice", target);
                union.alternatives.add(new Member(names.allocate(choiceFieldName(inner)), occurs.wrap(inner.name),
                        false, null, List.of(), doc(particle)));
            }
            case "group" -> {
                XmlNode group = group(particle);
                XmlNode model = model(group);
                if (model.localName().equals("sequence")) {
                    Record record = groupRecord(group);
                    union.alternatives.add(new Member(names.allocate(Identifiers.fieldName(record.name)),
                            occurs.wrap(record.name), false, null, List.of(Annotation.xml("inline = true")),
                            doc(group)));
                } else if (occurs.single()) {
                    alternatives(model, union, names, target);
                } else {
                    Union inner = groupUnion(group);
                    union.alternatives.add(new Member(names.allocate(Identifiers.fieldName(inner.name)),
                            occurs.wrap(inner.name), false, null, List.of(), doc(group)));
                }
            }
            case "any" -> {
                Member any = any(particle, names, occurs);
                union.alternatives.add(new Member(any.name(), any.type(), false, null, any.annotations(), any.doc()));
            }
            case "all" -> throw XsdException.at(particle, "xsd:all is not supported");
            default -> throw XsdException.at(particle, "unexpected " + particle.construct() + " in xsd:choice");
        }
    }

    /**
     * The name of a field holding a choice, after its alternatives as JAXB names them ({@code fixedRateOrFloatingRate})
     * when there are two or three and the name stays short, else after the first ({@code x509IssuerSerialOrOther}).
     */
    private static String choiceFieldName(Union union) {
        String first = strip(union.alternatives.get(0).name());
        if (union.alternatives.size() == 1) {
            return first;
        }
        StringBuilder name = new StringBuilder(first);
        for (int i = 1; i < union.alternatives.size(); i++) {
            name.append("Or").append(capitalized(strip(union.alternatives.get(i).name())));
        }
        return union.alternatives.size() <= 3 && name.length() <= MAX_JAXB_NAME ? name.toString() : first + "OrOther";
    }

    private static String strip(String name) {
        return name.endsWith("_") ? name.substring(0, name.length() - 1) : name;
    }

    private static String capitalized(String name) {
        return name.isEmpty() ? name : Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    /** Whether a particle can match nothing at all (then a choice of it may be absent). */
    private boolean emptiable(XmlNode particle) {
        Occurs occurs = Occurs.of(particle);
        if (occurs.min() == 0) {
            return true;
        }
        return switch (particle.localName()) {
            case "sequence" -> content(particle).stream().allMatch(this::emptiable);
            case "choice" -> content(particle).stream().anyMatch(this::emptiable);
            case "group" -> emptiable(model(group(particle)));
            default -> false;
        };
    }

    /** The name of the first element a particle can start with, for the names of generated records. */
    private String firstElementName(XmlNode particle) {
        for (XmlNode child : content(particle)) {
            switch (child.localName()) {
                case "element" -> {
                    String name = child.attribute("name");
                    return name != null ? name : child.qName(child.attribute("ref", "element")).localName();
                }
                case "sequence", "choice" -> {
                    return firstElementName(child);
                }
                case "group" -> {
                    return firstElementName(model(group(child)));
                }
                case "any" -> {
                    return "any";
                }
                default -> { }
            }
        }
        return "sequence";
    }

    // ---------------------------------------------------------------------------------------------------------
    // Elements

    private Member element(XmlNode element, Target target, NameAllocator names, Occurs occurs) {
        XmlNode declaration = element;
        String xmlName;
        String namespace;
        String ref = element.attribute("ref");
        if (ref != null) {
            QName name = element.qName(ref);
            declaration = context.set.element(name);
            if (declaration == null) {
                throw XsdException.at(element, "unknown element " + ref);
            }
            xmlName = name.localName();
            namespace = name.namespace();
        } else {
            xmlName = element.attribute("name");
            if (xmlName == null) {
                throw XsdException.at(element, "xsd:element needs a name or a ref");
            }
            String form = element.attribute("form");
            boolean qualified = form != null ? form.equals("qualified") : context.set.fileOf(element).elementsQualified();
            namespace = qualified ? context.set.namespaceOf(element) : "";
        }
        if (ref != null && "true".equals(declaration.attribute("abstract")) && !substitutes.containsKey(declaration)) {
            // An extension point that no element of this schema fills: what other schemas put there is kept.
            String doc = doc(element) != null ? doc(element) : doc(declaration);
            // Only another schema's element can stand for it, so only an element of another namespace is taken:
            // one of this namespace is the next particle's (FpML's additionalEvent before eligibleForClearing).
            String note = "Elements of other namespaces that may stand for the abstract element " + xmlName
                    + " (none in this schema), kept as raw XML text.";
            return new Member(names.allocate(Identifiers.fieldName(xmlName)), occurs.wrap("string"),
                    occurs.optional(), null, List.of(Annotation.xml("any = true", "namespace = \"##other\"")),
                    doc == null ? note : doc + "\n\n" + note);
        }
        if ("true".equals(declaration.attribute("nillable"))) {
            throw XsdException.at(declaration, "nillable elements are not supported");
        }
        ElementType type = elementType(declaration, xmlName, target.owner, ref != null);
        String name = names.allocate(Identifiers.fieldName(xmlName));
        List<String> xml = new ArrayList<>();
        if (!type.union()) {
            if (!name.equals(xmlName)) {
                xml.add("name = " + Identifiers.literal(xmlName));
            }
            if (!namespace.equals(target.namespace)) {
                xml.add("namespace = " + Identifiers.literal(namespace));
            }
            if (typeSubstituted(declaration)) {
                xml.add("typed = true");
            }
            if (type.simple() != null && type.simple().identity() != null && !occurs.repeated()) {
                xml.add(type.simple().identity() + " = true");
            }
        }
        String defaultValue = null;
        String given = declaration.attribute("default", declaration.attribute("fixed"));
        if (given != null && type.simple() != null && !occurs.repeated()) {
            type = new ElementType(type.simple().forDefault().type(), type.simple().forDefault(), false);
            defaultValue = type.simple().literal(given);
            if (defaultValue == null) {
                throw XsdException.at(declaration, "the default \"" + given + "\" is no value of its type");
            }
        }
        String doc = doc(element);
        if (doc == null && declaration != element) {
            doc = doc(declaration);
        }
        return new Member(name, occurs.wrap(type.type()), occurs.optional() && defaultValue == null, defaultValue,
                xml.isEmpty() ? List.of() : List.of(new Annotation("xml", xml)), temporalDoc(doc, type.simple()));
    }

    /**
     * The type of an element's declaration: the union of its substitution group when it heads one (and
     * {@code substitutable}), else its named or anonymous type, else its head's type.
     */
    private ElementType elementType(XmlNode declaration, String xmlName, String owner, boolean substitutable) {
        if (substitutable && (substitutes.containsKey(declaration) || "true".equals(declaration.attribute("abstract")))) {
            return new ElementType(substitutionUnion(declaration).name, null, true);
        }
        String type = declaration.attribute("type");
        if (type != null) {
            QName name = declaration.qName(type);
            if (name.equals(new QName(XsdSchemaSet.XSD, "anyType"))) {
                throw XsdException.at(declaration, "an element of type xsd:anyType is not supported");
            }
            XmlNode complexType = complexType(name);
            if (complexType != null) {
                return new ElementType(record(complexType).name, null, false);
            }
            SimpleTypeMapper.Mapped simple = simpleTypes.of(name, declaration);
            return new ElementType(simple.type(), simple, false);
        }
        XmlNode anonymous = only(declaration, "complexType");
        boolean global = declaration.parent().localName().equals("schema");
        String wanted = global ? Identifiers.typeName(xmlName) : owner + Identifiers.typeName(xmlName);
        if (anonymous != null) {
            recordNames.computeIfAbsent(anonymous, a -> context.typeNames.allocate(wanted));
            return new ElementType(record(anonymous).name, null, false);
        }
        XmlNode simpleType = only(declaration, "simpleType");
        if (simpleType != null) {
            SimpleTypeMapper.Mapped simple = simpleTypes.anonymous(simpleType, wanted);
            return new ElementType(simple.type(), simple, false);
        }
        String head = declaration.attribute("substitutionGroup");
        if (head != null) {
            XmlNode headElement = context.set.element(declaration.qName(head.strip().split("\\s+")[0]));
            return elementType(headElement, headElement.attribute("name"), owner, false);
        }
        throw XsdException.at(declaration, "an element without a type (xsd:anyType) is not supported");
    }

    /**
     * Whether an element that is not abstract is declared of an abstract complex type (its own, or its head's): its
     * instances name a type derived from it with {@code xsi:type} (XML Schema's type substitution), which
     * {@code @xml(typed = true)} reads.
     */
    private boolean typeSubstituted(XmlNode declaration) {
        return !"true".equals(declaration.attribute("abstract")) && abstractType(declaration);
    }

    /** Whether an element's type, declared or its head's, is an abstract complex type. */
    private boolean abstractType(XmlNode declaration) {
        String type = declaration.attribute("type");
        if (type != null) {
            XmlNode complexType = complexType(declaration.qName(type));
            return complexType != null && "true".equals(complexType.attribute("abstract"));
        }
        String head = declaration.attribute("substitutionGroup");
        if (head == null || only(declaration, "complexType") != null || only(declaration, "simpleType") != null) {
            return false;
        }
        return abstractType(context.set.element(declaration.qName(head.strip().split("\\s+")[0])));
    }

    /**
     * The union of the elements that may stand where a substitution group's head is referenced: the head unless
     * abstract, and its members (and theirs) unless abstract, in load order, named by their element names.
     */
    Union substitutionUnion(XmlNode head) {
        Union known = substitutionUnions.get(head);
        if (known != null) {
            return known;
        }
        String headName = head.attribute("name");
        Union union = context.add(new Union(context.typeNames.allocate(Identifiers.typeName(headName) + "Substitution"),
                context.place(head), "The elements that may stand for " + headName + " (its substitution group)."));
        substitutionUnions.put(head, union);
        NameAllocator names = NameAllocator.forMembers();
        String headNamespace = context.set.namespaceOf(head);
        List<XmlNode> members = new ArrayList<>();
        collectMembers(head, members);
        for (XmlNode member : members) {
            String xmlName = member.attribute("name");
            ElementType type = elementType(member, xmlName, "", false);
            String name = names.allocate(Identifiers.fieldName(xmlName));
            List<String> xml = new ArrayList<>();
            if (!name.equals(xmlName)) {
                xml.add("name = " + Identifiers.literal(xmlName));
            }
            String namespace = context.set.namespaceOf(member);
            if (!namespace.equals(headNamespace)) {
                xml.add("namespace = " + Identifiers.literal(namespace));
            }
            if (typeSubstituted(member)) {
                xml.add("typed = true");
            }
            union.alternatives.add(new Member(name, type.type(), false, null,
                    xml.isEmpty() ? List.of() : List.of(new Annotation("xml", xml)), doc(member)));
        }
        if (union.alternatives.isEmpty()) {
            throw XsdException.at(head, "the abstract element " + headName + " has no element that may stand for it");
        }
        return union;
    }

    private void collectMembers(XmlNode element, List<XmlNode> members) {
        if (!"true".equals(element.attribute("abstract")) && !members.contains(element)) {
            members.add(element);
        }
        for (XmlNode member : substitutes.getOrDefault(element, List.of())) {
            if (!members.contains(member)) {
                collectMembers(member, members);
            }
        }
    }

    private static Member any(XmlNode any, NameAllocator names, Occurs occurs) {
        String namespaces = any.attribute("namespace", "##any").strip().replaceAll("\\s+", " ");
        String doc = doc(any);
        String note = "Any element" + (occurs.repeated() ? "s" : "") + " (namespace " + namespaces
                + "), kept as raw XML text.";
        // The wildcard's namespaces, which its elements must be in (all of them when it names none).
        List<Annotation> xml = namespaces.equals("##any") ? List.of(Annotation.xml("any = true"))
                : List.of(Annotation.xml("any = true", "namespace = " + Identifiers.literal(namespaces)));
        return new Member(names.allocate("any"), occurs.wrap("string"), occurs.optional(), null, xml,
                doc == null ? note : doc + "\n\n" + note);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Attributes

    private void attribute(XmlNode node, Target target) {
        switch (node.localName()) {
            case "attribute" -> {
                if (!"prohibited".equals(node.attribute("use"))) {
                    target.add(attributeField(node, target));
                }
            }
            case "attributeGroup" -> {
                for (XmlNode child : content(attributeGroup(node))) {
                    attribute(child, target);
                }
            }
            case "anyAttribute" -> throw XsdException.at(node, "xsd:anyAttribute is not supported");
            default -> throw XsdException.at(node, "unexpected " + node.construct());
        }
    }

    private XmlNode attributeGroup(XmlNode reference) {
        String ref = reference.attribute("ref");
        XmlNode group = ref == null ? null : context.set.attributeGroup(reference.qName(ref));
        if (group == null) {
            throw XsdException.at(reference, "unknown attribute group " + ref);
        }
        return group;
    }

    private Member attributeField(XmlNode attribute, Target target) {
        XmlNode declaration = attribute;
        String xmlName;
        String namespace;
        String ref = attribute.attribute("ref");
        SimpleTypeMapper.Mapped type;
        if (ref != null) {
            QName name = attribute.qName(ref);
            xmlName = name.localName();
            namespace = name.namespace();
            if (namespace.equals("http://www.w3.org/XML/1998/namespace")) {
                type = simpleTypes.of(new QName(XsdSchemaSet.XSD, "string"), attribute);
            } else {
                declaration = context.set.attribute(name);
                if (declaration == null) {
                    throw XsdException.at(attribute, "unknown attribute " + ref);
                }
                type = attributeType(declaration, target.owner + Identifiers.typeName(xmlName));
            }
        } else {
            xmlName = attribute.attribute("name");
            if (xmlName == null) {
                throw XsdException.at(attribute, "xsd:attribute needs a name or a ref");
            }
            String form = attribute.attribute("form");
            boolean qualified = form != null ? form.equals("qualified")
                    : context.set.fileOf(attribute).attributesQualified();
            namespace = qualified ? context.set.namespaceOf(attribute) : "";
            type = attributeType(attribute, target.owner + Identifiers.typeName(xmlName));
        }
        String name = target.fields.allocate(Identifiers.fieldName(xmlName));
        List<String> xml = new ArrayList<>();
        if (!name.equals(xmlName)) {
            xml.add("name = " + Identifiers.literal(xmlName));
        }
        if (!namespace.isEmpty()) {
            xml.add("namespace = " + Identifiers.literal(namespace));
        }
        xml.add("attribute = true");
        if (type.identity() != null) {
            xml.add(type.identity() + " = true");
        }
        String given = attribute.attribute("default", attribute.attribute("fixed",
                declaration.attribute("default", declaration.attribute("fixed"))));
        String defaultValue = null;
        if (given != null) {
            type = type.forDefault();
            defaultValue = type.literal(given);
            if (defaultValue == null) {
                throw XsdException.at(attribute, "the default \"" + given + "\" is no value of its type");
            }
        }
        boolean required = "required".equals(attribute.attribute("use"));
        String doc = doc(attribute);
        if (doc == null && declaration != attribute) {
            doc = doc(declaration);
        }
        return new Member(name, type.type(), !required && defaultValue == null, defaultValue,
                List.of(new Annotation("xml", xml)), temporalDoc(doc, type));
    }

    private SimpleTypeMapper.Mapped attributeType(XmlNode declaration, String enumName) {
        String type = declaration.attribute("type");
        if (type != null) {
            return simpleTypes.of(declaration.qName(type), declaration);
        }
        XmlNode simpleType = only(declaration, "simpleType");
        if (simpleType != null) {
            return simpleTypes.anonymous(simpleType, enumName);
        }
        return simpleTypes.of(new QName(XsdSchemaSet.XSD, "anySimpleType"), declaration);
    }

    /**
     * The attributes a complex type has, its bases' included, by name: what a restriction inherits (a
     * restriction may change an attribute's type or use, or prohibit it).
     */
    private Map<String, XmlNode> effectiveAttributes(XmlNode complexType) {
        Map<String, XmlNode> attributes = new LinkedHashMap<>();
        XmlNode container = complexType;
        for (XmlNode child : content(complexType)) {
            if (child.localName().equals("simpleContent") || child.localName().equals("complexContent")) {
                container = derivation(child);
                QName base = container.qName(requireBase(container));
                XmlNode baseType = complexType(base);
                if (baseType != null) {
                    attributes.putAll(effectiveAttributes(baseType));
                }
            }
        }
        collectAttributes(container, attributes);
        return attributes;
    }

    private void collectAttributes(XmlNode container, Map<String, XmlNode> attributes) {
        for (XmlNode child : content(container)) {
            switch (child.localName()) {
                case "attribute" -> {
                    String key = child.attribute("name", child.attribute("ref"));
                    if ("prohibited".equals(child.attribute("use"))) {
                        attributes.remove(key);
                    } else {
                        attributes.put(key, child);
                    }
                }
                case "attributeGroup" -> collectAttributes(attributeGroup(child), attributes);
                case "anyAttribute" -> throw XsdException.at(child, "xsd:anyAttribute is not supported");
                default -> { }
            }
        }
    }

    /** A doc comment, with a note when the value is a date or time kept as its text. */
    private static String temporalDoc(String doc, SimpleTypeMapper.Mapped type) {
        if (type == null || type.temporal() == null) {
            return doc;
        }
        if (type.kind() == SimpleTypeMapper.Kind.DATE) {
            String note = "An xsd:date: a date, or its text as written (a time zone offset, a year outside 1900..2258).";
            return doc == null ? note : doc + "\n\n" + note;
        }
        String carries = switch (type.temporal()) {
            case "xsd:dateTime", "xsd:dateTimeStamp", "xsd:time" -> " (time zone offset and fractional seconds included)";
            case "xsd:duration", "xsd:dayTimeDuration", "xsd:yearMonthDuration" -> "";
            default -> " (time zone offset included)";
        };
        String note = "An " + type.temporal() + ", kept exactly as written" + carries + ".";
        return doc == null ? note : doc + "\n\n" + note;
    }
}
