package dev.sdo.compiler.generate;

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
import dev.sdo.compiler.model.Field;
import dev.sdo.runtime.batch.RecordStore;
import dev.sdo.runtime.batch.VariableRecordStore;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.Supplier;
import javax.lang.model.element.Modifier;

/**
 * Emits a record's writer, {@code XWriter}: a flyweight that writes a record's fields straight into a buffer, one
 * chainable setter per field, without a bean. Each setter writes its field with the statements the SDO's encode
 * writes it with ({@link FieldWriter}: the same checks, the same messages), so a record written through the writer
 * has the bytes {@code XSdo.of} gives the same values. The writer keeps one bit per required field it has set, and
 * {@code done()} refuses a record whose required fields were not all set.
 *
 * <p>The machinery every writer shares (a new record's bits held in words and stored at {@code done()}, the
 * declaration order and room of variable-length data, {@code append}) is the runtime class the writer extends
 * ({@link WriterBase}); the generated writer holds what is its record's own: the setters with their checks and
 * constants, and which required fields it has set. docs/generated-writer.md.
 */
final class WriterEmitter {
    private static final ClassName RECORD_STORE = ClassName.get(RecordStore.class);
    private static final ClassName VARIABLE_STORE = ClassName.get(VariableRecordStore.class);
    /**
     * The names a setter's statements must not take for their locals: its parameter, the fields it inherits, and
     * the writer's own.
     */
    private static final Set<String> MEMBERS = Set.of("value", "buffer", "base", "set");

    private final RecordLayout layout;
    private final SdoContext context;
    private final Constants constants;
    private final ClassName writerName;
    private final ClassName sdoName;
    private final String recordName;
    private final WriterBase base;
    /** The fields a record must have set before {@code done()}: neither optional nor with a default. */
    private final List<FieldLayout> required = new ArrayList<>();
    /** Each required field's bit, in order: the constant that holds it. */
    private final List<String> requiredBits = new ArrayList<>();

    WriterEmitter(CodecModel model, RecordLayout layout) {
        this.layout = layout;
        this.context = new SdoContext(model, layout);
        this.constants = context.constants();
        this.writerName = GeneratedNames.writer(layout.record().name());
        this.sdoName = GeneratedNames.sdo(layout.record().name());
        this.recordName = layout.record().name().simpleName();
        this.base = new WriterBase(layout, context, sdoName);
        layout.fields().stream().filter(WriterEmitter::isRequired).forEach(required::add);
    }

    /** Whether {@code layout}'s record has a writer: every record has one. */
    static boolean applies(RecordLayout layout) {
        return true;
    }

