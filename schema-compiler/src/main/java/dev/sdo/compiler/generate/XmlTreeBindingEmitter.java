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
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import dev.sdo.runtime.text.BadInputPolicy;
import dev.sdo.runtime.text.TextInputException;
import dev.sdo.runtime.text.TextReadResult;
import dev.sdo.runtime.text.XmlRecordMapping;
import dev.sdo.runtime.text.XmlTreeBinding;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * Emits the {@code XXml} class of an {@code @xml} record that is not flat (it has nested records, lists, strings
 * or blobs): a {@code dev.sdo.runtime.text.XmlTreeBinding} built from one {@code XmlRecordMapping} per record
 * it reaches, with static methods that read XML into beans and write records back. Nested records' elements are
 * in the record's namespace; their own {@code @xml(name)} matters only where they are bound at the top.
 */
final class XmlTreeBindingEmitter {
    private static final ClassName TREE_BINDING = ClassName.get(XmlTreeBinding.class);
    private static final ClassName MAPPING = ClassName.get(XmlRecordMapping.class);
    private static final ClassName BAD_INPUT_POLICY = ClassName.get(BadInputPolicy.class);
    private static final ClassName READ_RESULT = ClassName.get(TextReadResult.class);
    private static final ClassName TEXT_INPUT_EXCEPTION = ClassName.get(TextInputException.class);
    private static final ClassName CONSUMER = ClassName.get("java.util.function", "Consumer");

    private final Schema schema;
    private final RecordType record;
    private final ClassName className;
    private final ClassName interfaceName;
    private final ClassName beanName;
    private final ClassName batchName;
    /** The mapping constant of each nested record the record reaches, nested records before those holding them. */
    private final Map<QualifiedName, String> mappings = new LinkedHashMap<>();

    XmlTreeBindingEmitter(Schema schema, RecordType record) {
        this.schema = schema;
        this.record = record;
        this.interfaceName = GeneratedNames.type(record.name());
        this.className = interfaceName.peerClass(interfaceName.simpleName() + GeneratedNames.XML);
        this.beanName = GeneratedNames.bean(record.name());
        this.batchName = GeneratedNames.batch(record.name());
        collectNested(record, new HashSet<>());
    }

    /** Names a mapping constant for each record nested in {@code holder}, in post-order. */
    private void collectNested(RecordType holder, Set<String> taken) {
        for (Field field : holder.fields()) {
            RecordRef ref = nestedRecord(field.type());
            if (ref != null && !mappings.containsKey(ref.name())) {
                RecordType nested = schema.requireRecord(ref.name());
                collectNested(nested, taken);
                String name = GeneratedNames.constant(ref.name().simpleName()) + "_MAPPING";
                // Records of the same simple name from two packages get distinct constants.
                String unique = name;
                for (int n = 2; !taken.add(unique); n++) {
                    unique = name + "_" + n;
                }
                mappings.put(ref.name(), unique);
            }
        }
    }

    /** The record a field holds, or whose list it is; null for a value. */
    private static RecordRef nestedRecord(FieldType type) {
        if (type instanceof RecordRef ref) {
            return ref;
        }
        return type instanceof ListType list && list.element() instanceof RecordRef ref ? ref : null;
    }

