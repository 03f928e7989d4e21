package dev.sdo.benchmarks.fpml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.examples.fpml.ImportedDocuments;
import dev.sdo.runtime.batch.RecordBatch;
import dev.sdo.runtime.batch.VariableRecordStore;
import jakarta.xml.bind.JAXBElement;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.namespace.QName;
import org.fpml.confirmation.DataDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.GraphLayout;
import org.openjdk.jol.vm.VM;

/**
 * The FpML benchmarks measure what they claim: JAXB reads every published document, sdo's generic path (by the
 * schema alone) writes the same SDO bytes and the same XML as its generated one, the SDO and JAXB read the same five
 * fields of the vanilla swap, and the size report measures every document. The module's class path holds Aalto, which
 * the JDK's StAX lookup finds first: these tests run sdo on Aalto, as {@code FpmlXmlBenchmark}'s {@code aalto} runs.
 */
class FpmlPeersTest {
    private static List<FpmlCorpus.Document> corpus;

    @BeforeAll
    static void readTheCorpus() {
        corpus = FpmlCorpus.all(ImportedDocuments.load());
    }

    @Test
    void jaxbReadsAndWritesEveryPublishedDocument() {
        FpmlJaxb jaxb = new FpmlJaxb();
        assertThat(corpus).hasSize(142);
        for (FpmlCorpus.Document document : corpus) {
            Object read = jaxb.unmarshal(document.xml());
            ByteArrayOutputStream written = new ByteArrayOutputStream();
            jaxb.marshal(read, written);
            assertThat(read).as(document.path()).isInstanceOf(JAXBElement.class);
            assertThat(written.size()).as(document.path()).isPositive();
        }
    }

    @Test
    void theGenericPathWritesTheGeneratedPathsBytesAndXml() throws Exception {
        FpmlGeneric generic = FpmlGeneric.load();
        for (FpmlCorpus.Document document : corpus) {
            RecordBatch<?, ?, ?> batch = document.root().readBatch(document.xml(), document.path());
            FpmlGeneric.Root root = generic.rootOf(document.root());
            VariableRecordStore store = root.read(document.xml(), document.path());
            assertThat(batch.size()).as(document.path()).isOne();
            assertThat(store.size()).as(document.path()).isOne();
            assertThat(store.toByteArray(0)).as(document.path())
                    .isEqualTo(batch.get(0).getClass().getMethod("toByteArray").invoke(batch.get(0)));

            ByteArrayOutputStream generated = new ByteArrayOutputStream();
            document.root().writeBatch(batch, generated);
            ByteArrayOutputStream written = new ByteArrayOutputStream();
            root.write(List.of(root.record(store, 0)), written);
            assertThat(written.toString(StandardCharsets.UTF_8)).as(document.path())
                    .isEqualTo(generated.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void theSdoAndJaxbReadTheSameFiveFieldsOfTheVanillaSwap() throws IOException {
        FpmlCorpus.Document swap = corpus.stream()
                .filter(document -> document.path().equals(FpmlCorpus.VANILLA_SWAP)).findFirst().orElseThrow();
        DataDocument sdo = (DataDocument) swap.root().readBatch(swap.xml(), swap.path()).get(0);
        VanillaSwapFields fromSdo = VanillaSwapFields.of(sdo);

        assertThat(fromSdo).isEqualTo(new VanillaSwapFields("1994-12-12", "party1", new BigDecimal("50000000.00"),
                "EUR", new BigDecimal("0.06")));
        assertThat(VanillaSwapFields.of((JAXBElement<?>) new FpmlJaxb().unmarshal(swap.xml()))).isEqualTo(fromSdo);
    }

    @Test
    void theSizeReportMeasuresEveryDocument() throws IOException {
        List<FpmlSizeReport.Sizes> sizes = FpmlSizeReport.measure(corpus);

        assertThat(sizes).hasSize(corpus.size());
        for (FpmlSizeReport.Sizes document : sizes) {
            assertThat(document.sdo()).as(document.path()).isPositive().isLessThan(document.xml());
            assertThat(document.jaxb()).as(document.path()).isGreaterThan(document.sdo());
            assertThat(document.beans()).as(document.path()).isPositive();
        }
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        FpmlSizeReport.print(sizes, new PrintStream(printed, true, StandardCharsets.UTF_8));
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("all                                142")
                .contains("C24's SDO of it: 370 bytes");
    }

    @Test
    void theHeapSizeLeavesOutClassesAndEnumConstants() {
        // A JAXBElement names two classes; without leaving them out the measure holds their reflection data.
        JAXBElement<String> element = new JAXBElement<>(new QName("u", "e"), String.class, "x");

        assertThat(FpmlSizeReport.heapBytes(element)).isEqualTo(GraphLayout.parseInstance(element.getName(),
                element.getValue()).totalSize() + VM.current().sizeOf(element));
        assertThat(FpmlSizeReport.heapBytes(new Object[] {Thread.State.NEW}))
                .isEqualTo(FpmlSizeReport.heapBytes(new Object[] {null}));
    }
}
