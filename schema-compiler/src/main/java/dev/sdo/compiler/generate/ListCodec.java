package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.ListForm;
import dev.sdo.compiler.model.Field;
import dev.sdo.runtime.RecordList;
import dev.sdo.runtime.VariableList;
import dev.sdo.runtime.WideList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * How the SDO of the record that holds a {@code list<T>} reads, sizes, writes and copies it (docs/record-format.md,
 * section 3), for a list field or a list inside a list. Each list has one of five forms, by its element type:
 * strings ({@code StringList}), fixed-width values of at most 64 bits ({@code PackedList}), wider ones
 * ({@code WideList}), records of fixed width at a byte stride ({@code RecordList}), and everything of variable size
 * behind an end-offset table ({@code VariableList}). What takes more than an expression becomes a private static
 * helper method of the SDO, made once per list.
 */
final class ListCodec {
    private static final ClassName VARIABLE_LIST = ClassName.get(VariableList.class);
    private static final ClassName RECORD_LIST = ClassName.get(RecordList.class);
    private static final ClassName WIDE_LIST = ClassName.get(WideList.class);
    private static final ClassName ARRAY_LIST = ClassName.get("java.util", "ArrayList");
    private static final ClassName LIST_NUMBERS = ClassName.get(dev.sdo.runtime.ListNumbers.class);

    private final SdoContext context;
    private final Field field;
    private final Encoding.ListOf type;
    private final String prefix;
    private final String stem;
    private final String qualifiedName;
    private final ListForm form;
    /**
     * The width of the list's count and end offsets, an {@code int} expression, for a list field of a compact record
     * (docs/record-format.md, section 8.5); null for a list of 4-byte numbers (section 3).
     */
    private final CodeBlock numberBytes;
    /**
     * Whether the list is sized into and written from a compact encode's {@code CompactSizes} log, its helper methods
     * taking it: in a compact encode, a list that holds compact records ({@link CompactLog}).
     */
    private final boolean logs;

    /** The codec of the list field {@code field}, its numbers 4 bytes wide (section 3). */
    ListCodec(SdoContext context, FieldLayout field) {
        this(context, field.field(), (Encoding.ListOf) field.encoding(), context.prefix(field), field.field().name(),
                null, false);
    }

    /**
     * The codec of the list field {@code field}: for a field of a compact record (one with a slot bit), its count and
     * end offsets {@code numberBytes} wide (an {@code int} expression: the record's slot width where it is read or
     * written, 0 where the rest of its data is sized), docs/record-format.md section 8.5; otherwise 4 bytes wide.
     */
    static ListCodec field(SdoContext context, FieldLayout field, CodeBlock numberBytes) {
        Encoding.ListOf type = (Encoding.ListOf) field.encoding();
        return new ListCodec(context, field.field(), type, context.prefix(field), field.field().name(),
                field.compactSlot() && countWithinData(type) ? numberBytes : null, false);
    }

    /**
     * This codec in a compact encode's sizing or writing pass, with the log {@link CompactLog#SIZES} in scope: a list
     * that holds compact records is sized into it and written from it.
     */
    ListCodec logged() {
        return new ListCodec(context, field, type, prefix, stem, numberBytes, CompactLog.uses(type));
    }

    /**
     * Whether a list of {@code type} has fewer elements than bytes of data, so that the width that holds its record's
     * size holds its count (section 8.5): elements of variable size (each has an end offset), records of at least a
     * byte, packed values of at least 8 bits. A list of narrower values or of empty records keeps a 4-byte count.
     */
    static boolean countWithinData(Encoding.ListOf type) {
        return switch (type.form()) {
            case STRINGS, VARIABLE -> true;
            case RECORDS -> type.element().bits() > 0;
            default -> type.element().bits() >= Byte.SIZE;
        };
    }

    /** Whether the list's count and end offsets take its compact record's slot width (section 8.5). */
    boolean atSlotWidth() {
        return numberBytes != null;
    }

