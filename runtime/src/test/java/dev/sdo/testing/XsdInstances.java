package dev.sdo.testing;

import dev.sdo.testing.XsdModel.AttributeUse;
import dev.sdo.testing.XsdModel.ComplexTypeDef;
import dev.sdo.testing.XsdModel.Compositor;
import dev.sdo.testing.XsdModel.ElementDecl;
import dev.sdo.testing.XsdModel.Group;
import dev.sdo.testing.XsdModel.Particle;
import dev.sdo.testing.XsdModel.SimpleTypeDef;
import dev.sdo.testing.XsdModel.TypeDef;
import dev.sdo.testing.XsdModel.Wildcard;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;

/**
 * Random XML documents that are valid against an XML Schema: an oracle for code that reads documents of a schema,
 * independent of the project's schema compiler and XSD importer. It reads the XSD files itself, with the JDK's DOM,
 * following the XML Schema 1.0 spec ({@link XsdModel}), and writes each document from one seed, the same bytes for
 * the same root and seed.
 *
 * <p>What it covers: {@code xsd:include} (also of a schema without target namespace) and {@code xsd:import} (by
 * {@code schemaLocation}, relative to the including file); global and local elements, {@code ref=},
 * {@code elementFormDefault}/{@code attributeFormDefault}/{@code form}; named and anonymous complex and simple types;
 * {@code sequence}, {@code choice}, {@code all}, {@code group ref} with {@code minOccurs}/{@code maxOccurs} (unbounded
 * repeats at most {@link Options#maxRepeat()} times) on all of them; {@code complexContent} extension (the base's
 * content, then the extension's) and restriction (the restriction's content, the base's attributes overridden);
 * {@code simpleContent} extension and restriction; {@code mixed} content (text between the children); abstract
 * elements and substitution groups (a reference to a head becomes the head, unless abstract, or a member of its group,
 * transitively); abstract complex types (replaced by a concrete derived type named with {@code xsi:type}; with
 * {@link Options#xsiTypeProbability()} also a non-abstract type is); attributes required, optional, with
 * {@code default} (left out, written as the default, or another value) and {@code fixed} (always the fixed value),
 * attribute groups, prohibited attributes; wildcards {@code xsd:any} with {@code skip}/{@code lax} (an element of a
 * namespace the constraint allows, {@code urn:example:any} where any other one will do, with text, an attribute and a
 * child) and {@code strict} (a global element of an allowed namespace); simple types per {@link XsdValues}: the
 * built-in types, enumeration, pattern (a regex subset, {@link XsdRegex}), length facets, numeric bounds,
 * totalDigits/fractionDigits, lists and unions, facets inherited through restriction chains. IDs are unique in a
 * document and every IDREF names one of them: IDREFs are written as stand-ins and filled in at the end; when a
 * document has IDREFs but no ID, an optional ID attribute that was left out is added, and when there is none, the
 * document is drawn again from a seed derived from the given one (at most 20 times; then it fails).
 *
 * <p>Size: past {@link Options#maxDepth()} or {@link Options#maxElements()}, only the minimal content is written
 * (minOccurs repeats, the choice branch and substitute whose smallest completion is smallest, computed as a fixpoint
 * over the whole schema), so recursive schemas end, and documents stay around a few hundred bytes to tens of kB.
 *
 * <p>What it does not do: identity constraints ({@code key}, {@code keyref}, {@code unique}), {@code redefine},
 * {@code override}, {@code block}/{@code final} (never needed: no derivation is blocked in the schemas it was written
 * for), {@code nillable}/{@code xsi:nil}, attributes for {@code anyAttribute}, XSD 1.1 (assertions, open content),
 * bounds on dates and durations, values of QName, NOTATION and ENTITY, regex features beyond {@link XsdRegex}'s
 * subset. Length facets count characters in the spec but UTF-16 units in the JDK's validator, so a value fits both
 * (a character outside the BMP goes only where two characters would fit). Strings never hold a carriage return.
 * Decimals are written as {@link java.math.BigDecimal#toPlainString()} writes them (no "+", no leading zeros). It
 * does not check that the schema itself is valid (use the JDK's validator for that); the Unique Particle Attribution
 * rule of a valid schema is what makes every word of a content model acceptable to a validator.
 *
 * <p>Of note for FpML: xmldsig's strict {@code ##any}/{@code ##other} wildcards (in {@code ds:Signature}, which an
 * FpML header may hold) get whole FpML elements, at minimal size once past the limits.
 */
