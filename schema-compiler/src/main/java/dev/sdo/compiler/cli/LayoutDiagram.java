package dev.sdo.compiler.cli;

import dev.sdo.compiler.layout.BitWidths;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.layout.UnionLayout;
import dev.sdo.compiler.model.TypeNotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A record's fixed part drawn as an SVG bit diagram ({@code sdoc layout --svg}), in the manner of the packet
 * diagrams of RFCs: rows of 32 bits from bit 0 of the record's first byte, one box per field (its presence bit a
 * box of its own, a union's tag, inline place and slot one each), a field that crosses a row split over both, and a
 * legend of every box's bits and type under the rows. The boxes are drawn from the record's layout, the one source
 * of offsets the generated code is made from, so the drawing cannot disagree with the bytes.
 */
final class LayoutDiagram {
    static final int BITS_PER_ROW = 32;
    private static final int BIT_WIDTH = 22;
    private static final int ROW_HEIGHT = 40;
    private static final int LEFT = 64;
    private static final int TOP = 36;
    private static final int LEGEND_LINE = 16;
    /** The width of a character of the 11-pixel monospace labels, with room to spare. */
    private static final double CHAR_WIDTH = 6.8;
    private static final String[] FILLS = {"#cfe2f3", "#d9ead3", "#fff2cc", "#f4cccc", "#d9d2e9", "#fce5cd"};
    private static final String PRESENCE_FILL = "#e0e0e0";
    private static final String UNUSED_FILL = "#ffffff";

    /** One run of bits the diagram draws: a field's value or presence bit, a part of a union, or the unused tail. */
    record Box(long offset, long bits, String label, String detail, String fill) {
        long end() {
            return offset + bits;
        }
    }

    private LayoutDiagram() {}

    /** The boxes of the record's fixed part, in bit order, covering every bit of its bytes once. */
    static List<Box> boxes(RecordLayout layout) {
        List<Box> boxes = new ArrayList<>();
        int colour = 0;
        if (layout.compact()) {
            // docs/record-format.md, section 8: the slot width code, then one slot bit per variable-length field.
            boxes.add(new Box(0, RecordLayout.SLOT_WIDTH_BITS, "w", "slot width code: the slot table's end slots"
                    + " are w + 1 bytes", PRESENCE_FILL));
        }
        for (FieldLayout field : layout.fields()) {
            String name = field.field().name();
            String type = TypeNotation.of(field.field());
            String fill = FILLS[colour++ % FILLS.length];
            if (field.compactSlot()) {
                boxes.add(new Box(field.slotBit(), 1, "s", name + " has an end slot in the slot table"
                        + (field.optional() ? " (is present)" : field.encoding() instanceof Encoding.Union
                                ? " (its alternative's data follows)" : " (required: always)"), fill));
                if (field.encoding() instanceof Encoding.Union union) {
                    unionBoxes(field, union.layout(), type, fill, boxes, false);
                }
                continue;
            }
            if (field.optional()) {
                boxes.add(new Box(field.presenceBit(), 1, "?", name + " is present", PRESENCE_FILL));
            }
            if (field.encoding() instanceof Encoding.Union union) {
                unionBoxes(field, union.layout(), type, fill, boxes, true);
            } else if (field.variableLength()) {
                boxes.add(new Box(field.offset(), field.width(), name, type + ": end of its data (slot)", fill));
            } else if (field.width() > 0) {
                boxes.add(new Box(field.offset(), field.width(), name, type, fill));
            }
        }
        long fieldBits = layout.totalBits();
        long recordBits = 8L * layout.bytes();
        if (recordBits > fieldBits) {
            boxes.add(new Box(fieldBits, recordBits - fieldBits, "", "unused (0)", UNUSED_FILL));
        }
        // A compact record's slot bits come before the fields declared ahead of their own.
        boxes.sort(java.util.Comparator.comparingLong(Box::offset));
        return boxes;
    }

    /** A union: its tag, the place its inline alternatives share, and the slot of its data. */
    private static void unionBoxes(FieldLayout field, UnionLayout union, String type, String fill, List<Box> boxes,
            boolean ownSlot) {
        String name = field.field().name();
        long at = field.offset();
        if (union.tagBits() > 0) {
            boxes.add(new Box(at, union.tagBits(), name + ".tag", type + ": which alternative (0: none)", fill));
        }
        if (union.inlineBits() > 0) {
            List<String> inline = union.alternatives().stream().filter(UnionLayout.AlternativeLayout::inline)
                    .map(a -> a.field().name()).toList();
            boxes.add(new Box(at + union.inlineOffset(), union.inlineBits(), name + ".value",
                    "inline alternatives: " + String.join(", ", inline), fill));
        }
        if (union.hasSlot() && ownSlot) {
            boxes.add(new Box(at + union.slotOffset(), BitWidths.END_SLOT_BITS, name + ".slot",
                    "end of the alternative's data", fill));
        }
    }

