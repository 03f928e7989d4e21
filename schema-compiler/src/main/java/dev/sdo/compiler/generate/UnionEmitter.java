package dev.sdo.compiler.generate;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.layout.UnionLayout.AlternativeLayout;
import dev.sdo.compiler.layout.UnionLayout;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.UnionType;
import dev.sdo.runtime.BeanValues;
import dev.sdo.runtime.UnionValues;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * Emits a union's classes (docs/unions-and-extension.md): the interface {@code U} with its {@code Kind} enum, the
 * bean {@code UBean}, and {@code USdo}, a view of a union where a record stores it, with the static methods by which
 * records read and write it. An abstract record's union has only the last, whose views are its alternatives' own
 * SDOs.
 */
final class UnionEmitter {
    private static final ClassName UNION_VALUES = ClassName.get(UnionValues.class);
    private static final ClassName OBJECTS = JavaTypes.OBJECTS;

    private final CodecModel model;
    private final UnionType union;
    private final UnionLayout layout;
    private final SdoContext context;
    private final List<FieldLayout> alternativeLayouts = new ArrayList<>();
    private final ClassName interfaceName;
    private final ClassName kindName;
    private final ClassName beanName;
    private final ClassName sdoName;
    private final String unionName;
    /**
     * Whether an alternative behind the slot is or holds a compact record ({@link CompactLog}): the union's encode and
     * sizing methods then take a compact encode's log, and those without it are made of them with a log of their own.
     */
    private final boolean logs;

    UnionEmitter(CodecModel model, UnionType union) {
        this.model = model;
        this.union = union;
        this.layout = model.union(union);
        this.interfaceName = GeneratedNames.type(union.name());
        this.kindName = interfaceName.nestedClass("Kind");
        this.beanName = GeneratedNames.bean(union.name());
        this.sdoName = GeneratedNames.sdo(union.name());
        this.unionName = union.name().simpleName();
        // The alternatives as the fields of a record at the union's bits: boxed getters, error names "U.alternative".
        List<Field> fields = new ArrayList<>();
        for (AlternativeLayout alternative : layout.alternatives()) {
            Field a = alternative.field();
            Field field = new Field(a.name(), a.type(), true, null, null, 1, a.annotations(), a.doc(), a.position());
            fields.add(field);
            // An inline alternative has no slot (-1), which is how inline() tells the two apart.
            long offset = alternative.inline() ? layout.inlineOffset() : layout.slotOffset();
            alternativeLayouts.add(new FieldLayout(field, alternative.encoding(), -1, offset,
                    alternative.inline() ? -1 : offset, -1));
        }
        RecordType asRecord = new RecordType(union.name(), fields, union.doc(), List.of(), union.position());
        this.context = new SdoContext(model, new RecordLayout(asRecord, alternativeLayouts, layout.totalBits()));
        this.logs = CompactLog.uses(new Encoding.Union(union, layout));
    }

    /** The Java type of a field that holds the union: its interface, or the abstract record's. */
    static TypeName javaType(UnionType union) {
        return GeneratedNames.type(union.name());
    }

    List<TypeSpec> emit() {
        List<TypeSpec> types = new ArrayList<>();
        if (!union.fromAbstract()) {
            types.add(interfaceType());
            types.add(beanType());
        }
        types.add(sdoType());
        return types;
    }

    // ---------------------------------------------------------------------------------------------------------
    // The interface and the bean

    private TypeSpec interfaceType() {
        TypeSpec.Builder kind = TypeSpec.enumBuilder("Kind")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("The alternatives of {@link $T}, in tag order.\n", interfaceName);
        for (Field alternative : union.alternatives()) {
            kind.addEnumConstant(GeneratedNames.constant(alternative.name()), TypeSpec.anonymousClassBuilder("")
                    .addJavadoc(Docs.of(alternative.doc(), "The alternative {@code $L}.", alternative.name()))
                    .build());
        }
        TypeSpec.Builder type = TypeSpec.interfaceBuilder(interfaceName)
                .addModifiers(Modifier.PUBLIC)
                .addSuperinterface(JavaTypes.SERIALIZABLE)
                .addJavadoc(Docs.of(union.doc(), "The schema union {@code $L}: at most one of its alternatives.",
                        unionName))
                .addJavadoc("\n<p>Implemented by {@link $T}, a mutable bean, and {@link $T}, a view of the binary form.\n",
                        beanName, sdoName)
                .addType(kind.build())
                .addMethod(MethodSpec.methodBuilder("which")
                        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                        .returns(kindName)
                        .addJavadoc("Which alternative this value holds, or {@code null} when it holds none.\n")
                        .build());
        for (FieldLayout alternative : alternativeLayouts) {
            type.addMethod(MethodSpec.methodBuilder(GeneratedNames.getter(alternative.field()))
                    .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                    .returns(JavaTypes.getterType(alternative))
                    .addJavadoc(Docs.of(alternative.field().doc(), "The alternative {@code $L}.",
                            alternative.field().name()))
                    .addJavadoc("\n@return its value, or {@code null} when the union holds another alternative or none\n")
                    .build());
        }
        return type.build();
    }

