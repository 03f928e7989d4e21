package dev.sdo.runtime.text;

import java.io.IOException;

/**
 * Input that cannot be read as records: a bad row or element, with where it is. {@link #getMessage()} is the
 * gcc-style {@code SOURCE:LINE:COLUMN: error: REASON}; lines and columns count from 1.
 */
public final class TextInputException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final long line;
    private final long column;
    private final String reason;

    /**
     * @param source the input's name, usually its file name
     * @param line the line of the bad text, from 1
     * @param column its column (in characters for XML, in bytes for CSV), from 1
     * @param reason what is wrong, naming the field
     */
    public TextInputException(String source, long line, long column, String reason) {
        super(source + ":" + line + ":" + column + ": error: " + reason);
        this.source = source;
        this.line = line;
        this.column = column;
        this.reason = reason;
    }

    public String source() {
        return source;
    }

    public long line() {
        return line;
    }

    public long column() {
        return column;
    }

    /** What is wrong, without the position. */
    public String reason() {
        return reason;
    }
}
