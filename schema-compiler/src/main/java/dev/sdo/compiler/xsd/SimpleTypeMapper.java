package dev.sdo.compiler.xsd;

import static dev.sdo.compiler.xsd.ImportContext.content;
import static dev.sdo.compiler.xsd.ImportContext.doc;

import dev.sdo.compiler.xsd.SdoDeclarations.Constant;
import dev.sdo.compiler.xsd.SdoDeclarations.Enumeration;
import dev.sdo.compiler.xsd.SdoDeclarations.Member;
import dev.sdo.compiler.xsd.SdoDeclarations.Union;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Maps XSD simple types to field types, as tight as the facets allow without losing a valid value: enumerations
 * to enums, bounded integers to {@code int(lo..hi)} or the fitting integer type, {@code totalDigits} with
 * {@code fractionDigits} to {@code decimal(p, s)}, patterns that fix an alphabet and a length to
 * {@code char(n, "...")}; and otherwise to the type that holds every value ({@code decimal}, {@code integer},
 * {@code string}). An {@code xsd:date} is the one union {@code XsdDate { date: date; text: string; }} of the import,
 * bound to XML as one text: a {@code date} when its text is the date's own ({@code 2001-04-27}), else the text as
 * written (an offset, a year outside 1900..2258). Other dates, times and durations are {@code string}s, so that
 * what they carry (offsets, fractional seconds, a year beyond 9999) comes back as written.
 */
final class SimpleTypeMapper {
    /** The largest {@code char(n)} and {@code decimal(p, s)} precision the schema language allows. */
    private static final int MAX_CHAR_LENGTH = 255;
    private static final int MAX_PRECISION = 18;

    private static final Set<String> STRINGS = Set.of("string", "normalizedString", "token", "language", "Name",
            "NCName", "NMTOKEN", "NMTOKENS", "ID", "IDREF", "IDREFS", "ENTITY", "ENTITIES", "anyURI", "QName",
            "NOTATION", "anySimpleType", "hexBinary");
    private static final Set<String> TEMPORALS = Set.of("date", "dateTime", "dateTimeStamp", "time", "gYear",
            "gYearMonth", "gMonth", "gMonthDay", "gDay", "duration", "dayTimeDuration", "yearMonthDuration");
    /** The integer types by their value ranges (null: unbounded), narrowest first where it matters. */
    private static final Map<String, BigInteger[]> INTEGERS = new LinkedHashMap<>();

    static {
        INTEGERS.put("byte", range(Byte.MIN_VALUE, Byte.MAX_VALUE));
        INTEGERS.put("short", range(Short.MIN_VALUE, Short.MAX_VALUE));
        INTEGERS.put("int", range(Integer.MIN_VALUE, Integer.MAX_VALUE));
        INTEGERS.put("long", range(Long.MIN_VALUE, Long.MAX_VALUE));
        INTEGERS.put("unsignedByte", range(0, 255));
        INTEGERS.put("unsignedShort", range(0, 65535));
        INTEGERS.put("unsignedInt", range(0, 4294967295L));
        INTEGERS.put("unsignedLong", new BigInteger[] {BigInteger.ZERO, new BigInteger("18446744073709551615")});
        INTEGERS.put("integer", new BigInteger[] {null, null});
        INTEGERS.put("nonNegativeInteger", new BigInteger[] {BigInteger.ZERO, null});
        INTEGERS.put("positiveInteger", new BigInteger[] {BigInteger.ONE, null});
        INTEGERS.put("nonPositiveInteger", new BigInteger[] {null, BigInteger.ZERO});
        INTEGERS.put("negativeInteger", new BigInteger[] {null, BigInteger.ONE.negate()});
    }

    /** sdo's integer types and their ranges, for a range that is exactly one of them. */
    private static final Map<String, BigInteger[]> SDO_INTEGERS = new LinkedHashMap<>();

    static {
        SDO_INTEGERS.put("int8", range(Byte.MIN_VALUE, Byte.MAX_VALUE));
        SDO_INTEGERS.put("int16", range(Short.MIN_VALUE, Short.MAX_VALUE));
        SDO_INTEGERS.put("int32", range(Integer.MIN_VALUE, Integer.MAX_VALUE));
        SDO_INTEGERS.put("int64", range(Long.MIN_VALUE, Long.MAX_VALUE));
        SDO_INTEGERS.put("uint8", range(0, 255));
        SDO_INTEGERS.put("uint16", range(0, 65535));
        SDO_INTEGERS.put("uint32", range(0, 4294967295L));
        SDO_INTEGERS.put("uint64", new BigInteger[] {BigInteger.ZERO, new BigInteger("18446744073709551615")});
    }

