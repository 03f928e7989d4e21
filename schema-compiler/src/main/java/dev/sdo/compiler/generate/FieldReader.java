package dev.sdo.compiler.generate;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.JavaOverride;
import dev.sdo.runtime.DateCache;
import dev.sdo.runtime.StringCache;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javax.lang.model.element.Modifier;

/**
 * The getters of one field of an SDO. A getter of a value of at most 64 bits is one or two word loads (see
 * {@link BitWindow}), a shift, a mask and the conversion to its Java type, with every index, shift and mask a
 * named constant; it allocates nothing unless its Java type is an object.
 */
final class FieldReader {
    /** The primitive accessors' value of a field a record's writer did not have: 0. */
    private static final Supplier<CodeBlock> ZERO = () -> CodeBlock.of("0");
    private static final TypeName INT = TypeName.INT;
    private static final TypeName LONG = TypeName.LONG;
    /** The local of a compact field's getter that holds its data's start and end ({@link #spanStatement}). */
    private static final String SPAN = "span";

    private final SdoContext context;
    private final FieldLayout layout;
    private final Field field;
    private final String prefix;
    private final Constants constants;
    private final String elementBits;

    FieldReader(SdoContext context, FieldLayout layout) {
        this(context, layout, context.prefix(layout), null);
    }

    /**
     * @param prefix the prefix of the constants this reader defines
     * @param elementBits for a list element, the name of the {@code long} holding its stored bits, which then
     *     replace the loads from the record; null for a field
     */
    private FieldReader(SdoContext context, FieldLayout layout, String prefix, String elementBits) {
        this.context = context;
        this.layout = layout;
        this.field = layout.field();
        this.prefix = prefix;
        this.constants = context.constants();
        this.elementBits = elementBits;
    }

    List<MethodSpec> getters() {
        List<MethodSpec> methods = new ArrayList<>(layout.encoding().accept(new ValueGetters()));
        if (!layout.optional()) {
            // No presence bit (an optional union's presence is its tag, tested by its own getters).
            return methods;
        } else if (field.optional()) {
            methods.add(MethodSpec.methodBuilder(GeneratedNames.presence(field))
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(boolean.class)
                    .addStatement("return $L", versioned(bitTest(prefix + "_PRESENCE", layout.presenceBit())))
                    .build());
        } else if (field.defaultValue() != null) {
            // Not part of the API: a field with a default always has a value. Bit 0 means the default.
            methods.add(MethodSpec.methodBuilder(GeneratedNames.presence(field))
                    .addModifiers(Modifier.PRIVATE)
                    .returns(boolean.class)
                    .addJavadoc("Whether {@code $L} holds a value other than its default.\n", field.name())
                    .addStatement("return $L", versioned(bitTest(prefix + "_PRESENCE", layout.presenceBit())))
                    .build());
        }
        return methods;
    }

    /** The getters of a field's value, and the private methods they use; not its presence test. */
    private final class ValueGetters implements Encoding.Visitor<List<MethodSpec>> {
        @Override
        public List<MethodSpec> bool(Encoding.Bool encoding) {
            return scalar(bitTest(prefix, layout.offset()));
        }

        @Override
        public List<MethodSpec> integer(Encoding.Int encoding) {
            TypeName natural = JavaTypes.naturalType(encoding);
            return scalar(overridden(raw(encoding.kind().signed()).as(natural), natural));
        }

        @Override
        public List<MethodSpec> range(Encoding.Range encoding) {
            return scalar(overridden(FieldReader.this.range(encoding), JavaTypes.naturalType(encoding)));
        }

        @Override
        public List<MethodSpec> floating(Encoding.Floating encoding) {
            return scalar(floatValue(encoding));
        }

        @Override
        public List<MethodSpec> decimal(Encoding.Decimal encoding) {
            return List.of(decimalGetter(encoding), unscaledGetter(encoding));
        }

        @Override
        public List<MethodSpec> date(Encoding.Date encoding) {
            return List.of(dateGetter(encoding), epochDayGetter(encoding));
        }

        @Override
        public List<MethodSpec> time(Encoding.Time encoding) {
            return scalar(timeValue(encoding));
        }

        @Override
        public List<MethodSpec> timestamp(Encoding.Timestamp encoding) {
            return List.of(getter(JavaTypes.getterType(layout), timestampValue(encoding)), epochCountGetter(encoding));
        }

        @Override
        public List<MethodSpec> chars(Encoding.Chars encoding) {
            MethodSpec getter = getter(JavaTypes.getterType(layout), FieldReader.this.chars(encoding));
            return GeneratedNames.hasOrderKey(field) ? List.of(getter, orderKeyGetter(encoding)) : List.of(getter);
        }

        @Override
        public List<MethodSpec> enumeration(Encoding.Enumeration encoding) {
            return scalar(enumValue(encoding));
        }

