package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.binding.GenericXmlBinding;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.generic.FieldType;
import dev.sdo.runtime.generic.GenericBatch;
import dev.sdo.runtime.generic.GenericList;
import dev.sdo.runtime.generic.GenericRecord;
import dev.sdo.runtime.generic.GenericUnion;
import dev.sdo.runtime.generic.GenericWriter;
import dev.sdo.runtime.generic.RecordValues;
import dev.sdo.runtime.generic.SchemaDescriptor;
import dev.sdo.runtime.generic.UnionDescriptor;
import dev.sdo.runtime.text.TextInputException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The XML tree binding built at run time from the schema alone ({@link GenericXmlBinding}) against the generated
 * {@code XXml} of the same schema, over the generated bindings' own test schemas and documents and FpML trades: each
 * document read into generic values holds what the generated binding reads into beans (the beans encoded into a
 * batch file and read back generically); written from the file's generic records, and from the values, it is the
 * very XML the generated binding writes; and a bad document is refused with the same message.
 */
class GenericXmlBindingTest {
    @TempDir
    Path dir;

    /**
     * A union of a value of each type, held by a field, a list and an optional field: what the writer writes from
     * the bytes the union's view leaves them in (strings, unbounded numbers behind the union's slot, bounded ones and
     * characters in its inline place) or, for the rest, from their Java values; unbounded numbers with defaults, equal
     * to them by value though written otherwise; characters of an alphabet, one with markup.
     */
    static final String VALUES_SCHEMA = String.join("\n",
            "package v;",
            "enum Side { BUY, SELL @xml(name = \"S&L\") }",
            "union Value {",
            "    text: string;",
            "    amount: decimal;",
            "    count: integer;",
            "    price: decimal(8, 2);",
            "    day: date;",
            "    side: Side;",
            "    flag: bool;",
            "    small: int(-5..5);",
            "    big: uint64;",
            "    code: char(3, \"A-Z\");",
            "    ratio: float64;",
            "}",
            "@xml(name = \"doc\")",
            "record Doc {",
            "    build: integer = 7 @xml(attribute = true);",
            "    scale: decimal = \"1.50\";",
            "    size: integer = 70;",
            "    value: Value;",
            "    values: list<Value>;",
            "    other: Value optional;",
            "    mark: char(4, \"a-z<&>\") optional;",
            "    time: char(8, \"0-9:\");",
            "}");

    static final String VALUES_DOC = """
            <doc build="8">
              <scale>2.5</scale>
              <size>70</size>
              <text>a &lt; b &amp; c &gt; d "q" 'a' Zoë 😀</text>
              <text></text>
              <text>plain</text>
              <amount>-12345678901234.5678</amount>
              <amount>1000.0</amount>
              <amount>123456789012345678901234567890.5</amount>
              <count>12</count>
              <count>-123456789012345678901234567890</count>
              <price>-0.05</price>
              <day>2024-02-29</day>
              <side>S&amp;L</side>
              <flag>true</flag>
              <small>-5</small>
              <big>18446744073709551615</big>
              <code>EUR</code>
              <ratio>0.25</ratio>
              <amount>0.000</amount>
              <code></code>
              <mark>a&lt;&amp;b</mark>
              <time>10:00:00</time>
            </doc>
            """;

