package dev.sdo.benchmarks.fpml;

import dev.sdo.examples.fpml.ImportedDocuments;
import dev.sdo.runtime.batch.RecordBatch;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sizes of FpML's published documents of the confirmation view: as XML, as SDOs of the model imported from
 * FpML's XSD, and on the heap as JAXB objects (xjc's classes of the same XSD) and as sdo's beans, measured by JOL
 * ({@link HeapSize}: class objects and enum constants left out, every document shares them with the program).
 *
 * <p>Usage: {@code java -Djdk.attach.allowAttachSelf=true -cp benchmarks.jar dev.sdo.benchmarks.fpml.FpmlSizeReport}
 */
public final class FpmlSizeReport {
    /** The size of C24's SDO of FpML's vanilla swap ({@code ird-ex01}), as the founding talk showed it. */
    static final int C24_VANILLA_SWAP_BYTES = 370;

    private FpmlSizeReport() {}

    /** One document's sizes in bytes. */
    record Sizes(String path, long xml, long sdo, long jaxb, long beans) {
        Sizes plus(Sizes other) {
            return new Sizes(path, xml + other.xml, sdo + other.sdo, jaxb + other.jaxb, beans + other.beans);
        }
    }

    public static void main(String[] args) throws IOException {
        print(measure(FpmlCorpus.all(ImportedDocuments.load())), System.out);
    }

    /** The sizes of each document. */
    static List<Sizes> measure(List<FpmlCorpus.Document> documents) throws IOException {
        FpmlJaxb jaxb = new FpmlJaxb();
        List<Sizes> sizes = new ArrayList<>();
        for (FpmlCorpus.Document document : documents) {
            RecordBatch<?, ?, ?> sdo = document.root().readBatch(document.xml(), document.path());
            List<?> beans = document.root().read(document.xml(), document.path());
            sizes.add(new Sizes(document.path(), document.xml().length, sdo.recordBytes(),
                    heapBytes(jaxb.unmarshal(document.xml())), heapBytes(beans)));
        }
        return sizes;
    }

    /** The heap bytes of {@code root} and of what it references, as {@link HeapSize} measures them. */
    static long heapBytes(Object root) {
        return HeapSize.of(root);
    }

    static void print(List<Sizes> sizes, PrintStream out) {
        Map<String, Sizes> folders = new LinkedHashMap<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        Sizes total = new Sizes("all", 0, 0, 0, 0);
        for (Sizes document : sizes) {
            String folder = document.path().substring(0, document.path().indexOf('/'));
            folders.merge(folder, document, Sizes::plus);
            counts.merge(folder, 1, Integer::sum);
            total = total.plus(document);
        }
        String format = "%-32s %5s %12s %12s %12s %12s %9s %9s%n";
        out.printf(format, "FpML 5.11 confirmation view", "docs", "XML", "SDO", "JAXB heap", "beans heap",
                "XML/SDO", "JAXB/SDO");
        for (Map.Entry<String, Sizes> folder : folders.entrySet()) {
            row(out, format, folder.getKey(), counts.get(folder.getKey()), folder.getValue());
        }
        row(out, format, "all", sizes.size(), total);
        for (Sizes document : sizes) {
            if (document.path().equals(FpmlCorpus.VANILLA_SWAP)) {
                out.println();
                row(out, format, "ird-ex01-vanilla-swap", 1, document);
                out.printf("ird-ex01 as an SDO: %,d bytes; C24's SDO of it: %,d bytes (%.1fx)%n", document.sdo(),
                        C24_VANILLA_SWAP_BYTES, (double) document.sdo() / C24_VANILLA_SWAP_BYTES);
            }
        }
    }

    private static void row(PrintStream out, String format, String name, int count, Sizes sizes) {
        out.printf(format, name, count, bytes(sizes.xml()), bytes(sizes.sdo()), bytes(sizes.jaxb()),
                bytes(sizes.beans()), ratio(sizes.xml(), sizes.sdo()), ratio(sizes.jaxb(), sizes.sdo()));
    }

    private static String bytes(long bytes) {
        return String.format("%,d B", bytes);
    }

    private static String ratio(long a, long b) {
        return String.format("%.1fx", (double) a / b);
    }
}
