package dev.sdo.runtime.generic;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A described record: its name, version, fixed size and fields, each found by name in constant time; whether it is
 * abstract and which record it extends (descriptor version 2).
 */
public final class RecordDescriptor {
    private final String name;
    private final boolean isAbstract;
    private final int base;
    private final int version;
    private final int fixedBytes;
    private final long totalBits;
    private final List<FieldDescriptor> fields;
    private final Map<String, Integer> byName = new HashMap<>();
    private final boolean compact;
    private final int slotBits;

    RecordDescriptor(String name, boolean isAbstract, boolean compact, int base, int version, int fixedBytes,
            long totalBits, List<FieldDescriptor> fields) {
        this.name = name;
        this.isAbstract = isAbstract;
        this.compact = compact;
        this.slotBits = (int) fields.stream().filter(FieldDescriptor::compactSlot).count();
        this.base = base;
        this.version = version;
        this.fixedBytes = fixedBytes;
        this.totalBits = totalBits;
        this.fields = List.copyOf(fields);
        fields.forEach(field -> byName.put(field.name(), field.index()));
    }

    /** The fully qualified name, e.g. {@code com.example.trade.Trade}. */
    public String name() {
        return name;
    }

    /** The simple name, for messages. */
    public String simpleName() {
        return name.substring(name.lastIndexOf('.') + 1);
    }

    /** Whether the record is {@code abstract}: never stored on its own, a field of its type a union of extensions. */
    public boolean isAbstract() {
        return isAbstract;
    }

    /**
     * Whether the record is annotated {@code @compact} (descriptor version 3; false in earlier ones, which describe no
     * compact record). It is laid out compact when it also has variable-length fields: {@link #slotBits()} > 0.
     */
    public boolean isCompact() {
        return compact;
    }

    /**
     * The number of slot bits of a record laid out compact (docs/record-format.md, section 8): one per
     * variable-length field, at bits {@code 2 .. slotBits + 1}; 0 for any other record.
     */
    public int slotBits() {
        return slotBits;
    }

    /**
     * The record it extends ({@code record B extends A}: A's fields are B's first ones), as an index into
     * {@link SchemaDescriptor#records()}; -1 when it extends none or the descriptor (version 1) does not say.
     */
    public int base() {
        return base;
    }

    public int version() {
        return version;
    }

    /** The fixed part's bytes. */
    public int fixedBytes() {
        return fixedBytes;
    }

    public long totalBits() {
        return totalBits;
    }

    public List<FieldDescriptor> fields() {
        return fields;
    }

    public FieldDescriptor field(int index) {
        return fields.get(index);
    }

    /** The position of the field named {@code field}; -1 when the record has none. */
    public int indexOf(String field) {
        Integer index = byName.get(field);
        return index == null ? -1 : index;
    }
}
