package dev.sdo.compiler.binding;

import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.batch.EmbeddedSchema;
import dev.sdo.runtime.generic.DescriptorException;
import dev.sdo.runtime.generic.GenericRecord;
import dev.sdo.runtime.generic.GenericUnion;
import dev.sdo.runtime.generic.RecordValues;
import dev.sdo.runtime.generic.SchemaDescriptor;
import dev.sdo.runtime.generic.XmlShape;
import dev.sdo.runtime.generic.XmlShapeBinding;
import dev.sdo.runtime.text.BadInputPolicy;
import dev.sdo.runtime.text.TextReadResult;
import dev.sdo.runtime.text.XmlTreeBinding;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Writer;
import java.util.List;
import java.util.function.Consumer;

/**
 * The XML tree binding of a record built at run time from the schema alone, with no generated class and no Java
 * compiler: the schema's {@link XmlShape} as {@link XmlTreeShape} describes it, and the record's descriptor, made into
 * a binding by the runtime's {@link XmlShapeBinding}, exactly as the record's generated {@code XXml} makes its own
 * from the same descriptor and shape embedded in its package. Documents are read into {@link RecordValues} (nested
 * records as {@code RecordValues}, lists as lists, unions as {@link GenericUnion}s, enums as their constants' names),
 * with the same {@code FILE:LINE:COLUMN: error:} messages as the generated binding; records are written from
 * {@link GenericRecord}s read from a batch file, or from {@code RecordValues}.
 */
public final class GenericXmlBinding {
    private final XmlShapeBinding shaped;

    private GenericXmlBinding(CodecModel model, RecordLayout layout) {
        SchemaDescriptor schema;
        try {
            schema = SchemaDescriptor.parse(EmbeddedSchema.of(model.descriptor(layout)));
        } catch (DescriptorException e) {
            throw new IllegalStateException("the descriptor of " + layout.record().name() + " does not read back", e);
        }
        this.shaped = XmlShapeBinding.of(schema, XmlShape.of(new XmlTreeShape(model).describe(schema)));
    }

    /** The binding of {@code layout}'s records, which must be declared {@code @xml}. */
    public static GenericXmlBinding of(CodecModel model, RecordLayout layout) {
        return new GenericXmlBinding(model, layout);
    }

    /** The schema the values read belong to: the record's descriptor, as its batch files carry it. */
    public SchemaDescriptor schema() {
        return shaped.schema();
    }

    /** The runtime binding itself. */
    public XmlTreeBinding<Object, RecordValues> binding() {
        return shaped.binding();
    }

    /** The binding as the runtime builds it, with the writer that encodes what it reads. */
    public XmlShapeBinding shaped() {
        return shaped;
    }

    /** A field's value, from a record read from bytes or from values being written. */
    static Object valueOf(Object record, int index) {
        return record instanceof GenericRecord read ? read.get(index) : ((RecordValues) record).get(index);
    }

    /**
     * Reads every record element of {@code in} into new values handed to {@code sink}, in document order, as
     * {@link XmlTreeBinding#read(InputStream, String, BadInputPolicy, Consumer)} does.
     *
     * @throws dev.sdo.runtime.text.TextInputException {@code SOURCE:LINE:COLUMN: error: MESSAGE} for malformed XML or
     *     a bad record element (unless {@code policy} skips it), naming the field by its path from the record
     */
    public TextReadResult read(InputStream in, String source, BadInputPolicy policy,
            Consumer<? super RecordValues> sink) throws IOException {
        return binding().read(in, source, policy, sink);
    }

    /** Reads every record element of {@code in}; the first bad one throws. */
    public List<RecordValues> read(InputStream in, String source) throws IOException {
        return binding().read(in, source);
    }

    /**
     * Writes {@code size} records ({@link GenericRecord}s or {@link RecordValues}) as an XML document: one record as
     * the root element, several inside {@code <records>}; each is written before the next is asked for, so a batch's
     * one cursor, moved from record to record, will do.
     */
    public void write(Iterable<?> records, long size, OutputStream out) throws IOException {
        binding().write(records, size, out);
    }

    /** Writes {@code size} records to {@code out}, as {@link #write(Iterable, long, OutputStream)}. */
    public void write(Iterable<?> records, long size, Writer out) throws IOException {
        binding().write(records, size, out);
    }
}
