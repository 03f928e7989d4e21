package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sdoc convert} of documents with ids and references ({@code @xml(id)}, {@code @xml(idref)}): a document whose
 * reference names no id, or whose id repeats, is refused at its line and column, exit 1, no output file for it;
 * the good documents beside it are converted.
 */
class IdentityConvertCommandTest {
    private static final String BOOK = """
            package book;

            @xml(name = "book", namespace = "urn:b")
            record Book { chapter: list<Chapter>; see: list<Ref>; }

            record Chapter { id: string @xml(attribute = true, id = true); title: string; }

            record Ref { to: string @xml(attribute = true, idref = true); }
            """;
    private static final String GOOD = """
            <book xmlns="urn:b">
              <chapter id="c1"><title>One</title></chapter>
              <chapter id="c2"><title>Two</title></chapter>
              <see to="c2"/>
            </book>
            """;

    @TempDir
    Path dir;

    @Test
    void aDocumentWithAReferenceToNoIdOrARepeatedIdIsRefusedAndTheOthersConverted() throws IOException {
        Path schema = Schemas.write(dir, "book.sdo", BOOK);
        Path good = Schemas.write(dir, "good.xml", GOOD);
        Path dangling = Schemas.write(dir, "dangling.xml", GOOD.replace("to=\"c2\"", "to=\"c3\""));
        Path repeated = Schemas.write(dir, "repeated.xml", GOOD.replace("id=\"c2\"", "id=\"c1\""));
        Path out = dir.resolve("out");

        SdocRun convert = SdocRun.of("convert", "-s", schema.toString(), "-o", out.toString(), good.toString(),
                dangling.toString(), repeated.toString());

        assertThat(convert.exitCode()).isEqualTo(1);
        assertThat(convert.errLines()).containsExactly(
                dangling + ":4:17: error: Book...see.to: \"c3\" is the id of no element of the record (xsd:IDREF)",
                repeated + ":3:20: error: Book.chapter[1].id: the id \"c1\" is already the id of the element at line"
                        + " 2, column 20; the ids of a record are each other's to tell apart (xsd:ID)");
        try (Stream<Path> written = Files.list(out)) {
            assertThat(written.map(file -> file.getFileName().toString())).containsExactly("good.sdob");
        }
    }
}
