package dev.sdo.compiler.cli;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.compiler.generate.GeneratedSource;
import dev.sdo.compiler.generate.RecordFingerprints;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.Schema;
import dev.sdo.runtime.batch.RecordIdentity;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * One record of a schema, for the data commands: its layout, the identity its batch files carry (the same as
 * its generated {@code XBatch} writes), and the schema's generated sources, which {@link GeneratedRecord}
 * compiles for records that are not flat.
 */
record SchemaRecord(Schema schema, RecordLayout layout, RecordIdentity identity, List<GeneratedSource> sources) {

    /**
     * Whether the record is flat (fixed-width values only), so that the runtime's flat text bindings carry it
     * straight between text and bits; other records go through their generated classes.
     */
    boolean flat() {
        return XmlRecordBinding.flat(layout.record());
    }

    /** Thrown when the schema has errors, which have been printed already. */
    static final class SchemaErrors extends Exception {
        private static final long serialVersionUID = 1L;

        SchemaErrors() {
            super(null, null, false, false);
        }
    }

    /**
     * Compiles {@code schemaFile} and selects a record: the one named {@code name} (simple or qualified) when
     * given, else the only one that {@code preferred} accepts, else the only record.
     *
     * @throws SchemaErrors after printing the schema's errors
     * @throws ParameterException (a usage error) when no record or more than one fits
     */
    static SchemaRecord select(CommandLine commandLine, Path schemaFile, String name,
            Predicate<RecordLayout> preferred, String preferredWhat) throws SchemaErrors {
        Compilation compilation = new SchemaCompiler().compile(List.of(schemaFile));
        if (!compilation.succeeded()) {
            DiagnosticReport.print(compilation.diagnostics(), commandLine.getErr());
            throw new SchemaErrors();
        }
        List<RecordLayout> all = compilation.layouts();
        List<RecordLayout> matching;
        if (name != null) {
            matching = all.stream().filter(l -> name.equals(l.record().name().simpleName())
                    || name.equals(l.record().name().toString())).toList();
        } else {
            matching = all.stream().filter(preferred).toList();
            if (matching.isEmpty()) {
                matching = all;
            }
        }
        List<String> known = all.stream().map(l -> l.record().name().simpleName()).sorted().toList();
        if (matching.size() != 1) {
            String problem = name != null ? "No record named '" + name + "' in " + schemaFile
                    : matching.isEmpty() ? schemaFile + " declares no records"
                    : schemaFile + " declares several records" + preferredWhat + "; choose one with --record NAME";
            throw new ParameterException(commandLine, problem
                    + (known.isEmpty() ? "" : "; its records: " + String.join(", ", known)));
        }
        Schema schema = compilation.schema().orElseThrow();
        RecordLayout layout = matching.get(0);
        RecordFingerprints fingerprints = new RecordFingerprints(schema, all);
        long[] versionFingerprints = fingerprints.versions(layout.record().name());
        Map<Integer, Long> byVersion = new TreeMap<>();
        for (int i = 0; i < versionFingerprints.length; i++) {
            byVersion.put(layout.versions().get(i), versionFingerprints[i]);
        }
        // The same identity as the record's generated batch: files written from the schema alone are alike.
        RecordIdentity identity = new RecordIdentity(layout.record().name().toString(), layout.record().version(),
                fingerprints.of(layout.record().name()), layout.bytes(), byVersion);
        return new SchemaRecord(schema, layout, identity, compilation.sources());
    }
}
