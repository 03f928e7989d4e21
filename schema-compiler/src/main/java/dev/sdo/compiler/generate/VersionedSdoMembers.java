package dev.sdo.compiler.generate;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.VersionTable;
import dev.sdo.runtime.WriterVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * The members by which the SDO of a record with {@code @since} fields reads data of other schema versions, the way
 * SBE decoders take an acting version and block length: the version and fixed size of the data's writer are state
 * of the view ({@code writerVersion}, {@code writerBytes}), set from a {@code WriterVersion} its container supplies;
 * getters of fields the writer did not have return absent or their zero value, and data of a record with
 * variable-length fields starts after the writer's fixed part. Records without {@code @since} get none of this.
 */
final class VersionedSdoMembers implements OtherVersions {
    static final ClassName WRITER_VERSION = ClassName.get(WriterVersion.class);
    static final ClassName VERSION_TABLE = ClassName.get(VersionTable.class);
    private static final ClassName OBJECT_STREAM_FIELD = ClassName.get("java.io", "ObjectStreamField");
    private static final ClassName OBJECT_OUTPUT = ClassName.get("java.io", "ObjectOutputStream");
    private static final ClassName OBJECT_INPUT = ClassName.get("java.io", "ObjectInputStream");
    private static final ClassName IO_EXCEPTION = ClassName.get("java.io", "IOException");

    private final RecordLayout layout;
    private final long[] fingerprints;
    private final ClassName sdoName;
    private final String recordName;
    private final boolean variable;

    /** @param fingerprints the record's fingerprint of each of its {@code RecordLayout.versions()} */
    VersionedSdoMembers(RecordLayout layout, long[] fingerprints, ClassName sdoName) {
        this.layout = layout;
        this.fingerprints = fingerprints.clone();
        this.sdoName = sdoName;
        this.recordName = layout.record().name().simpleName();
        this.variable = layout.hasVariableData();
    }

    @Override
    public String serialVersionDoc() {
        return "The fingerprint of version 1's layout: records serialised by any later version stay\n"
                + "readable, and their serial form says which version wrote them.\n";
    }

