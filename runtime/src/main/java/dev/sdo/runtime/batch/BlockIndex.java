package dev.sdo.runtime.batch;

import java.util.Arrays;

/** The blocks a writer has written, for the footer: each block's offset, record count and payload CRC32C. */
final class BlockIndex {
    private long[] offsets = new long[16];
    private int[] counts = new int[16];
    private int[] crcs = new int[16];
    private int blocks;
    private long totalRecords;

    /** The number of blocks written so far: the next block's number. */
    int blocks() {
        return blocks;
    }

    void add(long offset, int records, int payloadCrc) {
        if (blocks == offsets.length) {
            offsets = Arrays.copyOf(offsets, blocks * 2);
            counts = Arrays.copyOf(counts, blocks * 2);
            crcs = Arrays.copyOf(crcs, blocks * 2);
        }
        offsets[blocks] = offset;
        counts[blocks] = records;
        crcs[blocks] = payloadCrc;
        blocks++;
        totalRecords += records;
    }

    /** The footer of a file with {@code header} and these blocks. */
    Footer footer(FileHeader header) {
        return new Footer(header.syncMarker(), header.identity().fingerprint(), header.recordSizeField(),
                header.recordsPerBlock(), totalRecords, Arrays.copyOf(offsets, blocks), Arrays.copyOf(counts, blocks),
                Arrays.copyOf(crcs, blocks));
    }
}
