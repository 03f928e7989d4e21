package dev.sdo.maven;

import java.io.File;
import javax.inject.Inject;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.sonatype.plexus.build.incremental.BuildContext;

/**
 * Generates Java SDO classes (interface, bean, flyweight, batch, enums) from the project's {@code .sdo} schemas
 * and adds the output directory as a compile source root. Regenerates only when a schema, an import, the
 * configuration or the plugin changed, by content; rewrites only files whose bytes change, and deletes the files
 * it generated earlier that no schema produces any more. Schema errors fail the build, each reported as
 * {@code path/File.sdo:LINE:COLUMN: error: MESSAGE}.
 */
@Mojo(name = "generate", defaultPhase = LifecyclePhase.GENERATE_SOURCES, threadSafe = true)
public class GenerateMojo extends AbstractGenerateMojo {

    /**
     * The directory holding the schemas; imports resolve relative to the importing file, so across this directory.
     * A missing directory is not an error: there is nothing to generate.
     */
    @Parameter(property = "sdo.sourceDirectory", defaultValue = "${project.basedir}/src/main/sdo", required = true)
    File sourceDirectory;

    /** Where the Java sources are written, in package folders; always added as a compile source root. */
    @Parameter(property = "sdo.outputDirectory", defaultValue = "${project.build.directory}/generated-sources/sdo",
            required = true)
    File outputDirectory;

    @Inject
    public GenerateMojo(BuildContext buildContext) {
        super(buildContext);
    }

    @Override
    File sourceDirectory() {
        return sourceDirectory;
    }

    @Override
    File outputDirectory() {
        return outputDirectory;
    }

    @Override
    void addSourceRoot(String directory) {
        project.addCompileSourceRoot(directory);
    }

    @Override
    String goal() {
        return "generate";
    }
}