    /**
     * @param prefix the prefix of the list's constants
     * @param stem what its helper methods are named after: the field's name, then {@code Element} per level
     */
    private ListCodec(SdoContext context, Field field, Encoding.ListOf type, String prefix, String stem,
            CodeBlock numberBytes, boolean logs) {
        this.context = context;
        this.numberBytes = numberBytes;
        this.logs = logs;
        this.field = field;
        this.type = type;
        this.prefix = prefix;
        this.stem = stem;
        this.qualifiedName = GeneratedNames.qualifiedField(context.layout().record().name(), field);
        this.form = type.form();
    }

    ListForm form() {
        return form;
    }

    /** The codec of the list that is this list's element type. */
    private ListCodec elementList() {
        // A list inside a list keeps its 4-byte numbers, also in a compact record (section 8.5).
        return new ListCodec(context, field, (Encoding.ListOf) type.element(), ListElements.prefix(prefix),
                stem + "Element", null, logs);
    }

    /** The Java type of the list: {@code List<T>}. */
    private TypeName javaType() {
        return JavaTypes.naturalType(type);
    }

    private TypeName elementType() {
        return JavaTypes.naturalType(type.element()).box();
    }

    /**
     * The type a getter of the list returns: {@code VariableList<T>} for a list of the variable form, whose
     * {@code elementBuffer(i)} shows an element's bytes; otherwise {@code List<T>}.
     */
    TypeName viewType() {
        return form == ListForm.VARIABLE ? ParameterizedTypeName.get(VARIABLE_LIST, elementType()) : javaType();
    }

    /**
     * The read-only view of the list whose data is bytes {@code start .. end - 1} after byte {@code base} of
     * {@code buffer}; {@code name} names the list in errors.
     */
    CodeBlock view(CodeBlock name, String base, CodeBlock start, CodeBlock end) {
        CodeBlock data = numberBytes == null ? CodeBlock.of("$L, buffer, $N, $L, $L", name, base, start, end)
                : CodeBlock.of("$L, buffer, $N, $L, $L, $L", name, base, start, end, numberBytes);
        switch (form) {
            case STRINGS:
                return CodeBlock.of("$T.of($L)", JavaTypes.STRING_LIST, data);
            case PACKED: {
                FieldLayout element = ListElements.layout(field, type);
                String elementPrefix = ListElements.prefix(prefix);
                CodeBlock decode = FieldReader.elementValue(context, element, elementPrefix, "bits");
                String decoder = context.constants().define(elementPrefix + "_DECODER",
                        ParameterizedTypeName.get(JavaTypes.PACKED_LIST.nestedClass("Decoder"), elementType()),
                        CodeBlock.of("bits -> $L", decode));
                return CodeBlock.of("$T.of($L,$W$N, $N)", JavaTypes.PACKED_LIST, data, widthConstant(), decoder);
            }
            case WIDE: {
                Encoding.Chars chars = (Encoding.Chars) type.element();
                String elementPrefix = ListElements.prefix(prefix);
                String reader = context.constants().define(elementPrefix + "_READER",
                        ParameterizedTypeName.get(WIDE_LIST.nestedClass("Reader"), elementType()),
                        CodeBlock.of("(buffer, base, bitOffset) -> $N.read(buffer, base, bitOffset, $N)",
                                alphabetConstant(chars), lengthConstant(chars)));
                return CodeBlock.of("$T.of($L,$W$N, $N)", WIDE_LIST, data, widthConstant(), reader);
            }
            case RECORDS: {
                ClassName sdo = elementSdo();
                return CodeBlock.of("$T.of($L,$W$T.BYTES, $T::wrap)", RECORD_LIST, data, sdo, sdo);
            }
            default:
                return CodeBlock.of("$T.of($L,$W$L)", VARIABLE_LIST, data, elementReader());
        }
    }

