package dev.sdo.compiler.property;

import java.util.List;
import java.util.Objects;

/**
 * Compares what a generated object's getters return with a {@link RecordValue}: floats and doubles by raw bits
 * (NaN payloads must survive), decimals with their scale, enums by ordinal and name, nested records field by field,
 * unions by {@code which()} and every alternative's getter, a field of an abstract record by its concrete class.
 */
final class ContentCheck {
    private ContentCheck() {}

    /** The first difference, as a readable sentence, or null when every getter returns the expected value. */
    static String firstDifference(GeneratedRecord generated, Object actual, RecordValue expected, String path) {
        if (!generated.api.isInstance(actual)) {
            return path + ": " + actual + " is not a " + generated.api.getName();
        }
        var fields = expected.record().fields();
        for (int i = 0; i < fields.size(); i++) {
            TestField field = fields.get(i);
            String where = path + "." + field.name();
            Object want = expected.value(i);
            Object got;
            try {
                got = GeneratedRecord.call(generated.getter(i), actual);
                if (field.hasPresenceTest()) {
                    boolean present = (Boolean) GeneratedRecord.call(generated.presence(i), actual);
                    if (present != (want != null)) {
                        return where + ": " + field.hasName() + "() is " + present + ", expected " + (want != null);
                    }
                }
            } catch (RuntimeException e) {
                return where + ": getter threw " + e;
            }
            String difference = difference(generated, field, got, want, where);
            if (difference != null) {
                return difference;
            }
        }
        return null;
    }

    private static String difference(GeneratedRecord generated, TestField field, Object got, Object want,
            String where) {
        if (want == null || got == null) {
            return want == got ? null : where + ": got " + got + ", expected " + want;
        }
        if (want instanceof RecordValue.UnionValue union) {
            return unionDifference(generated, got, union, where);
        }
        if (want instanceof RecordValue nested) {
            TestType.RecordRef ref = (TestType.RecordRef) field.type();
            return firstDifference(generated.nestedBinding(ref.type()), got, nested, where);
        }
        if (want instanceof List<?> wantList) {
            if (!(got instanceof List<?> gotList) || gotList.size() != wantList.size()) {
                return where + ": got " + got + ", expected " + want;
            }
            TestField element = ((TestType.ListOf) field.type()).elementField(field.name());
            for (int i = 0; i < wantList.size(); i++) {
                String difference = difference(generated, element, gotList.get(i), wantList.get(i),
                        where + "[" + i + "]");
                if (difference != null) {
                    return difference;
                }
            }
            return null;
        }
        boolean same;
        if (want instanceof Float f) {
            same = got instanceof Float g && Float.floatToRawIntBits(f) == Float.floatToRawIntBits(g);
        } else if (want instanceof Double d) {
            same = got instanceof Double g && Double.doubleToRawLongBits(d) == Double.doubleToRawLongBits(g);
        } else if (want instanceof byte[] blob) {
            same = got instanceof byte[] g && java.util.Arrays.equals(blob, g);
        } else if (want instanceof RecordValue.EnumValue e) {
            same = got instanceof Enum<?> g && g.ordinal() == e.ordinal() && g.name().equals(e.constant());
        } else {
            same = Objects.equals(got, want); // BigDecimal.equals includes the scale, as the spec requires
        }
        return same ? null : where + ": got " + describe(got) + ", expected " + describe(want);
    }

    private static String unionDifference(GeneratedRecord generated, Object got, RecordValue.UnionValue want,
            String where) {
        if (want.union().abstractRecord() != null) {
            RecordValue concrete = (RecordValue) want.value();
            GeneratedRecord binding = generated.nestedBinding(concrete.record());
            if (got.getClass() != binding.sdo && got.getClass() != binding.bean) {
                return where + ": got a " + got.getClass().getName() + ", expected a " + binding.sdo.getName()
                        + " (or its bean) for " + want;
            }
            return firstDifference(binding, got, concrete, where + "(" + concrete.record().name() + ")");
        }
        GeneratedUnion union = generated.unionBinding(want.union());
        if (!union.api.isInstance(got)) {
            return where + ": " + got + " is not a " + union.api.getName();
        }
        Object kind;
        try {
            kind = GeneratedRecord.call(union.which, got);
        } catch (RuntimeException e) {
            return where + ": which() threw " + e;
        }
        if (!(kind instanceof Enum<?> k) || k.ordinal() != want.alternative()) {
            return where + ": which() is " + kind + ", expected the alternative " + want.field().name() + " (ordinal "
                    + want.alternative() + ")";
        }
        var alternatives = want.union().alternatives();
        for (int j = 0; j < alternatives.size(); j++) {
            String at = where + "." + alternatives.get(j).name();
            Object value;
            try {
                value = GeneratedRecord.call(union.getter(j), got);
            } catch (RuntimeException e) {
                return at + ": getter threw " + e;
            }
            if (j != want.alternative()) {
                if (value != null) {
                    return at + ": got " + describe(value) + " for an alternative that is not present (" + want + ")";
                }
                continue;
            }
            if (value == null) {
                return at + ": got null for the present alternative (" + want + ")";
            }
            String difference = difference(generated, alternatives.get(j), value, want.value(), at);
            if (difference != null) {
                return difference;
            }
        }
        return null;
    }

    private static String describe(Object value) {
        if (value instanceof Float f) {
            return f + " (bits 0x" + Integer.toHexString(Float.floatToRawIntBits(f)) + ")";
        } else if (value instanceof Double d) {
            return d + " (bits 0x" + Long.toHexString(Double.doubleToRawLongBits(d)) + ")";
        } else if (value instanceof String s) {
            return '"' + s + '"';
        } else if (value instanceof byte[] blob) {
            return "bytes " + RecordValue.hex(blob);
        }
        return value + " (" + value.getClass().getSimpleName() + ")";
    }
}
