package dev.sdo.compiler.generate;

import com.palantir.javapoet.CodeBlock;
import dev.sdo.compiler.layout.Encoding;

/**
 * The code that reads, writes and sizes the data of {@code decimal} and {@code integer} without bounds, through the
 * runtime's {@code BigNumbers}: the same calls wherever such a value is stored (a field, a list element, a union's
 * alternative).
 */
final class BigNumberCode {
    private BigNumberCode() {}

    /** Whether {@code type} is one of the two. */
    static boolean applies(Encoding type) {
        return type instanceof Encoding.AnyDecimal || type instanceof Encoding.AnyInteger;
    }

    private static String kind(Encoding type) {
        return type instanceof Encoding.AnyDecimal ? "decimal" : "integer";
    }

    /** The value stored in bytes {@code start .. end - 1} after {@code base}. */
    static CodeBlock read(Encoding type, CodeBlock name, String base, CodeBlock start, CodeBlock end) {
        return CodeBlock.of("$T.$L($L, buffer, $N, $L, $L)", JavaTypes.BIG_NUMBERS, kind(type), name, base, start,
                end);
    }

    /** Writes {@code value} at byte {@code index} of {@code buffer}: an int expression, the bytes written. */
    static CodeBlock write(Encoding type, CodeBlock value, CodeBlock index) {
        return CodeBlock.of("$T.write$L(buffer, $L, $L)", JavaTypes.BIG_NUMBERS, GeneratedNames.capitalized(kind(type)), index,
                value);
    }

    /** The bytes {@code value} takes (0 for null). */
    static CodeBlock length(Encoding type, CodeBlock value) {
        return CodeBlock.of("$T.$LLength($L)", JavaTypes.BIG_NUMBERS, kind(type), value);
    }
}