    /** The {@code VariableList.ElementReader} of this list's elements. */
    private CodeBlock elementReader() {
        Encoding element = type.element();
        if (element instanceof Encoding.Blob) {
            return CodeBlock.of("$T.BLOBS", VARIABLE_LIST);
        }
        CodeBlock value;
        if (element instanceof Encoding.ListOf) {
            value = elementList().view(CodeBlock.of("$T.elementName(list, index)", VARIABLE_LIST), "base",
                    CodeBlock.of("start"), CodeBlock.of("end"));
        } else if (BigNumberCode.applies(element)) {
            value = BigNumberCode.read(element, CodeBlock.of("$T.elementName(list, index)", VARIABLE_LIST), "base",
                    CodeBlock.of("start"), CodeBlock.of("end"));
        } else if (element instanceof Encoding.Union union) {
            value = CodeBlock.of("$T.readAlone($T.elementName(list, index), buffer, base + start, end - start)",
                    GeneratedNames.sdo(union.name()), VARIABLE_LIST);
        } else if (element instanceof Encoding.Nested nested && nested.variableLength() && nested.record().compact()) {
            // One walk of the element's slot table checks it and that it takes exactly its bytes.
            value = CodeBlock.of("$T.wrapNested(list, index, buffer, base, start, end)", elementSdo());
        } else {
            ClassName sdo = elementSdo();
            value = CodeBlock.of("$T.wrap(buffer,$W$T.recordAt(list, index, buffer, base, start, end, $T.BYTES,"
                    + " $T::sizeOf))", sdo, VARIABLE_LIST, sdo, sdo);
        }
        String reader = context.constants().define(ListElements.prefix(prefix) + "_READER",
                ParameterizedTypeName.get(VARIABLE_LIST.nestedClass("ElementReader"), elementType()),
                CodeBlock.of("(list, index, buffer, base, start, end) ->$W$L", value));
        return CodeBlock.of("$N", reader);
    }

    /** The bytes {@code value}, a non-null list, takes encoded: a {@code long} expression. */
    CodeBlock size(CodeBlock value) {
        if (numberBytes != null) {
            switch (form) {
                case STRINGS:
                    return CodeBlock.of("$T.byteSize($S, $L, $L)", JavaTypes.STRING_LIST, qualifiedName, value,
                            numberBytes);
                case PACKED, WIDE:
                    return CodeBlock.of("$T.byteSize($L.size(), $N, $L)", JavaTypes.PACKED_LIST, value, widthConstant(),
                            numberBytes);
                case RECORDS:
                    return CodeBlock.of("$T.byteSize($L.size(), $T.BYTES, $L)", RECORD_LIST, value, elementSdo(),
                            numberBytes);
                default:
                    return CodeBlock.of("$N($L, $L$L)", sizeMethod(), value, numberBytes, sizesArgument());
            }
        }
        switch (form) {
            case STRINGS:
                return CodeBlock.of("$T.byteSize($S, $L)", JavaTypes.STRING_LIST, qualifiedName, value);
            case PACKED, WIDE:
                return CodeBlock.of("$T.byteSize($L.size(), $N)", JavaTypes.PACKED_LIST, value, widthConstant());
            case RECORDS:
                return CodeBlock.of("$T.byteSize($L.size(), $T.BYTES)", RECORD_LIST, value, elementSdo());
            default:
                return CodeBlock.of("$N($L$L)", sizeMethod(), value, sizesArgument());
        }
    }

    /**
     * How many numbers of the record's slot width {@code value}, a non-null list field of a compact record, holds:
     * its count, and an end offset per element when its elements are of variable size (section 8.5). A {@code long}
     * expression.
     */
    CodeBlock numbers(CodeBlock value) {
        return form == ListForm.STRINGS || form == ListForm.VARIABLE ? CodeBlock.of("1L + $L.size()", value)
                : CodeBlock.of("1L");
    }

