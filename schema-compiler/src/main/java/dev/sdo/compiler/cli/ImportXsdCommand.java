package dev.sdo.compiler.cli;

import dev.sdo.compiler.xsd.XsdException;
import dev.sdo.compiler.xsd.XsdImport;
import dev.sdo.compiler.xsd.XsdImporter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sdoc import-xsd}: writes {@code .sdo} schemas for an XML Schema and everything it includes or imports. */
@Command(name = "import-xsd",
        header = "Writes .sdo schemas from an XML Schema.",
        description = {
            "Reads XSD_FILE with every schema it includes and imports, and writes one .sdo file for each .xsd "
                    + "file into DIR (named like it, beside each other as the .xsd files are), with doc comments "
                    + "from xsd:documentation and @xml bindings for documents valid against the schema. The same "
                    + "input always gives the same bytes. Prints what it wrote: files, records, unions, enums.",
            "An XSD construct the importer cannot map is printed to standard error as FILE:LINE: error: MESSAGE "
                    + "naming it; nothing is written then."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:the schema cannot be read or has a construct that cannot be mapped, or an output file could not "
                    + "be written",
            "2:wrong usage"})
final class ImportXsdCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    private boolean help;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", defaultValue = ".",
            description = "Directory to write the .sdo files into (default: ${DEFAULT-VALUE}).")
    private Path outputDirectory;

    @Option(names = "--package", paramLabel = "PKG",
            description = "Package of the generated schemas (default: made from the root schema's target "
                    + "namespace, as JAXB does: http://www.fpml.org/FpML-5/confirmation gives "
                    + "org.fpml.fpml_5.confirmation).")
    private String packageName;

    @Parameters(paramLabel = "XSD_FILE", description = "The root XML Schema file.")
    private Path xsdFile;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        XsdImport result;
        try {
            result = new XsdImporter().importSchema(xsdFile, packageName);
        } catch (XsdException e) {
            err.println(e.getMessage());
            err.flush();
            return Sdoc.EXIT_INPUT_ERRORS;
        }
        for (Map.Entry<String, String> file : result.files().entrySet()) {
            Path target = outputDirectory.resolve(file.getKey());
            try {
                Files.createDirectories(target.toAbsolutePath().getParent());
                Files.writeString(target, file.getValue(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return Failures.report(err, target.toString(), e);
            }
        }
        out.printf("wrote %d .sdo files to %s: %d records, %d unions, %d enums%n", result.files().size(),
                outputDirectory, result.records(), result.unions(), result.enums());
        out.flush();
        return Sdoc.EXIT_OK;
    }
}
