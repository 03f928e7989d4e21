package dev.sdo.maven;

import dev.sdo.compiler.xsd.XsdException;
import dev.sdo.compiler.xsd.XsdImport;
import dev.sdo.compiler.xsd.XsdImporter;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Imports an XML Schema (with every schema it includes and imports) into {@code .sdo} schemas, as
 * {@code sdoc import-xsd} does, so that the {@code generate} goal compiles them: give that goal's execution this
 * goal's {@code outputDirectory} as its {@code sourceDirectory}. Rewrites only the files whose text changes (so that
 * {@code generate} finds them up to date when the XSD did not change) and deletes {@code .sdo} files the XSD no longer
 * produces. An XSD construct the importer cannot map fails the build with {@code FILE:LINE: error: MESSAGE}.
 */
@Mojo(name = "import-xsd", defaultPhase = LifecyclePhase.GENERATE_SOURCES, threadSafe = true)
public class ImportXsdMojo extends AbstractMojo {

    /** The XML Schema to import. */
    @Parameter(property = "sdo.xsd", required = true)
    File xsd;

    /** The Java package of the records; by default one made from the schema's target namespace. */
    @Parameter(property = "sdo.xsdPackage")
    String packageName;

    /** Where the {@code .sdo} files are written. */
    @Parameter(property = "sdo.xsdOutputDirectory", defaultValue = "${project.build.directory}/generated-sources/sdo-xsd",
            required = true)
    File outputDirectory;

    /** Skips the import. */
    @Parameter(property = "sdo.skip", defaultValue = "false")
    boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("Skipping the XSD import (sdo.skip)");
            return;
        }
        XsdImport imported;
        try {
            imported = new XsdImporter().importSchema(xsd.toPath(), packageName);
        } catch (XsdException e) {
            getLog().error(e.getMessage());
            throw new MojoFailureException("The XML Schema " + xsd + " cannot be imported: " + e.getMessage());
        }
        try {
            int written = write(outputDirectory.toPath(), imported.files());
            getLog().info("Imported " + xsd.getName() + ": " + imported.files().size() + " .sdo files ("
                    + written + " changed), " + imported.records() + " records, " + imported.unions() + " unions, "
                    + imported.enums() + " enums, into " + outputDirectory);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot write the imported schemas: " + e.getMessage(), e);
        }
    }

    /** Writes the files whose text changed, deletes stale {@code .sdo} files; returns how many were written. */
    private static int write(Path directory, Map<String, String> files) throws IOException {
        Files.createDirectories(directory);
        Set<Path> current = new HashSet<>();
        int written = 0;
        for (Map.Entry<String, String> file : files.entrySet()) {
            Path path = directory.resolve(file.getKey());
            current.add(path);
            byte[] text = file.getValue().getBytes(StandardCharsets.UTF_8);
            if (!Files.exists(path) || !Arrays.equals(Files.readAllBytes(path), text)) {
                Files.createDirectories(path.getParent());
                Files.write(path, text);
                written++;
            }
        }
        List<Path> stale;
        try (Stream<Path> listed = Files.walk(directory)) {
            stale = listed.filter(p -> p.toString().endsWith(".sdo") && !current.contains(p)).toList();
        }
        for (Path path : stale) {
            Files.delete(path);
        }
        return written;
    }
}
