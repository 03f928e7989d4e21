package dev.sdo.compiler.xsd;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Small XML Schemas written to a folder, and the declarations the importer makes of them. */
final class XsdFixtures {
    /** The start tag of a test schema: namespace {@code urn:t}, qualified elements, prefix {@code xs}. */
    static final String SCHEMA = "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" xmlns=\"urn:t\" "
            + "targetNamespace=\"urn:t\" elementFormDefault=\"qualified\">\n";

    private XsdFixtures() {}

    static Path write(Path dir, String name, String text) {
        try {
            Path file = dir.resolve(name);
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Imports {@code body} inside a test schema, in package {@code t}, checks that the compiler reads what was
     * written, and returns what follows the package line.
     */
    static String declarations(Path dir, String body) {
        Path xsd = write(dir, "t.xsd", SCHEMA + body + "</xs:schema>\n");
        XsdImport result = new XsdImporter().importSchema(xsd, "t");
        ImportedSchemaCompilation.compileWithoutDiagnostics(result.files(), "t.sdo");
        String text = result.files().get("t.sdo");
        String packageLine = "package t;\n";
        return text.substring(text.indexOf(packageLine) + packageLine.length());
    }
}
