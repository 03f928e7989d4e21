package dev.sdo.compiler.property;

import dev.sdo.runtime.query.CharsField;
import dev.sdo.runtime.query.FloatField;
import dev.sdo.runtime.query.IntegerField;
import dev.sdo.runtime.query.Match;
import dev.sdo.runtime.query.OrderedField;
import dev.sdo.runtime.query.RecordField;
import dev.sdo.runtime.query.RecordPredicate;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;

/**
 * The generated {@code XFields} handles against the getters: every operator of every handle, with operands taken from
 * the records' own values (the edges of each range among them), their neighbours (one unit or one digit beyond the
 * field's precision away, outside the range at the edges) and values the field cannot hold, is tested on each
 * record's stored bits and must agree with the same comparison of the getter's value, as Java makes it: an absent
 * value matches no comparison and every {@code ne}, a default stands for an absent value.
 */
final class QueryChecks {
    private enum Op { EQ, NE, LT, LE, GT, GE, BETWEEN, IN }

    private final Function<String, AssertionError> fail;

    QueryChecks(Function<String, AssertionError> fail) {
        this.fail = fail;
    }

    void predicatesAgreeWithGetters(GeneratedRecord binding, List<RecordValue> values, Random random) {
        Class<?> handles;
        try {
            handles = Class.forName(binding.api.getName() + "Fields", true, binding.api.getClassLoader());
        } catch (ClassNotFoundException none) {
            return;
        }
        List<ByteBuffer> buffers = new ArrayList<>();
        List<Integer> offsets = new ArrayList<>();
        List<Object> sdos = new ArrayList<>();
        for (RecordValue value : values) {
            byte[] bytes = binding.toByteArray(binding.of(binding.newBean(value, null)));
            int offset = random.nextInt(3);
            ByteBuffer buffer = ByteBuffer.allocate(offset + bytes.length + Long.BYTES);
            buffer.put(offset, bytes);
            buffers.add(buffer);
            offsets.add(offset);
            sdos.add(binding.wrap(buffer, offset, bytes.length));
        }
        for (Field constant : handles.getFields()) {
            if (!Modifier.isStatic(constant.getModifiers()) || !RecordField.class.isAssignableFrom(constant.getType())) {
                continue;
            }
            RecordField<?> handle = (RecordField<?>) get(constant);
            int index = fieldIndex(binding, handle.name());
            boolean unsigned64 = binding.record.fields().get(index).type() instanceof TestType.FixedInt t
                    && t.unsigned64();
            List<Object> actual = new ArrayList<>();
            for (Object sdo : sdos) {
                actual.add(GeneratedRecord.call(binding.getter(index), sdo));
            }
            for (Object operand : operands(handle, actual, random)) {
                for (Op op : Op.values()) {
                    Object second = op == Op.BETWEEN || op == Op.IN ? pick(actual, operand, random) : null;
                    RecordPredicate<?> predicate = predicate(handle, op, operand, second);
                    if (predicate == null) {
                        continue;
                    }
                    // What a cluster's members run: the match after its compact form (Match.writeTo, readFrom).
                    Match sent = sent(predicate.match());
                    for (int r = 0; r < sdos.size(); r++) {
                        boolean expected = expected(op, actual.get(r), operand, second, unsigned64);
                        boolean got = predicate.test(buffers.get(r), offsets.get(r));
                        if (sent.test(buffers.get(r), offsets.get(r)) != got) {
                            throw fail.apply(binding.api.getSimpleName() + "Fields." + constant.getName() + " " + op
                                    + " " + operand + " answers otherwise after Match.writeTo and readFrom: "
                                    + predicate + " became " + sent);
                        }
                        if (got != expected) {
                            throw fail.apply(binding.api.getSimpleName() + "Fields." + constant.getName() + " "
                                    + op + " " + operand + (second != null ? ", " + second : "") + " on a record whose "
                                    + handle.name() + " is " + actual.get(r) + ": predicate " + got + ", getter "
                                    + expected + "\ncompiled: " + predicate);
                        }
                    }
                }
            }
            for (int r = 0; r < sdos.size(); r++) {
                boolean present = actual.get(r) != null;
                if (handle.isPresent().test(buffers.get(r), offsets.get(r)) != present) {
                    throw fail.apply(binding.api.getSimpleName() + "Fields." + constant.getName()
                            + ".isPresent() disagrees with the getter's " + actual.get(r));
                }
            }
        }
    }

