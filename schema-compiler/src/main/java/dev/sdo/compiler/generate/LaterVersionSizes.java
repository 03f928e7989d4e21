package dev.sdo.compiler.generate;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import dev.sdo.runtime.WriterVersion;
import javax.lang.model.element.Modifier;

/**
 * The members by which an SDO with variable-length data knows the size of a later version's record, which it cannot
 * find in the record: its container gives it. The view's {@code newerSize} field holds it under one convention for
 * every kind of SDO: {@link WriterVersion#SIZE_IN_RECORD} for a record of a version the code knows, the size as given
 * for a later version's, {@link WriterVersion#SIZE_NOT_GIVEN} while none was given.
 */
final class LaterVersionSizes {
    private final String recordName;

    LaterVersionSizes(String recordName) {
        this.recordName = recordName;
    }

    /** The Javadoc of {@code newerSize}. */
    static String fieldDoc() {
        return "For a record of a later version, its size as its container gave it, or\n"
                + "{@link WriterVersion#SIZE_NOT_GIVEN} while it gave none; {@link WriterVersion#SIZE_IN_RECORD} for a\n"
                + "record of a version this code knows, whose bytes give its size.\n";
    }

    /** {@code moveTo(chunk, offset, size)}: the size of a later version's record, as a batch's offsets index gives it. */
    MethodSpec sizedMoveTo() {
        return MethodSpec.methodBuilder("moveTo")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .addParameter(JavaTypes.BYTE_BUFFER, "chunk")
                .addParameter(int.class, "offset")
                .addParameter(int.class, "size")
                .addJavadoc("{@link #moveTo(ByteBuffer, int)} to a record of {@code size} bytes, as a batch's offsets index\n"
                        + "gives it: the size of a later version's record, which this code cannot find in it.\n")
                .addStatement("this.buffer = chunk")
                .addStatement("this.offset = offset")
                .beginControlFlow("if (newerSize != $T.SIZE_IN_RECORD)", JavaTypes.WRITER_VERSION)
                .addStatement("newerSize = size")
                .endControlFlow()
                .build();
    }

    /** The statements {@code moveTo(chunk, offset)} adds: a later version's record moved to has no known size. */
    CodeBlock unsizedMove() {
        return CodeBlock.builder()
                .beginControlFlow("if (newerSize != $T.SIZE_IN_RECORD)", JavaTypes.WRITER_VERSION)
                .addStatement("newerSize = $T.SIZE_NOT_GIVEN", JavaTypes.WRITER_VERSION)
                .endControlFlow()
                .build();
    }

    /** The first statements of {@code byteSize()}: a later version's record has its container's size. */
    CodeBlock byteSizeOfLater() {
        return CodeBlock.builder()
                .beginControlFlow("if (newerSize != $T.SIZE_IN_RECORD)", JavaTypes.WRITER_VERSION)
                .addStatement("return containerSize()")
                .endControlFlow()
                .build();
    }

    /** {@code containerSize()}: the size of a later version's record as its container gave it. */
    MethodSpec containerSize() {
        return MethodSpec.methodBuilder("containerSize")
                .addModifiers(Modifier.PRIVATE)
                .returns(int.class)
                .addJavadoc("The size of a later version's record, as its container gave it.\n")
                .beginControlFlow("if (newerSize == $T.SIZE_NOT_GIVEN)", JavaTypes.WRITER_VERSION)
                .addStatement("throw new $T($S)", IllegalStateException.class, recordName + ": a record of a later "
                        + "version was moved to without its size, which only its container knows")
                .endControlFlow()
                .addStatement("return newerSize")
                .build();
    }
}
