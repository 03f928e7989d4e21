package dev.sdo.runtime.text;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;

/**
 * The UTF-8 writer the JDK's StAX writer is given for an output stream ({@link XmlStreams#writer(OutputStream)}):
 * characters encoded straight into one byte buffer of 8 kB, where a {@code BufferedWriter} over an
 * {@code OutputStreamWriter} (what it was given before) copies them into a buffer of 8 k characters first and
 * encodes them through a charset encoder into a third buffer, all three made per document. The bytes are those of
 * that pair: half a surrogate pair as {@code ?} (the encoder's replacement), a pair split between two writes as one
 * character. Like the {@code BufferedWriter}, it is no {@code OutputStreamWriter}, so the JDK's StAX writer treats
 * it as it treated that one (it writes characters it is given as they are; given an {@code OutputStreamWriter}, it
 * would write those outside the Basic Multilingual Plane as character references). {@link #close} writes what is
 * buffered and closes the stream, as {@code OutputStreamWriter.close} does.
 */
final class Utf8Writer extends Writer {
    private static final int BUFFER_BYTES = 1 << 13;

    private final OutputStream out;
    private final byte[] bytes = new byte[BUFFER_BYTES];
    private int count;
    /** A high surrogate written last, waiting for its low one; 0 for none. */
    private char pending;

    Utf8Writer(OutputStream out) {
        this.out = out;
    }

    @Override
    public void write(int c) throws IOException {
        put((char) c);
    }

    @Override
    public void write(char[] chars, int offset, int length) throws IOException {
        int end = offset + length;
        int i = offset;
        while (i < end) {
            if (pending == 0) {
                // ASCII straight into the buffer, a byte a character, as far as it has room.
                int stop = Math.min(end, i + (BUFFER_BYTES - count));
                while (i < stop) {
                    char c = chars[i];
                    if (c >= 0x80) {
                        break;
                    }
                    bytes[count++] = (byte) c;
                    i++;
                }
                if (i == end) {
                    return;
                }
            }
            put(chars[i++]);
        }
    }

    @Override
    public void write(String text, int offset, int length) throws IOException {
        int end = offset + length;
        for (int i = offset; i < end; i++) {
            char c = text.charAt(i);
            if (c < 0x80 && pending == 0 && count < BUFFER_BYTES) {
                bytes[count++] = (byte) c;
            } else {
                put(c);
            }
        }
    }

    @Override
    public Utf8Writer append(CharSequence text) throws IOException {
        String string = String.valueOf(text);
        write(string, 0, string.length());
        return this;
    }

    @Override
    public Utf8Writer append(CharSequence text, int start, int end) throws IOException {
        return append(text == null ? "null" : text.subSequence(start, end));
    }

    @Override
    public Utf8Writer append(char c) throws IOException {
        put(c);
        return this;
    }

    /** Encodes one character, a pair's halves together. */
    private void put(char c) throws IOException {
        if (count > BUFFER_BYTES - 4) {
            drain();
        }
        if (pending != 0) {
            char high = pending;
            pending = 0;
            if (Character.isLowSurrogate(c)) {
                int code = Character.toCodePoint(high, c);
                bytes[count++] = (byte) (0xF0 | code >> 18);
                bytes[count++] = (byte) (0x80 | code >> 12 & 0x3F);
                bytes[count++] = (byte) (0x80 | code >> 6 & 0x3F);
                bytes[count++] = (byte) (0x80 | code & 0x3F);
                return;
            }
            bytes[count++] = '?';
            if (count > BUFFER_BYTES - 4) {
                drain();
            }
        }
        if (c < 0x80) {
            bytes[count++] = (byte) c;
        } else if (c < 0x800) {
            bytes[count++] = (byte) (0xC0 | c >> 6);
            bytes[count++] = (byte) (0x80 | c & 0x3F);
        } else if (Character.isHighSurrogate(c)) {
            pending = c;
        } else if (Character.isLowSurrogate(c)) {
            bytes[count++] = '?';
        } else {
            bytes[count++] = (byte) (0xE0 | c >> 12);
            bytes[count++] = (byte) (0x80 | c >> 6 & 0x3F);
            bytes[count++] = (byte) (0x80 | c & 0x3F);
        }
    }

    private void drain() throws IOException {
        if (count > 0) {
            out.write(bytes, 0, count);
            count = 0;
        }
    }

    /** Writes out what is buffered and flushes the stream; a high surrogate waits for its low one, as it does there. */
    @Override
    public void flush() throws IOException {
        drain();
        out.flush();
    }

    /** Writes out what is buffered (a high surrogate left alone as {@code ?}) and closes the stream. */
    @Override
    public void close() throws IOException {
        if (pending != 0) {
            pending = 0;
            if (count > BUFFER_BYTES - 4) {
                drain();
            }
            bytes[count++] = '?';
        }
        drain();
        out.close();
    }
}
