package dev.sdo.runtime.text;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import javax.xml.stream.XMLStreamException;

/**
 * The {@link XmlOutput} of every document {@link XmlTreeBinding} writes: UTF-8 straight into a byte buffer (16 kB,
 * one per thread, reused from document to document), element and attribute names as the bytes their
 * {@link XmlName}s prepared, text escaped as it is encoded, as JAXB's reference implementation writes
 * ({@code UTF8XmlOutput}). What it writes is what the JDK's StAX writer wrote over a {@link Utf8Writer} before it,
 * byte for byte, with one difference, which keeps the values' meaning: the white space characters that reading
 * would not give back as they were are character references ({@code &#9;}, {@code &#10;} and {@code &#13;} in
 * attributes, {@code &#13;} in text; the JDK's writer wrote them as they are, and a reader normalizes them).
 *
 * <ul>
 *   <li>Text: {@code &} as {@code &amp;}, {@code <} as {@code &lt;}, {@code >} as {@code &gt;}, a carriage return
 *       as {@code &#13;}; attribute values, besides: {@code "} as {@code &quot;}, a tab, a line feed and a carriage
 *       return as {@code &#9;}, {@code &#10;} and {@code &#13;}.
 *   <li>A surrogate pair is one character of four bytes; half a pair is {@code ?}, as the JDK's encoder writes it.
 *   <li>An element with no content that is not written empty ends as {@code <a></a>}; an empty one as
 *       {@code <a/>}; the declaration is {@code <?xml version="1.0" encoding="UTF-8"?>}.
 * </ul>
 *
 * <p>The buffer is written out when full (always between two characters, so that a {@link Writer} can be given
 * whole characters) and at {@link #finish}, which flushes the stream and leaves it open.
 */
