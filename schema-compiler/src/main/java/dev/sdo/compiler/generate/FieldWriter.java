package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import dev.sdo.compiler.layout.BitWidths;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.JavaOverride;
import java.util.List;
import java.util.Set;

/**
 * The statements of an SDO's {@code encode} method that write one field: the value checked through the runtime's
 * {@code FieldValues} (never truncated or rounded), then its bits; for an optional field the presence bit, and
 * all-zero value bits when it is absent.
 */
final class FieldWriter {
    private static final TypeName INT = TypeName.INT;
    private static final TypeName LONG = TypeName.LONG;

    private final FieldLayout layout;
    private final Field field;
    private final String prefix;
    private final Constants constants;
    private final String qualifiedName;
    private final SdoContext context;
    /**
     * Whether the record starts at byte {@code base} itself, as in a generated writer, rather than at bit
     * {@code bitOffset} of it, as in an SDO's encode, which also writes records nested at any bit.
     */
    private final boolean atBase;

    FieldWriter(SdoContext context, FieldLayout layout) {
        this(context, layout, context.prefix(layout), false);
    }

    /** A writer of the statements of a generated {@code XWriter}, whose record starts at byte {@code base}. */
    static FieldWriter atBase(SdoContext context, FieldLayout layout) {
        return new FieldWriter(context, layout, context.prefix(layout), true);
    }

    /** A writer whose constants start with {@code prefix}: how list elements get constants of their own. */
    FieldWriter(SdoContext context, FieldLayout layout, String prefix) {
        this(context, layout, prefix, false);
    }

    private FieldWriter(SdoContext context, FieldLayout layout, String prefix, boolean atBase) {
        this.atBase = atBase;
        this.context = context;
        this.layout = layout;
        this.field = layout.field();
        this.prefix = prefix;
        this.constants = context.constants();
        this.qualifiedName = GeneratedNames.qualifiedField(context.layout().record().name(), field);
    }

    /** The statements; {@code locals} holds the method's names in use and receives any local this adds. */
    CodeBlock statements(Set<String> locals) {
        return statements(CodeBlock.of("source.$N()", GeneratedNames.getter(field)), locals);
    }

    /**
     * The statements that write {@code getterCall}, an expression of the field's getter type evaluated once: null
     * (or the default) makes an optional field (one with a default) absent.
     */
    CodeBlock statements(CodeBlock getterCall, Set<String> locals) {
        if (layout.encoding() instanceof Encoding.Union union) {
            return unionStatements(union, getterCall, locals);
        }
        TypeName type = JavaTypes.getterType(layout);
        if (!field.hasPresenceBit() && type.isPrimitive()) {
            return writeValue(getterCall);
        }
        if (atBase && field.hasPresenceBit() && !layout.variableLength()) {
            // A writer's setter holds the value in its parameter already: no local to read it into.
            return presentOrAbsent(getterCall);
        }
        String local = local(field.name(), locals);
        if (layout.variableLength()) {
            return variableLength(getterCall, type, local, locals);
        }
        if (!field.hasPresenceBit()) {
            return CodeBlock.builder()
                    .addStatement("$T $N = $T.requireNonNull($S, $L)", type, local, JavaTypes.FIELD_VALUES,
                            qualifiedName, getterCall)
                    .add(writeValue(CodeBlock.of("$N", local)))
                    .build();
        }
        return CodeBlock.builder()
                .addStatement("$T $N = $L", type, local, getterCall)
                .add(presentOrAbsent(CodeBlock.of("$N", local)))
                .build();
    }

    /** An optional field (or one with a default) written from {@code value}: absent when null (or the default). */
    private CodeBlock presentOrAbsent(CodeBlock value) {
        presenceConstant(); // defined before the constants of the test and the value, as the encode always has
        return CodeBlock.builder()
                .beginControlFlow("if ($L)", absent(value))
                .add(clear())
                .nextControlFlow("else")
                .add(writePresent(value))
                .endControlFlow()
                .build();
    }

    /** An optional field (or one with a default) made absent: its presence bit and value bits 0. */
    CodeBlock clear() {
        if (atBase) {
            return statement("$N($N, $N + 1)", WriterBase.PUT_ZEROS, presenceConstant(), widthConstant());
        }
        return statement("$T.clear(buffer, base, $L, $N + 1)", JavaTypes.BIT_FIELDS, position(presenceConstant()),
                widthConstant());
    }

    /** An optional field's presence bit set and {@code value} (of the field's value type) written. */
    CodeBlock writePresent(CodeBlock value) {
        if (atBase) {
            // A writer sets the presence bit once the value is written: a value refused leaves the field as it was.
            return CodeBlock.builder().add(writeValue(value)).add(setPresence()).build();
        }
        return CodeBlock.builder().add(setPresence()).add(writeValue(value)).build();
    }

