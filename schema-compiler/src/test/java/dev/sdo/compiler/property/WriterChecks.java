package dev.sdo.compiler.property;

import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The generated {@code XWriter} of every record, against {@code XSdo.of}: a record written through the writer's
 * setters, in a random order (its variable-length fields in declaration order among them) and from random forms
 * (the value, or a decimal's unscaled long, a date's epoch day), has exactly the bytes of {@code of(bean)}, touches
 * no byte around it, and is then updated in place to another value (a record with variable-length data: its fixed
 * fields to another record's, its variable-length ones rewritten with the same data); every value {@code of}
 * refuses, each setter refuses with the same message.
 */
final class WriterChecks {
    private final Function<String, AssertionError> fail;

    /** @param fail makes the failure of a check, naming the schema */
    WriterChecks(Function<String, AssertionError> fail) {
        this.fail = fail;
    }

    /** The writer's class of {@code binding}'s record, which every record has. */
    Class<?> writerClass(GeneratedRecord binding) {
        try {
            return Class.forName(binding.api.getName() + "Writer", true, binding.api.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw fail.apply(binding.api.getSimpleName() + " has no writer");
        }
    }

    /**
     * Writes {@code value} through a writer at an odd offset of a buffer full of other bytes, then {@code next}
     * over it through {@code update}; each time the record's bytes must be those of {@code of(bean)}.
     */
    void writesTheBytesOfOf(GeneratedRecord binding, RecordValue value, RecordValue next, Random random) {
        Class<?> writer = writerClass(binding);
        byte[] expected = binding.toByteArray(binding.of(binding.newBean(value, null)));
        int offset = 1 + 2 * random.nextInt(5);
        byte[] noise = new byte[offset + expected.length + 9];
        random.nextBytes(noise);
        ByteBuffer buffer = ByteBuffer.wrap(noise.clone());
        Object w = GeneratedRecord.call(method(writer, "wrap", ByteBuffer.class, int.class), null, buffer, offset);
        setAll(writer, w, binding, value, random, false);
        Object size = GeneratedRecord.call(method(writer, "done"), w);
        compare(binding, "wrap, setters, done", value, buffer, offset, expected, noise);
        if (binding.record.variableLength() && !Integer.valueOf(expected.length).equals(size)) {
            throw fail.apply(writer.getSimpleName() + ".done() gave the size " + size + ", of(bean) has "
                    + expected.length + " bytes\nvalue: " + value.describe());
        }
        if (binding.record.variableLength()) {
            next = fixedFieldsOf(next, value);
        }

        byte[] nextExpected = binding.toByteArray(binding.of(binding.newBean(next, null)));
        Object updater = update(writer, binding, buffer, offset, expected.length);
        setAll(writer, updater, binding, next, random, true);
        compare(binding, "update over another record", next, buffer, offset, nextExpected, noise);
    }

    /**
     * {@code XWriter.update} of the record of {@code size} bytes at {@code offset}: a compact record's takes its size,
     * which it does not hold (docs/record-format.md 8.2); any other finds it in the record.
     */
    private Object update(Class<?> writer, GeneratedRecord binding, ByteBuffer buffer, int offset, int size) {
        if (binding.record.compactLayout()) {
            return GeneratedRecord.call(method(writer, "update", ByteBuffer.class, int.class, int.class), null, buffer,
                    offset, size);
        }
        return GeneratedRecord.call(method(writer, "update", ByteBuffer.class, int.class), null, buffer, offset);
    }

    /**
     * {@code next}'s fixed fields and {@code value}'s variable-length ones: what a record written as {@code value}
     * becomes in place, where its data keeps its sizes.
     */
    private static RecordValue fixedFieldsOf(RecordValue next, RecordValue value) {
        List<Object> mixed = new ArrayList<>();
        for (int i = 0; i < value.values().size(); i++) {
            boolean variable = TestType.variableLength(value.record().fields().get(i).type());
            mixed.add(variable ? value.value(i) : next.value(i));
        }
        return new RecordValue(value.record(), mixed);
    }

    /**
     * Each field's setters given {@code value}'s fields, in a random order, but for a new record ({@code overOther}
     * false) the variable-length fields in declaration order among them; absent fields cleared or skipped.
     */
    private void setAll(Class<?> writer, Object w, GeneratedRecord binding, RecordValue value, Random random,
            boolean overOther) {
        Object bean = binding.newBean(value, null);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < binding.record.fields().size(); i++) {
            order.add(i);
        }
        Collections.shuffle(order, random);
        if (!overOther) {
            inDeclarationOrder(order, i -> TestType.variableLength(binding.record.fields().get(i).type()));
        }
        for (int i : order) {
            TestField field = binding.record.fields().get(i);
            Object fieldValue = GeneratedRecord.call(binding.getter(i), bean);
            boolean absent = field.hasPresenceTest() && !(Boolean) GeneratedRecord.call(binding.presence(i), bean);
            if (absent) {
                if (overOther || random.nextBoolean()) {
                    GeneratedRecord.call(method(writer, "clear" + capitalized(field.name())), w);
                }
                continue;
            }
            if (field.type() instanceof TestType.Decimal t && random.nextBoolean()) {
                long unscaled = ((BigDecimal) fieldValue).setScale(t.scale()).unscaledValue().longValueExact();
                GeneratedRecord.call(method(writer, field.name() + "Unscaled", long.class), w, unscaled);
            } else if (field.type() instanceof TestType.Date && random.nextBoolean()) {
                int epochDay = Math.toIntExact(((LocalDate) fieldValue).toEpochDay());
                GeneratedRecord.call(method(writer, field.name() + "EpochDay", int.class), w, epochDay);
            } else if (field.type() instanceof TestType.Timestamp t && random.nextBoolean()) {
                long count = ReferenceEncoder.epochCount(t, fieldValue).longValueExact();
                GeneratedRecord.call(method(writer, field.name() + epochCount(t), long.class), w, count);
            } else if (overOther && binding.record.compactLayout() && TestType.variableLength(field.type())) {
                setShareable(binding, field, () -> GeneratedRecord.call(setter(writer, field), w, fieldValue),
                        fieldValue);
            } else {
                GeneratedRecord.call(setter(writer, field), w, fieldValue);
            }
        }
    }

    /**
     * Sets a variable-length field of a compact record in place, to the data it has: a string field that may be a
     * shared string's target or a reference (4 to 67 bytes of UTF-8), or a field that may hold such strings, is
     * refused then (docs/record-format.md, section 8.6), and keeps its data; a string of other lengths is not.
     */
    private void setShareable(GeneratedRecord binding, TestField field, Runnable set, Object value) {
        try {
            set.run();
        } catch (IllegalStateException refused) {
            int length = value instanceof String text ? text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length
                    : -1;
            boolean shareable = field.type() instanceof TestType.Str ? length >= 4 && length <= 67
                    : !(TestType.innermost(field.type()) instanceof TestType.Str);
            if (!shareable || !String.valueOf(refused.getMessage()).contains("section 8.6")) {
                throw fail.apply(binding.api.getSimpleName() + "Writer." + field.name() + " refused in place: "
                        + refused.getMessage());
            }
        }
    }

    /** Puts the indexes {@code variable} accepts into ascending order in the places they hold in {@code order}. */
    private static void inDeclarationOrder(List<Integer> order, java.util.function.IntPredicate variable) {
        List<Integer> places = new ArrayList<>();
        List<Integer> fields = new ArrayList<>();
        for (int place = 0; place < order.size(); place++) {
            if (variable.test(order.get(place))) {
                places.add(place);
                fields.add(order.get(place));
            }
        }
        Collections.sort(fields);
        for (int i = 0; i < places.size(); i++) {
            order.set(places.get(i), fields.get(i));
        }
    }

    private void compare(GeneratedRecord binding, String how, RecordValue value, ByteBuffer buffer, int offset,
            byte[] expected, byte[] noise) {
        byte[] all = buffer.array();
        byte[] actual = Arrays.copyOfRange(all, offset, offset + expected.length);
        if (!Arrays.equals(actual, expected)) {
            throw fail.apply(binding.api.getSimpleName() + "Writer (" + how + ") wrote " + RecordValue.hex(actual)
                    + ", of(bean) " + RecordValue.hex(expected) + "\nvalue: " + value.describe());
        }
        if (!Arrays.equals(all, 0, offset, noise, 0, offset)
                || !Arrays.equals(all, offset + expected.length, all.length, noise, offset + expected.length,
                        noise.length)) {
            throw fail.apply(binding.api.getSimpleName() + "Writer (" + how + ") changed bytes outside its record"
                    + "\nvalue: " + value.describe());
        }
    }

    /**
     * Every invalid value of every field ({@link InvalidValues}), given to the field's setter and, for decimals and
     * dates whose invalid value has a primitive form, to the primitive setter: refused with the message of
     * {@code of}, and the record's bytes left as they were.
     */
    void refusesWhatOfRefuses(GeneratedRecord binding, RecordValue base) {
        Class<?> writer = writerClass(binding);
        Object bean = binding.newBean(base, null);
        byte[] written = binding.toByteArray(binding.of(bean));
        for (int i = 0; i < binding.record.fields().size(); i++) {
            TestField field = binding.record.fields().get(i);
            Method setter = setter(writer, field);
            for (InvalidValues.Invalid invalid : InvalidValues.of(field)) {
                if (invalid.value() == null && setter.getParameterTypes()[0].isPrimitive()) {
                    continue;
                }
                String what = binding.api.getSimpleName() + "Writer." + field.name() + "(" + invalid.value() + ") ["
                        + invalid.why() + "]";
                expectSameRefusal(binding, bean, i, invalid.value(), writer, written, what,
                        w -> GeneratedRecord.call(setter, w, invalid.value()));
                if (invalid.value() instanceof BigDecimal decimal && field.type() instanceof TestType.Decimal t) {
                    BigDecimal scaled = exactlyAtScale(decimal, t.scale());
                    if (scaled != null) {
                        expectSameRefusal(binding, bean, i, scaled, writer, written,
                                what + " as " + field.name() + "Unscaled(" + scaled.unscaledValue() + ")",
                                w -> GeneratedRecord.call(method(writer, field.name() + "Unscaled", long.class), w,
                                        scaled.unscaledValue().longValueExact()));
                    }
                } else if (field.type() instanceof TestType.Timestamp t && (t.bounded() || t.local() || t.digits() != 3)
                        && exactCount(t, invalid.value()) != null) {
                    long count = exactCount(t, invalid.value());
                    expectSameRefusal(binding, bean, i, invalid.value(), writer, written,
                            what + " as " + field.name() + epochCount(t) + "(" + count + ")",
                            w -> GeneratedRecord.call(method(writer, field.name() + epochCount(t), long.class), w,
                                    count));
                } else if (invalid.value() instanceof LocalDate date) {
                    expectSameRefusal(binding, bean, i, date, writer, written,
                            what + " as " + field.name() + "EpochDay(" + date.toEpochDay() + ")",
                            w -> GeneratedRecord.call(method(writer, field.name() + "EpochDay", int.class), w,
                                    Math.toIntExact(date.toEpochDay())));
                }
            }
        }
    }

    /** The primitive setter's suffix of a timestamp: {@code EpochMilli}, {@code EpochMicros}, {@code EpochNanos}. */
    private static String epochCount(TestType.Timestamp t) {
        return switch (t.digits()) {
            case 3 -> "EpochMilli";
            case 6 -> "EpochMicros";
            default -> "EpochNanos";
        };
    }

    /** A timestamp's units since the epoch when they are whole and fit a long (its primitive form); else null. */
    private static Long exactCount(TestType.Timestamp t, Object value) {
        if (value == null) {
            return null;
        }
        try {
            BigInteger count = ReferenceEncoder.epochCount(t, value);
            return count.bitLength() < Long.SIZE ? count.longValue() : null;
        } catch (IllegalArgumentException | ArithmeticException finer) {
            return null;
        }
    }

    /** {@code decimal} at {@code scale} when it has no more decimals and its unscaled value fits a long; else null. */
    private static BigDecimal exactlyAtScale(BigDecimal decimal, int scale) {
        try {
            BigDecimal scaled = decimal.setScale(scale);
            return scaled.unscaledValue().bitLength() < Long.SIZE ? scaled : null;
        } catch (ArithmeticException needsRounding) {
            return null;
        }
    }

    private void expectSameRefusal(GeneratedRecord binding, Object bean, int index, Object invalid, Class<?> writer,
            byte[] written, String what, Consumer<Object> set) {
        String ofMessage;
        try {
            binding.of(SchemaChecks.withField(binding, bean, index, invalid));
            throw fail.apply("of() accepted the value of " + what);
        } catch (IllegalArgumentException refused) {
            ofMessage = refused.getMessage();
        }
        // A variable-length field is given its invalid value in a new record: in place, a value of another size is
        // refused for that (IllegalStateException) before its check.
        boolean variable = TestType.variableLength(binding.record.fields().get(index).type());
        ByteBuffer buffer = variable ? ByteBuffer.allocate(written.length + (1 << 16)) : ByteBuffer.wrap(written.clone());
        Object w = variable ? GeneratedRecord.call(method(writer, "wrap", ByteBuffer.class, int.class), null, buffer, 0)
                : update(writer, binding, buffer, 0, written.length);
        try {
            set.accept(w);
        } catch (IllegalArgumentException refused) {
            if (!ofMessage.equals(refused.getMessage())) {
                throw fail.apply(what + " refused with \"" + refused.getMessage() + "\", of() with \"" + ofMessage
                        + "\"");
            }
            if (!variable && !Arrays.equals(buffer.array(), written) && !(TestType.innermost(binding.record.fields()
                    .get(index).type()) instanceof TestType.RecordRef)) {
                throw fail.apply(what + " refused, but changed the record to " + RecordValue.hex(buffer.array())
                        + " from " + RecordValue.hex(written));
            }
            return;
        } catch (RuntimeException other) {
            throw new AssertionError(what + " threw " + other + ", expected an IllegalArgumentException", other);
        }
        throw fail.apply(what + " was accepted, of() refuses it with \"" + ofMessage + "\"");
    }

    private Method setter(Class<?> writer, TestField field) {
        for (Method method : writer.getMethods()) {
            if (method.getName().equals(field.name()) && method.getParameterCount() == 1
                    && method.getReturnType() == writer) {
                return method;
            }
        }
        throw fail.apply(writer.getSimpleName() + " has no setter " + field.name());
    }

    private Method method(Class<?> type, String name, Class<?>... parameters) {
        try {
            return type.getMethod(name, parameters);
        } catch (NoSuchMethodException e) {
            throw fail.apply(type.getSimpleName() + " has no " + name + Arrays.toString(parameters));
        }
    }

    private static String capitalized(String name) {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }
}
