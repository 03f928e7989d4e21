package dev.sdo.maven;

import dev.sdo.compiler.compat.RecordCompatibility;
import dev.sdo.maven.IncrementalGeneration.Outcome;
import dev.sdo.maven.IncrementalGeneration.Status;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import org.sonatype.plexus.build.incremental.BuildContext;
import org.sonatype.plexus.build.incremental.DefaultBuildContext;

/**
 * What the {@code generate} and {@code generate-test} goals share: select the schemas, regenerate only when their
 * content (or the generator, or the configuration) changed, report schema errors in the log and in the IDE, and
 * hand the output directory to the compiler.
 *
 * <p>The IDE's {@link BuildContext} is told about every file written or deleted ({@code refresh}) and about each
 * schema error (a marker on the schema file), but its change deltas never decide whether to generate: m2e reports
 * no delta for an import outside the project, nor for a new version of this plugin, and the content fingerprint
 * costs only a read of a few small files.
 */
abstract class AbstractGenerateMojo extends AbstractMojo {
    // Fields are package-private so that tests can configure the goals as Maven would.

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    @Parameter(defaultValue = "${mojoExecution}", readonly = true)
    MojoExecution execution;

    /** The IDE's build context under m2e; a plain file-system one on the command line. */
    BuildContext buildContext;

    /** Ant-style patterns, relative to the source directory, of the schemas to compile. */
    @Parameter(property = "sdo.includes", defaultValue = "**/*.sdo")
    String[] includes;

    /** Ant-style patterns of schemas not to compile on their own (a schema that imports one still reads it). */
    @Parameter(property = "sdo.excludes")
    String[] excludes;

    /**
     * The previous version of the schemas, a {@code .sdo} file or a directory of them (for instance the released
     * version's, unpacked or checked out): when given, the build fails unless, for every record, the current schemas'
     * code reads the previous version's data and the previous version's code reads theirs, printing what
     * {@code sdoc compat PREVIOUS CURRENT} prints (docs/schema-reference.md, "Compatibility"). Off by default.
     */
    @Parameter(property = "sdo.compatibleWith")
    File compatibleWith;

    /** Skips generation altogether (the output directory is then not added as a source root either). */
    @Parameter(property = "sdo.skip", defaultValue = "false")
    boolean skip;

    AbstractGenerateMojo(BuildContext buildContext) {
        this.buildContext = buildContext;
    }

    /** The directory holding the schemas. */
    abstract File sourceDirectory();

    /** The directory the Java sources are generated into. */
    abstract File outputDirectory();

    /** Adds the output directory to the project's main or test compile source roots. */
    abstract void addSourceRoot(String directory);

