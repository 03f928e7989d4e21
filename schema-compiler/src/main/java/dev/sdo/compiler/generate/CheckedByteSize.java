package dev.sdo.compiler.generate;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import java.util.List;
import java.util.Locale;
import javax.lang.model.element.Modifier;

/**
 * {@code int checkedByteSize()} of a record with variable-length data ({@code Flyweight.checkedByteSize}): its end
 * slots walked in order, each at or after the one before, from the writer's fixed part to the record's size. What
 * {@code wrap}, {@code readObject} and a batch's cursors check once per record, so that every field's data, which
 * a getter reads from the previous field's end to its own, lies within the record: in a batch the buffer holds the
 * next records too, and a slot that pointed past the record would give its field their bytes.
 */
final class CheckedByteSize {
    private CheckedByteSize() {}

    static MethodSpec method(RecordLayout layout, SdoContext context) {
        if (layout.compact()) {
            return compact(layout, context);
        }
        String recordName = layout.record().name().simpleName();
        MethodSpec.Builder method = MethodSpec.methodBuilder("checkedByteSize")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(int.class)
                .addJavadoc("{@link #byteSize()}, after checking that the data of every variable-length field lies within the\n"
                        + "record: its end slots ascend from the writer's fixed part to the record's size. {@code wrap} and\n"
                        + "a batch's cursors check it before the record is read, so that no getter reads another record's bytes.\n")
                .addJavadoc("\n@throws $T naming the first field whose data does not lie within the record\n",
                        JavaTypes.CORRUPT_DATA)
                .addStatement("int end = writerBytes");
        for (FieldLayout field : layout.fields()) {
            if (!field.variableLength()) {
                continue;
            }
            CodeBlock step = CodeBlock.of("end = $T.nextEnd($S, end, $N())", JavaTypes.VARIABLE_DATA,
                    GeneratedNames.qualifiedField(layout.record().name(), field.field()),
                    GeneratedNames.endMethod(layout.record(), field.field()));
            int since = field.field().since();
            if (since > 1) {
                // A field its writer did not have has no slot in the record.
                method.beginControlFlow("if (writerVersion >= $L)", since).addStatement(step).endControlFlow();
            } else {
                method.addStatement(step);
            }
        }
        return method.addStatement("return $T.dataWithin($S, end, byteSize())", JavaTypes.VARIABLE_DATA, recordName)
                .build();
    }

    /**
     * A compact record's (docs/record-format.md, section 8.3): its slot table within the buffer, every required
     * field's slot bit 1 (but a string's, bytes' or list's, 0 when it is empty), and the slots ascending from where
     * the data starts to the record's size.
     */
    private static MethodSpec compact(RecordLayout layout, SdoContext context) {
        String recordName = layout.record().name().simpleName();
        String[] constants = slotConstants(layout, context);
        String fields = constants[0];
        String requiredSlots = constants[1];
        return MethodSpec.methodBuilder("checkedByteSize")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(int.class)
                .addJavadoc("{@link #byteSize()}, after checking that the data of every variable-length field lies within the\n"
                        + "record: its slot table lies within its size, every required field has its end slot, and the\n"
                        + "slots ascend from the end of the table to the record's size. {@code wrap} and a batch's cursors\n"
                        + "check it before the record is read, so that no getter reads another record's bytes.\n")
                .addJavadoc("\n@throws $T naming the first field whose data does not lie within the record\n",
                        JavaTypes.CORRUPT_DATA)
                .addStatement("return $T.checkedSize($S, $N, $N, buffer, offset, BYTES, $N)",
                        JavaTypes.COMPACT_SLOTS, recordName, fields, requiredSlots, SdoContext.SIZE)
                .build();
    }

