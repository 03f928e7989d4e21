package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.runtime.generic.XmlShapeBinding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The XML bindings of a package's records share one set of mappings, readers and encoders, over the package's
 * descriptor ({@code PackageSchema.xml}): each root's binding is built on first use, under one lock, and the
 * mappings it shares with roots built before are the same objects. Built at once on many threads, they read and write
 * as bindings built one at a time do.
 */
class SharedXmlMappingsTest {
    private static final String SCHEMA = String.join("\n",
            "package s;",
            "@xml(name = \"party\", namespace = \"urn:s\")",
            "record Party { id: string @xml(attribute = true); name: string; }",
            "@xml(name = \"trade\", namespace = \"urn:s\")",
            "record Trade { id: string @xml(attribute = true); buyer: Party; seller: Party; amount: decimal(12, 2); }",
            "@xml(name = \"order\", namespace = \"urn:s\")",
            "record Order { party: Party optional; items: list<string> @xml(name = \"item\"); }");

    private static final List<String> ROOTS = List.of("s.Party", "s.Trade", "s.Order");
    private static final List<String> DOCUMENTS = List.of(
            "<party xmlns=\"urn:s\" id=\"p1\"><name>Ann</name></party>",
            "<trade xmlns=\"urn:s\" id=\"t1\"><buyer id=\"p1\"><name>Ann</name></buyer>"
                    + "<seller id=\"p2\"><name>Bo &amp; Co</name></seller><amount>1250.50</amount></trade>",
            "<order xmlns=\"urn:s\"><party id=\"p3\"><name>Cy</name></party><item>a</item><item>b</item></order>");

    @Test
    void theBindingsOfAPackagesRootsShareItsDescriptorEachBindingItsOwnRecord() {
        Generated generated = Generated.compile(Map.of("s.sdo", SCHEMA));
        List<XmlShapeBinding> bindings = ROOTS.stream()
                .map(root -> (XmlShapeBinding) generated.callStatic(root + "Xml", "binding")).toList();

        for (XmlShapeBinding binding : bindings) {
            assertThat(binding.schema()).isSameAs(bindings.get(0).schema());
        }
        assertThat(bindings.stream().map(b -> b.writer().record().name()).toList()).isEqualTo(ROOTS);
        assertThat(bindings.get(0).schema().records().stream().map(r -> r.name()).toList())
                .containsAll(ROOTS);
    }

    @Test
    void rootsFirstUsedAtOnceOnManyThreadsReadAndWriteAsRootsUsedOneAtATime() throws Exception {
        // Written one root at a time, by classes of their own.
        Generated alone = Generated.compile(Map.of("s.sdo", SCHEMA));
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < ROOTS.size(); i++) {
            expected.add(roundTrip(alone, i));
        }
        assertThat(expected.get(1)).contains("<name>Bo &amp; Co</name>", "<amount>1250.50</amount>");

        // Fresh classes, whose bindings are built by the threads' first calls, all at once.
        Generated together = Generated.compile(Map.of("s.sdo", SCHEMA));
        int threads = 6;
        CyclicBarrier start = new CyclicBarrier(threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<List<String>>> written = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int root = t % ROOTS.size();
                written.add(pool.submit(() -> {
                    start.await();
                    List<String> texts = new ArrayList<>();
                    for (int pass = 0; pass < 20; pass++) {
                        texts.add(roundTrip(together, (root + pass) % ROOTS.size()));
                    }
                    return texts;
                }));
            }
            for (int t = 0; t < threads; t++) {
                List<String> texts = written.get(t).get();
                for (int pass = 0; pass < texts.size(); pass++) {
                    assertThat(texts.get(pass)).as("thread %d, pass %d", t, pass)
                            .isEqualTo(expected.get((t % ROOTS.size() + pass) % ROOTS.size()));
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Document {@code root} read into beans by its root's generated binding, and written back. */
    private static String roundTrip(Generated generated, int root) {
        String record = ROOTS.get(root);
        return generated.writeXml(record, generated.readXml(record, DOCUMENTS.get(root), record + ".xml"));
    }
}
