package dev.sdo.compiler.cli;

import dev.sdo.compiler.binding.CsvRecordBinding;
import dev.sdo.compiler.binding.GenericCsvBinding;
import dev.sdo.compiler.binding.GenericXmlBinding;
import dev.sdo.compiler.binding.GenericXmlBindings;
import dev.sdo.compiler.binding.UnsupportedBindingException;
import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.runtime.batch.BatchFileWriter;
import dev.sdo.runtime.batch.RecordStore;
import dev.sdo.runtime.generic.GenericBatchBuilder;
import dev.sdo.runtime.generic.RecordValues;
import dev.sdo.runtime.text.BadInputPolicy;
import dev.sdo.runtime.text.TextInputException;
import dev.sdo.runtime.text.TextReadResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code sdoc convert}: reads CSV, JSON or XML documents into batch files by the schema alone, with no generated
 * class and no Java compiler: flat records straight into their bits; other records (CSV rows with strings or blobs,
 * JSON and XML records with nested records, lists, unions, strings or blobs) into field values encoded by the generic
 * writer, which writes the bytes the record's generated {@code XBatch} writes. The schema is compiled once per run,
 * and each record's XML binding built once, however many documents it reads.
 */
@Command(name = "convert",
        header = "Converts CSV, JSON or XML records into .sdob batch files.",
        description = {
            "Reads each IN (CSV; XML when it ends in .xml or with --format xml; JSON when it ends in .json or with "
                    + "--format json) as records of a schema's record, by its @csv or @xml binding or, for JSON, in "
                    + "the form sdoc dump --format json writes, and writes them as a batch file that the record's "
                    + "generated XBatch reads. One IN is written to -o OUT.sdob; several (or -o naming a directory) are "
                    + "written to OUTDIR/NAME.sdob for each NAME.xml or NAME.csv. Long lists of files go in an "
                    + "argument file: sdoc convert -s schemas/ -o out/ @files.txt.",
            "The record of an XML document is the one whose @xml binding names its root element (name and "
                    + "namespace), or, for a root that holds several records (<records> as sdoc dump writes them, "
                    + "FpML's <dataDocument>), its first child element; --record NAME overrides that. A CSV file's "
                    + "record is the only one bound to CSV (else the only record), or --record NAME; a JSON file's, the "
                    + "only record, or --record NAME.",
            "Records of fixed-width values are read from CSV and XML straight into their bits. CSV rows with strings "
                    + "or blobs, and JSON records of every kind (nested records, lists, unions), are read into field "
                    + "values and encoded by the schema alone, as are XML records with nested records, lists, "
                    + "strings or blobs: no generated class is compiled, and a Java runtime is enough.",
            "A bad row, element or JSON record is reported as FILE:LINE:COLUMN: error: MESSAGE naming the field, "
                    + "and leaves no output file for its document; the other documents are still converted, and the "
                    + "exit code is 1. --skip-bad skips such rows instead and reports how many (text that is not "
                    + "JSON still stops the document)."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:bad input in some document (the others are converted), a document whose root element no record is "
                    + "bound to, schema errors, unreadable input or unwritable output",
            "2:wrong usage, including a --record NAME that the schema does not declare"})
final class ConvertCommand implements Callable<Integer> {
    /** How many skipped rows are shown one by one before only the count. */
    private static final int SHOWN_SKIPS = 10;

    /**
     * The XML bindings over field values of each model's records, those of a package sharing their mappings: each
     * built on its record's first document and used for the others.
     */
    private final Map<CodecModel, GenericXmlBindings> xmlBindings = new HashMap<>();
    /**
     * Each record's first batch (one for XML, one for the other formats), whose writer (the parsed schema and its
     * encoders) the batches of the record's other inputs share.
     */
    private final Map<BuilderKey, GenericBatchBuilder> batchBuilders = new HashMap<>();

    /** A record, and whether its values are read from XML, whose binding's writer encodes them. */
    private record BuilderKey(RecordLayout layout, boolean xml) {}

    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    private boolean help;

    @Option(names = {"-s", "--schema"}, required = true, paramLabel = "FILE.sdo|DIR",
            description = "The schema: a .sdo file, or a directory whose .sdo files are compiled together.")
    private Path schemaPath;

    @Option(names = {"-r", "--record"}, paramLabel = "NAME",
            description = "The record of every input (simple or qualified name); by default chosen by each XML "
                    + "document's root element, or the only record bound to CSV.")
    private String recordName;

