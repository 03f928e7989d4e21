package dev.sdo.maven;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * A digest of everything a generation run's output depends on: the generator's code, the effective
 * configuration and the content of every schema read. Two runs with the same fingerprint produce the same files,
 * because the compiler is deterministic. Each part is length-prefixed, so that no two different sequences of
 * parts give the same bytes to the digest.
 */
final class Fingerprint {
    private final MessageDigest digest = ContentHash.sha256();

    /** Adds a named text, such as a configuration value. */
    Fingerprint add(String name, String value) {
        part(name.getBytes(StandardCharsets.UTF_8));
        part(value.getBytes(StandardCharsets.UTF_8));
        return this;
    }

    /** Adds a named content, such as a file's bytes; {@code null} stands for a file that does not exist. */
    Fingerprint addContent(String name, byte[] content) {
        part(name.getBytes(StandardCharsets.UTF_8));
        if (content == null) {
            digest.update((byte) 0);
        } else {
            digest.update((byte) 1);
            part(content);
        }
        return this;
    }

    /** The fingerprint in hex; the object must not be used afterwards. */
    String hex() {
        return HexFormat.of().formatHex(digest.digest());
    }

    private void part(byte[] bytes) {
        int length = bytes.length;
        digest.update(new byte[] {(byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length});
        digest.update(bytes);
    }
}