final class Utf8XmlOutput extends XmlOutput {
    private static final int BUFFER_BYTES = 1 << 14;
    /** The most bytes one character takes: {@code &quot;}. */
    private static final int MAX_BYTES_PER_CHAR = 6;
    /** The buffers of finished outputs, one set per thread, for the next. */
    private static final ThreadSpare<Buffers> BUFFERS = new ThreadSpare<>(Buffers::new);
    private static final byte[] DECLARATION = bytes("<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    private static final byte[] XMLNS = bytes(" xmlns");
    private static final byte[][] INDENTS = new byte[16][];
    /** The ASCII characters that text escapes, and the references they are written as. */
    private static final byte[][] TEXT_ESCAPES = new byte[128][];
    /** The ASCII characters that attribute values escape. */
    private static final byte[][] ATTRIBUTE_ESCAPES = new byte[128][];

    static {
        for (int i = 0; i < INDENTS.length; i++) {
            INDENTS[i] = bytes("\n" + "  ".repeat(i));
        }
        TEXT_ESCAPES['&'] = bytes("&amp;");
        TEXT_ESCAPES['<'] = bytes("&lt;");
        TEXT_ESCAPES['>'] = bytes("&gt;");
        TEXT_ESCAPES['\r'] = bytes("&#13;");
        System.arraycopy(TEXT_ESCAPES, 0, ATTRIBUTE_ESCAPES, 0, 128);
        ATTRIBUTE_ESCAPES['"'] = bytes("&quot;");
        ATTRIBUTE_ESCAPES['\t'] = bytes("&#9;");
        ATTRIBUTE_ESCAPES['\n'] = bytes("&#10;");
    }

    /** Nothing escaped: a comment's text. */
    private static final byte[][] NO_ESCAPES = new byte[128][];
    /** The characters each table escapes, all below 64, as bits: bit c for character c. */
    private static final long TEXT_MASK = mask(TEXT_ESCAPES);
    private static final long ATTRIBUTE_MASK = mask(ATTRIBUTE_ESCAPES);

    private static long mask(byte[][] escapes) {
        long mask = 0;
        for (int c = 0; c < escapes.length; c++) {
            if (escapes[c] != null) {
                if (c >= Long.SIZE) {
                    throw new IllegalStateException("an escaped character beyond 63: " + c);
                }
                mask |= 1L << c;
            }
        }
        return mask;
    }

    /** The bits of the characters {@code escapes} escapes. */
    private static long maskOf(byte[][] escapes) {
        return escapes == TEXT_ESCAPES ? TEXT_MASK : escapes == ATTRIBUTE_ESCAPES ? ATTRIBUTE_MASK : 0;
    }

    private static final byte[] EMPTY_END = bytes("/>");

    /** No start tag open. */
    private static final int CLOSED = 0;
    /** An element's start tag is open: {@code >} closes it. */
    private static final int START = 1;
    /** An empty element's tag is open: {@code />} closes it. */
    private static final int EMPTY = 2;

    private final OutputStream out;
    private byte[] buffer;
    private int count;
    private int open = CLOSED;
    /** The end tags of the elements started and not ended, innermost last. */
    private byte[][] ends;
    /** Where {@link #buffer}, {@link #ends} and {@link #scratch} came from, and go back to once finished. */
    private final Buffers buffers;
    private int depth;
    /** Characters of a string, to escape them as those of an array. */
    private char[] scratch;

    /** An output's buffers, which the next output on the same thread takes once it is finished. */
    private static final class Buffers {
        byte[] buffer = new byte[BUFFER_BYTES];
        byte[][] ends = new byte[32][];
        char[] scratch = new char[64];
    }

    /** An output of UTF-8 to {@code out}. */
    Utf8XmlOutput(OutputStream out) {
        this.out = out;
        Buffers reused = BUFFERS.take();
        this.buffers = reused;
        this.buffer = reused.buffer;
        this.ends = reused.ends;
        this.scratch = reused.scratch;
    }

    /** An output of characters to {@code out}: the UTF-8 decoded as it is written out, whole characters each time. */
    Utf8XmlOutput(Writer out) {
        this(new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                out.write(new String(bytes, offset, length, StandardCharsets.UTF_8));
            }

            @Override
            public void flush() throws IOException {
                out.flush();
            }
        });
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    void declaration() throws XMLStreamException {
        closeStart();
        raw(DECLARATION);
    }

    @Override
    void start(XmlName name, boolean empty) throws XMLStreamException {
        closeStart();
        raw(name.open);
        if (empty) {
            open = EMPTY;
        } else {
            push(name.close);
            open = START;
        }
    }

    @Override
    void start(String prefix, String local, String namespace) throws XMLStreamException {
        closeStart();
        String qualified = prefix.isEmpty() ? local : prefix + ":" + local;
        raw(bytes("<" + qualified));
        push(bytes("</" + qualified + ">"));
        open = START;
    }

    private void push(byte[] end) {
        if (depth == ends.length) {
            ends = Arrays.copyOf(ends, 2 * depth);
        }
        ends[depth++] = end;
    }

    @Override
    void defaultNamespace(String namespace) throws XMLStreamException {
        raw(XMLNS);
        room(2);
        buffer[count++] = '=';
        buffer[count++] = '"';
        attributeValue(namespace);
    }

    @Override
    void namespace(String prefix, String namespace) throws XMLStreamException {
        raw(XMLNS);
        raw(bytes(":" + prefix + "=\""));
        attributeValue(namespace);
    }

    @Override
    void attribute(XmlName name, String value) throws XMLStreamException {
        raw(name.attribute);
        attributeValue(value);
    }

    @Override
    void attribute(XmlName name, char[] chars, int length) throws XMLStreamException {
        raw(name.attribute);
        escaped(chars, 0, length, ATTRIBUTE_ESCAPES);
        room(1);
        buffer[count++] = '"';
    }

