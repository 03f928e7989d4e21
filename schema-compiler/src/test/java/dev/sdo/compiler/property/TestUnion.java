package dev.sdo.compiler.property;

import java.util.List;

/**
 * A union: a declared {@code union U { ... }}, or the union an abstract record stands for (its concrete extensions,
 * in declaration order, each named by its record's name with a lower-case first letter). Identity-compared.
 */
final class TestUnion {
    private final String name;
    private final TestRecord abstractRecord;
    private final List<TestField> alternatives;
    private final SpecLayout layout = new SpecLayout();

    /** A declared union. */
    TestUnion(String name, List<TestField> alternatives) {
        this(name, null, alternatives);
    }

    private TestUnion(String name, TestRecord abstractRecord, List<TestField> alternatives) {
        this.name = name;
        this.abstractRecord = abstractRecord;
        this.alternatives = List.copyOf(alternatives);
    }

    /** The union of an abstract record's concrete extensions. */
    static TestUnion ofAbstract(TestRecord abstractRecord, List<TestRecord> concreteExtensions) {
        return new TestUnion(abstractRecord.name(), abstractRecord, concreteExtensions.stream()
                .map(r -> new TestField(Character.toLowerCase(r.name().charAt(0)) + r.name().substring(1),
                        new TestType.RecordRef(r), true, TestField.JavaAs.NONE, null))
                .toList());
    }

    /** The type's name in the schema: the union's, or the abstract record's. */
    String name() {
        return name;
    }

    /** The abstract record this union stands for, or null for a declared union. */
    TestRecord abstractRecord() {
        return abstractRecord;
    }

    /** The alternatives, in tag order (tag i + 1 for alternative i), as optional fields of their type. */
    List<TestField> alternatives() {
        return alternatives;
    }

    /**
     * Whether alternative {@code type} shares the inline place: fixed width, at most 64 bits, and no union (an
     * alternative that is a union, or an abstract record, is that union stored on its own behind the slot).
     */
    boolean inline(TestType type) {
        return !(type instanceof TestType.UnionRef) && !TestType.variableLength(type) && layout.width(type) <= 64;
    }

    /** Whether some alternative lives behind the union's end slot. */
    boolean hasSlot() {
        return alternatives.stream().anyMatch(a -> !inline(a.type()));
    }

    @Override
    public String toString() {
        return name;
    }
}
