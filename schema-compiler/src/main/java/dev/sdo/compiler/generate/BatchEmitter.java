package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import dev.sdo.compiler.layout.RecordLayout;
import javax.lang.model.element.Modifier;

/**
 * Emits a record's batch: many records in one contiguous {@code RecordStore} of the runtime, at
 * {@code XSdo.BYTES} bytes each with no per-record object, read through SDO views and written to and read from
 * {@code .sdob} batch files. A record with variable-length data gets the same API over a
 * {@code VariableRecordStore} (records back to back with an offsets index) and version-2 batch files.
 */
final class BatchEmitter {
    private static final String BATCH_PACKAGE = "dev.sdo.runtime.batch";
    private static final ClassName RECORD_STORE = ClassName.get(BATCH_PACKAGE, "RecordStore");
    private static final ClassName VARIABLE_RECORD_STORE = ClassName.get(BATCH_PACKAGE, "VariableRecordStore");
    private static final ClassName VARIABLE_BATCH_FILE_WRITER = ClassName.get(BATCH_PACKAGE,
            "VariableBatchFileWriter");
    private static final ClassName RECORD_IDENTITY = ClassName.get(BATCH_PACKAGE, "RecordIdentity");
    private static final ClassName FLYWEIGHT = ClassName.get(BATCH_PACKAGE, "Flyweight");
    private static final ClassName RECORD_READER = ClassName.get(BATCH_PACKAGE, "RecordReader");
    private static final ClassName BATCH_FILE_WRITER = ClassName.get(BATCH_PACKAGE, "BatchFileWriter");
    private static final ClassName BATCH_FILE_READER = ClassName.get(BATCH_PACKAGE, "BatchFileReader");
    private static final ClassName BATCH_FILE_MAPPER = ClassName.get(BATCH_PACKAGE, "BatchFileMapper");
    private static final ClassName IO_EXCEPTION = ClassName.get("java.io", "IOException");
    private static final ClassName WRITABLE_CHANNEL = ClassName.get("java.nio.channels", "WritableByteChannel");
    private static final ClassName READABLE_CHANNEL = ClassName.get("java.nio.channels", "ReadableByteChannel");
    private static final ClassName PATH = ClassName.get("java.nio.file", "Path");
    private static final ClassName ITERATOR = ClassName.get("java.util", "Iterator");
    private static final ClassName ITERABLE = ClassName.get("java.lang", "Iterable");
    private static final ClassName CONSUMER = ClassName.get("java.util.function", "Consumer");
    private static final ClassName STREAM = ClassName.get("java.util.stream", "Stream");

    private final RecordLayout layout;
    private final long fingerprint;
    private final ClassName batchName;
    private final ClassName interfaceName;
    private final ClassName sdoName;
    private final String recordName;
    /** Whether the records have variable-length data, and so vary in size. */
    private final boolean variable;
    private final ClassName storeType;
    /** Whether the record has {@code @since} fields. */
    private final boolean versioned;
    /**
     * Whether the batch may hold another version's records, read from its file: records with {@code @since} fields,
     * or with variable-length fields (whose data a later version's larger fixed part moves).
     */
    private final boolean tracksWriter;

    /** @param fingerprint the record's {@link LayoutFingerprint}, which batch files of it carry */
    BatchEmitter(RecordLayout layout, long fingerprint) {
        this.layout = layout;
        this.fingerprint = fingerprint;
        this.batchName = GeneratedNames.batch(layout.record().name());
        this.interfaceName = GeneratedNames.type(layout.record().name());
        this.sdoName = GeneratedNames.sdo(layout.record().name());
        this.recordName = layout.record().name().simpleName();
        this.variable = layout.hasVariableData();
        this.storeType = variable ? VARIABLE_RECORD_STORE : RECORD_STORE;
        this.versioned = layout.versioned();
        this.tracksWriter = versioned || variable;
    }