    TypeSpec emit() {
        String name = record.name().simpleName();
        TypeName bindingType = ParameterizedTypeName.get(TREE_BINDING, interfaceName, beanName);
        TypeName beans = ParameterizedTypeName.get(JavaTypes.LIST, beanName);
        TypeName records = ParameterizedTypeName.get(JavaTypes.LIST, WildcardTypeName.subtypeOf(interfaceName));
        TypeSpec.Builder type = TypeSpec.classBuilder(className)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("Reads $L records from XML into beans, nested records and lists included, and writes $L\n"
                        + "records (beans and SDOs alike) back as XML: {@code <$L>} in the namespace {@code $L}.\n",
                        name, name, XmlRecordBinding.element(record), namespaceForDocs());
        mappings.forEach((nested, constant) -> type.addField(mappingField(schema.requireRecord(nested), constant)));
        return type.addField(FieldSpec.builder(bindingType, "BINDING", Modifier.PRIVATE, Modifier.STATIC,
                                Modifier.FINAL)
                        .initializer(CodeBlock.builder()
                                .add("new $T<>($S, $S, $S,\n", TREE_BINDING, name, XmlRecordBinding.element(record),
                                        XmlRecordBinding.namespace(record))
                                .indent().indent().add(mapping(record)).add(")").unindent().unindent()
                                .build())
                        .build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethod(MethodSpec.methodBuilder("binding")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(bindingType)
                        .addJavadoc("The runtime binding, to read or write $L elements within other documents.\n", name)
                        .addStatement("return BINDING")
                        .build())
                .addMethod(MethodSpec.methodBuilder("read")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(beans)
                        .addParameter(FileOverloads.INPUT_STREAM, "in")
                        .addParameter(String.class, "source")
                        .addException(FileOverloads.IO_EXCEPTION)
                        .addJavadoc("Reads every $L element of {@code in} (named {@code source} in messages), in document\n"
                                + "order.\n", name)
                        .addJavadoc("\n@throws $T at the first bad element, as {@code SOURCE:LINE:COLUMN: error: MESSAGE}\n"
                                + "    naming the field by its path, such as {@code $L.$L}\n", TEXT_INPUT_EXCEPTION, name,
                                record.fields().get(0).name())
                        .addStatement("return BINDING.read(in, source)")
                        .build())
                .addMethod(MethodSpec.methodBuilder("read")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(READ_RESULT)
                        .addParameter(FileOverloads.INPUT_STREAM, "in")
                        .addParameter(String.class, "source")
                        .addParameter(BAD_INPUT_POLICY, "policy")
                        .addParameter(ParameterizedTypeName.get(CONSUMER, WildcardTypeName.supertypeOf(beanName)), "sink")
                        .addException(FileOverloads.IO_EXCEPTION)
                        .addJavadoc("Reads the $L elements of {@code in} one at a time, handing each to {@code sink}, failing at\n"
                                + "or skipping bad elements as {@code policy} says.\n", name)
                        .addStatement("return BINDING.read(in, source, policy, sink)")
                        .build())
                .addMethod(FileOverloads.reading("read", beans,
                        CodeBlock.of("Reads every $L element of {@code file}, in document order.\n", name),
                        CodeBlock.of("read(in, file.toString())")))
                .addMethod(MethodSpec.methodBuilder("readBatch")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(batchName)
                        .addParameter(FileOverloads.INPUT_STREAM, "in")
                        .addParameter(String.class, "source")
                        .addParameter(BAD_INPUT_POLICY, "policy")
                        .addException(FileOverloads.IO_EXCEPTION)
                        .addJavadoc("Reads the $L elements of {@code in} into a new batch, one bean at a time, each encoded and\n"
                                + "dropped before the next is read.\n", name)
                        .addJavadoc("\n@throws IllegalArgumentException when a record read cannot be encoded, as {@link $T#of}\n",
                                GeneratedNames.sdo(record.name()))
                        .addStatement("$T batch = new $T()", batchName, batchName)
                        .addStatement("BINDING.read(in, source, policy, batch::add)")
                        .addStatement("return batch")
                        .build())
                .addMethod(FileOverloads.reading("readBatch", batchName,
                        CodeBlock.of("Reads every $L element of {@code file} into a new batch; the first bad element throws.\n",
                                name),
                        CodeBlock.of("readBatch(in, file.toString(), $T.FAIL)", BAD_INPUT_POLICY)))
                .addMethod(MethodSpec.methodBuilder("writeBatch")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .addParameter(batchName, "batch")
                        .addParameter(FileOverloads.OUTPUT_STREAM, "out")
                        .addException(FileOverloads.IO_EXCEPTION)
                        .addJavadoc("Writes the records of {@code batch} to {@code out} as XML.\n")
                        .addStatement("BINDING.write(batch, batch.size(), out)")
                        .build())
                .addMethod(MethodSpec.methodBuilder("write")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .addParameter(records, "records")
                        .addParameter(FileOverloads.OUTPUT_STREAM, "out")
                        .addException(FileOverloads.IO_EXCEPTION)
                        .addJavadoc("Writes {@code records} to {@code out} as XML: one record as the root element, several inside\n"
                                + "{@code <records>}.\n")
                        .addStatement("BINDING.write(records, out)")
                        .build())
                .addMethod(FileOverloads.writing("write", records, "records",
                        CodeBlock.of("Writes {@code records} to {@code file} as XML.\n"),
                        CodeBlock.of("write(records, out)")))
                .build();
    }

    private String namespaceForDocs() {
        String namespace = XmlRecordBinding.namespace(record);
        return namespace.isEmpty() ? "(none)" : namespace;
    }

    private FieldSpec mappingField(RecordType nested, String constant) {
        TypeName type = ParameterizedTypeName.get(MAPPING, GeneratedNames.type(nested.name()), GeneratedNames.bean(nested.name()));
        return FieldSpec.builder(type, constant, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The content of the elements that hold a {@link $T}.\n", GeneratedNames.type(nested.name()))
                .initializer(mapping(nested))
                .build();
    }

    /** The expression that builds the mapping of {@code mapped}'s fields, one builder call per field. */
    private CodeBlock mapping(RecordType mapped) {
        ClassName iface = GeneratedNames.type(mapped.name());
        ClassName bean = GeneratedNames.bean(mapped.name());
        CodeBlock.Builder code = CodeBlock.builder()
                .add("$T.<$T, $T>builder($T::new)\n", MAPPING, iface, bean, bean).indent().indent();
        for (Field field : mapped.fields()) {
            code.add(".$L($S, $S,$W$L,$W$T::$L,$W$T::$L)\n", method(field), field.name(), XmlRecordBinding.name(field),
                    content(field), bean, GeneratedNames.setter(field), iface, GeneratedNames.getter(field));
        }
        return code.add(".build()").unindent().unindent().build();
    }

    /** The builder method that adds {@code field}: a value, an attribute, a record or a list of either. */
    private static String method(Field field) {
        String kind;
        if (field.type() instanceof ListType list) {
            kind = list.element() instanceof RecordRef ? "records" : "values";
        } else if (field.type() instanceof RecordRef) {
            kind = "record";
        } else {
            kind = XmlRecordBinding.attribute(field) ? "attribute" : "value";
        }
        return field.optional() ? "optional" + GeneratedNames.capitalized(kind) : kind;
    }

    /** The mapping constant of a nested record, or the text value of a value. */
    private CodeBlock content(Field field) {
        RecordRef nested = nestedRecord(field.type());
        if (nested != null) {
            return CodeBlock.of("$N", mappings.get(nested.name()));
        }
        String format = XmlRecordBinding.format(field);
        if (field.type() instanceof ListType list) {
            return TextValueCode.of(list.element(), JavaTypes.naturalType(list.element()), format);
        }
        return TextValueCode.of(field.type(), JavaTypes.valueType(field), format);
    }
}
