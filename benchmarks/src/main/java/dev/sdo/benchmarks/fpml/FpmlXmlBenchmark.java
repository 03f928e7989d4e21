package dev.sdo.benchmarks.fpml;

import dev.sdo.examples.fpml.ImportedDocuments;
import dev.sdo.runtime.batch.RecordBatch;
import dev.sdo.runtime.batch.VariableRecordStore;
import dev.sdo.runtime.generic.GenericRecord;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * FpML documents from XML and back to XML: the model imported from FpML's XSD by sdo against JAXB over the classes
 * xjc generates from the same XSD, both reading and writing the same published documents. One operation is one pass
 * over the documents: FpML's vanilla swap alone, or all of its published examples of the confirmation view.
 *
 * <p>sdo has two ways in. The generated one, {@code DataDocumentXml.readBatch} and {@code writeBatch}: since the
 * generated {@code XXml} classes run on the generic engine ({@code XmlShapeBinding}, built from the package's
 * descriptor and XML shape), each document is read into generic values and encoded by the generic writer straight
 * into the batch's store, and written back from a generic record over it. The generic one, as {@code sdoc convert}
 * and {@code sdoc dump} take it ({@link FpmlGeneric}): the same engine, its binding built from the schema by the
 * compiler. Both write the same bytes and the same XML ({@code FpmlPeersTest}). XML to JAXB is
 * {@code Unmarshaller.unmarshal}, JAXB to XML {@code Marshaller.marshal}, into the same reused buffer.
 *
 * <p>sdo reads with the runtime's own parser ({@code Utf8XmlReader}) and writes with its own UTF-8 output, whatever
 * {@code stax} says. {@code stax} chooses JAXB's parser and writer: {@code jdk}, JAXB on its default (the JDK's SAX
 * parser, its own UTF-8 writer), JAXB as it comes; {@code aalto}, JAXB reading from and writing to Aalto's StAX
 * reader and writer (and sdo's runtime finding Aalto's output factory, through the JDK's lookup, as a user who puts
 * Aalto on the class path gets it). JMH runs each {@code stax} in its own JVM.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FpmlXmlBenchmark {
    /** {@code vanilla-swap} (FpML's ird-ex01, 7.6 kB) or {@code all} (every published document, 1.1 MB). */
    @Param({"vanilla-swap", "all"})
    public String documents;

    /** The StAX implementation: {@code jdk} or {@code aalto}. */
    @Param({"jdk", "aalto"})
    public String stax;

    /**
     * The generic path's layout: {@code compact}, the imported records as they are ({@code @compact},
     * docs/record-format.md section 8), or {@code plain}, the same records without {@code @compact}; run with
     * {@code -p layout=compact,plain} and the generic benchmarks to see what the compact layout costs.
     */
    @Param({"compact"})
    public String layout;

    private List<FpmlCorpus.Document> corpus;
    private FpmlJaxb jaxb;
    /** Aalto's factories for JAXB; null on the JDK, where JAXB reads and writes by its default. */
    private XMLInputFactory jaxbInput;
    private XMLOutputFactory jaxbOutput;
    private List<Object> jaxbDocuments;
    private List<RecordBatch<?, ?, ?>> sdoDocuments;
    private List<FpmlGeneric.Root> genericRoots;
    private List<List<GenericRecord>> genericDocuments;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 20);

    @Setup
    public void setUp() throws IOException {
        StaxImplementation implementation = StaxImplementation.named(stax);
        // First: the runtime creates its StAX factories once, on first use.
        implementation.select();
        if (implementation == StaxImplementation.AALTO) {
            jaxbInput = implementation.inputFactory();
            jaxbOutput = implementation.outputFactory();
        }
        ImportedDocuments model = ImportedDocuments.load();
        corpus = switch (documents) {
            case "vanilla-swap" -> List.of(FpmlCorpus.document(model, FpmlCorpus.VANILLA_SWAP));
            case "all" -> FpmlCorpus.all(model);
            default -> throw new IllegalArgumentException("documents: vanilla-swap or all, not " + documents);
        };
        jaxb = new FpmlJaxb();
        FpmlGeneric generic = switch (layout) {
            case "compact" -> FpmlGeneric.load(true);
            case "plain" -> FpmlGeneric.load(false);
            default -> throw new IllegalArgumentException("layout: compact or plain, not " + layout);
        };
        jaxbDocuments = new ArrayList<>();
        sdoDocuments = new ArrayList<>();
        genericRoots = new ArrayList<>();
        genericDocuments = new ArrayList<>();
        for (FpmlCorpus.Document document : corpus) {
            jaxbDocuments.add(jaxb.unmarshal(document.xml()));
            sdoDocuments.add(document.root().readBatch(document.xml(), document.path()));
            FpmlGeneric.Root root = generic.rootOf(document.root());
            genericRoots.add(root);
            genericDocuments.add(List.of(root.record(root.read(document.xml(), document.path()), 0)));
        }
    }

    @Benchmark
    public void xmlToJaxb(Blackhole blackhole) throws XMLStreamException {
        for (FpmlCorpus.Document document : corpus) {
            if (jaxbInput == null) {
                blackhole.consume(jaxb.unmarshal(document.xml()));
            } else {
                XMLStreamReader xml = jaxbInput.createXMLStreamReader(new ByteArrayInputStream(document.xml()));
                blackhole.consume(jaxb.unmarshal(xml));
                xml.close();
            }
        }
    }

    @Benchmark
    public void xmlToSdo(Blackhole blackhole) throws IOException {
        for (FpmlCorpus.Document document : corpus) {
            blackhole.consume(document.root().readBatch(document.xml(), document.path()));
        }
    }

    @Benchmark
    public void xmlToGeneric(Blackhole blackhole) throws IOException {
        for (int i = 0; i < corpus.size(); i++) {
            FpmlCorpus.Document document = corpus.get(i);
            VariableRecordStore store = genericRoots.get(i).read(document.xml(), document.path());
            blackhole.consume(store);
        }
    }

    @Benchmark
    public int jaxbToXml() throws XMLStreamException {
        out.reset();
        for (Object document : jaxbDocuments) {
            if (jaxbOutput == null) {
                jaxb.marshal(document, out);
            } else {
                XMLStreamWriter xml = jaxbOutput.createXMLStreamWriter(out, "UTF-8");
                jaxb.marshal(document, xml);
                xml.close();
            }
        }
        return out.size();
    }

    @Benchmark
    public int sdoToXml() throws IOException {
        out.reset();
        for (int i = 0; i < corpus.size(); i++) {
            corpus.get(i).root().writeBatch(sdoDocuments.get(i), out);
        }
        return out.size();
    }

    @Benchmark
    public int genericToXml() throws IOException {
        out.reset();
        for (int i = 0; i < corpus.size(); i++) {
            genericRoots.get(i).write(genericDocuments.get(i), out);
        }
        return out.size();
    }
}
