package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Modifier;

/**
 * The members by which the batch of a record with {@code @since} fields, or with variable-length fields, holds records
 * written by another version of the schema, as a {@code .sdob} file of that version gives them: in place, at the
 * writer's record size (fixed part), read through views that know the writer's version (see
 * {@link VersionedSdoMembers}, {@link FirstVersionSdoMembers}).
 */
final class VersionedBatchMembers {
    private static final String BATCH_PACKAGE = "dev.sdo.runtime.batch";
    private static final ClassName RECORD_STORE = ClassName.get(BATCH_PACKAGE, "RecordStore");
    private static final ClassName RECORD_IDENTITY = ClassName.get(BATCH_PACKAGE, "RecordIdentity");
    private static final ClassName WRITTEN_BATCH = ClassName.get(BATCH_PACKAGE, "WrittenBatch");
    private static final ClassName WRITTEN_VARIABLE_BATCH = ClassName.get(BATCH_PACKAGE, "WrittenVariableBatch");
    private static final ClassName VARIABLE_RECORD_STORE = ClassName.get(BATCH_PACKAGE, "VariableRecordStore");

    private final ClassName sdoName;
    private final String recordName;
    /** Whether the record has {@code @since} fields, so that its SDO has {@code VERSION} and {@code VERSIONS}. */
    private final boolean versioned;
    /** Whether the records vary in size (a {@code VariableRecordStore}). */
    private final boolean variable;

    VersionedBatchMembers(ClassName sdoName, String recordName, boolean versioned, boolean variable) {
        this.sdoName = sdoName;
        this.recordName = recordName;
        this.versioned = versioned;
        this.variable = variable;
    }

    /** This code's own schema version: {@code XSdo.VERSION}, or 1 for a record without {@code @since}. */
    static CodeBlock ownVersion(ClassName sdoName, boolean versioned) {
        return versioned ? CodeBlock.of("$T.VERSION", sdoName) : CodeBlock.of("1");
    }

    /** This code's own {@code WriterVersion}. */
    static CodeBlock ownWriter(ClassName sdoName, boolean versioned) {
        return versioned ? CodeBlock.of("$T.WRITER", sdoName)
                : CodeBlock.of("new $T(1, $T.BYTES)", VersionedSdoMembers.WRITER_VERSION, sdoName);
    }

    private CodeBlock checkWriter() {
        return versioned ? CodeBlock.of("$T.VERSIONS.checkWriter(writer)", sdoName)
                : CodeBlock.of("$T.checkFirstVersionWriter($S, $T.BYTES, writer)", VersionedSdoMembers.VERSION_TABLE,
                        recordName, sdoName);
    }

    void addTo(TypeSpec.Builder batch) {
        batch.addField(FieldSpec.builder(RECORD_IDENTITY, "written", Modifier.PRIVATE, Modifier.TRANSIENT)
                        .addJavadoc("What wrote the records: {@code IDENTITY}, or the header of the file they were read from.\n")
                        .build())
                .addField(FieldSpec.builder(VersionedSdoMembers.WRITER_VERSION, "writer", Modifier.PRIVATE,
                                Modifier.TRANSIENT)
                        .addJavadoc("The version and record size of {@link #written}, which the views are given.\n")
                        .build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PRIVATE)
                        .addParameter(variable ? VARIABLE_RECORD_STORE : RECORD_STORE, "store")
                        .addParameter(RECORD_IDENTITY, "written")
                        .addStatement("this.store = store")
                        .addStatement("this.written = written")
                        .addStatement("this.writer = new $T(written.schemaVersion(), written.recordSize())",
                                VersionedSdoMembers.WRITER_VERSION)
                        .addStatement(checkWriter())
                        .build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PRIVATE)
                        .addParameter(variable ? WRITTEN_VARIABLE_BATCH : WRITTEN_BATCH, "file")
                        .addStatement("this(file.store(), file.writer())")
                        .build())
                .addMethod(MethodSpec.methodBuilder("writtenBy")
                        .addModifiers(Modifier.PUBLIC)
                        .returns(VersionedSdoMembers.WRITER_VERSION)
                        .addJavadoc("Which schema version wrote the records: this code's, or another version's for a batch\n"
                                + "read from its file, whose records stay as that version wrote them.\n")
                        .addStatement("return writer")
                        .build())
                .addMethod(MethodSpec.methodBuilder("requireOwnVersion")
                        .addModifiers(Modifier.PRIVATE)
                        .addJavadoc("Refuses to add this version's records among another version's.\n")
                        .beginControlFlow("if (writer.version() != $L)", ownVersion(sdoName, versioned))
                        .addStatement("throw new $T($S + writer.version()$W+ $S + $L$W+ $S)",
                                IllegalStateException.class, "this batch holds " + recordName
                                        + " records of schema version ", ", read from its file; records of version ",
                                ownVersion(sdoName, versioned),
                                " cannot join them: copy them into a new batch first (copy.add for each)")
                        .endControlFlow()
                        .build());
    }
}