public final class XsdInstances {
    /** The made-up namespace of the elements written for lax and skip wildcards. */
    public static final String ANY_NAMESPACE = "urn:example:any";
    private static final String XSI = XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI;
    /** Around an ID value while the document is drawn: the IDs that made it into the document. */
    static final char ID_MARK = '\u0001';
    /** Around an IDREF stand-in while the document is drawn. */
    static final char REF_MARK = '\u0000';

    /**
     * How documents are drawn.
     *
     * @param maxDepth past this depth of elements only minimal content is written
     * @param optionalProbability the probability that an optional particle or attribute is present
     * @param maxRepeat the most repeats of a particle above its minOccurs (and below its maxOccurs)
     * @param maxElements past this many elements in a document only minimal content is written
     * @param xsiTypeProbability the probability that an element of a non-abstract complex type with derived types
     *     gets one of them with {@code xsi:type}
     */
    public record Options(int maxDepth, double optionalProbability, int maxRepeat, int maxElements,
                          double xsiTypeProbability) {
        public static Options defaults() {
            return new Options(10, 0.5, 3, 250, 0.0);
        }

        public Options withXsiTypeProbability(double p) {
            return new Options(maxDepth, optionalProbability, maxRepeat, maxElements, p);
        }

        public Options withMaxDepth(int depth) {
            return new Options(depth, optionalProbability, maxRepeat, maxElements, xsiTypeProbability);
        }

        public Options withMaxElements(int elements) {
            return new Options(maxDepth, optionalProbability, maxRepeat, elements, xsiTypeProbability);
        }
    }

    private final XsdModel model;
    private final Options options;
    private final Map<Wildcard, List<ElementDecl>> strictCandidates = new IdentityHashMap<>();

    private XsdInstances(XsdModel model, Options options) {
        this.model = model;
        this.options = options;
        computeSubstitutes();
        computeMinimalSizes();
    }

    /** The schema whose entry file is {@code entryXsd}, with its includes and imports, and default options. */
    public static XsdInstances load(Path entryXsd) {
        return new XsdInstances(XsdModel.load(entryXsd), Options.defaults());
    }

    /** This schema with other options. */
    public XsdInstances withOptions(Options newOptions) {
        return new XsdInstances(model, newOptions);
    }

    /** The non-abstract global elements, by namespace, then local name. */
    public List<QName> globalElements() {
        return model.globalElements.values().stream().filter(d -> !d.isAbstract).map(d -> d.name)
                .sorted(Comparator.comparing(QName::getNamespaceURI).thenComparing(QName::getLocalPart)).toList();
    }

    /** A valid document with root element {@code root}, UTF-8 with an XML declaration, the same for the same seed. */
    public byte[] document(QName root, long seed) {
        ElementDecl decl = model.globalElements.get(root);
        if (decl == null || decl.isAbstract) {
            throw new IllegalArgumentException("no non-abstract global element " + root);
        }
        long s = seed ^ (root.toString().hashCode() * 0x9E3779B97F4A7C15L);
        for (int attempt = 0; attempt < 20; attempt++) {
            Generation g = new Generation(new SplittableRandom(s));
            XmlNode node = g.element(decl, 0, false);
            if (g.resolveReferences(node)) {
                return XmlNode.write(node).getBytes(StandardCharsets.UTF_8);
            }
            s = Draw.mix(s + 1);
        }
        throw new IllegalStateException("no document of " + root + " with an ID for its IDREFs in 20 tries, seed "
                + seed);
    }

    // ------------------------------------------------------------------------------------ substitution, sizes

