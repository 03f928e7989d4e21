package dev.sdo.benchmarks.fpml;

import dev.sdo.examples.fpml.PublishedExamples;
import dev.sdo.runtime.text.BadInputPolicy;
import jakarta.xml.bind.JAXBElement;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.fpml.confirmation.DataDocumentBatch;
import org.fpml.confirmation.DataDocumentSdo;
import org.fpml.confirmation.DataDocumentXml;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reading five fields of a trade ({@link VanillaSwapFields}: FpML's vanilla swap) from its SDO in a batch, against
 * reading them from JAXB's object graph of the same document. The SDO reads each field from the bytes through the
 * getters of nested views (a string or decimal is decoded on each read); JAXB's fields are already objects.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FpmlFieldsBenchmark {
    private DataDocumentSdo sdo;
    private JAXBElement<?> jaxb;

    @Setup
    public void setUp() throws IOException {
        byte[] xml = PublishedExamples.document(FpmlCorpus.VANILLA_SWAP);
        DataDocumentBatch batch = DataDocumentXml.readBatch(new ByteArrayInputStream(xml), FpmlCorpus.VANILLA_SWAP,
                BadInputPolicy.FAIL);
        sdo = batch.get(0);
        jaxb = (JAXBElement<?>) new FpmlJaxb().unmarshal(xml);
        if (!VanillaSwapFields.of(sdo).equals(VanillaSwapFields.of(jaxb))) {
            throw new IllegalStateException("the SDO and JAXB read different fields: " + VanillaSwapFields.of(sdo)
                    + " and " + VanillaSwapFields.of(jaxb));
        }
    }

    @Benchmark
    public VanillaSwapFields jaxbFiveFields() {
        return VanillaSwapFields.of(jaxb);
    }

    @Benchmark
    public VanillaSwapFields sdoFiveFields() {
        return VanillaSwapFields.of(sdo);
    }
}
