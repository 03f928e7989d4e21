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
    private static final ClassName FLYWEIGHT = ClassName.get(Flyweight.class);

    private static final List<String> ENCODE_PARAMETERS = List.of("source", "buffer", "base", "bitOffset");
    /**
     * A compact record's encode also takes its size, where its last field with data ends, and the log of the sizes of
     * the compact records it holds ({@link CompactLog}).
     */
    private static final List<String> COMPACT_ENCODE_PARAMETERS = List.of("source", "buffer", "base", "bitOffset",
            "size", CompactLog.SIZES);
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
    /** How the SDO sizes, encodes, copies and serialises its record. */
    private final Sizing sizing;
    /**
     * Whether the record is compact and its document can hold a string field (docs/record-format.md, section 8.6):
     * its view then says whether it is a part of a document, and a copy of a part is the record encoded anew.
     */
    private final boolean parts;

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
        this.sizing = Sizing.of(layout, sdoName, interfaceName, context);
        this.versions = OtherVersions.of(layout, fingerprints, sdoName);
        this.parts = SharedStringFields.documentHasStrings(model, layout);
    }

    TypeSpec emit() {
        // Each field's readers and writer are made together, so that its constants come out together.
        List<MethodSpec> getters = new ArrayList<>();
        List<CodeBlock> writes = new ArrayList<>();
        Set<String> encodeLocals = new HashSet<>(layout.compact() ? COMPACT_ENCODE_PARAMETERS : ENCODE_PARAMETERS);
        boolean byWords = layout.fields().size() <= FIELDS_PER_ENCODE_METHOD && WordEncoder.applies(layout);
        List<WordEncoder.PlacedBits> placed = new ArrayList<>();
        for (FieldLayout field : layout.fields()) {
            getters.addAll(new FieldReader(context, field).getters());
            FieldWriter writer = new FieldWriter(context, field);
            writes.add(byWords ? writer.storedBits(encodeLocals, placed) : writer.statements(encodeLocals));
        }
        MethodSpec.Builder encode = sizing.encodeFields(byWords);
        List<MethodSpec> encodeParts = encodeParts(writes);
        if (encodeParts.isEmpty()) {
            writes.forEach(encode::addCode);
            if (byWords) {
                encode.addCode(WordEncoder.writeWordsCall(placed));
                encodeParts.add(WordEncoder.writeWords(placed, layout.totalBits(), recordName, context.constants()));
            }
        } else {
            String arguments = !layout.compact() ? "source, buffer, base, bitOffset"
                    : CompactLog.takenBy(layout) ? "source, buffer, base, bitOffset, size, sizes"
                    : "source, buffer, base, bitOffset, size";
            encodeParts.forEach(part -> encode.addStatement("$N($L)", part, arguments));
        }
        TypeSpec.Builder builder = TypeSpec.classBuilder(sdoName)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(interfaceName)
                .addSuperinterface(FLYWEIGHT)
                .addJavadoc("A {@link $T} read in place from its binary form: $L bits in $L $L of a {@code ByteBuffer}$L.\n",
                        interfaceName, layout.totalBits(), layout.bytes(), layout.bytes() == 1 ? "byte" : "bytes",
                        sizing.classDocTail())
                .addJavadoc("\n<p>Every getter reads its field's bits at an offset fixed at compile time; getters of\n"
                        + "primitive values allocate nothing. A view never changes its buffer's position, limit or\n"
                        + "byte order. It is serialised as the record's bytes.\n")
                .addField(FieldSpec.builder(int.class, "BYTES", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc(sizing.bytesDoc())
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
        // Made before the constants are added: a compact record's checkedByteSize defines its own.
        List<MethodSpec> sizingMethods = sizing.methods(versions);
        builder.addFields(versions.constants())
                .addFields(context.constants().all())
                .addField(JavaTypes.BYTE_BUFFER, "buffer", Modifier.PRIVATE, Modifier.TRANSIENT)
                .addField(int.class, "offset", Modifier.PRIVATE, Modifier.TRANSIENT);
        if (layout.compact()) {
            builder.addField(FieldSpec.builder(int.class, SdoContext.SIZE, Modifier.PRIVATE, Modifier.TRANSIENT)
                    .addJavadoc("The record's size, as its container gave it ({@link #wrap}, {@link #wrapNested}, a batch,\n"
                            + "the serial form): the record does not hold it. Each getter checks the data it reads against\n"
                            + "it; the last field with data ends there.\n")
                    .build());
        }
        if (parts) {
            builder.addField(FieldSpec.builder(boolean.class, SdoContext.PART, Modifier.PRIVATE, Modifier.TRANSIENT)
                    .addJavadoc("Whether this view shows a part of a document ({@link #wrapNested}: a record a getter of\n"
                            + "another record, a list or a union gave) rather than a whole one: its strings may refer to\n"
                            + "strings of the document before it (docs/record-format.md, section 8.6), so a copy of it on its\n"
                            + "own ({@link #toByteArray}, {@link #writeTo}, the serial form, {@link #equals} and\n"
                            + "{@link #hashCode}) is the record encoded anew, {@code whole()}.\n")
                    .build());
        }
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
        builder.addMethods(versions.methods())
                .addMethods(sizingMethods)
                .addMethod(encode.build())
                .addMethods(encodeParts)
                .addMethods(getters)
                .addMethods(moveToMethods())
                .addMethod(toBeanMethod())
                .addMethods(parts ? List.of(wholeMethod()) : List.of())
                .addMethod(toByteArrayMethod())
                .addMethod(writeToMethod())
                .addMethod(equalsMethod())
                .addMethod(hashCodeMethod())
                .addMethod(ObjectMethods.toStringMethod(layout))
                .addMethods(versions.serialForm().orElseGet(sizing::serialForm))
                .addMethods(context.helpers());
        return builder.build();
    }

    private MethodSpec wrapMethod() {
        if (layout.compact()) {
            return compactWrapMethod();
        }
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
                .addCode(sizing.wrapRest())
                .build();
    }

    /**
     * A compact record's {@code wrap(buffer, offset, length)}: its size is its container's, so a view is made of
     * the bytes the record takes, checked whole (docs/record-format.md, section 8.3).
     */
    private MethodSpec compactWrapMethod() {
        return MethodSpec.methodBuilder("wrap")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(sdoName)
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "offset")
                .addParameter(int.class, "length")
                .addJavadoc("A view of the $L held by the {@code length} bytes at byte {@code offset} of {@code buffer}:\n"
                        + "a compact record does not hold its own size, which its container gives (a batch's offsets\n"
                        + "index, a file block's offsets table, the length of the array {@link #toByteArray} made). The\n"
                        + "buffer's position, limit and byte order do not matter and do not change; its content is read,\n"
                        + "not copied.\n", recordName)
                .addJavadoc("\n@throws IndexOutOfBoundsException if the bytes do not lie within the buffer's limit\n")
                .addJavadoc("@throws $T naming the record or the first field whose data does not lie within those\n"
                        + "    bytes\n", JavaTypes.CORRUPT_DATA)
                .addStatement("$T sdo = new $T(buffer, offset)", sdoName, sdoName)
                .addStatement("sdo.$N = $T.checkedLength($S, buffer, offset, length, BYTES)", SdoContext.SIZE,
                        JavaTypes.COMPACT_SLOTS, recordName)
                .addStatement("sdo.checkedByteSize()")
                .addStatement("return sdo")
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
            if (layout.compact()) {
                part.addParameter(int.class, "size");
            }
            if (CompactLog.takenBy(layout)) {
                part.addParameter(JavaTypes.COMPACT_SIZES, "sizes");
            }
            writes.subList(start, end).forEach(part::addCode);
            parts.add(part.build());
        }
        return parts;
    }

    private List<MethodSpec> moveToMethods() {
        if (!layout.compact()) {
            return List.of(moveToMethod());
        }
        // A compact record's size is its container's: a cursor is moved with it.
        return List.of(MethodSpec.methodBuilder("moveTo")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .addParameter(JavaTypes.BYTE_BUFFER, "chunk")
                        .addParameter(int.class, "offset")
                        .addJavadoc("Not for a compact record, whose size its container gives:\n"
                                + "{@link #moveTo(ByteBuffer, int, int)}.\n")
                        .addJavadoc("\n@throws UnsupportedOperationException always\n")
                        .addStatement("throw new $T($S)", UnsupportedOperationException.class, recordName
                                + " is a compact record, whose size its container gives: moveTo(chunk, offset, size)")
                        .build(),
                MethodSpec.methodBuilder("moveTo")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .addParameter(JavaTypes.BYTE_BUFFER, "chunk")
                        .addParameter(int.class, "offset")
                        .addParameter(int.class, "size")
                        .addJavadoc("Makes this view show the record of {@code size} bytes at byte {@code offset} of {@code chunk}\n"
                                + "instead, without the checks of {@link #wrap}: for batches, which move one cursor from record to\n"
                                + "record and check it ({@link #checkedByteSize}) before they hand it out.\n")
                        .addStatement("this.buffer = chunk")
                        .addStatement("this.offset = offset")
                        .addStatement("this.$N = size", SdoContext.SIZE)
                        .addCode(parts ? CodeBlock.builder().addStatement("this.$N = false", SdoContext.PART).build()
                                : CodeBlock.of(""))
                        .build());
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

    /**
     * {@code whole()}: the record as a whole document, the view itself, or for a part of one, its values encoded anew
     * by {@code of} (docs/record-format.md, section 8.6).
     */
    private MethodSpec wholeMethod() {
        return MethodSpec.methodBuilder("whole")
                .addModifiers(Modifier.PRIVATE)
                .returns(sdoName)
                .addJavadoc("This record as a document of its own: this view when it shows a whole document, else (a\n"
                        + "part of one, {@code $N}) a new one of its values encoded anew, as {@link #of} gives them.\n",
                        SdoContext.PART)
                .addStatement("return $N ? of(this) : this", SdoContext.PART)
                .build();
    }

    /** For a view that may show a part of a document, the statements that copy {@code whole()} instead. */
    private CodeBlock partCopy(String... statements) {
        if (!parts) {
            return CodeBlock.of("");
        }
        CodeBlock.Builder code = CodeBlock.builder().beginControlFlow("if ($N)", SdoContext.PART);
        for (String statement : statements) {
            code.addStatement(statement);
        }
        return code.endControlFlow().build();
    }

    /** The Javadoc a copy of a part of a document adds: it is the record encoded anew. */
    private String partDoc() {
        return parts ? "\n<p>A part of a document (a record a getter gave, {@code " + SdoContext.PART + "}) is copied"
                + " as {@code whole()}: its values\nencoded anew, as {@link #of} gives them, since its strings may refer"
                + " to the document's before it.\n" : "";
    }

    private MethodSpec toByteArrayMethod() {
        return MethodSpec.methodBuilder("toByteArray")
                .addModifiers(Modifier.PUBLIC)
                .returns(byte[].class)
                .addJavadoc(sizing.toByteArrayDoc())
                .addJavadoc(partDoc())
                .addCode(partCopy("return whole().toByteArray()"))
                .addStatement("return $T.recordBytes(buffer, offset, $L)", JavaTypes.BIT_FIELDS,
                        sizing.recordBits(versions))
                .build();
    }

    private MethodSpec writeToMethod() {
        return MethodSpec.methodBuilder("writeTo")
                .addModifiers(Modifier.PUBLIC)
                .addParameter(JavaTypes.BYTE_BUFFER, "destination")
                .addParameter(int.class, "destinationOffset")
                .addJavadoc(sizing.writeToDoc())
                .addJavadoc(parts ? partDoc() + "A part so takes {@code encodedSize(this)} bytes, which may differ from"
                        + " its {@link #byteSize}.\n" : "")
                .addCode(partCopy("whole().writeTo(destination, destinationOffset)", "return"))
                .addStatement("$T.copyRecord(buffer, offset, destination, destinationOffset, $L)",
                        JavaTypes.BIT_FIELDS, sizing.recordBits(versions))
                .build();
    }

    private MethodSpec equalsMethod() {
        if (parts) {
            return MethodSpec.methodBuilder("equals")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(boolean.class)
                    .addParameter(Object.class, "other")
                    .addJavadoc("Equal to another $L that holds the same bits; when either is a part of a document\n"
                            + "({@code $N}), compares what their copies hold: their values encoded anew ({@code whole()}).\n",
                            sdoName.simpleName(), SdoContext.PART)
                    .beginControlFlow("if (!(other instanceof $T that))", sdoName)
                    .addStatement("return false")
                    .endControlFlow()
                    .beginControlFlow("if ($N || that.$N)", SdoContext.PART, SdoContext.PART)
                    .addStatement("return whole().equals(that.whole())")
                    .endControlFlow()
                    .addStatement("return byteSize() == that.byteSize()\n&& $T.equalRecords(buffer, offset, that.buffer, "
                            + "that.offset, $L)", JavaTypes.BIT_FIELDS, sizing.recordBits(versions))
                    .build();
        }
        return MethodSpec.methodBuilder("equals")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(boolean.class)
                .addParameter(Object.class, "other")
                .addJavadoc("Equal to another $L that holds the same bits.\n", sdoName.simpleName())
                .addStatement("return $L$L\n&& $T.equalRecords(buffer, offset, that.buffer, that.offset, $L)",
                        sizing.sameKind(sdoName), versions.equalWriters(), JavaTypes.BIT_FIELDS,
                        sizing.recordBits(versions))
                .build();
    }

    private MethodSpec hashCodeMethod() {
        return MethodSpec.methodBuilder("hashCode")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(int.class)
                .addJavadoc("A hash code of the record's bits, consistent with {@link #equals}.\n")
                .addJavadoc(parts ? "A part of a document hashes the bits of its copy, {@code whole()}.\n" : "")
                .addCode(partCopy("return whole().hashCode()"))
                .addStatement("return $T.hashRecord(buffer, offset, $L)", JavaTypes.BIT_FIELDS,
                        sizing.recordBits(versions))
                .build();
    }
}