    /** The kind of value a mapped type holds, for writing defaults. */
    enum Kind { STRING, INTEGER, DECIMAL, BOOL, FLOAT, BYTES, ENUM, DATE }

    /**
     * A simple type as a field type: its text ({@code int(1..12)}, {@code DayCountFractionEnum}), its kind, an
     * enum's constants by XML value, the XSD type a {@code string} stands for when that is a date or time, and
     * the {@code @xml} key of a {@code string} that is an {@code xsd:ID} or {@code xsd:IDREF} ({@code id},
     * {@code idref}; null for any other).
     */
    record Mapped(String type, Kind kind, Map<String, String> constants, String temporal, String identity) {
        Mapped(String type, Kind kind, Map<String, String> constants, String temporal) {
            this(type, kind, constants, temporal, null);
        }

        /** A default value as the schema language writes it, or null when the value is no valid default. */
        String literal(String xmlValue) {
            String value = xmlValue.strip();
            return switch (kind) {
                case ENUM -> constants.get(value);
                case INTEGER -> value.matches("[+-]?[0-9]+") ? value.replace("+", "") : null;
                case BOOL -> value.equals("true") || value.equals("1") ? "true"
                        : value.equals("false") || value.equals("0") ? "false" : null;
                case STRING -> Identifiers.literal(xmlValue);
                case DATE -> null;
                default -> Identifiers.literal(value);
            };
        }

        /**
         * The type a field with a default takes: a union has no default, so an {@code xsd:date} with one is the
         * {@code string} it was before dates became {@code XsdDate}, its default kept as written.
         */
        Mapped forDefault() {
            return kind == Kind.DATE ? new Mapped("string", Kind.STRING, null, "xsd:date") : this;
        }
    }

    /** The facets of a simple type, gathered along its chain of restrictions. */
    static final class Facets {
        String builtin;
        boolean unionOrList;
        BigDecimal min;
        boolean minExclusive;
        BigDecimal max;
        boolean maxExclusive;
        Integer totalDigits;
        Integer fractionDigits;
        Integer maxLength;
        /** The patterns of each restriction step, most derived first. */
        final List<List<String>> patterns = new ArrayList<>();
        List<XmlNode> enumerations = List.of();
        /** The restriction step that declared the enumerations (one enum per such step). */
        XmlNode enumerationOwner;

        Facets copy() {
            Facets copy = new Facets();
            copy.builtin = builtin;
            copy.unionOrList = unionOrList;
            copy.min = min;
            copy.minExclusive = minExclusive;
            copy.max = max;
            copy.maxExclusive = maxExclusive;
            copy.totalDigits = totalDigits;
            copy.fractionDigits = fractionDigits;
            copy.maxLength = maxLength;
            copy.patterns.addAll(patterns);
            copy.enumerations = enumerations;
            copy.enumerationOwner = enumerationOwner;
            return copy;
        }
    }

    private final ImportContext context;
    private final Map<XmlNode, Facets> facets = new IdentityHashMap<>();
    private final Map<XmlNode, Mapped> enums = new IdentityHashMap<>();
    private final Map<XmlNode, Mapped> named = new IdentityHashMap<>();
    /** The union every {@code xsd:date} of the import maps to, made where the first is met. */
    private Union dateUnion;

    SimpleTypeMapper(ImportContext context) {
        this.context = context;
    }

    /** Whether a QName names a built-in simple type that this mapper knows. */
    static boolean isBuiltin(QName name) {
        return XsdSchemaSet.XSD.equals(name.namespace()) && (STRINGS.contains(name.localName())
                || TEMPORALS.contains(name.localName()) || INTEGERS.containsKey(name.localName())
                || Set.of("decimal", "float", "double", "boolean", "base64Binary").contains(name.localName()));
    }