    private TypeSpec beanType() {
        TypeSpec.Builder bean = TypeSpec.classBuilder(beanName)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(interfaceName)
                .addJavadoc("A mutable {@link $T}: setting an alternative clears the one set before.\n", interfaceName)
                .addField(FieldSpec.builder(long.class, "serialVersionUID", Modifier.PRIVATE, Modifier.STATIC,
                        Modifier.FINAL).initializer("1L").build());
        MethodSpec.Builder which = MethodSpec.methodBuilder("which")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(kindName);
        MethodSpec.Builder clear = MethodSpec.methodBuilder("clear")
                .addModifiers(Modifier.PUBLIC)
                .addJavadoc("Clears the union: it holds no alternative.\n");
        for (FieldLayout alternative : alternativeLayouts) {
            Field field = alternative.field();
            TypeName type = JavaTypes.getterType(alternative);
            bean.addField(type, field.name(), Modifier.PRIVATE);
            which.beginControlFlow("if ($N != null)", field.name())
                    .addStatement("return $T.$N", kindName, GeneratedNames.constant(field.name()))
                    .endControlFlow();
            clear.addStatement("this.$N = null", field.name());
            bean.addMethod(MethodSpec.methodBuilder(GeneratedNames.getter(field))
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(type)
                    .addStatement("return $N", field.name())
                    .build());
            bean.addMethod(MethodSpec.methodBuilder(GeneratedNames.setter(field))
                    .addModifiers(Modifier.PUBLIC)
                    .addParameter(type, field.name())
                    .addJavadoc("Makes {@code $L} the alternative this union holds (none, for {@code null}).\n",
                            field.name())
                    .addStatement("clear()")
                    .addStatement("this.$N = $N", field.name(), field.name())
                    .build());
        }
        return bean.addMethod(which.addStatement("return null").build())
                .addMethod(clear.build())
                .addMethods(objectMethods())
                .build();
    }

    /** {@code equals}, {@code hashCode} and {@code toString}, the same for the bean and the view. */
    private List<MethodSpec> objectMethods() {
        CodeBlock.Builder equal = CodeBlock.builder().add("return o instanceof $T other", interfaceName);
        // deepEquals and deepHashCode: a bytes alternative is an array, compared by content; a list of blobs and a
        // decimal compare as a record bean's fields do (blobs by content, decimals by numeric value).
        CodeBlock.Builder hash = CodeBlock.builder().add("return $T.deepHashCode(new Object[] {",
                ClassName.get("java.util", "Arrays"));
        ClassName beanValues = ClassName.get(BeanValues.class);
        boolean first = true;
        for (FieldLayout alternative : alternativeLayouts) {
            String getter = GeneratedNames.getter(alternative.field());
            Encoding type = alternative.encoding();
            if (type instanceof Encoding.ListOf list && list.holdsBlobs()) {
                equal.add("$W&& $T.equalLists($N(), other.$N())", beanValues, getter, getter);
                hash.add(first ? "$T.listHash($N())" : ", $T.listHash($N())", beanValues, getter);
            } else if (type instanceof Encoding.Decimal) {
                equal.add("$W&& $T.equalDecimals($N(), other.$N())", beanValues, getter, getter);
                hash.add(first ? "$T.decimalHash($N())" : ", $T.decimalHash($N())", beanValues, getter);
            } else {
                equal.add("$W&& $T.deepEquals($N(), other.$N())", OBJECTS, getter, getter);
                hash.add(first ? "$N()" : ", $N()", getter);
            }
            first = false;
        }
        return List.of(
                MethodSpec.methodBuilder("equals")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(boolean.class)
                        .addParameter(Object.class, "o")
                        .addJavadoc("Equal to any {@link $T} that holds the same alternative with an equal value.\n",
                                interfaceName)
                        .addStatement(equal.build())
                        .build(),
                MethodSpec.methodBuilder("hashCode")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(int.class)
                        .addStatement(hash.add("})").build())
                        .build(),
                MethodSpec.methodBuilder("toString")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(String.class)
                        .addStatement("$T kind = which()", kindName)
                        .addStatement("return kind == null ? $S : $S + kind + $S + $T.value(this) + $S",
                                unionName + "{}", unionName + "{", "=", sdoName, "}")
                        .build());
    }

    // ---------------------------------------------------------------------------------------------------------
    // The SDO: the view, and how records read and write the union