    /** The statement that sets an optional field's presence bit. */
    CodeBlock setPresence() {
        return writeBit(position(presenceConstant()), CodeBlock.of("true"));
    }

    /** The statement that writes one bit, {@code 1} when {@code value} is true. */
    private CodeBlock writeBit(CodeBlock at, CodeBlock value) {
        if (atBase) {
            return statement("$N($L, $L)", WriterBase.PUT_BIT, at, value);
        }
        return statement("$T.writeBit(buffer, base, $L, $L)", JavaTypes.BIT_FIELDS, at, value);
    }

    /**
     * The statement that writes the low bits of {@code bits} (the field's width of them) at once: in an encode to
     * the buffer; in a writer through its {@link WriterBase#PUT}, into the words it holds of a new record.
     */
    private CodeBlock writeWidth(CodeBlock at, String width, CodeBlock bits) {
        if (atBase) {
            return statement("$N($L, $N,$W$L)", WriterBase.PUT, at, width, bits);
        }
        return statement("$T.write(buffer, base, $L, $N,$W$L)", JavaTypes.BIT_FIELDS, at, width, bits);
    }

    /**
     * Statements of a writer that write the buffer themselves (a nested record's encode, a wide {@code char}, a
     * union's): the words it holds of a new record stored first, so that they land on the record's bytes.
     */
    private CodeBlock.Builder direct() {
        CodeBlock.Builder code = CodeBlock.builder();
        if (atBase) {
            code.addStatement("$N()", WriterBase.STORE);
        }
        return code;
    }

    private String presenceConstant() {
        return constants.define(prefix + "_PRESENCE_OFFSET", LONG, "$L", Constants.longLiteral(layout.presenceBit()));
    }

    /**
     * Where the bit whose offset in the record {@code constant} holds lies from bit 0 of byte {@code base}:
     * {@code bitOffset + constant} in an encode, the constant itself in a writer.
     */
    private CodeBlock position(String constant) {
        return atBase ? CodeBlock.of("$N", constant) : CodeBlock.of("bitOffset + $N", constant);
    }

    /**
     * For an encode that writes the record a word at a time ({@link WordEncoder}): the statements that check the
     * field's value as {@link #statements} does and keep the bits it stores in a {@code long} local (0 for an
     * absent optional field), with each run of bits to place added to {@code placed}: the value's, and before
     * them an optional field's presence bit.
     */
    CodeBlock storedBits(Set<String> locals, List<WordEncoder.PlacedBits> placed) {
        CodeBlock getterCall = CodeBlock.of("source.$N()", GeneratedNames.getter(field));
        TypeName type = JavaTypes.getterType(layout);
        CodeBlock.Builder code = CodeBlock.builder();
        CodeBlock value;
        if (!field.hasPresenceBit() && type.isPrimitive()) {
            value = elementBits(getterCall);
        } else {
            String local = local(field.name(), locals);
            if (field.hasPresenceBit()) {
                String presence = constants.define(prefix + "_PRESENCE_OFFSET", LONG, "$L",
                        Constants.longLiteral(layout.presenceBit()));
                code.addStatement("$T $N = $L", type, local, getterCall);
                placed.add(new WordEncoder.PlacedBits(local(field.name() + "Present", locals),
                        CodeBlock.of("$L ? 0 : 1", absent(CodeBlock.of("$N", local))), presence, CodeBlock.of("1"),
                        layout.presenceBit(), 1));
                CodeBlock held = CodeBlock.of("$N", local);
                value = CodeBlock.of("$L ? 0 : $L", absent(held), elementBits(held));
            } else {
                code.addStatement("$T $N = $T.requireNonNull($S, $L)", type, local, JavaTypes.FIELD_VALUES,
                        qualifiedName, getterCall);
                value = elementBits(CodeBlock.of("$N", local));
            }
        }
        String bits = local(field.name() + "Bits", locals);
        String offset = constants.define(prefix + "_OFFSET", LONG, "$L", Constants.longLiteral(layout.offset()));
        placed.add(new WordEncoder.PlacedBits(bits, CodeBlock.of("$N", bits), offset,
                CodeBlock.of("$N", widthConstant()), layout.offset(), layout.width()));
        return code.addStatement("long $N = $L", bits, value).build();
    }

