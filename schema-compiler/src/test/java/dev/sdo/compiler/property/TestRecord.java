package dev.sdo.compiler.property;

import java.util.List;

/**
 * A generated record declaration; identity-compared on purpose, because records nest and are shared by several
 * parents, and deep structural equality would be needlessly slow.
 */
final class TestRecord {
    private final String name;
    private final List<TestField> fields;

    TestRecord(String name, List<TestField> fields) {
        this.name = name;
        this.fields = List.copyOf(fields);
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