        @Override
        public List<MethodSpec> record(Encoding.Nested encoding) {
            // Covariant: an SDO's nested record is an SDO too, so that callers can reach its toBean and bytes.
            ClassName sdo = GeneratedNames.sdo(encoding.name());
            return encoding.variableLength() ? withEnd(getter(sdo, data()))
                    : List.of(getter(sdo, nested(encoding)));
        }

        @Override
        public List<MethodSpec> string(Encoding.Text encoding) {
            // A compact record's string field may hold a reference to an earlier string (section 8.6).
            return withEnd(getter(JavaTypes.getterType(layout),
                    SharedStringFields.isSharedString(layout) ? variableData("string") : data()), bufferGetter());
        }

        @Override
        public List<MethodSpec> bytes(Encoding.Blob encoding) {
            return withEnd(getter(JavaTypes.getterType(layout), data()), bufferGetter());
        }

        @Override
        public List<MethodSpec> list(Encoding.ListOf encoding) {
            return withEnd(getter(new ListCodec(context, layout).viewType(), data()));
        }

        @Override
        public List<MethodSpec> union(Encoding.Union encoding) {
            return unionGetters(encoding);
        }

        @Override
        public List<MethodSpec> bigDecimal(Encoding.AnyDecimal encoding) {
            return bigNumber(encoding);
        }

        @Override
        public List<MethodSpec> bigInteger(Encoding.AnyInteger encoding) {
            return bigNumber(encoding);
        }

        private List<MethodSpec> scalar(CodeBlock value) {
            return List.of(getter(JavaTypes.getterType(layout), value));
        }

        private List<MethodSpec> bigNumber(Encoding encoding) {
            return withEnd(getter(JavaTypes.getterType(layout), data()));
        }

        /** The field's value, read from its data: from the previous variable-length field's end to its own. */
        private CodeBlock data() {
            // A compact record's list field: its count and end offsets as wide as the record's slots (section 8.5).
            return new DataCode(qualifiedName(), () -> ListCodec.field(context, layout,
                    CodeBlock.of("$T.width(buffer, offset)", JavaTypes.COMPACT_SLOTS))).read(layout.encoding(),
                    CodeBlock.of("$S", qualifiedName()), "offset", fieldStart(), fieldEnd());
        }
    }

    /**
     * A union field's getter, a view of the union where the record holds it, and for an optional union its presence
     * test, which reads the tag (an optional union has no presence bit: tag 0 means none).
     */
    private List<MethodSpec> unionGetters(Encoding.Union type) {
        List<MethodSpec> methods = new ArrayList<>();
        ClassName sdo = GeneratedNames.sdo(type.name());
        String offset = bitOffsetConstant();
        CodeBlock start = layout.variableLength() ? fieldStart() : CodeBlock.of("0");
        CodeBlock end = layout.variableLength() ? fieldEnd() : CodeBlock.of("0");
        CodeBlock read = CodeBlock.of("$T.read($S, buffer, offset, $N, $L, $L, $L)", sdo, qualifiedName(), offset,
                start, end, !field.optional());
        TypeName returns = type.fromAbstract() ? GeneratedNames.type(type.name()) : sdo;
        MethodSpec.Builder getter = Deprecations.mark(MethodSpec.methodBuilder(GeneratedNames.getter(field)), field)
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(returns)
                .addJavadoc(Docs.of(field.doc(), "The field {@code $L}.", field.name()))
                .addJavadoc("\n<p>Stored in bits $L..$L of the record: its tag first.\n", layout.offset(),
                        layout.end() - 1);
        spanStatement(getter);
        CodeBlock written = writtenTest();
        if (field.optional()) {
            getter.addJavadoc("\n@return the union, or {@code null} when it holds no alternative\n");
            getter.addStatement(written == null ? CodeBlock.of("return $L", read)
                    : CodeBlock.of("return $L ? $L : null", written, read));
            String tagBits = constants.define(prefix + "_TAG_BITS", INT, "$L",
                    type.layout().tagBits());
            CodeBlock tag = CodeBlock.of("$T.read(buffer, offset, $N, $N) != 0", JavaTypes.BIT_FIELDS, offset, tagBits);
            methods.add(getter.build());
            methods.add(MethodSpec.methodBuilder(GeneratedNames.presence(field))
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(boolean.class)
                    .addStatement("return $L", written == null ? tag : CodeBlock.of("$L && $L", written, tag))
                    .build());
        } else {
            methods.add(getter.addStatement("return $L", read).build());
        }
        if (layout.compactSlot()) {
            methods.addAll(withEnd());
        } else if (layout.variableLength()) {
            String slot = context.slotConstant(layout);
            methods.add(MethodSpec.methodBuilder(endMethodName(field))
                    .addModifiers(Modifier.PRIVATE)
                    .returns(int.class)
                    .addStatement("return (int) $T.read(buffer, offset, $N, $T.SLOT_BITS)", JavaTypes.BIT_FIELDS,
                            slot, JavaTypes.VARIABLE_DATA)
                    .build());
        }
        return methods;
    }

