package dev.sdo.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 in lower-case hex: how the plugin recognises content without comparing it byte by byte. */
final class ContentHash {
    private ContentHash() {
    }

    static String of(byte[] bytes) {
        return HexFormat.of().formatHex(sha256().digest(bytes));
    }

    static String of(Path file) throws IOException {
        return of(Files.readAllBytes(file));
    }

    /** A fresh digest; every Java platform has SHA-256, so its absence is a broken JDK, not a user error. */
    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no SHA-256", e);
        }
    }
}
