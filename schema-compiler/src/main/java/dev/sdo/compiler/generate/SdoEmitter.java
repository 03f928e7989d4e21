package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.Field;
import dev.sdo.runtime.Flyweight;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * Emits a record's SDO: a final flyweight over a {@code ByteBuffer} and a base offset (its only instance state)
 * whose getters read bit-fields at offsets computed from the record's layout.
 */
final class SdoEmitter {
    private static final ClassName OBJECT_OUTPUT = ClassName.get("java.io", "ObjectOutputStream");
    private static final ClassName OBJECT_INPUT = ClassName.get("java.io", "ObjectInputStream");
    private static final ClassName IO_EXCEPTION = ClassName.get("java.io", "IOException");
    private static final ClassName FLYWEIGHT = ClassName.get(Flyweight.class);

    private static final List<String> ENCODE_PARAMETERS = List.of("source", "buffer", "base", "bitOffset");
    private static final int FIELDS_PER_ENCODE_METHOD = 64;

    private final RecordLayout layout;
    private final long fingerprint;
    /** What reads records other versions of the schema wrote. */
    private final OtherVersions versions;
    private final SdoContext context;
    private final ClassName sdoName;
    private final ClassName interfaceName;
    private final ClassName beanName;
    private final String recordName;
    /** Whether the record has variable-length data after its fixed part, which changes how it is sized and copied. */
    private final boolean variable;

    /**
     * @param fingerprints the record's layout fingerprint of each version 1..V; version 1's is its
     *     serialVersionUID, which stays the same when fields are added with {@code @since}
     */
    SdoEmitter(CodecModel model, RecordLayout layout, long[] fingerprints) {
        this.layout = layout;
        this.fingerprint = fingerprints[0];
        this.context = new SdoContext(model, layout);
        this.sdoName = GeneratedNames.sdo(layout.record().name());
        this.interfaceName = GeneratedNames.type(layout.record().name());
        this.beanName = GeneratedNames.bean(layout.record().name());
        this.recordName = layout.record().name().simpleName();
        this.variable = layout.hasVariableData();
        this.versions = OtherVersions.of(layout, fingerprints, sdoName);
    }