    /** The diagram of the record's fixed part, as an SVG document. */
    static String svg(RecordLayout layout) {
        List<Box> boxes = boxes(layout);
        long recordBits = 8L * layout.bytes();
        long rows = Math.max(1, (recordBits + BITS_PER_ROW - 1) / BITS_PER_ROW);
        int gridWidth = BITS_PER_ROW * BIT_WIDTH;
        long gridBottom = TOP + rows * ROW_HEIGHT;
        String title = layout.record().name().simpleName() + ": " + layout.totalBits() + " bits in " + layout.bytes()
                + (layout.bytes() == 1 ? " byte" : " bytes")
                + (layout.compact() ? " of fixed part; its slot table and variable-length data follow"
                        : layout.hasVariableData() ? " of fixed part; variable-length data follows" : "");
        long height = gridBottom + 24 + (long) boxes.size() * LEGEND_LINE + 12;
        StringBuilder out = new StringBuilder();
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(LEFT + gridWidth + 16)
                .append("\" height=\"").append(height).append("\" font-family=\"monospace\" font-size=\"11\">\n");
        out.append("  <title>").append(escape(title)).append("</title>\n");
        out.append("  <text x=\"").append(LEFT).append("\" y=\"14\" font-weight=\"bold\">").append(escape(title))
                .append("</text>\n");
        for (int bit = 0; bit < BITS_PER_ROW; bit += 8) {
            out.append("  <text x=\"").append(LEFT + bit * BIT_WIDTH + 2).append("\" y=\"").append(TOP - 6)
                    .append("\">bit ").append(bit).append("</text>\n");
        }
        for (long row = 0; row < rows; row++) {
            out.append("  <text x=\"4\" y=\"").append(TOP + row * ROW_HEIGHT + ROW_HEIGHT / 2 + 4)
                    .append("\">byte ").append(row * BITS_PER_ROW / 8).append("</text>\n");
        }
        for (int i = 0; i < boxes.size(); i++) {
            drawBox(boxes.get(i), i + 1, out);
        }
        // Byte boundaries over the boxes: where a field's bits cross from one byte to the next.
        for (long row = 0; row < rows; row++) {
            for (int bit = 8; bit < BITS_PER_ROW; bit += 8) {
                long x = LEFT + (long) bit * BIT_WIDTH;
                long y = TOP + row * ROW_HEIGHT;
                out.append("  <line x1=\"").append(x).append("\" y1=\"").append(y + ROW_HEIGHT - 6).append("\" x2=\"")
                        .append(x).append("\" y2=\"").append(y + ROW_HEIGHT).append("\" stroke=\"#555555\"/>\n");
            }
        }
        long y = gridBottom + 24;
        for (int i = 0; i < boxes.size(); i++) {
            Box box = boxes.get(i);
            out.append("  <text x=\"").append(LEFT).append("\" y=\"").append(y).append("\" xml:space=\"preserve\">")
                    .append(escape(String.format(Locale.ROOT, "%4s %-16s %-24s %s", "[" + (i + 1) + "]", bits(box),
                            box.label(), box.detail())))
                    .append("</text>\n");
            y += LEGEND_LINE;
        }
        return out.append("</svg>\n").toString();
    }

    /**
     * A box, split where it crosses from one row to the next; each piece labelled where its label fits, else with
     * its number in the legend where that fits.
     */
    private static void drawBox(Box box, int number, StringBuilder out) {
        long start = box.offset();
        while (start < box.end()) {
            long row = start / BITS_PER_ROW;
            long end = Math.min(box.end(), (row + 1) * BITS_PER_ROW);
            long x = LEFT + (start % BITS_PER_ROW) * BIT_WIDTH;
            long y = TOP + row * ROW_HEIGHT;
            long width = (end - start) * BIT_WIDTH;
            out.append("  <rect x=\"").append(x).append("\" y=\"").append(y).append("\" width=\"").append(width)
                    .append("\" height=\"").append(ROW_HEIGHT).append("\" fill=\"").append(box.fill())
                    .append("\" stroke=\"#333333\"><title>")
                    .append(escape((box.label().isEmpty() ? "" : box.label() + ": ") + box.detail() + ", " + bits(box)))
                    .append("</title></rect>\n");
            String label = start == box.offset() ? box.label() : box.label().isEmpty() ? "" : "(" + box.label() + ")";
            if (!label.isEmpty() && !fits(label, width)) {
                label = fits(Integer.toString(number), width) ? Integer.toString(number) : "";
            }
            if (!label.isEmpty()) {
                out.append("  <text x=\"").append(x + width / 2).append("\" y=\"").append(y + ROW_HEIGHT / 2 + 4)
                        .append("\" text-anchor=\"middle\">").append(escape(label)).append("</text>\n");
            }
            start = end;
        }
    }

    private static boolean fits(String label, long width) {
        return label.length() * CHAR_WIDTH + 4 <= width;
    }

    private static String bits(Box box) {
        return box.bits() == 1 ? "bit " + box.offset() : "bits " + box.offset() + ".." + (box.end() - 1);
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
