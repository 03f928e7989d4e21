package dev.sdo.runtime.text;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits CSV bytes (RFC 4180: quoted values with doubled quotes, line breaks inside quotes, LF or CRLF line ends)
 * into rows of cells without making a string: each cell is a range of {@link #buffer()}, valid until the next
 * {@link #nextRow()}. A quoted cell is unquoted in place. Blank lines are skipped.
 *
 * <p>One state machine ({@link #scan}) both finds a row's end and splits it, a byte at a time, and resumes where
 * it stopped when more input arrives: a row is read in one pass however many reads bring it, and there is one rule
 * for quotes. A quote opens a quoted value only as a cell's first byte (RFC 4180 quotes whole fields only); a
 * quote anywhere else in an unquoted value, or text after a closing quote, is the row's {@link #problem()}, and
 * opens nothing, so it never swallows the line breaks after it.
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

    /** Where {@link #scan} is in a cell: at its start, in an unquoted or a quoted value, or just after a quote. */
    private static final int CELL_START = 0;
    private static final int UNQUOTED = 1;
    private static final int QUOTED = 2;
    /** Just after a quote that closes a quoted value, or is the first of a doubled quote inside one. */
    private static final int AFTER_QUOTE = 3;
    /** After a closing quote and a CR: the row's end if an LF follows, else text after the closing quote. */
    private static final int AFTER_QUOTE_CR = 4;

    private int state;
    /** The scanned bytes of the row at {@link #position}; offsets below are relative to it too. */
    private int scanned;
    /** Where the current cell starts, and where its next unquoted byte goes. */
    private int cellStart;
    private int write;
    /** Line breaks inside the quoted values of the current row. */
    private int breaksInQuotes;
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
    private boolean[] quoted = new boolean[16];
    /** Whether the current cell opened with a quote. */
    private boolean cellQuoted;

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

    /**
     * Whether the cell was quoted: {@code ""} is an empty value that was written, where an empty unquoted cell may
     * be a value left out.
     */
    boolean quoted(int cell) {
        return quoted[cell];
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
        state = CELL_START;
        scanned = 0;
        cellStart = 0;
        write = 0;
        breaksInQuotes = 0;
        cells = 0;
        cellQuoted = false;
        problem = null;
        int rowEnd;
        while ((rowEnd = scan()) < 0) {
            if (!fill()) {
                if (state == QUOTED) {
                    throw new TextInputException(source, rowLine, 1, "a quoted value is not closed before the end "
                            + "of the input");
                }
                // The last row, without a line end.
                rowEnd = limit - position;
                endCell(state == UNQUOTED || state == CELL_START ? withoutCarriageReturn(rowEnd) : write);
                break;
            }
        }
        for (int cell = 0; cell < cells; cell++) {
            starts[cell] += position;
            ends[cell] += position;
        }
        nextLine += breaksInQuotes + 1;
        position = Math.min(position + rowEnd + 1, limit);
        return true;
    }

    /**
     * Reads on from where the last call stopped, splitting the row at {@link #position} into cells as it goes.
     *
     * @return the offset of the LF that ends the row, relative to the row; -1 when it is not buffered yet
     */
    private int scan() {
        int row = position;
        int from = scanned;
        for (int at = from; row + at < limit; at++) {
            byte b = buffer[row + at];
            if (state == QUOTED) {
                if (b == '"') {
                    state = AFTER_QUOTE;
                } else {
                    breaksInQuotes += b == '\n' ? 1 : 0;
                    buffer[row + write++] = b;
                }
                continue;
            }
            if (state == AFTER_QUOTE) {
                if (b == '"') {
                    // The second of a doubled quote: one quote of the value.
                    buffer[row + write++] = b;
                    state = QUOTED;
                    continue;
                }
                if (b == '\r') {
                    state = AFTER_QUOTE_CR;
                    continue;
                }
                if (b == delimiter || b == '\n') {
                    endCell(write);
                    if (b == '\n') {
                        return scanned(from, at);
                    }
                    startCell(at + 1);
                    continue;
                }
                problem(at, "unexpected text after the closing quote of a quoted value");
                state = UNQUOTED;
                continue;
            }
            if (state == AFTER_QUOTE_CR) {
                if (b == '\n') {
                    endCell(write);
                    return scanned(from, at);
                }
                problem(at - 1, "unexpected text after the closing quote of a quoted value");
                state = UNQUOTED;
            }
            if (b == delimiter) {
                endCell(at);
                startCell(at + 1);
            } else if (b == '\n') {
                endCell(withoutCarriageReturn(at));
                return scanned(from, at);
            } else if (b == '"' && state == CELL_START) {
                state = QUOTED;
                cellQuoted = true;
            } else {
                if (b == '"') {
                    problem(at, "a quote inside an unquoted value; quote the whole value and double the quotes "
                            + "inside it");
                }
                state = UNQUOTED;
            }
        }
        bytesHandled += limit - row - from;
        scanned = limit - row;
        return -1;
    }

    /** Counts the bytes scanned up to the row's end at {@code at} and returns it. */
    private int scanned(int from, int at) {
        bytesHandled += at + 1 - from;
        return at;
    }

    /** The end of an unquoted value that ends at {@code end}, without the CR of a CRLF line end. */
    private int withoutCarriageReturn(int end) {
        return end > cellStart && buffer[position + end - 1] == '\r' ? end - 1 : end;
    }

    private void startCell(int start) {
        cellStart = start;
        write = start;
        state = CELL_START;
        cellQuoted = false;
    }

    private void endCell(int end) {
        if (cells == starts.length) {
            starts = Arrays.copyOf(starts, cells * 2);
            ends = Arrays.copyOf(ends, cells * 2);
            columns = Arrays.copyOf(columns, cells * 2);
            quoted = Arrays.copyOf(quoted, cells * 2);
        }
        quoted[cells] = cellQuoted;
        starts[cells] = cellStart;
        ends[cells] = end;
        columns[cells] = cellStart + 1;
        cells++;
    }

    /** Makes the byte at {@code at} the row's problem, unless it has one already. */
    private void problem(int at, String reason) {
        if (problem == null) {
            problem = new TextInputException(source, rowLine, at + 1, reason);
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
