package dev.sdo.maven;

import java.io.File;
import javax.inject.Inject;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.sonatype.plexus.build.incremental.BuildContext;

/**
 * Generates Java SDO classes for tests from {@code src/test/sdo} and adds the output directory as a test compile
 * source root; otherwise the same as the {@code generate} goal (incremental by content, stale files deleted,
 * schema errors as {@code path/File.sdo:LINE:COLUMN: error: MESSAGE}).
 */
@Mojo(name = "generate-test", defaultPhase = LifecyclePhase.GENERATE_TEST_SOURCES, threadSafe = true)
public class GenerateTestMojo extends AbstractGenerateMojo {

    /** The directory holding the test schemas. A missing directory is not an error: there is nothing to generate. */
    @Parameter(property = "sdo.testSourceDirectory", defaultValue = "${project.basedir}/src/test/sdo",
            required = true)
    File testSourceDirectory;

    /** Where the test Java sources are written; always added as a test compile source root. */
    @Parameter(property = "sdo.testOutputDirectory",
            defaultValue = "${project.build.directory}/generated-test-sources/sdo", required = true)
    File testOutputDirectory;

    @Inject
    public GenerateTestMojo(BuildContext buildContext) {
        super(buildContext);
    }

    @Override
    File sourceDirectory() {
        return testSourceDirectory;
    }

    @Override
    File outputDirectory() {
        return testOutputDirectory;
    }

    @Override
    void addSourceRoot(String directory) {
        project.addTestCompileSourceRoot(directory);
    }

    @Override
    String goal() {
        return "generate-test";
    }
}