    @Override
    void attribute(XmlName name, byte[] bytes, int offset, int length) throws XMLStreamException {
        raw(name.attribute);
        escaped(bytes, offset, length, ATTRIBUTE_ESCAPES);
        room(1);
        buffer[count++] = '"';
    }

    @Override
    void attribute(String prefix, String namespace, String local, String value) throws XMLStreamException {
        raw(bytes(" " + (prefix.isEmpty() ? local : prefix + ":" + local) + "=\""));
        attributeValue(value);
    }

    /** The value and its closing quote. */
    private void attributeValue(String value) throws XMLStreamException {
        escaped(value, ATTRIBUTE_ESCAPES);
        room(1);
        buffer[count++] = '"';
    }

    @Override
    void text(char[] chars, int offset, int length) throws XMLStreamException {
        closeStart();
        escaped(chars, offset, length, TEXT_ESCAPES);
    }

    @Override
    void text(String text) throws XMLStreamException {
        closeStart();
        escaped(text, TEXT_ESCAPES);
    }

    @Override
    void text(byte[] bytes, int offset, int length) throws XMLStreamException {
        closeStart();
        escaped(bytes, offset, length, TEXT_ESCAPES);
    }

    @Override
    void value(int depth, XmlName name, char[] chars, int length) throws XMLStreamException {
        indent(depth);
        raw(name.openTag);
        escaped(chars, 0, length, TEXT_ESCAPES);
        raw(name.close);
    }

    @Override
    void value(int depth, XmlName name, byte[] bytes, int offset, int length) throws XMLStreamException {
        indent(depth);
        raw(name.openTag);
        escaped(bytes, offset, length, TEXT_ESCAPES);
        raw(name.close);
    }

    @Override
    void value(int depth, XmlName name, String text) throws XMLStreamException {
        value(depth, name, chars(text), text.length());
    }

    @Override
    void indent(int depth) throws XMLStreamException {
        closeStart();
        raw(depth < INDENTS.length ? INDENTS[depth] : bytes("\n" + "  ".repeat(depth)));
    }

    @Override
    void comment(String text) throws XMLStreamException {
        closeStart();
        raw(bytes("<!--"));
        char[] chars = chars(text);
        escaped(chars, 0, text.length(), NO_ESCAPES);
        raw(bytes("-->"));
    }

    @Override
    void end() throws XMLStreamException {
        if (open == START) {
            room(1);
            buffer[count++] = '>';
        } else if (open == EMPTY) {
            raw(EMPTY_END);
        }
        open = CLOSED;
        raw(ends[--depth]);
        ends[depth] = null;
    }

    @Override
    void finish() throws XMLStreamException {
        closeStart();
        while (depth > 0) {
            end();
        }
        try {
            drain();
            out.flush();
        } catch (IOException e) {
            throw failed(e);
        } finally {
            if (buffer != null) {
                Buffers given = buffers;
                given.buffer = buffer;
                given.ends = ends;
                given.scratch = scratch;
                BUFFERS.give(given);
                buffer = null;
            }
        }
    }

    /** Closes the start tag open, if any. */
    private void closeStart() throws XMLStreamException {
        if (open != CLOSED) {
            if (open == START) {
                room(1);
                buffer[count++] = '>';
            } else {
                raw(EMPTY_END);
            }
            open = CLOSED;
        }
    }

    /** Bytes as they are: a name, a tag, a reference. */
    private void raw(byte[] bytes) throws XMLStreamException {
        int length = bytes.length;
        if (count + length > buffer.length) {
            drain();
            if (length > buffer.length) {
                try {
                    out.write(bytes);
                } catch (IOException e) {
                    throw failed(e);
                }
                return;
            }
        }
        System.arraycopy(bytes, 0, buffer, count, length);
        count += length;
    }

    /** Room for {@code bytes} more bytes (a few). */
    private void room(int bytes) throws XMLStreamException {
        if (count + bytes > buffer.length) {
            drain();
        }
    }

