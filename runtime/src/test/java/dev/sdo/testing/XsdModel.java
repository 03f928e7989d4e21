package dev.sdo.testing;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * The components of a set of XSD files, read with the JDK's DOM straight from the XML Schema structures (part 1 of
 * the spec), independently of the project's XSD importer: global and local element declarations, complex and simple
 * type definitions (extension and restriction of simple and complex content, lists, unions, facets through
 * restriction chains), model groups and group references, attribute uses and attribute groups, wildcards and
 * substitution groups. Only what {@link XsdInstances} needs to write valid instances; identity constraints, {@code
 * block}/{@code final}, {@code redefine}, {@code anyAttribute} and {@code nillable} are not modelled.
 */
final class XsdModel {
    static final String XS = XMLConstants.W3C_XML_SCHEMA_NS_URI;
    static final long INF = Long.MAX_VALUE / 4;

    /** One schema document and what its {@code xsd:schema} element says for the declarations in it. */
    record Doc(Path path, String targetNamespace, boolean elementsQualified, boolean attributesQualified,
               boolean chameleon) {
    }

    private record Src(Element element, Doc doc) {
    }

    /** An element declaration, global or local. */
    static final class ElementDecl {
        final QName name;
        final boolean global;
        final boolean isAbstract;
        final String fixed;
        final String defaultValue;
        final Element source;
        final Doc doc;
        TypeDef type;
        final List<ElementDecl> directMembers = new ArrayList<>();
        List<ElementDecl> substitutes;
        long minSize = INF;

        ElementDecl(QName name, boolean global, boolean isAbstract, String fixed, String defaultValue,
                    Element source, Doc doc) {
            this.name = name;
            this.global = global;
            this.isAbstract = isAbstract;
            this.fixed = fixed;
            this.defaultValue = defaultValue;
            this.source = source;
            this.doc = doc;
        }

        @Override
        public String toString() {
            return "element " + name;
        }
    }

    abstract static class TypeDef {
        final QName name;

        TypeDef(QName name) {
            this.name = name;
        }
    }

    enum Variety { ATOMIC, LIST, UNION }

    /** A simple type with its facets accumulated through its restriction chain. */
    static final class SimpleTypeDef extends TypeDef {
        Variety variety = Variety.ATOMIC;
        /** The built-in type (local name in the XSD namespace) that this atomic type restricts, transitively. */
        String builtin;
        List<String> enumeration;
        /** Each restriction step's patterns: a value matches one pattern of every step. */
        List<List<String>> patterns = new ArrayList<>();
        Integer length;
        Integer minLength;
        Integer maxLength;
        BigDecimal minInclusive;
        BigDecimal maxInclusive;
        BigDecimal minExclusive;
        BigDecimal maxExclusive;
        Integer totalDigits;
        Integer fractionDigits;
        SimpleTypeDef itemType;
        List<SimpleTypeDef> members = new ArrayList<>();

        SimpleTypeDef(QName name) {
            super(name);
        }

        SimpleTypeDef derive(QName newName) {
            SimpleTypeDef d = new SimpleTypeDef(newName);
            d.variety = variety;
            d.builtin = builtin;
            d.enumeration = enumeration;
            d.patterns = new ArrayList<>(patterns);
            d.length = length;
            d.minLength = minLength;
            d.maxLength = maxLength;
            d.minInclusive = minInclusive;
            d.maxInclusive = maxInclusive;
            d.minExclusive = minExclusive;
            d.maxExclusive = maxExclusive;
            d.totalDigits = totalDigits;
            d.fractionDigits = fractionDigits;
            d.itemType = itemType;
            d.members = members;
            return d;
        }

        @Override
        public String toString() {
            return "simpleType " + (name == null ? "(anonymous, " + builtin + ")" : name);
        }
    }

    record AttributeUse(QName name, SimpleTypeDef type, boolean required, String defaultValue, String fixed) {
    }

    static final class ComplexTypeDef extends TypeDef {
        boolean isAbstract;
        boolean mixed;
        /** The content model, or null for empty (or simple) content. */
        Particle content;
        /** The type of the text of simple content, or null. */
        SimpleTypeDef simpleContent;
        List<AttributeUse> attributes = new ArrayList<>();
        ComplexTypeDef base;
        final List<ComplexTypeDef> derived = new ArrayList<>();
        boolean anyType;

        ComplexTypeDef(QName name) {
            super(name);
        }