    /**
     * A union: its tag, inline bits and, for an alternative in the variable part, its data where the previous
     * variable-length field's ends, and its slot, all written by the union's SDO.
     */
    private CodeBlock unionStatements(Encoding.Union union, CodeBlock getterCall, Set<String> locals) {
        String offset = constants.define(prefix + "_OFFSET", LONG, "$L", Constants.longLiteral(layout.offset()));
        if (layout.compactSlot() && !atBase) {
            // Its tag and inline place here, its data after the data before it, its slot (when its slot bit, written
            // first, is set) in the table.
            String end = local(field.name() + "End", locals);
            String index = context.slotIndexConstant(layout);
            return CodeBlock.builder()
                    .addStatement("int $N = $T.encodeCompact($S, $L, $L, buffer, base, $L, $L$L)", end,
                            GeneratedNames.sdo(union.name()), qualifiedName, getterCall, !field.optional(),
                            position(offset), dataStart(context, layout),
                            CompactLog.uses(union) ? ", " + CompactLog.SIZES : "")
                    .beginControlFlow("if ($T.hasSlot(buffer, base, $N))", JavaTypes.COMPACT_SLOTS, index)
                    .addStatement("$T.writeEnd(buffer, base, BYTES, $N, $N, $N)", JavaTypes.COMPACT_SLOTS,
                            context.slotBitsConstant(), index, end)
                    .endControlFlow()
                    .build();
        }
        CodeBlock encode = CodeBlock.of("$T.encode($S, $L, $L, buffer, base, $L, $L)",
                GeneratedNames.sdo(union.name()), qualifiedName, getterCall, !field.optional(), position(offset),
                layout.variableLength() ? dataStart(context, layout) : CodeBlock.of("0"));
        return direct().addStatement("$L", encode).build();
    }

    /**
     * The test that {@code value} stores nothing but a 0 presence bit: null for an optional field;
     * for a field with a default, null or the default (its getters give the default back).
     */
    private CodeBlock absent(CodeBlock value) {
        if (field.defaultValue() == null) {
            return CodeBlock.of("$L == null", value);
        }
        String constant = constants.define(prefix + "_DEFAULT", JavaTypes.valueType(layout), DefaultCode.value(layout));
        return DefaultCode.isDefault(layout, value, constant);
    }

    /**
     * A local named for the field, unique in the method. A name without a lower-case letter ({@code BYTES},
     * {@code V2_OFFSET}) gets {@code Value} appended: the class's constants are in upper case, and a local of their
     * name would hide one the method reads ({@code BYTES} where the data starts, another field's {@code _OFFSET}).
     */
    private static String local(String fieldName, Set<String> locals) {
        String name = fieldName.chars().anyMatch(Character::isLowerCase) ? fieldName : fieldName + "Value";
        String local = name;
        for (int n = 2; locals.contains(local); n++) {
            local = name + n;
        }
        locals.add(local);
        return local;
    }

    /**
     * A string, bytes or list field, or a record with variable-length data: its data written where the previous variable-length field's data ends (read
     * back from that field's slot, written already) and its end written to its slot. An absent optional field has
     * no data: its slot holds its start, so that the next field's start is still one slot read away.
     */
    private CodeBlock variableLength(CodeBlock getterCall, TypeName type, String local, Set<String> locals) {
        if (layout.compactSlot()) {
            return compactVariableLength(getterCall, type, local, locals);
        }
        String start = local(field.name() + "Start", locals);
        String end = local(field.name() + "End", locals);
        String slot = constants.define(prefix + "_OFFSET", LONG, "$L", Constants.longLiteral(layout.offset()));
        CodeBlock.Builder code = CodeBlock.builder().addStatement("int $N = $L", start, dataStart(context, layout));
        if (field.hasPresenceBit()) {
            String presence = constants.define(prefix + "_PRESENCE_OFFSET", LONG, "$L",
                    Constants.longLiteral(layout.presenceBit()));
            String present = local(field.name() + "Present", locals);
            code.addStatement("$T $N = $L", type, local, getterCall)
                    .addStatement("boolean $N = !($L)", present, absent(CodeBlock.of("$N", local)))
                    .addStatement("$T.writeBit(buffer, base, bitOffset + $N, $N)", JavaTypes.BIT_FIELDS, presence,
                            present)
                    .addStatement("int $N = $N", end, start)
                    .beginControlFlow("if ($N)", present)
                    .add(writeData(local, start, end))
                    .endControlFlow();
        } else {
            code.addStatement("$T $N = $T.requireNonNull($S, $L)", type, local, JavaTypes.FIELD_VALUES, qualifiedName,
                            getterCall)
                    .addStatement("int $N", end)
                    .add(writeData(local, start, end));
        }
        return code.addStatement("$T.write(buffer, base, bitOffset + $N, $N, $N)", JavaTypes.BIT_FIELDS, slot,
                widthConstant(), end).build();
    }

