package dev.sdo.compiler.property;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A value of a generated record in the test's terms: one entry per field in declaration order, each of the Java
 * type the field's getter returns (boxed), null for an absent optional field, an {@link EnumValue} for an enum
 * constant, a nested {@code RecordValue} for a nested record and a {@link UnionValue} for a union.
 */
record RecordValue(TestRecord record, List<Object> values) {

    RecordValue {
        values = Collections.unmodifiableList(new ArrayList<>(values)); // List.copyOf refuses the nulls of absent fields
    }

    Object value(int field) {
        return values.get(field);
    }

    /** A readable rendering for failure messages. */
    String describe() {
        StringBuilder text = new StringBuilder(record.name()).append(" {");
        for (int i = 0; i < values.size(); i++) {
            text.append(i == 0 ? " " : ", ").append(record.fields().get(i).name()).append(" = ");
            Object value = values.get(i);
            if (value instanceof RecordValue nested) {
                text.append(nested.describe());
            } else if (value instanceof UnionValue union) {
                text.append(union);
            } else if (value instanceof String s) {
                text.append('"').append(s).append('"');
            } else if (value instanceof byte[] blob) {
                text.append('[').append(hex(blob)).append(']');
            } else if (value instanceof Float f) {
                text.append(f).append(" (0x").append(Integer.toHexString(Float.floatToRawIntBits(f))).append(')');
            } else if (value instanceof Double d) {
                text.append(d).append(" (0x").append(Long.toHexString(Double.doubleToRawLongBits(d))).append(')');
            } else {
                text.append(value);
            }
        }
        return text.append(" }").toString();
    }

    static String hex(byte[] bytes) {
        StringBuilder text = new StringBuilder();
        for (byte b : bytes) {
            text.append(String.format("%02X ", b & 0xFF));
        }
        return text.toString().trim();
    }

    @Override
    public String toString() {
        return describe();
    }

    /**
     * A union's value: alternative {@code alternative} (tag {@code alternative + 1}) holding {@code value}, of the
     * alternative's type (for an abstract record's union, the concrete extension's {@link RecordValue}).
     */
    record UnionValue(TestUnion union, int alternative, Object value) {
        TestField field() {
            return union.alternatives().get(alternative);
        }

        @Override
        public String toString() {
            Object shown = value instanceof byte[] blob ? "[" + hex(blob) + "]" : value instanceof String s
                    ? "\"" + s + "\"" : value;
            return union.name() + "." + field().name() + "(" + shown + ")";
        }
    }

    /** An enum constant by ordinal (the generated enum class lives in a class loader the values do not know). */
    record EnumValue(TestEnum type, int ordinal) {
        String constant() {
            return type.constants().get(ordinal);
        }

        @Override
        public String toString() {
            return type.name() + "." + constant();
        }
    }
}
