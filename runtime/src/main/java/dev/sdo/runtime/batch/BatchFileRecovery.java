package dev.sdo.runtime.batch;

import static dev.sdo.runtime.batch.BatchFormat.BLOCK_HEADER_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.FOOTER_MAGIC;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Gets back every intact block of a damaged or unfinished batch file.
 *
 * <p>The sync marker, record size and records per block come from the file header, or from the footer when the
 * header is damaged. The blocks are then found by scanning every 8-aligned offset for the sync marker: a block
 * whose header CRC, record count, payload length and payload CRC32C all check is recovered; anything else is
 * reported as a {@link Damage}, with the records it cost. Lost records are counted from the footer when it is
 * intact, else from the gaps in the block numbers (every block but the last is full), else estimated.
 */
public final class BatchFileRecovery {
    /** Where the footer holds the fingerprint, which tells it from a block when its magic is damaged. */
    private static final int FOOTER_FINGERPRINT_AT = 24;

    private final String source;
    private final FileWindow window;
    private final byte[] sync;
    /** What the file says wrote the records: the header's identity, or for a damaged header the footer's. */
    private final RecordIdentity writer;
    private final long fingerprint;
    private final int recordSize;
    private final int recordsPerBlock;
    private final Footer footer;
    private final boolean variableSize;
    /** The recovered records: fixed-size ones here, or variable-size ones in {@link #variableRecords}. */
    private final RecordStore records;
    private final VariableRecordStore variableRecords;
    private final List<Integer> intactBlocks = new ArrayList<>();
    private final List<Damage> damages = new ArrayList<>();
    private long recordsLost;
    /** The number of the last block whose header was read intact, or -1. */
    private int lastNumber = -1;
    /** The record count of that block. */
    private int lastCount;

    private BatchFileRecovery(String source, FileWindow window, byte[] sync, RecordIdentity writer,
            int recordsPerBlock, Footer footer, boolean variableSize) {
        this.source = source;
        this.window = window;
        this.sync = sync;
        this.writer = writer;
        this.fingerprint = writer.fingerprint();
        this.recordSize = writer.recordSize();
        this.recordsPerBlock = recordsPerBlock;
        this.footer = footer;
        this.variableSize = variableSize;
        this.records = variableSize ? null : RecordStore.heap(recordSize);
        this.variableRecords = variableSize ? VariableRecordStore.heap(recordSize) : null;
    }

    /**
     * Recovers the intact blocks of {@code file}, which must hold {@code expected} records or those of another
     * schema version that {@code expected} can read ({@link RecordIdentity#canRead}), kept as the writer wrote them:
     * {@link RecoveredBatch#writer()} says which version that was. With a damaged header the footer tells the
     * writer's fingerprint and record size, and the writer must be {@code expected}'s version or an earlier one
     * whose fingerprint it knows.
     *
     * @throws IncompatibleBatchException if the file holds other records
     * @throws BatchFileException if neither the header nor the footer survives, so that blocks cannot be told
     *     from other bytes
     */
    public static RecoveredBatch recover(Path file, RecordIdentity expected) throws IOException {
        BatchFileRecovery recovery = scan(file, expected, false);
        recovery.records.trimToSize();
        return new RecoveredBatch(recovery.records, recovery.intactBlocks, recovery.sortedDamages(),
                recovery.recordsLost, recovery.footer != null, recovery.writer);
    }

    /**
     * Recovers the intact blocks of {@code file}, a batch file of variable-size {@code expected} records (format
     * version 2), or of another version that {@code expected} can read, as {@link #recover} says. A block whose
     * payload CRC32C matches but whose offsets table is inconsistent is lost too.
     *
     * @throws IncompatibleBatchException if the file holds other records
     * @throws BatchFileException if neither the header nor the footer survives
     */
    public static RecoveredVariableBatch recoverVariable(Path file, RecordIdentity expected) throws IOException {
        BatchFileRecovery recovery = scan(file, expected, true);
        recovery.variableRecords.trimToSize();
        return new RecoveredVariableBatch(recovery.variableRecords, recovery.intactBlocks, recovery.sortedDamages(),
                recovery.recordsLost, recovery.footer != null, recovery.writer);
    }

