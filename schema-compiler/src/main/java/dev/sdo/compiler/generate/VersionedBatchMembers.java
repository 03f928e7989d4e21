package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Modifier;

/**
 * The members by which the batch of a record with {@code @since} fields holds records written by another version
 * of the schema, as a {@code .sdob} file of that version gives them: in place, at the writer's record size, read
 * through views that know the writer's version (see {@link VersionedSdoMembers}).
 */
final class VersionedBatchMembers {
    private static final String BATCH_PACKAGE = "dev.sdo.runtime.batch";
    private static final ClassName RECORD_STORE = ClassName.get(BATCH_PACKAGE, "RecordStore");
    private static final ClassName RECORD_IDENTITY = ClassName.get(BATCH_PACKAGE, "RecordIdentity");
    private static final ClassName WRITTEN_BATCH = ClassName.get(BATCH_PACKAGE, "WrittenBatch");

    private final ClassName sdoName;
    private final String recordName;

    VersionedBatchMembers(ClassName sdoName, String recordName) {
        this.sdoName = sdoName;
        this.recordName = recordName;
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
                        .addParameter(RECORD_STORE, "store")
                        .addParameter(RECORD_IDENTITY, "written")
                        .addStatement("this.store = store")
                        .addStatement("this.written = written")
                        .addStatement("this.writer = new $T(written.schemaVersion(), written.recordSize())",
                                VersionedSdoMembers.WRITER_VERSION)
                        .addStatement("$T.VERSIONS.checkWriter(writer)", sdoName)
                        .build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PRIVATE)
                        .addParameter(WRITTEN_BATCH, "file")
                        .addStatement("this(file.store(), file.writer())")
                        .build())
                .addMethod(MethodSpec.methodBuilder("writtenBy")
                        .addModifiers(Modifier.PUBLIC)
                        .returns(VersionedSdoMembers.WRITER_VERSION)
                        .addJavadoc("Which schema version wrote the records: this code's ({@code $T.WRITER}), or another\n"
                                + "version's for a batch read from its file, whose records stay as that version wrote them.\n",
                                sdoName)
                        .addStatement("return writer")
                        .build())
                .addMethod(MethodSpec.methodBuilder("requireOwnVersion")
                        .addModifiers(Modifier.PRIVATE)
                        .addJavadoc("Refuses to add this version's records among another version's.\n")
                        .beginControlFlow("if (writer.version() != $T.VERSION)", sdoName)
                        .addStatement("throw new $T($S + writer.version()$W+ $S + $T.VERSION$W+ $S)",
                                IllegalStateException.class, "this batch holds " + recordName
                                        + " records of schema version ", ", read from its file; records of version ",
                                sdoName, " cannot join them: copy them into a new batch first (copy.add for each)")
                        .endControlFlow()
                        .build());
    }
}