    /** The name of the private method that reads a variable-length field's end slot. */
    private String endMethodName(Field field) {
        return GeneratedNames.endMethod(context.layout().record(), field);
    }

    /**
     * {@code getters} and, in a plain record, the private method that reads the field's end slot (each field's data
     * starts where the previous one's ends, and {@code checkedByteSize} walks them all); a compact record's getters
     * read their span and its check walks the slot table ({@code CompactSlots}), and its size is its view's.
     */
    private List<MethodSpec> withEnd(MethodSpec... getters) {
        List<MethodSpec> methods = new ArrayList<>(List.of(getters));
        if (!layout.compactSlot()) {
            methods.add(endMethod());
        }
        return methods;
    }

    /** The private method that reads the field's end slot: where its data ends, in bytes from the record's start. */
    private MethodSpec endMethod() {
        return MethodSpec.methodBuilder(endMethodName(field))
                .addModifiers(Modifier.PRIVATE)
                .returns(int.class)
                .addStatement("return $L", raw(true).as(INT))
                .build();
    }

    /**
     * Where the getter finds the field's data to start: in a compact record, the start of the span its first
     * statement reads ({@link #spanStatement}), else {@link #dataStart}.
     */
    private CodeBlock fieldStart() {
        return layout.compactSlot() ? CodeBlock.of("$T.spanStart($N)", JavaTypes.COMPACT_SLOTS, SPAN)
                : dataStart();
    }

    /** Where the getter finds the field's data to end: the span's end in a compact record, else its end slot. */
    private CodeBlock fieldEnd() {
        return layout.compactSlot() ? CodeBlock.of("$T.spanEnd($N)", JavaTypes.COMPACT_SLOTS, SPAN)
                : CodeBlock.of("$N()", endMethodName(field));
    }

    /**
     * Adds, as a getter's first statement, the read of a compact field's start and end with one count of the slot
     * bits ({@code CompactSlots.checkedSpan}) rather than one for the previous field's end and one for its own.
     */
    private MethodSpec.Builder spanStatement(MethodSpec.Builder getter) {
        if (layout.compactSlot()) {
            // Checked against the record's size (a nested record's slots were not walked by its wrapNested).
            getter.addStatement("long $N = $T.checkedSpan($S, buffer, offset, $N, BYTES, $N, $N)", SPAN,
                    JavaTypes.COMPACT_SLOTS, qualifiedName(), SdoContext.SIZE, context.slotBitsConstant(),
                    context.slotIndexConstant(layout));
        }
        return getter;
    }

    /**
     * Where a plain record's field's data starts: the previous variable-length field's end, or the fixed part's end
     * (a compact record's getters read their span instead).
     */
    private CodeBlock dataStart() {
        FieldLayout previous = context.layout().previousVariable(layout);
        if (previous == null) {
            // Data of another version starts after that version's fixed part, which its container tells.
            return CodeBlock.of("writerBytes");
        }
        return CodeBlock.of("$N()", endMethodName(previous.field()));
    }

    /**
     * For a field added after version 1, the test that the data's writer had it: one compare of the writer's
     * version with a constant; null for a field every version has.
     */
    private CodeBlock writtenTest() {
        if (elementBits != null || field.since() <= 1) {
            return null;
        }
        String since = constants.define(prefix + "_SINCE", INT, "$L", field.since());
        return CodeBlock.of("writerVersion >= $N", since);
    }

    /** {@code test}, preceded for a field added after version 1 by the check that the writer had the field. */
    private CodeBlock versioned(CodeBlock test) {
        CodeBlock written = writtenTest();
        return written == null ? test : CodeBlock.of("$L$W&& $L", written, test);
    }

    /**
     * The statement that returns {@code value}, for a required field added after version 1 only when the writer
     * had the field and otherwise {@code zero}: its bits are not in older data and must not be read.
     */
    private CodeBlock returnRequired(CodeBlock value, Supplier<CodeBlock> zero) {
        CodeBlock written = writtenTest();
        return written == null ? CodeBlock.of("return $L", value)
                : CodeBlock.of("return $L$W? $L$W: $L", written, value, zero.get());
    }

    /**
     * The value of a list element from its stored bits, held in the {@code long} named {@code bits}, exactly as a
     * field of its type is read; {@code element} describes it as a field at bit 0 whose constants start with
     * {@code prefix}.
     */
    static CodeBlock elementValue(SdoContext context, FieldLayout element, String prefix, String bits) {
        return new FieldReader(context, element, prefix, bits).elementValue();
    }

    /** A list element's value from its stored bits, as a field of its type reads it. */
    private CodeBlock elementValue() {
        return layout.encoding().accept(new ElementValue());
    }

