package dev.sdo.benchmarks.fpml;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.binding.GenericXmlBinding;
import dev.sdo.compiler.binding.GenericXmlBindings;
import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.examples.fpml.ImportedDocuments;
import dev.sdo.runtime.batch.VariableRecordStore;
import dev.sdo.runtime.generic.GenericRecord;
import dev.sdo.runtime.generic.GenericWriter;
import dev.sdo.runtime.generic.RecordValues;
import dev.sdo.runtime.text.BadInputPolicy;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * sdo's path by the schema alone, as {@code sdoc convert} and {@code sdoc dump} take it: the same {@code .sdo} files
 * the generated model ({@code org.fpml.confirmation}) was generated from, laid out once, and for each document root
 * the XML binding over generic values ({@link GenericXmlBinding}) and the generic writer ({@link GenericWriter}) of
 * its record: code shared by every record type, driven by the layout's tables, where the generated path has code per
 * type.
 */
public final class FpmlGeneric {
    /** The annotation the importer writes before every record with fields, with the space or line break after it. */
    private static final String COMPACT = "@compact\\s+";
    private final CodecModel model;
    private final List<RecordLayout> layouts;
    private final Map<RecordLayout, Root> roots = new HashMap<>();
    /** The roots' bindings, which share their package's mappings, as {@code sdoc convert}'s do. */
    private final GenericXmlBindings bindings;

    private FpmlGeneric(Compilation compilation) {
        this.model = compilation.model().orElseThrow(() -> new IllegalStateException(
                "the imported FpML schema does not compile: " + compilation.diagnostics()));
        this.layouts = compilation.layouts();
        this.bindings = GenericXmlBindings.of(model);
    }

    /** Lays out the imported FpML schema ({@link ImportedDocuments#schemaFiles()}); takes seconds. */
    public static FpmlGeneric load() {
        return load(true);
    }

    /**
     * Lays out the imported FpML schema, its records {@code @compact} as imported, or without {@code @compact}
     * ({@code compact} false: every variable-length field with its 32-bit slot), to measure what the layout costs.
     */
    public static FpmlGeneric load(boolean compact) {
        Map<String, String> files = new LinkedHashMap<>(ImportedDocuments.schemaFiles());
        if (!compact) {
            files.replaceAll((name, text) -> text.replaceAll(COMPACT, ""));
        }
        return new FpmlGeneric(new SchemaCompiler().layOut(files, List.of(ImportedDocuments.SCHEMA_ROOT)));
    }

    /** The generic path of the document root {@code root}: the record bound to the same element. */
    public Root rootOf(ImportedDocuments.Root root) {
        RecordLayout layout = XmlRecordBinding.boundTo(layouts, root.namespace(), root.element())
                .orElseThrow(() -> new IllegalArgumentException("no record of the schema is bound to {"
                        + root.namespace() + "}" + root.element()));
        return roots.computeIfAbsent(layout, l -> new Root(bindings.binding(l)));
    }

    /** One document root's binding and writer, built once. */
    public static final class Root {
        private final GenericXmlBinding binding;
        private final GenericWriter writer;

        private Root(GenericXmlBinding binding) {
            this.binding = binding;
            this.writer = binding.writer();
        }

        /**
         * Reads the document into values and encodes each record into a new store as it is read: the bytes the
         * generated {@code readBatch} holds in its batch.
         */
        public VariableRecordStore read(byte[] xml, String source) throws IOException {
            VariableRecordStore store = VariableRecordStore.heap(writer.record().fixedBytes());
            binding.read(new ByteArrayInputStream(xml), source, BadInputPolicy.FAIL,
                    values -> writer.append(values, store));
            return store;
        }

        /** Reads the document into the generic values of its records (one for the root element), not encoded. */
        public List<RecordValues> values(byte[] xml, String source) throws IOException {
            return binding.read(new ByteArrayInputStream(xml), source);
        }

        /** The generic writer of the root's record. */
        public GenericWriter writer() {
            return writer;
        }

        /**
         * A cursor on record {@code index} of {@code store}, one that {@link #read} filled: a copy of one cursor, its
         * readers (those of the package's records, shared by the roots) made once.
         */
        public GenericRecord record(VariableRecordStore store, long index) {
            return binding.record(store.chunkOf(index), store.offsetOf(index), store.recordSize(index));
        }

        /** Writes one record (a cursor from {@link #record}) as an XML document. */
        public void write(List<GenericRecord> record, OutputStream out) throws IOException {
            binding.write(record, 1, out);
        }
    }
}
