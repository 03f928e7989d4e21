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
 * The static methods the generated CSV and XML binding classes ({@code XCsv}, {@code XXml}, flat or not) have over
 * their {@code BINDING} constant, built in one place: {@code binding()}, the three {@code readBatch}, the three
 * {@code read} into beans (not in a flat class) and the stream and file overloads of a write such as
 * {@code writeBatch}. The emitters give only what differs: the Javadoc and the statements that do the work.
 */
final class BatchIoMethods {
    private static final ClassName BAD_INPUT_POLICY = ClassName.get(BadInputPolicy.class);
    private static final ClassName READ_RESULT = ClassName.get(TextReadResult.class);
    private static final ClassName TEXT_INPUT_EXCEPTION = ClassName.get(TextInputException.class);
    private static final ClassName CONSUMER = ClassName.get("java.util.function", "Consumer");

    private BatchIoMethods() {}

    /** {@code static T binding()}: returns {@code BINDING}. */
    static MethodSpec binding(TypeName bindingType, CodeBlock javadoc) {
        return MethodSpec.methodBuilder("binding")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(bindingType)
                .addJavadoc(javadoc)
                .addStatement("return BINDING")
                .build();
    }

    /**
     * {@code read(in, source)}, which runs {@code readAll}; {@code read(in, source, policy, sink)}, which runs
     * {@code readEach}; and {@code read(file)}.
     *
     * @param unit what one record is in the input, for the Javadoc: {@code row}, {@code Trade element}
     * @param fieldNaming how an error names the field, ending the {@code @throws} sentence
     * @param readAll statements that read every record of {@code in} into a new list of beans and return it
     * @param readEach statements that hand each bean read from {@code in} to {@code sink} and return the
     *     {@code TextReadResult}
     */
    static List<MethodSpec> read(ClassName bean, String unit, String fieldNaming, CodeBlock readAll,
            CodeBlock sinkDoc, CodeBlock readEach) {
        TypeName beans = ParameterizedTypeName.get(JavaTypes.LIST, bean);
        return List.of(
                reader("read", beans)
                        .addJavadoc("Reads every $L of {@code in} (named {@code source} in messages) into a bean, in order.\n",
                                unit)
                        .addJavadoc("\n@throws $T at the first bad $L, as {@code SOURCE:LINE:COLUMN: error: MESSAGE}\n"
                                + "    $L\n", TEXT_INPUT_EXCEPTION, unit, fieldNaming)
                        .addCode(readAll)
                        .build(),
                reader("read", READ_RESULT)
                        .addParameter(BAD_INPUT_POLICY, "policy")
                        .addParameter(ParameterizedTypeName.get(CONSUMER, WildcardTypeName.supertypeOf(bean)), "sink")
                        .addJavadoc(sinkDoc)
                        .addCode(readEach)
                        .build(),
                FileOverloads.reading("read", beans,
                        CodeBlock.of("Reads every $L of {@code file} into a bean, in order.\n", unit),
                        CodeBlock.of("read(in, file.toString())")));
    }

    /**
     * The three {@code readBatch} of a binding class that also reads beans, whose Javadoc names the {@code unit} of
     * input (a {@code row}, a {@code Trade element}) the first bad one of which throws.
     */
    static List<MethodSpec> readBatch(ClassName batch, String unit, CodeBlock policyDoc, CodeBlock read) {
        return readBatch(batch,
                CodeBlock.of("Reads every $L of {@code in} into a new batch; the first bad $L throws.\n", unit, unit),
                policyDoc, read,
                CodeBlock.of("Reads every $L of {@code file} into a new batch; the first bad $L throws.\n", unit, unit));
    }

    /**
     * {@code readBatch(in, source)}, which fails at the first bad input; {@code readBatch(in, source, policy)}, which
     * runs {@code read}; and {@code readBatch(file)}.
     *
     * @param read statements that read {@code in} into a new batch as {@code policy} says, and return it
     */
    static List<MethodSpec> readBatch(ClassName batch, CodeBlock streamDoc, CodeBlock policyDoc, CodeBlock read,
            CodeBlock fileDoc) {
        return List.of(
                reader("readBatch", batch)
                        .addJavadoc(streamDoc)
                        .addStatement("return readBatch(in, source, $T.FAIL)", BAD_INPUT_POLICY)
                        .build(),
                reader("readBatch", batch)
                        .addParameter(BAD_INPUT_POLICY, "policy")
                        .addJavadoc(policyDoc)
                        .addCode(read)
                        .build(),
                FileOverloads.reading("readBatch", batch, fileDoc, CodeBlock.of("readBatch(in, file.toString())")));
    }

    /** {@code static R name(InputStream in, String source)}, to which the caller adds parameters, Javadoc and body. */
    private static MethodSpec.Builder reader(String name, TypeName returns) {
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(returns)
                .addParameter(FileOverloads.INPUT_STREAM, "in")
                .addParameter(String.class, "source")
                .addException(JavaTypes.IO_EXCEPTION);
    }

    /** {@code writeBatch(batch, out)}, which runs {@code write}, and {@code writeBatch(batch, file)}. */
    static List<MethodSpec> writeBatch(ClassName batch, String format, CodeBlock streamDoc, CodeBlock write) {
        return writing("writeBatch", batch, "batch", streamDoc, write,
                CodeBlock.of("Writes the records of {@code batch} to {@code file} as $L.\n", format));
    }

    /**
     * {@code static void name(T source, OutputStream out)}, which runs the statement {@code write}, and its overload
     * {@code name(T source, Path file)}.
     */
    static List<MethodSpec> writing(String name, TypeName sourceType, String source, CodeBlock streamDoc,
            CodeBlock write, CodeBlock fileDoc) {
        return List.of(
                MethodSpec.methodBuilder(name)
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .addParameter(sourceType, source)
                        .addParameter(FileOverloads.OUTPUT_STREAM, "out")
                        .addException(JavaTypes.IO_EXCEPTION)
                        .addJavadoc(streamDoc)
                        .addStatement(write)
                        .build(),
                FileOverloads.writing(name, sourceType, source, fileDoc,
                        CodeBlock.of("$L($L, out)", name, source)));
    }
}