        @Override
        public String toString() {
            return "complexType " + (name == null ? "(anonymous)" : name);
        }
    }

    enum Compositor { SEQUENCE, CHOICE, ALL }

    record Group(Compositor compositor, List<Particle> particles) {
    }

    /** A wildcard; {@code namespaces} lists the allowed namespaces ("": none) unless {@code any} or {@code other}. */
    record Wildcard(boolean any, boolean other, String targetNamespace, List<String> namespaces, String process) {
        boolean allows(String ns) {
            if (any) {
                return true;
            }
            if (other) {
                return !ns.isEmpty() && !ns.equals(targetNamespace);
            }
            return namespaces.contains(ns);
        }
    }

    /** A term (ElementDecl, Group or Wildcard) with its occurrence range; max -1 is unbounded. */
    record Particle(int min, int max, Object term) {
    }

    final Map<QName, Src> globalElementSources = new LinkedHashMap<>();
    private final Map<QName, Src> complexTypeSources = new LinkedHashMap<>();
    private final Map<QName, Src> simpleTypeSources = new LinkedHashMap<>();
    private final Map<QName, Src> groupSources = new LinkedHashMap<>();
    private final Map<QName, Src> attributeGroupSources = new LinkedHashMap<>();
    private final Map<QName, Src> attributeSources = new LinkedHashMap<>();

    final Map<QName, ElementDecl> globalElements = new LinkedHashMap<>();
    final Map<QName, TypeDef> namedTypes = new LinkedHashMap<>();
    private final Map<Element, TypeDef> anonymousTypes = new IdentityHashMap<>();
    private final Map<Element, ElementDecl> localElements = new IdentityHashMap<>();
    private final Map<QName, Group> groups = new LinkedHashMap<>();
    final List<ElementDecl> allDecls = new ArrayList<>();
    final List<Wildcard> strictWildcards = new ArrayList<>();
    private final Set<Path> loaded = new LinkedHashSet<>();
    private final DocumentBuilder parser;

    private XsdModel() {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            parser = factory.newDocumentBuilder();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }

    static XsdModel load(Path entry) {
        XsdModel model = new XsdModel();
        model.read(entry.toAbsolutePath().normalize(), null);
        model.build();
        return model;
    }

    // ---------------------------------------------------------------------------------------------- reading files

    private void read(Path path, String includingNamespace) {
        if (!loaded.add(path)) {
            return;
        }
        Document dom;
        try {
            dom = parser.parse(Files.newInputStream(path), path.toUri().toString());
        } catch (SAXException | IOException e) {
            throw new IllegalArgumentException("cannot read " + path + ": " + e.getMessage(), e);
        }
        Element schema = dom.getDocumentElement();
        if (!XS.equals(schema.getNamespaceURI()) || !"schema".equals(schema.getLocalName())) {
            throw new IllegalArgumentException(path + " is not an XML Schema");
        }
        String tns = schema.getAttribute("targetNamespace");
        boolean chameleon = false;
        if (includingNamespace != null && !includingNamespace.equals(tns)) {
            if (!tns.isEmpty()) {
                throw new IllegalArgumentException(path + " has targetNamespace " + tns + ", included into "
                        + includingNamespace);
            }
            tns = includingNamespace;
            chameleon = true;
        }
        Doc doc = new Doc(path, tns, "qualified".equals(schema.getAttribute("elementFormDefault")),
                "qualified".equals(schema.getAttribute("attributeFormDefault")), chameleon);
        for (Element child : children(schema)) {
            String kind = child.getLocalName();
            switch (kind) {
                case "include" -> read(path.resolveSibling(child.getAttribute("schemaLocation")).normalize(), tns);
                case "import" -> {
                    String location = child.getAttribute("schemaLocation");
                    if (location.isEmpty()) {
                        throw new IllegalArgumentException(path + ": xsd:import without schemaLocation");
                    }
                    read(path.resolveSibling(location).normalize(), null);
                }
                case "redefine", "override" -> throw new UnsupportedOperationException(path + ": xsd:" + kind);
                case "element" -> register(globalElementSources, child, doc);
                case "complexType" -> register(complexTypeSources, child, doc);
                case "simpleType" -> register(simpleTypeSources, child, doc);
                case "group" -> register(groupSources, child, doc);
                case "attributeGroup" -> register(attributeGroupSources, child, doc);
                case "attribute" -> register(attributeSources, child, doc);
                default -> {
                    // annotation, notation: nothing to generate
                }
            }
        }
    }