    /** The log passed on to the list's helper method when it takes it, after the other arguments. */
    private CodeBlock sizesArgument() {
        return logs ? CodeBlock.of(", $N", CompactLog.SIZES) : CodeBlock.of("");
    }

    /** The helper method's log parameter, when it takes it, and {@code doc}, what it does with it. */
    private void sizesParameter(MethodSpec.Builder method, String doc) {
        if (logs) {
            method.addParameter(JavaTypes.COMPACT_SIZES, CompactLog.SIZES).addJavadoc(doc);
        }
    }

    /** Whether the list has an end offset per element (its elements are of variable size). */
    boolean hasTable() {
        return form == ListForm.STRINGS || form == ListForm.VARIABLE;
    }

    /** The private method that sums the sizes of a variable list's elements and its table. */
    private String sizeMethod() {
        return context.helper(List.of("list size", prefix), () -> {
            CodeBlock size = data().size(type.element(), CodeBlock.of("$T.requireElement($S, values.get(i))",
                    JavaTypes.FIELD_VALUES, qualifiedName));
            MethodSpec.Builder method = MethodSpec.methodBuilder(context.methodName(stem + "Bytes"))
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(long.class)
                    .addParameter(javaType(), "values");
            if (numberBytes != null) {
                method.addParameter(int.class, "numberBytes")
                        .addJavadoc("The bytes {@code values} takes as $L: its count and end offsets of\n"
                                + "{@code numberBytes} bytes each, and its elements.\n", described())
                        .addStatement("long bytes = numberBytes * (1L + values.size())");
            } else {
                method.addJavadoc("The bytes {@code values} takes as $L: its count, end offsets and elements.\n",
                                described())
                        .addStatement("long bytes = $T.SLOT_BYTES * (1L + values.size())", VARIABLE_LIST);
            }
            sizesParameter(method, "The sizes of the compact records it holds are logged in {@code sizes}.\n");
            return method
                    .beginControlFlow("for (int i = 0; i < values.size(); i++)")
                    .addCode(inElement(CodeBlock.builder().addStatement("bytes += $L", size).build()))
                    .endControlFlow()
                    .addStatement("return bytes")
                    .build();
        });
    }

    /**
     * Writes {@code value}, a non-null list, at byte {@code index} of {@code buffer}: an {@code int} expression,
     * the bytes written. The list's size was computed (and checked to fit a record) first.
     */
    CodeBlock write(CodeBlock value, CodeBlock index) {
        if (numberBytes != null) {
            return write(value, CodeBlock.of("buffer"), index, numberBytes);
        }
        if (form == ListForm.STRINGS) {
            return CodeBlock.of("$T.write($S, buffer, $L, $L)", JavaTypes.STRING_LIST, qualifiedName, index, value);
        }
        return CodeBlock.of("$N($L, buffer, $L$L)", writeMethod(), value, index, sizesArgument());
    }

    /**
     * Writes {@code value}, a non-null list field of a compact record, at byte {@code index} of the buffer
     * {@code buffer}, its count and end offsets {@code numbers} bytes wide: an {@code int} expression, the bytes
     * written.
     */
    CodeBlock write(CodeBlock value, CodeBlock buffer, CodeBlock index, CodeBlock numbers) {
        if (form == ListForm.STRINGS) {
            return CodeBlock.of("$T.write($S, $L, $L, $L, $L)", JavaTypes.STRING_LIST, qualifiedName, buffer, index,
                    value, numbers);
        }
        return CodeBlock.of("$N($L, $L, $L, $L$L)", writeMethod(), value, buffer, index, numbers, sizesArgument());
    }

