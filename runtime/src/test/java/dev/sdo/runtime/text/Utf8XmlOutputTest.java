package dev.sdo.runtime.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.BiConsumer;
import java.util.function.Function;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLStreamException;
import org.junit.jupiter.api.Test;

/**
 * {@link Utf8XmlOutput}, which writes every document of {@link XmlTreeBinding}, against the writer it replaced: the
 * same walk through {@link StaxXmlOutput} over the JDK's StAX writer as {@link XmlStreams} makes it (over a
 * {@link Utf8Writer}), byte for byte, over random mappings (attributes in and out of namespaces, values, lists,
 * nested records, unions, simple content, raw XML; values given by getters and as characters) and random text of
 * every character that needs escaping and of every plane; and the escaping itself, white space in attributes, half a
 * surrogate pair, and what reads back.
 */
class Utf8XmlOutputTest {
    /** Characters a value may hold: escaped ones, quotes, two- three- and four-byte UTF-8, a CDATA end. */
    private static final String[] PIECES = {"a", "b", "Z", "0", " ", "&", "<", ">", "\"", "'", "]]>", "é", "ß", "€",
            "中", "\uD83D\uDE00", "\uD834\uDD1E", "=", "/", "&amp;", "\u0085", "\u2028", "\uFFFD"};
    private static final String[] FRAGMENTS = {"<plain a=\"v\">z &amp; y</plain>",
            "<x:q xmlns:x=\"urn:x\" x:b=\"1&amp;2\">t &lt; u<!--c--><x:r/></x:q>", "<e xmlns=\"urn:other\"/>",
            "<m>\u00e9\uD83D\uDE00 &gt; &quot;</m>"};

