package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import dev.sdo.compiler.layout.RecordLayout;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * The members by which the SDO of a record with variable-length fields but no {@code @since} (the code of its
 * version 1) reads records a later version wrote: their variable-length data starts after the later version's
 * larger fixed part, and their size is beyond the end slots this code knows, so both come from the data's container
 * ({@code wrap(buffer, offset, writer, size)}, a batch's offsets index). Two {@code int} fields of the view hold them;
 * a record of this version has {@code writerBytes == BYTES} and finds its size in its last end slot, as before.
 * Fixed-width records without {@code @since} get none of this: a later version's fixed-width record starts with
 * theirs.
 */
final class FirstVersionSdoMembers implements OtherVersions {
    private final ClassName sdoName;
    private final String recordName;
    private final LaterVersionSizes laterSizes;

    FirstVersionSdoMembers(RecordLayout layout, ClassName sdoName) {
        this.sdoName = sdoName;
        this.recordName = layout.record().name().simpleName();
        this.laterSizes = new LaterVersionSizes(recordName);
    }

    /** The instance state: where the data starts, and a later version's size. */
    @Override
    public List<FieldSpec> state() {
        return List.of(
                FieldSpec.builder(int.class, "writerBytes", Modifier.PRIVATE, Modifier.TRANSIENT)
                        .addJavadoc("Where the variable-length data starts: the fixed size of the version that wrote the\n"
                                + "record, {@link #BYTES} for this version's records.\n")
                        .build(),
                FieldSpec.builder(int.class, "newerSize", Modifier.PRIVATE, Modifier.TRANSIENT)
                        .addJavadoc(LaterVersionSizes.fieldDoc())
                        .build());
    }

    /** The body of the cursor constructor and of the private one: records of this version. */
    @Override
    public CodeBlock currentWriter() {
        return CodeBlock.builder().addStatement("this.writerBytes = BYTES").build();
    }

    /** The cursor for a writer, the wrap overloads with a writer, and the moves and size that use them. */
    @Override
    public List<MethodSpec> methods() {
        return List.of(cursor(), wrapWithWriter(), wrapWithSize(), laterSizes.sizedMoveTo(), laterSizes.containerSize());
    }

    private MethodSpec cursor() {
        return MethodSpec.constructorBuilder()
                .addModifiers(Modifier.PUBLIC)
                .addParameter(JavaTypes.WRITER_VERSION, "writer")
                .addJavadoc("A cursor over records written by {@code writer}, a version of the record's schema, which\n"
                        + "shows no record until {@link #moveTo} moves it to one: how a batch read from a file of a later\n"
                        + "version visits its records (their sizes come with {@link #moveTo(ByteBuffer, int, int)}).\n")
                .addJavadoc("\n@throws IllegalArgumentException when {@code writer} cannot have written a $L\n", recordName)
                .addStatement("$T.checkFirstVersionWriter($S, BYTES, writer)", JavaTypes.VERSION_TABLE,
                        recordName)
                .addStatement("this.writerBytes = writer.fixedBytes()")
                .addStatement("this.newerSize = writer.version() > 1 ? $T.SIZE_NOT_GIVEN : $T.SIZE_IN_RECORD",
                        JavaTypes.WRITER_VERSION, JavaTypes.WRITER_VERSION)
                .build();
    }

    private MethodSpec wrapWithWriter() {
        return MethodSpec.methodBuilder("wrap")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(sdoName)
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "offset")
                .addParameter(JavaTypes.WRITER_VERSION, "writer")
                .addJavadoc("{@link #wrap(ByteBuffer, int)} for a record that {@code writer} wrote, which must be this\n"
                        + "code's version 1: a later version's record has a size only its container knows (see\n"
                        + "{@link #wrap(ByteBuffer, int, WriterVersion, int)}).\n")
                .addJavadoc("\n@throws IllegalArgumentException when {@code writer} cannot have written a $L, or is a\n"
                        + "    later version\n", recordName)
                .addJavadoc("@throws IndexOutOfBoundsException if the record does not lie within the buffer's limit\n")
                .addStatement("$T.checkFirstVersionWriter($S, BYTES, writer)", JavaTypes.VERSION_TABLE,
                        recordName)
                .beginControlFlow("if (writer.version() > 1)")
                .addStatement("throw new $T($S + writer.version()$W+ $S)", IllegalArgumentException.class,
                        recordName + ": a record of the later version ",
                        " has a size only its container knows: wrap it with that size")
                .endControlFlow()
                .addStatement("return wrap(buffer, offset)")
                .build();
    }

    private MethodSpec wrapWithSize() {
        return MethodSpec.methodBuilder("wrap")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(sdoName)
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "offset")
                .addParameter(JavaTypes.WRITER_VERSION, "writer")
                .addParameter(int.class, "size")
                .addJavadoc("A view of the {@code size}-byte $L that {@code writer} wrote at byte {@code offset} of\n"
                        + "{@code buffer}, where the container knows the record's size and its writer: how this code reads\n"
                        + "a record of a later version, whose variable-length data starts after that version's fixed\n"
                        + "part and whose size it cannot find in the record. Fields this code does not know are ignored.\n"
                        + "For a record of this version the size must be the one the record has.\n", recordName)
                .addJavadoc("\n@throws IllegalArgumentException when {@code writer} cannot have written a $L\n", recordName)
                .addJavadoc("@throws IndexOutOfBoundsException if the record does not lie within the buffer's limit\n")
                .addJavadoc("@throws $T if the record's own size is not {@code size}\n", JavaTypes.CORRUPT_DATA)
                .addStatement("$T.checkFirstVersionWriter($S, BYTES, writer)", JavaTypes.VERSION_TABLE,
                        recordName)
                .addStatement("$T.checkFromIndexSize(offset, $T.max(size, writer.fixedBytes()), buffer.limit())",
                        JavaTypes.OBJECTS, Math.class)
                .addStatement("$T sdo = new $T(buffer, offset)", sdoName, sdoName)
                .beginControlFlow("if (writer.version() > 1)")
                .addStatement("sdo.writerBytes = writer.fixedBytes()")
                .addStatement("sdo.newerSize = size")
                .nextControlFlow("else if (sdo.byteSize() != size)")
                .addStatement("throw new $T($S + sdo.byteSize() + $S + size)", JavaTypes.CORRUPT_DATA,
                        recordName + ": the record says it has ", " bytes, its container says ")
                .endControlFlow()
                .addStatement("$T.length($S, buffer, offset, writer.fixedBytes(), sdo.checkedByteSize())",
                        JavaTypes.VARIABLE_DATA, recordName)
                .addStatement("return sdo")
                .build();
    }

    @Override
    public CodeBlock unsizedMove() {
        return laterSizes.unsizedMove();
    }

    /** The first statement of {@code byteSize()}: a later version's record has its container's size. */
    @Override
    public Optional<CodeBlock> byteSizePrefix() {
        return Optional.of(laterSizes.byteSizeOfLater());
    }
}