    private String writeMethod() {
        return context.helper(List.of("list write", prefix), () -> {
            MethodSpec.Builder method = MethodSpec.methodBuilder(context.methodName("write"
                            + GeneratedNames.capitalized(stem)))
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(int.class)
                    .addParameter(javaType(), "values")
                    .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                    .addParameter(int.class, "index");
            if (numberBytes != null) {
                method.addParameter(int.class, "numberBytes")
                        .addJavadoc("Writes {@code values} as $L at byte {@code index} of {@code buffer}, its count\n"
                                + "and end offsets {@code numberBytes} bytes wide; returns the bytes written.\n",
                                described());
            } else {
                method.addJavadoc("Writes {@code values} as $L at byte {@code index} of {@code buffer};\n"
                        + "returns the bytes written.\n", described());
            }
            sizesParameter(method, "The compact records it holds are written with the sizes logged in\n"
                    + "{@code sizes}.\n");
            method.addStatement("int count = values.size()");
            return switch (form) {
                case PACKED, WIDE -> writePacked(method);
                case RECORDS -> writeRecords(method);
                default -> writeVariable(method);
            };
        });
    }

    /** Packed elements: the count, then each element's bits as a required field of its type would hold them. */
    private MethodSpec writePacked(MethodSpec.Builder method) {
        CodeBlock value = CodeBlock.of("$T.requireElement($S, values.get(i))", JavaTypes.FIELD_VALUES,
                qualifiedName);
        if (numberBytes != null) {
            return writePackedCompact(method, value);
        }
        CodeBlock write;
        if (form == ListForm.WIDE) {
            Encoding.Chars chars = (Encoding.Chars) type.element();
            write = CodeBlock.builder().addStatement("$N.write($S, $L, $N,$Wbuffer, index, $T.COUNT_BITS + (long) i * $N)",
                    alphabetConstant(chars), qualifiedName, value, lengthConstant(chars), JavaTypes.PACKED_LIST,
                    widthConstant()).build();
        } else {
            FieldWriter elementWriter = new FieldWriter(context, ListElements.layout(field, type),
                    ListElements.prefix(prefix));
            write = CodeBlock.builder().addStatement("$T.write(buffer, index, $T.COUNT_BITS + (long) i * $N, $N,$W$L)",
                    JavaTypes.BIT_FIELDS, JavaTypes.PACKED_LIST, widthConstant(), widthConstant(),
                    elementWriter.elementBits(value)).build();
        }
        return method
                .addStatement("int size = $T.toIntExact($T.byteSize(count, $N))", Math.class, JavaTypes.PACKED_LIST,
                        widthConstant())
                .addStatement("$T.clear(buffer, index, 0, 8L * size)", JavaTypes.BIT_FIELDS)
                .addStatement("$T.write(buffer, index, 0, $T.COUNT_BITS, count)", JavaTypes.BIT_FIELDS,
                        JavaTypes.PACKED_LIST)
                .beginControlFlow("for (int i = 0; i < count; i++)")
                .addCode(inElement(write))
                .endControlFlow()
                .addStatement("return size")
                .build();
    }

    /**
     * {@link #writePacked} of a list field of a compact record: its count {@code numberBytes} bytes wide, its elements
     * from bit {@code 8 * numberBytes} (section 8.5).
     */
    private MethodSpec writePackedCompact(MethodSpec.Builder method, CodeBlock value) {
        CodeBlock write;
        if (form == ListForm.WIDE) {
            Encoding.Chars chars = (Encoding.Chars) type.element();
            write = CodeBlock.builder().addStatement("$N.write($S, $L, $N,$Wbuffer, index, 8L * numberBytes + (long) i * $N)",
                    alphabetConstant(chars), qualifiedName, value, lengthConstant(chars), widthConstant()).build();
        } else {
            FieldWriter elementWriter = new FieldWriter(context, ListElements.layout(field, type),
                    ListElements.prefix(prefix));
            write = CodeBlock.builder().addStatement("$T.write(buffer, index, 8L * numberBytes + (long) i * $N, $N,$W$L)",
                    JavaTypes.BIT_FIELDS, widthConstant(), widthConstant(), elementWriter.elementBits(value)).build();
        }
        return method
                .addStatement("int size = $T.toIntExact($T.byteSize(count, $N, numberBytes))", Math.class,
                        JavaTypes.PACKED_LIST, widthConstant())
                .addStatement("$T.clear(buffer, index, 0, 8L * size)", JavaTypes.BIT_FIELDS)
                .addStatement("$T.write(buffer, index, numberBytes, count)", LIST_NUMBERS)
                .beginControlFlow("for (int i = 0; i < count; i++)")
                .addCode(inElement(write))
                .endControlFlow()
                .addStatement("return size")
                .build();
    }

