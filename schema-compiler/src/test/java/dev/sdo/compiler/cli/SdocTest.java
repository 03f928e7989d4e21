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
    void noCommandIsAUsageErrorOfOneLineAndAPointerToHelp() {
        SdocRun run = SdocRun.of();

        assertThat(run.exitCode()).isEqualTo(Sdoc.EXIT_USAGE);
        assertThat(run.errLines()).containsExactly(
                "sdoc: error: Missing required command",
                "Try 'sdoc --help' for more information.");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void anUnknownCommandIsAUsageErrorThatNamesItAndSuggestsTheNearestCommand() {
        SdocRun run = SdocRun.of("compil", "x.sdo");

        assertThat(run.exitCode()).isEqualTo(Sdoc.EXIT_USAGE);
        assertThat(run.errLines()).containsExactly(
                "sdoc: error: Unknown command: 'compil'; did you mean compile?",
                "Try 'sdoc --help' for more information.");
    }

    @Test
    void anUnknownOptionPointsToItsCommandsHelpNotTheWholeUsage() {
        SdocRun run = SdocRun.of("compile", "--frobnicate", "x.sdo");

        assertThat(run.exitCode()).isEqualTo(Sdoc.EXIT_USAGE);
        assertThat(run.errLines()).containsExactly(
                "sdoc: error: Unknown option: '--frobnicate'",
                "Try 'sdoc compile --help' for more information.");
        assertThat(run.err()).doesNotContain("Usage:");
    }

    @Test
    void aMissingFileArgumentIsAUsageErrorNamingTheParameter() {
        SdocRun compile = SdocRun.of("compile");
        SdocRun layout = SdocRun.of("layout");

        assertThat(compile.exitCode()).isEqualTo(Sdoc.EXIT_USAGE);
        assertThat(compile.errLines()).hasSize(2);
        assertThat(compile.errLines().get(0)).startsWith("sdoc: error: Missing required parameter");
        assertThat(compile.errLines().get(1)).isEqualTo("Try 'sdoc compile --help' for more information.");
        assertThat(layout.exitCode()).isEqualTo(Sdoc.EXIT_USAGE);
        assertThat(layout.errLines().get(1)).isEqualTo("Try 'sdoc layout --help' for more information.");
    }
}