    @Test
    void writesTheBytesTheJdkStaxWriterWroteForRandomMappingsAndValues() throws Exception {
        for (long seed = 0; seed < 400; seed++) {
            Random random = new Random(seed);
            Shape shape = new Generator(random).record(0, random.nextBoolean() ? "urn:top" : "");
            XmlTreeBinding<Object[], Object[]> binding = new XmlTreeBinding<>("R", "root", shape.namespace,
                    shape.mapping());
            int count = random.nextInt(4) == 0 ? 2 + random.nextInt(2) : 1;
            List<Object[]> records = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                records.add(shape.value(random, 0));
            }
            byte[] expected = previousWriter(binding, records);
            ByteArrayOutputStream written = new ByteArrayOutputStream();
            binding.write(records, written);
            assertThat(written.toString(StandardCharsets.UTF_8)).as("seed %d", seed)
                    .isEqualTo(new String(expected, StandardCharsets.UTF_8));
            assertThat(written.toByteArray()).as("seed %d", seed).isEqualTo(expected);
            StringWriter chars = new StringWriter();
            binding.write(records, chars);
            assertThat(chars.toString()).as("seed %d, to a Writer", seed)
                    .isEqualTo(new String(expected, StandardCharsets.UTF_8));
        }
    }

    @Test
    void escapesEverySpecialCharacterAndEncodesSurrogatePairs() throws Exception {
        String all = "&<>\"'\t\n\r x]]>y é€\uD83D\uDE00";
        XmlTreeBinding<Object[], Object[]> binding = stringBinding(false);
        Object[] record = {all, all, all};

        assertThat(write(binding, record)).isEqualTo("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<r xmlns=\"urn:e\" a=\"&amp;&lt;&gt;&quot;'&#9;&#10;&#13; x]]&gt;y é€\uD83D\uDE00\">\n"
                + "  <v>&amp;&lt;&gt;\"'\t\n&#13; x]]&gt;y é€\uD83D\uDE00</v>\n"
                + "  <w>&amp;&lt;&gt;\"'\t\n&#13; x]]&gt;y é€\uD83D\uDE00</w>\n"
                + "</r>\n");
        // The same from characters an XmlValueText gives.
        assertThat(write(stringBinding(true), record)).isEqualTo(write(binding, record));
        assertThat(write(stringBinding(2), record)).isEqualTo(write(binding, record));
        // Four bytes for a pair.
        assertThat(write(binding, new Object[] {"\uD83D\uDE00", "", ""}).getBytes(StandardCharsets.UTF_8))
                .containsSequence(0x61, 0x3D, 0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22);
    }

    @Test
    void whiteSpaceAndCarriageReturnsReadBackAsTheyWere() throws Exception {
        for (int way = 0; way < 3; way++) {
            readsBack(stringBinding(way));
        }
    }

    private static void readsBack(XmlTreeBinding<Object[], Object[]> binding) throws Exception {
        String tricky = "\ta\r\nb\rc\n\t \uD834\uDD1E&\"";
        Object[] record = {tricky, tricky, tricky};

        List<Object[]> read = binding.read(new ByteArrayInputStream(write(binding, record)
                .getBytes(StandardCharsets.UTF_8)), "t.xml");

        assertThat(read).hasSize(1);
        assertThat(read.get(0)).containsExactly(tricky, tricky, tricky);
    }

    @Test
    void halfASurrogatePairIsAQuestionMarkAsTheJdkEncoderWroteIt() throws Exception {
        // Text values refuse half a pair; characters an XmlValueText gives are written as they come.
        XmlTreeBinding<Object[], Object[]> binding = stringBinding(true);
        Object[] record = {"x\uD83Dy", "\uDE00z\uD83D", "w"};

        assertThat(write(binding, record)).contains("a=\"x?y\"", "<v>?z?</v>");
        assertThat(write(binding, record).getBytes(StandardCharsets.UTF_8))
                .isEqualTo(previousWriter(binding, Collections.singletonList(record)));
    }

    @Test
    void longTextCrossesTheBufferAndAPairIsNeverSplit() throws Exception {
        for (int way = 0; way < 3; way++) {
            crossesTheBuffer(stringBinding(way));
        }
    }

    private static void crossesTheBuffer(XmlTreeBinding<Object[], Object[]> binding) throws Exception {
        StringBuilder text = new StringBuilder();
        Random random = new Random(7);
        while (text.length() < 100_000) {
            text.append(PIECES[random.nextInt(PIECES.length)]);
        }
        Object[] record = {text.toString(), text.toString(), text.toString()};

        assertThat(write(binding, record).getBytes(StandardCharsets.UTF_8))
                .isEqualTo(previousWriter(binding, Collections.singletonList(record)));
        StringWriter chars = new StringWriter();
        binding.write(Collections.singletonList(record), chars);
        assertThat(chars.toString()).isEqualTo(write(binding, record));
    }

    @Test
    void recordsAmongOtherElementsThroughACallersStaxWriter() throws Exception {
        XmlTreeBinding<Object[], Object[]> binding = stringBinding(false);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        javax.xml.stream.XMLStreamWriter xml = XmlStreams.writer(out);
        xml.writeStartDocument("UTF-8", "1.0");
        xml.writeStartElement("", "doc", "urn:e");
        xml.writeDefaultNamespace("urn:e");
        binding.writeElement(xml, new Object[] {"1 & 2", "v", "w"}, 1);
        xml.writeCharacters("\n");
        xml.writeEndElement();
        xml.writeEndDocument();
        xml.close();

        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                + "<doc xmlns=\"urn:e\">\n  <r a=\"1 &amp; 2\">\n    <v>v</v>\n    <w>w</w>\n  </r>\n</doc>");
    }

    /** {@code <r a="..."><v>...</v><w>...</w></r>}, the attribute and {@code v} from an XmlValueText if asked. */
    private static XmlTreeBinding<Object[], Object[]> stringBinding(boolean asChars) {
        return stringBinding(asChars ? 1 : 0);
    }

    /** {@link #stringBinding(boolean)} with the texts from getters (0), as characters (1) or as UTF-8 (2). */
    private static XmlTreeBinding<Object[], Object[]> stringBinding(int way) {
        boolean asChars = way > 0;
        XmlRecordMapping.Builder<Object[], Object[]> builder = XmlRecordMapping.builder(() -> new Object[3], "urn:e");
        builder.attribute("a", "a", TextValues.string(), set(0), get(0));
        if (asChars) {
            builder.valueText(way == 1 ? chars(0) : utf8(0));
        }
        builder.value("v", "v", TextValues.string(), set(1), get(1));
        if (asChars) {
            builder.valueText(way == 1 ? chars(1) : utf8(1));
        }
        builder.value("w", "w", TextValues.string(), set(2), get(2));
        return new XmlTreeBinding<>("R", "r", "urn:e", builder.build());
    }

    private static String write(XmlTreeBinding<Object[], Object[]> binding, Object[] record) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        binding.write(Collections.singletonList(record), out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The document as it was written before {@link Utf8XmlOutput}: through the JDK's StAX writer. */
    private static byte[] previousWriter(XmlTreeBinding<Object[], Object[]> binding, List<Object[]> records)
            throws XMLStreamException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        binding.write(records, records.size(), new StaxXmlOutput(XmlStreams.writer(out)));
        return out.toByteArray();
    }

    private static <T> BiConsumer<Object[], T> set(int index) {
        return (bean, value) -> bean[index] = value;
    }

    @SuppressWarnings("unchecked")
    private static <T> Function<Object[], T> get(int index) {
        return bean -> (T) bean[index];
    }

    /**
     * A string field's text as UTF-8 bytes (two bytes before it in the array), as the generic engine gives a string
     * of a record's bytes.
     */
    private static XmlValueText<Object[]> utf8(int index) {
        return (record, text) -> {
            Object value = record[index];
            if (value == null) {
                return XmlValueText.ABSENT;
            }
            byte[] bytes = ("<>" + value).getBytes(StandardCharsets.UTF_8);
            text.bytes = bytes;
            text.offset = 2;
            text.length = bytes.length - 2;
            return XmlValueText.UTF8;
        };
    }

    /** A string field's text as characters, as the generic engine gives it from a record's bytes. */
    private static XmlValueText<Object[]> chars(int index) {
        return (record, text) -> {
            Object value = record[index];
            if (value == null) {
                return XmlValueText.ABSENT;
            }
            String string = (String) value;
            char[] chars = text.ensure(string.length());
            string.getChars(0, string.length(), chars, 0);
            text.length = string.length();
            return XmlValueText.CHARS;
        };
    }

    /** A random record's mapping and how to make its values. */
    private static final class Shape {
        final String namespace;
        final List<Member> members = new ArrayList<>();
        private XmlRecordMapping<Object[], Object[]> mapping;

        Shape(String namespace) {
            this.namespace = namespace;
        }

        XmlRecordMapping<Object[], Object[]> mapping() {
            if (mapping == null) {
                XmlRecordMapping.Builder<Object[], Object[]> builder = XmlRecordMapping.builder(
                        () -> new Object[members.size()], namespace);
                for (int i = 0; i < members.size(); i++) {
                    members.get(i).add(builder, i);
                }
                mapping = builder.build();
            }
            return mapping;
        }

        Object[] value(Random random, int depth) {
            Object[] values = new Object[members.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = members.get(i).value(random, depth);
            }
            return values;
        }
    }

    private enum Kind { ATTRIBUTE, VALUE, VALUES, TEXT, RECORD, RECORDS, UNION, UNIONS, ANY }

    private enum Type { STRING, INTEGER, DECIMAL }

    private record Member(Kind kind, Type type, boolean optional, String name, String namespace, int textWay,
            Shape child, List<Shape> alternatives) {
        @SuppressWarnings({"unchecked", "rawtypes"})
        void add(XmlRecordMapping.Builder<Object[], Object[]> builder, int index) {
            String field = "f" + index;
            BiConsumer set = set(index);
            Function get = get(index);
            TextValue value = switch (type) {
                case STRING -> TextValues.string();
                case INTEGER -> TextValues.int64(Long.MIN_VALUE, Long.MAX_VALUE);
                case DECIMAL -> TextValues.decimal();
            };
            switch (kind) {
                case ATTRIBUTE -> {
                    if (optional) {
                        builder.optionalAttribute(field, name, value, set, get);
                    } else {
                        builder.attribute(field, name, value, set, get);
                    }
                }
                case VALUE -> {
                    if (optional) {
                        builder.optionalValue(field, name, value, set, get);
                    } else {
                        builder.value(field, name, value, set, get);
                    }
                }
                case TEXT -> {
                    if (optional) {
                        builder.optionalText(field, value, set, get);
                    } else {
                        builder.text(field, value, set, get);
                    }
                }
                case VALUES -> builder.values(field, name, value, set, get);
                case RECORD -> {
                    if (optional) {
                        builder.optionalRecord(field, name, child::mapping, set, get);
                    } else {
                        builder.record(field, name, child::mapping, set, get);
                    }
                }
                case RECORDS -> builder.records(field, name, child::mapping, set, get);
                case UNION, UNIONS -> {
                    XmlUnionMapping<Object[]> union = union(index);
                    if (kind == Kind.UNIONS) {
                        builder.unions(field, () -> union, set, get);
                    } else if (optional) {
                        builder.optionalUnion(field, () -> union, set, get);
                    } else {
                        builder.union(field, () -> union, set, get);
                    }
                }
                case ANY -> {
                    if (optional) {
                        builder.optionalAny(field, set, get);
                    } else {
                        builder.any(field, set, get);
                    }
                }
            }
            if (namespace != null) {
                builder.namespace(namespace);
            }
            if (textWay > 0) {
                builder.valueText(textWay == 1 ? chars(index) : utf8(index));
            }
        }

        /** A union of a string alternative and a record alternative per shape; a value is {alternative, value}. */
        private XmlUnionMapping<Object[]> union(int index) {
            XmlUnionMapping.Builder<Object[], Object[]> builder = XmlUnionMapping.builder("U" + index,
                    namespace == null ? "urn:u" : namespace, () -> new Object[2], holder -> holder,
                    value -> (Integer) value[0]);
            builder.value("s", name + "s", TextValues.string(), (h, v) -> { h[0] = 0; h[1] = v; }, u -> (String) u[1]);
            for (int i = 0; i < alternatives.size(); i++) {
                Shape shape = alternatives.get(i);
                int position = i + 1;
                builder.record("r" + i, name + "r" + i, shape::mapping, (h, v) -> { h[0] = position; h[1] = v; },
                        u -> (Object[]) u[1]);
                if (i == 0) {
                    builder.namespace("urn:alt");
                }
            }
            return builder.build();
        }

        Object value(Random random, int depth) {
            if (optional && random.nextInt(4) == 0) {
                return null;
            }
            return switch (kind) {
                case ATTRIBUTE, VALUE, TEXT -> scalar(random);
                case VALUES -> {
                    List<Object> items = new ArrayList<>();
                    for (int i = random.nextInt(4); i > 0; i--) {
                        items.add(scalar(random));
                    }
                    yield items;
                }
                case RECORD -> child.value(random, depth + 1);
                case RECORDS -> {
                    List<Object> items = new ArrayList<>();
                    for (int i = random.nextInt(3); i > 0; i--) {
                        items.add(child.value(random, depth + 1));
                    }
                    yield items;
                }
                case UNION -> unionValue(random, depth);
                case UNIONS -> {
                    List<Object> items = new ArrayList<>();
                    for (int i = random.nextInt(3); i > 0; i--) {
                        items.add(unionValue(random, depth));
                    }
                    yield items;
                }
                case ANY -> FRAGMENTS[random.nextInt(FRAGMENTS.length)];
            };
        }

        private Object[] unionValue(Random random, int depth) {
            int alternative = random.nextInt(alternatives.size() + 1);
            return alternative == 0 ? new Object[] {0, text(random)}
                    : new Object[] {alternative, alternatives.get(alternative - 1).value(random, depth + 1)};
        }

        private Object scalar(Random random) {
            return switch (type) {
                case STRING -> text(random);
                case INTEGER -> random.nextBoolean() ? (long) random.nextInt(1000) - 500 : random.nextLong();
                case DECIMAL -> BigDecimal.valueOf(random.nextLong(), random.nextInt(12) - 2);
            };
        }

        private static String text(Random random) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(random.nextInt(8) == 0 ? 60 : 6); i > 0; i--) {
                text.append(PIECES[random.nextInt(PIECES.length)]);
            }
            return text.toString();
        }
    }

    private static final class Generator {
        private final Random random;
        private int names;

        Generator(Random random) {
            this.random = random;
        }

        Shape record(int depth, String namespace) {
            Shape shape = new Shape(namespace);
            boolean simple = depth > 0 && random.nextInt(5) == 0;
            int count = random.nextInt(depth > 2 ? 3 : 6);
            for (int i = 0; i < count; i++) {
                Kind kind = simple ? Kind.ATTRIBUTE : pick(depth);
                shape.members.add(member(kind, depth, namespace));
            }
            if (simple) {
                shape.members.add(member(Kind.TEXT, depth, namespace));
            }
            return shape;
        }

        private Kind pick(int depth) {
            Kind[] kinds = Kind.values();
            while (true) {
                Kind kind = kinds[random.nextInt(kinds.length)];
                boolean nests = kind == Kind.RECORD || kind == Kind.RECORDS || kind == Kind.UNION
                        || kind == Kind.UNIONS;
                if (kind != Kind.TEXT && (!nests || depth < 3)) {
                    return kind;
                }
            }
        }

        private Member member(Kind kind, int depth, String parentNamespace) {
            Type type = kind == Kind.ATTRIBUTE || kind == Kind.VALUE || kind == Kind.TEXT || kind == Kind.VALUES
                    ? Type.values()[random.nextInt(3)] : Type.STRING;
            boolean optional = kind != Kind.VALUES && kind != Kind.RECORDS && kind != Kind.UNIONS
                    && random.nextBoolean();
            String name = (kind == Kind.ATTRIBUTE ? "a" : "e") + names++;
            String namespace = null;
            if (kind == Kind.ATTRIBUTE && random.nextInt(4) == 0) {
                namespace = random.nextBoolean() ? XMLConstants.XML_NS_URI : "urn:attr" + random.nextInt(2);
            } else if (kind != Kind.ATTRIBUTE && kind != Kind.TEXT && random.nextInt(5) == 0) {
                namespace = random.nextBoolean() ? "" : "urn:n" + random.nextInt(2);
            }
            int textWay = (kind == Kind.ATTRIBUTE || kind == Kind.VALUE || kind == Kind.TEXT)
                    && type == Type.STRING ? random.nextInt(3) : 0;
            Shape child = null;
            List<Shape> alternatives = List.of();
            if (kind == Kind.RECORD || kind == Kind.RECORDS) {
                child = record(depth + 1, random.nextInt(4) == 0 ? "urn:child" : parentNamespace);
            } else if (kind == Kind.UNION || kind == Kind.UNIONS) {
                alternatives = new ArrayList<>();
                for (int i = random.nextInt(3); i > 0; i--) {
                    alternatives.add(record(depth + 1, parentNamespace));
                }
            }
            return new Member(kind, type, optional, name, namespace, textWay, child, alternatives);
        }
    }
}
