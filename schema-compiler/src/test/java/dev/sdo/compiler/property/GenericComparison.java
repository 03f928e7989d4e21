package dev.sdo.compiler.property;

import dev.sdo.runtime.generic.GenericList;
import dev.sdo.runtime.generic.GenericRecord;
import dev.sdo.runtime.generic.GenericUnion;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Compares what a generated getter returns with what the generic reader ({@link GenericRecord}) reads for the same
 * field, at any depth: nested records field by field, lists element by element, unions by the alternative held and
 * its value, everything else by value (integers as {@code Long}, characters and enums as {@code String}).
 */
final class GenericComparison {
    private final GeneratedSchema generated;

    GenericComparison(GeneratedSchema generated) {
        this.generated = generated;
    }

    /**
     * The first difference between {@code expected} (the generated getter's value of a field of {@code type}) and
     * {@code actual} (the generic reader's), described at {@code path}; null when they agree. {@code presenceTested}:
     * the field has a {@code hasX()} test, so that the generated getter returns a zero value where the generic reader
     * says absent.
     */
    String difference(TestType type, boolean presenceTested, Object expected, Object actual, String path) {
        if (actual == null) {
            boolean absentAlike = expected == null || presenceTested
                    || expected instanceof List<?> list && list.isEmpty();
            return absentAlike ? null : path + ": the generic reader reads nothing, the generated getter " + expected;
        }
        if (expected == null) {
            return path + ": the generic reader reads " + actual + ", the generated getter null";
        }
        if (type instanceof TestType.RecordRef ref) {
            return record(ref.type(), expected, actual, path);
        } else if (type instanceof TestType.UnionRef ref) {
            return union(ref.union(), expected, actual, path);
        } else if (type instanceof TestType.ListOf list) {
            if (!(actual instanceof GenericList elements) || elements.size() != ((List<?>) expected).size()) {
                return path + ": the generic reader reads " + actual + ", the generated getter " + expected;
            }
            for (int i = 0; i < elements.size(); i++) {
                String difference = difference(list.element(), false, ((List<?>) expected).get(i), elements.get(i),
                        path + "[" + i + "]");
                if (difference != null) {
                    return difference;
                }
            }
            return null;
        }
        Object value = type instanceof TestType.Unbounded ? expected : comparable(expected);
        boolean equal = value instanceof byte[] bytes ? actual instanceof byte[] read && Arrays.equals(bytes, read)
                : Objects.equals(value, actual);
        return equal ? null : path + ": the generic reader reads " + actual + ", the generated getter " + value;
    }

    private String record(TestRecord record, Object expected, Object actual, String path) {
        if (!(actual instanceof GenericRecord read)) {
            return path + ": the generic reader reads " + actual + ", not a record";
        }
        GeneratedRecord binding = generated.record(record);
        List<TestField> fields = record.fields();
        if (read.descriptor().fields().size() != fields.size()) {
            return path + ": the generic record has " + read.descriptor().fields().size() + " fields, "
                    + record.name() + " " + fields.size();
        }
        for (int f = 0; f < fields.size(); f++) {
            TestField field = fields.get(f);
            Object value = GeneratedRecord.call(binding.getter(f), expected);
            String difference = difference(field.type(), field.hasPresenceTest(), value,
                    read.has(f) ? read.get(f) : null, path + "." + field.name());
            if (difference != null) {
                return difference;
            }
            if (read.has(f) && read.get(f) instanceof Long number && read.getLong(f) != number) {
                return path + "." + field.name() + ": getLong reads " + read.getLong(f) + ", get " + number;
            }
        }
        return null;
    }

    private String union(TestUnion union, Object expected, Object actual, String path) {
        if (!(actual instanceof GenericUnion held)) {
            return path + ": the generic reader reads " + actual + ", not a union";
        }
        TestField alternative = union.alternatives().get(held.alternative());
        if (!alternative.name().equals(held.name())) {
            return path + ": the generic reader names alternative " + held.alternative() + " " + held.name()
                    + ", the schema " + alternative.name();
        }
        String at = path + "<" + held.name() + ">";
        if (union.abstractRecord() != null) {
            TestRecord concrete = ((TestType.RecordRef) alternative.type()).type();
            if (!generated.record(concrete).api.isInstance(expected)) {
                return at + ": the generated getter holds a " + expected.getClass().getSimpleName();
            }
            return record(concrete, expected, held.value(), at);
        }
        Object value = GeneratedRecord.call(generated.union(union).getter(held.alternative()), expected);
        if (value == null) {
            return at + ": the generated union holds another alternative than " + held.name();
        }
        return difference(alternative.type(), false, value, held.value(), at);
    }

    /** A generated getter's value as the generic reader gives it: integers as Long, enums and characters as String. */
    static Object comparable(Object value) {
        if (value instanceof Byte || value instanceof Short || value instanceof Integer
                || value instanceof java.math.BigInteger) {
            return ((Number) value).longValue();
        } else if (value instanceof Character c) {
            return c.toString();
        } else if (value instanceof Enum<?> constant) {
            return constant.name();
        } else if (value instanceof CharSequence text) {
            return text.toString();
        }
        return value;
    }
}
