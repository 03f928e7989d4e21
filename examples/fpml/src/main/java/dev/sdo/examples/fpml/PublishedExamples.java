package dev.sdo.examples.fpml;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The documents FpML publishes as examples of the products {@code interest-rate-swap.sdo} models: swaps, forward
 * rate agreements, a cap, a floor and a collar, as FpML 5.11 publishes them (vendored in
 * {@code src/test/resources/fpml-examples/}, put on the class path by the build so that the demo shows them too).
 */
public final class PublishedExamples {
    /** Where the build puts the interest rate examples on the class path. */
    private static final String FOLDER = "/fpml-examples/interest-rate-derivatives/";

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

    /** The published document {@code name}, one of {@link #NAMES}, as its bytes. */
    public static byte[] bytes(String name) {
        try (InputStream in = PublishedExamples.class.getResourceAsStream(FOLDER + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no published example " + name + " on the class path at " + FOLDER);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the published example " + name, e);
        }
    }
}
