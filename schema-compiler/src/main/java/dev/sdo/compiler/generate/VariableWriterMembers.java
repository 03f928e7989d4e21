package dev.sdo.compiler.generate;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import dev.sdo.compiler.layout.BitWidths;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.batch.VariableRecordStore;
import java.util.List;
import java.util.StringJoiner;
import javax.lang.model.element.Modifier;

/**
 * The members of the writer of a record with variable-length data (docs/generated-writer.md). A variable-length
 * field's data starts where the previous one's ends, so a new record's variable-length fields are written in
 * declaration order, each at most once: the writer keeps where the data ends so far and which field may come next,
 * refuses one that comes too late, and gives the fields skipped (and, at {@code done()}, those never set) no data.
 * A complete record ({@code update}, {@code writer(i)}, or a new one after {@code done()}) keeps every byte where it
 * is: a field's data may be rewritten only with as many bytes as it has, else the setter refuses, since more or
 * fewer would move the data after it and the records after it. {@code XBatch.append()} has the writer write the
 * record into a buffer of its own, grown as needed, and appends it whole at {@code done()}, when its size is known.
 */
final class VariableWriterMembers {
    /** {@code int dataStart(field, size)}: where the field's data starts, after the checks. */
    static final String DATA_START = "dataStart";
    /** {@code void dataEnd(field, end)}: the field's data written, ending at {@code end}. */
    static final String DATA_END = "dataEnd";
    /** The names of the writer's fields for the variable part. */
    static final List<String> FIELDS = List.of("end", "nextVariable", "complete", "scratch", "appendTo");
    private static final ClassName VARIABLE_STORE = ClassName.get(VariableRecordStore.class);

    private final RecordLayout layout;
    private final SdoContext context;
    private final ClassName sdoName;
    private final String recordName;
    private final List<FieldLayout> variable;

    VariableWriterMembers(RecordLayout layout, SdoContext context, ClassName sdoName) {
        this.layout = layout;
        this.context = context;
        this.sdoName = sdoName;
        this.recordName = layout.record().name().simpleName();
        this.variable = layout.fields().stream().filter(FieldLayout::variableLength).toList();
        // Defined now: the writer's constants are emitted before these members are asked for.
        for (FieldLayout field : variable) {
            context.slotConstant(field);
        }
        context.constants().define("SLOT_WIDTH", TypeName.INT, "$L", BitWidths.END_SLOT_BITS);
    }

    /** The position of {@code field} among the variable-length fields, in declaration order. */
    int indexOf(FieldLayout field) {
        return variable.indexOf(field);
    }

