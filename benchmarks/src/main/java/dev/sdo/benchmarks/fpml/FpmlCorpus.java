package dev.sdo.benchmarks.fpml;

import dev.sdo.examples.fpml.ImportedDocuments;
import dev.sdo.examples.fpml.PublishedExamples;
import java.util.List;

/** FpML's published documents of the confirmation view (those examples/fpml vendors), read once. */
public final class FpmlCorpus {
    /** The talk's document: FpML's vanilla interest rate swap, which C24's SDO held in 370 bytes. */
    public static final String VANILLA_SWAP = "interest-rate-derivatives/ird-ex01-vanilla-swap.xml";

    private FpmlCorpus() {}

    /** One published document: where it is, its bytes, and the generated binding of its root element. */
    public record Document(String path, byte[] xml, ImportedDocuments.Root root) {}

    /** Every published document, in path order. */
    public static List<Document> all(ImportedDocuments model) {
        return PublishedExamples.all().stream().map(path -> document(model, path)).toList();
    }

    /** The published document at {@code path}, such as {@link #VANILLA_SWAP}. */
    public static Document document(ImportedDocuments model, String path) {
        byte[] xml = PublishedExamples.document(path);
        return new Document(path, xml, model.rootOf(xml, path));
    }
}