    private static BatchFileRecovery scan(Path file, RecordIdentity expected, boolean variableSize)
            throws IOException {
        String source = file.toString();
        try (FileChannel channel = FileChannel.open(file)) {
            long fileSize = channel.size();
            FileHeader header = null;
            BatchFileException headerDamage = null;
            try {
                header = FileHeader.read(new ChannelInput(channel.position(0), source, 0));
            } catch (BatchFileException e) {
                headerDamage = e;
            }
            Footer footer = null;
            BatchFileException footerDamage = null;
            try {
                footer = Footer.readFromEnd(channel, fileSize, source);
            } catch (BatchFileException e) {
                footerDamage = e;
            }
            FileWindow window = new FileWindow(channel, fileSize);
            long footerAt = footer == null ? fileSize
                    : fileSize - BatchFormat.TRAILER_BYTES - Footer.length(footer.blockCount());
            BatchFileRecovery recovery;
            long scanFrom;
            if (header != null) {
                header.checkMatches(expected, variableSize, source);
                recovery = new BatchFileRecovery(source, window, header.syncMarker(), header.identity(),
                        header.recordsPerBlock(), footer, variableSize);
                scanFrom = header.blocksStart();
            } else if (footer != null) {
                recovery = new BatchFileRecovery(source, window, footer.syncMarker(),
                        footerWriter(footer, expected, variableSize, footerAt, source), footer.recordsPerBlock(), footer,
                        variableSize);
                scanFrom = footer.blockCount() > 0 ? footer.blockOffsets()[0] : footerAt;
                recovery.damages.add(new Damage(0, scanFrom, 0, headerDamage.getMessage()
                        + " (the sync marker and record size were taken from the footer)"));
            } else {
                headerDamage.addSuppressed(footerDamage);
                throw headerDamage;
            }
            recovery.scan(scanFrom, footerAt);
            if (footer == null) {
                long damagedAt = Math.min(footerDamage.offset(), fileSize);
                recovery.damages.add(new Damage(damagedAt, fileSize - damagedAt, 0, footerDamage.getMessage()));
            }
            return recovery;
        }
    }

    /**
     * The writer's identity as far as the footer tells it, for a file whose header is damaged: the footer gives the
     * writer's fingerprint and record size, which must be those of {@code expected}'s version or of an earlier
     * version whose fingerprint {@code expected} knows (a later version's fingerprint means nothing to it).
     */
    private static RecordIdentity footerWriter(Footer footer, RecordIdentity expected, boolean variableSize,
            long footerAt, String source) throws IncompatibleBatchException {
        boolean footerVariable = (footer.recordSize() & BatchFormat.VARIABLE_SIZE_FLAG) != 0;
        int size = footer.recordSize() & ~BatchFormat.VARIABLE_SIZE_FLAG;
        RecordIdentity writer = null;
        for (Map.Entry<Integer, Long> version : expected.versionFingerprints().entrySet()) {
            if (version.getValue() == footer.fingerprint() && size > 0) {
                writer = new RecordIdentity(expected.recordName(), version.getKey(), footer.fingerprint(), size,
                        expected.versionFingerprints().headMap(version.getKey(), true));
            }
        }
        if (writer == null || footerVariable != variableSize || !expected.sizeFits(writer)) {
            throw new IncompatibleBatchException(source, Footer.SECTION, -1, footerAt, "schema fingerprint "
                    + BatchFormat.hex(footer.fingerprint()) + " and record size " + footer.recordSize()
                    + ", expected " + BatchFormat.hex(expected.fingerprint()) + " and " + expected.recordSize() + " of "
                    + expected.recordName() + " version " + expected.schemaVersion() + ", or the fingerprint and "
                    + "a record size of an earlier version it knows (the header, which says which version wrote "
                    + "the file, is damaged)");
        }
        return writer;
    }

    /** Scans {@code [from, to)} for blocks. */
    private void scan(long from, long to) throws IOException {
        long position = from;
        long end = to;
        long damageStart = -1;
        while (position + BLOCK_HEADER_BYTES <= end) {
            int at = window.cover(position, BLOCK_HEADER_BYTES);
            ByteBuffer bytes = window.buffer();
            if (footer == null && looksLikeFooter(bytes, at)) {
                end = position; // the blocks end here
                break;
            }
            BlockHeader block = BlockHeader.parseIfIntact(bytes, at, sync);
            if (block == null || !isPlausible(block)) {
                if (damageStart < 0) {
                    damageStart = position;
                }
                position += 8;
                continue;
            }
            if (damageStart >= 0) {
                damagedRange(damageStart, position, block.number());
                damageStart = -1;
            }
            position = recoverBlock(block, position, end);
        }
        if (damageStart < 0 && position < end) {
            damageStart = position; // a tail shorter than a block header
        }
        if (damageStart >= 0) {
            damagedRange(damageStart, end, -1);
        }
    }

    /**
     * True at the start of an unreadable footer: one whose magic survives, or whose sync marker and fingerprint
     * do (only the footer has the sync marker 8 bytes in).
     */
    private boolean looksLikeFooter(ByteBuffer bytes, int at) {
        return BatchFormat.bytesEqual(bytes, at, FOOTER_MAGIC)
                || BatchFormat.bytesEqual(bytes, at + FOOTER_MAGIC.length, sync)
                        && bytes.getLong(at + FOOTER_FINGERPRINT_AT) == fingerprint;
    }

    private boolean isPlausible(BlockHeader block) {
        return block.number() > lastNumber && block.recordCount() > 0 && block.recordCount() <= recordsPerBlock
                && block.hasPlausibleLength(variableSize, recordSize);
    }

