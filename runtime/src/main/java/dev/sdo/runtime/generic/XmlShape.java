package dev.sdo.runtime.generic;

import dev.sdo.runtime.text.XmlIdentity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How the records and unions of a schema descriptor look in XML, as the schema's {@code @xml} annotations make them
 * (docs/csv-and-xml.md, "Nested records, lists, strings and blobs"): for each field of a record and each alternative
 * of a union, what kind of member it is (attribute, text, value element, nested record, inline record, union, raw
 * XML, an abstract record named by {@code xsi:type}, or a list of one), its element's name, its namespace, its former
 * name and its date or time pattern; for each record its element and namespace; the XML texts of enum constants.
 * The schema compiler decides these (its {@code XmlTreeShape}) and writes them down as text ({@link #text()}), which
 * generated code embeds next to the schema descriptor ({@code SdoDescriptors.XML}); {@link XmlShapeBinding} builds
 * the XML binding of a record from the descriptor and this shape, for generated {@code XXml} classes and for
 * {@code sdoc}'s bindings alike.
 *
 * <p>What the descriptor says already (field names, types, optionality, defaults) is not repeated. Namespaces that
 * depend on the record at the top of a document are left open here: a record without {@code @xml(namespace)} is in
 * the top record's, and {@link XmlShapeBinding} settles them.
 *
 * <p>The text: one line per namespace ({@code N uri}), per enum whose XML texts differ from its constants' names
 * ({@code E enum text...}), per record ({@code R name element namespace shared}) followed by one line per field
 * ({@code F kind optional element namespace declaring attribute former pattern identity}), and per union
 * ({@code U name}) followed by one line per alternative in the order reading tries them ({@code A index kind
 * element namespace pattern}). A kind is its {@link Kind#token()} ({@code value}, {@code record}, {@code typed},
 * ...: {@code typed} and {@code typeds} name the element of an abstract record whose {@code xsi:type} picks the
 * extension); an identity its {@link XmlIdentity#token()} ({@code id}, {@code idref}). Tokens are separated by one
 * space; {@code -} is none; a namespace is its index among the {@code N} lines; a field's declaring namespace is
 * {@code =} when it is its record's own; strings escape {@code %}, spaces and control characters as {@code %XX},
 * and the empty string is {@code %}. Immutable once parsed; parsed on first use.
 */
public final class XmlShape {
    /** What a field or alternative is in its element: the builder method of {@code XmlRecordMapping} adding it. */
    public enum Kind {
        VALUE, ATTRIBUTE, TEXT, VALUES, RECORD, RECORDS, INLINE, INLINES, UNION, UNIONS, ANY, ANYS,
        /**
         * An abstract record under an element of its own whose {@code xsi:type} names the concrete extension
         * ({@code @xml(typed = true)}, XML Schema's type substitution); and a list of them.
         */
        TYPED, TYPEDS;

        /** The kind's token in the text: its builder method's name. */
        public String token() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        static Kind of(String token) {
            return valueOf(token.toUpperCase(java.util.Locale.ROOT));
        }
    }

    /** A namespace that is the top record's, settled when a binding is built. */
    public static final String TOP = null;

    /**
     * One field of a record.
     *
     * @param kind what it is in the record's element
     * @param optional whether it may be absent ({@code optionalValue} rather than {@code value}, and so on)
     * @param element its element's or attribute's name for the kinds that have one; else null
     * @param namespace its own {@code @xml(namespace)}, null when it names none
     * @param declaring the namespace of the record that declares it (a base's field is in the base's): null for the
     *     top record's, {@link #OWN} for its record's own
     * @param attribute whether it is declared an attribute ({@code @xml(attribute)}): it takes no namespace from the
     *     record that declares it
     * @param formerName its name before an {@code @alias} rename, which reading accepts; null when none
     * @param pattern its date or time pattern, null for ISO
     * @param identity whether its value is an id of the record or a reference to one ({@code @xml(id)},
     *     {@code @xml(idref)})
     */
    public record Field(Kind kind, boolean optional, String element, String namespace, String declaring,
            boolean attribute, String formerName, String pattern, XmlIdentity identity) {}

    /** {@link Field#declaring()} for a field in its record's own namespace. */
    public static final String OWN = "=";

    /**
     * One record.
     *
     * @param name its qualified name, as the descriptor has it
     * @param element its element's name when it is bound as a document's record ({@code @xml}); else null
     * @param namespace its {@code @xml(namespace)}, null when it names none (its elements are then the top record's)
     * @param shared whether its mapping is made once under its own namespace, whichever record is at the top
     * @param fields its fields in declaration order
     */
    public record Record(String name, String element, String namespace, boolean shared, List<Field> fields) {
        public Record {
            fields = List.copyOf(fields);
        }
    }

    /**
     * One alternative of a union.
     *
     * @param index its position among the union's alternatives (its tag minus 1)
     * @param kind what it is in the union's place
     * @param element its element's name, for the kinds that have one; else null
     * @param namespace its own namespace (for an abstract record's extension, the extension's), null when none
     * @param pattern its date or time pattern, null for ISO
     */
    public record Alternative(int index, Kind kind, String element, String namespace, String pattern) {}

    /** One union, its alternatives in the order reading tries them. */
    public record Union(String name, List<Alternative> alternatives) {
        public Union {
            alternatives = List.copyOf(alternatives);
        }
    }

    private final String text;
    private volatile Parsed parsed;

    private record Parsed(Map<String, Record> records, Map<String, Union> unions, Map<String, List<String>> enums) {}

    private XmlShape(String text) {
        this.text = text;
    }

    /** The shape from its text, in parts (a class file's string constant holds at most 65,535 bytes). */
    public static XmlShape of(String... parts) {
        return new XmlShape(String.join("", parts));
    }

    /** The text. */
    public String text() {
        return text;
    }

    /**
     * The record named {@code name}.
     *
     * @throws IllegalArgumentException if the shape does not describe it
     */
    public Record record(String name) {
        Record record = parsed().records.get(name);
        if (record == null) {
            throw new IllegalArgumentException("the XML shape describes no record " + name);
        }
        return record;
    }

    /**
     * The union named {@code name}.
     *
     * @throws IllegalArgumentException if the shape does not describe it
     */
    public Union union(String name) {
        Union union = parsed().unions.get(name);
        if (union == null) {
            throw new IllegalArgumentException("the XML shape describes no union " + name);
        }
        return union;
    }

    /** The XML texts of the enum's constants in their order, or null when they are the constants' names. */
    public List<String> enumTexts(String name) {
        return parsed().enums.get(name);
    }

    private Parsed parsed() {
        Parsed done = parsed;
        if (done == null) {
            done = parse(text);
            parsed = done;
        }
        return done;
    }

    private static Parsed parse(String text) {
        List<String> namespaces = new ArrayList<>();
        Map<String, Record> records = new HashMap<>();
        Map<String, Union> unions = new HashMap<>();
        Map<String, List<String>> enums = new HashMap<>();
        String[] lines = text.split("\n");
        int i = 0;
        try {
            while (i < lines.length) {
                String line = lines[i];
                String[] t = line.split(" ", -1);
                i++;
                switch (t[0]) {
                    case "" -> { }
                    case "N" -> namespaces.add(string(t[1]));
                    case "E" -> {
                        List<String> texts = new ArrayList<>();
                        for (int j = 2; j < t.length; j++) {
                            texts.add(string(t[j]));
                        }
                        enums.put(string(t[1]), List.copyOf(texts));
                    }
                    case "R" -> {
                        List<Field> fields = new ArrayList<>();
                        while (i < lines.length && lines[i].startsWith("F ")) {
                            String[] f = lines[i++].split(" ", -1);
                            String declaring = f[5].equals(OWN) ? OWN : namespace(f[5], namespaces);
                            fields.add(new Field(Kind.of(f[1]), f[2].equals("1"), string(f[3]),
                                    namespace(f[4], namespaces), declaring, f[6].equals("1"), string(f[7]),
                                    string(f[8]), XmlIdentity.of(f[9])));
                        }
                        records.put(string(t[1]), new Record(string(t[1]), string(t[2]), namespace(t[3], namespaces),
                                t[4].equals("1"), fields));
                    }
                    case "U" -> {
                        List<Alternative> alternatives = new ArrayList<>();
                        while (i < lines.length && lines[i].startsWith("A ")) {
                            String[] a = lines[i++].split(" ", -1);
                            alternatives.add(new Alternative(Integer.parseInt(a[1]), Kind.of(a[2]), string(a[3]),
                                    namespace(a[4], namespaces), string(a[5])));
                        }
                        unions.put(string(t[1]), new Union(string(t[1]), alternatives));
                    }
                    default -> throw new IllegalArgumentException("unknown line");
                }
            }
        } catch (RuntimeException e) {
            throw new IllegalStateException("the XML shape generated code embeds does not read at line " + i + ": "
                    + e.getMessage(), e);
        }
        return new Parsed(Map.copyOf(records), Map.copyOf(unions), Map.copyOf(enums));
    }

    private static String namespace(String token, List<String> namespaces) {
        return token.equals("-") ? null : namespaces.get(Integer.parseInt(token));
    }

    /** A string token: {@code -} is null, {@code %} the empty string, {@code %XX} an escaped character. */
    private static String string(String token) {
        if (token.equals("-")) {
            return null;
        }
        if (token.equals("%")) {
            return "";
        }
        if (token.indexOf('%') < 0) {
            return token;
        }
        StringBuilder out = new StringBuilder(token.length());
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (c == '%') {
                out.append((char) Integer.parseInt(token.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The token of a string, as {@link #text()} writes it: null is {@code -}. */
    public static String token(String value) {
        if (value == null) {
            return "-";
        }
        if (value.isEmpty()) {
            return "%";
        }
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '%' || c <= ' ' || c == 0x7F || (i == 0 && c == '-' && value.length() == 1)
                    || (i == 0 && c == '=' && value.length() == 1)) {
                out.append('%').append(String.format("%02X", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Writes a shape's text, line by line. */
    public static final class Writer {
        private final StringBuilder text = new StringBuilder();
        private final Map<String, Integer> namespaces = new HashMap<>();
        private final StringBuilder namespaceLines = new StringBuilder();

        /** Adds the XML texts of an enum's constants. */
        public Writer enumTexts(String name, List<String> texts) {
            text.append("E ").append(token(name));
            texts.forEach(t -> text.append(' ').append(token(t)));
            text.append('\n');
            return this;
        }

        /** Adds a record and its fields. */
        public Writer record(Record record) {
            text.append("R ").append(token(record.name())).append(' ').append(token(record.element())).append(' ')
                    .append(namespace(record.namespace())).append(' ').append(record.shared() ? '1' : '0')
                    .append('\n');
            for (Field f : record.fields()) {
                text.append("F ").append(f.kind().token()).append(' ').append(f.optional() ? '1' : '0').append(' ')
                        .append(token(f.element())).append(' ').append(namespace(f.namespace())).append(' ')
                        .append(OWN.equals(f.declaring()) ? OWN : namespace(f.declaring())).append(' ')
                        .append(f.attribute() ? '1' : '0').append(' ').append(token(f.formerName())).append(' ')
                        .append(token(f.pattern())).append(' ').append(f.identity().token()).append('\n');
            }
            return this;
        }

        /** Adds a union and its alternatives. */
        public Writer union(Union union) {
            text.append("U ").append(token(union.name())).append('\n');
            for (Alternative a : union.alternatives()) {
                text.append("A ").append(a.index()).append(' ').append(a.kind().token()).append(' ')
                        .append(token(a.element())).append(' ').append(namespace(a.namespace())).append(' ')
                        .append(token(a.pattern())).append('\n');
            }
            return this;
        }

        private String namespace(String uri) {
            if (uri == null) {
                return "-";
            }
            return String.valueOf(namespaces.computeIfAbsent(uri, u -> {
                namespaceLines.append("N ").append(token(u)).append('\n');
                return namespaces.size();
            }));
        }

        /** The text: the namespaces first, then the lines in the order they were added. */
        public String text() {
            return namespaceLines + text.toString();
        }
    }
}