    /**
     * The names of a compact record's constants {@code SLOT_FIELDS} (each slot bit's field, as errors name it) and
     * {@code REQUIRED_SLOTS} (the slot bits that must be 1), defined on first use.
     */
    private static String[] slotConstants(RecordLayout layout, SdoContext context) {
        List<FieldLayout> slotted = layout.fields().stream().filter(FieldLayout::compactSlot).toList();
        CodeBlock.Builder names = CodeBlock.builder().add("{");
        long[] required = new long[(slotted.size() + Long.SIZE - 1) / Long.SIZE];
        for (FieldLayout field : slotted) {
            int index = field.slotIndex();
            names.add(index == 0 ? "$S" : ", $S", GeneratedNames.qualifiedField(layout.record().name(), field.field()));
            // A required string, bytes or list has no slot when it is empty (section 8.1), a union none when its
            // alternative is inline: only the other required fields must have theirs.
            if (!field.optional() && !field.emptyWithoutSlot() && !(field.encoding() instanceof Encoding.Union)) {
                required[index >>> 6] |= 1L << index;
            }
        }
        String fields = context.constants().define("SLOT_FIELDS", ArrayTypeName.of(String.class),
                names.add("}").build());
        CodeBlock.Builder words = CodeBlock.builder().add("{");
        for (int i = 0; i < required.length; i++) {
            words.add(i == 0 ? "0x$LL" : ", 0x$LL", Long.toHexString(required[i]).toUpperCase(Locale.ROOT));
        }
        String requiredSlots = context.constants().define("REQUIRED_SLOTS", ArrayTypeName.of(long.class),
                words.add("}").build());
        return new String[] {fields, requiredSlots};
    }

    /**
     * A compact record's {@code static XSdo wrapNested(String field, int index, ByteBuffer buffer, int base, int start,
     * int end)}: the view of the record stored as a field's data (or a list's element), checked in constant time
     * ({@code CompactSlots.checkNestedSize}: its fixed part and slot table within the data, its required slots), its
     * size the data's length, its slots checked by each getter as it reads them, against the size the view keeps. What the getters of the records and lists that hold it call.
     */
    static MethodSpec wrapNested(RecordLayout layout, SdoContext context, ClassName sdoName) {
        String recordName = layout.record().name().simpleName();
        String[] constants = slotConstants(layout, context);
        return MethodSpec.methodBuilder("wrapNested")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(sdoName)
                .addParameter(String.class, "field")
                .addParameter(int.class, "index")
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "base")
                .addParameter(int.class, "start")
                .addParameter(int.class, "end")
                .addJavadoc("A view of the $L stored as the data of {@code field} (as element {@code index} of that list\n"
                        + "when {@code index >= 0}; -1 otherwise): bytes {@code start .. end - 1} after byte {@code base}\n"
                        + "of {@code buffer}, their number its size. It checks that the record's fixed part and slot table\n"
                        + "lie within those bytes and that its required fields have their slots, without walking its\n"
                        + "slots: each getter checks that the data it reads lies within the record. How the getters of the\n"
                        + "records and lists that hold one read it.\n", recordName)
                .addJavadoc("\n@throws $T naming {@code field} (or its element) when the bytes do not lie within\n"
                        + "    the buffer or are not one $L, or the first of its required fields without its slot\n",
                        JavaTypes.CORRUPT_DATA, recordName)
                .addStatement("int length = $T.length(field, buffer, base, start, end)", JavaTypes.VARIABLE_DATA)
                .addStatement("$T.checkNestedSize(field, index, $S, $N, $N, buffer, base + start, length, BYTES)",
                        JavaTypes.COMPACT_SLOTS, recordName, constants[0], constants[1])
                .addStatement("$T sdo = new $T(buffer, base + start)", sdoName, sdoName)
                .addStatement("sdo.$N = length", SdoContext.SIZE)
                .addCode(SharedStringFields.documentHasStrings(context.model(), layout)
                        // Its strings may refer to its document's before it (section 8.6): a copy is encoded anew.
                        ? CodeBlock.builder().addStatement("sdo.$N = true", SdoContext.PART).build()
                        : CodeBlock.of(""))
                .addStatement("return sdo")
                .build();
    }
}