    TypeSpec emit() {
        // Each field's readers and writer are made together, so that its constants come out together.
        List<MethodSpec> getters = new ArrayList<>();
        List<CodeBlock> writes = new ArrayList<>();
        Set<String> encodeLocals = new HashSet<>(ENCODE_PARAMETERS);
        boolean byWords = layout.fields().size() <= FIELDS_PER_ENCODE_METHOD && WordEncoder.applies(layout);
        List<WordEncoder.PlacedBits> placed = new ArrayList<>();
        for (FieldLayout field : layout.fields()) {
            getters.addAll(new FieldReader(context, field).getters());
            FieldWriter writer = new FieldWriter(context, field);
            writes.add(byWords ? writer.storedBits(encodeLocals, placed) : writer.statements(encodeLocals));
        }
        MethodSpec.Builder encode = variable ? encodeFieldsMethod() : encodeMethod(byWords);
        List<MethodSpec> encodeParts = encodeParts(writes);
        if (encodeParts.isEmpty()) {
            writes.forEach(encode::addCode);
            if (byWords) {
                encode.addCode(WordEncoder.writeWordsCall(placed));
                encodeParts.add(WordEncoder.writeWords(placed, layout.totalBits(), recordName, context.constants()));
            }
        } else {
            encodeParts.forEach(part -> encode.addStatement("$N(source, buffer, base, bitOffset)", part));
        }
        TypeSpec.Builder builder = TypeSpec.classBuilder(sdoName)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(interfaceName)
                .addSuperinterface(FLYWEIGHT)
                .addJavadoc("A {@link $T} read in place from its binary form: $L bits in $L bytes of a {@code ByteBuffer}$L.\n",
                        interfaceName, layout.totalBits(), layout.bytes(),
                        variable ? ", then the data of its variable-length fields" : "")
                .addJavadoc("\n<p>Every getter reads its field's bits at an offset fixed at compile time; getters of\n"
                        + "primitive values allocate nothing. A view never changes its buffer's position, limit or\n"
                        + "byte order. It is serialised as the record's bytes.\n")
                .addField(FieldSpec.builder(int.class, "BYTES", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc(variable ? "The size in bytes of the record's fixed part; its data follows.\n"
                                : "The record's size in bytes.\n")
                        .initializer("$L", layout.bytes())
                        .build())
                .addField(FieldSpec.builder(long.class, "BITS", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("The number of bits the record's fields take; the bits after them in the last byte are 0.\n")
                        .initializer("$L", Constants.longLiteral(layout.totalBits()))
                        .build())
                .addField(FieldSpec.builder(long.class, "serialVersionUID",
                        Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc(versions.serialVersionDoc())
                        .initializer("$L", Constants.hexLong(fingerprint))
                        .build());
        builder.addFields(versions.constants())
                .addFields(context.constants().all())
                .addField(JavaTypes.BYTE_BUFFER, "buffer", Modifier.PRIVATE, Modifier.TRANSIENT)
                .addField(int.class, "offset", Modifier.PRIVATE, Modifier.TRANSIENT);
        builder.addFields(versions.state());
        CodeBlock currentWriter = versions.currentWriter();
        builder.addMethod(MethodSpec.constructorBuilder()
                        .addJavadoc("A cursor that shows no record until {@link #moveTo} moves it to one: how {@link $T}\n"
                                + "visits its records without allocating.\n", GeneratedNames.batch(layout.record().name()))
                        .addCode(currentWriter)
                        .build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PRIVATE)
                        .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                        .addParameter(int.class, "offset")
                        .addStatement("this.buffer = buffer")
                        .addStatement("this.offset = offset")
                        .addCode(currentWriter)
                        .build())
                .addMethod(wrapMethod());
        builder.addMethods(versions.methods());
        if (variable) {
            VariableSdoMethods methods = new VariableSdoMethods(layout, sdoName, interfaceName, context);
            builder.addMethod(methods.sizeOf());
            versions.byteSizePrefix().ifPresent(prefix -> builder.addMethod(methods.byteSize(prefix)));
            builder.addMethod(methods.encodedSize())
                    .addMethod(methods.dataBytes())
                    .addMethod(methods.of())
                    .addMethod(methods.encode());
        } else {
            builder.addMethod(copyOfMethod())
                    .addMethod(ofMethod())
                    .addMethod(encodeAtOffsetMethod());
        }
        builder.addMethod(encode.build())
                .addMethods(encodeParts)
                .addMethods(getters)
                .addMethod(moveToMethod())
                .addMethod(toBeanMethod())
                .addMethod(toByteArrayMethod())
                .addMethod(writeToMethod())
                .addMethod(equalsMethod())
                .addMethod(hashCodeMethod())
                .addMethod(ObjectMethods.toStringMethod(layout))
                .addMethods(versions.serialForm().orElseGet(() -> List.of(writeObjectMethod(), readObjectMethod())))
                .addMethods(context.helpers());
        return builder.build();
    }

    private MethodSpec wrapMethod() {
        return MethodSpec.methodBuilder("wrap")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(sdoName)
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "offset")
                .addJavadoc("A view of the $L that starts at byte {@code offset} of {@code buffer}. The buffer's\n"
                        + "position, limit and byte order do not matter and do not change; its content is read, not copied.\n",
                        recordName)
                .addJavadoc(versions.wrapDoc())
                .addJavadoc("\n@throws IndexOutOfBoundsException if the record's {@link #BYTES} bytes do not lie within the\n"
                        + "    buffer's limit\n")
                .addStatement("$T.checkFromIndexSize(offset, BYTES, buffer.limit())", JavaTypes.OBJECTS)
                .addCode(variable ? CodeBlock.builder()
                        .addStatement("$T.length($S, buffer, offset, BYTES, sizeOf(buffer, offset))",
                                JavaTypes.VARIABLE_DATA, recordName)
                        .build() : CodeBlock.builder().build())
                .addStatement("return new $T(buffer, offset)", sdoName)
                .build();
    }

    /** The bits the record's bytes take: fixed, or for a record with variable-length data, all its bytes. */
    private CodeBlock recordBits() {
        if (variable) {
            return CodeBlock.of("8L * byteSize()");
        }
        return versions.fixedBits();
    }

    private MethodSpec copyOfMethod() {
        return MethodSpec.methodBuilder("copyOf")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(sdoName)
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "base")
                .addParameter(long.class, "bitOffset")
                .addJavadoc("A copy of the $L whose bits start at bit {@code bitOffset} of the record at byte\n"
                        + "{@code base}: how an enclosing record reads this one where it does not start on a byte.\n",
                        recordName)
                .addStatement("$T copy = $T.allocate(BYTES)", JavaTypes.BYTE_BUFFER, JavaTypes.BYTE_BUFFER)
                .addStatement("$T.copyBits(buffer, base, bitOffset, copy, 0, 0, BITS)", JavaTypes.BIT_FIELDS)
                .addStatement("return new $T(copy, 0)", sdoName)
                .build();
    }

