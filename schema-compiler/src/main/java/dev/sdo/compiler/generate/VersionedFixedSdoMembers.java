package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import dev.sdo.compiler.layout.RecordLayout;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The version members of a fixed-width record's SDO: a record of a version this code knows is that version's fixed
 * part, and a newer version's is at least its own fixed part, which is its size unless its container gives more (a
 * newer version may have added variable-length data).
 */
final class VersionedFixedSdoMembers extends VersionedSdoMembers {
    VersionedFixedSdoMembers(RecordLayout layout, long[] fingerprints, ClassName sdoName) {
        super(layout, fingerprints, sdoName);
    }

    @Override
    String writerBytesDoc() {
        return "The size of the writer's fixed part: the record's size.\n";
    }

    @Override
    String cursorDoc() {
        return "";
    }

    @Override
    CodeBlock unsizedNewer() {
        return CodeBlock.of("writer.fixedBytes()");
    }

    @Override
    String newerWriterRefusal() {
        return "";
    }

    @Override
    MethodSpec.Builder wrapForWriter(MethodSpec.Builder wrap) {
        return wrap.addStatement("return new $T(buffer, offset, writer)", sdoName);
    }

    @Override
    String sizeNeededDoc() {
        return " (a later version may have added variable-length data)";
    }

    @Override
    MethodSpec.Builder wrapWithSize(MethodSpec.Builder wrap) {
        return wrap.beginControlFlow("if (writer.version() > VERSION)")
                .beginControlFlow("if (size < writer.fixedBytes())")
                .addStatement("throw new $T($S + writer + $S + size)", JavaTypes.CORRUPT_DATA,
                        recordName + ": a record of ", " is at least its fixed part, not ")
                .endControlFlow()
                .addStatement("sdo.newerSize = size")
                .addStatement("return sdo")
                .endControlFlow()
                .beginControlFlow("if (writer.fixedBytes() != size)")
                .addCode(sizeMismatch(CodeBlock.of("writer.fixedBytes()")))
                .endControlFlow()
                .addStatement("return sdo");
    }

    /** {@code writtenBits()}: what copies, {@code equals} and {@code hashCode} cover. */
    @Override
    List<MethodSpec> sizeMethods() {
        return List.of(MethodSpec.methodBuilder("writtenBits")
                .addModifiers(Modifier.PRIVATE)
                .returns(long.class)
                .addJavadoc("The bits of the record as its writer wrote them; a newer writer's whole fixed part.\n")
                .addStatement("return VERSIONS.writtenBits(writerVersion, newerSize)")
                .build());
    }

    @Override
    CodeBlock serialSizes() {
        return CodeBlock.of("null");
    }

    /** Nothing: its size is fixed by its writer's version, which the form's fingerprints checked. */
    @Override
    CodeBlock serialCheck() {
        return CodeBlock.builder().build();
    }

    @Override
    public CodeBlock fixedBits() {
        return CodeBlock.of("writtenBits()");
    }
}
