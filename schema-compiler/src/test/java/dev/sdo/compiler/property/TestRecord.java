package dev.sdo.compiler.property;

import java.util.List;

/**
 * A generated record declaration; identity-compared on purpose, because records nest and are shared by several
 * parents, and deep structural equality would be needlessly slow.
 */
final class TestRecord {
    private final String name;
    private final List<TestField> fields;
    private final boolean variableLength;

    TestRecord(String name, List<TestField> fields) {
        this.name = name;
        this.fields = List.copyOf(fields);
        this.variableLength = fields.stream().anyMatch(f -> TestType.variableLength(f.type()));
    }

    /**
     * Whether the record has variable-length fields, directly or in a record it nests: its encoding is then its
     * fixed part and their data, and a record that nests it keeps it after its own fixed part.
     */
    boolean variableLength() {
        return variableLength;
    }

    String name() {
        return name;
    }

    List<TestField> fields() {
        return fields;
    }

    @Override
    public String toString() {
        return name;
    }
}