    /** The value of a single value's stored bits: only encodings of one run of bits are list elements bit by bit. */
    private final class ElementValue extends ScalarVisitor<CodeBlock> {
        @Override
        public CodeBlock bool(Encoding.Bool encoding) {
            return CodeBlock.of("$N != 0", elementBits);
        }

        @Override
        public CodeBlock integer(Encoding.Int encoding) {
            TypeName natural = JavaTypes.naturalType(encoding);
            return overridden(raw(encoding.kind().signed()).as(natural), natural);
        }

        @Override
        public CodeBlock range(Encoding.Range encoding) {
            return overridden(FieldReader.this.range(encoding), JavaTypes.naturalType(encoding));
        }

        @Override
        public CodeBlock floating(Encoding.Floating encoding) {
            return floatValue(encoding);
        }

        @Override
        public CodeBlock decimal(Encoding.Decimal encoding) {
            String scale = constants.define(prefix + "_SCALE", INT, "$L", encoding.scale());
            return CodeBlock.of("$T.valueOf($L, $N)", JavaTypes.BIG_DECIMAL, unscaled(encoding), scale);
        }

        @Override
        public CodeBlock date(Encoding.Date encoding) {
            return dateOf(encoding, epochDay(encoding));
        }

        @Override
        public CodeBlock time(Encoding.Time encoding) {
            return timeValue(encoding);
        }

        @Override
        public CodeBlock timestamp(Encoding.Timestamp encoding) {
            return timestampValue(encoding);
        }

        @Override
        public CodeBlock chars(Encoding.Chars encoding) {
            return FieldReader.this.chars(encoding);
        }

        @Override
        public CodeBlock enumeration(Encoding.Enumeration encoding) {
            return enumValue(encoding);
        }
    }

    /**
     * A call of the runtime's {@code VariableData.method} on the field's data; of {@code SharedStrings.method} for a
     * compact record's string field, whose data may be a reference to an earlier string's bytes (section 8.6).
     */
    private CodeBlock variableData(String method) {
        return CodeBlock.of("$T.$L($S, buffer, offset, $L, $L)", SharedStringFields.isSharedString(layout)
                ? JavaTypes.SHARED_STRINGS : JavaTypes.VARIABLE_DATA, method, qualifiedName(), fieldStart(), fieldEnd());
    }

    /** {@code getNameBuffer()}: a read-only view of the field's bytes, copying nothing. */
    private MethodSpec bufferGetter() {
        MethodSpec.Builder getter = MethodSpec.methodBuilder(GeneratedNames.bufferGetter(field))
                .addModifiers(Modifier.PUBLIC)
                .returns(JavaTypes.BYTE_BUFFER)
                .addJavadoc("A read-only view of the bytes of {@code $L}$L, read in place: position 0, limit their\n"
                        + "number. Found in constant time, whatever the lengths of the fields before it.\n",
                        field.name(), layout.encoding() instanceof Encoding.Text ? " (UTF-8)" : "");
        if (field.optional()) {
            getter.addJavadoc("\n@return the view, or {@code null} when the field is absent\n");
            return presentOr(getter, variableData("view"), CodeBlock.of("null"));
        } else if (field.defaultValue() != null) {
            return presentOr(getter, variableData("view"), CodeBlock.of("$T.wrap($N.getBytes($T.UTF_8)).asReadOnlyBuffer()",
                    JavaTypes.BYTE_BUFFER, defaultConstant(), ClassName.get("java.nio.charset", "StandardCharsets")));
        }
        return spanStatement(getter).addStatement(returnRequired(variableData("view"), ZeroValues::emptyBuffer)).build();
    }

    /**
     * Ends a getter of a field with a presence bit: {@code value} when the field is present, else {@code absent}. A
     * compact field's getter tests the bit first, so that an absent field's slots are not counted.
     */
    private MethodSpec presentOr(MethodSpec.Builder getter, CodeBlock value, CodeBlock absent) {
        String present = GeneratedNames.presence(field);
        if (layout.compactSlot()) {
            getter.beginControlFlow("if (!$N())", present).addStatement("return $L", absent).endControlFlow();
            return spanStatement(getter).addStatement("return $L", value).build();
        }
        return getter.addStatement("return $N() ? $L : $L", present, value, absent).build();
    }

