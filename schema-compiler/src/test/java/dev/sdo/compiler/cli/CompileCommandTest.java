package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.generate.GeneratedSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompileCommandTest {
    @TempDir
    Path dir;

    @Test
    void writesTheGeneratedSourcesInPackageFoldersQuietly() throws IOException {
        Path schema = Schemas.write(dir, "trade.sdo", Schemas.TRADE);
        Path out = dir.resolve("generated");

        SdocRun run = SdocRun.of("compile", "-o", out.toString(), schema.toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEmpty();
        Path pkg = out.resolve("com/example/trade");
        assertThat(pkg.resolve("Trade.java")).isRegularFile();
        assertThat(pkg.resolve("TradeBean.java")).isRegularFile();
        assertThat(pkg.resolve("TradeSdo.java")).isRegularFile();
        assertThat(pkg.resolve("Side.java")).isRegularFile();
        assertThat(Files.readString(pkg.resolve("TradeSdo.java"))).contains("package com.example.trade;");
    }

    @Test
    void writesExactlyWhatTheCompilerGenerates() throws IOException {
        Path schema = Schemas.write(dir, "trade.sdo", Schemas.TRADE);
        Path out = dir.resolve("generated");
        Compilation expected = new SchemaCompiler().compile(List.of(schema));

        assertThat(SdocRun.of("compile", "--output", out.toString(), schema.toString()).exitCode()).isZero();

        assertThat(filesBelow(out)).containsExactlyInAnyOrderElementsOf(
                expected.sources().stream().map(GeneratedSource::relativePath).toList());
        for (GeneratedSource source : expected.sources()) {
            assertThat(out.resolve(source.relativePath())).hasContent(source.content());
        }
    }

    @Test
    void compilesWhatASchemaImports() {
        Schemas.write(dir, "common/side.sdo", """
                package com.example.common;
                enum Side { Buy, Sell }
                """);
        Path order = Schemas.write(dir, "order.sdo", """
                package com.example.order;
                import "common/side.sdo";
                record Order { side: Side; quantity: uint32; }
                """);
        Path out = dir.resolve("generated");

        SdocRun run = SdocRun.of("compile", "-o", out.toString(), order.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(out.resolve("com/example/order/OrderSdo.java")).isRegularFile();
        assertThat(out.resolve("com/example/common/Side.java")).isRegularFile();
    }

    @Test
    void aFileNamedTwiceIsCompiledOnce() {
        Path schema = Schemas.write(dir, "trade.sdo", Schemas.TRADE);
        String sameFileOtherSpelling = dir.resolve("sub/../trade.sdo").toString();

        SdocRun run = SdocRun.of("compile", "-o", dir.resolve("generated").toString(),
                schema.toString(), schema.toString(), sameFileOtherSpelling);

        // Compiled twice, Trade and Side would be declared twice.
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
    }

    @Test
    void anErrorInAFileNamedTwiceIsReportedOnce() {
        Path schema = Schemas.write(dir, "bad.sdo", """
                package p;
                record R { a: Nope; }
                """);

        SdocRun run = SdocRun.of("compile", "-o", dir.toString(), schema.toString(), schema.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.errLines()).containsExactly(schema + ":2:15: error: " + messageOf(run.errLines().get(0)), "1 error");
    }

    @Test
    void schemaErrorsArePrintedInGccFormThenCountedAndNothingIsWritten() {
        Path schema = Schemas.write(dir, "bad.sdo", """
                package p;
                record R {
                    a: Nope;
                    b: udecimal(19, 2);
                }
                """);
        Path out = dir.resolve("generated");

        SdocRun run = SdocRun.of("compile", "-o", out.toString(), schema.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).isEmpty();
        List<String> lines = run.errLines();
        assertThat(lines).hasSize(3);
        // The unknown type's name, then the precision that is out of limits (spec section 6).
        assertThat(lines.get(0)).startsWith(schema + ":3:8: error: ");
        assertThat(lines.get(1)).startsWith(schema + ":4:17: error: ");
        assertThat(lines.get(0)).contains("Nope");
        assertThat(lines.get(2)).isEqualTo("2 errors");
        assertThat(out).doesNotExist();
    }

    @Test
    void anUnreadableFileIsADiagnosticNotAStackTrace() {
        String missing = dir.resolve("missing.sdo").toString();

        SdocRun run = SdocRun.of("compile", "-o", dir.toString(), missing);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.errLines().get(0)).startsWith(missing + ":").contains(": error: ");
        assertThat(run.errLines()).last().isEqualTo("1 error");
        assertThat(run.err()).doesNotContain("Exception", "\tat ");
    }

    @Test
    void anUnwritableOutputDirectoryIsAClearErrorNotAStackTrace() throws IOException {
        Path schema = Schemas.write(dir, "trade.sdo", Schemas.TRADE);
        Path blocker = Files.writeString(dir.resolve("not-a-directory"), "a file where the output should go");

        SdocRun run = SdocRun.of("compile", "-o", blocker.toString(), schema.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.err()).startsWith("sdoc: cannot write " + blocker).doesNotContain("\tat ");
    }

    @Test
    void verboseListsTheFilesWrittenThenThoseLeftUnchanged() {
        Path schema = Schemas.write(dir, "reset-frequency.sdo", Schemas.RESET_FREQUENCY);
        Path out = dir.resolve("generated");

        SdocRun first = SdocRun.of("compile", "-v", "-o", out.toString(), schema.toString());
        SdocRun second = SdocRun.of("compile", "-v", "-o", out.toString(), schema.toString());

        assertThat(first.out()).contains("wrote " + out.resolve("org/fpml/sdo/ResetFrequencySdo.java"))
                .doesNotContain("unchanged");
        assertThat(second.out()).contains("unchanged " + out.resolve("org/fpml/sdo/ResetFrequencySdo.java"))
                .doesNotContain("wrote");
    }

    @Test
    void theDefaultOutputDirectoryIsTheCurrentOne() {
        assertThat(SdocRun.of("compile", "--help").out()).contains("default: .");
    }

    private static String messageOf(String diagnosticLine) {
        return diagnosticLine.substring(diagnosticLine.indexOf(": error: ") + ": error: ".length());
    }

    private static List<String> filesBelow(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).map(f -> root.relativize(f).toString().replace('\\', '/'))
                    .toList();
        }
    }
}
