package dev.sdo.compiler.parse;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.ByteBuffer;
import java.util.Map;

/**
 * Where schema files come from: the file system, or a map of names to texts (tests, build tools). Names use the
 * platform's path syntax; an import is resolved against the importing file's directory.
 */
public interface SchemaSources {

    /**
     * Reads a schema file's text.
     *
     * @throws IOException when the file does not exist, cannot be read or is not UTF-8
     */
    String read(String name) throws IOException;

    /** What makes two names the same file, so that each file loads once however it is named. */
    String identity(String name);

    /**
     * The name of the file that {@code importPath} names when written in {@code importingFile}: the importing
     * file's directory joined with the path, normalised ({@code schemas/trade.sdo} importing
     * {@code common/ccy.sdo} gives {@code schemas/common/ccy.sdo}).
     *
     * @throws java.nio.file.InvalidPathException when the path is not a valid path
     */
    default String resolve(String importingFile, String importPath) {
        Path parent = Path.of(importingFile).getParent();
        Path joined = parent == null ? Path.of(importPath) : parent.resolve(importPath);
        return joined.normalize().toString();
    }

    /** Schema files on the file system, named as paths relative to the working directory or absolute. */
    static SchemaSources fileSystem() {
        return new SchemaSources() {
            @Override
            public String read(String name) throws IOException {
                byte[] bytes = Files.readAllBytes(Path.of(name));
                return decodeUtf8(bytes);
            }

            @Override
            public String identity(String name) {
                return Path.of(name).toAbsolutePath().normalize().toString();
            }
        };
    }

    /** Schema files held in memory: {@code files} maps a name to its text. */
    static SchemaSources inMemory(Map<String, String> files) {
        Map<String, String> byIdentity = new java.util.HashMap<>();
        files.forEach((name, text) -> byIdentity.put(Path.of(name).normalize().toString(), text));
        return new SchemaSources() {
            @Override
            public String read(String name) throws IOException {
                String text = byIdentity.get(identity(name));
                if (text == null) {
                    throw new NoSuchFileException(name);
                }
                return text;
            }

            @Override
            public String identity(String name) {
                return Path.of(name).normalize().toString();
            }
        };
    }

    /** Decodes strict UTF-8, refusing malformed input rather than replacing it. */
    private static String decodeUtf8(byte[] bytes) throws CharacterCodingException {
        return StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes))
                .toString();
    }
}