    private TypeSpec sdoType() {
        TypeSpec.Builder sdo = TypeSpec.classBuilder(sdoName)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL);
        String tagBits = context.constants().define("TAG_BITS", TypeName.INT, "$L", layout.tagBits());
        CodeBlock names = union.alternatives().stream().map(a -> CodeBlock.of("$S", a.name()))
                .collect(CodeBlock.joining(", "));
        List<MethodSpec> methods = new ArrayList<>();
        if (!union.fromAbstract()) {
            sdo.addSuperinterface(interfaceName)
                    .addJavadoc("A {@link $T} read in place where a record stores it: a $L-bit tag, then $L bits that\n"
                            + "its small fixed-width alternatives share$L.\n", interfaceName, layout.tagBits(),
                            layout.inlineBits(), layout.hasSlot()
                                    ? ", then a 32-bit slot that ends the data of the others in the record's variable part"
                                    : "")
                    .addField(FieldSpec.builder(long.class, "serialVersionUID", Modifier.PRIVATE, Modifier.STATIC,
                            Modifier.FINAL).initializer("1L").build())
                    .addField(FieldSpec.builder(ArrayTypeName.of(kindName), "KINDS", Modifier.PRIVATE,
                            Modifier.STATIC, Modifier.FINAL).initializer("$T.values()", kindName).build());
            for (String state : List.of("buffer", "base", "bitOffset", "start", "end", "kind")) {
                TypeName type = switch (state) {
                    case "buffer" -> JavaTypes.BYTE_BUFFER;
                    case "bitOffset" -> TypeName.LONG;
                    case "kind" -> kindName;
                    default -> TypeName.INT;
                };
                sdo.addField(type, state, Modifier.PRIVATE, Modifier.FINAL, Modifier.TRANSIENT);
            }
            sdo.addMethod(MethodSpec.constructorBuilder()
                    .addModifiers(Modifier.PRIVATE)
                    .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                    .addParameter(int.class, "base")
                    .addParameter(long.class, "bitOffset")
                    .addParameter(int.class, "start")
                    .addParameter(int.class, "end")
                    .addParameter(kindName, "kind")
                    .addStatement("this.buffer = buffer")
                    .addStatement("this.base = base")
                    .addStatement("this.bitOffset = bitOffset")
                    .addStatement("this.start = start")
                    .addStatement("this.end = end")
                    .addStatement("this.kind = kind")
                    .build());
            methods.add(readView(tagBits));
            methods.add(MethodSpec.methodBuilder("which")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(kindName)
                    .addStatement("return kind")
                    .build());
            for (FieldLayout alternative : alternativeLayouts) {
                Field field = alternative.field();
                // Covariant for records and declared unions: the alternative is a view too, whose toBean and
                // bytes callers can reach (an abstract record's alternative is already its concrete record's SDO).
                TypeName returns = alternative.encoding() instanceof Encoding.Nested ref ? GeneratedNames.sdo(ref.name())
                        : alternative.encoding() instanceof Encoding.Union ref && !ref.fromAbstract()
                                ? GeneratedNames.sdo(ref.name())
                        : JavaTypes.getterType(alternative);
                methods.add(MethodSpec.methodBuilder(GeneratedNames.getter(field))
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(returns)
                        .addStatement("return kind == $T.$N ? $L : null", kindName, GeneratedNames.constant(field.name()),
                                value(alternative, CodeBlock.of("bitOffset"), CodeBlock.of("start"),
                                        CodeBlock.of("end")))
                        .build());
            }
            methods.add(toBean());
            methods.add(MethodSpec.methodBuilder("writeReplace")
                    .addModifiers(Modifier.PRIVATE)
                    .returns(Object.class)
                    .addJavadoc("Serialised as its bean: a view's buffer is not serialisable.\n")
                    .addStatement("return toBean()")
                    .build());
            methods.addAll(objectMethods());
            methods.add(valueMethod());
        } else {
            sdo.addJavadoc("How records read and write a field of the abstract record {@link $T}: a $L-bit tag names\n"
                    + "the concrete record the field holds.\n", interfaceName, layout.tagBits())
                    .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
            methods.add(readAbstract(tagBits));
            methods.add(abstractToBean());
        }
        sdo.addField(FieldSpec.builder(String[].class, "NAMES", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("{$L}", names).build());
        methods.addAll(encode(tagBits, "encode", true));
        if (inCompactRecord()) {
            methods.addAll(encode(tagBits, "encodeCompact", false));
            methods.add(slotBit());
        }
        methods.addAll(dataBytes());
        methods.addAll(alone());
        if (logs) {
            methods.addAll(loggedAlone());
        }
        methods.add(present());
        return sdo.addFields(context.constants().all())
                .addMethods(methods)
                .addMethods(context.helpers())
                .build();
    }

