package dev.sdo.compiler.generate;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;

/**
 * A Java expression of a primitive type, with what it takes to use it inside a larger expression.
 *
 * @param code the expression
 * @param type its type
 * @param compound whether it has a top-level operator and so needs parentheses as an operand
 */
record Raw(CodeBlock code, TypeName type, boolean compound) {

    /** The expression ready to be an operand: parenthesised when compound. */
    CodeBlock operand() {
        return compound ? CodeBlock.of("($L)", code) : code;
    }

    /** The expression converted to {@code target} by a cast, or as it is when it already has that type. */
    CodeBlock as(TypeName target) {
        return type.equals(target) ? code : CodeBlock.of("($T) $L", target, operand());
    }
}
