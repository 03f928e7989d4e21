package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import dev.sdo.compiler.layout.BitWidths;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.Field;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The SDO of a record with variable-length data: its size is read from the record (the last variable-length field's
 * end slot), encoding computes the size first, and its serial form starts with the size.
 */
final class VariableSizing implements Sizing {
    private final RecordLayout layout;
    private final ClassName sdoName;
    private final ClassName interfaceName;
    private final SdoContext context;
    private final String recordName;
    /** Whether the record's private {@code dataBytes} and {@code encode} take the log ({@link CompactLog}). */
    private final boolean logs;

    VariableSizing(RecordLayout layout, ClassName sdoName, ClassName interfaceName, SdoContext context) {
        this.layout = layout;
        this.sdoName = sdoName;
        this.interfaceName = interfaceName;
        this.context = context;
        this.recordName = layout.record().name().simpleName();
        this.logs = CompactLog.takenBy(layout);
    }

    @Override
    public String classDocTail() {
        return ", then the data of its variable-length fields";
    }

    @Override
    public String bytesDoc() {
        return "The size in bytes of the record's fixed part; its data follows.\n";
    }

    /** Every field's data must lie within the record ({@link CheckedByteSize}), and the record within the buffer. */
    @Override
    public CodeBlock wrapRest() {
        return CodeBlock.builder()
                .addStatement("$T sdo = new $T(buffer, offset)", sdoName, sdoName)
                .addStatement("$T.length($S, buffer, offset, BYTES, sdo.checkedByteSize())", JavaTypes.VARIABLE_DATA,
                        recordName)
                .addStatement("return sdo")
                .build();
    }

    @Override
    public CodeBlock recordBits(OtherVersions versions) {
        return CodeBlock.of("8L * byteSize()");
    }

    @Override
    public List<MethodSpec> methods(OtherVersions versions) {
        List<MethodSpec> methods = new ArrayList<>();
        if (!layout.compact()) {
            // A compact record does not hold its size, which its container gives (docs/record-format.md 8.2).
            methods.add(sizeOf());
        }
        versions.byteSizePrefix().ifPresent(prefix -> methods.add(byteSize(prefix)));
        methods.add(CheckedByteSize.method(layout, context));
        if (layout.compact()) {
            methods.add(CheckedByteSize.wrapNested(layout, context, sdoName));
        }
        methods.add(encodedSize());
        if (layout.compact()) {
            methods.add(loggedSize());
        }
        methods.add(dataBytes());
        if (layout.compact()) {
            methods.add(slots());
        }
        methods.addAll(List.of(of(), encode()));
        if (layout.compact()) {
            methods.add(loggedEncode());
        }
        return methods;
    }