    /** {@code static USdo read(field, buffer, base, bitOffset, start, end, required)}. */
    private MethodSpec readView(String tagBits) {
        return readSignature(sdoName)
                .addStatement("int tag = $T.tag(field, $S, buffer, base, bitOffset, $N, KINDS.length, required)",
                        UNION_VALUES, unionName, tagBits)
                .addStatement("return tag == 0 ? null : new $T(buffer, base, bitOffset, start, end, KINDS[tag - 1])",
                        sdoName)
                .build();
    }

    /** {@code static A read(...)} of an abstract record's union: the concrete record's own SDO. */
    private MethodSpec readAbstract(String tagBits) {
        MethodSpec.Builder read = readSignature(interfaceName)
                .addStatement("int tag = $T.tag(field, $S, buffer, base, bitOffset, $N, NAMES.length, required)",
                        UNION_VALUES, unionName, tagBits)
                .beginControlFlow("switch (tag)");
        for (int i = 0; i < alternativeLayouts.size(); i++) {
            read.addStatement("case $L: return $L", i + 1, value(alternativeLayouts.get(i), CodeBlock.of("bitOffset"),
                    CodeBlock.of("start"), CodeBlock.of("end")));
        }
        return read.addStatement("default: return null").endControlFlow().build();
    }

    /** {@code static A toBean(A)}: the bean of a concrete record's SDO; any other value as it is. */
    private MethodSpec abstractToBean() {
        MethodSpec.Builder method = MethodSpec.methodBuilder("toBean")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(interfaceName)
                .addParameter(interfaceName, "value")
                .addJavadoc("{@code value} as a bean when it is the SDO of a concrete record: what a record's\n"
                        + "{@code toBean} makes of a field of {@link $T}.\n", interfaceName);
        for (FieldLayout alternative : alternativeLayouts) {
            ClassName sdo = GeneratedNames.sdo(((Encoding.Nested) alternative.encoding()).name());
            method.beginControlFlow("if (value instanceof $T)", sdo)
                    .addStatement("return (($T) value).toBean()", sdo)
                    .endControlFlow();
        }
        return method.addStatement("return value").build();
    }