    /** The serial fields, then the static constants: VERSION, FINGERPRINT, VERSIONS and WRITER. */
    @Override
    public List<FieldSpec> constants() {
        List<FieldSpec> fields = new ArrayList<>();
        fields.add(serialFields());
        fields.add(FieldSpec.builder(int.class, "VERSION", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The schema version of this code: the largest {@code @since} of the record's fields.\n")
                .initializer("$L", layout.version())
                .build());
        fields.add(FieldSpec.builder(long.class, "FINGERPRINT", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The layout fingerprint of version {@link #VERSION}; {@link #VERSIONS} has the earlier ones.\n")
                .initializer("$L", Constants.hexLong(fingerprints[fingerprints.length - 1]))
                .build());
        CodeBlock.Builder versionList = CodeBlock.builder();
        CodeBlock.Builder fingerprintList = CodeBlock.builder();
        CodeBlock.Builder bitsList = CodeBlock.builder();
        List<Integer> versions = layout.versions();
        for (int i = 0; i < versions.size(); i++) {
            String separator = i == 0 ? "" : ",$W";
            versionList.add(separator + "$L", versions.get(i));
            fingerprintList.add(separator + "$L", Constants.hexLong(fingerprints[i]));
            bitsList.add(separator + "$L", Constants.longLiteral(layout.upTo(versions.get(i)).totalBits()));
        }
        fields.add(FieldSpec.builder(VERSION_TABLE, "VERSIONS", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Version 1 and each version that added fields, with its layout fingerprint and its fields' bits.\n")
                .initializer("new $T($S,$Wnew int[] {$L},$Wnew long[] {$L},$Wnew long[] {$L},$W$L /* $L */)",
                        VERSION_TABLE, recordName, versionList.build(), fingerprintList.build(), bitsList.build(),
                        layout.upTo(1).hasVariableData(), layout.upTo(1).hasVariableData()
                                ? "version 1 has variable-length data" : "version 1 is fixed-width")
                .build());
        fields.add(FieldSpec.builder(WRITER_VERSION, "WRITER", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("This code's own version, which {@code of}, {@code encode} and {@code wrap(buffer, offset)} assume.\n")
                .initializer("new $T(VERSION, BYTES)", WRITER_VERSION)
                .build());
        return fields;
    }

    /** The instance state: which version wrote the data shown. */
    @Override
    public List<FieldSpec> state() {
        List<FieldSpec> fields = new ArrayList<>();
        fields.add(FieldSpec.builder(int.class, "writerVersion", Modifier.PRIVATE, Modifier.TRANSIENT)
                .addJavadoc("The schema version that wrote the record shown: fields added later read as absent or zero.\n")
                .build());
        fields.add(FieldSpec.builder(int.class, "writerBytes", Modifier.PRIVATE, Modifier.TRANSIENT)
                .addJavadoc(variable ? "The size of the writer's fixed part, where the variable-length data starts.\n"
                        : "The size of the writer's fixed part: the record's size.\n")
                .build());
        fields.add(FieldSpec.builder(int.class, "newerSize", Modifier.PRIVATE, Modifier.TRANSIENT)
                .addJavadoc("For a record of a newer version than {@link #VERSION}, its size as its container gave it\n"
                        + "($L): this code cannot find it in the record.\n",
                        variable ? "-1 while it is not known" : "without one, its fixed part")
                .build());
        return fields;
    }

    /** The body of the cursor constructor and of the private one: this code's own version. */
    @Override
    public CodeBlock currentWriter() {
        return CodeBlock.builder()
                .addStatement("this.writerVersion = VERSION")
                .addStatement("this.writerBytes = BYTES")
                .build();
    }

    /** The methods: version tables, the wrap overloads, the cursor for a writer, what the writer wrote. */
    @Override
    public List<MethodSpec> methods() {
        List<MethodSpec> methods = new ArrayList<>();
        MethodSpec.Builder cursor = MethodSpec.constructorBuilder()
                .addModifiers(Modifier.PUBLIC)
                .addParameter(WRITER_VERSION, "writer")
                .addJavadoc("A cursor over records written by {@code writer}, which shows no record until {@link #moveTo}\n"
                        + "moves it to one: how a batch of another version's records visits them.\n")
                .addJavadoc(variable ? "Records of a newer version get their sizes from {@link #moveTo(ByteBuffer, int, int)}.\n" : "")
                .addJavadoc("\n@throws IllegalArgumentException when {@code writer} cannot have written a $L\n", recordName)
                .addStatement("VERSIONS.checkWriter(writer)");
        methods.add(cursor
                .addStatement("this.writerVersion = writer.version()")
                .addStatement("this.writerBytes = writer.fixedBytes()")
                .addStatement(variable ? "this.newerSize = -1" : "this.newerSize = writer.fixedBytes()")
                .build());
        methods.add(MethodSpec.constructorBuilder()
                .addModifiers(Modifier.PRIVATE)
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "offset")
                .addParameter(WRITER_VERSION, "writer")
                .addStatement("this.buffer = buffer")
                .addStatement("this.offset = offset")
                .addStatement("this.writerVersion = writer.version()")
                .addStatement("this.writerBytes = writer.fixedBytes()")
                .addStatement("this.newerSize = writer.fixedBytes()")
                .build());
        methods.add(MethodSpec.methodBuilder("writtenBy")
                .addModifiers(Modifier.PUBLIC)
                .returns(WRITER_VERSION)
                .addJavadoc("Which version wrote the record shown.\n")
                .addStatement("return new $T(writerVersion, writerBytes)", WRITER_VERSION)
                .build());
        methods.add(wrapWithWriter());
        methods.add(wrapWithSize());
        if (variable) {
            methods.add(byteSize());
            methods.add(sizedMoveTo());
            methods.add(containerSize());
        } else {
            methods.add(MethodSpec.methodBuilder("writtenBits")
                    .addModifiers(Modifier.PRIVATE)
                    .returns(long.class)
                    .addJavadoc("The bits of the record as its writer wrote them; a newer writer's whole fixed part.\n")
                    .addStatement("return VERSIONS.writtenBits(writerVersion, newerSize)")
                    .build());
        }
        return methods;
    }

    private MethodSpec wrapWithWriter() {
        MethodSpec.Builder wrap = MethodSpec.methodBuilder("wrap")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(sdoName)
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "offset")
                .addParameter(WRITER_VERSION, "writer")
                .addJavadoc("A view of the $L that {@code writer} wrote at byte {@code offset} of {@code buffer}: fields\n"
                        + "added after the writer's version read as absent (or their zero value), and fields of a\n"
                        + "newer version are ignored. The buffer's position, limit and byte order do not change.\n",
                        recordName)
                .addJavadoc("\n@throws IllegalArgumentException when {@code writer} cannot have written a $L$L\n",
                        recordName, variable ? ", or is\n    newer than this code, which then cannot find the "
                                + "record's size (see {@link #wrap(ByteBuffer, int, WriterVersion, int)})" : "")
                .addJavadoc("@throws IndexOutOfBoundsException if the writer's record does not lie within the buffer's limit\n")
                .addStatement("VERSIONS.checkWriter(writer)")
                .addStatement("$T.checkFromIndexSize(offset, writer.fixedBytes(), buffer.limit())", JavaTypes.OBJECTS);
        if (!variable) {
            return wrap.addStatement("return new $T(buffer, offset, writer)", sdoName).build();
        }
        return wrap.beginControlFlow("if (writer.version() > VERSION)")
                .addStatement("throw new $T($S + writer.version()$W+ $S)", IllegalArgumentException.class,
                        recordName + ": a record of the newer version ",
                        " has a size only its container knows: wrap it with that size")
                .endControlFlow()
                .addStatement("$T sdo = new $T(buffer, offset, writer)", sdoName, sdoName)
                .addStatement("$T.length($S, buffer, offset, writer.fixedBytes(), sdo.byteSize())",
                        JavaTypes.VARIABLE_DATA, recordName)
                .addStatement("return sdo")
                .build();
    }

    private MethodSpec wrapWithSize() {
        MethodSpec.Builder wrap = MethodSpec.methodBuilder("wrap")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(sdoName)
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "offset")
                .addParameter(WRITER_VERSION, "writer")
                .addParameter(int.class, "size")
                .addJavadoc("A view of the {@code size}-byte $L that {@code writer} wrote at byte {@code offset} of\n"
                        + "{@code buffer}, where the container knows the record's size: how code reads a record of a\n"
                        + "newer version, whose size it cannot find in the record$L. For a version this code knows,\n"
                        + "the size must be the one the record has.\n", recordName,
                        variable ? "" : " (a later version may have added variable-length data)")
                .addJavadoc("\n@throws IllegalArgumentException when {@code writer} cannot have written a $L\n", recordName)
                .addJavadoc("@throws IndexOutOfBoundsException if the record does not lie within the buffer's limit\n")
                .addJavadoc("@throws $T if the record's own size is not {@code size}\n", JavaTypes.CORRUPT_DATA)
                .addStatement("VERSIONS.checkWriter(writer)")
                .addStatement("$T.checkFromIndexSize(offset, $T.max(size, writer.fixedBytes()), buffer.limit())",
                        JavaTypes.OBJECTS, Math.class)
                .addStatement("$T sdo = new $T(buffer, offset, writer)", sdoName, sdoName)
                .addStatement("sdo.newerSize = size");
        CodeBlock ownSize = variable ? CodeBlock.of("sdo.byteSize()") : CodeBlock.of("writer.fixedBytes()");
        if (!variable) {
            // A fixed-width version's record is its fixed part; a newer one's is at least that.
            wrap.beginControlFlow("if (writer.version() > VERSION)")
                    .beginControlFlow("if (size < writer.fixedBytes())")
                    .addStatement("throw new $T($S + writer + $S + size)", JavaTypes.CORRUPT_DATA,
                            recordName + ": a record of ", " is at least its fixed part, not ")
                    .endControlFlow()
                    .addStatement("return sdo")
                    .endControlFlow();
        }
        wrap.beginControlFlow("if ($L != size)", ownSize)
                .addStatement("throw new $T($S + $L + $S + size)", JavaTypes.CORRUPT_DATA,
                        recordName + ": the record says it has ", ownSize, " bytes, its container says ")
                .endControlFlow();
        if (variable) {
            wrap.addStatement("$T.length($S, buffer, offset, writer.fixedBytes(), size)", JavaTypes.VARIABLE_DATA,
                    recordName);
        }
        return wrap.addStatement("return sdo").build();
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
                .beginControlFlow("if (writerVersion > VERSION)")
                .addStatement("return containerSize()")
                .endControlFlow();
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
            String end = GeneratedNames.endMethod(layout.record(), last.field());
            if (since == 1) {
                // Every version has this field: its slot is the size.
                return method.addStatement("return $N()", end).build();
            }
            method.beginControlFlow("if (writerVersion >= $L)", since)
                    .addStatement("return $N()", end)
                    .endControlFlow();
            version = since;
        }
        return method.addStatement("return writerBytes").build();
    }

    /**
     * {@code moveTo(chunk, offset, size)} of a record with variable-length data: the size of a newer version's record,
     * as a batch's offsets index gives it.
     */
    private MethodSpec sizedMoveTo() {
        return MethodSpec.methodBuilder("moveTo")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .addParameter(JavaTypes.BYTE_BUFFER, "chunk")
                .addParameter(int.class, "offset")
                .addParameter(int.class, "size")
                .addJavadoc("{@link #moveTo(ByteBuffer, int)} to a record of {@code size} bytes, as a batch's offsets index\n"
                        + "gives it: the size of a newer version's record, which this code cannot find in it.\n")
                .addStatement("this.buffer = chunk")
                .addStatement("this.offset = offset")
                .addStatement("this.newerSize = size")
                .build();
    }

    /**
     * The statements {@code moveTo(chunk, offset)} adds for a record with variable-length data: a newer version's
     * record moved to has no known size.
     */
    @Override
    public CodeBlock unsizedMove() {
        return variable ? CodeBlock.builder().addStatement("this.newerSize = -1").build() : CodeBlock.builder().build();
    }

    @Override
    public CodeBlock wrapDoc() {
        return CodeBlock.of("The record must be of this code's version ({@link #WRITER}); {@link #wrap(ByteBuffer, int, $T)}\n"
                + "reads other versions' records.\n", WRITER_VERSION);
    }

    /** None: its own {@code byteSize()} is among {@link #methods()}, since the writer's version sizes the record. */
    @Override
    public Optional<CodeBlock> byteSizePrefix() {
        return Optional.empty();
    }

    @Override
    public CodeBlock fixedBits() {
        return CodeBlock.of("writtenBits()");
    }

    @Override
    public String equalWriters() {
        return " && writerVersion == that.writerVersion";
    }

    @Override
    public Optional<List<MethodSpec>> serialForm() {
        return Optional.of(List.of(writeObject(), readObject()));
    }

    private MethodSpec containerSize() {
        return MethodSpec.methodBuilder("containerSize")
                .addModifiers(Modifier.PRIVATE)
                .returns(int.class)
                .addJavadoc("The size of a newer version's record, as its container gave it.\n")
                .beginControlFlow("if (newerSize < 0)")
                .addStatement("throw new $T($S)", IllegalStateException.class, recordName + ": a record of a newer "
                        + "version was moved to without its size, which only its container knows")
                .endControlFlow()
                .addStatement("return newerSize")
                .build();
    }

    /** The serial fields that say which version wrote a serialised record (see {@code RecordVersions}). */
    private FieldSpec serialFields() {
        return FieldSpec.builder(ArrayTypeName.of(OBJECT_STREAM_FIELD), "serialPersistentFields", Modifier.PRIVATE,
                        Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Which version wrote a serialised record, and its fingerprints: absent from the serial form of\n"
                        + "version 1's code, and ignored by it.\n")
                .initializer("$T.serialFields()", VERSION_TABLE)
                .build();
    }

    /** {@code writeObject}: the serial fields, then the record's bytes as its writer wrote them. */
    private MethodSpec writeObject() {
        return MethodSpec.methodBuilder("writeObject")
                .addModifiers(Modifier.PRIVATE)
                .addParameter(OBJECT_OUTPUT, "out")
                .addException(IO_EXCEPTION)
                .addJavadoc("Serialises which version wrote the record and its size, then its bytes as that version wrote\n"
                        + "them.\n")
                .addStatement("byte[] bytes = toByteArray()")
                .addStatement("VERSIONS.write(out, writerVersion, writerBytes, bytes.length)")
                .addStatement("out.write(bytes)")
                .build();
    }

    /** {@code readObject}: checks the writer's fingerprints, then reads its bytes into a buffer of its own. */
    private MethodSpec readObject() {
        return MethodSpec.methodBuilder("readObject")
                .addModifiers(Modifier.PRIVATE)
                .addParameter(OBJECT_INPUT, "in")
                .addException(IO_EXCEPTION)
                .addException(ClassNotFoundException.class)
                .addJavadoc("Reads what {@link #writeObject} (of this or any other version) wrote into a buffer of its own.\n")
                .addJavadoc("\n@throws java.io.InvalidObjectException when the writer's record is not compatible with this one\n")
                .addStatement("$T.Serialised form = VERSIONS.read(in)", VERSION_TABLE)
                // Room only as the bytes arrive: a forged size costs no more than the stream holds. Only the form
                // gives the size of another version's record (or a fixed-width one), which this code cannot read from it.
                .addStatement("buffer = $T.readSerialised($S, in, form.size(),$Wform.writer().fixedBytes(),$W$L)",
                        JavaTypes.VARIABLE_DATA, recordName, variable
                                ? CodeBlock.of("form.writer().version() == VERSION ? $T::sizeOf : null", sdoName)
                                : CodeBlock.of("null"))
                .addStatement("offset = 0")
                .addStatement("writerVersion = form.writer().version()")
                .addStatement("writerBytes = form.writer().fixedBytes()")
                .addStatement("newerSize = form.size()")
                .build();
    }
}
