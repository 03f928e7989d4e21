package dev.sdo.compiler.generate;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.CompactRecordWriter;
import dev.sdo.runtime.FixedRecordWriter;
import dev.sdo.runtime.RecordWriter;
import dev.sdo.runtime.VariableRecordWriter;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The runtime class a record's writer extends, and the names of the members the generated setters call on it:
 * {@link FixedRecordWriter} for a record of fixed width, {@link VariableRecordWriter} for one with variable-length
 * data. The runtime holds the machinery every writer shares (a new record's bits held in words and stored at
 * {@code done()}, the order and room of variable-length data, {@code append}); the generated writer only what is its
 * record's own (docs/generated-writer.md).
 */
final class WriterBase {
    /** {@link RecordWriter}'s {@code putBits(offset, width, bits)}: the low {@code width} bits at bit {@code offset}. */
    static final String PUT = "putBits";
    /** {@link RecordWriter}'s {@code putBit(offset, bit)}. */
    static final String PUT_BIT = "putBit";
    /** {@link RecordWriter}'s {@code putZeros(offset, bits)}: any number of bits set to 0. */
    static final String PUT_ZEROS = "putZeros";
    /** {@link RecordWriter}'s {@code store()}: the words held of a new record stored, before a write to the buffer. */
    static final String STORE = "store";
    /** {@link VariableRecordWriter}'s {@code int dataStart(field, size)}: where the field's data starts. */
    static final String DATA_START = "dataStart";
    /** {@link VariableRecordWriter}'s {@code dataEnd(field, end)}: the field's data written, ending at {@code end}. */
    static final String DATA_END = "dataEnd";

    private final RecordLayout layout;
    private final SdoContext context;
    private final ClassName sdoName;
    /** For a record with variable-length data, its variable-length fields in declaration order; else empty. */
    private final List<FieldLayout> variable;

    WriterBase(RecordLayout layout, SdoContext context, ClassName sdoName) {
        this.layout = layout;
        this.context = context;
        this.sdoName = sdoName;
        this.variable = layout.fields().stream().filter(FieldLayout::variableLength).toList();
        // Defined now: the writer's constants are emitted before these members are asked for.
        for (FieldLayout field : variable) {
            if (!field.compactSlot()) {
                context.slotConstant(field);
            }
        }
    }

    /** Whether the record has variable-length data: its writer's {@code done()} returns the record's size. */
    boolean variable() {
        return !variable.isEmpty();
    }

    /** The position of {@code field} among the variable-length fields, in declaration order. */
    int indexOf(FieldLayout field) {
        return variable.indexOf(field);
    }

    /** The class the writer extends. */
    ClassName superclass() {
        if (layout.compact()) {
            return ClassName.get(CompactRecordWriter.class);
        }
        return ClassName.get(variable() ? VariableRecordWriter.class : FixedRecordWriter.class);
    }