    private void computeSubstitutes() {
        for (ElementDecl decl : model.globalElements.values()) {
            Set<ElementDecl> members = new LinkedHashSet<>();
            List<ElementDecl> queue = new ArrayList<>(decl.directMembers);
            for (int i = 0; i < queue.size(); i++) {
                ElementDecl m = queue.get(i);
                if (members.add(m)) {
                    queue.addAll(m.directMembers);
                }
            }
            decl.substitutes = members.stream().filter(m -> !m.isAbstract).toList();
        }
        for (Wildcard w : model.strictWildcards) {
            strictCandidates.put(w, model.globalElements.values().stream()
                    .filter(d -> !d.isAbstract && w.allows(d.name.getNamespaceURI())).toList());
        }
    }

    /** Each declaration's smallest element count, as a fixpoint (recursive types start at infinity). */
    private void computeMinimalSizes() {
        boolean changed = true;
        while (changed) {
            changed = false;
            Map<TypeDef, Long> typeSizes = new IdentityHashMap<>();
            for (ElementDecl decl : model.allDecls) {
                long size = elementSize(decl, typeSizes);
                if (size < decl.minSize) {
                    decl.minSize = size;
                    changed = true;
                }
            }
        }
    }

    private long elementSize(ElementDecl decl, Map<TypeDef, Long> typeSizes) {
        long best = decl.isAbstract ? XsdModel.INF : add(1, typeSize(decl.type, typeSizes));
        if (decl.global) {
            for (ElementDecl m : decl.substitutes) {
                best = Math.min(best, m.minSize);
            }
        }
        return best;
    }

    private long typeSize(TypeDef type, Map<TypeDef, Long> typeSizes) {
        Long known = typeSizes.get(type);
        if (known != null) {
            return known;
        }
        long size;
        if (type instanceof ComplexTypeDef c) {
            if (c.isAbstract) {
                size = XsdModel.INF;
                for (ComplexTypeDef d : concreteDerived(c)) {
                    size = Math.min(size, particleSize(d.content));
                }
            } else {
                size = particleSize(c.content);
            }
        } else {
            size = 0;
        }
        typeSizes.put(type, size);
        return size;
    }

    private long particleSize(Particle p) {
        if (p == null || p.min() == 0) {
            return 0;
        }
        return multiply(p.min(), termSize(p.term()));
    }

    private long termSize(Object term) {
        if (term instanceof ElementDecl decl) {
            return decl.minSize;
        }
        if (term instanceof Group g) {
            if (g.compositor() == Compositor.CHOICE) {
                long best = XsdModel.INF;
                for (Particle p : g.particles()) {
                    best = Math.min(best, particleSize(p));
                }
                return best;
            }
            long sum = 0;
            for (Particle p : g.particles()) {
                sum = add(sum, particleSize(p));
            }
            return sum;
        }
        Wildcard w = (Wildcard) term;
        if (!"strict".equals(w.process())) {
            return 1;
        }
        long best = XsdModel.INF;
        for (ElementDecl d : strictCandidates.get(w)) {
            best = Math.min(best, d.minSize);
        }
        return best;
    }

    private static long add(long a, long b) {
        return Math.min(XsdModel.INF, a + b);
    }

    private static long multiply(long n, long size) {
        return size >= XsdModel.INF / Math.max(1, n) ? XsdModel.INF : n * size;
    }

    /** The non-abstract types derived from {@code type}, transitively, in schema order. */
    private static List<ComplexTypeDef> concreteDerived(ComplexTypeDef type) {
        List<ComplexTypeDef> out = new ArrayList<>();
        List<ComplexTypeDef> queue = new ArrayList<>(type.derived);
        for (int i = 0; i < queue.size(); i++) {
            ComplexTypeDef d = queue.get(i);
            if (!d.isAbstract) {
                out.add(d);
            }
            queue.addAll(d.derived);
        }
        return out;
    }

    private long minContent(ComplexTypeDef t) {
        return particleSize(t.content);
    }

    // ------------------------------------------------------------------------------------------------ drawing

    /** One document's drawing: its random numbers, IDs and IDREF stand-ins. */
    private final class Generation implements XsdValues.Ids {
        private final SplittableRandom random;
        private int elements;
        private int idCounter;
        private int references;
        /** Optional ID attributes left out, to add when the document has IDREFs and no ID. */
        private final List<Map.Entry<XmlNode, AttributeUse>> omittedIds = new ArrayList<>();