    /** The getter the interface declares: the value, or for an optional field the value or null. */
    private MethodSpec getter(TypeName returnType, CodeBlock value) {
        MethodSpec.Builder getter = Deprecations.mark(MethodSpec.methodBuilder(GeneratedNames.getter(field)), field)
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(returnType)
                .addJavadoc(Docs.of(field.doc(), "The field {@code $L}.", field.name()))
                .addJavadoc("\n<p>$L\n", whereStored());
        if (field.optional()) {
            getter.addJavadoc("\n@return the value, or {@code null} when the field is absent\n");
            return presentOr(getter, value, CodeBlock.of("null"));
        } else if (field.defaultValue() != null) {
            getter.addJavadoc("\n@return the value: its default, $L, when none other was stored\n",
                    field.defaultValue().text().replace("@", "&#64;"));
            return presentOr(getter, value, CodeBlock.of("$N", defaultConstant()));
        }
        if (layout.emptyWithoutSlot() && layout.encoding() instanceof Encoding.ListOf) {
            // A required list of a compact record without its slot is empty: no data, not even a count (section
            // 8.1), and no span to read. A string or bytes without its slot has no data, which reads as empty.
            getter.beginControlFlow("if (!$T.hasSlot(buffer, offset, $N))", JavaTypes.COMPACT_SLOTS,
                            context.slotIndexConstant(layout))
                    .addStatement("return $L", ZeroValues.of(layout, constants, prefix))
                    .endControlFlow();
        }
        spanStatement(getter);
        if (layout.encoding() instanceof Encoding.Decimal || layout.encoding() instanceof Encoding.Date) {
            // Reads through the primitive getter, which tests the writer's version.
            return getter.addStatement("return $L", value).build();
        }
        return getter.addStatement(returnRequired(value, () -> ZeroValues.of(layout, constants, prefix))).build();
    }

    /** The constant holding the field's default. */
    private String defaultConstant() {
        return constants.define(prefix + "_DEFAULT", JavaTypes.valueType(layout), DefaultCode.value(layout));
    }

    /** Where the field's bits are, for the getter's Javadoc: readers of generated code check layouts by it. */
    private String whereStored() {
        if (layout.compactSlot()) {
            return "Stored after the fixed part and its slot table; its end slot is in the table when bit "
                    + layout.slotBit() + " (its slot bit" + (layout.optional() ? ", set when it is present"
                            : layout.emptyWithoutSlot() ? ", 0 when it is empty" : "")
                    + ") is set.";
        }
        if (layout.variableLength()) {
            String slot = "Stored after the fixed part; bits " + layout.offset() + ".." + (layout.end() - 1)
                    + " of the record hold where its bytes end";
            return layout.optional() ? slot + ", present when bit " + layout.presenceBit() + " is set." : slot + ".";
        }
        String value = "Stored in bits " + layout.offset() + ".." + (layout.end() - 1) + " of the record";
        return layout.optional() ? value + ", present when bit " + layout.presenceBit() + " is set." : value + ".";
    }

    private CodeBlock floatValue(Encoding.Floating encoding) {
        return encoding.bits() == Float.SIZE
                ? CodeBlock.of("$T.intBitsToFloat($L)", Float.class, raw(true).as(INT))
                : CodeBlock.of("$T.longBitsToDouble($L)", Double.class, raw(true).as(LONG));
    }

    private CodeBlock timeValue(Encoding.Time encoding) {
        // 27 bits hold more than a day's milliseconds (37 and 47 more than a day's microseconds and nanoseconds): the
        // runtime reports the excess as corrupt data.
        if (encoding.millis()) {
            return CodeBlock.of("$T.timeOfDay($S, $L)", JavaTypes.STORED_VALUES, qualifiedName(), raw(false).code());
        }
        return CodeBlock.of("$T.timeOfDay($S, $L, $T.$L)", JavaTypes.STORED_VALUES, qualifiedName(), raw(false).code(),
                JavaTypes.TIME_PRECISION, encoding.precision().name());
    }

    private CodeBlock timestampValue(Encoding.Timestamp encoding) {
        if (encoding.plain()) {
            return CodeBlock.of("$T.ofEpochMilli($L)", JavaTypes.INSTANT, raw(true).as(LONG));
        }
        return CodeBlock.of("$T.$L.$L($L)", JavaTypes.TIME_PRECISION, encoding.precision().name(),
                encoding.local() ? "localDateTime" : "instant", epochCount(encoding));
    }

    /** The units since the epoch of a timestamp: the stored count, or with a range the offset from its start. */
    private CodeBlock epochCount(Encoding.Timestamp encoding) {
        if (!encoding.bounded()) {
            return raw(true).as(LONG);
        }
        Raw raw = stored(encoding.maxStored());
        String first = constants.define(prefix + "_FIRST_COUNT", LONG, "$L", Constants.longLiteral(encoding.lo()));
        return CodeBlock.of("$N + $L", first, raw.type().equals(LONG) ? raw.operand() : raw.as(LONG));
    }

    private MethodSpec epochCountGetter(Encoding.Timestamp encoding) {
        String unit = encoding.precision().noun() + "s";
        String suffix = GeneratedNames.epochCountDefault(encoding.precision());
        long zero = ZeroValues.epochCount(encoding);
        return auxiliaryGetter(GeneratedNames.epochCountGetter(field, encoding.precision()), LONG,
                epochCount(encoding), CodeBlock.of("The value of {@code $L} as $L since 1970-01-01T00:00$L, read "
                        + "without allocating.\n", field.name(), unit, encoding.local() ? "" : "Z"),
                () -> longDefault(suffix, DefaultCode.epochCount(layout)),
                zero == 0 ? ZERO : () -> CodeBlock.of("$L", Constants.longLiteral(zero)));
    }

