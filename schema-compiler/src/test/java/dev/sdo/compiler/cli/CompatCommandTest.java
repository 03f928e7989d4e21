package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sdoc compat}: its exit codes and summary line (the per-record lines are pinned by
 * {@code CompatGoldenTest}), directories as schemas, and schema errors.
 */
class CompatCommandTest {
    private static final String OLD = "package p;\nenum Side { BUY, SELL, SHORT }\nrecord Order {\n    id: int64;\n"
            + "    side: Side;\n    price: decimal(9, 2);\n}\n";

    @TempDir
    Path dir;

    @Test
    void compatibleSchemasExitZero() throws IOException {
        Path old = write("old.sdo", OLD);
        Path now = write("new.sdo", OLD.replace("SHORT }", "SHORT, CROSS @since(2) }")
                .replace("    price: decimal(9, 2);", "    cost: decimal(9, 2) @alias(\"price\");\n"
                        + "    venue: char(4) optional @since(2);"));

        SdocRun run = SdocRun.of("compat", old.toString(), now.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().lines().toList()).first().asString().startsWith("p.Order (OLD version 1, NEW version 2):"
                + " NEW reads OLD's data: yes; OLD reads NEW's data: yes, except records holding an enum constant");
        assertThat(run.out()).contains(now + ":2:31: NEW has constant 'CROSS'")
                .endsWith("compatible: NEW and OLD read each other's data" + System.lineSeparator());
    }

    @Test
    void anIncompatibleChangeExitsOneNamingTheFieldAtItsPlace() throws IOException {
        Path old = write("old.sdo", OLD);
        Path now = write("new.sdo", OLD.replace("decimal(9, 2)", "decimal(12, 2)"));

        SdocRun run = SdocRun.of("compat", old.toString(), now.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out().lines().toList()).containsExactly(
                "p.Order (OLD version 1, NEW version 1): NEW reads OLD's data: no; OLD reads NEW's data: no",
                "  " + now + ":6:12: field 'price' changed from decimal(9,2) to decimal(12,2)",
                "not compatible: 1 of 1 records");
    }

    @Test
    void directoriesStandForTheirSchemaFiles() throws IOException {
        Files.createDirectories(dir.resolve("v1"));
        Files.createDirectories(dir.resolve("v2"));
        write("v1/a.sdo", OLD);
        write("v2/a.sdo", OLD.replace("    price: decimal(9, 2);\n", ""));

        SdocRun run = SdocRun.of("compat", dir.resolve("v1").toString(), dir.resolve("v2").toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains(dir.resolve("v1").resolve("a.sdo") + ":6:5: field 'price' of version 1 is gone"
                + " from NEW");
    }

    @Test
    void aSchemaWithErrorsExitsOneWithItsDiagnostics() throws IOException {
        Path old = write("old.sdo", OLD);
        Path now = write("new.sdo", OLD.replace("int64", "int65"));

        SdocRun run = SdocRun.of("compat", old.toString(), now.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains(now + ":4:9: error:");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void withoutTwoSchemasItIsAUsageError() {
        SdocRun run = SdocRun.of("compat", "only.sdo");

        assertThat(run.exitCode()).isEqualTo(2);
    }

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return file;
    }
}
