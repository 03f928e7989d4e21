package dev.sdo.compiler.property;

import java.util.ArrayList;
import java.util.List;

/**
 * A generated record declaration; identity-compared on purpose, because records nest and are shared by several
 * parents, and deep structural equality would be needlessly slow. A record that extends another has the base's
 * fields first ({@link #fields()}), then its own ({@link #ownFields()}); an abstract one is never stored.
 */
final class TestRecord {
    private final String name;
    private final TestRecord base;
    private final boolean isAbstract;
    private final List<TestField> ownFields;
    private final List<TestField> fields;
    private final boolean variableLength;
    private final boolean compact;
    private final boolean recursive;

    TestRecord(String name, List<TestField> fields) {
        this(name, null, false, fields);
    }

    TestRecord(String name, TestRecord base, boolean isAbstract, List<TestField> ownFields) {
        this(name, base, isAbstract, ownFields, false);
    }

    /** A record annotated {@code @compact} when {@code compact} (docs/record-format.md, section 8). */
    TestRecord(String name, TestRecord base, boolean isAbstract, List<TestField> ownFields, boolean compact) {
        this.name = name;
        this.base = base;
        this.isAbstract = isAbstract;
        this.compact = compact;
        this.recursive = false;
        this.ownFields = List.copyOf(ownFields);
        List<TestField> all = new ArrayList<>(base == null ? List.of() : base.fields());
        all.addAll(ownFields);
        this.fields = List.copyOf(all);
        this.variableLength = fields.stream().anyMatch(f -> TestType.variableLength(f.type()));
    }

    /**
     * A recursive record (docs/record-format.md 2.4), which holds itself through the fields {@code fields} makes
     * given the record: optional fields, lists, unions with another alternative. It is always variable-length data.
     */
    TestRecord(String name, java.util.function.Function<TestRecord, List<TestField>> fields, boolean compact) {
        this.name = name;
        this.base = null;
        this.isAbstract = false;
        this.compact = compact;
        this.recursive = true;
        this.variableLength = true;
        this.ownFields = List.copyOf(fields.apply(this));
        this.fields = this.ownFields;
    }

    /** Whether the record holds itself (docs/record-format.md 2.4). */
    boolean recursive() {
        return recursive;
    }

    /**
     * Whether the record has variable-length fields, directly or in a record it nests: its encoding is then its
     * fixed part and their data, and a record that nests it keeps it after its own fixed part.
     */
    boolean variableLength() {
        return variableLength;
    }

    /** Whether the record is annotated {@code @compact}. */
    boolean compact() {
        return compact;
    }

    /**
     * Whether the record is laid out as docs/record-format.md section 8 says: {@code @compact} and with
     * variable-length fields (a compact record without any is its fixed part, like any other).
     */
    boolean compactLayout() {
        return compact && variableLength;
    }

    String name() {
        return name;
    }

    /** Every field, the base's first. */
    List<TestField> fields() {
        return fields;
    }

    /** The fields the record declares itself, after its base's. */
    List<TestField> ownFields() {
        return ownFields;
    }

    /** The record it extends, or null. */
    TestRecord base() {
        return base;
    }

    boolean isAbstract() {
        return isAbstract;
    }

    /** Whether it extends {@code ancestor}, directly or through other records. */
    boolean extendsRecord(TestRecord ancestor) {
        for (TestRecord r = base; r != null; r = r.base) {
            if (r == ancestor) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return name;
    }
}
