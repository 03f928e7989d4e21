package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.runtime.generic.XmlShapeBinding;
import dev.sdo.runtime.text.BadInputPolicy;
import dev.sdo.runtime.text.TextInputException;
import dev.sdo.runtime.text.TextReadResult;
import java.util.ArrayList;
import javax.lang.model.element.Modifier;

/**
 * Emits the {@code XXml} class of an {@code @xml} record that is not flat (it has nested records, lists, strings,
 * blobs, unions or XML-only bindings): static methods over one {@link XmlShapeBinding}, the generic engine's binding
 * built from the package's schema descriptor and XML shape ({@code SdoDescriptors.SCHEMA} and {@code .XML}, which
 * {@code XmlTreeShape} describes), the same binding {@code sdoc} builds from the schema. Documents are read into
 * values and encoded straight into a batch's store; batches are written from a cursor over their store; beans are
 * read and written through their records' bytes. No code per field or per type: FpML's ~550 types would each have
 * their own, which the JIT never warms up (docs/xsd-import.md).
 */
final class XmlTreeBindingEmitter {
    private static final ClassName SHAPE_BINDING = ClassName.get(XmlShapeBinding.class);
    private static final ClassName BAD_INPUT_POLICY = ClassName.get(BadInputPolicy.class);
    private static final ClassName READ_RESULT = ClassName.get(TextReadResult.class);
    private static final ClassName TEXT_INPUT_EXCEPTION = ClassName.get(TextInputException.class);
    private static final ClassName CONSUMER = ClassName.get("java.util.function", "Consumer");
    private static final ClassName XML_STREAM_WRITER = ClassName.get("javax.xml.stream", "XMLStreamWriter");
    private static final ClassName XML_STREAM_EXCEPTION = ClassName.get("javax.xml.stream", "XMLStreamException");

    private final RecordType record;
    private final ClassName className;
    private final ClassName interfaceName;
    private final ClassName beanName;
    private final ClassName sdoName;
    private final ClassName batchName;

    XmlTreeBindingEmitter(RecordType record) {
        this.record = record;
        this.interfaceName = GeneratedNames.type(record.name());
        this.className = GeneratedNames.xml(record.name());
        this.beanName = GeneratedNames.bean(record.name());
        this.sdoName = interfaceName.peerClass(interfaceName.simpleName() + GeneratedNames.SDO);
        this.batchName = GeneratedNames.batch(record.name());
    }