    /** The field as error messages name it. */
    private String qualifiedName() {
        return GeneratedNames.qualifiedField(context.layout().record().name(), field);
    }

    /** Applies the field's {@code as} clause to a value of its natural type. */
    private CodeBlock overridden(CodeBlock natural, TypeName naturalType) {
        JavaOverride override = field.javaOverride();
        if (override == null) {
            return natural;
        }
        TypeName target = JavaTypes.valueType(layout);
        if (override == JavaOverride.BIG_INTEGER) {
            return CodeBlock.of("$T.valueOf($L)", JavaTypes.BIG_INTEGER, natural);
        }
        return new Raw(natural, naturalType, true).as(target);
    }

    private CodeBlock range(Encoding.Range type) {
        TypeName natural = JavaTypes.naturalType(type);
        Raw raw = stored(type.maxStored());
        if (type.lo() == 0) {
            return raw.as(natural);
        }
        String min = constants.define(prefix + "_MIN", natural, "$L",
                natural.equals(INT) ? Constants.intLiteral(type.lo()) : Constants.longLiteral(type.lo()));
        TypeName sum = raw.type().equals(LONG) || natural.equals(LONG) ? LONG : INT;
        return new Raw(CodeBlock.of("$N + $L", min, raw.operand()), sum, true).as(natural);
    }

    private MethodSpec decimalGetter(Encoding.Decimal type) {
        String scale = constants.define(prefix + "_SCALE", INT, "$L", type.scale());
        CodeBlock unscaled = field.hasPresenceBit() ? unscaled(type) : CodeBlock.of("$N()", unscaledName());
        return getter(JavaTypes.BIG_DECIMAL, CodeBlock.of("$T.valueOf($L, $N)", JavaTypes.BIG_DECIMAL, unscaled, scale));
    }

    private String unscaledName() {
        return GeneratedNames.unscaledGetter(field);
    }

    private MethodSpec unscaledGetter(Encoding.Decimal type) {
        return auxiliaryGetter(unscaledName(), LONG, unscaled(type), CodeBlock.of(
                "The unscaled value of {@code $L} (the value times 10^$L), read without allocating.\n", field.name(),
                type.scale()), () -> longDefault("_DEFAULT_UNSCALED", DefaultCode.unscaled(layout)), ZERO);
    }

    private CodeBlock unscaled(Encoding.Decimal type) {
        Raw raw = stored(type.maxStored());
        if (!type.signed()) {
            return raw.as(LONG);
        }
        // decimal stores unscaled + (10^p - 1), so that the smallest value is stored as 0.
        String bias = constants.define(prefix + "_BIAS", LONG, "$L",
                Constants.longLiteral(type.bias()));
        return CodeBlock.of("$L - $N", raw.operand(), bias);
    }

    private MethodSpec dateGetter(Encoding.Date type) {
        CodeBlock epochDay = field.hasPresenceBit() ? epochDay(type) : CodeBlock.of("$N()", epochDayName());
        return getter(JavaTypes.LOCAL_DATE, dateOf(type, epochDay));
    }

    /**
     * The {@code LocalDate} of an epoch day of a date field: from the range's shared {@link DateCache}, which allocates
     * nothing after a day's first read, when the range is short enough to cache.
     */
    private CodeBlock dateOf(Encoding.Date type, CodeBlock epochDay) {
        if (type.maxStored() >= DateCache.MAX_DAYS) {
            return CodeBlock.of("$T.ofEpochDay($L)", JavaTypes.LOCAL_DATE, epochDay);
        }
        String dates = constants.define(prefix + "_DATES", ClassName.get(DateCache.class), "$T.of($L, $L)",
                DateCache.class, Constants.longLiteral(type.lo().toEpochDay()),
                Constants.longLiteral(type.hi().toEpochDay()));
        return CodeBlock.of("$N.get($L)", dates, epochDay);
    }

    private String epochDayName() {
        return GeneratedNames.epochDayGetter(field);
    }

    private MethodSpec epochDayGetter(Encoding.Date type) {
        return auxiliaryGetter(epochDayName(), INT, epochDay(type), CodeBlock.of(
                "The value of {@code $L} as days since 1970-01-01, read without allocating.\n", field.name()),
                () -> constants.define(prefix + "_DEFAULT_EPOCH_DAY", INT, "$L",
                        Constants.intLiteral(DefaultCode.epochDay(layout))),
                () -> CodeBlock.of("$N", ZeroValues.epochDay(type, constants, prefix)));
    }

    private CodeBlock epochDay(Encoding.Date type) {
        Raw raw = stored(type.maxStored());
        long firstDay = type.lo().toEpochDay();
        String first = constants.define(prefix + "_FIRST_EPOCH_DAY", INT, "$L", Constants.intLiteral(firstDay));
        return new Raw(CodeBlock.of("$N + $L", first, raw.operand()), raw.type(), true).as(INT);
    }