    TypeSpec emit() {
        List<MethodSpec> setters = new ArrayList<>();
        for (FieldLayout field : layout.fields()) {
            setters.addAll(setters(field));
        }
        // Made before the constants are added: they define the constants they use (ALL_REQUIRED).
        List<MethodSpec> methods = new ArrayList<>(List.of(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PUBLIC)
                        .addJavadoc("A writer on no record yet: {@link #moveTo} gives it one.\n")
                        .addCode(base.superCall())
                        .build(),
                constructor(), wrapMethod(), updateMethod(), moveToMethod(), moveToAppendedMethod(),
                finishAppendedMethod(), base.fixedBytesMethod()));
        methods.addAll(setters);
        if (words() > 0) {
            methods.add(missingRequiredMethod());
        }
        methods.addAll(base.encodeAnewMethod());
        methods.addAll(context.helpers());
        TypeSpec.Builder builder = TypeSpec.classBuilder(writerName)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .superclass(base.superclass())
                .addJavadoc("Writes a {@link $T} straight into a buffer, field by field, without a bean: the bytes\n"
                        + "{@link $T#of} gives the same values. Each setter checks its value as {@code of} does, with the\n"
                        + "same message, and allocates nothing; setters chain, in any order, and a field set twice holds\n"
                        + "the second value.\n", GeneratedNames.type(layout.record().name()), sdoName)
                .addJavadoc("\n<p>{@link #wrap} starts a new record, its fields absent or 0 until set, held in the writer\n"
                        + "and stored at once by {@link #done}, which refuses a record whose required fields were not all\n"
                        + "set. {@link #update} changes a record in place, each setter's change stored as it returns. A\n"
                        + "write changes no byte outside its record, so threads may write different records of one buffer\n"
                        + "at the same time, each through a writer of its own.\n")
                .addFields(constants.all())
                .addFields(base.fields());
        for (int word = 0; word < words(); word++) {
            builder.addField(FieldSpec.builder(long.class, setField(word), Modifier.PRIVATE)
                    .addJavadoc(word == 0 ? "The required fields set so far, one bit each.\n" : "")
                    .build());
        }
        return builder.addMethods(methods).build();
    }

    /** Whether the record is laid out compact: its size is its container's, not in its bytes. */
    private boolean sizedByContainer() {
        return layout.compact();
    }

    private MethodSpec constructor() {
        MethodSpec.Builder constructor = MethodSpec.constructorBuilder()
                .addModifiers(Modifier.PRIVATE)
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "base")
                .addJavadoc("A writer of the existing record at byte {@code base}, complete: every required field set.\n"
                        + "\n@throws IndexOutOfBoundsException if the record's bytes do not lie within the buffer's limit\n")
                .addStatement("this()");
        if (sizedByContainer()) {
            constructor.addParameter(int.class, "size").addStatement("startComplete(buffer, base, size)");
        } else {
            constructor.addStatement("startComplete(buffer, base)");
        }
        for (int word = 0; word < words(); word++) {
            constructor.addStatement("this.$N = $N", setField(word), allRequired(word));
        }
        return constructor.build();
    }

    private MethodSpec wrapMethod() {
        return MethodSpec.methodBuilder("wrap")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(writerName)
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "offset")
                .addJavadoc("A writer of a new $L at byte {@code offset} of {@code buffer}: it starts with every field\n"
                        + "absent or 0 (every field with a default holding it), the setters set its fields in the writer,\n"
                        + "and {@link #done} stores all its {@link $T#BYTES} bytes at once. The buffer's position, limit\n"
                        + "and byte order do not matter and do not change.\n", recordName, sdoName)
                .addJavadoc("\n@throws IndexOutOfBoundsException if the record's bytes do not lie within the buffer's limit\n")
                .addStatement("return new $T().moveTo(buffer, offset)", writerName)
                .build();
    }

    private MethodSpec moveToMethod() {
        MethodSpec.Builder method = MethodSpec.methodBuilder("moveTo")
                .addModifiers(Modifier.PUBLIC)
                .returns(writerName)
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "offset")
                .addJavadoc("Moves this writer to a new $L at byte {@code offset} of {@code buffer}, as {@link #wrap}\n"
                        + "starts one, without a new writer: how a loop writes many records and allocates nothing.\n",
                        recordName)
                .addJavadoc("\n@return this writer\n"
                        + "@throws IndexOutOfBoundsException if the record's bytes do not lie within the buffer's limit\n"
                        + "@throws java.nio.ReadOnlyBufferException if the buffer is read-only\n")
                .addStatement("startNew(buffer, offset)")
                .addCode(clearSet());
        return method.addStatement("return this").build();
    }

    /** The statements that mark every required field not set yet. */
    private CodeBlock clearSet() {
        CodeBlock.Builder code = CodeBlock.builder();
        for (int word = 0; word < words(); word++) {
            code.addStatement("this.$N = 0", setField(word));
        }
        return code.build();
    }

    private MethodSpec updateMethod() {
        MethodSpec.Builder method = MethodSpec.methodBuilder("update")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(writerName)
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "offset");
        if (sizedByContainer()) {
            return method.addParameter(int.class, "size")
                    .addJavadoc("A writer that changes the $L of {@code size} bytes at byte {@code offset} of {@code buffer}\n"
                            + "in place (a compact record does not hold its size: its container gives it): each setter\n"
                            + "rewrites its field's bits and nothing else. The record is taken to be complete, as a record\n"
                            + "{@code encode} or {@code done} finished is.\n", recordName)
                    .addJavadoc("\n@throws IndexOutOfBoundsException if the record's bytes do not lie within the buffer's limit\n")
                    .addStatement("return new $T(buffer, offset, size)", writerName)
                    .build();
        }
        return method.addJavadoc("A writer that changes the $L at byte {@code offset} of {@code buffer} in place: each setter\n"
                        + "rewrites its field's bits and nothing else. The record is taken to be complete, as a record\n"
                        + "{@code encode} or {@code done} finished is.\n", recordName)
                .addJavadoc("\n@throws IndexOutOfBoundsException if the record's bytes do not lie within the buffer's limit\n")
                .addStatement("return new $T(buffer, offset)", writerName)
                .build();
    }

    /** {@code moveToAppended}, for {@code XBatch.append()}, which is not a writer and cannot call the runtime's. */
    private MethodSpec moveToAppendedMethod() {
        MethodSpec.Builder method = MethodSpec.methodBuilder("moveToAppended");
        if (base.variable()) {
            method.addParameter(VARIABLE_STORE, "store")
                    .addJavadoc("Moves this writer to a new record that {@link #done} appends to {@code store}, written\n"
                            + "until then in the writer's own buffer.\n")
                    .addStatement("startAppended(store)");
        } else {
            method.addParameter(RECORD_STORE, "store")
                    .addParameter(long.class, "index")
                    .addJavadoc("Moves this writer to record {@code index} of {@code store}, just appended with its bytes 0.\n")
                    .addStatement("startAppended(store, index)");
        }
        return method.addCode(clearSet()).build();
    }

    private MethodSpec finishAppendedMethod() {
        return MethodSpec.methodBuilder("finishAppended")
                .addJavadoc("{@link #done} of the record {@code append} gave last, unless it is done already.\n")
                .addStatement("doneIfAppended()")
                .build();
    }

    /** The setters of one field: its value, its primitive forms, and for an optional field its clearer. */
    private List<MethodSpec> setters(FieldLayout field) {
        Field declared = field.field();
        FieldWriter writer = FieldWriter.atBase(context, field);
        List<MethodSpec> setters = new ArrayList<>();
        TypeName valueType = JavaTypes.valueType(field);
        boolean optional = declared.optional() && !(field.encoding() instanceof Encoding.Union);
        String markSet = isRequired(field) ? markSet() : null;
        if (field.variableLength()) {
            // Its data where the previous variable-length field's ends: one setter, clearX sets it to null.
            setters.add(setter(declared.name(), optional ? valueType : JavaTypes.getterType(field), "value", field,
                    writer.writerData(base.indexOf(field), new HashSet<>(MEMBERS)), markSet));
            if (declared.optional() || declared.defaultValue() != null) {
                // Java refuses an unqualified call of a method named yield (JLS 3.9): this.yield(null).
                String call = declared.name().equals("yield") ? "this.$N(null)" : "$N(null)";
                setters.add(clearer(field, CodeBlock.builder().addStatement(call, declared.name()).build()));
            }
            return setters;
        }
        // Present by being set: an optional field's primitive, without boxing; clearX makes it absent.
        CodeBlock statements = optional && valueType.isPrimitive() ? writer.writePresent(CodeBlock.of("value"))
                : writer.statements(CodeBlock.of("value"), new HashSet<>(MEMBERS));
        setters.add(setter(declared.name(), optional ? valueType : JavaTypes.getterType(field), "value", field,
                statements, markSet));
        if (field.encoding() instanceof Encoding.Decimal) {
            setters.add(setter(GeneratedNames.unscaledSetter(declared), TypeName.LONG, "unscaled", field,
                    primitive(field, writer, writer.unscaledBits(CodeBlock.of("unscaled")), CodeBlock.of("unscaled"),
                            () -> constants.define(context.prefix(field) + "_DEFAULT_UNSCALED", TypeName.LONG, "$L",
                                    Constants.longLiteral(DefaultCode.unscaled(field)))),
                    markSet));
        } else if (field.encoding() instanceof Encoding.Date) {
            setters.add(setter(GeneratedNames.epochDaySetter(declared), TypeName.INT, "epochDay", field,
                    primitive(field, writer, writer.epochDayBits(CodeBlock.of("epochDay")), CodeBlock.of("epochDay"),
                            () -> constants.define(context.prefix(field) + "_DEFAULT_EPOCH_DAY", TypeName.INT, "$L",
                                    Constants.intLiteral(DefaultCode.epochDay(field)))),
                    markSet));
        } else if (field.encoding() instanceof Encoding.Timestamp timestamp) {
            String parameter = "e" + GeneratedNames.epochCount(timestamp.precision()).substring(1);
            CodeBlock count = CodeBlock.of("$N", parameter);
            String suffix = GeneratedNames.epochCountDefault(timestamp.precision());
            setters.add(setter(GeneratedNames.epochCountSetter(declared, timestamp.precision()), TypeName.LONG,
                    parameter, field, primitive(field, writer,
                            timestamp.plain() ? count : writer.epochCountBits(count, true), count,
                            () -> constants.define(context.prefix(field) + suffix, TypeName.LONG, "$L",
                                    Constants.longLiteral(DefaultCode.epochCount(field)))),
                    markSet));
        }
        if (declared.optional() || declared.defaultValue() != null) {
            setters.add(clearer(field, field.encoding() instanceof Encoding.Union
                    ? writer.statements(CodeBlock.of("null"), new HashSet<>(MEMBERS)) : writer.clear()));
        }
        return setters;
    }

    /**
     * The statements of a setter from a primitive form whose checked bits are {@code bits}: a required field's
     * bits; an optional one's, then its presence bit; a field with a default, absent when {@code primitive} is the
     * default's primitive form.
     */
    private static CodeBlock primitive(FieldLayout field, FieldWriter writer, CodeBlock bits, CodeBlock primitive,
            Supplier<String> defaultConstant) {
        if (!field.optional()) {
            return writer.writeBits(bits);
        }
        CodeBlock present = CodeBlock.builder().add(writer.writeBits(bits)).add(writer.setPresence()).build();
        if (field.field().defaultValue() == null) {
            return present;
        }
        return CodeBlock.builder()
                .beginControlFlow("if ($L == $N)", primitive, defaultConstant.get())
                .add(writer.clear())
                .nextControlFlow("else")
                .add(present)
                .endControlFlow()
                .build();
    }

    private MethodSpec setter(String name, TypeName type, String parameter, FieldLayout field, CodeBlock statements,
            String markSet) {
        MethodSpec.Builder setter = Deprecations.mark(MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PUBLIC)
                .returns(writerName)
                .addParameter(type, parameter)
                .addJavadoc(setterDoc(name, parameter, field)), field.field())
                .addCode(statements);
        if (markSet != null) {
            setter.addStatement("$L", markSet);
        }
        return setter.addStatement("return this").build();
    }

    private CodeBlock setterDoc(String name, String parameter, FieldLayout field) {
        Field declared = field.field();
        CodeBlock.Builder doc = CodeBlock.builder();
        if (parameter.equals("unscaled")) {
            doc.add("Sets {@code $L} from its unscaled value (the value times 10^$L), without a {@code BigDecimal}.\n",
                    declared.name(), ((Encoding.Decimal) field.encoding()).scale());
        } else if (parameter.equals("epochDay")) {
            doc.add("Sets {@code $L} from its day since 1970-01-01, without a {@code LocalDate}.\n", declared.name());
        } else if (parameter.startsWith("epoch")) {
            Encoding.Timestamp timestamp = (Encoding.Timestamp) field.encoding();
            doc.add("Sets {@code $L} from its $Ls since 1970-01-01T00:00$L, without $L.\n", declared.name(),
                    timestamp.precision().noun(), timestamp.local() ? "" : "Z",
                    timestamp.local() ? "a {@code LocalDateTime}" : "an {@code Instant}");
        } else if (field.encoding() instanceof Encoding.Union) {
            doc.add("Sets {@code $L} to the alternative {@code value} holds$L.\n", declared.name(),
                    declared.optional() ? ", or makes it absent when it is null" : "");
        } else if (declared.defaultValue() != null) {
            doc.add("Sets {@code $L}; its default (or null) stores nothing but a 0 presence bit, as {@code of} does.\n",
                    declared.name());
        } else if (declared.optional() && !JavaTypes.valueType(field).isPrimitive()) {
            doc.add("Sets {@code $L}, or makes it absent when {@code value} is null.\n", declared.name());
        } else {
            doc.add("Sets {@code $L}.\n", declared.name());
        }
        return doc.add("\n@return this writer\n")
                .add("@throws IllegalArgumentException as {@link $T#of} does, when the value does not fit the field\n",
                        sdoName)
                .build();
    }

    private MethodSpec clearer(FieldLayout field, CodeBlock statements) {
        Field declared = field.field();
        return MethodSpec.methodBuilder(GeneratedNames.clearer(declared))
                .addModifiers(Modifier.PUBLIC)
                .returns(writerName)
                .addJavadoc(declared.defaultValue() != null ? "Gives {@code $L} its default.\n"
                        : "Makes {@code $L} absent.\n", declared.name())
                .addJavadoc("\n@return this writer\n")
                .addCode(statements)
                .addStatement("return this")
                .build();
    }

    /** The statement that marks the next required field set (the fields come in declaration order). */
    private String markSet() {
        int index = requiredBits.size();
        FieldLayout field = required.get(index);
        String bit = constants.define(context.prefix(field) + "_REQUIRED", TypeName.LONG, "1L << $L",
                index % Long.SIZE);
        requiredBits.add(bit);
        return setField(index / Long.SIZE) + " |= " + bit;
    }

    /** {@code missingRequired()}: null when every required field is set, else their names. */
    private MethodSpec missingRequiredMethod() {
        List<CodeBlock> complete = new ArrayList<>();
        for (int word = 0; word < words(); word++) {
            complete.add(CodeBlock.of("$N == $N", setField(word), allRequired(word)));
        }
        MethodSpec.Builder method = MethodSpec.methodBuilder("missingRequired")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED)
                .returns(String.class)
                .addJavadoc("The required fields never set, as {@link #done} names them; null when every one is set.\n")
                .beginControlFlow("if ($L)", CodeBlock.join(complete, " && "))
                .addStatement("return null")
                .endControlFlow()
                .addStatement("$T fields = new $T($S)", StringJoiner.class, StringJoiner.class, ", ");
        for (int i = 0; i < required.size(); i++) {
            method.beginControlFlow("if (($N & $N) == 0)", setField(i / Long.SIZE), requiredBits.get(i))
                    .addStatement("fields.add($S)", GeneratedNames.qualifiedField(layout.record().name(),
                            required.get(i).field()))
                    .endControlFlow();
        }
        return method.addStatement("return fields.toString()").build();
    }

    /** The number of {@code long} fields that hold the required fields' bits. */
    private int words() {
        return (required.size() + Long.SIZE - 1) / Long.SIZE;
    }

    private String setField(int word) {
        return words() == 1 ? "set" : "set" + word;
    }

    /** The constant with the bits of every required field of word {@code word}. */
    private String allRequired(int word) {
        int bits = Math.min(Long.SIZE, required.size() - word * Long.SIZE);
        CodeBlock value = bits == Long.SIZE ? CodeBlock.of("-1L") : CodeBlock.of("(1L << $L) - 1", bits);
        return constants.define(words() == 1 ? "ALL_REQUIRED" : "ALL_REQUIRED_" + word, TypeName.LONG, value);
    }

    private static boolean isRequired(FieldLayout field) {
        return !field.field().optional() && field.field().defaultValue() == null;
    }
}
