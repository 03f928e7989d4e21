package dev.sdo.compiler.generate;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What the parts of one SDO class share while it is generated: the record's layout, its constants, private helper
 * methods, and a unique constant-name prefix per field.
 */
final class SdoContext {
    /**
     * A compact record's view's field that holds the record's size, which the record does not hold: its container
     * gives it (docs/record-format.md, section 8.2). Each getter checks the data it reads against it
     * ({@code CompactSlots.checkedSpan}), and the last field with data ends there.
     */
    static final String SIZE = "size";
    /**
     * A compact record's view's field, of a record whose document can hold a string field, that says whether it shows
     * a part of a document ({@code wrapNested}), whose strings may refer to the document's before it
     * (docs/record-format.md, section 8.6), rather than a whole document: a copy of a part is the record encoded anew.
     */
    static final String PART = "part";

    private final CodecModel model;
    private final RecordLayout layout;
    private final Constants constants = new Constants();
    private final Map<Object, MethodSpec> helpers = new LinkedHashMap<>();
    private final Map<FieldLayout, String> prefixes = new HashMap<>();
    private final Set<String> methodNames = new HashSet<>();

    SdoContext(CodecModel model, RecordLayout layout) {
        this.model = model;
        this.layout = layout;
        List<String> taken = new ArrayList<>();
        for (FieldLayout field : layout.fields()) {
            String prefix = GeneratedNames.constant(field.field().name());
            for (int n = 2; taken.contains(prefix); n++) {
                prefix = GeneratedNames.constant(field.field().name()) + "_" + n;
            }
            taken.add(prefix);
            prefixes.put(field, prefix);
        }
    }

    CodecModel model() {
        return model;
    }

    RecordLayout layout() {
        return layout;
    }

    /**
     * The bytes every record that has {@code field} has, the bound its getter's loads stay within: the record's
     * size, or in a record with {@code @since} fields, the size of the version that added the field, so that data
     * written by that version, which may end at a buffer's limit, is never read beyond its end.
     */
    int recordBytes(FieldLayout field) {
        return layout.versioned() ? layout.upTo(field.field().since()).bytes() : layout.bytes();
    }

    Constants constants() {
        return constants;
    }

    /** The prefix of the constants that belong to {@code field}, unique within the record. */
    String prefix(FieldLayout field) {
        return prefixes.get(field);
    }

    /**
     * The constant holding the bit offset of a variable-length field's end slot: its {@code _OFFSET}, or for a union
     * whose slot follows its tag and inline bits, {@code _SLOT_OFFSET}.
     */
    String slotConstant(FieldLayout field) {
        boolean ownBits = field.slotOffset() == field.offset();
        return constants.define(prefix(field) + (ownBits ? "_OFFSET" : "_SLOT_OFFSET"), com.palantir.javapoet.TypeName.LONG,
                "$L", Constants.longLiteral(field.slotOffset()));
    }

    /** The constant holding the number of slot bits of a compact record: one per variable-length field. */
    String slotBitsConstant() {
        return constants.define("SLOT_BITS", com.palantir.javapoet.TypeName.INT, "$L", layout.slotBitCount());
    }

    /**
     * The constant holding a compact record's variable-length field's index among the variable-length fields (its
     * slot bit is bit {@code 2 + index}).
     */
    String slotIndexConstant(FieldLayout field) {
        return constants.define(prefix(field) + "_SLOT_INDEX", com.palantir.javapoet.TypeName.INT, "$L",
                field.slotIndex());
    }

    /**
     * Where the data of {@code field}, a variable-length field of a compact record of {@code size} bytes, ends: its
     * end slot in the slot table, the size for the last field with data, or where the data before it ends when it
     * has none (docs/record-format.md, section 8.2).
     */
    CodeBlock compactEnd(FieldLayout field, String buffer, String base, String size) {
        return CodeBlock.of("$T.end($N, $N, BYTES, $N, $N, $N)", JavaTypes.COMPACT_SLOTS, buffer, base,
                slotBitsConstant(), slotIndexConstant(field), size);
    }

    /** Where a compact record's data starts: after its fixed part and its slot table. */
    CodeBlock compactDataStart(String buffer, String base) {
        return CodeBlock.of("$T.dataStart($N, $N, BYTES, $N)", JavaTypes.COMPACT_SLOTS, buffer, base,
                slotBitsConstant());
    }

    /** Adds the private helper method {@code method} makes, once per {@code key}; returns its name. */
    String helper(Object key, Supplier<MethodSpec> method) {
        MethodSpec known = helpers.get(key);
        if (known == null) {
            // Not computeIfAbsent: making a helper may make others (a list's helper, its element list's).
            known = method.get();
            helpers.put(key, known);
        }
        return known.name();
    }

    /**
     * A name for a new helper method: {@code preferred}, or with a number appended when another helper took it
     * (two fields {@code a} and {@code aElement} of nested lists would otherwise both name one
     * {@code writeAElement}).
     */
    String methodName(String preferred) {
        String name = preferred;
        for (int n = 2; !methodNames.add(name); n++) {
            name = preferred + n;
        }
        return name;
    }

    List<MethodSpec> helpers() {
        return new ArrayList<>(helpers.values());
    }
}
