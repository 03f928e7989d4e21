package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The version members of the SDO of a record with variable-length data: a record of a version this code knows finds
 * its size in the last end slot that version has; a newer version's record has a size only its container knows,
 * kept as {@link LaterVersionSizes} says.
 */
final class VersionedVariableSdoMembers extends VersionedSdoMembers {
    private final LaterVersionSizes laterSizes;

    VersionedVariableSdoMembers(RecordLayout layout, long[] fingerprints, ClassName sdoName) {
        super(layout, fingerprints, sdoName);
        this.laterSizes = new LaterVersionSizes(recordName);
    }

    @Override
    String writerBytesDoc() {
        return "The size of the writer's fixed part, where the variable-length data starts.\n";
    }

    @Override
    String cursorDoc() {
        return "Records of a newer version get their sizes from {@link #moveTo(ByteBuffer, int, int)}.\n";
    }

    @Override
    CodeBlock unsizedNewer() {
        return CodeBlock.of("$T.SIZE_NOT_GIVEN", JavaTypes.WRITER_VERSION);
    }

    @Override
    String newerWriterRefusal() {
        return ", or is\n    newer than this code, which then cannot find the record's size (see "
                + "{@link #wrap(ByteBuffer, int, WriterVersion, int)})";
    }

    @Override
    MethodSpec.Builder wrapForWriter(MethodSpec.Builder wrap) {
        return wrap.beginControlFlow("if (writer.version() > VERSION)")
                .addStatement("throw new $T($S + writer.version()$W+ $S)", IllegalArgumentException.class,
                        recordName + ": a record of the newer version ",
                        " has a size only its container knows: wrap it with that size")
                .endControlFlow()
                .addStatement("$T sdo = new $T(buffer, offset, writer)", sdoName, sdoName)
                .addStatement("$T.length($S, buffer, offset, writer.fixedBytes(), sdo.checkedByteSize())",
                        JavaTypes.VARIABLE_DATA, recordName)
                .addStatement("return sdo");
    }

    @Override
    String sizeNeededDoc() {
        return "";
    }

    @Override
    MethodSpec.Builder wrapWithSize(MethodSpec.Builder wrap) {
        return wrap.beginControlFlow("if (writer.version() > VERSION)")
                .addStatement("sdo.newerSize = size")
                .nextControlFlow("else if (sdo.byteSize() != size)")
                .addCode(sizeMismatch(CodeBlock.of("sdo.byteSize()")))
                .endControlFlow()
                .addStatement("$T.length($S, buffer, offset, writer.fixedBytes(), sdo.checkedByteSize())",
                        JavaTypes.VARIABLE_DATA, recordName)
                .addStatement("return sdo");
    }

    @Override
    List<MethodSpec> sizeMethods() {
        return List.of(byteSize(), laterSizes.sizedMoveTo(), laterSizes.containerSize());
    }

    @Override
    public CodeBlock unsizedMove() {
        return laterSizes.unsizedMove();
    }

    /** Only a record of this code's own version can be checked against its last end slot. */
    @Override
    CodeBlock serialSizes() {
        return CodeBlock.of("form.writer().version() == VERSION ? $T::sizeOf : null", sdoName);
    }

    /** Its fields' data must lie within it, as {@code wrap} checks ({@link CheckedByteSize}). */
    @Override
    CodeBlock serialCheck() {
        return CodeBlock.builder().addStatement("$T.checkSerialised($S, this)", JavaTypes.VARIABLE_DATA, recordName)
                .build();
    }

    /**
     * {@code byteSize()} of a record with variable-length data: the end slot of the last variable-length field of
     * the writer's version, its fixed part when that version had none, or a newer writer's size from its container.
     */
    private MethodSpec byteSize() {
        MethodSpec.Builder method = MethodSpec.methodBuilder("byteSize")
                .addModifiers(Modifier.PUBLIC)
                .returns(int.class)
                .addJavadoc("The size in bytes of this record as its writer wrote it: the writer's fixed part and its data.\n"
                        + "For a record of a newer version than this code's, the size its container gave\n"
                        + "{@link #wrap(ByteBuffer, int, WriterVersion, int)}.\n")
                .addCode(laterSizes.byteSizeOfLater());
        for (int version = layout.version(); version >= 1; version--) {
            FieldLayout last = layout.upTo(version).lastVariable();
            if (last == null) {
                break;
            }
            int since = version;
            // The versions from 'since' down to where another field becomes the last share this field's slot.
            while (since > 1 && layout.upTo(since - 1).lastVariable() == last) {
                since--;
            }
            if (since == 1) {
                // Every version has this field: its slot is the size.
                return method.addStatement("return $N()", GeneratedNames.endMethod(layout.record(), last.field())).build();
            }
            method.beginControlFlow("if (writerVersion >= $L)", since)
                    .addStatement("return $N()", GeneratedNames.endMethod(layout.record(), last.field()))
                    .endControlFlow();
            version = since;
        }
        return method.addStatement("return writerBytes").build();
    }
}