    /** Records of fixed width: the count, then each record's bytes at its stride (padding bits cleared first). */
    private MethodSpec writeRecords(MethodSpec.Builder method) {
        ClassName sdo = elementSdo();
        if (numberBytes != null) {
            return method
                    .addStatement("int size = $T.toIntExact($T.byteSize(count, $T.BYTES, numberBytes))", Math.class,
                            RECORD_LIST, sdo)
                    .addStatement("$T.clear(buffer, index, 0, 8L * size)", JavaTypes.BIT_FIELDS)
                    .addStatement("$T.write(buffer, index, numberBytes, count)", LIST_NUMBERS)
                    .beginControlFlow("for (int i = 0; i < count; i++)")
                    .addCode(inElement(CodeBlock.builder().addStatement("$T.encode($T.requireElement($S, values.get(i)),$W"
                                    + "buffer, index + numberBytes + i * $T.BYTES)", sdo, JavaTypes.FIELD_VALUES,
                            qualifiedName, sdo).build()))
                    .endControlFlow()
                    .addStatement("return size")
                    .build();
        }
        return method
                .addStatement("int size = $T.toIntExact($T.byteSize(count, $T.BYTES))", Math.class, RECORD_LIST, sdo)
                .addStatement("$T.clear(buffer, index, 0, 8L * size)", JavaTypes.BIT_FIELDS)
                .addStatement("$T.write(buffer, index, 0, $T.SIZE, count)", JavaTypes.BIT_FIELDS, Integer.class)
                .beginControlFlow("for (int i = 0; i < count; i++)")
                .addCode(inElement(CodeBlock.builder().addStatement("$T.encode($T.requireElement($S, values.get(i)),$W"
                                + "buffer, index + $T.COUNT_BYTES + i * $T.BYTES)", sdo, JavaTypes.FIELD_VALUES,
                        qualifiedName, RECORD_LIST, sdo).build()))
                .endControlFlow()
                .addStatement("return size")
                .build();
    }

    /** The count, the end-offset table, and each element's encoding after it. */
    private MethodSpec writeVariable(MethodSpec.Builder method) {
        CodeBlock written = data().write(type.element(), CodeBlock.of("$T.requireElement($S, values.get(i))",
                JavaTypes.FIELD_VALUES, qualifiedName), CodeBlock.of("index + end"));
        if (numberBytes != null) {
            return method
                    .addStatement("$T.write(buffer, index, numberBytes, count)", LIST_NUMBERS)
                    .addStatement("int end = numberBytes * (1 + count)")
                    .beginControlFlow("for (int i = 0; i < count; i++)")
                    .addCode(inElement(CodeBlock.builder().addStatement("end += $L", written).build()))
                    .addStatement("$T.write(buffer, index + numberBytes * (1 + i), numberBytes, end)", LIST_NUMBERS)
                    .endControlFlow()
                    .addStatement("return end")
                    .build();
        }
        return method
                .addStatement("$T.write(buffer, index, 0, $T.SIZE, count)", JavaTypes.BIT_FIELDS, Integer.class)
                .addStatement("int end = $T.SLOT_BYTES * (1 + count)", VARIABLE_LIST)
                .beginControlFlow("for (int i = 0; i < count; i++)")
                .addCode(inElement(CodeBlock.builder().addStatement("end += $L", written).build()))
                .addStatement("$T.write(buffer, index + $T.SLOT_BYTES * (1 + i), 0, $T.SIZE, end)",
                        JavaTypes.BIT_FIELDS, VARIABLE_LIST, Integer.class)
                .endControlFlow()
                .addStatement("return end")
                .build();
    }

