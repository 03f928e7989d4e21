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

    private final InputStream in;
    private final String source;
    private final byte delimiter;
    private byte[] buffer = new byte[INITIAL_BUFFER];
    private int position;
    private int limit;
    private boolean endOfInput;
    private long nextLine = 1;

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
     * @throws TextInputException for a quoted value that is never closed or has text after its closing quote
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
        rowLine = nextLine;
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
        int next = rowEnd < limit ? rowEnd + 1 : rowEnd;
        if (rowEnd > position && buffer[rowEnd - 1] == '\r') {
            rowEnd--;
        }
        split(position, rowEnd);
        nextLine++;
        position = next;
        return true;
    }

    /** The index of the LF that ends the row at {@link #position}; -1 (or -2 inside quotes) when not buffered. */
    private int rowEnd() {
        boolean quoted = false;
        for (int i = position; i < limit; i++) {
            byte b = buffer[i];
            if (b == '"') {
                quoted = !quoted;
            } else if (b == '\n' && !quoted) {
                return i;
            }
        }
        return quoted ? -2 : -1;
    }

    private void split(int rowStart, int rowEnd) throws TextInputException {
        cells = 0;
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
                        throw new TextInputException(source, rowLine, i - rowStart + 1,
                                "a quoted value is not closed on its row");
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
                    if (b == '\n') {
                        nextLine++;
                    }
                    buffer[write++] = b;
                    read++;
                }
                if (read < rowEnd && buffer[read] != delimiter) {
                    throw new TextInputException(source, rowLine, read - rowStart + 1,
                            "unexpected text after the closing quote of a quoted value");
                }
                starts[cells] = i;
                ends[cells] = write;
                end = read;
            } else {
                end = i;
                while (end < rowEnd && buffer[end] != delimiter) {
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
            limit -= position;
            position = 0;
        }
        if (limit == buffer.length) {
            buffer = Arrays.copyOf(buffer, buffer.length * 2);
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
