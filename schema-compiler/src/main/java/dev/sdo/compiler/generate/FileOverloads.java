package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import javax.lang.model.element.Modifier;

/**
 * The overloads of the generated {@code XCsv} and {@code XXml} methods that take a file instead of a stream: each
 * opens the file, calls the stream method and closes the file.
 */
final class FileOverloads {
    static final ClassName INPUT_STREAM = ClassName.get("java.io", "InputStream");
    static final ClassName OUTPUT_STREAM = ClassName.get("java.io", "OutputStream");
    static final ClassName PATH = ClassName.get("java.nio.file", "Path");
    private static final ClassName FILES = ClassName.get("java.nio.file", "Files");

    private FileOverloads() {}

    /** {@code static R name(Path file)}: returns {@code call} made with the file open as {@code in}. */
    static MethodSpec reading(String name, TypeName returns, CodeBlock javadoc, CodeBlock call) {
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(returns)
                .addParameter(PATH, "file")
                .addException(JavaTypes.IO_EXCEPTION)
                .addJavadoc(javadoc)
                .beginControlFlow("try ($T in = $T.newInputStream(file))", INPUT_STREAM, FILES)
                .addStatement("return $L", call)
                .endControlFlow()
                .build();
    }

    /** {@code static void name(T source, Path file)}: makes {@code call} with the file open as {@code out}. */
    static MethodSpec writing(String name, TypeName sourceType, String source, CodeBlock javadoc, CodeBlock call) {
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(sourceType, source)
                .addParameter(PATH, "file")
                .addException(JavaTypes.IO_EXCEPTION)
                .addJavadoc(javadoc)
                .beginControlFlow("try ($T out = $T.newOutputStream(file))", OUTPUT_STREAM, FILES)
                .addStatement("$L", call)
                .endControlFlow()
                .build();
    }
}