        Generation(SplittableRandom random) {
            this.random = random;
        }

        @Override
        public String newId() {
            StringBuilder id = new StringBuilder();
            id.append((char) ('a' + random.nextInt(26)));
            if (random.nextInt(4) == 0) {
                id.append("é");
            }
            id.append('_').append(++idCounter);
            return ID_MARK + id.toString() + ID_MARK;
        }

        @Override
        public String reference() {
            references++;
            return "" + REF_MARK + references + REF_MARK;
        }

        private boolean chance(double p) {
            return random.nextDouble() < p;
        }

        XmlNode element(ElementDecl term, int depth, boolean minimal) {
            if (depth > 400) {
                throw new IllegalStateException("no end to the content of " + term + " (an unsatisfiable schema?)");
            }
            minimal |= depth > options.maxDepth() || elements >= options.maxElements();
            ElementDecl decl = substitute(term, minimal);
            elements++;
            XmlNode node = new XmlNode(decl.name);
            TypeDef type = decl.type;
            if (type instanceof ComplexTypeDef c) {
                ComplexTypeDef actual = concreteType(c, minimal);
                if (actual != c) {
                    node.xsiType = actual.name;
                }
                complexContent(node, actual, decl, depth, minimal);
            } else {
                node.children.add(simpleText(decl, (SimpleTypeDef) type));
            }
            return node;
        }

        private String simpleText(ElementDecl decl, SimpleTypeDef type) {
            if (decl.fixed != null) {
                return decl.fixed;
            }
            if (decl.defaultValue != null && random.nextInt(3) == 0) {
                return decl.defaultValue;
            }
            return XsdValues.generate(type, random, this);
        }

        private ElementDecl substitute(ElementDecl term, boolean minimal) {
            if (!term.global || term.substitutes.isEmpty()) {
                return term;
            }
            List<ElementDecl> candidates = new ArrayList<>();
            if (!term.isAbstract) {
                candidates.add(term);
            }
            candidates.addAll(term.substitutes);
            if (minimal) {
                return candidates.stream().min(Comparator.comparingLong(d -> d.minSize)).orElseThrow();
            }
            if (!term.isAbstract && random.nextBoolean()) {
                return term;
            }
            return candidates.get(random.nextInt(candidates.size()));
        }

        private ComplexTypeDef concreteType(ComplexTypeDef declared, boolean minimal) {
            if (!declared.isAbstract && (declared.derived.isEmpty() || minimal
                    || !chance(options.xsiTypeProbability()))) {
                return declared;
            }
            List<ComplexTypeDef> candidates = new ArrayList<>(concreteDerived(declared));
            if (candidates.isEmpty()) {
                if (!declared.isAbstract) {
                    return declared;
                }
                throw new IllegalStateException("abstract " + declared + " has no concrete derived type");
            }
            if (minimal) {
                return candidates.stream().min(Comparator.comparingLong(XsdInstances.this::minContent)).orElseThrow();
            }
            return candidates.get(random.nextInt(candidates.size()));
        }

        private void complexContent(XmlNode node, ComplexTypeDef type, ElementDecl decl, int depth, boolean minimal) {
            for (AttributeUse use : type.attributes) {
                boolean isId = use.type().builtin != null && "ID".equals(use.type().builtin);
                if (!use.required() && !chance(options.optionalProbability())) {
                    if (isId) {
                        omittedIds.add(Map.entry(node, use));
                    }
                    continue;
                }
                node.attributes.put(use.name(), attributeValue(use));
            }
            node.mixed = type.mixed;
            if (type.anyType) {
                node.children.add(XsdValues.generate(XsdValues.builtin("string"), random, this));
                return;
            }
            if (type.simpleContent != null) {
                node.children.add(simpleText(decl, type.simpleContent));
                return;
            }
            if (type.content != null) {
                particle(node, type.content, depth, minimal);
            }
            if (type.mixed && !minimal) {
                mixText(node);
            }
        }

