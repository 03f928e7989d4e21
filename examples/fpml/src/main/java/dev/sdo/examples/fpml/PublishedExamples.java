package dev.sdo.examples.fpml;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The documents FpML 5.11 publishes as examples of its confirmation view (vendored in
 * {@code src/test/resources/fpml-examples/}, put on the class path by the build so that the demo and the benchmarks
 * read them too): all of them, which the imported model reads, and those of the products
 * {@code interest-rate-swap.sdo} models (swaps, forward rate agreements, a cap, a floor and a collar).
 */
public final class PublishedExamples {
    /** Where the build puts the examples on the class path. */
    private static final String FOLDER = "fpml-examples/";
    /** The folder of the interest rate examples, below {@link #FOLDER}. */
    private static final String INTEREST_RATE = "interest-rate-derivatives/";

    /** The documents that the schema reads element for element: every element of their trades is one of its fields. */
    public static final List<String> NAMES = List.of(
            "ird-ex01-vanilla-swap.xml",
            "ird-ex01a-vanilla-swap.xml",
            "ird-ex08-fra.xml",
            "ird-ex08a-fra.xml",
            "ird-ex22-cap.xml",
            "ird-ex23-floor.xml",
            "ird-ex24-collar.xml");

    private PublishedExamples() {}

    /**
     * Every published document, as its path below the examples' folder ({@code "clearing/msg-ex01-...xml"}),
     * sorted.
     */
    public static List<String> all() {
        return ClassPathFolder.files(FOLDER, ".xml").stream().map(path -> path.substring(FOLDER.length())).toList();
    }

    /** The published interest rate document {@code name}, one of {@link #NAMES}, as its bytes. */
    public static byte[] bytes(String name) {
        return document(INTEREST_RATE + name);
    }

    /** The published document at {@code path}, one of {@link #all()}, as its bytes. */
    public static byte[] document(String path) {
        try (InputStream in = PublishedExamples.class.getResourceAsStream("/" + FOLDER + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no published example " + path + " on the class path at " + FOLDER);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the published example " + path, e);
        }
    }
}