    /**
     * A variable-length field of a compact record, in its {@code encode}: the width code and every slot bit are
     * written already, so its data starts where the data of the field before it ends (read back from the slot
     * table) and, when it has a slot, its end goes into the table after the slots before it. An absent optional
     * field (or a default) has no data and no slot.
     */
    private CodeBlock compactVariableLength(CodeBlock getterCall, TypeName type, String local, Set<String> locals) {
        String start = local(field.name() + "Start", locals);
        String end = local(field.name() + "End", locals);
        String index = context.slotIndexConstant(layout);
        CodeBlock.Builder code = CodeBlock.builder();
        CodeBlock writeEnd = CodeBlock.of("$T.writeEnd(buffer, base, BYTES, $N, $N, $N)", JavaTypes.COMPACT_SLOTS,
                context.slotBitsConstant(), index, end);
        if (field.hasPresenceBit()) {
            code.addStatement("$T $N = $L", type, local, getterCall)
                    .beginControlFlow("if (!($L))", absent(CodeBlock.of("$N", local)))
                    .addStatement("int $N = $L", start, dataStart(context, layout))
                    .addStatement("int $N", end)
                    .add(writeData(local, start, end))
                    .addStatement(writeEnd)
                    .endControlFlow();
        } else if (layout.emptyWithoutSlot()) {
            // A required string, bytes or list: no slot and no data when it is empty (its slot bit 0).
            code.addStatement("$T $N = $T.requireNonNull($S, $L)", type, local, JavaTypes.FIELD_VALUES, qualifiedName,
                            getterCall)
                    .beginControlFlow("if ($L)", VariableSizing.nonEmpty(layout, CodeBlock.of("$N", local)))
                    .addStatement("int $N = $L", start, dataStart(context, layout))
                    .addStatement("int $N", end)
                    .add(writeData(local, start, end))
                    .addStatement(writeEnd)
                    .endControlFlow();
        } else {
            code.addStatement("$T $N = $T.requireNonNull($S, $L)", type, local, JavaTypes.FIELD_VALUES, qualifiedName,
                            getterCall)
                    .addStatement("int $N = $L", start, dataStart(context, layout))
                    .addStatement("int $N", end)
                    .add(writeData(local, start, end))
                    .addStatement(writeEnd);
        }
        return code.build();
    }

    /**
     * The statements of a writer's setter of a variable-length field, its {@code index}-th in declaration order,
     * from {@code value} (the parameter): the value checked and sized, where its data starts asked of the writer
     * ({@link WriterBase#DATA_START}, which refuses a field out of order or a change of size in place
     * and makes room), the data written there, its end put in the slot (a union writes its slot itself), and the
     * end handed back ({@link WriterBase#DATA_END}).
     */
    CodeBlock writerData(int index, Set<String> locals) {
        CodeBlock value = CodeBlock.of("value");
        String start = local(field.name() + "Start", locals);
        String end = local(field.name() + "End", locals);
        CodeBlock.Builder code = CodeBlock.builder();
        if (layout.compactSlot()) {
            return compactWriterData(index, locals);
        }
        if (layout.encoding() instanceof Encoding.Union union) {
            String offset = constants.define(prefix + "_OFFSET", LONG, "$L", Constants.longLiteral(layout.offset()));
            ClassName sdo = GeneratedNames.sdo(union.name());
            return code.addStatement("int $N = $N($L, $T.dataBytes($S, $L))", start, WriterBase.DATA_START,
                            index, sdo, qualifiedName, value)
                    .addStatement("$N()", WriterBase.STORE)
                    .addStatement("$N($L, $T.encode($S, $L, $L, buffer, base, $N, $N))", WriterBase.DATA_END,
                            index, sdo, qualifiedName, value, !field.optional(), offset, start)
                    .build();
        }
        String slot = constants.define(prefix + "_OFFSET", LONG, "$L", Constants.longLiteral(layout.offset()));
        DataCode data = new DataCode(qualifiedName, () -> new ListCodec(context, layout));
        String size = local(field.name() + "Size", locals);
        String present = null;
        if (field.hasPresenceBit()) {
            present = local(field.name() + "Present", locals);
            code.addStatement("boolean $N = !($L)", present, absent(value))
                    .addStatement("long $N = $N ? $L : 0", size, present, data.size(layout.encoding(), value));
        } else {
            code.addStatement("$T.requireNonNull($S, $L)", JavaTypes.FIELD_VALUES, qualifiedName, value)
                    .addStatement("long $N = $L", size, data.size(layout.encoding(), value));
        }
        code.addStatement("int $N = $N($L, $N)", start, WriterBase.DATA_START, index, size);
        CodeBlock write = data.write(layout.encoding(), value, CodeBlock.of("base + $N", start));
        if (present != null) {
            code.addStatement("int $N = $N", end, start)
                    .beginControlFlow("if ($N)", present)
                    .addStatement("$N = $N + $L", end, start, write)
                    .endControlFlow();
        } else {
            code.addStatement("int $N = $N + $L", end, start, write);
        }
        code.addStatement("$N($N, $N, $N)", WriterBase.PUT, slot, widthConstant(), end);
        if (present != null) {
            code.add(writeBit(CodeBlock.of("$N", presenceConstant()), CodeBlock.of("$N", present)));
        }
        return code.addStatement("$N($L, $N)", WriterBase.DATA_END, index, end).build();
    }