    List<FieldSpec> fields() {
        CodeBlock.Builder slots = CodeBlock.builder().add("{");
        CodeBlock.Builder names = CodeBlock.builder().add("{");
        StringJoiner order = new StringJoiner(", ");
        for (int i = 0; i < variable.size(); i++) {
            FieldLayout field = variable.get(i);
            slots.add(i == 0 ? "$N" : ",$W$N", context.slotConstant(field));
            names.add(i == 0 ? "$S" : ",$W$S", GeneratedNames.qualifiedField(layout.record().name(), field.field()));
            order.add(field.field().name());
        }
        return List.of(
                FieldSpec.builder(ArrayTypeName.of(TypeName.LONG), "SLOTS", Modifier.PRIVATE, Modifier.STATIC,
                                Modifier.FINAL)
                        .addJavadoc("The end slot of each variable-length field, in declaration order.\n")
                        .initializer(slots.add("}").build())
                        .build(),
                FieldSpec.builder(ArrayTypeName.of(ClassName.get(String.class)), "VARIABLE", Modifier.PRIVATE,
                                Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("The variable-length fields as messages name them, in declaration order.\n")
                        .initializer(names.add("}").build())
                        .build(),
                FieldSpec.builder(String.class, "VARIABLE_ORDER", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("$S", order.toString())
                        .build(),
                FieldSpec.builder(int.class, "end", Modifier.PRIVATE)
                        .addJavadoc("Where a new record's data ends so far, from its first byte.\n")
                        .build(),
                FieldSpec.builder(int.class, "nextVariable", Modifier.PRIVATE)
                        .addJavadoc("The first variable-length field a new record may still be given, in declaration order.\n")
                        .build(),
                FieldSpec.builder(boolean.class, "complete", Modifier.PRIVATE)
                        .addJavadoc("Whether the record is complete, its data in place: changed only where sizes stay.\n")
                        .build(),
                FieldSpec.builder(JavaTypes.BYTE_BUFFER, "scratch", Modifier.PRIVATE)
                        .addJavadoc("Where {@code append} has a record written before it joins the batch, reused.\n")
                        .build(),
                FieldSpec.builder(VARIABLE_STORE, "appendTo", Modifier.PRIVATE)
                        .addJavadoc("The batch store {@code append} adds the record to at {@code done()}, until then.\n")
                        .build());
    }

    /** The statements that start a new record at byte {@code base} of {@code buffer}: no data yet. */
    CodeBlock startNew() {
        return CodeBlock.builder()
                .addStatement("this.end = $T.BYTES", sdoName)
                .addStatement("this.nextVariable = 0")
                .addStatement("this.complete = false")
                .build();
    }

    /** {@code moveToAppended(store)}: the writer on a new record in its own buffer, for {@code append}. */
    MethodSpec moveToAppended(CodeBlock startHeld, CodeBlock clearSet) {
        return MethodSpec.methodBuilder("moveToAppended")
                .addParameter(VARIABLE_STORE, "store")
                .addJavadoc("Moves this writer to a new record that {@code done()} appends to {@code store}, written\n"
                        + "until then in the writer's own buffer.\n")
                .beginControlFlow("if (scratch == null)")
                .addStatement("scratch = $T.allocate(2 * $T.BYTES + 64)", JavaTypes.BYTE_BUFFER, sdoName)
                .endControlFlow()
                .addCode(startHeld)
                .addStatement("this.buffer = scratch")
                .addStatement("this.base = 0")
                .addCode(clearSet)
                .addCode(startNew())
                .addStatement("this.appendTo = store")
                .build();
    }

    List<MethodSpec> methods() {
        MethodSpec dataStart = MethodSpec.methodBuilder(DATA_START)
                .addModifiers(Modifier.PRIVATE)
                .returns(int.class)
                .addParameter(int.class, "field")
                .addParameter(long.class, "size")
                .addJavadoc("Where the data of variable-length field number {@code field}, {@code size} bytes, starts.\n"
                        + "In a new record: where the data ends so far, the fields skipped given none, and room made\n"
                        + "for it; in a complete record: where its data is, if it has exactly {@code size} bytes.\n")
                .addJavadoc("\n@throws IllegalStateException if the field comes after a later one, or in a complete\n"
                        + "    record its data would change size\n")
                .beginControlFlow("if (complete)")
                .addStatement("int start = field == 0 ? $T.BYTES : (int) $T.read(buffer, base, SLOTS[field - 1], SLOT_WIDTH)",
                        sdoName, JavaTypes.BIT_FIELDS)
                .addStatement("int old = (int) $T.read(buffer, base, SLOTS[field], SLOT_WIDTH) - start",
                        JavaTypes.BIT_FIELDS)
                .beginControlFlow("if (size != old)")
                .addStatement("throw new $T(VARIABLE[field] + $S + size + $S + old + $S)", IllegalStateException.class,
                        ": ", " bytes of data in place of ",
                        " would move the data after it, in this record and the ones after it; a complete "
                                + recordName + " keeps its data's sizes: encode it anew to change them")
                .endControlFlow()
                .addStatement("return start")
                .endControlFlow()
                .beginControlFlow("if (field < nextVariable)")
                .addStatement("throw new $T(VARIABLE[field] + $S + VARIABLE[nextVariable - 1] + $S + VARIABLE_ORDER + $S)",
                        IllegalStateException.class, " comes after ",
                        ", set already: the variable-length fields of a new " + recordName
                                + " are set in declaration order (", "), each at most once")
                .endControlFlow()
                .beginControlFlow("for (int skipped = nextVariable; skipped < field; skipped++)")
                .addStatement("$N(SLOTS[skipped], SLOT_WIDTH, end)", WriterWords.PUT)
                .endControlFlow()
                .addStatement("room(end, size)")
                .addStatement("return end")
                .build();
        MethodSpec dataEnd = MethodSpec.methodBuilder(DATA_END)
                .addModifiers(Modifier.PRIVATE)
                .addParameter(int.class, "field")
                .addParameter(int.class, "end")
                .addJavadoc("The data of variable-length field number {@code field} written, ending at {@code end}.\n")
                .beginControlFlow("if (!complete)")
                .addStatement("this.end = end")
                .addStatement("this.nextVariable = field + 1")
                .endControlFlow()
                .build();
        // Two parameters, so that no setter (one parameter) of a field named "room" clashes with it.
        MethodSpec room = MethodSpec.methodBuilder("room")
                .addModifiers(Modifier.PRIVATE)
                .addParameter(int.class, "end")
                .addParameter(long.class, "size")
                .addJavadoc("Makes sure {@code size} more bytes of data fit after byte {@code end} of the record: in the\n"
                        + "writer's own buffer by growing it, else by refusing.\n")
                .addJavadoc("\n@throws IllegalArgumentException if the record would pass the largest record size\n"
                        + "@throws IndexOutOfBoundsException if the data does not fit the buffer's limit\n")
                .addStatement("int needed = $T.recordSize($S, end, size)", JavaTypes.VARIABLE_DATA, recordName)
                .beginControlFlow("if ((long) base + needed <= buffer.limit())")
                .addStatement("return")
                .endControlFlow()
                .beginControlFlow("if (appendTo == null)")
                .addStatement("throw new $T($S + needed + $S + base + $S + buffer.limit())",
                        IndexOutOfBoundsException.class, recordName + ": ", " bytes from byte ",
                        " do not fit the buffer's limit ")
                .endControlFlow()
                .addStatement("$T grown = $T.allocate((int) $T.min($T.MAX_VALUE - 8, $T.max(needed, 2L * buffer.capacity())))",
                        JavaTypes.BYTE_BUFFER, JavaTypes.BYTE_BUFFER, Math.class, Integer.class, Math.class)
                .addStatement("grown.put(0, buffer, 0, end)")
                .addStatement("buffer = grown")
                .addStatement("scratch = grown")
                .build();
        return List.of(dataStart, dataEnd, room);
    }

    /**
     * The statements of {@code done()} once the record is found complete: a new record's fields never set given no
     * data and its words stored, a record {@code append} wrote added to the batch, and its size in {@code size}.
     */
    CodeBlock finish() {
        return CodeBlock.builder()
                .beginControlFlow("if (!complete)")
                .beginControlFlow("for (int field = nextVariable; field < SLOTS.length; field++)")
                .addStatement("$N(SLOTS[field], SLOT_WIDTH, end)", WriterWords.PUT)
                .endControlFlow()
                .endControlFlow()
                .addStatement("$N()", WriterWords.STORE)
                .addStatement("int size = complete ? $T.sizeOf(buffer, base) : end", sdoName)
                .beginControlFlow("if (appendTo != null)")
                .addStatement("long index = appendTo.append(buffer, base, size)")
                .addStatement("buffer = appendTo.chunkOf(index)")
                .addStatement("base = appendTo.offsetOf(index)")
                .addStatement("appendTo = null")
                .endControlFlow()
                .addStatement("complete = true")
                .build();
    }
}