    private MethodSpec.Builder readSignature(TypeName returns) {
        return MethodSpec.methodBuilder("read")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(returns)
                .addParameter(String.class, "field")
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "base")
                .addParameter(long.class, "bitOffset")
                .addParameter(int.class, "start")
                .addParameter(int.class, "end")
                .addParameter(boolean.class, "required")
                .addJavadoc("The $L whose bits start at bit {@code bitOffset} of the record at byte {@code base},\n"
                        + "the data of an alternative stored in the variable part being bytes {@code start .. end - 1}\n"
                        + "after {@code base}; {@code null} when it holds no alternative.\n", unionName)
                .addJavadoc("\n@throws $T when the stored tag names no alternative, or none in a required union\n",
                        JavaTypes.CORRUPT_DATA);
    }

    /** How an alternative behind the slot is sized and written. */
    private DataCode data(FieldLayout alternative) {
        return new DataCode(GeneratedNames.qualifiedField(union.name(), alternative.field()),
                () -> logs ? new ListCodec(context, alternative).logged() : new ListCodec(context, alternative), logs);
    }

    /** Whether an alternative's value is in the union's inline place; otherwise its data is behind the slot. */
    private static boolean inline(FieldLayout alternative) {
        return alternative.slotOffset() < 0;
    }

    /** An alternative's value, read from the union's bits at {@code bitOffset} and its data {@code start..end}. */
    private CodeBlock value(FieldLayout alternative, CodeBlock bitOffset, CodeBlock start, CodeBlock end) {
        Field field = alternative.field();
        Encoding type = alternative.encoding();
        String prefix = context.prefix(alternative);
        CodeBlock name = CodeBlock.of("$S", GeneratedNames.qualifiedField(union.name(), field));
        if (inline(alternative)) {
            String offset = context.constants().define(prefix + "_OFFSET", TypeName.LONG, "$L",
                    Constants.longLiteral(alternative.offset()));
            if (type instanceof Encoding.Nested ref) {
                return CodeBlock.of("$T.copyOf(buffer, base, $L + $N)", GeneratedNames.sdo(ref.name()), bitOffset, offset);
            }
            String width = context.constants().define(prefix + "_WIDTH", TypeName.INT, "$L",
                    Constants.intLiteral(alternative.width()));
            String reader = context.helper(List.of("read", prefix), () -> MethodSpec.methodBuilder(
                            context.methodName("read" + GeneratedNames.capitalized(field.name())))
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(JavaTypes.valueType(alternative))
                    .addParameter(long.class, "bits")
                    .addStatement("return $L", FieldReader.elementValue(context, alternative, prefix, "bits"))
                    .build());
            return CodeBlock.of("$N($T.read(buffer, base, $L + $N, $N))", reader, JavaTypes.BIT_FIELDS, bitOffset,
                    offset, width);
        }
        return data(alternative).read(type, name, "base", start, end);
    }

    /** {@code toBean()}: a bean holding this alternative's value, records as beans, lists as lists of their own. */
    private MethodSpec toBean() {
        MethodSpec.Builder method = MethodSpec.methodBuilder("toBean")
                .addModifiers(Modifier.PUBLIC)
                .returns(beanName)
                .addJavadoc("A new {@link $T} holding this union's alternative; records become beans too.\n", beanName)
                .addStatement("$T bean = new $T()", beanName, beanName)
                .beginControlFlow("switch (kind)");
        for (FieldLayout alternative : alternativeLayouts) {
            Field field = alternative.field();
            CodeBlock value = CodeBlock.of("$N()", GeneratedNames.getter(field));
            Encoding encoding = alternative.encoding();
            if (encoding instanceof Encoding.Nested || encoding instanceof Encoding.Union ref && !ref.fromAbstract()) {
                value = CodeBlock.of("$L.toBean()", value);
            } else if (encoding instanceof Encoding.Union ref) {
                value = CodeBlock.of("$T.toBean($L)", GeneratedNames.sdo(ref.name()), value);
            } else if (encoding instanceof Encoding.ListOf) {
                value = new ListCodec(context, alternative).bean(value);
            }
            method.addStatement("case $N: bean.$N($L); break", GeneratedNames.constant(field.name()), GeneratedNames.setter(field),
                    value);
        }
        return method.addStatement("default: break").endControlFlow().addStatement("return bean").build();
    }

    /** {@code value(U)}: the alternative's value, whichever it is, for {@code toString}. */
    private MethodSpec valueMethod() {
        MethodSpec.Builder method = MethodSpec.methodBuilder("value")
                .addModifiers(Modifier.STATIC)
                .returns(Object.class)
                .addParameter(interfaceName, "union")
                .addJavadoc("The value of the alternative {@code union} holds, or {@code null}.\n")
                .beginControlFlow("switch (union.which())");
        for (FieldLayout alternative : alternativeLayouts) {
            method.addStatement("case $N: return union.$N()", GeneratedNames.constant(alternative.field().name()),
                    GeneratedNames.getter(alternative.field()));
        }
        return method.addStatement("default: return null").endControlFlow().build();
    }

    /**
     * {@code static int present(String, U)}: the index of the alternative {@code value} holds, -1 for none; two at
     * once are refused. For an abstract record, the most derived concrete record it is an instance of.
     */
    private MethodSpec present() {
        MethodSpec.Builder method = MethodSpec.methodBuilder("present")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(int.class)
                .addParameter(String.class, "field")
                .addParameter(interfaceName, "value")
                .beginControlFlow("if (value == null)")
                .addStatement("return -1")
                .endControlFlow();
        if (!union.fromAbstract()) {
            CodeBlock values = alternativeLayouts.stream()
                    .map(a -> CodeBlock.of("value.$N()", GeneratedNames.getter(a.field())))
                    .collect(CodeBlock.joining(",$W"));
            return method.addStatement("return $T.present(field, $S, NAMES,$W$L)", UNION_VALUES, unionName, values)
                    .build();
        }
        // Most derived first: an extension of an extension is an instance of both interfaces.
        Map<Field, Integer> depth = alternativeLayouts.stream().collect(Collectors.toMap(FieldLayout::field,
                a -> depth(((Encoding.Nested) a.encoding()).name())));
        List<FieldLayout> order = new ArrayList<>(alternativeLayouts);
        order.sort(Comparator.comparing((FieldLayout a) -> -depth.get(a.field())));
        for (FieldLayout alternative : order) {
            method.beginControlFlow("if (value instanceof $T)", GeneratedNames.type(((Encoding.Nested) alternative.encoding()).name()))
                    .addStatement("return $L", alternativeLayouts.indexOf(alternative))
                    .endControlFlow();
        }
        return method.addStatement("throw new $T(field + $S + value.getClass().getName()$W+ $S)",
                IllegalArgumentException.class, ": a " + unionName + " of class ",
                ", which is none of its concrete records").build();
    }

    /** How many records {@code record} extends, directly or through others. */
    private int depth(dev.sdo.compiler.model.QualifiedName record) {
        int depth = 0;
        RecordType next = model.record(record).record();
        java.util.Set<dev.sdo.compiler.model.QualifiedName> seen = new HashSet<>();
        while (next.base() != null && seen.add(next.name())) {
            depth++;
            next = model.record(next.base()).record();
        }
        return depth;
    }

    /** The typed local of alternative {@code i} of {@code value}. */
    private CodeBlock alternativeValue(FieldLayout alternative) {
        if (union.fromAbstract()) {
            return CodeBlock.of("($T) value", GeneratedNames.type(((Encoding.Nested) alternative.encoding()).name()));
        }
        return CodeBlock.of("value.$N()", GeneratedNames.getter(alternative.field()));
    }

    /**
     * {@code static int encode(field, value, required, buffer, base, bitOffset, start)}: writes the tag, the inline
     * bits (0 where the alternative is not inline) and, for an alternative behind the slot, its data at
     * {@code start} and the slot; returns where the union's data ends ({@code start} when it has none). For a union
     * whose alternatives hold compact records, also the same method taking the log, which the one without calls
     * with a log of its own.
     */
    private List<MethodSpec> encode(String tagBits, String name, boolean writeSlot) {
        MethodSpec.Builder method = MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(int.class)
                .addParameter(String.class, "field")
                .addParameter(interfaceName, "value")
                .addParameter(boolean.class, "required")
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "base")
                .addParameter(long.class, "bitOffset")
                .addParameter(int.class, "start")
                .addJavadoc("Writes {@code value} as the $L whose bits start at bit {@code bitOffset} of the record at\n"
                        + "byte {@code base}, the data of an alternative stored in the variable part at byte\n"
                        + "{@code start} after {@code base}; returns where that data ends ({@code start} when there is\n"
                        + "none).\n", unionName)
                .addJavadoc(writeSlot ? "" : "Its end slot is not written: a compact record keeps it in its slot\n"
                        + "table, when {@link #slotBit} says it has one (docs/record-format.md, section 8).\n")
                .addJavadoc("\n@throws IllegalArgumentException when two alternatives are set, none in a required\n"
                        + "    union, or the alternative's value does not fit it\n");
        if (logs) {
            MethodSpec signature = method.build();
            MethodSpec.Builder own = signature.toBuilder()
                    .addCode("// Its alternative's compact records sized once, into a log of its own, then written"
                            + " from it.\n")
                    .beginControlFlow("try ($T sizes = $T.take())", JavaTypes.COMPACT_SIZES, JavaTypes.COMPACT_SIZES)
                    .addStatement("dataBytes(field, value, sizes)")
                    .addStatement("int end = $N(field, value, required, buffer, base, bitOffset, start, sizes)", name)
                    .addStatement("sizes.finish(field)")
                    .addStatement("return end")
                    .endControlFlow();
            method = signature.toBuilder()
                    .addParameter(JavaTypes.COMPACT_SIZES, CompactLog.SIZES)
                    .addJavadoc("\n<p>For generated code: the compact records it holds are written with the sizes\n"
                            + "{@link #dataBytes($T, $T, $T)} logged in {@code sizes}.\n", String.class, interfaceName,
                            JavaTypes.COMPACT_SIZES);
            return List.of(own.build(), encodeBody(tagBits, method, writeSlot).build());
        }
        return List.of(encodeBody(tagBits, method, writeSlot).build());
    }

    /** The statements of {@link #encode}: the tag, the inline bits, the alternative's data and the slot. */
    private MethodSpec.Builder encodeBody(String tagBits, MethodSpec.Builder method, boolean writeSlot) {
        method.addStatement("int present = present(field, value)")
                .beginControlFlow("if (present < 0 && required)")
                .addStatement("throw new $T(field + $S)", IllegalArgumentException.class,
                        ": the required union " + unionName + " holds no alternative")
                .endControlFlow()
                .addStatement("$T.write(buffer, base, bitOffset, $N, present + 1)", JavaTypes.BIT_FIELDS, tagBits);
        if (layout.inlineBits() > 0) {
            String inline = context.constants().define("INLINE_OFFSET", TypeName.LONG, "$L",
                    Constants.longLiteral(layout.inlineOffset()));
            method.addStatement("$T.clear(buffer, base, bitOffset + $N, $L)", JavaTypes.BIT_FIELDS, inline,
                    layout.inlineBits());
        }
        method.addStatement("int end = start").beginControlFlow("switch (present)");
        for (int i = 0; i < alternativeLayouts.size(); i++) {
            FieldLayout alternative = alternativeLayouts.get(i);
            method.addCode("case $L: {\n$>", i).addCode(write(alternative)).addStatement("break").addCode("$<}\n");
        }
        method.addStatement("default: break").endControlFlow();
        if (layout.hasSlot() && writeSlot) {
            String slot = context.constants().define("SLOT_OFFSET", TypeName.LONG, "$L",
                    Constants.longLiteral(layout.slotOffset()));
            method.addStatement("$T.write(buffer, base, bitOffset + $N, $T.SLOT_BITS, end)", JavaTypes.BIT_FIELDS,
                    slot, JavaTypes.VARIABLE_DATA);
        }
        return method.addStatement("return end");
    }

    private CodeBlock write(FieldLayout alternative) {
        Field field = alternative.field();
        Encoding type = alternative.encoding();
        String prefix = context.prefix(alternative);
        TypeName valueType = union.fromAbstract() ? GeneratedNames.type(((Encoding.Nested) type).name()) : JavaTypes.getterType(alternative);
        CodeBlock.Builder code = CodeBlock.builder().addStatement("$T v = $L", valueType, alternativeValue(alternative));
        if (inline(alternative)) {
            String offset = context.constants().define(prefix + "_OFFSET", TypeName.LONG, "$L",
                    Constants.longLiteral(alternative.offset()));
            if (type instanceof Encoding.Nested ref) {
                return code.addStatement("$T.encode(v, buffer, base, bitOffset + $N)", GeneratedNames.sdo(ref.name()), offset)
                        .build();
            }
            String width = context.constants().define(prefix + "_WIDTH", TypeName.INT, "$L",
                    Constants.intLiteral(alternative.width()));
            CodeBlock bits = new FieldWriter(context, alternative, prefix).elementBits(CodeBlock.of("v"));
            return code.addStatement("$T.write(buffer, base, bitOffset + $N, $N, $L)", JavaTypes.BIT_FIELDS, offset,
                    width, bits).build();
        }
        if (type instanceof Encoding.Nested ref && !ref.variableLength()) {
            // Too wide for the inline place: its fixed bytes behind the slot, padding bits cleared.
            ClassName sdo = GeneratedNames.sdo(ref.name());
            code.addStatement("$T.clear(buffer, base + start, 0, 8L * $T.BYTES)", JavaTypes.BIT_FIELDS, sdo)
                    .addStatement("$T.encode(v, buffer, base + start, 0)", sdo)
                    .addStatement("end = start + $T.BYTES", sdo);
        } else {
            code.addStatement("end = start + $L", data(alternative).write(type, CodeBlock.of("v"),
                    CodeBlock.of("base + start")));
        }
        return code.build();
    }

    /**
     * The union stored on its own, as a list element is (docs/record-format.md, section 5): its bits from bit 0,
     * padded to {@code ALONE_BYTES} bytes, then the present alternative's data; always holding an alternative.
     */
    private List<MethodSpec> alone() {
        String bytes = context.constants().define("ALONE_BYTES", TypeName.INT, "$L", layout.standaloneBytes());
        TypeName returns = union.fromAbstract() ? interfaceName : sdoName;
        return List.of(
                MethodSpec.methodBuilder("readAlone")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(returns)
                        .addParameter(String.class, "field")
                        .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                        .addParameter(int.class, "offset")
                        .addParameter(int.class, "size")
                        .addJavadoc("The $L stored on its own in the {@code size} bytes at byte {@code offset}.\n",
                                unionName)
                        .addStatement("$T.fixed(field, buffer, offset, 0, $T.min(size, $N), $N)", UNION_VALUES,
                                Math.class, bytes, bytes)
                        .addStatement("return read(field, buffer, offset, 0, $N, size, true)", bytes)
                        .build(),
                MethodSpec.methodBuilder("encodeAlone")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(int.class)
                        .addParameter(String.class, "field")
                        .addParameter(interfaceName, "value")
                        .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                        .addParameter(int.class, "offset")
                        .addJavadoc("Writes {@code value} on its own at byte {@code offset}; returns the bytes written.\n")
                        .addStatement("$T.clear(buffer, offset, 0, 8L * $N)", JavaTypes.BIT_FIELDS, bytes)
                        .addStatement("return encode(field, value, true, buffer, offset, 0, $N)", bytes)
                        .build(),
                MethodSpec.methodBuilder("aloneBytes")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(long.class)
                        .addParameter(String.class, "field")
                        .addParameter(interfaceName, "value")
                        .addJavadoc("The bytes {@code value} takes stored on its own.\n")
                        .addStatement("return $N + dataBytes(field, value)", bytes)
                        .build());
    }

    /**
     * For a union whose alternatives hold compact records ({@link CompactLog}): {@code encodeAlone} and
     * {@code aloneBytes} with a compact encode's log, which a compact record's list of the union calls.
     */
    private List<MethodSpec> loggedAlone() {
        String bytes = context.constants().define("ALONE_BYTES", TypeName.INT, "$L", layout.standaloneBytes());
        return List.of(
                MethodSpec.methodBuilder("encodeAlone")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(int.class)
                        .addParameter(String.class, "field")
                        .addParameter(interfaceName, "value")
                        .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                        .addParameter(int.class, "offset")
                        .addParameter(JavaTypes.COMPACT_SIZES, CompactLog.SIZES)
                        .addJavadoc("For generated code: {@link #encodeAlone($T, $T, $T, int)}, the compact records\n"
                                + "it holds written with the sizes {@link #aloneBytes($T, $T, $T)} logged in\n"
                                + "{@code sizes}.\n", String.class, interfaceName, JavaTypes.BYTE_BUFFER, String.class,
                                interfaceName, JavaTypes.COMPACT_SIZES)
                        .addStatement("$T.clear(buffer, offset, 0, 8L * $N)", JavaTypes.BIT_FIELDS, bytes)
                        .addStatement("return encode(field, value, true, buffer, offset, 0, $N, sizes)", bytes)
                        .build(),
                MethodSpec.methodBuilder("aloneBytes")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(long.class)
                        .addParameter(String.class, "field")
                        .addParameter(interfaceName, "value")
                        .addParameter(JavaTypes.COMPACT_SIZES, CompactLog.SIZES)
                        .addJavadoc("For generated code: {@link #aloneBytes($T, $T)}, the sizes of the compact\n"
                                + "records it holds logged in {@code sizes}.\n", String.class, interfaceName)
                        .addStatement("return $N + dataBytes(field, value, sizes)", bytes)
                        .build());
    }

    /**
     * Whether a {@code @compact} record holds the union with its slot (docs/record-format.md, section 8): its SDO then
     * has {@code encodeCompact} and {@code slotBit}, which such a record's {@code encode} and writer call. Other
     * unions' SDOs stay as they were.
     */
    private boolean inCompactRecord() {
        return layout.hasSlot() && model.records().stream().flatMap(record -> record.fields().stream())
                .anyMatch(field -> field.compactSlot() && field.encoding() instanceof Encoding.Union held
                        && held.name().equals(union.name()));
    }

    /**
     * {@code static boolean slotBit(field, value)}: whether {@code value}'s alternative is stored after the fixed part
     * (not inline, and not none), so that a compact record gives the union an end slot.
     */
    private MethodSpec slotBit() {
        MethodSpec.Builder method = MethodSpec.methodBuilder("slotBit")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(boolean.class)
                .addParameter(String.class, "field")
                .addParameter(interfaceName, "value")
                .addJavadoc("Whether the alternative {@code value} holds is stored in the record's variable part (not in\n"
                        + "the union's own bits, and not none): a compact record's slot bit of the union.\n")
                .beginControlFlow("switch (present(field, value))");
        for (int i = 0; i < alternativeLayouts.size(); i++) {
            if (!inline(alternativeLayouts.get(i))) {
                method.addStatement("case $L: return true", i);
            }
        }
        return method.addStatement("default: return false").endControlFlow().build();
    }

    /**
     * {@code static long dataBytes(field, value)}: the bytes the alternative of {@code value} takes in the variable
     * part; for a union whose alternatives hold compact records, also the same method logging their sizes.
     */
    private List<MethodSpec> dataBytes() {
        MethodSpec.Builder method = MethodSpec.methodBuilder("dataBytes")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(long.class)
                .addParameter(String.class, "field")
                .addParameter(interfaceName, "value")
                .addJavadoc("The bytes the alternative {@code value} holds takes in the record's variable part: 0 when\n"
                        + "it is stored in the union's own bits, or when there is none.\n");
        if (!logs) {
            return List.of(dataBytesBody(method).build());
        }
        MethodSpec signature = method.build();
        return List.of(signature.toBuilder()
                        .addCode("// Its alternative's compact records logged in a log of its own, which no writing"
                                + " pass reads.\n")
                        .beginControlFlow("try ($T sizes = $T.take())", JavaTypes.COMPACT_SIZES,
                                JavaTypes.COMPACT_SIZES)
                        .addStatement("return dataBytes(field, value, sizes)")
                        .endControlFlow()
                        .build(),
                dataBytesBody(signature.toBuilder()
                        .addParameter(JavaTypes.COMPACT_SIZES, CompactLog.SIZES)
                        .addJavadoc("\n<p>For generated code: the sizes of the compact records it holds are logged in\n"
                                + "{@code sizes}, before they are written from it.\n")).build());
    }

    /** The switch of {@link #dataBytes}: the size of the alternative behind the slot, when there is one. */
    private MethodSpec.Builder dataBytesBody(MethodSpec.Builder method) {
        method.beginControlFlow("switch (present(field, value))");
        for (int i = 0; i < alternativeLayouts.size(); i++) {
            FieldLayout alternative = alternativeLayouts.get(i);
            if (inline(alternative)) {
                continue;
            }
            method.addStatement("case $L: return $L", i,
                    data(alternative).size(alternative.encoding(), alternativeValue(alternative)));
        }
        return method.addStatement("default: return 0").endControlFlow();
    }
}
