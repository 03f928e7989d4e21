package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.WildcardTypeName;
import dev.sdo.runtime.text.BadInputPolicy;
import dev.sdo.runtime.text.TextInputException;
import dev.sdo.runtime.text.TextReadResult;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The static methods of a generated binding class that reads records into beans and writes any implementation of the
 * record's interface, over its {@code BINDING} constant: {@code XXml} of a record bound as a tree, {@code XCsv} of a
 * record with strings or blobs. Both offer the same reads (into beans, into a sink with a bad-input policy, into a
 * new batch) and writes (a batch, any records), each also for a file.
 *
 * @param record the record's interface
 * @param bean its bean
 * @param batch its batch
 * @param bindingType the type of {@code BINDING}
 * @param records the type of the records {@code write} takes
 * @param unit what one record is in the input, for the Javadoc: {@code row}, {@code Trade element}
 * @param format the format's name: {@code CSV}, {@code XML}
 * @param bindingUse what else the runtime binding serves, ending {@code binding()}'s Javadoc sentence
 * @param fieldNaming how an error names the field, ending the {@code @throws} sentence
 * @param writeBatch the statement that writes a batch {@code batch} to {@code out}
 * @param writeDoc {@code write}'s Javadoc
 */
record BeanBindingMethods(ClassName record, ClassName bean, ClassName batch, TypeName bindingType, TypeName records,
        String unit, String format, String bindingUse, String fieldNaming, CodeBlock writeBatch, CodeBlock writeDoc) {
    private static final ClassName BAD_INPUT_POLICY = ClassName.get(BadInputPolicy.class);
    private static final ClassName READ_RESULT = ClassName.get(TextReadResult.class);
    private static final ClassName TEXT_INPUT_EXCEPTION = ClassName.get(TextInputException.class);
    private static final ClassName CONSUMER = ClassName.get("java.util.function", "Consumer");

    List<MethodSpec> methods() {
        TypeName beans = ParameterizedTypeName.get(JavaTypes.LIST, bean);
        return List.of(
                MethodSpec.methodBuilder("binding")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(bindingType)
                        .addJavadoc("The runtime binding, to read or write $L records $L.\n", record.simpleName(),
                                bindingUse)
                        .addStatement("return BINDING")
                        .build(),
                MethodSpec.methodBuilder("read")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(beans)
                        .addParameter(FileOverloads.INPUT_STREAM, "in")
                        .addParameter(String.class, "source")
                        .addException(JavaTypes.IO_EXCEPTION)
                        .addJavadoc("Reads every $L of {@code in} (named {@code source} in messages) into a bean, in order.\n",
                                unit)
                        .addJavadoc("\n@throws $T at the first bad $L, as {@code SOURCE:LINE:COLUMN: error: MESSAGE}\n"
                                + "    $L\n", TEXT_INPUT_EXCEPTION, unit, fieldNaming)
                        .addStatement("return BINDING.read(in, source)")
                        .build(),
                MethodSpec.methodBuilder("read")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(READ_RESULT)
                        .addParameter(FileOverloads.INPUT_STREAM, "in")
                        .addParameter(String.class, "source")
                        .addParameter(BAD_INPUT_POLICY, "policy")
                        .addParameter(ParameterizedTypeName.get(CONSUMER, WildcardTypeName.supertypeOf(bean)), "sink")
                        .addException(JavaTypes.IO_EXCEPTION)
                        .addJavadoc("Reads the $L records of {@code in} one at a time, handing each bean to {@code sink},\n"
                                + "failing at or skipping a bad $L as {@code policy} says.\n", record.simpleName(), unit)
                        .addStatement("return BINDING.read(in, source, policy, sink)")
                        .build(),
                FileOverloads.reading("read", beans,
                        CodeBlock.of("Reads every $L of {@code file} into a bean, in order.\n", unit),
                        CodeBlock.of("read(in, file.toString())")),
                MethodSpec.methodBuilder("readBatch")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(batch)
                        .addParameter(FileOverloads.INPUT_STREAM, "in")
                        .addParameter(String.class, "source")
                        .addException(JavaTypes.IO_EXCEPTION)
                        .addJavadoc("Reads every $L of {@code in} into a new batch; the first bad $L throws.\n", unit, unit)
                        .addStatement("return readBatch(in, source, $T.FAIL)", BAD_INPUT_POLICY)
                        .build(),
                MethodSpec.methodBuilder("readBatch")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(batch)
                        .addParameter(FileOverloads.INPUT_STREAM, "in")
                        .addParameter(String.class, "source")
                        .addParameter(BAD_INPUT_POLICY, "policy")
                        .addException(JavaTypes.IO_EXCEPTION)
                        .addJavadoc("Reads the $L records of {@code in} into a new batch, one bean at a time, each encoded and\n"
                                + "dropped before the next is read.\n", record.simpleName())
                        .addJavadoc("\n@throws IllegalArgumentException when a record read cannot be encoded, as {@link $T#of}\n",
                                record.peerClass(record.simpleName() + GeneratedNames.SDO))
                        .addStatement("$T batch = new $T()", batch, batch)
                        .addStatement("BINDING.read(in, source, policy, batch::add)")
                        .addStatement("return batch")
                        .build(),
                FileOverloads.reading("readBatch", batch,
                        CodeBlock.of("Reads every $L of {@code file} into a new batch; the first bad $L throws.\n", unit,
                                unit),
                        CodeBlock.of("readBatch(in, file.toString())")),
                MethodSpec.methodBuilder("writeBatch")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .addParameter(batch, "batch")
                        .addParameter(FileOverloads.OUTPUT_STREAM, "out")
                        .addException(JavaTypes.IO_EXCEPTION)
                        .addJavadoc("Writes the records of {@code batch} to {@code out} as $L.\n", format)
                        .addStatement(writeBatch)
                        .build(),
                FileOverloads.writing("writeBatch", batch, "batch",
                        CodeBlock.of("Writes the records of {@code batch} to {@code file} as $L.\n", format),
                        CodeBlock.of("writeBatch(batch, out)")),
                MethodSpec.methodBuilder("write")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .addParameter(records, "records")
                        .addParameter(FileOverloads.OUTPUT_STREAM, "out")
                        .addException(JavaTypes.IO_EXCEPTION)
                        .addJavadoc(writeDoc)
                        .addStatement("BINDING.write(records, out)")
                        .build(),
                FileOverloads.writing("write", records, "records",
                        CodeBlock.of("Writes {@code records} to {@code file} as $L.\n", format),
                        CodeBlock.of("write(records, out)")));
    }
}
