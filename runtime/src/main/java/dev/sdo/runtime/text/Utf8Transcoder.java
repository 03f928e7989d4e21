package dev.sdo.runtime.text;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The UTF-8 bytes of characters read from a {@link Reader}: how {@link Utf8XmlReader}, which parses UTF-8, reads a
 * document in another encoding, or one given as characters. Bytes that are not in the document's encoding are
 * refused ({@link java.nio.charset.MalformedInputException}), not replaced.
 */
final class Utf8Transcoder extends InputStream {
    private final Reader characters;
    /** The encoding the characters are read from, for messages. */
    private final String encoding;
    private final CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private final CharBuffer pending = CharBuffer.allocate(1 << 13);
    private final ByteBuffer encoded = ByteBuffer.allocate(1 << 15);
    private boolean ended;

    Utf8Transcoder(Reader characters) {
        this(characters, "characters");
    }

    private Utf8Transcoder(Reader characters, String encoding) {
        this.characters = characters;
        this.encoding = encoding;
        pending.flip();
        encoded.flip();
    }

    /** The document in {@code bytes}, in {@code charset}. */
    Utf8Transcoder(InputStream bytes, Charset charset) {
        this(new InputStreamReader(bytes, charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)), charset.name());
    }

    /** The encoding of the document read: a charset's name, or "characters" for a {@link Reader}'s. */
    String encoding() {
        return encoding;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int read = read(one, 0, 1);
        return read < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        while (!encoded.hasRemaining()) {
            if (ended && !pending.hasRemaining()) {
                return -1;
            }
            encodeMore();
        }
        int count = Math.min(length, encoded.remaining());
        encoded.get(into, offset, count);
        return count;
    }

    /** Reads characters and encodes what it has (a surrogate pair split between reads waits for its second half). */
    private void encodeMore() throws IOException {
        pending.compact();
        int read = ended ? -1 : characters.read(pending);
        if (read < 0) {
            ended = true;
        }
        pending.flip();
        encoded.clear();
        CoderResult result = encoder.encode(pending, encoded, ended);
        if (result.isError()) {
            result.throwException();
        }
        if (ended && !pending.hasRemaining()) {
            encoder.flush(encoded);
        }
        encoded.flip();
    }
}