    private static void register(Map<QName, Src> map, Element element, Doc doc) {
        QName name = new QName(doc.targetNamespace(), element.getAttribute("name"));
        if (map.putIfAbsent(name, new Src(element, doc)) != null) {
            throw new IllegalArgumentException("declared twice: " + name);
        }
    }

    static List<Element> children(Element parent) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && XS.equals(e.getNamespaceURI()) && !"annotation".equals(e.getLocalName())) {
                out.add(e);
            }
        }
        return out;
    }

    private static Element child(Element parent, String... localNames) {
        for (Element e : children(parent)) {
            for (String name : localNames) {
                if (name.equals(e.getLocalName())) {
                    return e;
                }
            }
        }
        return null;
    }

    private static QName qname(Element context, Doc doc, String value) {
        value = value.strip();
        int colon = value.indexOf(':');
        String prefix = colon < 0 ? null : value.substring(0, colon);
        String local = value.substring(colon + 1);
        String ns;
        if ("xml".equals(prefix)) {
            ns = XMLConstants.XML_NS_URI;
        } else {
            ns = context.lookupNamespaceURI(prefix);
            if (ns == null && prefix != null) {
                throw new IllegalArgumentException(doc.path() + ": undeclared prefix in " + value);
            }
        }
        if ((ns == null || ns.isEmpty()) && doc.chameleon()) {
            ns = doc.targetNamespace();
        }
        return new QName(ns == null ? "" : ns, local);
    }

    // ---------------------------------------------------------------------------------------------- building

    private void build() {
        for (QName name : globalElementSources.keySet()) {
            globalElement(name);
        }
        for (QName name : complexTypeSources.keySet()) {
            type(name);
        }
        for (QName name : simpleTypeSources.keySet()) {
            type(name);
        }
        // Every element declaration and its type, down the content models.
        for (int i = 0; i < allDecls.size(); i++) {
            typeOf(allDecls.get(i));
        }
        for (ElementDecl decl : globalElements.values()) {
            Src src = globalElementSources.get(decl.name);
            String head = src.element().getAttribute("substitutionGroup");
            if (!head.isEmpty()) {
                ElementDecl headDecl = globalElement(qname(src.element(), src.doc(), head));
                headDecl.directMembers.add(decl);
            }
        }
        for (TypeDef type : namedTypes.values()) {
            if (type instanceof ComplexTypeDef complex && complex.base != null) {
                complex.base.derived.add(complex);
            }
        }
    }

    ElementDecl globalElement(QName name) {
        ElementDecl decl = globalElements.get(name);
        if (decl != null) {
            return decl;
        }
        Src src = globalElementSources.get(name);
        if (src == null) {
            throw new IllegalArgumentException("no global element " + name);
        }
        Element e = src.element();
        decl = new ElementDecl(name, true, "true".equals(e.getAttribute("abstract")), attr(e, "fixed"),
                attr(e, "default"), e, src.doc());
        globalElements.put(name, decl);
        allDecls.add(decl);
        return decl;
    }

    private static String attr(Element e, String name) {
        return e.hasAttribute(name) ? e.getAttribute(name) : null;
    }

    /** The type of a declaration, built on first use. */
    TypeDef typeOf(ElementDecl decl) {
        if (decl.type == null) {
            Element e = decl.source;
            Doc doc = decl.doc;
            if (e.hasAttribute("type")) {
                decl.type = type(qname(e, doc, e.getAttribute("type")));
            } else {
                Element inline = child(e, "complexType", "simpleType");
                if (inline != null) {
                    decl.type = anonymousType(inline, doc);
                } else if (e.hasAttribute("substitutionGroup")) {
                    decl.type = typeOf(globalElement(qname(e, doc, e.getAttribute("substitutionGroup"))));
                } else {
                    decl.type = type(new QName(XS, "anyType"));
                }
            }
        }
        return decl.type;
    }

    private TypeDef anonymousType(Element inline, Doc doc) {
        TypeDef t = anonymousTypes.get(inline);
        if (t == null) {
            t = "complexType".equals(inline.getLocalName()) ? complexType(inline, doc, null)
                    : simpleType(inline, doc, null);
            anonymousTypes.put(inline, t);
        }
        return t;
    }

    TypeDef type(QName name) {
        TypeDef t = namedTypes.get(name);
        if (t != null) {
            return t;
        }
        if (XS.equals(name.getNamespaceURI())) {
            if ("anyType".equals(name.getLocalPart())) {
                ComplexTypeDef any = new ComplexTypeDef(name);
                any.anyType = true;
                any.mixed = true;
                t = any;
            } else {
                t = XsdValues.builtin(name.getLocalPart());
            }
            namedTypes.put(name, t);
            return t;
        }
        Src src = complexTypeSources.get(name);
        if (src != null) {
            // Registered before it is built: the content refers to element declarations, built lazily.
            ComplexTypeDef c = new ComplexTypeDef(name);
            namedTypes.put(name, c);
            fillComplexType(c, src.element(), src.doc());
            return c;
        }
        src = simpleTypeSources.get(name);
        if (src != null) {
            t = simpleType(src.element(), src.doc(), name);
            namedTypes.put(name, t);
            return t;
        }
        throw new IllegalArgumentException("no type " + name);
    }

    private SimpleTypeDef simpleTypeRef(Element context, Doc doc, String value) {
        TypeDef t = type(qname(context, doc, value));
        if (t instanceof SimpleTypeDef s) {
            return s;
        }
        throw new IllegalArgumentException(doc.path() + ": " + value + " is not a simple type");
    }

    private SimpleTypeDef simpleType(Element st, Doc doc, QName name) {
        Element body = child(st, "restriction", "list", "union");
        if (body == null) {
            throw new IllegalArgumentException(doc.path() + ": simpleType " + name + " without restriction/list/union");
        }
        switch (body.getLocalName()) {
            case "restriction" -> {
                SimpleTypeDef base = body.hasAttribute("base") ? simpleTypeRef(body, doc, body.getAttribute("base"))
                        : simpleType(child(body, "simpleType"), doc, null);
                return restrict(base, body, doc, name);
            }
            case "list" -> {
                SimpleTypeDef s = new SimpleTypeDef(name);
                s.variety = Variety.LIST;
                s.itemType = body.hasAttribute("itemType") ? simpleTypeRef(body, doc, body.getAttribute("itemType"))
                        : simpleType(child(body, "simpleType"), doc, null);
                return s;
            }
            default -> {
                SimpleTypeDef s = new SimpleTypeDef(name);
                s.variety = Variety.UNION;
                List<SimpleTypeDef> members = new ArrayList<>();
                for (String member : body.getAttribute("memberTypes").trim().split("\\s+")) {
                    if (!member.isEmpty()) {
                        members.add(simpleTypeRef(body, doc, member));
                    }
                }
                for (Element inline : children(body)) {
                    if ("simpleType".equals(inline.getLocalName())) {
                        members.add(simpleType(inline, doc, null));
                    }
                }
                s.members = members;
                return s;
            }
        }
    }

    /** {@code base} restricted by the facets that are the children of {@code restriction}. */
    private static SimpleTypeDef restrict(SimpleTypeDef base, Element restriction, Doc doc, QName name) {
        SimpleTypeDef d = base.derive(name);
        List<String> enumeration = new ArrayList<>();
        List<String> patterns = new ArrayList<>();
        for (Element facet : children(restriction)) {
            String value = facet.getAttribute("value");
            switch (facet.getLocalName()) {
                case "enumeration" -> enumeration.add(value);
                case "pattern" -> patterns.add(value);
                case "length" -> d.length = Integer.parseInt(value.strip());
                case "minLength" -> d.minLength = Integer.parseInt(value.strip());
                case "maxLength" -> d.maxLength = Integer.parseInt(value.strip());
                case "minInclusive" -> d.minInclusive = number(d, value, doc);
                case "maxInclusive" -> d.maxInclusive = number(d, value, doc);
                case "minExclusive" -> d.minExclusive = number(d, value, doc);
                case "maxExclusive" -> d.maxExclusive = number(d, value, doc);
                case "totalDigits" -> d.totalDigits = Integer.parseInt(value.strip());
                case "fractionDigits" -> d.fractionDigits = Integer.parseInt(value.strip());
                case "whiteSpace", "simpleType", "assertion", "explicitTimezone" -> {
                    // whiteSpace: generated values need no normalization; simpleType: the base, read already
                }
                default -> throw new UnsupportedOperationException(doc.path() + ": facet " + facet.getLocalName());
            }
        }
        if (!enumeration.isEmpty()) {
            d.enumeration = List.copyOf(enumeration);
        }
        if (!patterns.isEmpty()) {
            d.patterns.add(List.copyOf(patterns));
        }
        return d;
    }

    private static BigDecimal number(SimpleTypeDef type, String value, Doc doc) {
        if (type.variety != Variety.ATOMIC || !XsdValues.isNumeric(type.builtin)) {
            throw new UnsupportedOperationException(doc.path() + ": bounds on " + type + " (only numeric bounds)");
        }
        return new BigDecimal(value.strip());
    }

    private ComplexTypeDef complexType(Element ct, Doc doc, QName name) {
        ComplexTypeDef c = new ComplexTypeDef(name);
        fillComplexType(c, ct, doc);
        return c;
    }

    private void fillComplexType(ComplexTypeDef c, Element ct, Doc doc) {
        c.isAbstract = "true".equals(ct.getAttribute("abstract"));
        c.mixed = "true".equals(ct.getAttribute("mixed"));
        Element simpleContent = child(ct, "simpleContent");
        Element complexContent = child(ct, "complexContent");
        if (simpleContent != null) {
            Element derivation = child(simpleContent, "extension", "restriction");
            TypeDef base = type(qname(derivation, doc, derivation.getAttribute("base")));
            SimpleTypeDef text;
            if (base instanceof SimpleTypeDef s) {
                text = s;
            } else {
                ComplexTypeDef b = (ComplexTypeDef) base;
                c.base = b;
                c.attributes.addAll(b.attributes);
                text = b.simpleContent;
                if (text == null) {
                    throw new UnsupportedOperationException(doc.path() + ": simpleContent of " + c
                            + " derives from a type without simple content: " + b);
                }
            }
            if ("restriction".equals(derivation.getLocalName())) {
                Element inline = child(derivation, "simpleType");
                if (inline != null) {
                    text = simpleType(inline, doc, null);
                }
                text = restrict(text, derivation, doc, null);
            }
            c.simpleContent = text;
            addAttributes(c.attributes, derivation, doc);
        } else if (complexContent != null) {
            if (complexContent.hasAttribute("mixed")) {
                c.mixed = "true".equals(complexContent.getAttribute("mixed"));
            }
            Element derivation = child(complexContent, "extension", "restriction");
            TypeDef baseType = type(qname(derivation, doc, derivation.getAttribute("base")));
            if (!(baseType instanceof ComplexTypeDef b)) {
                throw new IllegalArgumentException(doc.path() + ": complexContent of " + c + " on a simple type");
            }
            Particle own = particleChild(derivation, doc);
            if (!b.anyType) {
                c.base = b;
                c.attributes.addAll(b.attributes);
            }
            if ("extension".equals(derivation.getLocalName()) && !b.anyType) {
                if (b.content == null) {
                    c.content = own;
                } else if (own == null) {
                    c.content = b.content;
                } else {
                    c.content = new Particle(1, 1, new Group(Compositor.SEQUENCE, List.of(b.content, own)));
                }
            } else {
                c.content = own;
            }
            addAttributes(c.attributes, derivation, doc);
        } else {
            c.content = particleChild(ct, doc);
            addAttributes(c.attributes, ct, doc);
        }
    }

    private Particle particleChild(Element parent, Doc doc) {
        Element p = child(parent, "sequence", "choice", "all", "group");
        return p == null ? null : particle(p, doc);
    }

    /** The attribute uses declared in {@code parent}, overriding (or, prohibited, removing) those of the base. */
    private void addAttributes(List<AttributeUse> uses, Element parent, Doc doc) {
        for (Element e : children(parent)) {
            switch (e.getLocalName()) {
                case "attribute" -> {
                    QName name;
                    Element decl = e;
                    Doc declDoc = doc;
                    if (e.hasAttribute("ref")) {
                        name = qname(e, doc, e.getAttribute("ref"));
                        Src src = attributeSources.get(name);
                        if (src == null) {
                            throw new IllegalArgumentException(doc.path() + ": no global attribute " + name);
                        }
                        decl = src.element();
                        declDoc = src.doc();
                    } else {
                        boolean qualified = e.hasAttribute("form") ? "qualified".equals(e.getAttribute("form"))
                                : doc.attributesQualified();
                        name = new QName(qualified ? doc.targetNamespace() : "", e.getAttribute("name"));
                    }
                    uses.removeIf(u -> u.name().equals(name));
                    if ("prohibited".equals(e.getAttribute("use"))) {
                        continue;
                    }
                    SimpleTypeDef type;
                    if (decl.hasAttribute("type")) {
                        type = simpleTypeRef(decl, declDoc, decl.getAttribute("type"));
                    } else if (child(decl, "simpleType") != null) {
                        type = (SimpleTypeDef) anonymousType(child(decl, "simpleType"), declDoc);
                    } else {
                        type = XsdValues.builtin("anySimpleType");
                    }
                    String fixed = attr(e, "fixed") != null ? attr(e, "fixed") : attr(decl, "fixed");
                    String dflt = attr(e, "default") != null ? attr(e, "default") : attr(decl, "default");
                    uses.add(new AttributeUse(name, type, "required".equals(e.getAttribute("use")), dflt, fixed));
                }
                case "attributeGroup" -> {
                    QName ref = qname(e, doc, e.getAttribute("ref"));
                    Src src = attributeGroupSources.get(ref);
                    if (src == null) {
                        throw new IllegalArgumentException(doc.path() + ": no attributeGroup " + ref);
                    }
                    addAttributes(uses, src.element(), src.doc());
                }
                default -> {
                    // particles, anyAttribute (no attributes generated for it)
                }
            }
        }
    }

    private Particle particle(Element e, Doc doc) {
        int min = e.hasAttribute("minOccurs") ? Integer.parseInt(e.getAttribute("minOccurs").strip()) : 1;
        String maxText = e.getAttribute("maxOccurs").strip();
        int max = maxText.isEmpty() ? 1 : "unbounded".equals(maxText) ? -1 : Integer.parseInt(maxText);
        switch (e.getLocalName()) {
            case "element" -> {
                if (e.hasAttribute("ref")) {
                    return new Particle(min, max, globalElement(qname(e, doc, e.getAttribute("ref"))));
                }
                ElementDecl decl = localElements.get(e);
                if (decl == null) {
                    boolean qualified = e.hasAttribute("form") ? "qualified".equals(e.getAttribute("form"))
                            : doc.elementsQualified();
                    decl = new ElementDecl(new QName(qualified ? doc.targetNamespace() : "", e.getAttribute("name")),
                            false, false, attr(e, "fixed"), attr(e, "default"), e, doc);
                    localElements.put(e, decl);
                    allDecls.add(decl);
                }
                return new Particle(min, max, decl);
            }
            case "sequence", "choice", "all" -> {
                List<Particle> particles = new ArrayList<>();
                for (Element c : children(e)) {
                    particles.add(particle(c, doc));
                }
                Compositor compositor = Compositor.valueOf(e.getLocalName().toUpperCase(java.util.Locale.ROOT));
                return new Particle(min, max, new Group(compositor, List.copyOf(particles)));
            }
            case "group" -> {
                return new Particle(min, max, group(qname(e, doc, e.getAttribute("ref"))));
            }
            case "any" -> {
                String ns = e.hasAttribute("namespace") ? e.getAttribute("namespace").strip() : "##any";
                String process = e.hasAttribute("processContents") ? e.getAttribute("processContents") : "strict";
                Wildcard w;
                String tns = doc.targetNamespace();
                if ("##any".equals(ns)) {
                    w = new Wildcard(true, false, tns, List.of(), process);
                } else if ("##other".equals(ns)) {
                    w = new Wildcard(false, true, tns, List.of(), process);
                } else {
                    List<String> list = new ArrayList<>();
                    for (String item : ns.split("\\s+")) {
                        list.add(switch (item) {
                            case "##targetNamespace" -> tns;
                            case "##local" -> "";
                            default -> item;
                        });
                    }
                    w = new Wildcard(false, false, tns, List.copyOf(list), process);
                }
                if ("strict".equals(process)) {
                    strictWildcards.add(w);
                }
                return new Particle(min, max, w);
            }
            default -> throw new UnsupportedOperationException(doc.path() + ": particle xsd:" + e.getLocalName());
        }
    }

    private Group group(QName name) {
        Group g = groups.get(name);
        if (g == null) {
            Src src = groupSources.get(name);
            if (src == null) {
                throw new IllegalArgumentException("no group " + name);
            }
            Particle p = particleChild(src.element(), src.doc());
            g = (Group) p.term();
            groups.put(name, g);
        }
        return g;
    }
}