    /**
     * {@link #writerData} of a compact record ({@code CompactRecordWriter}): whether the field has a slot and its
     * data's size given to {@link WriterBase#DATA_START}, which refuses a field out of order, or in a complete
     * record a change of size or of slot; the data written; its end and slot bit handed back
     * ({@link WriterBase#DATA_END}), the slot table made at {@code done()}.
     */
    private CodeBlock compactWriterData(int index, Set<String> locals) {
        CodeBlock value = CodeBlock.of("value");
        String start = local(field.name() + "Start", locals);
        String end = local(field.name() + "End", locals);
        String slot = local(field.name() + "Slot", locals);
        CodeBlock.Builder code = CodeBlock.builder();
        if (layout.encoding() instanceof Encoding.Union union) {
            String offset = constants.define(prefix + "_OFFSET", LONG, "$L", Constants.longLiteral(layout.offset()));
            ClassName sdo = GeneratedNames.sdo(union.name());
            return code.addStatement("boolean $N = $T.slotBit($S, $L)", slot, sdo, qualifiedName, value)
                    .addStatement("int $N = $N($L, $T.dataBytes($S, $L), $N)", start, WriterBase.DATA_START, index, sdo,
                            qualifiedName, value, slot)
                    .addStatement("$N()", WriterBase.STORE)
                    .addStatement("$N($L, $T.encodeCompact($S, $L, $L, buffer, base, $N, $N), $N)",
                            WriterBase.DATA_END, index, sdo, qualifiedName, value, !field.optional(), offset, start,
                            slot)
                    .build();
        }
        boolean list = layout.encoding() instanceof Encoding.ListOf
                && ListCodec.field(context, layout, CodeBlock.of("0")).atSlotWidth();
        String numberBytes = list ? local(field.name() + "NumberBytes", locals) : null;
        if (list) {
            // Its count and end offsets as wide as the record's slots (section 8.5): the slot width in a complete
            // record; in a new one 0, its elements alone in the record, its numbers kept by the writer until done().
            code.addStatement("int $N = listNumberBytes()", numberBytes);
        }
        DataCode data = new DataCode(qualifiedName, () -> ListCodec.field(context, layout,
                list ? CodeBlock.of("$N", numberBytes) : null));
        String size = local(field.name() + "Size", locals);
        if (field.hasPresenceBit()) {
            code.addStatement("boolean $N = !($L)", slot, absent(value))
                    .addStatement("long $N = $N ? $L : 0", size, slot, data.size(layout.encoding(), value));
        } else {
            code.addStatement("$T.requireNonNull($S, $L)", JavaTypes.FIELD_VALUES, qualifiedName, value);
            if (layout.emptyWithoutSlot()) {
                // A required string, bytes or list: no slot and no data when it is empty (its slot bit 0).
                code.addStatement("boolean $N = $L", slot, VariableSizing.nonEmpty(layout, value))
                        .addStatement("long $N = $N ? $L : 0", size, slot, data.size(layout.encoding(), value));
            } else {
                code.addStatement("boolean $N = true", slot)
                        .addStatement("long $N = $L", size, data.size(layout.encoding(), value));
            }
        }
        code.addStatement("int $N = $N($L, $N, $N)", start, WriterBase.DATA_START, index, size, slot)
                .addStatement("int $N = $N", end, start)
                .beginControlFlow("if ($N)", slot);
        if (list) {
            ListCodec codec = ListCodec.field(context, layout, CodeBlock.of("$N", numberBytes));
            code.beginControlFlow("if ($N != 0)", numberBytes)
                    .addStatement("$N = $N + $L", end, start, codec.write(value, CodeBlock.of("buffer"),
                            CodeBlock.of("base + $N", start), CodeBlock.of("$N", numberBytes)))
                    .nextControlFlow("else")
                    .addStatement("$N = $N + listData($L, base + $N, $L)", end, start,
                            codec.write(value, CodeBlock.of("listScratch($N + 4L * ($L))", size, codec.numbers(value)),
                                    CodeBlock.of("0"), CodeBlock.of("4")),
                            start, codec.hasTable())
                    .endControlFlow();
        } else {
            code.addStatement("$N = $N + $L", end, start,
                    data.write(layout.encoding(), value, CodeBlock.of("base + $N", start)));
        }
        code.endControlFlow();
        return code.addStatement("$N($L, $N, $N)", WriterBase.DATA_END, index, end, slot).build();
    }