    /** The constants the superclass's constructor is given, beyond the record's size: the variable-length fields. */
    List<FieldSpec> fields() {
        if (!variable()) {
            return List.of();
        }
        CodeBlock.Builder names = CodeBlock.builder().add("{");
        for (int i = 0; i < variable.size(); i++) {
            names.add(i == 0 ? "$S" : ",$W$S", variable.get(i).field().name());
        }
        FieldSpec variableNames = FieldSpec.builder(ArrayTypeName.of(ClassName.get(String.class)), "VARIABLE",
                        Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The variable-length fields, in declaration order.\n")
                .initializer(names.add("}").build())
                .build();
        if (layout.compact() && shares()) {
            // What each field shares (docs/record-format.md, section 8.6): the runtime's constants, inherited.
            CodeBlock.Builder sharing = CodeBlock.builder().add("{");
            for (int i = 0; i < variable.size(); i++) {
                FieldLayout field = variable.get(i);
                String shares = SharedStringFields.isSharedString(field) ? "SHARING_STRING"
                        : SharedStringFields.partHasStrings(context.model(), field) ? "SHARING_PART" : "SHARING_NONE";
                sharing.add(i == 0 ? "$N" : ",$W$N", shares);
            }
            return List.of(variableNames, FieldSpec.builder(ArrayTypeName.of(TypeName.BYTE), "SHARING",
                            Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("What each variable-length field shares: a string field's data may be a reference, and a\n"
                            + "part's value may hold string fields (docs/record-format.md, section 8.6).\n")
                    .initializer(sharing.add("}").build())
                    .build());
        }
        if (layout.compact()) {
            // Its slots are in the slot table, made at done(): the writer needs only the fields' names.
            return List.of(variableNames);
        }
        CodeBlock.Builder slots = CodeBlock.builder().add("{");
        for (int i = 0; i < variable.size(); i++) {
            slots.add(i == 0 ? "$N" : ",$W$N", context.slotConstant(variable.get(i)));
        }
        return List.of(
                FieldSpec.builder(ArrayTypeName.of(TypeName.LONG), "SLOTS", Modifier.PRIVATE, Modifier.STATIC,
                                Modifier.FINAL)
                        .addJavadoc("The end slot of each variable-length field, in declaration order.\n")
                        .initializer(slots.add("}").build())
                        .build(),
                variableNames);
    }

    /** The statement of the writer's constructor that calls the superclass's: none for a record of fixed width. */
    CodeBlock superCall() {
        if (!variable()) {
            return CodeBlock.of("");
        }
        if (layout.compact()) {
            return CodeBlock.builder()
                    .addStatement(shares() ? "super($S, VARIABLE, SHARING)" : "super($S, VARIABLE)",
                            layout.record().name().simpleName())
                    .build();
        }
        return CodeBlock.builder()
                .addStatement("super($S, SLOTS, VARIABLE)", layout.record().name().simpleName())
                .build();
    }

    /**
     * Whether the record is compact and its document can hold string fields (docs/record-format.md, section 8.6): its
     * writer says what each field shares, and encodes a new record anew when its strings may be shared.
     */
    boolean shares() {
        return SharedStringFields.documentHasStrings(context.model(), layout);
    }

    /**
     * {@link CompactRecordWriter}'s {@code encodeAnew(size)}, for a compact record whose new records may share strings
     * (it has two string fields, or a field whose value can hold string fields): the new record's values read through
     * its view, room made for them encoded anew, and {@code XSdo.encode} writing them, strings shared; empty for any
     * other record.
     */
    List<MethodSpec> encodeAnewMethod() {
        long strings = variable.stream().filter(SharedStringFields::isSharedString).count();
        boolean parts = variable.stream().anyMatch(field -> SharedStringFields.partHasStrings(context.model(), field));
        if (!layout.compact() || !shares() || strings < 2 && !parts) {
            // A new record with one string field and no record holding others has nothing to share.
            return List.of();
        }
        ClassName bean = GeneratedNames.bean(layout.record().name());
        return List.of(MethodSpec.methodBuilder("encodeAnew")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED)
                .returns(int.class)
                .addParameter(int.class, "size")
                .addJavadoc("Encodes the new record of {@code size} bytes anew from its values, its strings shared as\n"
                        + "{@link $T#of} shares them (docs/record-format.md, section 8.6); returns its size.\n",
                        sdoName)
                .addStatement("$T values = $T.wrap(buffer, base, size).toBean()", bean, sdoName)
                .addStatement("encodingRoom($T.encodedSize(values))", sdoName)
                .addStatement("return $T.encode(values, buffer, base)", sdoName)
                .build());
    }

    /**
     * {@link RecordWriter}'s {@code fixedBytes()}: the record's {@code BYTES}, returned as a constant so that the JIT,
     * inlining the runtime's machinery into a setter or {@code done()} of this (final) writer, knows the record's
     * size and unrolls the loops over its words.
     */
    MethodSpec fixedBytesMethod() {
        return MethodSpec.methodBuilder("fixedBytes")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED)
                .returns(int.class)
                .addJavadoc("The bytes of the record's fixed part, {@link $T#BYTES}: a constant where the writer's\n"
                        + "machinery is inlined, so that the loops over the record's words unroll.\n", sdoName)
                .addStatement("return $T.BYTES", sdoName)
                .build();
    }
}
