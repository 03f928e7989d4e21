package dev.sdo.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The README's "A new project" pom.xml is the one the {@code new-project} integration test builds, so that what a
 * user copies is what is tested: the two may differ only in the version, which the invoker fills in.
 */
class NewProjectPomTest {

    private static final String HEADING = "### A new project";

    @Test
    void theReadmesNewProjectPomIsTheIntegrationTestsPomWithTheProjectVersion() throws IOException {
        String version = System.getProperty("sdo.projectVersion");
        assertThat(version).as("the build's version, from surefire's configuration").matches("\\d+\\.\\d+\\.\\d+.*");

        String tested = Files.readString(Path.of("src/it/new-project/pom.xml"));
        assertThat(tested).contains("<sdo.version>@project.version@</sdo.version>");

        assertThat(readmePom()).isEqualTo(tested.replace("@project.version@", version));
    }

    /** The first xml block after the heading. */
    private static String readmePom() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        int heading = readme.indexOf(HEADING);
        assertThat(heading).as("README.md has a section '%s'", HEADING).isNotNegative();
        int start = readme.indexOf("```xml\n", heading) + "```xml\n".length();
        int end = readme.indexOf("```", start);
        return readme.substring(start, end);
    }
}
