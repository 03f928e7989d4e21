package dev.sdo.runtime.text;

import java.util.function.Consumer;

/**
 * What a reader does with a bad row or element: stop at the first ({@link #FAIL}), or skip it and tell a listener.
 * Malformed input that cannot be resynchronised (XML that is not well-formed, an unclosed quote) always stops.
 */
public final class BadInputPolicy {
    /** Stops at the first bad row or element with a {@link TextInputException}. */
    public static final BadInputPolicy FAIL = new BadInputPolicy(null);

    private final Consumer<TextInputException> skipped;

    private BadInputPolicy(Consumer<TextInputException> skipped) {
        this.skipped = skipped;
    }

    /** Skips bad rows and elements, handing each one's error to {@code listener}. */
    public static BadInputPolicy skip(Consumer<TextInputException> listener) {
        return new BadInputPolicy(java.util.Objects.requireNonNull(listener));
    }

    /**
     * Throws {@code error} when failing; otherwise reports it and returns, for the reader to skip: what every reader
     * of rows, elements or records does with a bad one (public for readers outside the runtime, sdoc's JSON).
     */
    public void handle(TextInputException error) throws TextInputException {
        if (skipped == null) {
            throw error;
        }
        skipped.accept(error);
    }
}