        private String attributeValue(AttributeUse use) {
            if (use.fixed() != null) {
                return use.fixed();
            }
            if (use.defaultValue() != null && random.nextInt(3) == 0) {
                return use.defaultValue();
            }
            return XsdValues.generate(use.type(), random, this);
        }

        /** Text between some of the children of mixed content. */
        private void mixText(XmlNode node) {
            List<Object> mixed = new ArrayList<>();
            for (Object child : node.children) {
                if (random.nextInt(3) == 0) {
                    mixed.add(XsdValues.generate(XsdValues.builtin("string"), random, this));
                }
                mixed.add(child);
            }
            if (random.nextBoolean()) {
                mixed.add(XsdValues.generate(XsdValues.builtin("string"), random, this));
            }
            node.children.clear();
            node.children.addAll(mixed);
        }

        private int repeats(Particle p, boolean minimal) {
            if (minimal || p.min() == p.max() || termSize(p.term()) >= XsdModel.INF) {
                // a term that no document can complete (an abstract element without members) only where required
                return p.min();
            }
            int room = p.max() < 0 ? options.maxRepeat() : Math.min(options.maxRepeat(), p.max() - p.min());
            if (!chance(options.optionalProbability())) {
                return p.min();
            }
            return p.min() + 1 + random.nextInt(Math.max(1, room));
        }

        private void particle(XmlNode parent, Particle p, int depth, boolean minimal) {
            int n = repeats(p, minimal);
            for (int i = 0; i < n; i++) {
                boolean m = minimal || elements >= options.maxElements();
                term(parent, p.term(), depth, m);
            }
        }

        private void term(XmlNode parent, Object term, int depth, boolean minimal) {
            if (term instanceof ElementDecl decl) {
                parent.children.add(element(decl, depth + 1, minimal));
            } else if (term instanceof Group g) {
                switch (g.compositor()) {
                    case SEQUENCE -> {
                        for (Particle p : g.particles()) {
                            particle(parent, p, depth, minimal);
                        }
                    }
                    case ALL -> {
                        List<Particle> order = new ArrayList<>(g.particles());
                        if (!minimal) {
                            for (int i = order.size() - 1; i > 0; i--) {
                                int j = random.nextInt(i + 1);
                                order.set(i, order.set(j, order.get(i)));
                            }
                        }
                        for (Particle p : order) {
                            particle(parent, p, depth, minimal);
                        }
                    }
                    case CHOICE -> {
                        Particle chosen;
                        if (minimal) {
                            chosen = g.particles().stream().min(Comparator.comparingLong(
                                    XsdInstances.this::particleSize)).orElseThrow();
                        } else {
                            List<Particle> possible = g.particles().stream()
                                    .filter(b -> particleSize(b) < XsdModel.INF).toList();
                            chosen = possible.get(random.nextInt(possible.size()));
                        }
                        particle(parent, chosen, depth, minimal);
                    }
                    default -> throw new IllegalStateException();
                }
            } else {
                wildcard(parent, (Wildcard) term, depth, minimal);
            }
        }

        private void wildcard(XmlNode parent, Wildcard w, int depth, boolean minimal) {
            if ("strict".equals(w.process())) {
                List<ElementDecl> candidates = strictCandidates.get(w);
                if (candidates.isEmpty()) {
                    throw new IllegalStateException("a strict wildcard that no global element fits: " + w);
                }
                ElementDecl chosen = minimal
                        ? candidates.stream().min(Comparator.comparingLong(d -> d.minSize)).orElseThrow()
                        : candidates.get(random.nextInt(candidates.size()));
                parent.children.add(element(chosen, depth + 1, minimal));
                return;
            }
            String ns;
            if (w.allows(ANY_NAMESPACE)) {
                ns = ANY_NAMESPACE;
            } else {
                ns = w.namespaces().get(random.nextInt(w.namespaces().size()));
            }
            String local = "anyElement";
            while (model.globalElements.containsKey(new QName(ns, local))) {
                local += "X";
            }
            elements += 2;
            XmlNode any = new XmlNode(new QName(ns, local));
            any.mixed = true;
            any.attributes.put(new QName("", "note"), XsdValues.generate(XsdValues.builtin("string"), random, this));
            any.children.add(XsdValues.generate(XsdValues.builtin("string"), random, this));
            XmlNode child = new XmlNode(new QName(ns, "anyChild"));
            child.children.add(XsdValues.generate(XsdValues.builtin("token"), random, this));
            any.children.add(child);
            parent.children.add(any);
        }

