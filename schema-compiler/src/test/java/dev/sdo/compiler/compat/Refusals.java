package dev.sdo.compiler.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.batch.BatchFileReader;
import dev.sdo.runtime.batch.BatchFileWriter;
import dev.sdo.runtime.batch.IncompatibleBatchException;
import dev.sdo.runtime.batch.RecordIdentity;
import dev.sdo.runtime.batch.RecordStore;
import dev.sdo.runtime.batch.VariableBatchFileWriter;
import dev.sdo.runtime.batch.VariableRecordStore;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * What a batch reader says when it refuses a file: a file of no records written under the identity OLD's schema
 * gives its record (its schema descriptor included, as generated code and {@code sdoc} write it), read under
 * NEW's, of the size kind each schema's record has.
 */
final class Refusals {
    private Refusals() {}

    /** A schema compiled, or the test fails with its diagnostics. */
    static CodecModel model(String name, String text) {
        Compilation compilation = new SchemaCompiler().compile(Map.of(name, text), List.of(name));
        assertThat(compilation.diagnostics()).as(text).isEmpty();
        return compilation.model().orElseThrow();
    }

    /** The message of reading OLD's file of record {@code record} with NEW's reader. */
    static String message(String oldText, String newText, String record) {
        return message(model("old.sdo", oldText), model("new.sdo", newText), record, UnaryOperator.identity());
    }

    /**
     * The message of reading OLD's file of {@code record} with NEW's reader, each identity first passed through
     * {@code adapt} (to take the schema away, as a file of format 2 has none).
     */
    static String message(CodecModel oldModel, CodecModel newModel, String record,
            UnaryOperator<RecordIdentity> adapt) {
        return refusal(oldModel, newModel, record, adapt)
                .orElseThrow(() -> new AssertionError("NEW's reader reads OLD's file of " + record));
    }

    /**
     * The message of reading OLD's file of {@code record} with NEW's reader, which must be an
     * {@link IncompatibleBatchException} if anything; empty when the reader reads the file.
     */
    static Optional<String> refusal(CodecModel oldModel, CodecModel newModel, String record,
            UnaryOperator<RecordIdentity> adapt) {
        RecordLayout before = layout(oldModel, record);
        RecordLayout after = layout(newModel, record);
        byte[] file = write(adapt.apply(oldModel.identity(before)), before.hasVariableData());
        RecordIdentity reader = adapt.apply(newModel.identity(after));
        ReadableByteChannel in = Channels.newChannel(new ByteArrayInputStream(file));
        try {
            if (after.hasVariableData()) {
                BatchFileReader.readVariable(in, reader, "old.sdob");
            } else {
                BatchFileReader.read(in, reader, "old.sdob");
            }
            return Optional.empty();
        } catch (IncompatibleBatchException e) {
            return Optional.of(e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static RecordLayout layout(CodecModel model, String record) {
        return model.records().stream().filter(r -> r.record().name().simpleName().equals(record)).findFirst()
                .orElseThrow();
    }

    private static byte[] write(RecordIdentity identity, boolean variable) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            if (variable) {
                VariableBatchFileWriter.write(VariableRecordStore.heap(identity.recordSize()), identity,
                        Channels.newChannel(bytes));
            } else {
                BatchFileWriter.write(RecordStore.heap(identity.recordSize()), identity, Channels.newChannel(bytes));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
