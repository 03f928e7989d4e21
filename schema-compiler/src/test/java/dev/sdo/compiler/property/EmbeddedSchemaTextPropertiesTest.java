package dev.sdo.compiler.property;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.cli.Sdoc;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.runtime.batch.BatchFileWriter;
import dev.sdo.runtime.batch.RecordIdentity;
import dev.sdo.runtime.batch.RecordStore;
import dev.sdo.runtime.batch.VariableBatchFileWriter;
import dev.sdo.runtime.batch.VariableRecordStore;
import dev.sdo.testing.PropertyRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code sdoc schema FILE.sdob} prints the schema a file carries as {@code .sdo} text that compiles to the same
 * layout: for random schemas (unions, abstract records and extensions, defaults in two in five), a file of each
 * concrete record is written, its schema printed, and the printed text compiled again gives that record the same
 * schema descriptor (every field's place and encoding, so the same layout), fingerprints and identity.
 */
class EmbeddedSchemaTextPropertiesTest {
    @TempDir
    Path dir;

    @Test
    void thePrintedSchemaOfAFileCompilesToTheSameLayoutAndFingerprints() {
        int[] extended = new int[1];
        PropertyRunner.forAll(100, draw -> {
            TestSchema schema = new RandomSchemas(new Random(draw.seed())).schema("s.sdo", "prop.s" + (draw.seed()
                    >>> 1), RandomSchemas.Profile.NORMAL);
            if (schema.usesNewConstructs()) {
                extended[0]++;
            }
            CodecModel model = compiled(schema.text(), "the random schema");
            for (RecordLayout layout : model.records()) {
                if (!layout.record().isAbstract()) {
                    printsAndRecompiles(model, layout, schema.text());
                }
            }
        });
        // The generator's two in five: the constructs this is about were there.
        assertThat(extended[0]).isGreaterThan(25);
    }

    private void printsAndRecompiles(CodecModel model, RecordLayout layout, String source) throws IOException {
        QualifiedName name = layout.record().name();
        RecordIdentity identity = model.identity(layout);
        Path file = dir.resolve(name.simpleName() + ".sdob");
        if (layout.hasVariableData()) {
            VariableBatchFileWriter.write(VariableRecordStore.heap(layout.bytes()), identity, file);
        } else {
            BatchFileWriter.write(RecordStore.heap(layout.bytes()), identity, file);
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine sdoc = Sdoc.commandLine();
        sdoc.setOut(new PrintWriter(out, true));
        sdoc.setErr(new PrintWriter(err, true));
        int exit = sdoc.execute("schema", file.toString());
        String context = "record " + name + " of\n" + source + "\nprinted as\n" + out;
        assertThat(exit).as(err + "\n" + context).isZero();
        CodecModel again = compiled(out.toString(), context);
        RecordLayout recompiled = again.record(name);
        assertThat(again.fingerprint(name)).as(context).isEqualTo(model.fingerprint(name));
        assertThat(again.descriptor(recompiled)).as(context).isEqualTo(model.descriptor(layout));
        assertThat(again.identity(recompiled)).as(context).isEqualTo(identity);
    }

    private static CodecModel compiled(String text, String what) {
        Compilation compilation = new SchemaCompiler().layOut(Map.of("s.sdo", text), List.of("s.sdo"));
        assertThat(compilation.diagnostics()).as(what).isEmpty();
        return compilation.model().orElseThrow();
    }
}