        /**
         * Takes the ID marks out of the document and fills the IDREF stand-ins with its IDs; false when there are
         * IDREFs, no ID and no optional ID attribute to add.
         */
        boolean resolveReferences(XmlNode root) {
            List<String> ids = new ArrayList<>();
            List<XmlNode> all = new ArrayList<>();
            root.collect(all);
            for (XmlNode node : all) {
                node.attributes.replaceAll((name, value) -> unmarkIds(value, ids));
                node.children.replaceAll(child -> child instanceof String text ? unmarkIds(text, ids) : child);
            }
            if (references == 0) {
                return true;
            }
            if (ids.isEmpty()) {
                if (omittedIds.isEmpty()) {
                    return false;
                }
                Map.Entry<XmlNode, AttributeUse> forced = omittedIds.get(random.nextInt(omittedIds.size()));
                String id = unmarkIds(newId(), ids);
                forced.getKey().attributes.put(forced.getValue().name(), id);
            }
            for (XmlNode node : all) {
                node.attributes.replaceAll((name, value) -> fillReferences(value, ids));
                node.children.replaceAll(child -> child instanceof String text ? fillReferences(text, ids) : child);
            }
            return true;
        }

        private static String unmarkIds(String value, List<String> ids) {
            int start = value.indexOf(ID_MARK);
            if (start < 0) {
                return value;
            }
            StringBuilder out = new StringBuilder();
            int from = 0;
            while (start >= 0) {
                int end = value.indexOf(ID_MARK, start + 1);
                out.append(value, from, start);
                String id = value.substring(start + 1, end);
                ids.add(id);
                out.append(id);
                from = end + 1;
                start = value.indexOf(ID_MARK, from);
            }
            return out.append(value, from, value.length()).toString();
        }

        private String fillReferences(String value, List<String> ids) {
            int start = value.indexOf(REF_MARK);
            if (start < 0) {
                return value;
            }
            StringBuilder out = new StringBuilder();
            int from = 0;
            while (start >= 0) {
                int end = value.indexOf(REF_MARK, start + 1);
                out.append(value, from, start).append(ids.get(random.nextInt(ids.size())));
                from = end + 1;
                start = value.indexOf(REF_MARK, from);
            }
            return out.append(value, from, value.length()).toString();
        }
    }

    // ------------------------------------------------------------------------------------------------ writing

    /** An element of a document being drawn: attributes in order, children elements and text. */
    static final class XmlNode {
        final QName name;
        QName xsiType;
        /** Mixed content: its children are written as they are, never indented. */
        boolean mixed;
        final Map<QName, String> attributes = new LinkedHashMap<>();
        final List<Object> children = new ArrayList<>();

        XmlNode(QName name) {
            this.name = name;
        }

        void collect(List<XmlNode> out) {
            out.add(this);
            for (Object child : children) {
                if (child instanceof XmlNode node) {
                    node.collect(out);
                }
            }
        }

