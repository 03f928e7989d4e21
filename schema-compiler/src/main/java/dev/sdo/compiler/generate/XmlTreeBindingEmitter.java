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
    private static final ClassName XML_STREAM_WRITER = ClassName.get("javax.xml.stream", "XMLStreamWriter");
    private static final ClassName XML_STREAM_EXCEPTION = ClassName.get("javax.xml.stream", "XMLStreamException");

    private final RecordType record;
    private final ClassName className;
    private final ClassName interfaceName;
    private final ClassName beanName;
    private final ClassName sdoName;
    private final ClassName batchName;
    /** Whether the record is laid out compact: its SDO is wrapped with its size, which it does not hold. */
    private final boolean compact;

    XmlTreeBindingEmitter(RecordType record, boolean compact) {
        this.record = record;
        this.compact = compact;
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
                        .initializer("$T.of($T.TYPE, $L.XML, $L.SCHEMA)", SHAPE_BINDING, batchName,
                                GeneratedNames.DESCRIPTORS, GeneratedNames.DESCRIPTORS)
                        .build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethod(BatchIoMethods.binding(SHAPE_BINDING, CodeBlock.of(
                        "The runtime binding, to read or write $L records within other documents, or under\n"
                                + "another element ({@link $T#withElement}).\n", name, SHAPE_BINDING)))
                .addMethods(BatchIoMethods.read(beanName, unit, fieldNaming,
                        CodeBlock.builder()
                                .addStatement("$T beans = new $T<>()", beans, ArrayList.class)
                                .addStatement("read(in, source, $T.FAIL, beans::add)", BAD_INPUT_POLICY)
                                .addStatement("return beans")
                                .build(),
                        CodeBlock.of("Reads the $L records of {@code in} one at a time, handing each bean to {@code sink},\n"
                                + "failing at or skipping a bad $L as {@code policy} says. Each record is encoded, then\n"
                                + "made a bean of.\n"
                                + "\n@throws IllegalArgumentException when a record read cannot be encoded, as {@link $T#of}\n",
                                name, unit, sdoName),
                        CodeBlock.builder()
                                .addStatement("return BINDING.readEncoded(in, source, policy,\n$>$>(buffer, offset, size) ->"
                                        + " sink.accept($T.wrap(buffer, offset$L).toBean()))$<$<", sdoName,
                                        compact ? ", size" : "")
                                .build()))
                .addMethods(BatchIoMethods.readBatch(batchName, unit,
                        CodeBlock.of("Reads the $L records of {@code in} into a new batch, each read into values and encoded\n"
                                + "into the batch's store before the next is read.\n"
                                + "\n@throws IllegalArgumentException when a record read cannot be encoded, as {@link $T#of}\n",
                                name, sdoName),
                        CodeBlock.builder()
                                .addStatement("$T batch = new $T()", batchName, batchName)
                                .addStatement("BINDING.read(in, source, policy, batch.store())")
                                .addStatement("return batch")
                                .build()))
                .addMethods(BatchIoMethods.writeBatch(batchName, "XML",
                        CodeBlock.of("Writes the records of {@code batch} to {@code out} as XML, from a cursor over its store.\n"),
                        CodeBlock.of("BINDING.write(batch, out)")))
                .addMethods(BatchIoMethods.writing("write", records, "records",
                        CodeBlock.of("Writes {@code records} to {@code out} as XML: one record as the root element, several"
                                + " inside\n{@code <records>}. Each record is encoded first.\n"
                                + "\n@throws IllegalArgumentException when a record cannot be encoded, as {@link $T#of}\n",
                                sdoName),
                        CodeBlock.of("BINDING.writeRecords(records, out)"),
                        CodeBlock.of("Writes {@code records} to {@code file} as XML.\n")))
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