    private char[] chars(String text) {
        int length = text.length();
        if (scratch.length < length) {
            scratch = new char[Math.max(length, 2 * scratch.length)];
        }
        text.getChars(0, length, scratch, 0);
        return scratch;
    }

    private void escaped(String text, byte[][] escapes) throws XMLStreamException {
        escaped(chars(text), 0, text.length(), escapes);
    }

    /**
     * Encodes characters as UTF-8, the ASCII ones {@code escapes} names as their references, in runs that the
     * buffer has room for at the most bytes a character takes.
     */
    private void escaped(char[] chars, int offset, int length, byte[][] escapes) throws XMLStreamException {
        long mask = maskOf(escapes);
        int end = offset + length;
        int i = offset;
        while (i < end) {
            if (buffer.length - count < 64) {
                drain();
            }
            byte[] b = buffer;
            int n = count;
            int stop = Math.min(end, i + (b.length - n) / MAX_BYTES_PER_CHAR);
            while (i < stop) {
                char c = chars[i];
                if (c < 0x80) {
                    if (c < Long.SIZE && (mask >>> c & 1) != 0) {
                        for (byte e : escapes[c]) {
                            b[n++] = e;
                        }
                    } else {
                        b[n++] = (byte) c;
                    }
                    i++;
                } else if (c < 0x800) {
                    b[n++] = (byte) (0xC0 | c >> 6);
                    b[n++] = (byte) (0x80 | c & 0x3F);
                    i++;
                } else if (Character.isSurrogate(c)) {
                    // A pair (its low half may be just past the run: four bytes are within the budget of one).
                    if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(chars[i + 1])) {
                        int code = Character.toCodePoint(c, chars[i + 1]);
                        b[n++] = (byte) (0xF0 | code >> 18);
                        b[n++] = (byte) (0x80 | code >> 12 & 0x3F);
                        b[n++] = (byte) (0x80 | code >> 6 & 0x3F);
                        b[n++] = (byte) (0x80 | code & 0x3F);
                        i += 2;
                    } else {
                        b[n++] = '?';
                        i++;
                    }
                } else {
                    b[n++] = (byte) (0xE0 | c >> 12);
                    b[n++] = (byte) (0x80 | c >> 6 & 0x3F);
                    b[n++] = (byte) (0x80 | c & 0x3F);
                    i++;
                }
            }
            count = n;
        }
    }

    /**
     * Copies well-formed UTF-8, the ASCII characters {@code escapes} names as their references, in runs that the
     * buffer has room for; a character's bytes are never split between two runs.
     */
    private void escaped(byte[] bytes, int offset, int length, byte[][] escapes) throws XMLStreamException {
        long mask = maskOf(escapes);
        int end = offset + length;
        int i = offset;
        while (i < end) {
            if (buffer.length - count < 64) {
                drain();
            }
            byte[] b = buffer;
            int n = count;
            int stop = Math.min(end, i + (b.length - n) / MAX_BYTES_PER_CHAR);
            while (i < stop) {
                byte c = bytes[i++];
                // 0 .. 63 only (a negative byte has its top bits set): no escaped character is above.
                if ((c & 0xC0) == 0 && (mask >>> c & 1) != 0) {
                    for (byte e : escapes[c]) {
                        b[n++] = e;
                    }
                } else {
                    b[n++] = c;
                }
            }
            // The rest of a character whose first byte ended the run (up to three more bytes).
            while (i < end && (bytes[i] & 0xC0) == 0x80) {
                b[n++] = bytes[i++];
            }
            count = n;
        }
    }

    private void drain() throws XMLStreamException {
        if (count > 0) {
            try {
                out.write(buffer, 0, count);
            } catch (IOException e) {
                throw failed(e);
            }
            count = 0;
        }
    }

    private static XMLStreamException failed(IOException e) {
        return new XMLStreamException(e.getMessage(), e);
    }
}
