package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.batch.FixedBatch;
import dev.sdo.runtime.batch.RecordIdentity;
import dev.sdo.runtime.batch.RecordStore;
import dev.sdo.runtime.batch.RecordType;
import dev.sdo.runtime.batch.VariableBatch;
import dev.sdo.runtime.batch.VariableRecordStore;
import dev.sdo.runtime.batch.WrittenBatch;
import dev.sdo.runtime.batch.WrittenVariableBatch;
import java.io.IOException;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Path;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Emits a record's batch: a subclass of the runtime's {@link FixedBatch} (or {@link VariableBatch}, for a record
 * with variable-length data) that fixes its type parameters to the record's interface, SDO and batch, and gives
 * the record's {@link RecordType}: its batch file identity and method references to the SDO's constructor,
 * {@code wrap} and {@code encode}. The batch's behaviour is the runtime's; what is generated is what Java cannot
 * inherit with the batch's own type: its constructors and static factories.
 */
final class BatchEmitter {
    private static final ClassName FIXED_BATCH = ClassName.get(FixedBatch.class);
    private static final ClassName VARIABLE_BATCH = ClassName.get(VariableBatch.class);
    private static final ClassName RECORD_STORE = ClassName.get(RecordStore.class);
    private static final ClassName VARIABLE_RECORD_STORE = ClassName.get(VariableRecordStore.class);
    private static final ClassName WRITTEN_BATCH = ClassName.get(WrittenBatch.class);
    private static final ClassName WRITTEN_VARIABLE_BATCH = ClassName.get(WrittenVariableBatch.class);
    private static final ClassName RECORD_IDENTITY = ClassName.get(RecordIdentity.class);
    private static final ClassName RECORD_TYPE = ClassName.get(RecordType.class);

    private final RecordLayout layout;
    private final long fingerprint;
    private final ClassName batchName;
    private final ClassName interfaceName;
    private final ClassName sdoName;
    private final String recordName;
    /** Whether the records have variable-length data, and so vary in size. */
    private final boolean variable;
    /** Whether the record has {@code @since} fields. */
    private final boolean versioned;
    private final ClassName storeType;
    private final ClassName writtenType;
    private final TypeName recordType;

    /** @param fingerprint the record's {@link LayoutFingerprint}, which batch files of it carry */
    BatchEmitter(RecordLayout layout, long fingerprint) {
        this.layout = layout;
        this.fingerprint = fingerprint;
        this.batchName = GeneratedNames.batch(layout.record().name());
        this.interfaceName = GeneratedNames.type(layout.record().name());
        this.sdoName = GeneratedNames.sdo(layout.record().name());
        this.recordName = layout.record().name().simpleName();
        this.variable = layout.hasVariableData();
        this.versioned = layout.versioned();
        this.storeType = variable ? VARIABLE_RECORD_STORE : RECORD_STORE;
        this.writtenType = variable ? WRITTEN_VARIABLE_BATCH : WRITTEN_BATCH;
        this.recordType = ParameterizedTypeName.get(RECORD_TYPE, interfaceName, sdoName);
    }