    /** The field type of a named simple type or a built-in one; {@code at} is where it is named, for messages. */
    Mapped of(QName name, XmlNode at) {
        if (XsdSchemaSet.XSD.equals(name.namespace())) {
            if (!isBuiltin(name)) {
                throw XsdException.at(at, "the built-in type xsd:" + name.localName() + " is not supported here");
            }
            Facets builtin = new Facets();
            builtin.builtin = name.localName();
            return map(builtin, null, at);
        }
        XmlNode type = context.set.type(name);
        if (type == null || !type.localName().equals("simpleType")) {
            throw XsdException.at(at, type == null ? "unknown type " + name.localName()
                    : "the complex type " + name.localName() + " is used where a simple type is needed");
        }
        return named.computeIfAbsent(type, t -> map(facets(t), t.attribute("name"), t));
    }

    /**
     * The field type of an anonymous {@code xsd:simpleType}; an enum it declares is named {@code enumName}.
     */
    Mapped anonymous(XmlNode simpleType, String enumName) {
        return map(facets(simpleType), enumName, simpleType);
    }

    /**
     * The field type of a simple type restricted further by the facets of an {@code xsd:restriction} of simple
     * content ({@code base}'s value type, then the restriction's facets); enums it declares are named
     * {@code enumName}.
     */
    Mapped restricted(Facets base, XmlNode restriction, String enumName) {
        Facets derived = base.copy();
        apply(derived, restriction);
        return map(derived, enumName, restriction);
    }

    /** {@code base}'s facets restricted further by those of an {@code xsd:restriction}. */
    Facets restrictedFacets(Facets base, XmlNode restriction) {
        Facets derived = base.copy();
        apply(derived, restriction);
        return derived;
    }

    /** The facets of a named simple type or a built-in, for {@link #restricted}. */
    Facets facetsOf(QName name, XmlNode at) {
        if (XsdSchemaSet.XSD.equals(name.namespace())) {
            if (!isBuiltin(name)) {
                throw XsdException.at(at, "the built-in type xsd:" + name.localName() + " is not supported here");
            }
            Facets builtin = new Facets();
            builtin.builtin = name.localName();
            return builtin;
        }
        XmlNode type = context.set.type(name);
        if (type == null || !type.localName().equals("simpleType")) {
            throw XsdException.at(at, "unknown simple type " + name.localName());
        }
        return facets(type);
    }

    /** The facets of an anonymous or named {@code xsd:simpleType}. */
    Facets facetsOfNode(XmlNode simpleType) {
        return facets(simpleType);
    }

    private Facets facets(XmlNode simpleType) {
        Facets known = facets.get(simpleType);
        if (known != null) {
            return known;
        }
        List<XmlNode> content = content(simpleType);
        if (content.size() != 1) {
            throw XsdException.at(simpleType, "xsd:simpleType needs one xsd:restriction, xsd:union or xsd:list");
        }
        XmlNode derivation = content.get(0);
        Facets result;
        switch (derivation.localName()) {
            case "restriction" -> {
                result = baseFacets(derivation).copy();
                apply(result, derivation);
            }
            case "union", "list" -> {
                result = new Facets();
                result.unionOrList = true;
            }
            default -> throw XsdException.at(derivation, derivation.construct() + " is not supported in xsd:simpleType");
        }
        facets.put(simpleType, result);
        return result;
    }

    private Facets baseFacets(XmlNode restriction) {
        String base = restriction.attribute("base");
        if (base != null) {
            return facetsOf(restriction.qName(base), restriction);
        }
        XmlNode inline = ImportContext.only(restriction, "simpleType");
        if (inline == null) {
            throw XsdException.at(restriction, "xsd:restriction needs a base or an xsd:simpleType");
        }
        return facets(inline);
    }

    private static void apply(Facets target, XmlNode restriction) {
        List<XmlNode> enumerations = new ArrayList<>();
        List<String> patterns = new ArrayList<>();
        for (XmlNode facet : content(restriction)) {
            String value = facet.attribute("value");
            switch (facet.localName()) {
                case "enumeration" -> enumerations.add(facet);
                case "pattern" -> patterns.add(value);
                case "minInclusive", "minExclusive" -> {
                    target.min = number(facet, value);
                    target.minExclusive = facet.localName().equals("minExclusive");
                }
                case "maxInclusive", "maxExclusive" -> {
                    target.max = number(facet, value);
                    target.maxExclusive = facet.localName().equals("maxExclusive");
                }
                case "totalDigits" -> target.totalDigits = count(facet, value);
                case "fractionDigits" -> target.fractionDigits = count(facet, value);
                case "length", "maxLength" -> target.maxLength = count(facet, value);
                case "minLength", "whiteSpace" -> { }
                case "simpleType", "attribute", "attributeGroup", "anyAttribute" -> { }
                default -> throw XsdException.at(facet, "the facet " + facet.construct() + " is not supported");
            }
        }
        if (!patterns.isEmpty()) {
            target.patterns.add(0, patterns);
        }
        if (!enumerations.isEmpty()) {
            target.enumerations = enumerations;
            target.enumerationOwner = restriction;
        }
    }

