package dev.sdo.compiler.property;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** The Java types the generated getters must have, from the spec's table and its {@code as} rules. */
final class JavaTypes {
    private JavaTypes() {}

    /** The {@code as} clauses that are legal on a type: integral types whose every value fits the target. */
    static List<TestField.JavaAs> legalOverrides(TestType type) {
        List<TestField.JavaAs> legal = new ArrayList<>();
        if (type instanceof TestType.Integral t && !(t instanceof TestType.FixedInt f && f.unsigned64())) {
            if (t.min() >= Integer.MIN_VALUE && t.max() <= Integer.MAX_VALUE) {
                legal.add(TestField.JavaAs.INT);
            }
            legal.add(TestField.JavaAs.LONG);
            legal.add(TestField.JavaAs.BIG_INTEGER);
            legal.add(TestField.JavaAs.QUALIFIED_BIG_INTEGER);
        }
        return legal;
    }

    /**
     * The getter's return type: boxed for an optional field.
     *
     * @param generated resolves a generated enum's or record interface's simple name
     */
    static Class<?> getterType(TestField field, Function<String, Class<?>> generated) {
        Class<?> type = valueType(field, generated);
        return field.optional() ? boxed(type) : type;
    }

    private static Class<?> valueType(TestField field, Function<String, Class<?>> generated) {
        switch (field.as()) {
            case INT:
                return int.class;
            case LONG:
                return long.class;
            case BIG_INTEGER:
            case QUALIFIED_BIG_INTEGER:
                return BigInteger.class;
            case NONE:
            default:
                break;
        }
        TestType type = field.type();
        if (type instanceof TestType.Bool) {
            return boolean.class;
        } else if (type instanceof TestType.FixedInt t) {
            if (!t.signed()) {
                return t.bits() >= 32 ? long.class : int.class;
            }
            return switch (t.bits()) {
                case 8 -> byte.class;
                case 16 -> short.class;
                case 32 -> int.class;
                default -> long.class;
            };
        } else if (type instanceof TestType.Range t) {
            boolean fitsInt = t.lo() >= Integer.MIN_VALUE && t.hi() <= Integer.MAX_VALUE;
            return fitsInt ? int.class : long.class;
        } else if (type instanceof TestType.Floating t) {
            return t.bits() == 32 ? float.class : double.class;
        } else if (type instanceof TestType.Decimal) {
            return BigDecimal.class;
        } else if (type instanceof TestType.Date) {
            return LocalDate.class;
        } else if (type instanceof TestType.Time) {
            return LocalTime.class;
        } else if (type instanceof TestType.Timestamp t) {
            return t.local() ? LocalDateTime.class : Instant.class;
        } else if (type instanceof TestType.Chars) {
            return String.class;
        } else if (type instanceof TestType.EnumRef t) {
            return generated.apply(t.type().name());
        } else if (type instanceof TestType.RecordRef t) {
            return generated.apply(t.type().name());
        } else if (type instanceof TestType.ListOf) {
            return java.util.List.class;
        } else if (type instanceof TestType.Str) {
            return String.class;
        } else if (type instanceof TestType.Blob) {
            return byte[].class;
        } else if (type instanceof TestType.UnionRef t) {
            return generated.apply(t.union().name()); // the union's interface, or the abstract record's
        } else if (type instanceof TestType.Unbounded t) {
            return t.integer() ? BigInteger.class : BigDecimal.class;
        }
        throw new IllegalArgumentException("unknown type " + type);
    }

    static Class<?> boxed(Class<?> type) {
        if (!type.isPrimitive()) {
            return type;
        } else if (type == boolean.class) {
            return Boolean.class;
        } else if (type == byte.class) {
            return Byte.class;
        } else if (type == short.class) {
            return Short.class;
        } else if (type == int.class) {
            return Integer.class;
        } else if (type == long.class) {
            return Long.class;
        } else if (type == float.class) {
            return Float.class;
        } else if (type == double.class) {
            return Double.class;
        }
        throw new IllegalArgumentException("unexpected primitive " + type);
    }

    /**
     * An integral value as the Java type of an integral field (without the loader: enum and record types are not
     * integral), or null when it does not fit that type.
     */
    static Object integralValue(TestField field, BigInteger value) {
        Class<?> type = boxed(valueType(field, name -> {
            throw new IllegalArgumentException("not integral: " + name);
        }));
        if (type == BigInteger.class) {
            return value;
        }
        if (value.bitLength() > 63) {
            return null;
        }
        long v = value.longValue();
        if (type == Long.class) {
            return v;
        } else if (type == Integer.class) {
            return v == (int) v ? Integer.valueOf((int) v) : null;
        } else if (type == Short.class) {
            return v == (short) v ? Short.valueOf((short) v) : null;
        } else if (type == Byte.class) {
            return v == (byte) v ? Byte.valueOf((byte) v) : null;
        }
        throw new IllegalArgumentException("not integral: " + field);
    }
}