    /**
     * Where a variable-length field's data starts when its record is encoded: the end of the previous variable-length
     * field's data, read back from that field's slot (written already), or the end of the fixed part.
     */
    static CodeBlock dataStart(SdoContext context, FieldLayout layout) {
        FieldLayout previous = context.layout().previousVariable(layout);
        if (layout.compactSlot()) {
            // A compact record's: its width code and slot bits are written first, and the slots before this one.
            return previous == null ? context.compactDataStart("buffer", "base")
                    : context.compactEnd(previous, "buffer", "base", "size");
        }
        if (previous == null) {
            return CodeBlock.of("BYTES");
        }
        return CodeBlock.of("(int) $T.read(buffer, base, bitOffset + $N, $N)", JavaTypes.BIT_FIELDS,
                context.slotConstant(previous), context.constants().define(context.prefix(previous)
                        + (previous.slotOffset() == previous.offset() ? "_WIDTH" : "_SLOT_WIDTH"), INT, "$L",
                        Constants.intLiteral(BitWidths.END_SLOT_BITS)));
    }

    /** The statements that write the data of {@code local} at {@code start} and set {@code end} after it. */
    private CodeBlock writeData(String local, String start, String end) {
        // A record with variable-length data is its whole encoding, its slots counted from its own first byte; a
        // compact record's list field has its count and end offsets as wide as the record's slots (section 8.5).
        // A compact record writes the compact records its fields hold from its log (CompactLog).
        boolean logged = layout.compactSlot() && !atBase;
        DataCode data = new DataCode(qualifiedName, () -> {
            ListCodec codec = ListCodec.field(context, layout,
                    CodeBlock.of("$T.width(buffer, base)", JavaTypes.COMPACT_SLOTS));
            return logged ? codec.logged() : codec;
        }, logged, true);
        return statement("$N = $N + $L", end, start, data.write(layout.encoding(), CodeBlock.of("$N", local),
                CodeBlock.of("base + $N", start)));
    }

    /** The bits a list element of this writer's type stores for {@code value}, checked as a field's value is. */
    CodeBlock elementBits(CodeBlock value) {
        return layout.encoding().accept(new StoredBits(value));
    }

    /** The number stored for a single value, checked against its range: never truncated or rounded. */
    private final class StoredBits extends ScalarVisitor<CodeBlock> {
        private final CodeBlock value;

        StoredBits(CodeBlock value) {
            this.value = value;
        }

        @Override
        public CodeBlock bool(Encoding.Bool encoding) {
            return CodeBlock.of("$L ? 1 : 0", value);
        }

        @Override
        public CodeBlock integer(Encoding.Int encoding) {
            return checkedInteger(value, encoding.kind().min(), encoding.kind().max(), LONG);
        }

        @Override
        public CodeBlock range(Encoding.Range encoding) {
            TypeName natural = JavaTypes.naturalType(encoding);
            CodeBlock checked = checkedInteger(value, encoding.lo(), encoding.hi(), natural);
            if (encoding.lo() == 0) {
                return checked;
            }
            // int(lo..hi) stores value - lo; for a 64-bit range the subtraction wraps to the right bits.
            return CodeBlock.of("$L - $N", checked, minConstant(encoding.lo(), natural));
        }

        @Override
        public CodeBlock floating(Encoding.Floating encoding) {
            // Raw bits: a NaN keeps its payload.
            return encoding.bits() == Float.SIZE
                    ? CodeBlock.of("$T.floatToRawIntBits($L)", Float.class, value)
                    : CodeBlock.of("$T.doubleToRawLongBits($L)", Double.class, value);
        }

        @Override
        public CodeBlock decimal(Encoding.Decimal encoding) {
            CodeBlock unscaled = CodeBlock.of("$T.unscaled($S, $L,$W$N, $N, $L)", JavaTypes.FIELD_VALUES,
                    qualifiedName, value, precisionConstant(encoding), scaleConstant(encoding), encoding.signed());
            return encoding.signed() ? CodeBlock.of("$L + $N", unscaled, biasConstant(encoding)) : unscaled;
        }

        @Override
        public CodeBlock date(Encoding.Date encoding) {
            return CodeBlock.of("$T.daysSince($S, $L,$W$N,$W$N)", JavaTypes.FIELD_VALUES, qualifiedName, value,
                    firstEpochDayConstant(encoding), lastEpochDayConstant(encoding));
        }