    TypeSpec emit() {
        String name = record.name().simpleName();
        String unit = name + " element";
        TypeName records = ParameterizedTypeName.get(JavaTypes.LIST, WildcardTypeName.subtypeOf(interfaceName));
        TypeName beans = ParameterizedTypeName.get(JavaTypes.LIST, beanName);
        String fieldNaming = "naming the field by its path, such as {@code " + name + "."
                + record.fields().get(0).name() + "}";
        return TypeSpec.classBuilder(className)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("Reads $L records from XML, nested records and lists included, into batches and beans, and\n"
                        + "writes $L records (batches, beans and SDOs) back as XML: {@code <$L>} in the namespace\n"
                        + "{@code $L}.\n", name, name, XmlRecordBinding.element(record), namespaceForDocs())
                .addJavadoc("\n<p>The binding is the generic engine's, built from this package's schema descriptor and XML\n"
                        + "shape ({@code $L}): the same for every record, as {@code sdoc} builds it from the schema.\n",
                        GeneratedNames.DESCRIPTORS)
                .addField(FieldSpec.builder(SHAPE_BINDING, "BINDING", Modifier.PRIVATE, Modifier.STATIC,
                                Modifier.FINAL)
                        .initializer("$T.of($T.TYPE, $L.XML)", SHAPE_BINDING, batchName, GeneratedNames.DESCRIPTORS)
                        .build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethod(MethodSpec.methodBuilder("binding")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(SHAPE_BINDING)
                        .addJavadoc("The runtime binding, to read or write $L records within other documents, or under\n"
                                + "another element ({@link $T#withElement}).\n", name, SHAPE_BINDING)
                        .addStatement("return BINDING")
                        .build())
                .addMethod(MethodSpec.methodBuilder("read")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(beans)
                        .addParameter(FileOverloads.INPUT_STREAM, "in")
                        .addParameter(String.class, "source")
                        .addException(JavaTypes.IO_EXCEPTION)
                        .addJavadoc("Reads every $L of {@code in} (named {@code source} in messages) into a bean, in order.\n",
                                unit)
                        .addJavadoc("\n@throws $T at the first bad $L, as {@code SOURCE:LINE:COLUMN: error: MESSAGE}\n"
                                + "    $L\n", TEXT_INPUT_EXCEPTION, unit, fieldNaming)
                        .addStatement("$T beans = new $T<>()", beans, ArrayList.class)
                        .addStatement("read(in, source, $T.FAIL, beans::add)", BAD_INPUT_POLICY)
                        .addStatement("return beans")
                        .build())
                .addMethod(MethodSpec.methodBuilder("read")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(READ_RESULT)
                        .addParameter(FileOverloads.INPUT_STREAM, "in")
                        .addParameter(String.class, "source")
                        .addParameter(BAD_INPUT_POLICY, "policy")
                        .addParameter(ParameterizedTypeName.get(CONSUMER, WildcardTypeName.supertypeOf(beanName)),
                                "sink")
                        .addException(JavaTypes.IO_EXCEPTION)
                        .addJavadoc("Reads the $L records of {@code in} one at a time, handing each bean to {@code sink},\n"
                                + "failing at or skipping a bad $L as {@code policy} says. Each record is encoded, then\n"
                                + "made a bean of.\n", name, unit)
                        .addJavadoc("\n@throws IllegalArgumentException when a record read cannot be encoded, as {@link $T#of}\n",
                                sdoName)
                        .addStatement("return BINDING.readEncoded(in, source, policy,\n$>$>(buffer, offset, size) ->"
                                + " sink.accept($T.wrap(buffer, offset).toBean()))$<$<", sdoName)
                        .build())
                .addMethod(FileOverloads.reading("read", beans,
                        CodeBlock.of("Reads every $L of {@code file} into a bean, in order.\n", unit),
                        CodeBlock.of("read(in, file.toString())")))
                .addMethod(MethodSpec.methodBuilder("readBatch")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(batchName)
                        .addParameter(FileOverloads.INPUT_STREAM, "in")
                        .addParameter(String.class, "source")
                        .addException(JavaTypes.IO_EXCEPTION)
                        .addJavadoc("Reads every $L of {@code in} into a new batch; the first bad $L throws.\n", unit, unit)
                        .addStatement("return readBatch(in, source, $T.FAIL)", BAD_INPUT_POLICY)
                        .build())
                .addMethod(MethodSpec.methodBuilder("readBatch")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(batchName)
                        .addParameter(FileOverloads.INPUT_STREAM, "in")
                        .addParameter(String.class, "source")
                        .addParameter(BAD_INPUT_POLICY, "policy")
                        .addException(JavaTypes.IO_EXCEPTION)
                        .addJavadoc("Reads the $L records of {@code in} into a new batch, each read into values and encoded\n"
                                + "into the batch's store before the next is read.\n", name)
                        .addJavadoc("\n@throws IllegalArgumentException when a record read cannot be encoded, as {@link $T#of}\n",
                                sdoName)
                        .addStatement("$T batch = new $T()", batchName, batchName)
                        .addStatement("BINDING.read(in, source, policy, batch.store())")
                        .addStatement("return batch")
                        .build())
                .addMethod(FileOverloads.reading("readBatch", batchName,
                        CodeBlock.of("Reads every $L of {@code file} into a new batch; the first bad $L throws.\n", unit,
                                unit),
                        CodeBlock.of("readBatch(in, file.toString())")))
                .addMethod(MethodSpec.methodBuilder("writeBatch")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .addParameter(batchName, "batch")
                        .addParameter(FileOverloads.OUTPUT_STREAM, "out")
                        .addException(JavaTypes.IO_EXCEPTION)
                        .addJavadoc("Writes the records of {@code batch} to {@code out} as XML, from a cursor over its store.\n")
                        .addStatement("BINDING.write(batch, out)")
                        .build())
                .addMethod(FileOverloads.writing("writeBatch", batchName, "batch",
                        CodeBlock.of("Writes the records of {@code batch} to {@code file} as XML.\n"),
                        CodeBlock.of("writeBatch(batch, out)")))
                .addMethod(MethodSpec.methodBuilder("write")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .addParameter(records, "records")
                        .addParameter(FileOverloads.OUTPUT_STREAM, "out")
                        .addException(JavaTypes.IO_EXCEPTION)
                        .addJavadoc("Writes {@code records} to {@code out} as XML: one record as the root element, several"
                                + " inside\n{@code <records>}. Each record is encoded first.\n")
                        .addJavadoc("\n@throws IllegalArgumentException when a record cannot be encoded, as {@link $T#of}\n",
                                sdoName)
                        .addStatement("BINDING.writeRecords(records, out)")
                        .build())
                .addMethod(FileOverloads.writing("write", records, "records",
                        CodeBlock.of("Writes {@code records} to {@code file} as XML.\n"),
                        CodeBlock.of("write(records, out)")))
                .addMethod(MethodSpec.methodBuilder("writeElement")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .addParameter(XML_STREAM_WRITER, "xml")
                        .addParameter(interfaceName, "record")
                        .addParameter(int.class, "depth")
                        .addException(XML_STREAM_EXCEPTION)
                        .addJavadoc("Writes {@code record} as a {@code <$L>} element of a document being written, on a new"
                                + " line\nindented for {@code depth} (1: a child of the root); its namespace must be the"
                                + " default one there.\n", XmlRecordBinding.element(record))
                        .addStatement("BINDING.writeRecord(xml, record, depth)")
                        .build())
                .build();
    }

    private String namespaceForDocs() {
        String namespace = XmlRecordBinding.namespace(record);
        return namespace.isEmpty() ? "(none)" : namespace;
    }
}