    @Option(names = {"-f", "--format"}, paramLabel = "csv|json|xml",
            description = "The inputs' format; by default XML for a .xml file, JSON for a .json file, else CSV.")
    private DataFormat format;

    @Option(names = "--skip-bad", description = "Skip bad rows or elements (reporting them) instead of stopping.")
    private boolean skipBad;

    @Option(names = "--allow-empty", description = "Write an empty batch file for an input that holds no records; "
            + "without it, no records from a non-empty input (no row after the header, no element of the record's "
            + "name and namespace, every row bad) is an error.")
    private boolean allowEmpty;

    @Option(names = "--stats", description = "Print one line per input instead of the summary: "
            + "PATH<TAB>RECORD<TAB>RECORDS<TAB>RECORD_BYTES (the encoded bytes of the records, file headers, "
            + "block headers and indexes excluded).")
    private boolean stats;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT.sdob|OUTDIR",
            description = "The batch file of a single IN; the directory of the batch files of several "
                    + "(created if missing).")
    private Path output;

    @Parameters(paramLabel = "IN", arity = "1..*", description = "The CSV, JSON or XML files.")
    private List<Path> inputs;

    /**
     * One input, the record it holds, and where its batch file goes; or, in {@code problem}, the error line that
     * says why it cannot be converted.
     */
    private record Job(Path input, DataFormat format, SchemaRecord record, Path target, String problem) {}

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        CompiledSchema schema;
        try {
            schema = CompiledSchema.layOut(spec.commandLine(), List.of(schemaPath));
        } catch (CompiledSchema.SchemaErrors e) {
            return Sdoc.EXIT_INPUT_ERRORS;
        }
        // --record is checked before any input is read: a name the schema lacks is a usage error.
        SchemaRecord named = recordName == null ? null : schema.select(recordName, layout -> true, "");
        boolean toDirectory = inputs.size() > 1 || Files.isDirectory(output);
        if (toDirectory) {
            OutputFiles.requireDistinct(spec.commandLine(), inputs, output, "sdob");
            try {
                Files.createDirectories(output);
            } catch (IOException e) {
                return Failures.report(err, "cannot create " + output, e);
            }
        }
        // First what each input holds, so that an input no record is bound to is reported before any is read.
        List<Job> jobs = new ArrayList<>();
        for (Path input : inputs) {
            DataFormat inputFormat = format == null ? DataFormat.ofInput(input) : format;
            Path target = toDirectory ? OutputFiles.in(output, input, "sdob") : output;
            OutputFiles.requireNotInput(spec.commandLine(), input, target);
            SchemaRecord record = null;
            String problem;
            try {
                record = named != null ? named : recordOf(schema, input, inputFormat);
                problem = record == null ? noRecordFor(schema, input) : problem(record, input, inputFormat);
            } catch (TextInputException e) {
                problem = e.getMessage();
            } catch (IOException e) {
                problem = Failures.line("cannot read " + input, e);
            }
            jobs.add(new Job(input, inputFormat, record, target, problem));
        }
        boolean failed = false;
        // Then each input in the order given, its problems reported in that order too.
        for (Job job : jobs) {
            if (job.problem() != null) {
                failed = error(job.problem());
                continue;
            }
            boolean flat = switch (job.format()) {
                case csv -> job.record().csvFlat();
                case xml -> job.record().flat();
                case json -> false;
            };
            int code = Failures.inFile(err, job.input(), () -> flat ? convertFlat(job) : convertGeneric(job));
            failed |= code != Sdoc.EXIT_OK;
        }
        return failed ? Sdoc.EXIT_INPUT_ERRORS : Sdoc.EXIT_OK;
    }

    /**
     * The record {@code input} holds: for XML, the one bound to its root element or else to the root's first child,
     * or else the only one bound to either's name in another case or namespace; for CSV, the only record bound to
     * CSV, else the only record. Null for a document that no record is bound to.
     *
     * @throws TextInputException for XML that is not well-formed up to its first child element
     */
    private SchemaRecord recordOf(CompiledSchema schema, Path input, DataFormat inputFormat) throws IOException {
        if (inputFormat == DataFormat.csv) {
            return schema.select(null, CsvRecordBinding::declared, " bound to csv");
        } else if (inputFormat == DataFormat.json) {
            return schema.select(null, layout -> false, "");
        }
        XmlRootPeek.Root root = XmlRootPeek.of(input);
        Optional<SchemaRecord> record = schema.boundToElement(root.root().namespace(), root.root().local());
        if (record.isEmpty() && root.firstChild() != null) {
            record = schema.boundToElement(root.firstChild().namespace(), root.firstChild().local());
        }
        // An element of another case or namespace: read as that record, whose reader refuses it where it is.
        if (record.isEmpty()) {
            record = schema.nearlyBoundToElement(root.root().local());
        }
        if (record.isEmpty() && root.firstChild() != null) {
            record = schema.nearlyBoundToElement(root.firstChild().local());
        }
        return record.orElse(null);
    }

    /** The error of an XML document whose root element (and its first child) no record is bound to. */
    private static String noRecordFor(CompiledSchema schema, Path input) throws IOException {
        XmlRootPeek.Root root = XmlRootPeek.of(input);
        return Failures.line(input + ": no record of the schema " + schema.named() + " is bound to its root "
                + "element " + root.root() + (root.firstChild() == null ? ""
                        : " or to the root's first child " + root.firstChild())
                + "; name the record with --record NAME" + schema.known());
    }

    /** Why {@code record} cannot be read from {@code input}'s format, naming the input; null when it can. */
    private static String problem(SchemaRecord record, Path input, DataFormat inputFormat) {
        String name = record.layout().record().name().simpleName();
        if (inputFormat == DataFormat.csv) {
            String problem = record.csvProblem();
            return problem == null ? null : Failures.line(input + ": " + problem + "; convert them from XML or JSON");
        } else if (inputFormat == DataFormat.json) {
            return null;
        }
        if (!record.flat() && !XmlRecordBinding.declared(record.layout())) {
            return Failures.line(input + ": " + name + " records have no @xml binding, which sdoc needs to "
                    + "read records with nested records, lists or variable-length fields from XML");
        }
        return null;
    }

    /** Prints a one-line error as it is, and says the run failed. */
    private boolean error(String line) {
        PrintWriter err = spec.commandLine().getErr();
        err.println(line);
        err.flush();
        return true;
    }

    /** The policy for bad rows: fail, or skip and report the first few; {@code skipped} counts them. */
    private BadInputPolicy policy(long[] skipped) {
        PrintWriter err = spec.commandLine().getErr();
        return !skipBad ? BadInputPolicy.FAIL : BadInputPolicy.skip(bad -> {
            if (++skipped[0] <= SHOWN_SKIPS) {
                Failures.skipped(err, bad);
            }
        });
    }

    /**
     * Reads a flat record's rows or elements straight into bits and writes them with the runtime's writer.
     *
     * @throws IOException when the input cannot be read, or is not the records (reported by the caller)
     */
    private int convertFlat(Job job) throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        SchemaRecord record = job.record();
        Path input = job.input();
        RecordStore store = RecordStore.heap(record.layout().bytes());
        TextReadResult result;
        try (InputStream in = Progress.of(input, "Reading " + input.getFileName())) {
            BadInputPolicy policy = policy(new long[1]);
            result = job.format() == DataFormat.csv
                    ? CsvRecordBinding.of(record.layout()).create()
                            .read(in, input.toString(), store, policy)
                    : XmlRecordBinding.of(record.layout()).create()
                            .read(in, input.toString(), store, policy);
        } catch (UnsupportedBindingException e) {
            error(e.position() + ": error: " + e.getMessage());
            return Sdoc.EXIT_INPUT_ERRORS;
        }
        String empty = emptiness(job, result.records(), result.skipped());
        if (empty != null) {
            return Failures.error(err, empty);
        }
        try (AtomicOutput out = new AtomicOutput(job.target())) {
            BatchFileWriter.write(store, record.identity(), out.temporary());
            out.commit();
        } catch (IOException e) {
            return Failures.report(err, "cannot write " + job.target(), e);
        }
        return summarize(job, result.records(), store.recordBytes(), result.skipped(), unit(job.format()));
    }

    /**
     * Reads CSV rows of a record with strings or blobs, JSON records of any record, or XML records that are not flat
     * into field values ({@link RecordValues}) and encodes them with the generic writer, by the record's schema
     * descriptor alone: no generated class, no Java compiler. The batch file is the one the record's generated
     * {@code XBatch} writes.
     *
     * @throws IOException when the input cannot be read, or is not the records (reported by the caller)
     */
    private int convertGeneric(Job job) throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        Path input = job.input();
        GenericBatchBuilder batch = batchBuilder(job).newBatch();
        TextReadResult result;
        try (InputStream in = Progress.of(input, "Reading " + input.getFileName())) {
            BadInputPolicy policy = policy(new long[1]);
            result = switch (job.format()) {
                case csv -> GenericCsvBinding.of(job.record().layout(), batch.writer().schema())
                        .read(in, input.toString(), policy, batch::add);
                case json -> new JsonRecords(batch.writer().schema()).read(in, input.toString(), policy, batch::add);
                case xml -> xmlBinding(job.record()).read(in, input.toString(), policy, batch::add);
            };
        } catch (IllegalArgumentException e) {
            // A record whose values are each valid but that cannot be encoded as a whole.
            return Failures.error(err, input + ": " + e.getMessage());
        }
        String empty = emptiness(job, result.records(), result.skipped());
        if (empty != null) {
            return Failures.error(err, empty);
        }
        try (AtomicOutput out = new AtomicOutput(job.target())) {
            try (FileChannel channel = FileChannel.open(out.temporary(), StandardOpenOption.WRITE)) {
                batch.writeTo(channel);
            }
            out.commit();
        } catch (IOException e) {
            return Failures.report(err, "cannot write " + job.target(), e);
        }
        return summarize(job, result.records(), batch.recordBytes(), result.skipped(), unit(job.format()));
    }

    /**
     * The record's first batch, made for the format of {@code job}: for XML, encoding by its binding's writer the
     * values the binding reads, which are of its package's descriptor; else by a writer of the record's own.
     */
    private GenericBatchBuilder batchBuilder(Job job) {
        SchemaRecord record = job.record();
        boolean xml = job.format() == DataFormat.xml;
        return batchBuilders.computeIfAbsent(new BuilderKey(record.layout(), xml), key -> xml
                ? GenericBatchBuilder.of(record.identity(), xmlBinding(record).writer())
                : GenericBatchBuilder.of(record.identity()));
    }

    /** The record's XML binding over field values. */
    private GenericXmlBinding xmlBinding(SchemaRecord record) {
        return xmlBindings.computeIfAbsent(record.model(), GenericXmlBindings::of).binding(record.layout());
    }

    /**
     * Why no records from a non-empty input is an error (what the user most likely got wrong), or null: records were
     * read, the input is empty, or {@code --allow-empty} asks for an empty batch file.
     */
    private String emptiness(Job job, long records, long skipped) {
        if (records > 0 || allowEmpty || job.input().toFile().length() == 0) {
            return null;
        }
        RecordType type = job.record().layout().record();
        String why;
        if (skipped > 0) {
            why = "every " + unit(job.format()) + " was bad (" + skipped + " skipped)";
        } else if (job.format() == DataFormat.json) {
            why = "its array of records is empty";
        } else if (job.format() == DataFormat.csv) {
            why = "it has no rows" + (CsvRecordBinding.options(job.record().layout()).header()
                    ? " after its header" : "");
        } else {
            String namespace = XmlRecordBinding.namespace(type);
            why = "it has no <" + XmlRecordBinding.element(type) + "> element" + (namespace.isEmpty()
                    ? " in no namespace" : " in the namespace " + namespace)
                    + " (names and namespaces must match exactly, case included)";
        }
        return job.input() + ": no " + type.name().simpleName() + " records: " + why
                + "; give --allow-empty to write an empty batch file";
    }

    /** What one record of an input of {@code format} is called in messages. */
    private static String unit(DataFormat format) {
        return switch (format) {
            case csv -> "row";
            case xml -> "element";
            case json -> "record";
        };
    }

    /**
     * Reports what was written, as a sentence or, with {@code --stats}, as a tab-separated line; and how many bad
     * rows or elements were skipped.
     */
    private int summarize(Job job, long records, long recordBytes, long skipped, String unit) {
        PrintWriter err = spec.commandLine().getErr();
        if (skipped > 0) {
            // Named by its input when there are several.
            err.printf("%sskipped %,d bad %s%s%n", inputs.size() > 1 ? job.input() + ": " : "", skipped, unit,
                    skipped == 1 ? "" : "s");
        }
        SchemaRecord record = job.record();
        String name = record.layout().record().name().simpleName();
        PrintWriter out = spec.commandLine().getOut();
        if (stats) {
            out.println(job.input() + "\t" + name + "\t" + records + "\t" + recordBytes);
        } else {
            int bytes = record.layout().bytes();
            out.printf("%s: %,d %s record%s of %s%d byte%s from %s%n", job.target(), records, name,
                    records == 1 ? "" : "s", record.layout().hasVariableData() ? "at least " : "", bytes,
                    bytes == 1 ? "" : "s", job.input());
        }
        out.flush();
        err.flush();
        return Sdoc.EXIT_OK;
    }
}