    TypeSpec emit() {
        return TypeSpec.classBuilder(batchName)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .superclass(ParameterizedTypeName.get(variable ? VARIABLE_BATCH : FIXED_BATCH, interfaceName, sdoName,
                        batchName))
                .addJavadoc(variable
                        ? CodeBlock.of("Many {@link $T} records in one contiguous store, back to back with an offsets index\n"
                                + "(4 bytes per record), with no object per record; record i is found in constant time.\n"
                                + "Read through {@link $T} views, and written to and read from {@code .sdob} batch files.\n",
                                interfaceName, sdoName)
                        : CodeBlock.of("Many {@link $T} records in one contiguous store, {@link $T#BYTES} bytes each, with no\n"
                                + "object per record; read through {@link $T} views, and written to and read from {@code .sdob}\n"
                                + "batch files.\n", interfaceName, sdoName, sdoName))
                .addJavadoc("\n<p>Iteration (a for-each loop, {@link #forEach}, {@link #stream}) gives every record a view of its\n"
                        + "own; {@link #forEachCursor} moves one cursor from record to record and allocates nothing per\n"
                        + "record. What a batch does is {@link $T}'s; this class fixes its types and says which record\n"
                        + "it holds.\n",
                        variable ? VARIABLE_BATCH : FIXED_BATCH)
                .addField(serialVersionUid())
                .addField(type())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PUBLIC)
                        .addJavadoc("An empty batch on the heap that grows as records are added.\n")
                        .addStatement("super(heapRecords(TYPE))")
                        .build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PRIVATE)
                        .addParameter(writtenType, "records")
                        .addStatement("super(records)")
                        .build())
                .addMethod(factory("direct", "directRecords(TYPE)")
                        .addJavadoc("An empty batch in direct (off-heap) memory that grows as records are added: for batches\n"
                                + "the garbage collector should not copy, and channel writes without an intermediate copy.\n")
                        .build())
                .addMethod(factory("over", "storeRecords(TYPE, store)")
                        .addParameter(storeType, "store")
                        .addJavadoc(variable
                                ? CodeBlock.of("A batch over {@code store}, whose records must be $L records of at least\n"
                                        + "{@link $T#BYTES} bytes: for readers that encode records straight into a store.\n",
                                        recordName, sdoName)
                                : CodeBlock.of("A batch over {@code store}, whose records must be $L records of {@link $T#BYTES} "
                                        + "bytes:\nfor readers that encode records straight into a store, such as the CSV and "
                                        + "XML bindings.\n", recordName, sdoName))
                        .build())
                .addMethod(factory("readFrom", "fileRecords(TYPE, in)")
                        .addParameter(ReadableByteChannel.class, "in")
                        .addException(IOException.class)
                        .addJavadoc("Reads a batch file of $L records into a new heap batch.\n", recordName)
                        .addJavadoc("\n@throws IOException that says what is wrong and where, when the input is damaged, is\n"
                                + "    no batch file, or holds other records\n")
                        .build())
                .addMethod(factory("map", "mappedRecords(TYPE, file)")
                        .addParameter(Path.class, "file")
                        .addException(IOException.class)
                        .addJavadoc("Maps a batch file of $L records into memory, read-only: records are read in place.\n",
                                recordName)
                        .addJavadoc("\n@throws IOException that says what is wrong and where, when the file is damaged, is\n"
                                + "    no batch file, or holds other records\n")
                        .build())
                .addFields(writerFields())
                .addMethods(writerMethods())
                .addMethod(MethodSpec.methodBuilder("type")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PROTECTED)
                        .returns(recordType)
                        .addStatement("return TYPE")
                        .build())
                .addMethod(MethodSpec.methodBuilder("with")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PROTECTED)
                        .returns(batchName)
                        .addParameter(writtenType, "records")
                        .addStatement("return new $T(records)", batchName)
                        .build())
                .build();
    }

    /** For a record with a writer: the one {@code append()} moves from record to record. */
    private List<FieldSpec> writerFields() {
        if (!WriterEmitter.applies(layout)) {
            return List.of();
        }
        return List.of(FieldSpec.builder(GeneratedNames.writer(layout.record().name()), "appender", Modifier.PRIVATE,
                        Modifier.TRANSIENT)
                .addJavadoc("The writer {@link #append} moves to each record it adds, so that appending allocates nothing.\n")
                .build());
    }

    /** For a record with a writer: {@code append()}, which writes a new record, and {@code writer(i)}. */
    private List<MethodSpec> writerMethods() {
        if (!WriterEmitter.applies(layout)) {
            return List.of();
        }
        ClassName writerName = GeneratedNames.writer(layout.record().name());
        // A record of variable size is written in the writer's own buffer and joins the batch at done(), its size
        // known; one of fixed width is written in place.
        CodeBlock moveTo = layout.hasVariableData()
                ? CodeBlock.builder().addStatement("appender.moveToAppended(appendTarget())").build()
                : CodeBlock.builder()
                        .addStatement("long index = appendBlank()")
                        .addStatement("appender.moveToAppended(store(), index)")
                        .build();
        MethodSpec append = MethodSpec.methodBuilder("append")
                .addModifiers(Modifier.PUBLIC)
                .returns(writerName)
                .addJavadoc("Adds a new $L at the end of the batch, its fields absent or 0, and returns a writer on it: set\n"
                        + "its fields, then call {@link $T#done}, which takes the record back out of the batch if a\n"
                        + "required field was never set. The batch has one such writer, moved to each new record:\n"
                        + "{@code append()} first finishes the record it gave before, as {@code done()} does.\n",
                        recordName, writerName)
                .addJavadoc("\n@throws IllegalStateException if the record appended before misses a required field, or the\n"
                        + "    batch holds another schema version's records, read from its file\n")
                .beginControlFlow("if (appender == null)")
                .addStatement("appender = new $T()", writerName)
                .endControlFlow()
                .addStatement("appender.finishAppended()")
                .addCode(moveTo)
                .addStatement("return appender")
                .build();
        MethodSpec writer = MethodSpec.methodBuilder("writer")
                .addModifiers(Modifier.PUBLIC)
                .returns(writerName)
                .addParameter(int.class, "index")
                .addJavadoc("A writer that changes record {@code index} in place: each setter rewrites its field's bits\n"
                        + "and no other byte, so threads may change different records at the same time.$L\n",
                        layout.hasVariableData() ? " A variable-length\n"
                                + "field's data is rewritten only with as many bytes as it has: more or fewer would move\n"
                                + "the records after it, and the setter refuses." : "")
                .addJavadoc("\n@throws IndexOutOfBoundsException if there is no record {@code index}\n"
                        + "@throws IllegalStateException if the batch is mapped read-only, or holds another schema\n"
                        + "    version's records\n")
                .addStatement("requireWritable(index)")
                .addStatement(layout.compact()
                        // A compact record does not hold its size: the batch's offsets index gives it.
                        ? CodeBlock.of("return $T.update(store().chunkOf(index), store().offsetOf(index), "
                                + "store().recordSize(index))", writerName)
                        : CodeBlock.of("return $T.update(store().chunkOf(index), store().offsetOf(index))", writerName))
                .build();
        return List.of(append, writer);
    }

    /** A public static method returning a new batch of the records {@code records} makes. */
    private MethodSpec.Builder factory(String name, String records) {
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(batchName)
                .addStatement("return new $T($L)", batchName, records);
    }

    /** The layout fingerprint as serialVersionUID: a batch serialised under another layout is refused. */
    private FieldSpec serialVersionUid() {
        return FieldSpec.builder(long.class, "serialVersionUID", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("A fingerprint of the layout: batches serialised under another layout are refused.\n")
                .initializer("$L", Constants.hexLong(fingerprint))
                .build();
    }

    /**
     * The record's type: what batch files of it say they hold (its name, version, layout fingerprint and size, and for
     * a versioned record the fingerprints of its earlier versions), and how its SDO is made and encoded.
     */
    private FieldSpec type() {
        CodeBlock identity = versioned
                ? CodeBlock.of("new $T($S, $T.VERSION, $T.FINGERPRINT, $T.BYTES,$W$T.VERSIONS.fingerprints())",
                        RECORD_IDENTITY, layout.record().name().toString(), sdoName, sdoName, sdoName, sdoName)
                : CodeBlock.of("new $T($S, $L, $L, $T.BYTES)", RECORD_IDENTITY, layout.record().name().toString(),
                        layout.record().version(), Constants.hexLong(fingerprint), sdoName);
        // The schema descriptor its files carry, from its package's (DescriptorsEmitter).
        identity = CodeBlock.of("$L\n.withSchema($T.SCHEMA.of($S, $L))", identity,
                DescriptorsEmitter.className(layout.record().name().packageName()), layout.record().name().toString(),
                versioned ? CodeBlock.of("$T.FINGERPRINT", sdoName) : Constants.hexLong(fingerprint));
        CodeBlock type;
        if (variable && layout.compact()) {
            type = CodeBlock.of("$T.compact(\n$>$>$L,\n$T::new, $T::wrap, $T::encode, $T::encodedSize)$<$<",
                    RECORD_TYPE, identity, sdoName, sdoName, sdoName, sdoName);
        } else if (variable) {
            type = CodeBlock.of("$T.variable(\n$>$>$L,\n$L$T::new, $T::wrap, $T::encode, $T::encodedSize)$<$<",
                    RECORD_TYPE, identity, versioned ? CodeBlock.of("$T.VERSIONS, ", sdoName) : "", sdoName, sdoName,
                    sdoName, sdoName);
        } else if (versioned) {
            type = CodeBlock.of("$T.versioned(\n$>$>$L,\n$T.VERSIONS, $T::new, $T::wrap, $T::encode)$<$<", RECORD_TYPE,
                    identity, sdoName, sdoName, sdoName, sdoName);
        } else {
            type = CodeBlock.of("$T.fixed(\n$>$>$L,\n$T::new, $T::wrap, $T::encode)$<$<", RECORD_TYPE, identity,
                    sdoName, sdoName, sdoName);
        }
        return FieldSpec.builder(recordType, "TYPE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The record's batch file identity (what {@code BatchFileRecovery} needs to recover damaged\n"
                        + "files of it), and how its SDO is made, read and encoded.\n")
                .initializer(type)
                .build();
    }
}