    TypeSpec emit() {
        TypeSpec.Builder batch = TypeSpec.classBuilder(batchName)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(ParameterizedTypeName.get(ITERABLE, interfaceName))
                .addSuperinterface(JavaTypes.SERIALIZABLE)
                .addJavadoc(variable
                        ? CodeBlock.of("Many {@link $T} records in one contiguous store, back to back with an offsets index\n"
                                + "(4 bytes per record), with no object per record; record i is found in constant time.\n"
                                + "Read through {@link $T} views, and written to and read from {@code .sdob} batch files.\n",
                                interfaceName, sdoName)
                        : CodeBlock.of("Many {@link $T} records in one contiguous store, {@link $T#BYTES} bytes each, with no\n"
                                + "object per record; read through {@link $T} views, and written to and read from {@code .sdob}\n"
                                + "batch files.\n", interfaceName, sdoName, sdoName))
                .addJavadoc("\n<p>{@link #forEach} and {@link #iterator} hand out one cursor, moved from record to record:\n"
                        + "keep a record beyond its visit with {@code toBean()} or {@link #get}.\n")
                .addField(identity())
                .addField(serialVersionUid())
                .addField(FieldSpec.builder(storeType, "store", Modifier.PRIVATE, Modifier.TRANSIENT)
                        .addJavadoc(variable ? "Not final only because {@link #readObject} and {@link #sortBy} set it.\n"
                                : "Not final only because {@link #readObject} sets it.\n")
                        .build());
        if (tracksWriter) {
            new VersionedBatchMembers(sdoName, recordName, versioned, variable).addTo(batch);
        }
        return batch.addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PUBLIC)
                        .addJavadoc("An empty batch on the heap that grows as records are added.\n")
                        .addStatement("this($T.heap($T.BYTES))", storeType, sdoName)
                        .build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PRIVATE)
                        .addParameter(storeType, "store")
                        .addStatement(tracksWriter ? "this(store, IDENTITY)" : "this.store = store")
                        .build())
                .addMethod(overMethod())
                .addMethod(MethodSpec.methodBuilder("store")
                        .addModifiers(Modifier.PUBLIC)
                        .returns(storeType)
                        .addJavadoc("The store that holds the records, for bulk readers and writers such as the CSV and XML\n"
                                + "bindings.\n")
                        .addStatement("return store")
                        .build())
                .addMethod(addMethod())
                .addMethod(MethodSpec.methodBuilder("size")
                        .addModifiers(Modifier.PUBLIC)
                        .returns(int.class)
                        .addJavadoc("The number of records.\n")
                        .addStatement("return $T.toIntExact(store.size())", Math.class)
                        .build())
                .addMethod(MethodSpec.methodBuilder("get")
                        .addModifiers(Modifier.PUBLIC)
                        .returns(sdoName)
                        .addParameter(int.class, "index")
                        .addJavadoc("A view of record {@code index} (0-based), its own object, valid as long as the batch.\n")
                        .addJavadoc("\n@throws IndexOutOfBoundsException unless 0 &lt;= index &lt; size()\n")
                        .addStatement("return $T.wrap(store.chunkOf(index), store.offsetOf(index)$L)", sdoName,
                                variable ? ", writer, store.recordSize(index)" : versioned ? ", writer" : "")
                        .build())
                .addMethod(MethodSpec.methodBuilder("forEach")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .addParameter(ParameterizedTypeName.get(CONSUMER, WildcardTypeName.supertypeOf(interfaceName)),
                                "action")
                        .addJavadoc("Hands every record in order to {@code action}: one cursor, moved from record to record,\n"
                                + "so that nothing is allocated per record.\n")
                        .addStatement("store.forEach($L, action)", cursor())
                        .build())
                .addMethod(MethodSpec.methodBuilder("iterator")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(ParameterizedTypeName.get(ITERATOR, interfaceName))
                        .addJavadoc("The records in order, as one cursor moved by each {@code next()}.\n")
                        .addStatement("return store.iterator($T.reader($L))", FLYWEIGHT, cursor())
                        .build())
                .addMethod(streamMethod("stream", false, "A stream of the records in order, each its own view.\n"))
                .addMethod(streamMethod("parallelStream", true,
                        "A parallel stream of the records, each its own view, split by chunks of the store.\n"))
                .addMethod(MethodSpec.methodBuilder("writeTo")
                        .addModifiers(Modifier.PUBLIC)
                        .addParameter(WRITABLE_CHANNEL, "out")
                        .addException(IO_EXCEPTION)
                        .addJavadoc("Writes the batch to {@code out} in the {@code .sdob} batch file format.\n")
                        .addStatement("$T.write(store, $L, out)",
                                variable ? VARIABLE_BATCH_FILE_WRITER : BATCH_FILE_WRITER,
                                tracksWriter ? "written" : "IDENTITY")
                        .build())
                .addMethod(MethodSpec.methodBuilder("readFrom")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(batchName)
                        .addParameter(READABLE_CHANNEL, "in")
                        .addException(IO_EXCEPTION)
                        .addJavadoc("Reads a batch file of $L records into a new heap batch.\n", recordName)
                        .addJavadoc("\n@throws IOException that says what is wrong and where, when the input is damaged, is\n"
                                + "    no batch file, or holds other records\n")
                        .addStatement("return new $T($T.$L(in, IDENTITY, $S))", batchName, BATCH_FILE_READER,
                                variable ? "readVariableWritten" : versioned ? "readWritten" : "read", "input")
                        .build())
                .addMethod(MethodSpec.methodBuilder("map")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(batchName)
                        .addParameter(PATH, "file")
                        .addException(IO_EXCEPTION)
                        .addJavadoc("Maps a batch file of $L records into memory, read-only: records are read in place.\n",
                                recordName)
                        .addJavadoc("\n@throws IOException that says what is wrong and where, when the file is damaged, is\n"
                                + "    no batch file, or holds other records\n")
                        .addStatement(tracksWriter ? "return new $T($T.$L(file, IDENTITY, true))"
                                : "return new $T($T.$L(file, IDENTITY))", batchName, BATCH_FILE_MAPPER,
                                variable ? "mapVariableWritten" : versioned ? "mapWritten" : "map")
                        .build())
                .addMethods(new BatchExtrasEmitter(batchName, sdoName, variable, versioned).methods())
                .build();
    }

    /** A new cursor over the batch's records: for a versioned record, one that knows the version that wrote them. */
    private CodeBlock cursor() {
        return tracksWriter ? CodeBlock.of("new $T(writer)", sdoName) : CodeBlock.of("new $T()", sdoName);
    }

    /** The layout fingerprint as serialVersionUID: a batch serialised under another layout is refused. */
    private FieldSpec serialVersionUid() {
        return FieldSpec.builder(long.class, "serialVersionUID", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("A fingerprint of the layout: batches serialised under another layout are refused.\n")
                .initializer("$L", Constants.hexLong(fingerprint))
                .build();
    }

    /**
     * What batch files of this record say they hold: its name, version, layout fingerprint and size, and for a
     * versioned record the fingerprints of its earlier versions.
     */
    private FieldSpec identity() {
        FieldSpec.Builder identity = FieldSpec.builder(RECORD_IDENTITY, "IDENTITY", Modifier.PRIVATE, Modifier.STATIC,
                Modifier.FINAL);
        if (versioned) {
            return identity.initializer("new $T($S, $T.VERSION, $T.FINGERPRINT, $T.BYTES,$W$T.VERSIONS.fingerprints())",
                    RECORD_IDENTITY, layout.record().name().toString(), sdoName, sdoName, sdoName, sdoName).build();
        }
        return identity.initializer("new $T($S, $L, $L, $T.BYTES)", RECORD_IDENTITY, layout.record().name().toString(),
                layout.record().version(), Constants.hexLong(fingerprint), sdoName).build();
    }

    private MethodSpec overMethod() {
        // A variable-size store is checked by its records' fixed part, the least a record takes.
        String storeSize = variable ? "store.minRecordSize()" : "store.recordSize()";
        return MethodSpec.methodBuilder("over")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(batchName)
                .addParameter(storeType, "store")
                .addJavadoc(variable
                        ? CodeBlock.of("A batch over {@code store}, whose records must be $L records of at least\n"
                                + "{@link $T#BYTES} bytes: for readers that encode records straight into a store.\n",
                                recordName, sdoName)
                        : CodeBlock.of("A batch over {@code store}, whose records must be $L records of {@link $T#BYTES} "
                                + "bytes:\nfor readers that encode records straight into a store, such as the CSV and "
                                + "XML bindings.\n", recordName, sdoName))
                .beginControlFlow("if ($L != $T.BYTES)", storeSize, sdoName)
                .addStatement("throw new $T($S + $L + $S)", IllegalArgumentException.class,
                        variable ? "a store of records of at least " : "a store of ", storeSize,
                        (variable ? " bytes" : "-byte records") + " cannot hold " + recordName + " records")
                .endControlFlow()
                .addStatement("return new $T(store)", batchName)
                .build();
    }

    private MethodSpec addMethod() {
        MethodSpec.Builder add = MethodSpec.methodBuilder("add")
                .addModifiers(Modifier.PUBLIC)
                .addParameter(interfaceName, "record")
                .addJavadoc(variable ? "Appends a copy of {@code record}, encoded in place at the end of the store.\n"
                        : "Appends a copy of {@code record}, encoded in place.\n")
                .addJavadoc("\n@throws IllegalArgumentException as {@link $T#of} does; the batch is then unchanged\n",
                        sdoName);
        if (tracksWriter) {
            add.addStatement("requireOwnVersion()");
        }
        return add.addStatement(variable ? CodeBlock.of("long index = store.appendBlank($T.encodedSize(record))", sdoName)
                        : CodeBlock.of("long index = store.appendBlank()"))
                .beginControlFlow("try")
                .addStatement("$T.encode(record, store.chunkOf(index), store.offsetOf(index))", sdoName)
                .nextControlFlow("catch ($T rejected)", IllegalArgumentException.class)
                .addStatement("store.truncate(index)")
                .addStatement("throw rejected")
                .endControlFlow()
                .build();
    }

    /** What makes a stream's views: each knows its writer, and for variable-size records its size. */
    private CodeBlock recordReader() {
        if (variable) {
            return CodeBlock.of("$T.sized((chunk, offset, size) -> $T.wrap(chunk, offset, writer, size))", RECORD_READER,
                    sdoName);
        }
        return versioned ? CodeBlock.of("(chunk, offset) -> $T.wrap(chunk, offset, writer)", sdoName)
                : CodeBlock.of("$T::wrap", sdoName);
    }

    private MethodSpec streamMethod(String name, boolean parallel, String doc) {
        TypeName stream = ParameterizedTypeName.get(STREAM, interfaceName);
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PUBLIC)
                .returns(stream)
                .addJavadoc(doc)
                .addStatement("return store.stream($L, $L)", recordReader(), parallel)
                .build();
    }
}
