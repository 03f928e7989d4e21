package dev.sdo.compiler.cli;

import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.TypeNotation;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints a record's layout as an aligned table: one row per field with its type as written, its first bit and
 * its width, then the record's total. An optional field's row starts at its presence bit and counts it, so that
 * each row begins where the previous one ended.
 */
final class LayoutTable {
    private static final String[] HEADINGS = {"field", "type", "offset", "bits"};

    private LayoutTable() {}

    static void print(RecordLayout layout, PrintWriter out) {
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADINGS);
        for (FieldLayout field : layout.fields()) {
            rows.add(new String[] {
                field.field().name(),
                TypeNotation.of(field.field()),
                Long.toString(field.start()),
                Long.toString(field.end() - field.start())});
        }
        int[] widths = new int[HEADINGS.length];
        for (String[] row : rows) {
            for (int column = 0; column < row.length; column++) {
                widths[column] = Math.max(widths[column], row[column].length());
            }
        }
        out.println(layout.record().name());
        for (String[] row : rows) {
            // Names and types read left-aligned; numbers right-aligned so their digits line up.
            out.println(("  %-" + widths[0] + "s  %-" + widths[1] + "s  %" + widths[2] + "s  %" + widths[3] + "s")
                    .formatted((Object[]) row).stripTrailing());
        }
        out.println(layout.record().name().simpleName() + ": " + layout.totalBits() + " bits, "
                + layout.bytes() + (layout.bytes() == 1 ? " byte" : " bytes") + variableData(layout));
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
        return " fixed, then the data of " + String.join(", ", names) + " (found through their end slots)";
    }
}