    /** The goal's name, which names its state file when Maven gives no execution. */
    abstract String goal();

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("Skipping SDO generation (sdo.skip)");
            return;
        }
        // Always, even when nothing is regenerated: the files from the last run must still be compiled.
        addSourceRoot(outputDirectory().getPath());
        Path sources = sourceDirectory().toPath();
        List<Path> schemas = selectSchemas(sources);
        Path stateFile = stateFile();
        if (schemas.isEmpty() && !Files.exists(stateFile)) {
            return; // Nothing to generate, and nothing generated earlier to clean up.
        }
        Outcome outcome = generate(schemas, stateFile);
        for (Path input : outcome.inputs()) {
            buildContext.removeMessages(input.toFile());
        }
        if (outcome.status() == Status.FAILED) {
            fail(outcome);
        }
        report(outcome, schemas.size());
        if (compatibleWith != null) {
            checkCompatibility(schemas);
        }
    }

    /** Fails the build when the schemas no longer read the previous version's data, or it theirs. */
    private void checkCompatibility(List<Path> schemas) throws MojoExecutionException, MojoFailureException {
        CompatibilityCheck.Result result;
        try {
            result = CompatibilityCheck.run(compatibleWith.toPath(), schemas);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot read the previous schema version (compatibleWith): "
                    + e.getMessage(), e);
        }
        if (!result.schemaErrors().isEmpty()) {
            result.schemaErrors().forEach(getLog()::error);
            throw new MojoFailureException("The previous schema version " + relative(compatibleWith.toPath())
                    + " does not compile; the first error: " + result.schemaErrors().get(0));
        }
        List<RecordCompatibility> refused = result.refused();
        for (RecordCompatibility record : result.records()) {
            for (String line : record.lines()) {
                if (record.compatible()) {
                    getLog().info(line);
                } else {
                    getLog().error(line);
                }
            }
        }
        if (!refused.isEmpty()) {
            throw new MojoFailureException(count(refused.size(), "record") + " of the schemas cannot be read across"
                    + " versions with " + relative(compatibleWith.toPath()) + " (compatibleWith); the first: "
                    + String.join(" ", refused.get(0).lines()).replaceAll("\\s+", " "));
        }
        getLog().info("Compatible with " + relative(compatibleWith.toPath()) + ": each version reads the other's"
                + " data");
    }

    private List<Path> selectSchemas(Path sources) throws MojoExecutionException {
        if (!Files.isDirectory(sources)) {
            getLog().info("No SDO schemas: " + relative(sources) + " does not exist");
            return List.of();
        }
        try {
            List<Path> schemas = new SchemaFileSelector(Arrays.asList(orEmpty(includes)),
                    Arrays.asList(orEmpty(excludes))).select(sources);
            if (schemas.isEmpty()) {
                getLog().info("No SDO schemas in " + relative(sources) + " match " + Arrays.toString(includes));
            }
            return schemas;
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot list the schemas in " + sources + ": " + e.getMessage(), e);
        }
    }

    private Outcome generate(List<Path> schemas, Path stateFile) throws MojoExecutionException {
        try {
            return new IncrementalGeneration(project.getBasedir().toPath(), outputDirectory().toPath(), stateFile,
                    GeneratorIdentity.current(), configuration()).run(schemas);
        } catch (IOException e) {
            throw new MojoExecutionException("SDO generation failed: " + e.getMessage(), e);
        }
    }

    /** The settings that shape the output, so that changing one regenerates. */
    private String configuration() {
        return "goal=" + goal() + "\nsourceDirectory=" + sourceDirectory().getAbsolutePath()
                + "\nincludes=" + Arrays.toString(orEmpty(includes)) + "\nexcludes=" + Arrays.toString(orEmpty(excludes));
    }

    /** {@code target/sdo-maven-plugin/<goal>-<executionId>.state}: one per execution, so that they never clash. */
    private Path stateFile() {
        String executionId = execution == null ? "default" : execution.getExecutionId();
        String name = goal() + "-" + executionId.replaceAll("[^A-Za-z0-9._-]", "_") + ".state";
        return Path.of(project.getBuild().getDirectory(), "sdo-maven-plugin", name);
    }

    private void fail(Outcome outcome) throws MojoFailureException {
        for (SchemaProblem problem : outcome.problems()) {
            getLog().error(problem.toString());
            if (putsMarkers()) {
                buildContext.addMessage(problem.file().toFile(), problem.line(), problem.column(), problem.message(),
                        BuildContext.SEVERITY_ERROR, null);
            }
        }
        int count = outcome.problems().size();
        throw new MojoFailureException(count + (count == 1 ? " schema error" : " schema errors") + "; the first: "
                + outcome.problems().get(0));
    }

    /**
     * Whether the build context shows messages somewhere of its own (the IDE's markers). Plain Maven's
     * {@link DefaultBuildContext} only logs them, in another format, which would repeat each error line.
     */
    private boolean putsMarkers() {
        return buildContext.getClass() != DefaultBuildContext.class;
    }

    private void report(Outcome outcome, int schemaCount) {
        outcome.written().forEach(file -> buildContext.refresh(file.toFile()));
        outcome.deleted().forEach(file -> buildContext.refresh(file.toFile()));
        for (Path kept : outcome.keptStale()) {
            getLog().warn("Kept " + relative(kept) + ": no schema generates it any more, but it was changed since"
                    + " it was generated; delete it if it is not needed");
        }
        String output = relative(outputDirectory().toPath());
        if (outcome.status() == Status.UP_TO_DATE) {
            String line = "SDO sources in " + output + " are up to date (" + count(schemaCount, "schema") + ")";
            if (buildContext.isIncremental()) {
                getLog().debug(line); // An IDE runs the goal on every save: keep its console quiet.
            } else {
                getLog().info(line);
            }
            return;
        }
        getLog().info("Generated " + count(outcome.written().size(), "changed Java source")
                + " (" + outcome.unchanged().size() + " unchanged, " + outcome.deleted().size() + " stale deleted)"
                + " from " + count(schemaCount, "schema") + " into " + output);
    }

    private String relative(Path path) {
        Path base = project.getBasedir().toPath().toAbsolutePath().normalize();
        Path absolute = path.toAbsolutePath().normalize();
        return absolute.startsWith(base) ? base.relativize(absolute).toString() : absolute.toString();
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static String[] orEmpty(String[] patterns) {
        return patterns == null ? new String[0] : patterns;
    }
}