    /** How the elements of a list of the variable form are sized and written. */
    private DataCode data() {
        return new DataCode(qualifiedName, this::elementList, logs);
    }

    /** {@code statements} for element {@code i}, an error in them renamed after the element. */
    private CodeBlock inElement(CodeBlock statements) {
        return CodeBlock.builder()
                .beginControlFlow("try")
                .add(statements)
                .nextControlFlow("catch ($T e)", IllegalArgumentException.class)
                .addStatement("throw $T.inElement($S, i, e)", JavaTypes.FIELD_VALUES, qualifiedName)
                .endControlFlow()
                .build();
    }

    /**
     * {@code value}, a non-null list read from the record, as a bean holds it: a list of its own that the bean's user
     * may change, whose records are beans and whose lists are copies too, nothing left pointing into the record's
     * buffer.
     */
    CodeBlock bean(CodeBlock value) {
        Encoding element = type.element();
        if (!(element instanceof Encoding.Nested || element instanceof Encoding.ListOf || element instanceof Encoding.Union)) {
            return CodeBlock.of("new $T<>($L)", ARRAY_LIST, value);
        }
        String method = context.helper(List.of("list bean", prefix), () -> {
            CodeBlock copy = element instanceof Encoding.ListOf ? elementList().bean(CodeBlock.of("element"))
                    : element instanceof Encoding.Union union ? unionBean(union)
                    : CodeBlock.of("(($T) element).toBean()", elementSdo());
            return MethodSpec.methodBuilder(context.methodName("beansOf" + GeneratedNames.capitalized(stem)))
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(javaType())
                    .addParameter(javaType(), "values")
                    .addJavadoc("A copy of {@code values} for a bean: its records as beans, its lists copied.\n")
                    .addStatement("$T copy = new $T<>(values.size())", javaType(), ARRAY_LIST)
                    .beginControlFlow("for ($T element : values)", elementType())
                    .addStatement("copy.add($L)", copy)
                    .endControlFlow()
                    .addStatement("return copy")
                    .build();
        });
        return CodeBlock.of("$N($L)", method, value);
    }

    /** A union element as a bean: the view's own bean, or for an abstract record the concrete record's. */
    private CodeBlock unionBean(Encoding.Union union) {
        if (union.fromAbstract()) {
            return CodeBlock.of("$T.toBean(element)", GeneratedNames.sdo(union.name()));
        }
        return CodeBlock.of("(($T) element).toBean()", GeneratedNames.sdo(union.name()));
    }

    private ClassName elementSdo() {
        return GeneratedNames.sdo(((Encoding.Nested) type.element()).record().name());
    }

    private String widthConstant() {
        return context.constants().define(ListElements.prefix(prefix) + "_WIDTH", TypeName.INT, "$L",
                Constants.intLiteral(type.element().bits()));
    }

    /** The list as helper methods' Javadoc names it: the field, or a list in it. */
    private String described() {
        return stem.equals(field.name()) ? "{@code " + qualifiedName + "}"
                : "a list inside {@code " + qualifiedName + "}";
    }

    private String alphabetConstant(Encoding.Chars chars) {
        return context.constants().define(ListElements.prefix(prefix) + "_ALPHABET", JavaTypes.ALPHABET,
                CodeBlock.of("new $T($S)", JavaTypes.ALPHABET, chars.alphabet()));
    }

    private String lengthConstant(Encoding.Chars chars) {
        return context.constants().define(ListElements.prefix(prefix) + "_LENGTH", TypeName.INT, "$L",
                chars.length());
    }
}