    /**
     * A getter beside the main one that reads a primitive without allocating; for an absent optional field it
     * returns 0, which callers tell from a present 0 with the presence method.
     *
     * @param defaultConstant defines the constant of the default's primitive, for a field with a default
     * @param zero the primitive of the zero value, which a record of a version without the field reads
     */
    private MethodSpec auxiliaryGetter(String name, TypeName type, CodeBlock value, CodeBlock doc,
            Supplier<String> defaultConstant, Supplier<CodeBlock> zero) {
        MethodSpec.Builder method = MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PUBLIC)
                .returns(type)
                .addJavadoc(doc);
        if (field.optional()) {
            method.addJavadoc("\n@return the value, or 0 when the field is absent (see {@link #$N()})\n",
                    GeneratedNames.presence(field));
            return method.addStatement("return $N() ? $L : 0", GeneratedNames.presence(field), value).build();
        } else if (field.defaultValue() != null) {
            return method.addStatement("return $N() ? $L : $N", GeneratedNames.presence(field), value,
                    defaultConstant.get()).build();
        }
        return method.addStatement(returnRequired(value, zero)).build();
    }

    private CodeBlock enumValue(Encoding.Enumeration encoding) {
        EnumType type = encoding.type();
        ClassName enumName = GeneratedNames.type(type.name());
        String values = constants.shared(type.name(), GeneratedNames.constant(type.name().simpleName()) + "_VALUES",
                ArrayTypeName.of(enumName), CodeBlock.of("$T.values()", enumName));
        CodeBlock ordinal = raw(false).as(INT);
        if (encoding.everyOrdinalValid()) {
            // Every value the field's bits can hold is an ordinal: no check needed.
            return CodeBlock.of("$N[$L]", values, ordinal);
        }
        String lookup = enumLookup(type, enumName, values);
        return CodeBlock.of("$N($L,$W$S)", lookup, ordinal, qualifiedName());
    }

    /** A private method that turns a stored ordinal into a constant, rejecting ordinals beyond the enum. */
    private String enumLookup(EnumType type, ClassName enumName, String values) {
        String name = Character.toLowerCase(enumName.simpleName().charAt(0)) + enumName.simpleName().substring(1)
                + "Constant";
        return context.helper(List.of("enum lookup", type.name()), () -> MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(enumName)
                .addParameter(int.class, "ordinal")
                .addParameter(String.class, "field")
                .beginControlFlow("if (ordinal >= $N.length)", values)
                .addStatement("throw new $T(field + $S + ordinal$W+ $S$W+ $N.length + $S)", JavaTypes.CORRUPT_DATA,
                        ": stored ordinal ", " is not a constant of " + enumName.simpleName() + ", which has ", values,
                        " constants: a constant added by a later schema version, or damaged data")
                .endControlFlow()
                .addStatement("return $N[ordinal]", values)
                .build());
    }

    private CodeBlock chars(Encoding.Chars type) {
        String alphabet = alphabetConstant(type);
        String length = constants.define(prefix + "_LENGTH", INT, "$L", type.length());
        if (layout.width() <= StringCache.MAX_BITS) {
            // Few enough values to make each string once: the getter allocates nothing after a value's first read.
            String strings = constants.define(prefix + "_STRINGS", ClassName.get(StringCache.class), "$T.of($N, $N)",
                    StringCache.class, alphabet, length);
            return CodeBlock.of("$N.get($L)", strings, raw(false).code());
        } else if (layout.width() <= Long.SIZE) {
            return CodeBlock.of("$N.unpack($L,$W$N)", alphabet, raw(false).code(), length);
        }
        return CodeBlock.of("$N.read(buffer, offset, $N, $N)", alphabet, bitOffsetConstant(), length);
    }

    private String alphabetConstant(Encoding.Chars type) {
        return constants.define(prefix + "_ALPHABET", JavaTypes.ALPHABET,
                CodeBlock.of("new $T($S)", JavaTypes.ALPHABET, type.alphabet()));
    }

    private MethodSpec orderKeyGetter(Encoding.Chars type) {
        String length = constants.define(prefix + "_LENGTH", INT, "$L", type.length());
        CodeBlock key = CodeBlock.of("$N.orderKey($L,$W$N)", alphabetConstant(type), raw(false).code(), length);
        return auxiliaryGetter(GeneratedNames.orderKeyGetter(field), LONG, key, CodeBlock.of(
                "A key of {@code $L} that orders as the strings do ({@code String.compareTo}), read without\n"
                        + "allocating: for sorts and comparisons of many records.\n", field.name()),
                () -> longDefault("_DEFAULT_ORDER_KEY", DefaultCode.orderKey(layout)), ZERO);
    }

    /** The constant holding a primitive accessor's value of the field's default. */
    private String longDefault(String suffix, long value) {
        return constants.define(prefix + suffix, LONG, "$L", Constants.longLiteral(value));
    }

    /** A nested record: a view when it starts on a byte boundary, otherwise a copy of its bits. */
    private CodeBlock nested(Encoding.Nested type) {
        ClassName sdo = GeneratedNames.sdo(type.record().name());
        if (layout.offset() % Byte.SIZE == 0) {
            String index = constants.define(prefix + "_INDEX", INT, "$L", Constants.intLiteral(layout.offset() >>> 3));
            return CodeBlock.of("$T.wrap(buffer, offset + $N)", sdo, index);
        }
        return CodeBlock.of("$T.copyOf(buffer, offset, $N)", sdo, bitOffsetConstant());
    }

    /** The constant holding the bit offset of the field's value. */
    String bitOffsetConstant() {
        return constants.define(prefix + "_OFFSET", LONG, "$L", Constants.longLiteral(layout.offset()));
    }

    /** A test of the one bit at {@code bitOffset}: a byte load and a mask. */
    private CodeBlock bitTest(String name, long bitOffset) {
        String index = constants.define(name + "_INDEX", INT, "$L", Constants.intLiteral(bitOffset >>> 3));
        String mask = constants.define(name + "_MASK", INT, "$L", Constants.hexInt(1 << (int) (bitOffset & 7)));
        return CodeBlock.of("($T.getByte(buffer, offset + $N) & $N) != 0", JavaTypes.BIT_FIELDS, index, mask);
    }

    /**
     * The field's bits as an unsigned number, or, when {@code signedView}, as a number whose low {@code width}
     * bits are the field and which the caller narrows to a type of exactly that width (so no mask is needed).
     */
    private Raw raw(boolean signedView) {
        if (elementBits != null) {
            // The element's bits, already read: unsigned, and narrowing them gives the signed view.
            return new Raw(CodeBlock.of("$N", elementBits), LONG, false);
        }
        BitWindow window = BitWindow.of(context.recordBytes(layout), layout.offset(), (int) layout.width());
        String index = constants.define(prefix + "_INDEX", INT, "$L", Constants.intLiteral(window.lowIndex()));
        CodeBlock low = load(window.low(), index);
        if (signedView && window.exact()) {
            return new Raw(low, window.low().type(), false);
        }
        boolean wide = window.wide();
        CodeBlock value = window.twoLoads() && window.low() != WordLoad.LONG
                ? CodeBlock.of("$T.toUnsignedLong($L)", window.low().boxType(), low)
                : low;
        boolean compound = false;
        if (window.shift() > 0) {
            String shift = constants.define(prefix + "_SHIFT", INT, "$L", window.shift());
            value = CodeBlock.of("$L >>> $N", value, shift);
            compound = true;
        }
        if (window.twoLoads()) {
            String highIndex = constants.define(prefix + "_HIGH_INDEX", INT, "$L", window.highIndex());
            String highShift = constants.define(prefix + "_HIGH_SHIFT", INT, "$L", window.highShift());
            value = CodeBlock.of("$L | ((long) $L << $N)", compound ? CodeBlock.of("($L)", value) : value,
                    load(window.high(), highIndex), highShift);
            compound = true;
        }
        if (window.needsMask() && !signedView) {
            String mask = wide
                    ? constants.define(prefix + "_MASK", LONG, "$L", Constants.hexLong(window.mask()))
                    : constants.define(prefix + "_MASK", INT, "$L", Constants.hexInt((int) window.mask()));
            value = CodeBlock.of("$L & $N", compound ? CodeBlock.of("($L)", value) : value, mask);
            compound = true;
        }
        return new Raw(value, wide ? LONG : INT, compound);
    }

    /**
     * The field's bits as an unsigned number, checked to be at most {@code max} when the bits can hold more: a number
     * beyond is no value of the field's type, written by no encoder, and is reported as corrupt data.
     */
    private Raw stored(long max) {
        Raw raw = raw(false);
        long width = layout.width();
        boolean everyNumber = width >= Long.SIZE ? max == -1L : max == (1L << width) - 1;
        if (everyNumber) {
            return raw;
        }
        String constant = raw.type().equals(INT)
                ? constants.define(prefix + "_STORED_MAX", INT, "$L", Constants.intLiteral((int) max))
                : constants.define(prefix + "_STORED_MAX", LONG, "$L", Constants.longLiteral(max));
        return new Raw(CodeBlock.of("$T.checked($S,$W$L,$W$N)", JavaTypes.STORED_VALUES, qualifiedName(), raw.code(),
                constant), raw.type(), false);
    }

    private static CodeBlock load(WordLoad load, String index) {
        return CodeBlock.of("$T.$L(buffer, offset + $N)", JavaTypes.BIT_FIELDS, load.method(), index);
    }
}