    /** The schema files, the record, good documents and bad ones. */
    static Stream<Arguments> schemas() {
        String deal = XmlTreeBindingGenerationTest.DEAL;
        String first = XmlUnionBindingGenerationTest.FIRST;
        String second = XmlUnionBindingGenerationTest.SECOND;
        String mixed = XmlUnionBindingGenerationTest.MIXED;
        String fpml = resource("/data/fpml-trades.xml");
        return Stream.of(
                Arguments.of("nested records, lists, strings and blobs",
                        Map.of("deal.sdo", XmlTreeBindingGenerationTest.SCHEMA), "p.Deal", List.of(deal),
                        List.of(deal.replace("<period>Y</period>", "<period>X</period>"),
                                deal.replace("<amount>1000000</amount>", "<amount>1.005</amount>"),
                                deal.replace("<flag>false</flag>", ""),
                                deal.replace("<name>Zoë</name>", "<name>Zoë</name><bogus/>"))),
                Arguments.of("unions, inline records, simple content, raw XML and defaults",
                        Map.of("t.sdo", XmlUnionBindingGenerationTest.SCHEMA), "x.Trade", List.of(first, second,
                                first.replace(" tradeIdScheme=\"http://a/trade-id\"", ""),
                                first.replace("<count>7</count>", "<count>5</count>")),
                        List.of(second.replace("<tradeId ", "<tradeId foo=\"1\" "),
                                second.replace("version=\"4\"", "version=\"4\" region=\"EU\""),
                                second.replace("<rate>0.01</rate>", "<rate>0.01</rate><bogus/>"),
                                second.replace("<dayCount>ACT/360</dayCount>", "<dayCount>ACT360</dayCount>"),
                                second.replace("<fixedRate><rate>0.01</rate></fixedRate>", ""),
                                second.replace("<tail>end</tail>", "<tail>end</tail><source>x</source>"),
                                second.replace("<code>EUR</code>", "<code>EURO</code>"))),
                Arguments.of("mixed content, lists of unions, extensions and other namespaces",
                        Map.of("m.sdo", XmlUnionBindingGenerationTest.MIXED_SCHEMA), "m.Doc", List.of(mixed,
                                mixed.replace("<reset>4</reset>", "<observation>3</observation><reset>4</reset>"),
                                mixed.replace("<reset>4</reset><reset>5</reset>",
                                        "<key>1</key><val>2</val><key>3</key><val>4</val>")),
                        List.of(mixed.replace("<n>2</n>", "<n>200</n>"), mixed.replace("<para/>", "<para x='1'/>"))),
                Arguments.of("unions bound as one text: dates or their texts as written",
                        Map.of("d.sdo", XmlTextUnionBindingTest.SCHEMA), "d.Doc", List.of(XmlTextUnionBindingTest.DOC),
                        List.of(XmlTextUnionBindingTest.DOC.replace("<num>b-b</num>", "<num>07</num>"),
                                XmlTextUnionBindingTest.DOC.replace("<n>A</n>", "<n>C</n>"))),
                Arguments.of("unions' values of every type, and unbounded numbers with defaults",
                        Map.of("v.sdo", VALUES_SCHEMA), "v.Doc", List.of(VALUES_DOC,
                                VALUES_DOC.replace("build=\"8\"", "build=\"7\"")
                                        .replace("<scale>2.5</scale>", "<scale>1.500</scale>")
                                        .replace("<size>70</size>", "<size>070</size>"),
                                VALUES_DOC.replace("build=\"8\"", "build=\"70\"")
                                        .replace("<scale>2.5</scale>", "<scale>1.5</scale>")
                                        .replace("<size>70</size>", "<size>-70</size>")),
                        List.of(VALUES_DOC.replace("<small>-5</small>", "<small>6</small>"),
                                VALUES_DOC.replace("<count>12</count>", "<count>1.5</count>"))),
                Arguments.of("abstract records named by xsi:type",
                        Map.of("a.sdo", XmlTypedBindingTest.SCHEMA), "a.Doc", List.of(XmlTypedBindingTest.DOC),
                        List.of(XmlTypedBindingTest.DOC.replace(" xsi:type='PercentageRule'", ""),
                                XmlTypedBindingTest.DOC.replace("xsi:type='b:OtherRule'", "xsi:type='OtherRule'"))),
                Arguments.of("FpML interest rate swaps",
                        Map.of("interest-rate-swap.sdo", resource("/schemas/interest-rate-swap.sdo"),
                                "reset-frequency.sdo", resource("/schemas/reset-frequency.sdo")),
                        "org.fpml.sdo.Trade", List.of(fpml),
                        List.of(fpml.replaceFirst("<periodMultiplier>1</periodMultiplier>",
                                        "<periodMultiplier>32</periodMultiplier>"),
                                fpml.replaceFirst("<tradeDate>2020-09-08</tradeDate>",
                                        "<tradeDate>2020-13-08</tradeDate>"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("schemas")
    void readsAndWritesAsTheGeneratedBindingDoes(String what, Map<String, String> files, String record,
            List<String> documents, List<String> bad) throws Exception {
        Generated generated = Generated.compile(files);
        Compilation compilation = new SchemaCompiler().compile(files, List.copyOf(new TreeMap<>(files).keySet()));
        CodecModel model = compilation.model().orElseThrow();
        RecordLayout layout = compilation.layouts().stream()
                .filter(l -> l.record().name().toString().equals(record)).findFirst().orElseThrow();
        GenericXmlBinding generic = GenericXmlBinding.of(model, layout);

        for (int d = 0; d < documents.size(); d++) {
            String document = documents.get(d);
            List<Object> beans = generated.readXml(record, document, "d.xml");
            List<RecordValues> values = generic.read(stream(document), "d.xml");
            GenericBatch batch = GenericBatch.open(writeBatch(generated, record, beans, dir.resolve(d + ".sdob")));

            assertThat(values).as("document %d read generically", d).isEqualTo(valuesOf(batch, generic.schema()));
            String expected = generated.writeXml(record, beans);
            assertThat(write(generic, records(batch), batch.size())).as("document %d written from the file", d)
                    .isEqualTo(expected);
            assertThat(write(generic, values, values.size())).as("document %d written from the values", d)
                    .isEqualTo(expected);
        }
        for (String document : bad) {
            Throwable fromGenerated = catchThrowable(() -> generated.readXml(record, document, "bad.xml"));
            Throwable fromGeneric = catchThrowable(() -> generic.read(stream(document), "bad.xml"));

            assertThat(fromGenerated).isInstanceOf(TextInputException.class);
            assertThat(fromGeneric).isInstanceOf(TextInputException.class).hasMessage(fromGenerated.getMessage());
        }
    }

    /**
     * The generated {@code XXml} and {@code sdoc}'s binding are one path ({@code XmlShapeBinding}), but the bytes are
     * also the generated encoder's: {@code readBatch} holds, record for record, exactly the bytes
     * {@code XSdo.of(bean).toByteArray()} writes for the beans {@code read} gives, which are the bytes the generic
     * writer makes of the values {@code sdoc}'s binding reads; {@code writeBatch}, {@code write} of the beans and
     * {@code sdoc}'s binding write the very same XML.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("schemas")
    void theGeneratedBindingWritesTheGenericBytesAndXml(String what, Map<String, String> files, String record,
            List<String> documents, List<String> bad) throws Exception {
        Generated generated = Generated.compile(files);
        Compilation compilation = new SchemaCompiler().compile(files, List.copyOf(new TreeMap<>(files).keySet()));
        RecordLayout layout = compilation.layouts().stream()
                .filter(l -> l.record().name().toString().equals(record)).findFirst().orElseThrow();
        GenericXmlBinding generic = GenericXmlBinding.of(compilation.model().orElseThrow(), layout);
        GenericWriter writer = generic.writer();
        Class<?> xml = generated.type(record + "Xml");
        Class<?> batchClass = generated.type(record + "Batch");

        for (int d = 0; d < documents.size(); d++) {
            String document = documents.get(d);
            Object batch = xml.getMethod("readBatch", InputStream.class, String.class).invoke(null, stream(document),
                    "d.xml");
            List<Object> beans = generated.readXml(record, document, "d.xml");
            List<RecordValues> values = generic.read(stream(document), "d.xml");
            int size = (int) Generated.call(batch, "size");
            assertThat(size).isEqualTo(beans.size()).isEqualTo(values.size());
            Object store = Generated.call(batch, "store");
            for (int i = 0; i < size; i++) {
                byte[] read = (byte[]) Generated.call(store, "toByteArray", (long) i);
                assertThat(read).as("document %d, record %d: the generated encoder's bytes", d, i)
                        .isEqualTo((byte[]) Generated.call(generated.of(record, beans.get(i)), "toByteArray"));
                assertThat(read).as("document %d, record %d: the generic writer's bytes", d, i)
                        .isEqualTo(writer.toByteArray(values.get(i)));
            }
            ByteArrayOutputStream written = new ByteArrayOutputStream();
            xml.getMethod("writeBatch", batchClass, OutputStream.class).invoke(null, batch, written);
            String expected = write(generic, values, values.size());
            assertThat(written.toString(StandardCharsets.UTF_8)).as("document %d: writeBatch", d).isEqualTo(expected);
            assertThat(generated.writeXml(record, beans)).as("document %d: write of the beans", d).isEqualTo(expected);
        }
    }

    /** Writes the beans with the generated batch, as a program would. */
    private static Path writeBatch(Generated generated, String record, List<Object> beans, Path file)
            throws Exception {
        Class<?> batchClass = generated.type(record + "Batch");
        Object batch = batchClass.getConstructor().newInstance();
        Method add = batchClass.getMethod("add", Object.class);
        for (Object bean : beans) {
            add.invoke(batch, bean);
        }
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            batchClass.getMethod("writeTo", WritableByteChannel.class).invoke(batch, out);
        }
        return file;
    }

    /**
     * The batch's records as values of {@code schema} (the binding's: the descriptor of the record's package, where
     * the batch's is the record's own), each field's value as the generic reader gives it; records and unions are
     * found in {@code schema} by name.
     */
    private static List<RecordValues> valuesOf(GenericBatch batch, SchemaDescriptor schema) {
        List<RecordValues> values = new ArrayList<>();
        for (long i = 0; i < batch.size(); i++) {
            values.add(values(batch.get(i), batch.schema(), schema));
        }
        return values;
    }

    private static RecordValues values(GenericRecord record, SchemaDescriptor from, SchemaDescriptor schema) {
        String name = record.descriptor().name();
        int index = 0;
        while (!schema.records().get(index).name().equals(name)) {
            index++;
        }
        RecordValues values = RecordValues.of(schema, index);
        for (int i = 0; i < record.descriptor().fields().size(); i++) {
            values.set(i, value(record.descriptor().field(i).type(), record.get(i), from, schema));
        }
        return values;
    }

    private static Object value(FieldType type, Object value, SchemaDescriptor from, SchemaDescriptor schema) {
        if (value instanceof GenericRecord nested) {
            return values(nested, from, schema);
        } else if (value instanceof GenericList list) {
            List<Object> items = new ArrayList<>();
            for (Object item : list) {
                items.add(value(((FieldType.ListOf) type).element(), item, from, schema));
            }
            return items;
        } else if (value instanceof GenericUnion union) {
            String name = from.unions().get(((FieldType.Union) type).union()).name();
            UnionDescriptor descriptor = schema.unions().stream().filter(u -> u.name().equals(name)).findFirst()
                    .orElseThrow();
            return GenericUnion.of(descriptor, union.alternative(), value(union.type(), union.value(), from, schema));
        }
        return value;
    }

    /** The batch's records through one cursor, moved from record to record. */
    private static Iterable<GenericRecord> records(GenericBatch batch) {
        return () -> new Iterator<>() {
            private final GenericRecord cursor = batch.cursor();
            private long next;

            @Override
            public boolean hasNext() {
                return next < batch.size();
            }

            @Override
            public GenericRecord next() {
                return batch.moveTo(cursor, next++);
            }
        };
    }

    private static String write(GenericXmlBinding binding, Iterable<?> records, long size) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        binding.write(records, size, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static InputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String resource(String name) {
        try (InputStream in = GenericXmlBindingTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
