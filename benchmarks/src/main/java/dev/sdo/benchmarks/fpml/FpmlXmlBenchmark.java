package dev.sdo.benchmarks.fpml;

import dev.sdo.examples.fpml.ImportedDocuments;
import dev.sdo.runtime.batch.RecordBatch;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
 * <p>XML to SDO is the whole path a user takes, {@code DataDocumentXml.readBatch}: the XML parsed, each document
 * read into beans and encoded as an SDO into a batch (the beans dropped); XML to JAXB is
 * {@code Unmarshaller.unmarshal}. SDO to XML writes each batch with {@code writeBatch}, JAXB to XML with
 * {@code Marshaller.marshal}, into the same reused buffer.
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

    private List<FpmlCorpus.Document> corpus;
    private FpmlJaxb jaxb;
    private List<Object> jaxbDocuments;
    private List<RecordBatch<?, ?, ?>> sdoDocuments;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 20);

    @Setup
    public void setUp() throws IOException {
        ImportedDocuments model = ImportedDocuments.load();
        corpus = switch (documents) {
            case "vanilla-swap" -> List.of(FpmlCorpus.document(model, FpmlCorpus.VANILLA_SWAP));
            case "all" -> FpmlCorpus.all(model);
            default -> throw new IllegalArgumentException("documents: vanilla-swap or all, not " + documents);
        };
        jaxb = new FpmlJaxb();
        jaxbDocuments = new ArrayList<>();
        sdoDocuments = new ArrayList<>();
        for (FpmlCorpus.Document document : corpus) {
            jaxbDocuments.add(jaxb.unmarshal(document.xml()));
            sdoDocuments.add(document.root().readBatch(document.xml(), document.path()));
        }
    }

    @Benchmark
    public void xmlToJaxb(Blackhole blackhole) {
        for (FpmlCorpus.Document document : corpus) {
            blackhole.consume(jaxb.unmarshal(document.xml()));
        }
    }

    @Benchmark
    public void xmlToSdo(Blackhole blackhole) throws IOException {
        for (FpmlCorpus.Document document : corpus) {
            blackhole.consume(document.root().readBatch(document.xml(), document.path()));
        }
    }

    @Benchmark
    public int jaxbToXml() {
        out.reset();
        for (Object document : jaxbDocuments) {
            jaxb.marshal(document, out);
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
}
