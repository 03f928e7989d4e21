package dev.sdo.compiler.model;

import dev.sdo.compiler.ast.TypeNode;
import dev.sdo.compiler.ast.TypeNode.IntegerLiteral;
import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.diagnostics.SourcePosition;
import dev.sdo.compiler.model.FieldType.DateType;
import dev.sdo.runtime.TimePrecision;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;

/**
 * Turns a field's written type into its model type: type words, literals converted (integers that do not fit,
 * dates that do not exist are reported), alphabets expanded, names resolved in the file's scope. Limits that the
 * model can hold (lo &lt; hi, p &lt;= 18, ...) are the checker's.
 */
final class TypeMapper {
    private static final DateTimeFormatter STRICT_DATE =
            DateTimeFormatter.ofPattern("uuuu-MM-dd").withResolverStyle(ResolverStyle.STRICT);

    private final Diagnostics diagnostics;

    TypeMapper(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** The model type of a written type, or null when it does not resolve (reported). */
    FieldType map(TypeNode node, Scope scope) {
        SourcePosition position = node.position();
        if (node instanceof TypeNode.Builtin builtin) {
            return builtin(builtin.word(), position);
        } else if (node instanceof TypeNode.Range range) {
            Long lo = int64(range.lo());
            Long hi = int64(range.hi());
            return lo == null || hi == null ? null
                    : new FieldType.RangeType(lo, hi, position, range.lo().position(), range.hi().position());
        } else if (node instanceof TypeNode.Decimal decimal) {
            Integer precision = int32(decimal.precision(), Limits.precisionOutOfRange(decimal.precision().text()));
            Integer scale = int32(decimal.scale(),
                    Limits.scaleOutOfRange(decimal.scale().text(), decimal.precision().text()));
            return precision == null || scale == null ? null
                    : new FieldType.DecimalType(decimal.signed(), precision, scale, position,
                            decimal.precision().position(), decimal.scale().position());
        } else if (node instanceof TypeNode.DateRange range) {
            LocalDate lo = date(range.lo());
            LocalDate hi = date(range.hi());
            return lo == null || hi == null ? null
                    : new DateType(lo, hi, true, position, range.lo().position(), range.hi().position());
        } else if (node instanceof TypeNode.TimeUnits time) {
            return timeUnits(time);
        } else if (node instanceof TypeNode.Char chars) {
            return charType(chars);
        } else if (node instanceof TypeNode.ListOf list) {
            FieldType element = map(list.element(), scope);
            return element == null ? null : new FieldType.ListType(element, position);
        } else if (node instanceof TypeNode.Named named) {
            return named(named, scope);
        }
        throw new IllegalStateException("unhandled type node " + node);
    }

    private static FieldType builtin(String word, SourcePosition position) {
        IntegerKind kind = IntegerKind.bySchemaName(word);
        if (kind != null) {
            return new FieldType.IntegerType(kind, position);
        }
        switch (word) {
            case "bool":
                return new FieldType.BoolType(position);
            case "float32":
                return new FieldType.FloatType(32, position);
            case "float64":
                return new FieldType.FloatType(64, position);
            case "date":
                return new DateType(DateType.MIN, DateType.MAX, false, position, position, position);
            case "time":
                return new FieldType.TimeType(position);
            case "timestamp":
                return new FieldType.TimestampType(position);
            case "string":
                return new FieldType.StringType(position);
            case "bytes":
                return new FieldType.BytesType(position);
            case "decimal":
                return new FieldType.BigDecimalType(position);
            case "integer":
                return new FieldType.BigIntegerType(position);
            default:
                throw new IllegalStateException("the grammar admits no type word " + word);
        }
    }

    /** {@code time(unit)}, {@code timestamp(unit[, lo..hi])}, {@code localtimestamp[(unit[, lo..hi])]}. */
    private FieldType timeUnits(TypeNode.TimeUnits node) {
        TimePrecision precision = TimePrecision.MILLIS;
        if (node.unit() != null) {
            precision = TimePrecision.bySymbol(node.unit().value());
            if (precision == null) {
                diagnostics.error(node.unit().position(), "unknown time unit '" + node.unit().value()
                        + "'; allowed: ms, us, ns");
                return null;
            }
        }
        if (node.word().equals("time")) {
            if (node.lo() != null) {
                diagnostics.error(node.lo().position(), "a time has no range: time(unit) holds every time of day");
                return null;
            }
            return new FieldType.TimeType(precision, node.position());
        }
        boolean local = node.word().equals("localtimestamp");
        if (node.lo() == null) {
            return new FieldType.TimestampType(precision, local, null, null, node.position(), node.position(),
                    node.position());
        }
        LocalDate lo = date(node.lo());
        LocalDate hi = date(node.hi());
        return lo == null || hi == null ? null : new FieldType.TimestampType(precision, local, lo, hi,
                node.position(), node.lo().position(), node.hi().position());
    }

    private FieldType charType(TypeNode.Char chars) {
        Integer length = int32(chars.length(), Limits.charLengthOutOfRange(chars.length().text()));
        if (length == null) {
            return null;
        } else if (chars.alphabet() == null) {
            // No alphabet string: the position of the type stands in for it.
            return new FieldType.CharType(length, FieldType.CharType.PRINTABLE_ASCII, null, chars.position(),
                    chars.length().position(), chars.position());
        }
        return new FieldType.CharType(length, Alphabets.expand(chars.alphabet().value()), chars.alphabet().value(),
                chars.position(), chars.length().position(), chars.alphabet().position());
    }

    private FieldType named(TypeNode.Named named, Scope scope) {
        DeclaredType declared = scope.lookUp(named.name());
        if (declared == null) {
            DeclaredType elsewhere = scope.elsewhere(named.name());
            if (elsewhere != null) {
                diagnostics.error(named.position(), "unknown type '" + named.name() + "': " + elsewhere.name()
                        + " is declared in " + elsewhere.file().name() + ", which this file does not import");
            } else if (!scope.incomplete()) {
                diagnostics.error(named.position(), "unknown type '" + named.name() + "'");
            }
            return null;
        }
        if (declared.isEnum()) {
            return new FieldType.EnumRef(declared.name(), named.position());
        }
        return declared.isUnion() ? new FieldType.UnionRef(declared.name(), named.position())
                : new FieldType.RecordRef(declared.name(), named.position());
    }

    private Long int64(IntegerLiteral literal) {
        if (literal.value().bitLength() > 63) {
            diagnostics.error(literal.position(), "integer " + literal.text() + " is out of range: bounds of "
                    + "int(lo..hi) must be within int64 (" + Long.MIN_VALUE + ".." + Long.MAX_VALUE + ")");
            return null;
        }
        return literal.value().longValue();
    }

    private Integer int32(IntegerLiteral literal, String outOfRange) {
        if (literal.value().bitLength() > 31) {
            diagnostics.error(literal.position(), outOfRange);
            return null;
        }
        return literal.value().intValue();
    }

    private LocalDate date(TypeNode.Literal literal) {
        LocalDate date;
        try {
            date = LocalDate.parse(literal.value(), STRICT_DATE);
        } catch (DateTimeParseException e) {
            diagnostics.error(literal.position(), "invalid date " + literal.value());
            return null;
        }
        if (date.isBefore(DateType.MIN) || date.isAfter(DateType.MAX)) {
            diagnostics.error(literal.position(), "date " + literal.value() + " is out of range "
                    + DateType.MIN + ".." + DateType.MAX);
            return null;
        }
        return date;
    }
}
