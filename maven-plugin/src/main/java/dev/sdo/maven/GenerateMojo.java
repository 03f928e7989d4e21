package dev.sdo.maven;

import dev.sdo.maven.SchemaGeneration.Outcome;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * Generates Java SDO classes (interface, bean, flyweight, batch, enums) from the project's {@code .sdo} schemas
 * and adds the output directory as a compile source root. Schema errors fail the build, each reported as
 * {@code path/File.sdo:LINE:COLUMN: error: MESSAGE}.
 */
@Mojo(name = "generate", defaultPhase = LifecyclePhase.GENERATE_SOURCES, threadSafe = true)
public class GenerateMojo extends AbstractMojo {
    // Fields are package-private so that GenerateMojoTest can configure the mojo as Maven would.

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    /** The directory holding the schemas. A missing directory is not an error: there is nothing to generate. */
    @Parameter(property = "sdo.sourceDirectory", defaultValue = "${project.basedir}/src/main/sdo", required = true)
    File sourceDirectory;

    /** Where the Java sources are written, in package folders; always added as a compile source root. */
    @Parameter(property = "sdo.outputDirectory", defaultValue = "${project.build.directory}/generated-sources/sdo",
            required = true)
    File outputDirectory;

    /** Ant-style patterns, relative to the source directory, of the schemas to compile. */
    @Parameter(property = "sdo.includes", defaultValue = "**/*.sdo")
    String[] includes;

    /** Ant-style patterns of schemas not to compile (files they import are still read). */
    @Parameter(property = "sdo.excludes")
    String[] excludes;

    /** Skips generation altogether. */
    @Parameter(property = "sdo.skip", defaultValue = "false")
    boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("Skipping SDO generation (sdo.skip)");
            return;
        }
        project.addCompileSourceRoot(outputDirectory.getPath());
        Path sources = sourceDirectory.toPath();
        if (!Files.isDirectory(sources)) {
            getLog().info("No SDO schemas: " + sources + " does not exist");
            return;
        }
        List<Path> schemas = selectSchemas(sources);
        if (schemas.isEmpty()) {
            getLog().info("No SDO schemas in " + sources + " match " + Arrays.toString(includes));
            return;
        }
        Outcome outcome = generate(schemas);
        if (outcome.failed()) {
            outcome.errors().forEach(getLog()::error);
            int count = outcome.errors().size();
            throw new MojoFailureException(count + (count == 1 ? " schema error" : " schema errors")
                    + "; the first: " + outcome.errors().get(0));
        }
        getLog().info("Generated " + count(outcome.written().size(), "Java source") + " from "
                + count(schemas.size(), "schema") + " into " + outputDirectory
                + (outcome.unchanged().isEmpty() ? "" : " (" + outcome.unchanged().size() + " already up to date)"));
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private List<Path> selectSchemas(Path sources) throws MojoExecutionException {
        SchemaFileSelector selector = new SchemaFileSelector(Arrays.asList(orEmpty(includes)),
                Arrays.asList(orEmpty(excludes)));
        try {
            return selector.select(sources);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot list the schemas in " + sources + ": " + e.getMessage(), e);
        }
    }

    private Outcome generate(List<Path> schemas) throws MojoExecutionException {
        try {
            return new SchemaGeneration(project.getBasedir().toPath(), outputDirectory.toPath()).run(schemas);
        } catch (IOException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
    }

    private static String[] orEmpty(String[] patterns) {
        return patterns == null ? new String[0] : patterns;
    }
}
