package dev.sdo.runtime.batch;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Forges the count, size and offset fields of a well-formed batch file, found by the offsets that
 * docs/batch-file-format.md documents (not by the code under test), and recomputes every CRC32C the forgery would
 * break, so that a reader must refuse the file for what it claims rather than for a checksum.
 */
final class Forge {
    /** One field: what it is called in failures, its file offset and its width in bytes (4 or 8). */
    record Field(String name, int offset, int width) {}

    /** Where a well-formed file's parts are. */
    record Layout(int headerLength, int versionTableAt, List<int[]> blocks, int footerAt, int trailerAt,
            boolean variableSize) {
        /** {offset, payload length, record count} of block k. */
        int[] block(int k) {
            return blocks.get(k);
        }
    }

    private Forge() {}

    static ByteBuffer little(byte[] file) {
        return ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
    }

    static Layout layout(byte[] file) {
        ByteBuffer bytes = little(file);
        int headerLength = bytes.getInt(12);
        int versionTableAt = (56 + bytes.getInt(28) + 7) & ~7;
        List<int[]> blocks = new ArrayList<>();
        int position = headerLength;
        while (!new String(file, position, 8, StandardCharsets.ISO_8859_1).equals("SDOBINDX")) {
            int payload = (int) bytes.getLong(position + 24);
            blocks.add(new int[] {position, payload, bytes.getInt(position + 20)});
            position += (40 + payload + 7) & ~7;
        }
        return new Layout(headerLength, versionTableAt, blocks, position, file.length - 24,
                (bytes.getInt(16) & 0x8000_0000) != 0);
    }

    /** Every count, size and offset field of the file: header, block headers, offsets tables, footer, trailer. */
    static List<Field> fields(byte[] file) {
        Layout layout = layout(file);
        ByteBuffer bytes = little(file);
        List<Field> fields = new ArrayList<>(List.of(new Field("header length", 12, 4),
                new Field("record size", 16, 4), new Field("records per block", 20, 4),
                new Field("schema version", 24, 4), new Field("name length", 28, 4)));
        if (bytes.getInt(8) == 2) {
            int count = bytes.getInt(layout.versionTableAt());
            fields.add(new Field("version count", layout.versionTableAt(), 4));
            for (int i = 0; i < count; i++) {
                fields.add(new Field("version table entry " + i, layout.versionTableAt() + 8 + 16 * i, 4));
            }
        }
        for (int k = 0; k < layout.blocks().size(); k++) {
            int[] block = layout.block(k);
            fields.add(new Field("block " + k + " number", block[0] + 16, 4));
            fields.add(new Field("block " + k + " record count", block[0] + 20, 4));
            fields.add(new Field("block " + k + " payload length", block[0] + 24, 8));
            if (layout.variableSize()) {
                int tableAt = block[0] + 40 + block[1] - 4 * (block[2] + 1);
                for (int j = 0; j <= block[2]; j++) {
                    fields.add(new Field("block " + k + " offsets entry " + j, tableAt + 4 * j, 4));
                }
            }
        }
        int footer = layout.footerAt();
        fields.addAll(List.of(new Field("footer record size", footer + 32, 4),
                new Field("footer records per block", footer + 36, 4), new Field("footer block count", footer + 40, 8),
                new Field("footer total records", footer + 48, 8)));
        for (int k = 0; k < layout.blocks().size(); k++) {
            fields.add(new Field("footer block " + k + " offset", footer + 56 + 16 * k, 8));
            fields.add(new Field("footer block " + k + " record count", footer + 64 + 16 * k, 4));
        }
        fields.add(new Field("trailer footer offset", layout.trailerAt(), 8));
        fields.add(new Field("trailer footer length", layout.trailerAt() + 8, 4));
        return fields;
    }

    /** The value of {@code field} in {@code file}. */
    static long value(byte[] file, Field field) {
        ByteBuffer bytes = little(file);
        return field.width() == 8 ? bytes.getLong(field.offset()) : Integer.toUnsignedLong(bytes.getInt(field.offset()));
    }

    /** A copy of {@code file} with {@code field} set to {@code value} and every CRC32C recomputed. */
    static byte[] forge(byte[] file, Field field, long value) {
        Layout layout = layout(file);
        byte[] forged = file.clone();
        ByteBuffer bytes = little(forged);
        if (field.width() == 8) {
            bytes.putLong(field.offset(), value);
        } else {
            bytes.putInt(field.offset(), (int) value);
        }
        recomputeCrcs(forged, layout);
        return forged;
    }

    /** Recomputes the payload, block header, footer and file header CRC32Cs where {@code layout} places them. */
    static void recomputeCrcs(byte[] file, Layout layout) {
        ByteBuffer bytes = little(file);
        for (int k = 0; k < layout.blocks().size(); k++) {
            int[] block = layout.block(k);
            int payloadCrc = crc(file, block[0] + 40, block[0] + 40 + block[1]);
            bytes.putInt(block[0] + 32, payloadCrc);
            bytes.putInt(layout.footerAt() + 68 + 16 * k, payloadCrc);
            bytes.putInt(block[0] + 36, crc(file, block[0], block[0] + 36));
        }
        bytes.putInt(layout.trailerAt() + 12, crc(file, layout.footerAt(), layout.trailerAt()));
        bytes.putInt(layout.headerLength() - 4, crc(file, 0, layout.headerLength() - 4));
    }

    static int crc(byte[] file, int from, int to) {
        CRC32C crc = new CRC32C();
        crc.update(file, from, to - from);
        return (int) crc.getValue();
    }

    /** Bytes allocated by this thread so far (HotSpot's count), to bound what a read allocates. */
    static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }
}