        @Override
        public CodeBlock time(Encoding.Time encoding) {
            if (encoding.millis()) {
                return CodeBlock.of("$T.millisOfDay($S, $L)", JavaTypes.FIELD_VALUES, qualifiedName, value);
            }
            return CodeBlock.of("$T.countOfDay($S, $L, $T.$L)", JavaTypes.FIELD_VALUES, qualifiedName, value,
                    JavaTypes.TIME_PRECISION, encoding.precision().name());
        }

        @Override
        public CodeBlock timestamp(Encoding.Timestamp encoding) {
            if (encoding.plain()) {
                return CodeBlock.of("$T.epochMillis($S, $L)", JavaTypes.FIELD_VALUES, qualifiedName, value);
            }
            return epochCountBits(value, false);
        }

        @Override
        public CodeBlock chars(Encoding.Chars encoding) {
            return CodeBlock.of("$N.pack($S, $L, $N,$W$N)", alphabetConstant(encoding), qualifiedName, value,
                    lengthConstant(encoding), codeBitsConstant(encoding));
        }

        @Override
        public CodeBlock enumeration(Encoding.Enumeration encoding) {
            return CodeBlock.of("$L.ordinal()", value);
        }
    }

    private String alphabetConstant(Encoding.Chars chars) {
        return constants.define(prefix + "_ALPHABET", JavaTypes.ALPHABET,
                CodeBlock.of("new $T($S)", JavaTypes.ALPHABET, chars.alphabet()));
    }

    private String lengthConstant(Encoding.Chars chars) {
        return constants.define(prefix + "_LENGTH", INT, "$L", chars.length());
    }

    /** The alphabet's bits per character, a constant so that the JIT packs the characters with constant shifts. */
    private String codeBitsConstant(Encoding.Chars chars) {
        return constants.define(prefix + "_CODE_BITS", INT, "$L", chars.codeBits());
    }

    /** The statements that write {@code value}, of the field's value type, checked, to the field's bits. */
    CodeBlock writeValue(CodeBlock value) {
        Encoding type = layout.encoding();
        CodeBlock at = position(offsetConstant());
        if (type instanceof Encoding.Bool) {
            return writeBit(at, value);
        } else if (type instanceof Encoding.Chars t && layout.width() > Long.SIZE) {
            return direct().addStatement("$N.write($S, $L, $N,$Wbuffer, base, $L)", alphabetConstant(t),
                    qualifiedName, value, lengthConstant(t), at).build();
        } else if (type instanceof Encoding.Nested t) {
            return direct().addStatement("$T.encode($L,$Wbuffer, base, $L)", GeneratedNames.sdo(t.name()), value, at)
                    .build();
        }
        // Packed into one word, written at once; the width's constant defined before the value's, as always.
        String width = widthConstant();
        return writeWidth(at, width, elementBits(value));
    }

    /** The statement that writes {@code bits}, a scalar's stored bits checked already, at once. */
    CodeBlock writeBits(CodeBlock bits) {
        return writeWidth(position(offsetConstant()), widthConstant(), bits);
    }

    private String offsetConstant() {
        return constants.define(prefix + "_OFFSET", LONG, "$L", Constants.longLiteral(layout.offset()));
    }

    /**
     * The bits a decimal stores for {@code unscaled}, its value times 10^scale as a {@code long}, checked as the
     * {@code BigDecimal} is: what a writer's {@code xUnscaled(long)} stores.
     */
    CodeBlock unscaledBits(CodeBlock unscaled) {
        Encoding.Decimal encoding = (Encoding.Decimal) layout.encoding();
        CodeBlock checked = CodeBlock.of("$T.unscaled($S, $L,$W$N, $N, $L)", JavaTypes.FIELD_VALUES, qualifiedName,
                unscaled, precisionConstant(encoding), scaleConstant(encoding), encoding.signed());
        return encoding.signed() ? CodeBlock.of("$L + $N", checked, biasConstant(encoding)) : checked;
    }

    /** The bits a date stores for {@code epochDay}, days since 1970-01-01, checked as the {@code LocalDate} is. */
    CodeBlock epochDayBits(CodeBlock epochDay) {
        Encoding.Date encoding = (Encoding.Date) layout.encoding();
        return CodeBlock.of("$T.daysSince($S, $L,$W$N,$W$N)", JavaTypes.FIELD_VALUES, qualifiedName, epochDay,
                firstEpochDayConstant(encoding), lastEpochDayConstant(encoding));
    }

