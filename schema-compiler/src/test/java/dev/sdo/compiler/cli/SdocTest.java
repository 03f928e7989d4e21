package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SdocTest {

    @Test
    void helpListsTheCommandsAndExitCodes() {
        SdocRun run = SdocRun.of("--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("Usage: sdoc", "compile", "layout", "Exit codes:", "wrong usage");
        assertThat(run.err()).isEmpty();
    }

    @Test
    void shortHelpOptionWorksToo() {
        assertThat(SdocRun.of("-h").out()).isEqualTo(SdocRun.of("--help").out());
    }

    @Test
    void eachCommandHasItsOwnHelp() {
        SdocRun compile = SdocRun.of("compile", "--help");
        SdocRun layout = SdocRun.of("layout", "--help");

        assertThat(compile.exitCode()).isZero();
        assertThat(compile.out()).contains("Usage: sdoc compile", "-o", "FILE");
        assertThat(layout.exitCode()).isZero();
        assertThat(layout.out()).contains("Usage: sdoc layout", "--record", "NAME");
    }

    @Test
    void helpCommandShowsACommandsHelp() {
        SdocRun run = SdocRun.of("help", "layout");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("Usage: sdoc layout");
    }

    @Test
    void versionIsTheBuiltProjectVersion() {
        SdocRun run = SdocRun.of("--version");

        assertThat(run.exitCode()).isZero();
        // Filtered by the build: a real version, not the unfiltered placeholder.
        assertThat(run.out().strip()).matches("sdoc \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
        assertThat(SdocRun.of("-V").out()).isEqualTo(run.out());
    }

    @Test
    void noCommandIsAUsageError() {
        SdocRun run = SdocRun.of();

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Missing required command", "Usage: sdoc");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void unknownCommandIsAUsageError() {
        SdocRun run = SdocRun.of("frobnicate");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("frobnicate");
    }

    @Test
    void unknownOptionIsAUsageError() {
        SdocRun run = SdocRun.of("compile", "--frobnicate", "x.sdo");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Unknown option", "--frobnicate", "Usage: sdoc compile");
    }

    @Test
    void missingFileArgumentIsAUsageError() {
        assertThat(SdocRun.of("compile").exitCode()).isEqualTo(2);
        assertThat(SdocRun.of("layout").exitCode()).isEqualTo(2);
    }
}
