package dev.sdo.runtime.generic;

import dev.sdo.runtime.batch.FixedBatch;
import dev.sdo.runtime.batch.RecordBatch;
import dev.sdo.runtime.batch.RecordStore;
import dev.sdo.runtime.batch.RecordType;
import dev.sdo.runtime.batch.VariableBatch;
import dev.sdo.runtime.batch.VariableRecordStore;
import dev.sdo.runtime.text.BadInputPolicy;
import dev.sdo.runtime.text.TextReadResult;
import dev.sdo.runtime.text.XmlRecordMapping;
import dev.sdo.runtime.text.XmlTreeBinding;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The XML tree binding of a record built from its schema descriptor and the schema's {@link XmlShape}, over the
 * generic engine's values: documents are read into {@link RecordValues} (nested records as {@code RecordValues},
 * lists as lists, unions as {@link GenericUnion}s, enums as their constants' names) and encoded by a
 * {@link GenericWriter}; records are written from {@link GenericRecord}s over their bytes, or from
 * {@code RecordValues}. The record's {@link XmlRecordMapping}, and those of everything it reaches, are made by
 * {@link XmlShapeMappings}: the path of the generated {@code XXml} classes and of {@code sdoc}'s bindings alike, with
 * the same {@code FILE:LINE:COLUMN: error:} messages naming the field by its path. The bindings of a package's records
 * (generated, or bound from the schema alone) share its mappings, its readers and its encoders, over the package's
 * descriptor.
 *
 * <p>Namespaces: a record's elements are in its own {@code @xml(namespace)}, or else in the namespace of the record
 * at the top; a field a record has from its base is in the base's; a field's (or alternative's)
 * {@code @xml(namespace)} overrides both. Attributes are in no namespace unless they say so. A record whose mapping
 * is {@linkplain XmlShape.Record#shared() shared} is mapped under its own namespace wherever it is.
 *
 * <p>Built once per record ({@link #of}); immutable after, and safe for any number of threads.
 */
public final class XmlShapeBinding {
    private final XmlShape shape;
    /** The generated record's type, which encodes its beans and SDOs; null for a binding of the schema alone. */
    @SuppressWarnings("rawtypes")
    private final RecordType type;
    /** The package's descriptor, whose mappings {@link #build} takes; null for a binding {@link #named} names. */
    private final PackageSchema packageSchema;
    /** The binding whose mapping {@link #withElement} names otherwise; else null. */
    private final XmlShapeBinding named;
    /** The record's full name. */
    private final String record;
    private final String element;
    private final String namespace;
    /**
     * The mappings of the package's records, shared with the other records' bindings (made on first use,
     * {@link #build}: a package's classes make no binding they do not use).
     */
    private XmlShapeMappings mappings;
    /** The record's index in the mappings' schema. */
    private int index;
    private GenericWriter writer;
    private XmlRecordMapping<Object, RecordValues> mapping;
    private XmlTreeBinding<Object, RecordValues> binding;
    private volatile boolean built;
    /** The cursor {@link #cursor()} copies, made on first use. */
    private volatile GenericRecord prototype;

    private XmlShapeBinding(XmlShape shape, RecordType<?, ?> type, PackageSchema packageSchema, String record) {
        this.shape = shape;
        this.type = type;
        this.packageSchema = packageSchema;
        this.named = null;
        this.record = record;
        XmlShape.Record described = shape.record(record);
        String simpleName = record.substring(record.lastIndexOf('.') + 1);
        this.element = described.element() == null ? simpleName : described.element();
        this.namespace = described.namespace() == null ? "" : described.namespace();
    }

    /** The same binding with its record's element named {@code element} in {@code namespace}. */
    private XmlShapeBinding(XmlShapeBinding other, String element, String namespace) {
        this.shape = other.shape;
        this.type = other.type;
        this.packageSchema = null;
        this.named = other;
        this.record = other.record;
        this.element = element;
        this.namespace = namespace;
    }

    /**
     * The binding of a generated record: its package's descriptor and shape ({@code SdoDescriptors.SCHEMA} and
     * {@code .XML}), whose mappings the bindings of the package's records share; its beans and SDOs are written
     * through {@code type}, which encodes them ({@link #writeRecords}, {@link #writeRecord}). Made when first used,
     * not here.
     */
    public static XmlShapeBinding of(RecordType<?, ?> type, XmlShape shape, PackageSchema packageSchema) {
        return new XmlShapeBinding(shape, type, packageSchema, type.identity().recordName());
    }

    /**
     * The binding of the record named {@code record} of a package's descriptor, built from the schema alone: the
     * values it reads are of the package's descriptor, encoded by {@link #writer()}; it writes {@link GenericRecord}s
     * and {@link RecordValues}. The bindings of the package's records share its mappings, readers and encoders, as a
     * generated package's do. Made when first used, not here.
     */
    public static XmlShapeBinding of(String record, XmlShape shape, PackageSchema packageSchema) {
        return new XmlShapeBinding(shape, null, packageSchema, record);
    }

    /**
     * The same binding with the record's element named otherwise: to read and write the record where a document
     * holds it under an element of its own (FpML's {@code trade} in a {@code dataDocument}).
     */
    public XmlShapeBinding withElement(String element, String namespace) {
        return new XmlShapeBinding(this, element, namespace);
    }

    /** The record element's local name: what a document's root must be called to be read as this record. */
    public String element() {
        return element;
    }

    /** The record element's namespace URI, "" for none. */
    public String namespace() {
        return namespace;
    }

    /**
     * Makes the binding: the mappings of every record and union the record reaches (those its package's other
     * bindings made already are shared), its writer and its cursor.
     *
     * @throws IllegalStateException if the embedded descriptor does not read back
     */
    private synchronized void build() {
        if (built) {
            return;
        }
        if (named != null) {
            named.build();
            mappings = named.mappings;
            index = named.index;
            writer = named.writer;
            mapping = named.mapping;
        } else {
            mappings = packageSchema.xml(shape);
            index = mappings.indexOf(record);
            writer = mappings.writer(index);
            mapping = mappings.root(index, namespace);
        }
        binding = new XmlTreeBinding<>(writer.record().simpleName(), element, namespace, mapping);
        built = true;
    }

    private void ready() {
        if (!built) {
            build();
        }
    }

    /** The schema the values read belong to: the package's descriptor (the record: {@code writer().record()}). */
    public SchemaDescriptor schema() {
        ready();
        return mappings.schema();
    }

    /** The writer that encodes the values read. */
    public GenericWriter writer() {
        ready();
        return writer;
    }

    /** The runtime binding itself. */
    public XmlTreeBinding<Object, RecordValues> binding() {
        ready();
        return binding;
    }

    /** The mapping of the record's content, to bind it under another element. */
    public XmlRecordMapping<Object, RecordValues> mapping() {
        ready();
        return mapping;
    }

    /**
     * Reads the record elements of {@code in} and appends each to {@code store} as it is read, encoded by
     * {@link #writer()}: the bytes the record's generated {@code XSdo.of(bean)} writes.
     *
     * @throws dev.sdo.runtime.text.TextInputException {@code SOURCE:LINE:COLUMN: error: MESSAGE} for malformed XML
     *     or a bad record element (unless {@code policy} skips it)
     * @throws IllegalArgumentException when a record read cannot be encoded
     */
    public TextReadResult read(InputStream in, String source, BadInputPolicy policy, VariableRecordStore store)
            throws IOException {
        GenericWriter writer = writer();
        return binding().read(in, source, policy, values -> writer.append(values, store));
    }

    /** Reads the record elements of {@code in} into a store of fixed-size records, as the variable one. */
    public TextReadResult read(InputStream in, String source, BadInputPolicy policy, RecordStore store)
            throws IOException {
        GenericWriter writer = writer();
        return binding().read(in, source, policy, values -> writer.append(values, store));
    }

    /** Writes the records of {@code store} as an XML document, from one cursor moved from record to record. */
    public void write(VariableRecordStore store, OutputStream out) throws IOException {
        GenericRecord cursor = cursor();
        binding().write(cursors(store.size(), i -> cursor.moveTo(store.chunkOf(i), store.offsetOf(i),
                store.recordSize(i))), store.size(), out);
    }

    /** Writes the records of {@code store} as an XML document. */
    public void write(RecordStore store, OutputStream out) throws IOException {
        GenericRecord cursor = cursor();
        binding().write(cursors(store.size(), i -> cursor.moveTo(store.chunkOf(i), store.offsetOf(i))), store.size(),
                out);
    }

    /**
     * Writes records ({@link GenericRecord}s or {@link RecordValues}) as an XML document: one record as the root
     * element, several inside {@code <records>}.
     */
    public void write(List<?> records, OutputStream out) throws IOException {
        binding().write(records, records.size(), out);
    }

    /**
     * Writes one record ({@link GenericRecord} or {@link RecordValues}) as an element of a document being written,
     * as {@link XmlTreeBinding#writeElement} does.
     */
    public void writeElement(XMLStreamWriter xml, Object record, int depth) throws XMLStreamException {
        binding().writeElement(xml, record, depth);
    }

    /** Where {@link #readEncoded} hands each record read, encoded: valid only during the call. */
    @FunctionalInterface
    public interface EncodedSink {
        void accept(java.nio.ByteBuffer buffer, int offset, int size);
    }

    /**
     * Reads the record elements of {@code in} and hands each, encoded, to {@code sink}, one at a time (a generated
     * {@code XXml.read} makes beans of them with {@code XSdo.wrap(buffer, offset, size).toBean()}, a compact
     * record's size being its container's, or {@code XSdo.wrap(buffer, offset).toBean()}).
     */
    public TextReadResult readEncoded(InputStream in, String source, BadInputPolicy policy, EncodedSink sink)
            throws IOException {
        VariableRecordStore scratch = VariableRecordStore.heap(writer().record().fixedBytes());
        return binding().read(in, source, policy, values -> {
            writer().append(values, scratch);
            try {
                sink.accept(scratch.chunkOf(0), scratch.offsetOf(0), scratch.recordSize(0));
            } finally {
                scratch.truncate(0);
            }
        });
    }

    /**
     * Writes the records of a generated record's batch as an XML document, from one cursor over its store; a batch
     * of another schema version's records (read from its file) has each record encoded as this version's first.
     */
    @SuppressWarnings("unchecked")
    public void write(RecordBatch<?, ?, ?> batch, OutputStream out) throws IOException {
        RecordType<Object, ?> own = requireType();
        if (batch.writtenBy().version() != own.identity().schemaVersion()) {
            writeRecords(new java.util.AbstractList<Object>() {
                @Override
                public Object get(int index) {
                    return batch.get(index);
                }

                @Override
                public int size() {
                    return batch.size();
                }
            }, out);
        } else if (batch instanceof VariableBatch<?, ?, ?> variable) {
            write(variable.store(), out);
        } else {
            write(((FixedBatch<?, ?, ?>) batch).store(), out);
        }
    }

    /**
     * Writes records of the generated record's interface (beans, SDOs) as an XML document: one record as the root
     * element, several inside {@code <records>}; each encoded first, one at a time.
     *
     * @throws IllegalArgumentException as {@code XSdo.of} does, for a record that cannot be encoded
     */
    public void writeRecords(List<?> records, OutputStream out) throws IOException {
        RecordType<Object, ?> own = requireType();
        VariableRecordStore scratch = VariableRecordStore.heap(writer().record().fixedBytes());
        GenericRecord cursor = cursor();
        binding().write(cursors(records.size(), i -> encoded(own, records.get((int) i), scratch, cursor)),
                records.size(), out);
    }

    /**
     * Writes one record of the generated record's interface (a bean, an SDO) as an element of a document being
     * written, as {@link XmlTreeBinding#writeElement} does.
     */
    public void writeRecord(XMLStreamWriter xml, Object record, int depth) throws XMLStreamException {
        VariableRecordStore scratch = VariableRecordStore.heap(writer().record().fixedBytes());
        binding().writeElement(xml, encoded(requireType(), record, scratch, cursor()), depth);
    }

    /** {@code record} encoded into {@code scratch} (emptied first), {@code cursor} moved to it. */
    private static GenericRecord encoded(RecordType<Object, ?> type, Object record, VariableRecordStore scratch,
            GenericRecord cursor) {
        scratch.truncate(0);
        long index = type.appendTo(scratch, record);
        return cursor.moveTo(scratch.chunkOf(index), scratch.offsetOf(index), scratch.recordSize(index));
    }

    @SuppressWarnings("unchecked")
    private RecordType<Object, ?> requireType() {
        if (type == null) {
            throw new IllegalStateException("a binding of the schema alone writes GenericRecords and RecordValues");
        }
        return type;
    }

    /**
     * A new cursor over the record's bytes, not moved yet: a copy of one made once, because making one makes the
     * readers of every record and union the schema reaches (FpML's: hundreds).
     */
    private GenericRecord cursor() {
        GenericRecord made = prototype;
        if (made == null) {
            ready();
            made = mappings.cursor(index);
            prototype = made;
        }
        return made.copy();
    }

    /** A cursor over the record of {@code size} bytes at {@code offset} of {@code buffer}. */
    public GenericRecord record(java.nio.ByteBuffer buffer, int offset, int size) {
        return cursor().moveTo(buffer, offset, size);
    }

    /** The records 0 to {@code size - 1}, each the same cursor moved there as it is asked for. */
    private static Iterable<GenericRecord> cursors(long size, java.util.function.LongFunction<GenericRecord> move) {
        return () -> new Iterator<>() {
            private long next;

            @Override
            public boolean hasNext() {
                return next < size;
            }

            @Override
            public GenericRecord next() {
                if (next >= size) {
                    throw new NoSuchElementException();
                }
                return move.apply(next++);
            }
        };
    }
}
