package dev.sdo.runtime.batch;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An independent walk of a well-formed batch file by the offsets documented in docs/batch-file-format.md, so
 * that tests know where each part of a file is without asking the code under test.
 */
record FileLayout(int headerLength, List<Block> blocks, int footerOffset, int trailerOffset, int fileLength) {
    /** One block: where it starts, its length including padding, its record count and payload length. */
    record Block(int offset, int length, int records, int payloadLength) {
        int end() {
            return offset + length;
        }

        boolean contains(long position) {
            return position >= offset && position < end();
        }
    }

    static FileLayout of(byte[] file, int recordSize) {
        ByteBuffer bytes = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int headerLength = bytes.getInt(12);
        List<Block> blocks = new ArrayList<>();
        int position = headerLength;
        byte[] footerMagic = {'S', 'D', 'O', 'B', 'I', 'N', 'D', 'X'};
        while (!Arrays.equals(file, position, position + 8, footerMagic, 0, 8)) {
            int records = bytes.getInt(position + 20);
            int payload = records * recordSize;
            int length = (40 + payload + 7) / 8 * 8;
            blocks.add(new Block(position, length, records, payload));
            position += length;
        }
        return new FileLayout(headerLength, blocks, position, file.length - 24, file.length);
    }
}
