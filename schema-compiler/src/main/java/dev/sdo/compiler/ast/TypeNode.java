package dev.sdo.compiler.ast;

import dev.sdo.compiler.diagnostics.SourcePosition;
import java.math.BigInteger;

/** A field's type as written, before names are resolved and literals range-checked. */
public sealed interface TypeNode {

    /** The position of the type's first token. */
    SourcePosition position();

    /** A type word without arguments: {@code bool}, {@code int32}, {@code date}, {@code string}, ... */
    record Builtin(String word, SourcePosition position) implements TypeNode {}

    /** {@code int(lo..hi)}. */
    record Range(IntegerLiteral lo, IntegerLiteral hi, SourcePosition position) implements TypeNode {}

    /** {@code decimal(p, s)} or {@code udecimal(p, s)}. */
    record Decimal(boolean signed, IntegerLiteral precision, IntegerLiteral scale, SourcePosition position)
            implements TypeNode {}

    /** {@code date(lo..hi)}; the literals are checked to be real dates later. */
    record DateRange(Literal lo, Literal hi, SourcePosition position) implements TypeNode {}

    /**
     * {@code time(unit)}, {@code timestamp(unit)}, {@code timestamp(unit, lo..hi)}, {@code localtimestamp} and its
     * forms with a unit and range: {@code unit} null for a {@code localtimestamp} without one, {@code lo} and
     * {@code hi} null without a range. A plain {@code time} or {@code timestamp} is a {@link Builtin}.
     */
    record TimeUnits(String word, Literal unit, Literal lo, Literal hi, SourcePosition position) implements TypeNode {}

    /** {@code char(n)} (alphabet null) or {@code char(n, "alphabet")}. */
    record Char(IntegerLiteral length, Literal alphabet, SourcePosition position) implements TypeNode {}

    /** {@code list<T>}. */
    record ListOf(TypeNode element, SourcePosition position) implements TypeNode {}

    /** The name of an enum or record. */
    record Named(String name, SourcePosition position) implements TypeNode {}

    /** An integer literal, of any size (range checks come later). */
    record IntegerLiteral(BigInteger value, String text, SourcePosition position) {}

    /** A date or string literal's value (string escapes already resolved), with its position. */
    record Literal(String value, SourcePosition position) {}
}
