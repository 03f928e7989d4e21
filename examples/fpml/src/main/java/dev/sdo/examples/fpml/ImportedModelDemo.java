package dev.sdo.examples.fpml;

import dev.sdo.runtime.batch.RecordBatch;
import dev.sdo.runtime.generic.XmlShapeBinding;
import dev.sdo.runtime.text.BadInputPolicy;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fpml.confirmation.TradeBatch;
import org.fpml.confirmation.TradeXml;

/**
 * The demo's part that uses the model imported from FpML's own XSD ({@code org.fpml.confirmation}): every published
 * document of the confirmation view read into an SDO batch and written back as XML, and the generated trades read
 * straight into a batch of the imported {@code Trade}. JAXB's sizes and times for the same documents are the
 * benchmarks' ({@code dev.sdo.benchmarks.fpml}): JAXB is a dependency of the benchmarks only.
 */
final class ImportedModelDemo {
    private final PrintStream out;

    ImportedModelDemo(PrintStream out) {
        this.out = out;
    }

    /** The published documents by folder: count, XML bytes, SDO bytes, and the times there and back. */
    void publishedDocuments() throws IOException {
        long started = System.nanoTime();
        ImportedDocuments model = ImportedDocuments.load();
        out.printf("The model imported from FpML 5.11's XSD: the XML bindings of its %,d elements loaded in %s.%n",
                model.roots().size(), millis(System.nanoTime() - started));
        Map<String, long[]> folders = new LinkedHashMap<>();
        for (String path : PublishedExamples.all()) {
            byte[] xml = PublishedExamples.document(path);
            ImportedDocuments.Root root = model.rootOf(xml, path);
            long read = System.nanoTime();
            RecordBatch<?, ?, ?> batch = root.readBatch(xml, path);
            long written = System.nanoTime();
            ByteArrayOutputStream back = new ByteArrayOutputStream(xml.length);
            root.writeBatch(batch, back);
            long done = System.nanoTime();
            long[] sums = folders.computeIfAbsent(path.substring(0, path.indexOf('/')), f -> new long[5]);
            sums[0]++;
            sums[1] += xml.length;
            sums[2] += batch.recordBytes();
            sums[3] += written - read;
            sums[4] += done - written;
        }
        String format = "  %-30s %5s %12s %12s %8s %10s %10s%n";
        out.printf(format, "FpML's published examples", "docs", "XML", "SDO", "XML/SDO", "XML->SDO", "SDO->XML");
        long[] total = new long[5];
        for (Map.Entry<String, long[]> folder : folders.entrySet()) {
            row(format, folder.getKey(), folder.getValue());
            for (int i = 0; i < total.length; i++) {
                total[i] += folder.getValue()[i];
            }
        }
        row(format, "all", total);
    }

    /**
     * The generated document's {@code trade} elements read straight into a batch of the imported model's
     * {@code Trade}, one at a time. The XSD declares {@code trade} inside {@code dataDocument}, not as a document
     * root, so the binding is made here: the generated one, its record's element named {@code trade}.
     */
    void generatedTrades(Path xml, int count, long xmlBytes) throws IOException {
        XmlShapeBinding trade = TradeXml.binding().withElement("trade", FpmlDocument.NAMESPACE);
        long started = System.nanoTime();
        TradeBatch trades = new TradeBatch();
        try (InputStream in = Files.newInputStream(xml)) {
            trade.read(in, xml.toString(), BadInputPolicy.FAIL, trades.store());
        }
        long nanos = System.nanoTime() - started;
        if (trades.size() != count) {
            throw new IllegalStateException("the demo went wrong: the imported model read " + trades.size()
                    + " trades of " + count);
        }
        out.printf("The same %,d trades read by the imported model into a TradeBatch: %s, %,d B per trade "
                + "(XML %,d B), in %s.%n", count, megabytes(trades.recordBytes()), trades.recordBytes() / count,
                xmlBytes / count, millis(nanos));
    }

    private void row(String format, String name, long[] sums) {
        out.printf(format, name, sums[0], String.format("%,d B", sums[1]), String.format("%,d B", sums[2]),
                String.format("%.1fx", (double) sums[1] / sums[2]), millis(sums[3]), millis(sums[4]));
    }

    private static String megabytes(long bytes) {
        return String.format("%.1f MB", bytes / 1_000_000.0);
    }

    private static String millis(long nanos) {
        return String.format("%,d ms", nanos / 1_000_000);
    }
}
