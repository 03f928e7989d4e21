package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.WildcardTypeName;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Emits the methods of a record's batch beyond appending, reading and files: direct-memory batches, the byte
 * accounting, sorting by a field without materialising records, and Java serialisation as the records' bytes.
 * Kept apart from {@link BatchEmitter} so that each stays one screen of one concern. A batch of variable-size
 * records has no {@code ensureCapacity} (its records' bytes are not known in advance), has {@code indexBytes},
 * and sorts in place by replacing its store with a sorted copy (records of different sizes cannot swap places).
 */
final class BatchExtrasEmitter {
    private static final String BATCH_PACKAGE = "dev.sdo.runtime.batch";
    private static final ClassName RECORD_STORE = ClassName.get(BATCH_PACKAGE, "RecordStore");
    private static final ClassName VARIABLE_RECORD_STORE = ClassName.get(BATCH_PACKAGE, "VariableRecordStore");
    private static final ClassName RECORD_SORT = ClassName.get(BATCH_PACKAGE, "RecordSort");
    private static final ClassName RECORD_KEY = ClassName.get(BATCH_PACKAGE, "RecordKey");
    private static final ClassName RECORD_COMPARATOR = ClassName.get(BATCH_PACKAGE, "RecordComparator");
    private static final ClassName STORE_SERIALIZATION = ClassName.get(BATCH_PACKAGE, "StoreSerialization");
    private static final ClassName TO_LONG_FUNCTION = ClassName.get("java.util.function", "ToLongFunction");
    private static final ClassName COMPARATOR = ClassName.get("java.util", "Comparator");
    private static final ClassName IO_EXCEPTION = ClassName.get("java.io", "IOException");
    private static final ClassName OBJECT_OUTPUT = ClassName.get("java.io", "ObjectOutputStream");
    private static final ClassName OBJECT_INPUT = ClassName.get("java.io", "ObjectInputStream");
    private static final ClassName NOT_SERIALIZABLE = ClassName.get("java.io", "NotSerializableException");

    private final ClassName batchName;
    private final ClassName sdoName;
    private final TypeName keyFunction;
    private final TypeName comparator;
    /** Whether the records vary in size (a {@code VariableRecordStore}). */
    private final boolean variable;
    /** Whether the record has {@code @since} fields. */
    private final boolean versioned;
    /** Whether the batch may hold another version's records (its {@code written} and {@code writer} fields). */
    private final boolean tracksWriter;

    BatchExtrasEmitter(ClassName batchName, ClassName sdoName, boolean variable, boolean versioned) {
        this.batchName = batchName;
        this.sdoName = sdoName;
        this.variable = variable;
        this.versioned = versioned;
        this.tracksWriter = variable || versioned;
        // Typed by the SDO, not the interface, so that keys can be its raw getters (XSdo::getAmountUnscaled);
        // functions of the interface fit too, since the SDO implements it.
        this.keyFunction = ParameterizedTypeName.get(TO_LONG_FUNCTION, WildcardTypeName.supertypeOf(sdoName));
        this.comparator = ParameterizedTypeName.get(COMPARATOR, WildcardTypeName.supertypeOf(sdoName));
    }

    List<MethodSpec> methods() {
        List<MethodSpec> methods = new ArrayList<>();
        methods.add(direct());
        if (variable) {
            methods.addAll(List.of(variableRecordBytes(), indexBytes(), variableAllocatedBytes()));
        } else {
            methods.addAll(List.of(recordBytes(), allocatedBytes(), ensureCapacity()));
        }
        methods.addAll(List.of(trimToSize(),
                sortedCopy(keyFunction, "key", "recordKey", "byKey",
                        "by ascending {@code key} (compared as signed longs), by a radix sort of (key, index) pairs:\n"
                                + "O(n), 24 bytes of scratch memory per record"),
                sortedCopy(comparator, "order", "recordComparator", "byComparator",
                        "by {@code order}, by a merge sort of record indexes"),
                sortInPlace(keyFunction, "key", "recordKey", "byKey",
                        "ascending {@code key} (compared as signed longs)"),
                sortInPlace(comparator, "order", "recordComparator", "byComparator", "{@code order}"),
                recordKey(), recordComparator(), writeObject(), readObject()));
        return methods;
    }

    private MethodSpec direct() {
        return MethodSpec.methodBuilder("direct")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(batchName)
                .addJavadoc("An empty batch in direct (off-heap) memory that grows as records are added: for batches\n"
                        + "the garbage collector should not copy, and channel writes without an intermediate copy.\n")
                .addStatement("return new $T($T.direct($T.BYTES))", batchName,
                        variable ? VARIABLE_RECORD_STORE : RECORD_STORE, sdoName)
                .build();
    }

    private MethodSpec recordBytes() {
        return MethodSpec.methodBuilder("recordBytes")
                .addModifiers(Modifier.PUBLIC)
                .returns(long.class)
                .addJavadoc("The bytes of record data: exactly {@code size() * $T.BYTES}, with no padding or\n"
                        + "per-record overhead (the store's chunks add a constant {@code RecordStore.SLACK} bytes each\n"
                        + "beyond this).\n", sdoName)
                .addStatement("return store.recordBytes()")
                .build();
    }

    private MethodSpec variableRecordBytes() {
        return MethodSpec.methodBuilder("recordBytes")
                .addModifiers(Modifier.PUBLIC)
                .returns(long.class)
                .addJavadoc("The bytes of record data: exactly the sum of the records' sizes, with no padding or\n"
                        + "per-record overhead (the offsets index is {@link #indexBytes()}).\n")
                .addStatement("return store.recordBytes()")
                .build();
    }

    private MethodSpec indexBytes() {
        return MethodSpec.methodBuilder("indexBytes")
                .addModifiers(Modifier.PUBLIC)
                .returns(long.class)
                .addJavadoc("The bytes of the offsets index that finds each record in constant time: 4 per record and\n"
                        + "4 per chunk of up to 1 GiB of records.\n")
                .addStatement("return store.indexBytes()")
                .build();
    }

    private MethodSpec variableAllocatedBytes() {
        return MethodSpec.methodBuilder("allocatedBytes")
                .addModifiers(Modifier.PUBLIC)
                .returns(long.class)
                .addJavadoc("The bytes the batch's buffers take: record data, index, room not yet used, and\n"
                        + "{@code VariableRecordStore.SLACK} bytes after each chunk of up to 1 GiB of records; after\n"
                        + "{@link #trimToSize()}, {@code recordBytes() + indexBytes()}, that slack, and the room at the\n"
                        + "end of each full chunk (less than one record).\n")
                .addStatement("return store.allocatedBytes()")
                .build();
    }

    private MethodSpec allocatedBytes() {
        return MethodSpec.methodBuilder("allocatedBytes")
                .addModifiers(Modifier.PUBLIC)
                .returns(long.class)
                .addJavadoc("The bytes the batch's buffers take: record data, room not yet used, and\n"
                        + "{@code RecordStore.SLACK} bytes after each chunk of up to 1 GiB of records; after\n"
                        + "{@link #trimToSize()}, {@code recordBytes()} plus that slack.\n")
                .addStatement("return store.allocatedBytes()")
                .build();
    }

    private MethodSpec ensureCapacity() {
        return MethodSpec.methodBuilder("ensureCapacity")
                .addModifiers(Modifier.PUBLIC)
                .addParameter(long.class, "records")
                .addJavadoc("Makes room for {@code records} records in all, so that adding up to that many neither\n"
                        + "allocates nor copies.\n")
                .addJavadoc("\n@throws UnsupportedOperationException if the batch is a read-only mapped file\n")
                .addStatement("store.ensureCapacity(records)")
                .build();
    }

    private MethodSpec trimToSize() {
        return MethodSpec.methodBuilder("trimToSize")
                .addModifiers(Modifier.PUBLIC)
                .addJavadoc("Releases the room beyond the records (one copy of the last chunk, if it has room to spare).\n")
                .addJavadoc("\n@throws UnsupportedOperationException if the batch is a read-only mapped file\n")
                .addStatement("store.trimToSize()")
                .build();
    }

    private MethodSpec sortedCopy(TypeName parameterType, String parameter, String adapter, String sort, String how) {
        return MethodSpec.methodBuilder("sortedBy")
                .addModifiers(Modifier.PUBLIC)
                .returns(batchName)
                .addParameter(parameterType, parameter)
                .addJavadoc("A new batch of these records sorted $L, stable. Records are read in place\n"
                        + "through two cursors, never materialised; a mapped batch's sorted copy is on the heap.\n",
                        how)
                .addStatement("int[] permutation = $T.$L(store, $L($L))", RECORD_SORT, sort, adapter, parameter)
                .addStatement("return new $T(store.permuted(permutation)$L)", batchName, tracksWriter ? ", written" : "")
                .build();
    }

    private MethodSpec sortInPlace(TypeName parameterType, String parameter, String adapter, String sort, String how) {
        if (variable) {
            return MethodSpec.methodBuilder("sortBy")
                    .addModifiers(Modifier.PUBLIC)
                    .addParameter(parameterType, parameter)
                    .addJavadoc("Sorts this batch's records by $L, stable: the records are copied in sorted order\n"
                            + "into a new store that replaces this batch's (records of different sizes cannot swap\n"
                            + "places), so this needs room for a second copy while it runs.\n", how)
                    .addJavadoc("\n@throws UnsupportedOperationException if the batch is a read-only mapped file\n")
                    .beginControlFlow("if (store.isReadOnly())")
                    .addStatement("throw new $T($S)", UnsupportedOperationException.class,
                            "a mapped batch is read-only: sortedBy makes a sorted copy")
                    .endControlFlow()
                    .addStatement("store = store.permuted($T.$L(store, $L($L)))", RECORD_SORT, sort, adapter, parameter)
                    .build();
        }
        return MethodSpec.methodBuilder("sortBy")
                .addModifiers(Modifier.PUBLIC)
                .addParameter(parameterType, parameter)
                .addJavadoc("Sorts this batch's records by $L, stable, in place: the records move along the\n"
                        + "permutation's cycles through one spare record, so a batch too large to copy can be sorted.\n",
                        how)
                .addJavadoc("\n@throws UnsupportedOperationException if the batch is a read-only mapped file\n")
                .beginControlFlow("if (store.isReadOnly())")
                .addStatement("throw new $T($S)", UnsupportedOperationException.class,
                        "a mapped batch is read-only: sortedBy makes a sorted copy")
                .endControlFlow()
                .addStatement("$T.applyInPlace(store, $T.$L(store, $L($L)))", RECORD_SORT, RECORD_SORT, sort,
                        adapter, parameter)
                .build();
    }

    private MethodSpec recordKey() {
        return MethodSpec.methodBuilder("recordKey")
                .addModifiers(cursorModifiers())
                .returns(RECORD_KEY)
                .addParameter(keyFunction, "key")
                .addJavadoc("{@code key} applied to records in place, through one cursor.\n")
                .addStatement("$T cursor = new $T($L)", sdoName, sdoName, cursorArgument())
                .beginControlFlow("return (chunk, offset) ->")
                .addStatement("cursor.moveTo(chunk, offset)")
                .addStatement("return key.applyAsLong(cursor)")
                .addCode("$<};\n") // closes the lambda; endControlFlow would leave "} ;"
                .build();
    }

    private MethodSpec recordComparator() {
        return MethodSpec.methodBuilder("recordComparator")
                .addModifiers(cursorModifiers())
                .returns(RECORD_COMPARATOR)
                .addParameter(comparator, "order")
                .addJavadoc("{@code order} applied to records in place, through two cursors.\n")
                .addStatement("$T left = new $T($L)", sdoName, sdoName, cursorArgument())
                .addStatement("$T right = new $T($L)", sdoName, sdoName, cursorArgument())
                .beginControlFlow("return (leftChunk, leftOffset, rightChunk, rightOffset) ->")
                .addStatement("left.moveTo(leftChunk, leftOffset)")
                .addStatement("right.moveTo(rightChunk, rightOffset)")
                .addStatement("return order.compare(left, right)")
                .addCode("$<};\n") // closes the lambda; endControlFlow would leave "} ;"
                .build();
    }

    /** Cursors of a versioned record's batch know the records' version: the methods making them are not static. */
    private Modifier[] cursorModifiers() {
        return tracksWriter ? new Modifier[] {Modifier.PRIVATE} : new Modifier[] {Modifier.PRIVATE, Modifier.STATIC};
    }

    private String cursorArgument() {
        return tracksWriter ? "writer" : "";
    }

    private MethodSpec writeObject() {
        MethodSpec.Builder method = MethodSpec.methodBuilder("writeObject")
                .addModifiers(Modifier.PRIVATE)
                .addParameter(OBJECT_OUTPUT, "out")
                .addException(IO_EXCEPTION)
                .addJavadoc(variable ? "Serialises the batch as its record count and then each record's size and bytes.\n"
                        : "Serialises the batch as its record count and then its records' bytes, back to back.\n");
        if (tracksWriter) {
            // The serial form holds records of this version only: it is read back as such.
            method.addJavadoc("\n@throws java.io.NotSerializableException if the batch holds another version's records\n")
                    .beginControlFlow("if (writer.version() != $L)", VersionedBatchMembers.ownVersion(sdoName, versioned))
                    .addStatement("throw new $T($S + writer.version()$W+ $S)", NOT_SERIALIZABLE,
                            batchName.simpleName() + " of records of schema version ",
                            ": only a batch of this code's version is serialisable; copy its records into a new batch")
                    .endControlFlow();
        }
        return method.addStatement("out.defaultWriteObject()")
                .addStatement("$T.write(store, out)", STORE_SERIALIZATION)
                .build();
    }

    private MethodSpec readObject() {
        return MethodSpec.methodBuilder("readObject")
                .addModifiers(Modifier.PRIVATE)
                .addParameter(OBJECT_INPUT, "in")
                .addException(IO_EXCEPTION)
                .addException(ClassNotFoundException.class)
                .addJavadoc("Reads what {@link #writeObject} wrote into a new heap batch.\n")
                .addStatement("in.defaultReadObject()")
                .addStatement("store = $T.$L(in, $T.BYTES)", STORE_SERIALIZATION, variable ? "readVariable" : "read",
                        sdoName)
                .addCode(tracksWriter ? CodeBlock.builder()
                        .addStatement("written = IDENTITY")
                        .addStatement("writer = $L", VersionedBatchMembers.ownWriter(sdoName, versioned))
                        .build() : CodeBlock.builder().build())
                .build();
    }
}
