package dev.sdo.runtime.text;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits CSV bytes (RFC 4180: quoted values with doubled quotes, line breaks inside quotes, LF or CRLF line ends)
 * into rows of cells without making a string: each cell is a range of {@link #buffer()}, valid until the next
 * {@link #nextRow()}. A quoted cell is unquoted in place. Blank lines are skipped.
 */
final class CsvTokenizer {
    private static final int INITIAL_BUFFER = 1 << 16;
    private static final byte[] BYTE_ORDER_MARK = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private final InputStream in;
    private final String source;
    private final byte delimiter;
    private byte[] buffer = new byte[INITIAL_BUFFER];
    private int position;
    private int limit;
    private boolean endOfInput;
    private long nextLine = 1;

    /** Whether no row has been read yet: the input may start with a UTF-8 byte order mark, which is skipped. */
    private boolean atInputStart = true;
    /** How far past {@link #position} the search for the row's end got, and in what state: it resumes there. */
    private int scanned;
    private boolean scanQuoted;
    private boolean scanAtCellStart;
    /** Just after a quote that closed a quoted value (or is the first of a doubled quote). */
    private boolean scanAfterQuote;
    /** What is wrong with the current row, or null: a row with a problem is a bad row, not the end of the input. */
    private TextInputException problem;

    /**
     * The bytes scanned for row ends and moved or copied in the buffer so far: the work of the tokenizer, which a
     * test holds to a small multiple of the input's size however the input arrives.
     */
    private long bytesHandled;

    private long rowLine;
    private int cells;
    private int[] starts = new int[16];
    private int[] ends = new int[16];
    private int[] columns = new int[16];

    CsvTokenizer(InputStream in, String source, byte delimiter) {
        this.in = in;
        this.source = source;
        this.delimiter = delimiter;
    }

    byte[] buffer() {
        return buffer;
    }

    /** The line the current row starts on, from 1. */
    long line() {
        return rowLine;
    }

    /** The line after the last row read: where a missing row would be. */
    long nextLine() {
        return nextLine;
    }

    int cells() {
        return cells;
    }

    /** The bytes scanned for row ends and moved or copied in the buffer so far. */
    long bytesHandled() {
        return bytesHandled;
    }

    /**
     * What is wrong with the current row's quoting (a quote inside an unquoted value, text after a closing quote),
     * or null: the row's cells are then not to be read, but the next row is found as usual.
     */
    TextInputException problem() {
        return problem;
    }

    int start(int cell) {
        return starts[cell];
    }

    int end(int cell) {
        return ends[cell];
    }

    /** The byte column of the cell's first byte on the row's first line, from 1. */
    int column(int cell) {
        return columns[cell];
    }

    /**
     * Reads the next row.
     *
     * @return false at the end of the input
     * @throws TextInputException for a quoted value that is never closed before the end of the input (other
     *     problems of a row's quoting are its {@link #problem()})
     */
    boolean nextRow() throws IOException {
        int rowEnd;
        while (true) {
            if (position == limit && !fill()) {
                return false;
            }
            if (buffer[position] == '\n') {
                position++;
                nextLine++;
            } else if (buffer[position] == '\r' && (position + 1 < limit || fill()) && position + 1 < limit
                    && buffer[position + 1] == '\n') {
                position += 2;
                nextLine++;
            } else {
                break;
            }
        }
        if (atInputStart) {
            atInputStart = false;
            while (limit - position < BYTE_ORDER_MARK.length && fill()) {
                // a byte order mark arriving in pieces
            }
            if (Arrays.equals(buffer, position, Math.min(limit, position + BYTE_ORDER_MARK.length),
                    BYTE_ORDER_MARK, 0, BYTE_ORDER_MARK.length)) {
                // What Excel writes first in "CSV UTF-8": not part of the first column's name.
                position += BYTE_ORDER_MARK.length;
                return nextRow();
            }
        }
        rowLine = nextLine;
        scanned = 0;
        scanQuoted = false;
        scanAtCellStart = true;
        scanAfterQuote = false;
        while ((rowEnd = rowEnd()) < 0) {
            if (!fill()) {
                if (rowEnd == -2) {
                    throw new TextInputException(source, rowLine, 1, "a quoted value is not closed before the end "
                            + "of the input");
                }
                rowEnd = limit;
                break;
            }
        }
        // Line breaks inside quoted values, counted before split unquotes them (and whatever it finds wrong).
        for (int i = position; i < rowEnd; i++) {
            if (buffer[i] == '\n') {
                nextLine++;
            }
        }
        int next = rowEnd < limit ? rowEnd + 1 : rowEnd;
        if (rowEnd > position && buffer[rowEnd - 1] == '\r') {
            rowEnd--;
        }
        split(position, rowEnd);
        nextLine++;
        position = next;
        return true;
    }

    /**
     * The index of the LF that ends the row at {@link #position}; -1 (or -2 inside quotes) when not buffered. The
     * search resumes where the last one stopped, so a long row that arrives in many reads is scanned once. A quote
     * opens a quoted value only at the start of a cell, as in {@link #split}: a stray quote inside an unquoted value
     * does not swallow the line breaks after it.
     */
    private int rowEnd() {
        int from = position + scanned;
        int i = from;
        for (; i < limit; i++) {
            byte b = buffer[i];
            if (scanQuoted) {
                if (b == '"') {
                    scanQuoted = false;
                    scanAfterQuote = true;
                }
                continue;
            }
            if (b == '"' && (scanAtCellStart || scanAfterQuote)) {
                // Opens a quoted value, or is the second of a doubled quote inside one.
                scanQuoted = true;
                scanAtCellStart = false;
                scanAfterQuote = false;
                continue;
            }
            scanAfterQuote = false;
            if (b == '\n') {
                bytesHandled += i + 1 - from;
                return i;
            }
            scanAtCellStart = b == delimiter;
        }
        bytesHandled += i - from;
        scanned = i - position;
        return scanQuoted ? -2 : -1;
    }

    private void split(int rowStart, int rowEnd) {
        cells = 0;
        problem = null;
        int i = rowStart;
        while (true) {
            if (cells == starts.length) {
                starts = Arrays.copyOf(starts, cells * 2);
                ends = Arrays.copyOf(ends, cells * 2);
                columns = Arrays.copyOf(columns, cells * 2);
            }
            columns[cells] = i - rowStart + 1;
            int end;
            if (i < rowEnd && buffer[i] == '"') {
                int write = i;
                int read = i + 1;
                while (true) {
                    if (read >= rowEnd) {
                        problem = new TextInputException(source, rowLine, i - rowStart + 1,
                                "a quoted value is not closed on its row");
                        return;
                    }
                    byte b = buffer[read];
                    if (b == '"') {
                        if (read + 1 < rowEnd && buffer[read + 1] == '"') {
                            buffer[write++] = '"';
                            read += 2;
                            continue;
                        }
                        read++;
                        break;
                    }
                    buffer[write++] = b;
                    read++;
                }
                if (read < rowEnd && buffer[read] != delimiter) {
                    problem = new TextInputException(source, rowLine, read - rowStart + 1,
                            "unexpected text after the closing quote of a quoted value");
                    return;
                }
                starts[cells] = i;
                ends[cells] = write;
                end = read;
            } else {
                end = i;
                while (end < rowEnd && buffer[end] != delimiter) {
                    if (buffer[end] == '"' && problem == null) {
                        problem = new TextInputException(source, rowLine, end - rowStart + 1, "a quote inside an "
                                + "unquoted value; quote the whole value and double the quotes inside it");
                    }
                    end++;
                }
                starts[cells] = i;
                ends[cells] = end;
            }
            cells++;
            if (end >= rowEnd) {
                return;
            }
            i = end + 1;
        }
    }

    /** Reads more input after what is buffered, first moving the unread part to the front; false at the end. */
    private boolean fill() throws IOException {
        if (endOfInput) {
            return false;
        }
        if (position > 0) {
            System.arraycopy(buffer, position, buffer, 0, limit - position);
            bytesHandled += limit - position;
            limit -= position;
            position = 0;
        }
        if (limit == buffer.length) {
            buffer = Arrays.copyOf(buffer, buffer.length * 2);
            bytesHandled += limit;
        }
        int read = in.read(buffer, limit, buffer.length - limit);
        if (read < 0) {
            endOfInput = true;
            return false;
        }
        limit += read;
        return true;
    }
}