    private MethodSpec ofMethod() {
        return MethodSpec.methodBuilder("of")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(sdoName)
                .addParameter(interfaceName, "source")
                .addJavadoc("Encodes any {@link $T} into a new $L of its own {@link #BYTES} bytes.\n", interfaceName,
                        sdoName.simpleName())
                .addJavadoc("\n@throws IllegalArgumentException naming the field, the value and what is allowed, when a\n"
                        + "    value does not fit its field or a required field is null; nothing is truncated or rounded\n")
                .addStatement("$T buffer = $T.allocate(BYTES)", JavaTypes.BYTE_BUFFER, JavaTypes.BYTE_BUFFER)
                .addStatement("encode(source, buffer, 0, 0)")
                .addStatement("return new $T(buffer, 0)", sdoName)
                .build();
    }

    /**
     * For a record of more fields than one method should encode (the JVM limits a method to 64 KB of code), the
     * private methods that encode a block of fields each; otherwise none.
     */
    private List<MethodSpec> encodeParts(List<CodeBlock> writes) {
        List<MethodSpec> parts = new ArrayList<>();
        if (writes.size() <= FIELDS_PER_ENCODE_METHOD) {
            return parts;
        }
        for (int start = 0; start < writes.size(); start += FIELDS_PER_ENCODE_METHOD) {
            int end = Math.min(writes.size(), start + FIELDS_PER_ENCODE_METHOD);
            MethodSpec.Builder part = MethodSpec.methodBuilder("encodeFields" + (start + 1) + "To" + end)
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .addParameter(interfaceName, "source")
                    .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                    .addParameter(int.class, "base")
                    .addParameter(long.class, "bitOffset");
            writes.subList(start, end).forEach(part::addCode);
            parts.add(part.build());
        }
        return parts;
    }