    private static BigDecimal number(XmlNode facet, String value) {
        try {
            return new BigDecimal(value.strip());
        } catch (NumberFormatException | NullPointerException e) {
            throw XsdException.at(facet, facet.construct() + " needs a number, not \"" + value + "\"");
        }
    }

    private static Integer count(XmlNode facet, String value) {
        try {
            return Integer.valueOf(value.strip());
        } catch (NumberFormatException | NullPointerException e) {
            throw XsdException.at(facet, facet.construct() + " needs a count, not \"" + value + "\"");
        }
    }

    private Mapped map(Facets facets, String enumName, XmlNode owner) {
        if (!facets.enumerations.isEmpty()) {
            return enums.computeIfAbsent(facets.enumerationOwner, o -> declareEnum(facets, enumName, owner));
        }
        if (facets.unionOrList) {
            return new Mapped("string", Kind.STRING, null, null);
        }
        String builtin = facets.builtin;
        if (TEMPORALS.contains(builtin)) {
            // A pattern that fixes the characters (FpML's HourMinuteTime, [0-2][0-9]:[0-5][0-9]:00) fixes the form.
            String text = charOrString(facets);
            if (builtin.equals("date") && text.equals("string")) {
                return new Mapped(dateUnion(owner).name, Kind.DATE, null, "xsd:date");
            }
            return new Mapped(text, Kind.STRING, null, text.equals("string") ? "xsd:" + builtin : null);
        }
        if (STRINGS.contains(builtin)) {
            String text = charOrString(facets);
            // An id or a reference to one, checked against each other as a document is read (a char(n) is not).
            String identity = !text.equals("string") ? null
                    : builtin.equals("ID") ? "id" : builtin.equals("IDREF") ? "idref" : null;
            return new Mapped(text, Kind.STRING, null, null, identity);
        }
        if (INTEGERS.containsKey(builtin)) {
            return new Mapped(integer(facets), Kind.INTEGER, null, null);
        }
        return switch (builtin) {
            case "decimal" -> new Mapped(decimal(facets), Kind.DECIMAL, null, null);
            case "boolean" -> new Mapped("bool", Kind.BOOL, null, null);
            case "float" -> new Mapped("float32", Kind.FLOAT, null, null);
            case "double" -> new Mapped("float64", Kind.FLOAT, null, null);
            case "base64Binary" -> new Mapped("bytes", Kind.BYTES, null, null);
            default -> throw new IllegalStateException("unmapped built-in " + builtin);
        };
    }

    private static String charOrString(Facets facets) {
        for (List<String> step : facets.patterns) {
            Optional<PatternAlphabet.Shape> shape = PatternAlphabet.of(step);
            if (shape.isPresent()) {
                int length = shape.get().maxLength();
                if (facets.maxLength != null) {
                    length = length < 0 ? facets.maxLength : Math.min(length, facets.maxLength);
                }
                if (length > 0 && length <= MAX_CHAR_LENGTH) {
                    return "char(" + length + ", " + Identifiers.literal(PatternAlphabet.render(shape.get().alphabet()))
                            + ")";
                }
            }
        }
        return "string";
    }

    private static String integer(Facets facets) {
        BigInteger[] builtin = INTEGERS.get(facets.builtin);
        BigInteger lo = builtin[0];
        BigInteger hi = builtin[1];
        if (facets.min != null) {
            BigInteger bound = facets.minExclusive
                    ? facets.min.setScale(0, java.math.RoundingMode.FLOOR).toBigInteger().add(BigInteger.ONE)
                    : facets.min.setScale(0, java.math.RoundingMode.CEILING).toBigInteger();
            lo = lo == null ? bound : lo.max(bound);
        }
        if (facets.max != null) {
            BigInteger bound = facets.maxExclusive
                    ? facets.max.setScale(0, java.math.RoundingMode.CEILING).toBigInteger().subtract(BigInteger.ONE)
                    : facets.max.setScale(0, java.math.RoundingMode.FLOOR).toBigInteger();
            hi = hi == null ? bound : hi.min(bound);
        }
        if (lo == null || hi == null || lo.compareTo(hi) > 0) {
            return "integer";
        }
        // Exactly an integer type's range first: uint64's is beyond a long, which int(lo..hi) takes.
        for (Map.Entry<String, BigInteger[]> type : SDO_INTEGERS.entrySet()) {
            if (type.getValue()[0].equals(lo) && type.getValue()[1].equals(hi)) {
                return type.getKey();
            }
        }
        return lo.bitLength() > 63 || hi.bitLength() > 63 ? "integer" : "int(" + lo + ".." + hi + ")";
    }

