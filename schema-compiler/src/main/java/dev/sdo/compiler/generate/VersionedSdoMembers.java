package dev.sdo.compiler.generate;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
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
 * What differs between fixed-width records and records with variable-length data, chiefly how the size of a newer
 * version's record is known, is in the two subclasses.
 */
abstract sealed class VersionedSdoMembers implements OtherVersions
        permits VersionedFixedSdoMembers, VersionedVariableSdoMembers {
    private static final ClassName OBJECT_STREAM_FIELD = ClassName.get("java.io", "ObjectStreamField");

    final RecordLayout layout;
    private final long[] fingerprints;
    final ClassName sdoName;
    final String recordName;

    /** @param fingerprints the record's fingerprint of each of its {@code RecordLayout.versions()} */
    VersionedSdoMembers(RecordLayout layout, long[] fingerprints, ClassName sdoName) {
        this.layout = layout;
        this.fingerprints = fingerprints.clone();
        this.sdoName = sdoName;
        this.recordName = layout.record().name().simpleName();
    }

    /** The members for {@code layout}: of a fixed-width record, or of one with variable-length data. */
    static VersionedSdoMembers of(RecordLayout layout, long[] fingerprints, ClassName sdoName) {
        return layout.hasVariableData() ? new VersionedVariableSdoMembers(layout, fingerprints, sdoName)
                : new VersionedFixedSdoMembers(layout, fingerprints, sdoName);
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
        fields.add(FieldSpec.builder(JavaTypes.VERSION_TABLE, "VERSIONS", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Version 1 and each version that added fields, with its layout fingerprint and its fields' bits.\n")
                .initializer("new $T($S,$Wnew int[] {$L},$Wnew long[] {$L},$Wnew long[] {$L},$W$L /* $L */)",
                        JavaTypes.VERSION_TABLE, recordName, versionList.build(), fingerprintList.build(), bitsList.build(),
                        layout.upTo(1).hasVariableData(), layout.upTo(1).hasVariableData()
                                ? "version 1 has variable-length data" : "version 1 is fixed-width")
                .build());
        fields.add(FieldSpec.builder(JavaTypes.WRITER_VERSION, "WRITER", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("This code's own version, which {@code of}, {@code encode} and {@code wrap(buffer, offset)} assume.\n")
                .initializer("new $T(VERSION, BYTES)", JavaTypes.WRITER_VERSION)
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
                .addJavadoc(writerBytesDoc())
                .build());
        fields.add(FieldSpec.builder(int.class, "newerSize", Modifier.PRIVATE, Modifier.TRANSIENT)
                .addJavadoc(LaterVersionSizes.fieldDoc())
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

    /** The Javadoc of {@code writerBytes}. */
    abstract String writerBytesDoc();

    /** What the Javadoc of the cursor for a writer adds about the sizes of newer versions' records. */
    abstract String cursorDoc();

    /** The size of a newer version's record until its container gives one. */
    abstract CodeBlock unsizedNewer();

    /** What {@code wrap(buffer, offset, writer)} adds to the writers it refuses, in its Javadoc. */
    abstract String newerWriterRefusal();

    /** The rest of {@code wrap(buffer, offset, writer)} once the writer and the fixed part's bounds are checked. */
    abstract MethodSpec.Builder wrapForWriter(MethodSpec.Builder wrap);

    /** What {@code wrap(buffer, offset, writer, size)}'s Javadoc adds about why a size is needed. */
    abstract String sizeNeededDoc();

    /** The rest of {@code wrap(buffer, offset, writer, size)} once the view is made: the size checked and kept. */
    abstract MethodSpec.Builder wrapWithSize(MethodSpec.Builder wrap);

    /** The methods by which the view knows the size of the record it shows. */
    abstract List<MethodSpec> sizeMethods();

    /**
     * The sizes {@code readObject} can check, a method reference to {@code sizeOf} for a record of this code's own
     * version, or {@code null} where only the serial form knows the size.
     */
    abstract CodeBlock serialSizes();

    /** What {@code readObject} checks of the record it has read, after its writer and size are set. */
    abstract CodeBlock serialCheck();

    /** The statement that sets {@code newerSize} for {@code writer}, a version this code knows or a newer one. */
    private CodeBlock newerSizeOf(String writer) {
        return CodeBlock.builder()
                .addStatement("this.newerSize = $L.version() > VERSION ? $L : $T.SIZE_IN_RECORD", writer, unsizedNewer(),
                        JavaTypes.WRITER_VERSION)
                .build();
    }

    /** The methods: the cursor for a writer, what the writer wrote, the wrap overloads, the size. */
    @Override
    public List<MethodSpec> methods() {
        List<MethodSpec> methods = new ArrayList<>();
        methods.add(MethodSpec.constructorBuilder()
                .addModifiers(Modifier.PUBLIC)
                .addParameter(JavaTypes.WRITER_VERSION, "writer")
                .addJavadoc("A cursor over records written by {@code writer}, which shows no record until {@link #moveTo}\n"
                        + "moves it to one: how a batch of another version's records visits them.\n")
                .addJavadoc(cursorDoc())
                .addJavadoc("\n@throws IllegalArgumentException when {@code writer} cannot have written a $L\n", recordName)
                .addStatement("VERSIONS.checkWriter(writer)")
                .addStatement("this.writerVersion = writer.version()")
                .addStatement("this.writerBytes = writer.fixedBytes()")
                .addCode(newerSizeOf("writer"))
                .build());
        methods.add(MethodSpec.constructorBuilder()
                .addModifiers(Modifier.PRIVATE)
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "offset")
                .addParameter(JavaTypes.WRITER_VERSION, "writer")
                .addStatement("this.buffer = buffer")
                .addStatement("this.offset = offset")
                .addStatement("this.writerVersion = writer.version()")
                .addStatement("this.writerBytes = writer.fixedBytes()")
                .addCode(newerSizeOf("writer"))
                .build());
        methods.add(MethodSpec.methodBuilder("writtenBy")
                .addModifiers(Modifier.PUBLIC)
                .returns(JavaTypes.WRITER_VERSION)
                .addJavadoc("Which version wrote the record shown.\n")
                .addStatement("return new $T(writerVersion, writerBytes)", JavaTypes.WRITER_VERSION)
                .build());
        methods.add(wrapForWriter(MethodSpec.methodBuilder("wrap")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(sdoName)
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "offset")
                .addParameter(JavaTypes.WRITER_VERSION, "writer")
                .addJavadoc("A view of the $L that {@code writer} wrote at byte {@code offset} of {@code buffer}: fields\n"
                        + "added after the writer's version read as absent (or their zero value), and fields of a\n"
                        + "newer version are ignored. The buffer's position, limit and byte order do not change.\n",
                        recordName)
                .addJavadoc("\n@throws IllegalArgumentException when {@code writer} cannot have written a $L$L\n",
                        recordName, newerWriterRefusal())
                .addJavadoc("@throws IndexOutOfBoundsException if the writer's record does not lie within the buffer's limit\n")
                .addStatement("VERSIONS.checkWriter(writer)")
                .addStatement("$T.checkFromIndexSize(offset, writer.fixedBytes(), buffer.limit())", JavaTypes.OBJECTS))
                .build());
        methods.add(wrapWithSize(MethodSpec.methodBuilder("wrap")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(sdoName)
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "offset")
                .addParameter(JavaTypes.WRITER_VERSION, "writer")
                .addParameter(int.class, "size")
                .addJavadoc("A view of the {@code size}-byte $L that {@code writer} wrote at byte {@code offset} of\n"
                        + "{@code buffer}, where the container knows the record's size: how code reads a record of a\n"
                        + "newer version, whose size it cannot find in the record$L. For a version this code knows,\n"
                        + "the size must be the one the record has.\n", recordName, sizeNeededDoc())
                .addJavadoc("\n@throws IllegalArgumentException when {@code writer} cannot have written a $L\n", recordName)
                .addJavadoc("@throws IndexOutOfBoundsException if the record does not lie within the buffer's limit\n")
                .addJavadoc("@throws $T if the record's own size is not {@code size}\n", JavaTypes.CORRUPT_DATA)
                .addStatement("VERSIONS.checkWriter(writer)")
                .addStatement("$T.checkFromIndexSize(offset, $T.max(size, writer.fixedBytes()), buffer.limit())",
                        JavaTypes.OBJECTS, Math.class)
                .addStatement("$T sdo = new $T(buffer, offset, writer)", sdoName, sdoName))
                .build());
        methods.addAll(sizeMethods());
        return methods;
    }

    /** The statements that refuse a record of a version this code knows whose size is not {@code size}. */
    CodeBlock sizeMismatch(CodeBlock ownSize) {
        return CodeBlock.builder()
                .addStatement("throw new $T($S + $L + $S + size)", JavaTypes.CORRUPT_DATA,
                        recordName + ": the record says it has ", ownSize, " bytes, its container says ")
                .build();
    }

    @Override
    public CodeBlock wrapDoc() {
        return CodeBlock.of("The record must be of this code's version ({@link #WRITER}); {@link #wrap(ByteBuffer, int, $T)}\n"
                + "reads other versions' records.\n", JavaTypes.WRITER_VERSION);
    }

    /** None: its own {@code byteSize()} is among {@link #methods()}, since the writer's version sizes the record. */
    @Override
    public Optional<CodeBlock> byteSizePrefix() {
        return Optional.empty();
    }

    @Override
    public String equalWriters() {
        return " && writerVersion == that.writerVersion";
    }

    @Override
    public Optional<List<MethodSpec>> serialForm() {
        return Optional.of(List.of(writeObject(), readObject()));
    }

    /** The serial fields that say which version wrote a serialised record (see {@code RecordVersions}). */
    private FieldSpec serialFields() {
        return FieldSpec.builder(ArrayTypeName.of(OBJECT_STREAM_FIELD), "serialPersistentFields", Modifier.PRIVATE,
                        Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Which version wrote a serialised record, and its fingerprints: absent from the serial form of\n"
                        + "version 1's code, and ignored by it.\n")
                .initializer("$T.serialFields()", JavaTypes.VERSION_TABLE)
                .build();
    }

    /** {@code writeObject}: the serial fields, then the record's bytes as its writer wrote them. */
    private MethodSpec writeObject() {
        return SerialMethods.writeObject("Serialises which version wrote the record and its size, then its bytes as that "
                        + "version wrote\nthem.\n")
                .addStatement("byte[] bytes = toByteArray()")
                .addStatement("VERSIONS.write(out, writerVersion, writerBytes, bytes.length)")
                .addStatement("out.write(bytes)")
                .build();
    }

    /** {@code readObject}: checks the writer's fingerprints, then reads its bytes into a buffer of its own. */
    private MethodSpec readObject() {
        return SerialMethods.readObject(
                        "Reads what {@link #writeObject} (of this or any other version) wrote into a buffer of its own.\n")
                .addJavadoc("\n@throws java.io.InvalidObjectException when the writer's record is not compatible with this one\n")
                .addStatement("$T.Serialised form = VERSIONS.read(in)", JavaTypes.VERSION_TABLE)
                // Room only as the bytes arrive: a forged size costs no more than the stream holds. Only the form
                // gives the size of another version's record (or a fixed-width one), which this code cannot read from it.
                .addStatement("buffer = $T.readSerialised($S, in, form.size(),$Wform.writer().fixedBytes(),$W$L)",
                        JavaTypes.VARIABLE_DATA, recordName, serialSizes())
                .addStatement("offset = 0")
                .addStatement("writerVersion = form.writer().version()")
                .addStatement("writerBytes = form.writer().fixedBytes()")
                .addStatement("newerSize = form.writer().version() > VERSION ? form.size() : $T.SIZE_IN_RECORD",
                        JavaTypes.WRITER_VERSION)
                .addCode(serialCheck())
                .build();
    }
}