    /**
     * The bits a timestamp stores for {@code value}: an {@code Instant} or {@code LocalDateTime}, or when
     * {@code primitive} a {@code long} count of units since the epoch (a writer's {@code xEpochNanos(long)}), checked
     * to be whole units in range. (A plain timestamp's millisecond count is every {@code long}, stored as it is.)
     */
    CodeBlock epochCountBits(CodeBlock value, boolean primitive) {
        Encoding.Timestamp encoding = (Encoding.Timestamp) layout.encoding();
        CodeBlock count = CodeBlock.of("$T.epochCount($S, $L, $T.$L,$W$L,$W$L$L)", JavaTypes.FIELD_VALUES,
                qualifiedName, value, JavaTypes.TIME_PRECISION, encoding.precision().name(), countConstant(encoding, "_FIRST_COUNT",
                        encoding.lo()), countConstant(encoding, "_LAST_COUNT", encoding.hi()),
                primitive ? ", " + encoding.local() : "");
        // With a range, the offset from its first count; the subtraction wraps to the right bits in 64.
        return encoding.bounded()
                ? CodeBlock.of("$L - $L", count, countConstant(encoding, "_FIRST_COUNT", encoding.lo())) : count;
    }

    private CodeBlock countConstant(Encoding.Timestamp encoding, String suffix, long count) {
        if (!encoding.bounded()) {
            return CodeBlock.of("$T.$L", Long.class, count < 0 ? "MIN_VALUE" : "MAX_VALUE");
        }
        return CodeBlock.of("$N", constants.define(prefix + suffix, LONG, "$L", Constants.longLiteral(count)));
    }

    private String precisionConstant(Encoding.Decimal encoding) {
        return constants.define(prefix + "_PRECISION", INT, "$L", encoding.precision());
    }

    private String scaleConstant(Encoding.Decimal encoding) {
        return constants.define(prefix + "_SCALE", INT, "$L", encoding.scale());
    }

    private String biasConstant(Encoding.Decimal encoding) {
        return constants.define(prefix + "_BIAS", LONG, "$L", Constants.longLiteral(encoding.bias()));
    }

    // The same constants as the getter's: days since 1970-01-01 of the range's first and last day.
    private String firstEpochDayConstant(Encoding.Date encoding) {
        return constants.define(prefix + "_FIRST_EPOCH_DAY", INT, "$L", Constants.intLiteral(encoding.lo().toEpochDay()));
    }

    private String lastEpochDayConstant(Encoding.Date encoding) {
        return constants.define(prefix + "_LAST_EPOCH_DAY", INT, "$L", Constants.intLiteral(encoding.hi().toEpochDay()));
    }

    /**
     * {@code value} checked to lie within {@code min..max}, unless its Java type cannot hold anything outside;
     * {@code boundType} is the type of the bound constants.
     */
    private CodeBlock checkedInteger(CodeBlock value, long min, long max, TypeName boundType) {
        TypeName javaType = JavaTypes.valueType(layout);
        boolean bigInteger = field.javaOverride() == JavaOverride.BIG_INTEGER;
        if (!bigInteger && javaMin(javaType) >= min && javaMax(javaType) <= max) {
            return value;
        }
        return CodeBlock.of("$T.checkRange($S, $L,$W$N,$W$N)", JavaTypes.FIELD_VALUES, qualifiedName, value,
                minConstant(min, boundType), constants.define(prefix + "_MAX", boundType, "$L", literal(max, boundType)));
    }

    private String minConstant(long min, TypeName type) {
        return constants.define(prefix + "_MIN", type, "$L", literal(min, type));
    }

    private static String literal(long value, TypeName type) {
        return type.equals(INT) ? Constants.intLiteral(value) : Constants.longLiteral(value);
    }

    private static long javaMin(TypeName type) {
        if (type.equals(TypeName.BYTE)) {
            return Byte.MIN_VALUE;
        } else if (type.equals(TypeName.SHORT)) {
            return Short.MIN_VALUE;
        } else if (type.equals(INT)) {
            return Integer.MIN_VALUE;
        }
        return Long.MIN_VALUE;
    }

    private static long javaMax(TypeName type) {
        if (type.equals(TypeName.BYTE)) {
            return Byte.MAX_VALUE;
        } else if (type.equals(TypeName.SHORT)) {
            return Short.MAX_VALUE;
        } else if (type.equals(INT)) {
            return Integer.MAX_VALUE;
        }
        return Long.MAX_VALUE;
    }

    private String widthConstant() {
        return widthConstant(layout);
    }

    private String widthConstant(FieldLayout of) {
        return constants.define(context.prefix(of) + "_WIDTH", INT, "$L", Constants.intLiteral(of.width()));
    }

    private static CodeBlock statement(String format, Object... args) {
        return CodeBlock.builder().addStatement(format, args).build();
    }
}