    private static Match sent(Match match) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            match.writeTo(new DataOutputStream(bytes));
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
            Match read = Match.readFrom(in);
            if (in.available() != 0) {
                throw new AssertionError(match + ": " + in.available() + " bytes left after Match.readFrom");
            }
            return read;
        } catch (IOException e) {
            throw new AssertionError(match + " does not survive Match.writeTo and readFrom", e);
        }
    }

    private static Object get(Field constant) {
        try {
            return constant.get(null);
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    private int fieldIndex(GeneratedRecord binding, String name) {
        for (int i = 0; i < binding.record.fields().size(); i++) {
            if (binding.record.fields().get(i).name().equals(name)) {
                return i;
            }
        }
        throw fail.apply(binding.api.getSimpleName() + "Fields has a handle for " + name + ", a field it lacks");
    }

    /** The records' values, their neighbours, and values the field cannot hold, as the handle's operand type. */
    private static List<Object> operands(RecordField<?> handle, List<Object> actual, Random random) {
        Set<Object> operands = new LinkedHashSet<>();
        List<Object> present = actual.stream().filter(Objects::nonNull).toList();
        for (int i = 0; i < Math.min(4, present.size()); i++) {
            Object value = operand(handle, present.get(random.nextInt(present.size())));
            operands.add(value);
            operands.addAll(neighbours(value));
        }
        if (operands.isEmpty()) {
            operands.add(handle instanceof FloatField ? 0.0 : handle instanceof IntegerField ? 0L : null);
            operands.remove(null);
        }
        return new ArrayList<>(operands);
    }

    /** A getter's value as the handle takes it: every integer as a long, every float as a double. */
    private static Object operand(RecordField<?> handle, Object value) {
        if (handle instanceof IntegerField) {
            return ((Number) value).longValue();
        } else if (handle instanceof FloatField) {
            return ((Number) value).doubleValue();
        }
        return value;
    }

    private static List<Object> neighbours(Object value) {
        List<Object> near = new ArrayList<>();
        if (value instanceof Long n) {
            if (n != Long.MIN_VALUE) {
                near.add(n - 1);
            }
            if (n != Long.MAX_VALUE) {
                near.add(n + 1);
            }
        } else if (value instanceof BigDecimal d) {
            BigDecimal step = BigDecimal.ONE.movePointLeft(d.scale() + 1);
            near.add(d.add(step));
            near.add(d.subtract(step));
        } else if (value instanceof LocalDate d) {
            near.add(d.minusDays(1));
            near.add(d.plusDays(1));
        } else if (value instanceof LocalTime t) {
            near.add(t.plusNanos(1));
            near.add(t.minusNanos(1));
        } else if (value instanceof Instant t) {
            near.add(t.plusNanos(1));
            near.add(t.minusNanos(1));
        } else if (value instanceof LocalDateTime t) {
            near.add(t.plusNanos(1));
            near.add(t.minusNanos(1));
        } else if (value instanceof Double d) {
            near.add(Math.nextUp(d));
            near.add(-d);
        } else if (value instanceof String s) {
            // Longer than any char(n) the value fits: a string the field cannot hold.
            near.add(s + "~".repeat(80));
        }
        return near;
    }

    private static Object pick(List<Object> actual, Object fallback, Random random) {
        Object value = actual.get(random.nextInt(actual.size()));
        return value == null ? fallback : value;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static RecordPredicate<?> predicate(RecordField<?> handle, Op op, Object a, Object b) {
        if (handle instanceof FloatField f) {
            double x = (Double) a;
            return switch (op) {
                case EQ -> f.eq(x);
                case NE -> f.ne(x);
                case LT -> f.lt(x);
                case LE -> f.le(x);
                case GT -> f.gt(x);
                case GE -> f.ge(x);
                case BETWEEN -> f.between(x, ((Number) b).doubleValue());
                case IN -> null;
            };
        }
        OrderedField f = (OrderedField) handle;
        Object second = b == null ? null : operand(handle, b);
        // A char(n) of 64 bits has no order key at all (CharsField): only eq, ne and in.
        boolean unordered = a instanceof String s && (s.length() > Long.SIZE
                || handle instanceof CharsField && handle.bits().width() == Long.SIZE);
        if (unordered && op != Op.EQ && op != Op.NE && op != Op.IN) {
            // A bound no char(n) can hold has no place in its order: refused, not answered.
            try {
                f.lt(a);
            } catch (IllegalArgumentException refused) {
                return null;
            }
            throw new AssertionError("lt(" + a + ") was not refused");
        }
        return switch (op) {
            case EQ -> f.eq(a);
            case NE -> f.ne(a);
            case LT -> f.lt(a);
            case LE -> f.le(a);
            case GT -> f.gt(a);
            case GE -> f.ge(a);
            case BETWEEN -> f.between(a, second);
            case IN -> f.in(a, second);
        };
    }

    /** The comparison as Java makes it on the getter's value: null matches nothing but ne. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static boolean expected(Op op, Object actual, Object a, Object b, boolean unsigned64) {
        if (actual == null) {
            return op == Op.NE;
        }
        if (unsigned64) {
            // A uint64's long holds its bits: values compare unsigned.
            int c = Long.compareUnsigned((Long) actual, (Long) a);
            int d = b == null ? 0 : Long.compareUnsigned((Long) actual, ((Number) b).longValue());
            return switch (op) {
                case EQ -> c == 0;
                case NE -> c != 0;
                case LT -> c < 0;
                case LE -> c <= 0;
                case GT -> c > 0;
                case GE -> c >= 0;
                case BETWEEN -> c >= 0 && d <= 0;
                case IN -> c == 0 || d == 0;
            };
        }
        if (actual instanceof Number n && (actual instanceof Float || actual instanceof Double)) {
            double v = n.doubleValue();
            double x = (Double) a;
            return switch (op) {
                case EQ -> v == x;
                case NE -> v != x;
                case LT -> v < x;
                case LE -> v <= x;
                case GT -> v > x;
                case GE -> v >= x;
                case BETWEEN -> v >= x && v <= ((Number) b).doubleValue();
                case IN -> throw new AssertionError("no in for floats");
            };
        }
        Comparable value = actual instanceof Number n && !(actual instanceof BigDecimal) ? (Comparable) n.longValue()
                : (Comparable) actual;
        Object second = b instanceof Number n && !(b instanceof BigDecimal) ? n.longValue() : b;
        int c = value.compareTo(a);
        return switch (op) {
            case EQ -> c == 0;
            case NE -> c != 0;
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
            case BETWEEN -> c >= 0 && value.compareTo(second) <= 0;
            case IN -> c == 0 || value.compareTo(second) == 0;
        };
    }
}