    /** {@code static int sizeOf(ByteBuffer, int)}: the whole record's size, read from its last end slot. */
    private MethodSpec sizeOf() {
        FieldLayout last = layout.lastVariable();
        String slot = context.slotConstant(last);
        return MethodSpec.methodBuilder("sizeOf")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(int.class)
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "offset")
                .addJavadoc("The size in bytes of the $L at byte {@code offset} of {@code buffer}: its fixed part\n"
                        + "({@link #BYTES}) and its variable-length data, read from the record in constant time.\n",
                        recordName)
                .addStatement("return (int) $T.read(buffer, offset, $N, $L)", JavaTypes.BIT_FIELDS, slot,
                        BitWidths.END_SLOT_BITS)
                .build();
    }

    /**
     * {@code int byteSize()}: this record's whole size, after {@code newer}, the statements that return the size of a
     * later version's record.
     */
    private MethodSpec byteSize(CodeBlock newer) {
        return MethodSpec.methodBuilder("byteSize")
                .addModifiers(Modifier.PUBLIC)
                .returns(int.class)
                .addJavadoc(layout.compact()
                        ? "The size in bytes of this record: its fixed part ({@link #BYTES}), its slot table and its data,\n"
                                + "as its container gave it.\n"
                        : "The size in bytes of this record: its fixed part ({@link #BYTES}) and its data; for a record of\n"
                                + "a later version, the size its container gave.\n")
                .addCode(newer)
                .addStatement(layout.compact() ? CodeBlock.of("return $N", SdoContext.SIZE)
                        : CodeBlock.of("return $N()", GeneratedNames.endMethod(layout.record(),
                                layout.lastVariable().field())))
                .build();
    }

    /** {@code static int encodedSize(X)}: the size {@code of} allocates. */
    private MethodSpec encodedSize() {
        return MethodSpec.methodBuilder("encodedSize")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(int.class)
                .addParameter(interfaceName, "source")
                .addJavadoc("The number of bytes {@code source} takes encoded: {@link #BYTES} and the data of its\n"
                        + "variable-length fields.\n")
                .addJavadoc("\n@throws IllegalArgumentException when a required field is null, a string is not\n"
                        + "    well-formed Unicode or the record would exceed 2^31 - 1 bytes\n")
                .addStatement("$T.requireNonNull(source, $S)", JavaTypes.OBJECTS, "source")
                .addCode(layout.compact()
                        ? CodeBlock.builder()
                                .beginControlFlow("try ($T sizes = $T.take())", JavaTypes.COMPACT_SIZES,
                                        JavaTypes.COMPACT_SIZES)
                                .addStatement("return encodedSize(source, sizes)")
                                .endControlFlow()
                                .build()
                        : CodeBlock.builder().addStatement("return $T.recordSize($S, BYTES, dataBytes(source))",
                                JavaTypes.VARIABLE_DATA, recordName).build())
                .build();
    }

    /**
     * A compact record's {@code static int encodedSize(X, CompactSizes)}: its size, logged with its slot count before
     * the sizes of the compact records it holds, which {@code encode(X, ByteBuffer, int, CompactSizes)} reads back in
     * the same order.
     */
    private MethodSpec loggedSize() {
        MethodSpec.Builder method = MethodSpec.methodBuilder("encodedSize")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(int.class)
                .addParameter(interfaceName, "source")
                .addParameter(JavaTypes.COMPACT_SIZES, "sizes")
                .addJavadoc("For generated code: {@link #encodedSize($T)} of the non-null {@code source}, logged in\n"
                        + "{@code sizes} before the sizes of the compact records it holds, for\n"
                        + "{@link #encode($T, $T, int, $T)} to read back instead of sizing them again.\n",
                        interfaceName, interfaceName, JavaTypes.BYTE_BUFFER, JavaTypes.COMPACT_SIZES)
                .addJavadoc("\n@throws IllegalArgumentException as {@link #encodedSize($T)} does\n", interfaceName)
                .addCode("// Its entry before those of the records it holds: the order the writing pass reads them in.\n")
                .addStatement("int entry = sizes.start()")
                .addStatement("int slots = slots(source, null, 0)")
                .addStatement("long data = dataBytes(source$L)", logs ? ", sizes" : "");
        if (!SharedStringFields.documentHasStrings(context.model(), layout)) {
            return method.addStatement("return sizes.set(entry, $T.recordSize($S, BYTES, slots, data), slots)",
                    JavaTypes.COMPACT_SLOTS, recordName).build();
        }
        return method.addStatement("int size = sizes.set(entry, $T.recordSize($S, BYTES, slots, data), slots)",
                        JavaTypes.COMPACT_SLOTS, recordName)
                .addCode("// A document too large for its strings' references is sized again, sharing none (section 8.6).\n")
                .addStatement("return sizes.kept(entry, size) ? size : encodedSize(source, sizes)")
                .build();
    }

    /**
     * A compact record's private {@code slots(source, buffer, base)}: the number of its variable-length fields that
     * have an end slot, their slot bits written when {@code buffer} is not null (docs/record-format.md, section 8.1).
     */
    private MethodSpec slots() {
        MethodSpec.Builder method = MethodSpec.methodBuilder("slots")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(int.class)
                .addParameter(interfaceName, "source")
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "base")
                .addJavadoc("The number of end slots in the table of {@code source}: one for each variable-length field\n"
                        + "with data (a required field other than an empty string, bytes or list, a present optional one,\n"
                        + "a value other than a default, a union's alternative stored after the fixed part) but the last,\n"
                        + "which ends at the record's size; writes their slot bits when {@code buffer} is not null.\n")
                .addStatement("int slots = 0")
                .addStatement("boolean slot");
        boolean lists = layout.fields().stream().anyMatch(this::listAtSlotWidth);
        if (lists) {
            method.addJavadoc("Counts with them each list's count and end offsets, as wide as the slots (section 8.5).\n")
                    .addStatement("long numbers = 0");
        }
        int index = 0;
        for (FieldLayout field : layout.fields()) {
            if (!field.compactSlot()) {
                continue;
            }
            Field f = field.field();
            String qualified = GeneratedNames.qualifiedField(layout.record().name(), f);
            CodeBlock value = CodeBlock.of("source.$N()", GeneratedNames.getter(f));
            if (field.encoding() instanceof Encoding.Union union) {
                method.addStatement("slot = $T.slotBit($S, $L)", GeneratedNames.sdo(union.name()), qualified, value);
            } else if (f.defaultValue() != null) {
                String local = "value" + index++;
                String constant = context.constants().define(context.prefix(field) + "_DEFAULT",
                        JavaTypes.valueType(field), DefaultCode.value(field));
                method.addStatement("$T $N = $L", JavaTypes.getterType(field), local, value)
                        .addStatement("slot = !($L)", DefaultCode.isDefault(field, CodeBlock.of("$N", local), constant));
            } else if (f.optional()) {
                method.addStatement("slot = $L != null", value);
            } else if (field.emptyWithoutSlot()) {
                // A required string, bytes or list has a slot only when it is not empty (section 8.1).
                method.addStatement("slot = $L", nonEmpty(field,
                        CodeBlock.of("$T.requireNonNull($S, $L)", JavaTypes.FIELD_VALUES, qualified, value)));
            } else {
                method.addStatement("slot = true");
            }
            if (listAtSlotWidth(field)) {
                // A list's count and end offsets are as wide as the slots (section 8.5): counted with them.
                method.beginControlFlow("if (slot)")
                        .addStatement("numbers += $L", ListCodec.field(context, field, null).numbers(value))
                        .endControlFlow();
            }
            // The index constant is the getters' (defined before the class's constants are emitted).
            method.beginControlFlow("if (buffer != null)")
                    .addStatement("$T.writeBit(buffer, base, $T.WIDTH_BITS + $N, slot)", JavaTypes.BIT_FIELDS,
                            JavaTypes.COMPACT_SLOTS, context.slotIndexConstant(field))
                    .endControlFlow()
                    .beginControlFlow("if (slot)")
                    .addStatement("slots++")
                    .endControlFlow();
        }
        if (lists) {
            return method.addStatement("return (int) $T.min($T.MAX_VALUE, $T.tableSlots(slots) + numbers)", Math.class,
                    Integer.class, JavaTypes.COMPACT_SLOTS).build();
        }
        return method.addStatement("return $T.tableSlots(slots)", JavaTypes.COMPACT_SLOTS).build();
    }

    /** Whether {@code field} is a list field whose count and end offsets take the slot width (section 8.5). */
    private boolean listAtSlotWidth(FieldLayout field) {
        return field.compactSlot() && field.encoding() instanceof Encoding.ListOf
                && ListCodec.field(context, field, CodeBlock.of("0")).atSlotWidth();
    }

    /** The private method that sums the lengths of the variable-length fields' data. */
    private MethodSpec dataBytes() {
        MethodSpec.Builder method = MethodSpec.methodBuilder("dataBytes")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(long.class)
                .addParameter(interfaceName, "source");
        if (logs) {
            // The compact records its fields hold are logged as they are sized.
            method.addParameter(JavaTypes.COMPACT_SIZES, "sizes");
        }
        method.addStatement("long bytes = 0");
        for (FieldLayout field : layout.fields()) {
            if (!field.variableLength()) {
                continue;
            }
            Field f = field.field();
            String qualified = GeneratedNames.qualifiedField(layout.record().name(), f);
            CodeBlock value = CodeBlock.of("source.$N()", GeneratedNames.getter(f));
            // A compact record's list: the rest of its data, its count and end offsets counted with the slots (8.5).
            DataCode data = new DataCode(qualified, () -> logged(ListCodec.field(context, field, CodeBlock.of("0"))),
                    logs, true);
            Encoding encoding = field.encoding();
            if (f.defaultValue() != null) {
                // A string or unbounded number with a default: nothing stored when it has the default (or none).
                String local = "value" + GeneratedNames.capitalized(f.name());
                String constant = context.constants().define(context.prefix(field) + "_DEFAULT",
                        JavaTypes.valueType(field), DefaultCode.value(field));
                method.addStatement("$T $N = $L", JavaTypes.getterType(field), local, value)
                        .addStatement("bytes += $L ? 0 : $L",
                                DefaultCode.isDefault(field, CodeBlock.of("$N", local), constant),
                                data.size(encoding, CodeBlock.of("$N", local)));
                continue;
            }
            if (!f.optional()) {
                value = CodeBlock.of("$T.requireNonNull($S, $L)", JavaTypes.FIELD_VALUES, qualified, value);
            }
            if (encoding instanceof Encoding.Union union) {
                // Only its alternative's data: its own bits are in the fixed part.
                method.addStatement("bytes += $T.dataBytes($S, source.$N()$L)", GeneratedNames.sdo(union.name()),
                        qualified, GeneratedNames.getter(f),
                        layout.compact() && CompactLog.uses(union) ? ", sizes" : "");
            } else if (encoding instanceof Encoding.ListOf || encoding instanceof Encoding.Nested) {
                method.addCode(nullSafe(field, data.size(encoding, CodeBlock.of("$N", local(field))), value));
            } else {
                // Strings, blobs and unbounded numbers: their sizes count null as 0.
                method.addStatement("bytes += $L", data.size(encoding, value));
            }
        }
        return method.addStatement("return bytes").build();
    }

    /** {@code codec} as this record's sizing pass uses it: a compact record's logs its compact records. */
    private ListCodec logged(ListCodec codec) {
        return layout.compact() ? codec.logged() : codec;
    }

    /**
     * The test that {@code value}, the non-null value of a required string, bytes or list field of a compact record
     * ({@link FieldLayout#emptyWithoutSlot}), is not empty: that it has a slot and data.
     */
    static CodeBlock nonEmpty(FieldLayout field, CodeBlock value) {
        if (field.encoding() instanceof Encoding.Blob) {
            return CodeBlock.of("$L.length != 0", value);
        }
        return CodeBlock.of("!$L.isEmpty()", value);
    }

    /** The local that holds the value of {@code field} while its size is added. */
    private static String local(FieldLayout field) {
        return (field.encoding() instanceof Encoding.ListOf ? "list" : "nested")
                + GeneratedNames.capitalized(field.field().name());
    }

    /** Adds {@code size}, the size of {@code value} held in its local, skipping an absent optional field. */
    private static CodeBlock nullSafe(FieldLayout field, CodeBlock size, CodeBlock value) {
        String local = local(field);
        CodeBlock.Builder code = CodeBlock.builder().addStatement("$T $N = $L", JavaTypes.getterType(field), local,
                value);
        if (field.field().optional()) {
            return code.beginControlFlow("if ($N != null)", local).addStatement("bytes += $L", size)
                    .endControlFlow().build();
        }
        if (field.emptyWithoutSlot()) {
            // An empty required list of a compact record has no data, not even its count (section 8.1).
            return code.beginControlFlow("if (!$N.isEmpty())", local).addStatement("bytes += $L", size)
                    .endControlFlow().build();
        }
        return code.addStatement("bytes += $L", size).build();
    }

    /** {@code static XSdo of(X)}: sized, then written. */
    private MethodSpec of() {
        return MethodSpec.methodBuilder("of")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(sdoName)
                .addParameter(interfaceName, "source")
                .addJavadoc("Encodes any {@link $T} into a new $L of exactly its {@link #encodedSize} bytes.\n",
                        interfaceName, sdoName.simpleName())
                .addJavadoc("\n@throws IllegalArgumentException naming the field, the value and what is allowed, when a\n"
                        + "    value does not fit its field or a required field is null; nothing is truncated or rounded\n")
                .addCode(layout.compact()
                        // Sized once: the writing pass reads the sizes of its compact records from the log.
                        ? CodeBlock.builder()
                                .addStatement("$T.requireNonNull(source, $S)", JavaTypes.OBJECTS, "source")
                                .beginControlFlow("try ($T sizes = $T.take())", JavaTypes.COMPACT_SIZES,
                                        JavaTypes.COMPACT_SIZES)
                                .addStatement("$T buffer = $T.allocate(encodedSize(source, sizes))",
                                        JavaTypes.BYTE_BUFFER, JavaTypes.BYTE_BUFFER)
                                .addStatement("$T sdo = new $T(buffer, 0)", sdoName, sdoName)
                                .addStatement("sdo.$N = encode(source, buffer, 0, sizes)", SdoContext.SIZE)
                                .addStatement("sizes.finish($S)", recordName)
                                .addStatement("return sdo")
                                .endControlFlow()
                                .build()
                        : CodeBlock.builder()
                                .addStatement("$T buffer = $T.allocate(encodedSize(source))", JavaTypes.BYTE_BUFFER,
                                        JavaTypes.BYTE_BUFFER)
                                .addStatement("encode(source, buffer, 0)")
                                .addStatement("return new $T(buffer, 0)", sdoName)
                                .build())
                .build();
    }

    /** {@code static int encode(X, ByteBuffer, int)}: the record written at an offset, its size returned. */
    private MethodSpec encode() {
        return MethodSpec.methodBuilder("encode")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(int.class)
                .addParameter(interfaceName, "source")
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "offset")
                .addJavadoc("Writes {@code source} as the record at byte {@code offset} of {@code buffer}, which must\n"
                        + "have {@link #encodedSize} bytes of room there, and returns its size. The buffer's position,\n"
                        + "limit and byte order do not change.\n")
                .addJavadoc("\n@throws IllegalArgumentException as {@link #of} does\n")
                .addJavadoc("@throws IndexOutOfBoundsException when the record does not fit the buffer\n")
                .addStatement("$T.requireNonNull(source, $S)", JavaTypes.OBJECTS, "source")
                .addCode(layout.compact()
                        // Sized once, which refuses a record over 2^31 - 1 bytes before anything is written.
                        ? CodeBlock.builder()
                                .beginControlFlow("try ($T sizes = $T.take())", JavaTypes.COMPACT_SIZES,
                                        JavaTypes.COMPACT_SIZES)
                                .addStatement("encodedSize(source, sizes)")
                                .addStatement("int size = encode(source, buffer, offset, sizes)")
                                .addStatement("sizes.finish($S)", recordName)
                                .addStatement("return size")
                                .endControlFlow()
                                .build()
                        : CodeBlock.builder()
                                .addStatement("encode(source, buffer, offset, 0)")
                                .add(FixedSizing.clearUnusedBits(layout))
                                .addStatement("return sizeOf(buffer, offset)")
                                .build())
                .build();
    }

    /**
     * A compact record's {@code static int encode(X, ByteBuffer, int, CompactSizes)}: the record written with the
     * size its sizing pass logged ({@link #loggedSize}), the compact records it holds written from the log too.
     */
    private MethodSpec loggedEncode() {
        return MethodSpec.methodBuilder("encode")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(int.class)
                .addParameter(interfaceName, "source")
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "offset")
                .addParameter(JavaTypes.COMPACT_SIZES, "sizes")
                .addJavadoc("For generated code: {@link #encode($T, $T, int)} of the non-null {@code source}, its size\n"
                        + "and those of the compact records it holds read from {@code sizes}, where\n"
                        + "{@link #encodedSize($T, $T)} logged them.\n", interfaceName, JavaTypes.BYTE_BUFFER,
                        interfaceName, JavaTypes.COMPACT_SIZES)
                .addJavadoc("\n@throws IllegalArgumentException as {@link #of} does\n")
                .addJavadoc("@throws IndexOutOfBoundsException when the record does not fit the buffer\n")
                .addJavadoc("@throws IllegalStateException when the log has no size for it, or one of another record\n")
                .addCode("// Its slot bits written and counted again, which checks that the log's next entry is its own.\n")
                .addStatement("int slots = slots(source, buffer, offset)")
                .addStatement("int size = sizes.next($S, slots)", recordName)
                .addStatement("$T.writeWidth(buffer, offset, $T.widthOf(size))", JavaTypes.COMPACT_SLOTS,
                        JavaTypes.COMPACT_SLOTS)
                .addStatement("encode(source, buffer, offset, 0, size$L)", logs ? ", sizes" : "")
                .addCode(FixedSizing.clearUnusedBits(layout))
                .addStatement("return size")
                .build();
    }

    /**
     * Private: an enclosing record copies a record with variable-length data whole, and the public
     * {@code encode(source, buffer, offset)} sizes it.
     */
    @Override
    public MethodSpec.Builder encodeFields(boolean byWords) {
        MethodSpec.Builder method = MethodSpec.methodBuilder("encode")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(interfaceName, "source")
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "base")
                .addParameter(long.class, "bitOffset");
        if (layout.compact()) {
            // A compact record's size, where its last field with data ends (it has no slot).
            method.addParameter(int.class, "size");
        }
        if (logs) {
            // The sizes of the compact records its fields hold, logged by its sizing pass in the order they are written.
            method.addParameter(JavaTypes.COMPACT_SIZES, "sizes");
        }
        return method;
    }

    @Override
    public String toByteArrayDoc() {
        return "A copy of the record's {@link #byteSize} bytes.\n";
    }

    @Override
    public String writeToDoc() {
        return "Copies the record's {@link #byteSize} bytes to {@code destination} at\n"
                + "{@code destinationOffset}, without changing either buffer's position.\n";
    }

    @Override
    public CodeBlock sameKind(ClassName sdo) {
        return CodeBlock.of("other instanceof $T that && byteSize() == that.byteSize()", sdo);
    }

    @Override
    public List<MethodSpec> serialForm() {
        boolean parts = SharedStringFields.documentHasStrings(context.model(), layout);
        return List.of(SerialMethods.writeObject(parts
                        // A part of a document is sent as the document its copy is (section 8.6).
                        ? "Serialises the record as its size, then its bytes: {@link #toByteArray}, a part of a document\n"
                                + "encoded anew.\n"
                        : "Serialises the record as its size, then its {@link #byteSize} bytes.\n")
                        .addStatement("out.defaultWriteObject()")
                        .addCode(layout.compact()
                                // A compact record has no other versions (docs/record-format.md 8): always its own.
                                ? CodeBlock.builder().addStatement("byte[] bytes = toByteArray()").build()
                                : CodeBlock.builder()
                                        .add("// A later version's record, whose data this form cannot place, is sent as"
                                                + " this version's.\n")
                                        .addStatement("byte[] bytes = newerSize == $T.SIZE_IN_RECORD ? toByteArray() : "
                                                + "of(this).toByteArray()", JavaTypes.WRITER_VERSION)
                                        .build())
                        .addStatement("out.writeInt(bytes.length)")
                        .addStatement("out.write(bytes)")
                        .build(),
                SerialMethods.readObject("Reads the size and bytes {@link #writeObject} wrote into a buffer of its own.\n")
                        .addStatement("in.defaultReadObject()")
                        // Room only as its bytes arrive (a forged size costs no more than the stream holds), its
                        // size checked as wrap checks it.
                        .addStatement("int size = in.readInt()")
                        .addCode(layout.compact()
                                // Its size is the form's; its slot table checked within its bytes (checkSerialised).
                                ? CodeBlock.builder()
                                        .addStatement("buffer = $T.readSerialised($S, in, size, BYTES, null)",
                                                JavaTypes.VARIABLE_DATA, recordName)
                                        .addStatement("offset = 0")
                                        .addStatement("this.$N = size", SdoContext.SIZE)
                                        .addStatement("$T.checkSerialised($S, this)", JavaTypes.VARIABLE_DATA, recordName)
                                        .build()
                                : CodeBlock.builder()
                                        .addStatement("buffer = $T.readSerialised($S, in, size, BYTES, $T::sizeOf)",
                                                JavaTypes.VARIABLE_DATA, recordName, sdoName)
                                        .addStatement("offset = 0")
                                        .addStatement("writerBytes = BYTES")
                                        .addStatement("$T.checkSerialised($S, this)", JavaTypes.VARIABLE_DATA, recordName)
                                        .build())
                        .build());
    }
}
