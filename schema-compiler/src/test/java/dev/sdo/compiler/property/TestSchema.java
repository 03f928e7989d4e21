package dev.sdo.compiler.property;

import java.util.List;

/**
 * One generated schema file: its package, its declarations (records in dependency order, nested ones first, an
 * abstract record before its extensions, which keep their relative order in the text) and the {@code .sdo} text that
 * declares them; {@code unions} are the declared unions (an abstract record's union is not declared).
 */
record TestSchema(String fileName, String packageName, List<TestEnum> enums, List<TestUnion> unions,
        List<TestRecord> records, String text) {

    TestSchema {
        enums = List.copyOf(enums);
        unions = List.copyOf(unions);
        records = List.copyOf(records);
    }

    TestSchema(String fileName, String packageName, List<TestEnum> enums, List<TestRecord> records, String text) {
        this(fileName, packageName, enums, List.of(), records, text);
    }

    /** The records that are stored: all but the abstract ones. */
    List<TestRecord> concreteRecords() {
        return records.stream().filter(r -> !r.isAbstract()).toList();
    }

    /**
     * Whether the schema has unions, abstract records, extensions, defaults or recursive records (which the shrinker
     * leaves alone).
     */
    boolean usesNewConstructs() {
        return !unions.isEmpty() || records.stream().anyMatch(r -> r.base() != null || r.isAbstract() || r.recursive()
                || r.fields().stream().anyMatch(f -> f.hasDefault() || uses(f.type())));
    }

    private static boolean uses(TestType type) {
        TestType innermost = TestType.innermost(type);
        return innermost instanceof TestType.UnionRef || innermost instanceof TestType.Unbounded;
    }
}
