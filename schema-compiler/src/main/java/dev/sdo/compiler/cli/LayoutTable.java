package dev.sdo.compiler.cli;

import dev.sdo.compiler.layout.BitWidths;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.layout.UnionLayout;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.TypeNotation;
import dev.sdo.runtime.VersionTable;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Prints a record's layout as an aligned table: one row per field with its type as written, its first bit and
 * its width, then the record's total. An optional field's row starts at its presence bit and counts it, so that
 * each row begins where the previous one ended. A record with {@code @since} fields also shows each field's
 * version and, per version, its fixed size and layout fingerprint (which code of two versions must agree on).
 */
final class LayoutTable {
    private static final String[] HEADINGS = {"field", "type", "offset", "bits"};
    private static final String[] VERSIONED_HEADINGS = {"field", "type", "offset", "bits", "since"};

    private LayoutTable() {}

    /**
     * Prints a record's layout, with its layout fingerprint of each of its {@code RecordLayout.versions()}; a record
     * with {@code @since} fields gets a {@code since} column and a line per version that added fields.
     */
    static void print(RecordLayout layout, CodecModel model, PrintWriter out) {
        long[] fingerprints = model.versionFingerprints(layout.record().name());
        boolean versioned = layout.versioned();
        String[] headings = versioned ? VERSIONED_HEADINGS : HEADINGS;
        List<String[]> rows = new ArrayList<>();
        rows.add(headings);
        if (layout.compact()) {
            // docs/record-format.md, section 8: the slot width code, then one slot bit per variable-length field.
            rows.add(Arrays.copyOf(new String[] {"(width)", "slot width code w: end slots of w + 1 bytes", "0",
                Integer.toString(RecordLayout.SLOT_WIDTH_BITS), ""}, headings.length));
            rows.add(Arrays.copyOf(new String[] {"(slots)", "a slot bit per variable-length field: 1 when it has"
                    + " an end slot in the table", Integer.toString(RecordLayout.SLOT_WIDTH_BITS),
                Integer.toString(layout.slotBitCount()), ""}, headings.length));
        }
        for (FieldLayout field : layout.fields()) {
            String[] row = {
                field.field().name(),
                TypeNotation.of(field.field()) + (field.compactSlot() ? " (slot bit " + field.slotBit() + ")" : ""),
                Long.toString(field.start()),
                Long.toString(field.end() - field.start()),
                Integer.toString(field.field().since())};
            rows.add(versioned ? row : Arrays.copyOf(row, HEADINGS.length));
            if (field.encoding() instanceof Encoding.Union union) {
                unionRows(field, union.layout(), headings.length).forEach(rows::add);
            }
        }
        int[] widths = new int[headings.length];
        for (String[] row : rows) {
            for (int column = 0; column < row.length; column++) {
                widths[column] = Math.max(widths[column], row[column].length());
            }
        }
        RecordType record = layout.record();
        out.println(record.name() + (record.base() == null ? "" : " extends " + record.base().simpleName())
                + (record.isAbstract() ? " (abstract: never stored on its own; a field of it holds one of "
                        + String.join(", ", model.union(record.name()).alternatives().stream()
                                .map(a -> TypeNotation.of(a.field().type())).toList()) + ")" : ""));
        for (String[] row : rows) {
            // Names and types read left-aligned; numbers right-aligned so their digits line up.
            String format = "  %-" + widths[0] + "s  %-" + widths[1] + "s  %" + widths[2] + "s  %" + widths[3] + "s"
                    + (versioned ? "  %" + widths[4] + "s" : "");
            out.println(format.formatted((Object[]) row).stripTrailing());
        }
        out.println(layout.record().name().simpleName() + ": " + layout.totalBits() + " bits, "
                + bytes(layout) + variableData(layout));
        if (versioned) {
            // Versions that added no field have the layout of the one before them: only the others are listed.
            out.println(layout.record().name().simpleName() + " is version " + layout.version() + ":");
            List<Integer> versions = layout.versions();
            for (int i = 0; i < versions.size(); i++) {
                RecordLayout known = layout.upTo(versions.get(i));
                out.println("  version " + versions.get(i) + ": " + known.totalBits() + " bits, " + bytes(known)
                        + ", fingerprint " + VersionTable.hex(fingerprints[i]));
            }
        }
    }

    /**
     * The rows under a union field: its tag, each alternative where it is stored (in the inline place the
     * alternatives share, or as data behind the slot), and the slot.
     */
    private static List<String[]> unionRows(FieldLayout field, UnionLayout union, int columns) {
        List<String[]> rows = new ArrayList<>();
        long at = field.offset();
        rows.add(Arrays.copyOf(new String[] {"  .tag", "0: none, 1.." + union.alternatives().size(),
            Long.toString(at), Integer.toString(union.tagBits()), ""}, columns));
        for (UnionLayout.AlternativeLayout alternative : union.alternatives()) {
            String type = alternative.tag() + ": " + TypeNotation.of(alternative.field().type());
            if (alternative.encoding() instanceof Encoding.Union inner) {
                // A union in a union: its data is the inner union stored on its own (record-format.md, section 5).
                int own = inner.layout().standaloneBytes();
                type += " (on its own: " + own + (own == 1 ? " byte" : " bytes") + ", then its alternative's data)";
            }
            rows.add(Arrays.copyOf(alternative.inline()
                    ? new String[] {"  ." + alternative.field().name(), type,
                        Long.toString(at + union.inlineOffset()), Long.toString(alternative.width()),
                        Integer.toString(alternative.field().since())}
                    : new String[] {"  ." + alternative.field().name(), type, "data", "-",
                        Integer.toString(alternative.field().since())}, columns));
        }
        if (union.hasSlot() && field.compactSlot()) {
            rows.add(Arrays.copyOf(new String[] {"  .slot", "end of the data, in the slot table (slot bit "
                    + field.slotBit() + ")", "table", "-", ""}, columns));
        } else if (union.hasSlot()) {
            rows.add(Arrays.copyOf(new String[] {"  .slot", "end of the data", Long.toString(at + union.slotOffset()),
                Integer.toString(BitWidths.END_SLOT_BITS), ""}, columns));
        }
        return rows;
    }

    private static String bytes(RecordLayout layout) {
        return layout.bytes() + (layout.bytes() == 1 ? " byte" : " bytes");
    }

    /**
     * For a record with variable-length fields, which fields' data follows the fixed part (their rows show the
     * 32-bit end slots that locate it); nothing otherwise.
     */
    private static String variableData(RecordLayout layout) {
        if (!layout.hasVariableData()) {
            return "";
        }
        List<String> names = layout.fields().stream().filter(FieldLayout::variableLength)
                .map(f -> f.field().name()).toList();
        if (layout.compact()) {
            return " fixed, then a slot table (an end slot of w + 1 bytes for each of " + String.join(", ", names)
                    + " whose slot bit is 1), then their data (docs/record-format.md, section 8)";
        }
        return " fixed, then the data of " + String.join(", ", names) + " (found through their end slots)";
    }
}
