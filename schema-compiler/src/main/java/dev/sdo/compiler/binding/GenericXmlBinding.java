package dev.sdo.compiler.binding;

import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.generic.GenericRecord;
import dev.sdo.runtime.generic.GenericUnion;
import dev.sdo.runtime.generic.GenericWriter;
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
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Consumer;

/**
 * The XML tree binding of a record built at run time from the schema alone, with no generated class and no Java
 * compiler: the schema's {@link XmlShape} as {@link XmlTreeShape} describes it, and the descriptor of the record's
 * package, made into a binding by the runtime's {@link XmlShapeBinding}, exactly as the record's generated {@code XXml}
 * makes its own from the same descriptor and shape embedded in its package; the bindings of a package's records share
 * its mappings ({@link GenericXmlBindings}). Documents are read into {@link RecordValues} of the package's descriptor
 * (nested records as {@code RecordValues}, lists as lists, unions as {@link GenericUnion}s, enums as their constants'
 * names), with the same {@code FILE:LINE:COLUMN: error:} messages as the generated binding, and encoded by
 * {@link #writer()}; records are written from {@link GenericRecord}s read from a batch file, or from
 * {@code RecordValues}.
 */
public final class GenericXmlBinding {
    private final XmlShapeBinding shaped;

    GenericXmlBinding(XmlShapeBinding shaped) {
        this.shaped = shaped;
    }

    /**
     * The binding of {@code layout}'s records, which must be declared {@code @xml}, with mappings of its own: bind
     * the records of a model through one {@link GenericXmlBindings} to share them.
     */
    public static GenericXmlBinding of(CodecModel model, RecordLayout layout) {
        return GenericXmlBindings.of(model).binding(layout);
    }

    /**
     * The schema the values read belong to: the descriptor of the record's package, whose record is
     * {@code writer().record()}. (A batch file of the record carries the record's own descriptor, the closure of
     * what it references; the record's bytes are the same.)
     */
    public SchemaDescriptor schema() {
        return shaped.schema();
    }

    /** The writer that encodes the values read: the record's bytes, as its generated {@code XSdo.of} writes them. */
    public GenericWriter writer() {
        return shaped.writer();
    }

    /** A cursor over the record of {@code size} bytes at {@code offset} of {@code buffer}, checked as it is moved. */
    public GenericRecord record(ByteBuffer buffer, int offset, int size) {
        return shaped.record(buffer, offset, size);
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