    /** Recovers or reports the block whose intact header is at {@code position}; returns the offset after it. */
    private long recoverBlock(BlockHeader block, long position, long end) throws IOException {
        lastNumber = block.number();
        lastCount = block.recordCount();
        long blockBytes = BatchFormat.blockBytes(block.payloadLength());
        String where = source + ": block " + block.number() + " at byte offset " + position + ": ";
        if (position + blockBytes > end) {
            lose(new Damage(position, end - position, block.recordCount(), where + "the file ends at byte offset "
                    + end + ", inside the block's " + blockBytes + " bytes; " + block.recordCount()
                    + " records lost"));
            return end;
        }
        int at = window.cover(position, (int) blockBytes);
        ByteBuffer bytes = window.buffer();
        int payloadAt = at + BLOCK_HEADER_BYTES;
        int payloadEnd = payloadAt + (int) block.payloadLength();
        int crc = BatchFormat.crc32c(bytes, payloadAt, payloadEnd);
        if (crc != block.payloadCrc()) {
            lose(new Damage(position, blockBytes, block.recordCount(), where + "payload CRC32C is "
                    + BatchFormat.hex(crc) + ", the header says " + BatchFormat.hex(block.payloadCrc()) + "; "
                    + block.recordCount() + " records lost"));
            return position + blockBytes;
        }
        if (variableSize) {
            try {
                appendVariable(block, bytes, payloadAt, position);
            } catch (CorruptBatchException e) {
                lose(new Damage(position, blockBytes, block.recordCount(), e.getMessage() + "; "
                        + block.recordCount() + " records lost"));
                return position + blockBytes;
            }
        } else {
            records.appendAll(bytes, payloadAt, block.recordCount());
        }
        intactBlocks.add(block.number());
        int badPadding = BatchFormat.firstNonZero(bytes, payloadEnd, at + (int) blockBytes);
        if (badPadding >= 0) {
            damages.add(new Damage(position + (badPadding - at), 1, 0, where + "non-zero padding byte at byte offset "
                    + (position + (badPadding - at)) + "; the records are intact (payload CRC32C matches)"));
        }
        return position + blockBytes;
    }

    /** Checks the offsets table of an intact block of variable-size records and appends its records. */
    private void appendVariable(BlockHeader block, ByteBuffer bytes, int payloadAt, long position)
            throws CorruptBatchException {
        int count = block.recordCount();
        int tableAt = VariableBlock.tableAt(block.payloadLength(), count);
        int dataBytes = VariableBlock.dataLength(bytes, payloadAt + tableAt, count, bytes, payloadAt, tableAt,
                recordSize, block.number(), position + BLOCK_HEADER_BYTES, source);
        ByteBuffer room = variableRecords.blockRoom(dataBytes, 0, dataBytes);
        room.put(room.position(), bytes, payloadAt, dataBytes);
        variableRecords.commitBlock(bytes, payloadAt + tableAt, count, dataBytes);
    }

    /**
     * Reports the bytes {@code [from, to)} where no intact block header was found, followed by block
     * {@code nextNumber} (-1 at the end of the blocks).
     */
    private void damagedRange(long from, long to, int nextNumber) {
        long lost;
        String count;
        if (footer != null) {
            lost = indexedRecordsIn(from, to);
            count = lost + " records lost (from the footer's index)";
        } else if (nextNumber >= 0) {
            lost = (long) (nextNumber - lastNumber - 1) * recordsPerBlock;
            count = (nextNumber - lastNumber - 1) + " missing blocks, " + (variableSize ? "at most " : "") + lost
                    + " records lost";
        } else if (lastNumber >= 0 && lastCount < recordsPerBlock && !variableSize) {
            lost = 0;
            count = "no records lost: block " + lastNumber + " holds fewer than " + recordsPerBlock
                    + " records, so it was the last";
        } else {
            lost = Math.max(0, to - from - BLOCK_HEADER_BYTES) / recordSize;
            count = "about " + lost + " records lost (estimated from the bytes left; no footer)";
        }
        lose(new Damage(from, to - from, lost, source + ": bytes " + from + ".." + to + " hold no intact block"
                + (nextNumber >= 0 ? " before block " + nextNumber : " after the last intact block") + "; "
                + count));
    }

    private long indexedRecordsIn(long from, long to) {
        long lost = 0;
        for (int k = 0; k < footer.blockCount(); k++) {
            if (footer.blockOffsets()[k] >= from && footer.blockOffsets()[k] < to) {
                lost += footer.blockCounts()[k];
            }
        }
        return lost;
    }

    private void lose(Damage damage) {
        damages.add(damage);
        recordsLost += damage.recordsLost();
    }

    private List<Damage> sortedDamages() {
        damages.sort(Comparator.comparingLong(Damage::offset));
        return damages;
    }
}