    /**
     * For a record with variable-length data: the private method that writes its fields at a bit offset, as
     * {@link #encodeMethod} does for a fixed-width one (so that the per-field statements are the same).
     */
    private MethodSpec.Builder encodeFieldsMethod() {
        return MethodSpec.methodBuilder("encode")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(interfaceName, "source")
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "base")
                .addParameter(long.class, "bitOffset");
    }

    /**
     * The encode method up to its per-field statements; {@code byWords} when they keep the fields' bits for
     * {@link WordEncoder}, which writes nothing before every value is checked.
     */
    private MethodSpec.Builder encodeMethod(boolean byWords) {
        MethodSpec.Builder method = MethodSpec.methodBuilder("encode")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(interfaceName, "source")
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "base")
                .addParameter(long.class, "bitOffset")
                .addJavadoc("Writes {@code source} as the $L bits that start at bit {@code bitOffset} of the record at\n"
                        + "byte {@code base} of {@code buffer}, leaving every other bit as it was: how {@link #of} and\n"
                        + "enclosing records encode a $L. The buffer's position, limit and byte order do not change.\n",
                        layout.totalBits(), recordName)
                .addJavadoc(byWords ? "\n@throws IllegalArgumentException as {@link #of} does; nothing is written then\n"
                        : "\n@throws IllegalArgumentException as {@link #of} does; the bits of the fields before the\n"
                                + "    offending one are then written already\n")
                .addStatement("$T.requireNonNull(source, $S)", JavaTypes.OBJECTS, "source");
        return method;
    }

    private MethodSpec encodeAtOffsetMethod() {
        return MethodSpec.methodBuilder("encode")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(interfaceName, "source")
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "offset")
                .addJavadoc("Writes {@code source} as the record at byte {@code offset} of {@code buffer}: its\n"
                        + "{@link #BITS} bits$L.\n", layout.totalBits() % Byte.SIZE == 0 ? ""
                                : ", and 0 in the unused high bits of its last byte")
                .addJavadoc("\n@throws IllegalArgumentException as {@link #of} does\n")
                .addStatement("encode(source, buffer, offset, 0)")
                .addCode(clearUnusedBits(layout))
                .build();
    }

    /**
     * Clears the bits after a record's fields in the last byte of its fixed part, which a buffer used before may
     * hold: the record's bytes are then the same however it was written ({@code equals}, {@code hashCode} and
     * files compare them). Nothing for a record whose fields fill their bytes.
     */
    static CodeBlock clearUnusedBits(RecordLayout layout) {
        if (layout.totalBits() % Byte.SIZE == 0) {
            return CodeBlock.builder().build();
        }
        return CodeBlock.builder().addStatement("$T.clear(buffer, offset, BITS, $T.SIZE * BYTES - BITS)",
                JavaTypes.BIT_FIELDS, Byte.class).build();
    }

    private MethodSpec moveToMethod() {
        return MethodSpec.methodBuilder("moveTo")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .addParameter(JavaTypes.BYTE_BUFFER, "chunk")
                .addParameter(int.class, "offset")
                .addJavadoc("Makes this view show the record at byte {@code offset} of {@code chunk} instead, without\n"
                        + "the bounds check of {@link #wrap}: for batches, which move one cursor from record to record.\n")
                .addStatement("this.buffer = chunk")
                .addStatement("this.offset = offset")
                .addCode(versions.unsizedMove())
                .build();
    }

    private MethodSpec toBeanMethod() {
        MethodSpec.Builder method = MethodSpec.methodBuilder("toBean")
                .addModifiers(Modifier.PUBLIC)
                .returns(beanName)
                .addJavadoc("A new {@link $T} holding this record's values; nested records become beans too.\n", beanName)
                .addStatement("$T bean = new $T()", beanName, beanName);
        for (FieldLayout fieldLayout : layout.fields()) {
            Field field = fieldLayout.field();
            CodeBlock value = CodeBlock.of("$N()", GeneratedNames.getter(field));
            if (fieldLayout.encoding() instanceof Encoding.ListOf) {
                // The bean gets a list of its own, not a view of this record's buffer.
                CodeBlock copy = new ListCodec(context, fieldLayout).bean(CodeBlock.of("$N()", GeneratedNames.getter(field)));
                value = field.optional()
                        ? CodeBlock.of("$N() ? $L : null", GeneratedNames.presence(field), copy)
                        : copy;
            } else if (fieldLayout.encoding() instanceof Encoding.Union union) {
                // A view of this record's buffer becomes a bean; a concrete record of an abstract one too.
                boolean fromAbstract = union.fromAbstract();
                CodeBlock get = CodeBlock.of("$N()", GeneratedNames.getter(field));
                value = fromAbstract ? CodeBlock.of("$T.toBean($L)", GeneratedNames.sdo(union.name()), get)
                        : CodeBlock.of("$L == null ? null : $L.toBean()", get, get);
            } else if (fieldLayout.encoding() instanceof Encoding.Nested) {
                value = field.optional()
                        ? CodeBlock.of("$N() ? $N().toBean() : null", GeneratedNames.presence(field), GeneratedNames.getter(field))
                        : CodeBlock.of("$N().toBean()", GeneratedNames.getter(field));
            }
            method.addStatement("bean.$N($L)", GeneratedNames.setter(field), value);
        }
        return method.addStatement("return bean").build();
    }

    private MethodSpec toByteArrayMethod() {
        return MethodSpec.methodBuilder("toByteArray")
                .addModifiers(Modifier.PUBLIC)
                .returns(byte[].class)
                .addJavadoc(variable ? "A copy of the record's {@link #byteSize} bytes.\n"
                        : "A copy of the record's {@link #BYTES} bytes, the unused high bits of the last one 0.\n")
                .addStatement("return $T.recordBytes(buffer, offset, $L)", JavaTypes.BIT_FIELDS, recordBits())
                .build();
    }

    private MethodSpec writeToMethod() {
        return MethodSpec.methodBuilder("writeTo")
                .addModifiers(Modifier.PUBLIC)
                .addParameter(JavaTypes.BYTE_BUFFER, "destination")
                .addParameter(int.class, "destinationOffset")
                .addJavadoc(variable ? "Copies the record's {@link #byteSize} bytes to {@code destination} at\n"
                        + "{@code destinationOffset}, without changing either buffer's position.\n"
                        : "Copies the record's {@link #BYTES} bytes to {@code destination} at\n"
                        + "{@code destinationOffset}, the unused high bits of the last one 0, without changing either\n"
                        + "buffer's position.\n")
                .addStatement("$T.copyRecord(buffer, offset, destination, destinationOffset, $L)",
                        JavaTypes.BIT_FIELDS, recordBits())
                .build();
    }

    private MethodSpec equalsMethod() {
        return MethodSpec.methodBuilder("equals")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(boolean.class)
                .addParameter(Object.class, "other")
                .addJavadoc("Equal to another $L that holds the same bits.\n", sdoName.simpleName())
                .addStatement(variable ? "return other instanceof $T that && byteSize() == that.byteSize()$L\n"
                        + "&& $T.equalRecords(buffer, offset, that.buffer, that.offset, $L)"
                        : "return other instanceof $T that$L\n&& $T.equalRecords(buffer, offset, that.buffer, "
                        + "that.offset, $L)", sdoName,
                        versions.equalWriters(),
                        JavaTypes.BIT_FIELDS, recordBits())
                .build();
    }

    private MethodSpec hashCodeMethod() {
        return MethodSpec.methodBuilder("hashCode")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(int.class)
                .addJavadoc("A hash code of the record's bits, consistent with {@link #equals}.\n")
                .addStatement("return $T.hashRecord(buffer, offset, $L)", JavaTypes.BIT_FIELDS, recordBits())
                .build();
    }

    /** {@code writeObject} of a record whose serial form is this version's bytes. */
    private MethodSpec writeObjectMethod() {
        return MethodSpec.methodBuilder("writeObject")
                .addModifiers(Modifier.PRIVATE)
                .addParameter(OBJECT_OUTPUT, "out")
                .addException(IO_EXCEPTION)
                .addJavadoc(variable ? "Serialises the record as its size, then its {@link #byteSize} bytes.\n"
                        : "Serialises the record as its {@link #BYTES} bytes.\n")
                .addStatement("out.defaultWriteObject()")
                .addCode(variable ? CodeBlock.builder()
                        .add("// A later version's record, whose data this form cannot place, is sent as this version's.\n")
                        .addStatement("byte[] bytes = newerSize == 0 ? toByteArray() : of(this).toByteArray()")
                        .addStatement("out.writeInt(bytes.length)")
                        .addStatement("out.write(bytes)")
                        .build() : CodeBlock.builder().addStatement("out.write(toByteArray())").build())
                .build();
    }

    /** {@code readObject} of a record whose serial form is this version's bytes. */
    private MethodSpec readObjectMethod() {
        return MethodSpec.methodBuilder("readObject")
                .addModifiers(Modifier.PRIVATE)
                .addParameter(OBJECT_INPUT, "in")
                .addException(IO_EXCEPTION)
                .addException(ClassNotFoundException.class)
                .addJavadoc(variable ? "Reads the size and bytes {@link #writeObject} wrote into a buffer of its own.\n"
                        : "Reads the {@link #BYTES} bytes {@link #writeObject} wrote into a buffer of its own.\n")
                .addStatement("in.defaultReadObject()")
                .addCode(variable ? readSizedRecord() : CodeBlock.builder()
                        .addStatement("byte[] bytes = new byte[BYTES]")
                        .addStatement("in.readFully(bytes)")
                        .addStatement("buffer = $T.wrap(bytes)", JavaTypes.BYTE_BUFFER)
                        .build())
                .addStatement("offset = 0")
                .addCode(variable ? CodeBlock.builder().addStatement("writerBytes = BYTES").build()
                        : CodeBlock.builder().build())
                .build();
    }

    /**
     * Reads the size a variable-length record's {@code writeObject} wrote first, then the record: room only as its
     * bytes arrive (a forged size costs no more than the stream holds), its size checked as {@code wrap} checks it.
     */
    private CodeBlock readSizedRecord() {
        return CodeBlock.builder()
                .addStatement("int size = in.readInt()")
                .addStatement("buffer = $T.readSerialised($S, in, size, BYTES, $T::sizeOf)", JavaTypes.VARIABLE_DATA,
                        recordName, sdoName)
                .build();
    }
}
