package dev.sdo.compiler.generate;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import dev.sdo.runtime.RecordWords;
import java.util.Arrays;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Where a generated writer's setters put their bits: a new record's ({@code wrap}, {@code moveTo},
 * {@code append}) into the {@code long}s the writer holds of it ({@link RecordWords}), stored to the buffer at once
 * by {@code done()}; an existing record's ({@code update}, {@code writer(i)}, or a new one after {@code done()})
 * straight into the buffer, each setter's change visible as it returns.
 *
 * <p>Why: nine read-modify-writes of overlapping 8-byte windows of one buffer made the writer of {@code Trade}
 * 2.8 times slower than SBE's encoder (each load waited for the previous store); held in words, its setters are
 * register operations and {@code done()} four plain stores. A setter whose statements write the buffer themselves
 * (a nested record, a {@code char} wider than 64 bits, a union) first stores the words held and continues on the
 * buffer.
 */
final class WriterWords {
    /** {@code put(offset, width, bits)}: the low {@code width} bits of {@code bits} at bit {@code offset}. */
    static final String PUT = "putBits";
    /** {@code putBit(offset, bit)}. */
    static final String PUT_BIT = "putBit";
    /** {@code putZeros(offset, bits)}: any number of bits set to 0. */
    static final String PUT_ZEROS = "putZeros";
    /** {@code store()}: the words held of a new record stored to its bytes, the writer on the buffer from then on. */
    static final String STORE = "store";
    /** The names of the writer's fields that hold the words. */
    static final List<String> FIELDS = List.of("words", "held");

    private static final ClassName RECORD_WORDS = ClassName.get(RecordWords.class);

    private final ClassName sdoName;

    WriterWords(ClassName sdoName) {
        this.sdoName = sdoName;
    }

    List<FieldSpec> fields() {
        return List.of(
                FieldSpec.builder(ArrayTypeName.of(TypeName.LONG), "words", Modifier.PRIVATE)
                        .addJavadoc("The bits of a new record, set here and stored by {@code done()}; made by the first\n"
                                + "{@code moveTo}.\n")
                        .build(),
                FieldSpec.builder(TypeName.BOOLEAN, "held", Modifier.PRIVATE)
                        .addJavadoc("Whether the setters write {@link #words}, not yet the buffer.\n")
                        .build());
    }

    /** The statements of {@code moveTo} that start a new record: all its words 0, held. */
    CodeBlock startHeld() {
        return CodeBlock.builder()
                .beginControlFlow("if (words == null)")
                .addStatement("words = new long[$T.wordsFor($T.BYTES)]", RECORD_WORDS, sdoName)
                .nextControlFlow("else")
                .addStatement("$T.fill(words, 0L)", Arrays.class)
                .endControlFlow()
                .addStatement("held = true")
                .build();
    }

    List<MethodSpec> methods() {
        MethodSpec put = MethodSpec.methodBuilder(PUT)
                .addModifiers(Modifier.PRIVATE)
                .addParameter(long.class, "offset")
                .addParameter(int.class, "width")
                .addParameter(long.class, "bits")
                .addJavadoc("Writes the low {@code width} bits of {@code bits} at bit {@code offset} of the record.\n")
                .beginControlFlow("if (held)")
                .addStatement("$T.set(words, offset, width, bits)", RECORD_WORDS)
                .nextControlFlow("else")
                .addStatement("$T.write(buffer, base, offset, width, bits)", JavaTypes.BIT_FIELDS)
                .endControlFlow()
                .build();
        MethodSpec putBit = MethodSpec.methodBuilder(PUT_BIT)
                .addModifiers(Modifier.PRIVATE)
                .addParameter(long.class, "offset")
                .addParameter(boolean.class, "bit")
                .addJavadoc("Writes one bit of the record: {@code 1} for true.\n")
                .addStatement("$N(offset, 1, bit ? 1 : 0)", PUT)
                .build();
        MethodSpec putZeros = MethodSpec.methodBuilder(PUT_ZEROS)
                .addModifiers(Modifier.PRIVATE)
                .addParameter(long.class, "offset")
                .addParameter(long.class, "bits")
                .addJavadoc("Sets {@code bits} bits of the record from bit {@code offset} to 0.\n")
                .beginControlFlow("if (held)")
                .addStatement("$T.clear(words, offset, bits)", RECORD_WORDS)
                .nextControlFlow("else")
                .addStatement("$T.clear(buffer, base, offset, bits)", JavaTypes.BIT_FIELDS)
                .endControlFlow()
                .build();
        MethodSpec store = MethodSpec.methodBuilder(STORE)
                .addModifiers(Modifier.PRIVATE)
                .addJavadoc("Stores the words held of a new record to its bytes, all of them at once; the setters\n"
                        + "write the buffer from then on.\n")
                .beginControlFlow("if (held)")
                .addStatement("$T.store(words, buffer, base, $T.BYTES)", RECORD_WORDS, sdoName)
                .addStatement("held = false")
                .endControlFlow()
                .build();
        return List.of(put, putBit, putZeros, store);
    }
}