    /**
     * {@code decimal(p, s)} when {@code totalDigits} and {@code fractionDigits} bound the value: p digits in all
     * with at most s after the point may put all p before it, so the SDO type needs p + s digits with s decimals.
     */
    private static String decimal(Facets facets) {
        if (facets.totalDigits == null || facets.fractionDigits == null) {
            return "decimal";
        }
        int scale = Math.min(facets.fractionDigits, facets.totalDigits);
        int precision = facets.totalDigits + scale;
        if (precision > MAX_PRECISION) {
            return "decimal";
        }
        boolean unsigned = facets.min != null && facets.min.signum() >= 0;
        return (unsigned ? "udecimal(" : "decimal(") + precision + ", " + scale + ")";
    }

    /**
     * The union of the import for {@code xsd:date}, declared where the first date is met (its file and line): a
     * {@code date} when the text is exactly the date's ISO form, else the text itself, so that every valid value
     * comes back as written. The date's range, 1900-01-01..2258-11-11, is 2^17 days: every business date, in 17 bits
     * where 0001..9999 takes 22 (the union's tag and inline place in 19 bits rather than 24: 1% of FpML's corpus);
     * a date outside it is the text, as written.
     */
    private Union dateUnion(XmlNode at) {
        if (dateUnion == null) {
            if (at == null) {
                throw new IllegalStateException("an xsd:date met at no place");
            }
            dateUnion = context.add(new Union(context.typeNames.allocate("XsdDate"), context.place(at), DATE_DOC));
            dateUnion.xmlText = true;
            dateUnion.alternatives.add(new Member("date", "date(1900-01-01..2258-11-11)", false, null, List.of(),
                    "The date, when its text is its ISO form yyyy-mm-dd, without a time zone, in 1900..2258."));
            dateUnion.alternatives.add(new Member("text", "string", false, null, List.of(),
                    "Any other xsd:date, as written: with a time zone offset (2001-04-27Z, 2001-04-27+05:00), a year"
                            + " before 1900 or after 2258 (1899-12-31, 12001-04-27, -0044-03-15)."));
        }
        return dateUnion;
    }

    private static final String DATE_DOC = "An xsd:date, bound to XML as one text: read as a date when the text is"
            + " the date's own (2001-04-27), else kept as the text it was written as, so that every xsd:date comes"
            + " back exactly as written.";

    private Mapped declareEnum(Facets facets, String wantedName, XmlNode owner) {
        XmlNode step = facets.enumerationOwner;
        String reserved = context.reservedNameOrNull(step.parent());
        String name = reserved != null ? reserved
                : context.typeNames.allocate(wantedName != null ? wantedName : "Enum");
        Enumeration enumeration = context.add(new Enumeration(name, context.place(step.parent()),
                doc(step.parent())));
        Map<String, String> constants = new HashMap<>();
        Set<String> used = new HashSet<>();
        for (XmlNode value : facets.enumerations) {
            String xmlValue = value.attribute("value", "");
            if (constants.containsKey(xmlValue)) {
                continue;
            }
            String constant = xmlValue.isEmpty() ? "EMPTY" : Identifiers.identifier(xmlValue);
            String unique = constant;
            for (int n = 2; !used.add(unique); n++) {
                unique = constant + "_" + n;
            }
            constants.put(xmlValue, unique);
            enumeration.constants.add(new Constant(unique, unique.equals(xmlValue) ? null : xmlValue, doc(value)));
        }
        return new Mapped(name, Kind.ENUM, constants, null);
    }

    private static BigInteger[] range(long lo, long hi) {
        return new BigInteger[] {BigInteger.valueOf(lo), BigInteger.valueOf(hi)};
    }
}