        /**
         * The document: namespaces declared once on the root (the root's as the default namespace, unless an element
         * or type of no namespace needs the default undeclared; the others as ns1, ns2... in order of appearance, and
         * xsi); element-only content indented, text and mixed content as is.
         */
        static String write(XmlNode root) {
            List<XmlNode> all = new ArrayList<>();
            root.collect(all);
            Set<String> namespaces = new LinkedHashSet<>();
            Set<String> attributeNamespaces = new LinkedHashSet<>();
            boolean noNamespace = false;
            for (XmlNode node : all) {
                namespaces.add(node.name.getNamespaceURI());
                noNamespace |= node.name.getNamespaceURI().isEmpty();
                for (QName attribute : node.attributes.keySet()) {
                    if (!attribute.getNamespaceURI().isEmpty()) {
                        namespaces.add(attribute.getNamespaceURI());
                        attributeNamespaces.add(attribute.getNamespaceURI());
                    }
                }
                if (node.xsiType != null) {
                    namespaces.add(XSI);
                    namespaces.add(node.xsiType.getNamespaceURI());
                    noNamespace |= node.xsiType.getNamespaceURI().isEmpty();
                }
            }
            namespaces.remove("");
            String defaultNamespace = noNamespace ? "" : root.name.getNamespaceURI();
            // Elements and types: the default namespace or a prefix; attributes: always a prefix (an unprefixed
            // attribute has no namespace), so the default namespace gets one too when an attribute is in it.
            Map<String, String> prefixes = new LinkedHashMap<>();
            Map<String, String> attributePrefixes = new LinkedHashMap<>();
            int n = 0;
            for (String ns : namespaces) {
                String prefix = ns.equals(defaultNamespace) ? "" : XSI.equals(ns) ? "xsi" : "ns" + ++n;
                prefixes.put(ns, prefix);
                if (attributeNamespaces.contains(ns)) {
                    attributePrefixes.put(ns, prefix.isEmpty() ? "ns" + ++n : prefix);
                }
            }
            StringBuilder out = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
            StringBuilder declarations = new StringBuilder();
            Map<String, String> declared = new LinkedHashMap<>();
            prefixes.forEach((ns, prefix) -> declared.put(prefix, ns));
            attributePrefixes.forEach((ns, prefix) -> declared.put(prefix, ns));
            declared.forEach((prefix, ns) -> {
                declarations.append(prefix.isEmpty() ? " xmlns" : " xmlns:" + prefix).append("=\"");
                escape(ns, true, declarations);
                declarations.append('"');
            });
            Map<String, String> attributeNames = attributePrefixes;
            root.write(out, prefixes, attributeNames, declarations.toString(), 0);
            return out.append('\n').toString();
        }

        private static String qualified(QName name, Map<String, String> prefixes) {
            String prefix = name.getNamespaceURI().isEmpty() ? "" : prefixes.get(name.getNamespaceURI());
            return prefix.isEmpty() ? name.getLocalPart() : prefix + ":" + name.getLocalPart();
        }

        private void write(StringBuilder out, Map<String, String> prefixes, Map<String, String> attributePrefixes,
                           String declarations, int depth) {
            String tag = qualified(name, prefixes);
            out.append('<').append(tag).append(declarations);
            if (xsiType != null) {
                out.append(" xsi:type=\"").append(qualified(xsiType, prefixes)).append('"');
            }
            attributes.forEach((attribute, value) -> {
                out.append(' ').append(qualified(attribute, attributePrefixes)).append("=\"");
                escape(value, true, out);
                out.append('"');
            });
            if (children.stream().allMatch(c -> c instanceof String s && s.isEmpty())) {
                out.append("/>");
                return;
            }
            out.append('>');
            boolean elementOnly = !mixed && children.stream().allMatch(c -> c instanceof XmlNode);
            for (Object child : children) {
                if (child instanceof XmlNode node) {
                    if (elementOnly) {
                        out.append('\n').append("  ".repeat(depth + 1));
                    }
                    node.write(out, prefixes, attributePrefixes, "", depth + 1);
                } else {
                    escape((String) child, false, out);
                }
            }
            if (elementOnly) {
                out.append('\n').append("  ".repeat(depth));
            }
            out.append("</").append(tag).append('>');
        }

        private static void escape(String text, boolean attribute, StringBuilder out) {
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                switch (c) {
                    case '&' -> out.append("&amp;");
                    case '<' -> out.append("&lt;");
                    case '>' -> out.append("&gt;");
                    case '"' -> out.append(attribute ? "&quot;" : "\"");
                    case '\r' -> out.append("&#13;");
                    case '\n' -> out.append(attribute ? "&#10;" : "\n");
                    case '\t' -> out.append(attribute ? "&#9;" : "\t");
                    default -> out.append(c);
                }
            }
        }
    }
}
