package dev.sdo.runtime.batch;

import static dev.sdo.runtime.batch.BatchFormat.BLOCK_HEADER_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.FOOTER_ENTRY_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.FOOTER_FIXED_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.FOOTER_MAGIC;
import static dev.sdo.runtime.batch.BatchFormat.SYNC_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.TRAILER_BYTES;
import static dev.sdo.runtime.batch.BatchFormat.hex;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * Reads a whole batch file forward from a channel into a growing {@link RecordStore}, copying each block's
 * records straight from the channel into the store's chunks. Everything is checked on the way: the header
 * against the expected record, every block's sync marker, header CRC, number, count, payload CRC32C and padding,
 * the footer against the blocks read, the trailer, and that nothing follows it. Any problem throws a
 * {@link BatchFileException} naming the source, the block and the byte offset; no record of a damaged file is
 * returned.
 *
 * <p>A file of the other kind of records than the call reads (fixed-width or variable-size) is read when it holds
 * another version of the expected record that a copy converts: code of a fixed-width version keeps, of each
 * variable-size record of a later version (one that added variable-length fields), the prefix of its fixed part
 * that the reader's version has, at the reader's record size; code of a version with variable-length fields takes
 * each record of an earlier, fixed-width version as a variable-size record of that version, without
 * variable-length data. Mapping ({@link BatchFileMapper}) cannot convert and refuses such files.
 *
 * <p>The channel must be blocking and positioned at the start of the file (offsets in messages count from
 * there). A {@link SeekableByteChannel} such as a {@code FileChannel} lets the reader size the store once from the
 * footer's record count instead of growing it.
 */
public final class BatchFileReader {
    private final ReadableByteChannel channel;
    private final ChannelInput in;
    private final RecordIdentity expected;
    /** Whether the file must hold variable-size records (format 2 with the flag), read into {@link #variableTarget}. */
    private final boolean variableSize;
    private final String source;
    /** Where the records go; null until the header gives the size of a new heap store's records. */
    private RecordStore target;
    /** Where variable-size records go; null until the header gives the size of their fixed part. */
    private VariableRecordStore variableTarget;
    private FileHeader header;
    private final WriterCheck writerCheck;

    private BatchFileReader(ReadableByteChannel channel, String source, RecordIdentity expected,
            RecordStore target, boolean variableSize, WriterCheck writerCheck) throws IOException {
        this.writerCheck = writerCheck;
        this.channel = channel;
        this.in = new ChannelInput(channel, source, 0);
        this.expected = expected;
        this.target = target;
        this.variableSize = variableSize;
        this.source = source;
    }

    /**
     * Chunk size, in bytes of records, of the heap store that a channel the reader cannot seek is read into. Such a
     * channel does not tell how many records are coming (the footer comes last), so the store grows as blocks
     * arrive; in chunks of this size it grows by adding chunks, and only the last one starts small and doubles.
     * In one chunk of the default gigabyte, every doubling would copy everything read so far, and the final
     * trim copy it once more: about 3.5 bytes allocated per byte of records read, against just over 1.
     */
    static final int STREAM_CHUNK_RECORD_BYTES = 1 << 20;

    /**
     * Reads a batch file of variable-size {@code expected} records (format version 2; {@code expected.recordSize()}
     * is the records' fixed part) from {@code in} into a new heap store, checking every block's offsets table too.
     * The file may have been written by another schema version of the record that {@code expected} can read.
     */
    public static VariableRecordStore readVariable(ReadableByteChannel in, RecordIdentity expected, String source)
            throws IOException {
        return readVariableWritten(in, expected, source).store();
    }

    /**
     * {@link #readVariable(ReadableByteChannel, RecordIdentity, String)}, and what the file says wrote the records:
     * their schema version and fixed size, which code of another version needs to read them.
     */
    public static WrittenVariableBatch readVariableWritten(ReadableByteChannel in, RecordIdentity expected,
            String source) throws IOException {
        return readVariableWritten(in, expected, source, WriterCheck.NONE);
    }

    /** {@link #readVariableWritten(ReadableByteChannel, RecordIdentity, String)}, the header's writer checked too. */
    static WrittenVariableBatch readVariableWritten(ReadableByteChannel in, RecordIdentity expected, String source,
            WriterCheck writerCheck) throws IOException {
        BatchFileReader reader = new BatchFileReader(in, source, expected, null, true, writerCheck);
        reader.readAll();
        reader.variableTarget.trimToSize();
        return new WrittenVariableBatch(reader.readIdentity(), reader.variableTarget);
    }

    /** Reads {@code file}, a batch file of variable-size records, into a new heap store. */
    public static VariableRecordStore readVariable(Path file, RecordIdentity expected) throws IOException {
        try (FileChannel channel = FileChannel.open(file)) {
            return readVariable(channel, expected, file.toString());
        }
    }

    /**
     * Reads a batch file of {@code expected} records from {@code in} into a new heap store. The file may have been
     * written by another schema version of the record that {@code expected} can read: its records are then the
     * writer's size.
     */
    public static RecordStore read(ReadableByteChannel in, RecordIdentity expected, String source) throws IOException {
        return readWritten(in, expected, source).store();
    }

    /**
     * {@link #read(ReadableByteChannel, RecordIdentity, String)}, and what the file says wrote the records: their
     * schema version and size, which code of another version needs to read them.
     */
    public static WrittenBatch readWritten(ReadableByteChannel in, RecordIdentity expected, String source)
            throws IOException {
        return readWritten(in, expected, source, WriterCheck.NONE);
    }

    /** {@link #readWritten(ReadableByteChannel, RecordIdentity, String)}, the header's writer checked too. */
    static WrittenBatch readWritten(ReadableByteChannel in, RecordIdentity expected, String source,
            WriterCheck writerCheck) throws IOException {
        BatchFileReader reader = new BatchFileReader(in, source, expected, null, false, writerCheck);
        reader.readAll();
        reader.target.trimToSize();
        return new WrittenBatch(reader.readIdentity(), reader.target);
    }

    /** Reads {@code file} into a new heap store. */
    public static RecordStore read(Path file, RecordIdentity expected) throws IOException {
        try (FileChannel channel = FileChannel.open(file)) {
            return read(channel, expected, file.toString());
        }
    }

    /**
     * Reads a batch file of {@code expected} records from {@code in}, naming it {@code source} in errors, and
     * appends its records to {@code target} (whose record size must be the expected one, and the file's: a file of
     * another schema version is refused); returns {@code target}. After an exception {@code target} may hold some
     * of the file's records.
     */
    public static RecordStore read(ReadableByteChannel in, RecordIdentity expected, String source, RecordStore target)
            throws IOException {
        if (target.recordSize() != expected.recordSize()) {
            throw new IllegalArgumentException("a store of " + target.recordSize() + "-byte records cannot hold "
                    + expected);
        }
        new BatchFileReader(in, source, expected, target, false, WriterCheck.NONE).readAll();
        target.trimToSize();
        return target;
    }

    /**
     * The record count the footer of a file announces, peeked at so that the store is sized once; 0 if the file
     * does not look complete (the forward read will then say what is wrong). Only a hint: nothing read here is
     * trusted.
     */
    private static long announcedRecords(SeekableByteChannel in, int recordSize) throws IOException {
        long start = in.position();
        long size = in.size();
        try {
            ByteBuffer trailer = readAt(in, size - TRAILER_BYTES, TRAILER_BYTES);
            if (trailer == null || !BatchFormat.bytesEqual(trailer, 16, BatchFormat.END_MAGIC)) {
                return 0;
            }
            ByteBuffer total = readAt(in, trailer.getLong(0) + 48, Long.BYTES);
            long records = total == null ? 0 : total.getLong(0);
            return records > 0 && records <= size / recordSize ? records : 0;
        } finally {
            in.position(start);
        }
    }

    private static ByteBuffer readAt(SeekableByteChannel in, long offset, int length) throws IOException {
        if (offset < 0 || offset + length > in.size()) {
            return null;
        }
        in.position(offset);
        ByteBuffer buffer = BatchFormat.littleEndian(length);
        while (buffer.hasRemaining()) {
            if (in.read(buffer) < 0) {
                return null;
            }
        }
        return buffer;
    }

    /**
     * What the records read are said to be: the writer's identity, or for records converted to fixed-width ones
     * (the known prefix of a later version's variable-size records) the reader's own.
     */
    private RecordIdentity readIdentity() {
        return header.variableSize() && !variableSize ? expected : header.identity();
    }

    private void readAll() throws IOException {
        header = FileHeader.read(in);
        header.checkReadable(expected, variableSize, source);
        writerCheck.check(readIdentity(), source);
        int fileRecordSize = header.identity().recordSize();
        // A fixed-width version's code keeps of a later version's variable-size record the fixed part it knows.
        int recordSize = readIdentity().recordSize();
        if (variableSize) {
            variableTarget = VariableRecordStore.heap(recordSize);
        } else if (target == null) {
            target = channel instanceof SeekableByteChannel ? RecordStore.heap(recordSize)
                    : RecordStore.create(recordSize, ChunkAllocation.HEAP,
                            Math.max(1, STREAM_CHUNK_RECORD_BYTES / recordSize));
        } else if (target.recordSize() != recordSize) {
            throw new IncompatibleBatchException(source, "file header", -1, 16, "the file's records of schema "
                    + "version " + header.identity().schemaVersion() + " take " + recordSize + " bytes, the store "
                    + "given holds " + target.recordSize() + "-byte records of version " + expected.schemaVersion()
                    + ": read the file into a store of its own");
        }
        if (!variableSize && channel instanceof SeekableByteChannel seekable) {
            target.ensureCapacity(target.size() + announcedRecords(seekable, fileRecordSize));
        }
        int blocks = 0;
        int previousCount = header.recordsPerBlock();
        CRC32C crc = new CRC32C();
        long[] offsets = new long[16];
        int[] crcs = new int[16];
        while (true) {
            long at = in.position();
            ByteBuffer start = BatchFormat.littleEndian(SYNC_BYTES);
            int got = in.readUpTo(start);
            if (got >= FOOTER_MAGIC.length && BatchFormat.bytesEqual(start, 0, FOOTER_MAGIC)) {
                readFooterAndTrailer(header, at, start, blocks, offsets, crcs);
                return;
            }
            String section = "block " + blocks;
            if (got < SYNC_BYTES) {
                throw new TruncatedBatchException(source, section, blocks, at, "the file ends at byte offset "
                        + in.position() + ", where block " + blocks + " or the footer should start");
            }
            if (previousCount < header.recordsPerBlock() && !header.variableSize()) {
                throw new CorruptBatchException(source, section, blocks, at, "expected the footer after block "
                        + (blocks - 1) + ", which holds fewer than " + header.recordsPerBlock() + " records, found "
                        + hex(BatchFormat.bytes(start, 0, SYNC_BYTES)));
            }
            ByteBuffer rawHeader = BatchFormat.littleEndian(BLOCK_HEADER_BYTES);
            rawHeader.put(start.flip());
            in.readFully(rawHeader, section, blocks, at);
            if (!BatchFormat.bytesEqual(rawHeader, 0, header.syncMarker())) {
                throw new CorruptBatchException(source, section, blocks, at, "expected the sync marker "
                        + hex(header.syncMarker()) + " or the footer magic " + hex(FOOTER_MAGIC) + ", found "
                        + hex(BatchFormat.bytes(rawHeader, 0, SYNC_BYTES)));
            }
            BlockHeader block = BlockHeader.readChecked(rawHeader, 0, at, blocks, header, source);
            // A file that can tell its size refuses a block longer than the bytes left before anything is
            // allocated for it; a stream gets room for a block only as its bytes arrive.
            in.requireAvailable(BatchFormat.blockBytes(block.payloadLength()) - BLOCK_HEADER_BYTES, section,
                    blocks, at);
            crc.reset();
            if (header.variableSize() != variableSize) {
                readConvertedPayload(block, at, crc);
            } else if (variableSize) {
                readVariablePayload(block, at, crc);
            } else {
                target.appendFilled(block.recordCount(), chunk -> {
                    ByteBuffer filled = chunk.duplicate();
                    in.readFully(chunk, section, block.number(), at);
                    crc.update(filled);
                });
                block.checkPayload((int) crc.getValue(), at, source);
            }
            long payloadEnd = at + BLOCK_HEADER_BYTES + block.payloadLength();
            int padding = (int) (at + BatchFormat.blockBytes(block.payloadLength()) - payloadEnd);
            block.checkPadding(in.read(padding, section, blocks, at), 0, padding, payloadEnd, source);
            if (blocks == offsets.length) {
                offsets = Arrays.copyOf(offsets, blocks * 2);
                crcs = Arrays.copyOf(crcs, blocks * 2);
            }
            offsets[blocks] = at;
            crcs[blocks] = block.payloadCrc();
            previousCount = block.recordCount();
            blocks++;
        }
    }

    /**
     * Reads the payload of a block of variable-size records: the records (and the padding after them) straight
     * into the store's room, then the offsets table; checks the payload CRC32C, then the table, and only then adds
     * the records to the store.
     */
    private void readVariablePayload(BlockHeader block, long at, CRC32C crc) throws IOException {
        String section = "block " + block.number();
        int records = block.recordCount();
        int tableAt = VariableBlock.tableAt(block.payloadLength(), records);
        // The records' bytes arrive in pieces that double, each into room made for it, so that the room taken
        // is backed by bytes read.
        for (int filled = 0; filled < tableAt; ) {
            int piece = Math.min(tableAt - filled, Math.max(ChannelInput.FIRST_PIECE, filled));
            ByteBuffer room = variableTarget.blockRoom(tableAt, filled, piece);
            ByteBuffer data = room.duplicate();
            in.readFully(room, section, block.number(), at);
            crc.update(data);
            filled += piece;
        }
        ByteBuffer data = variableTarget.blockRoom(tableAt, tableAt, 0);
        int dataIndex = data.position() - tableAt;
        ByteBuffer table = in.readClaimed(VariableBlock.tableBytes(records), section, block.number(), at);
        crc.update(table.duplicate());
        block.checkPayload((int) crc.getValue(), at, source);
        int dataBytes = VariableBlock.dataLength(table, 0, records, data, dataIndex, tableAt,
                header.identity().recordSize(), block.number(), at + BLOCK_HEADER_BYTES, source);
        variableTarget.commitBlock(table, 0, records, dataBytes);
    }

    /**
     * Reads and checks the payload of a block of the other kind of records than this reader's, whole, and converts
     * its records: a later version's variable-size records to the prefix of their fixed part that this reader's
     * (earlier, fixed-width) version has, at this version's size; an earlier version's fixed-width records to
     * variable-size records of that version, without variable-length data (docs/batch-file-format.md).
     */
    private void readConvertedPayload(BlockHeader block, long at, CRC32C crc) throws IOException {
        int records = block.recordCount();
        int fileRecordSize = header.identity().recordSize();
        ByteBuffer payload = in.readClaimed(block.payloadLength(), "block " + block.number(), block.number(), at);
        crc.update(payload.duplicate());
        block.checkPayload((int) crc.getValue(), at, source);
        if (variableSize) {
            for (int j = 0; j < records; j++) {
                variableTarget.append(payload, j * fileRecordSize, fileRecordSize);
            }
            return;
        }
        int tableAt = VariableBlock.tableAt(block.payloadLength(), records);
        VariableBlock.dataLength(payload, tableAt, records, payload, 0, tableAt, fileRecordSize, block.number(),
                at + BLOCK_HEADER_BYTES, source);
        boolean ownVersion = header.identity().schemaVersion() == expected.schemaVersion();
        for (int j = 0; j < records; j++) {
            int start = payload.getInt(tableAt + 4 * j);
            int size = payload.getInt(tableAt + 4 * j + 4) - start;
            if (ownVersion && size != fileRecordSize) {
                // The reader's own version is fixed-width: its records have nothing beyond the fixed part.
                throw new CorruptBatchException(source, "block " + block.number(), block.number(),
                        at + BLOCK_HEADER_BYTES + tableAt + 4L * (j + 1), "record " + j + " of the block takes "
                        + size + " bytes, but records of " + expected.recordName() + " version "
                        + expected.schemaVersion() + " are " + fileRecordSize + " bytes each");
            }
            target.append(payload, start);
        }
    }

    private void readFooterAndTrailer(FileHeader header, long footerAt, ByteBuffer start, int blocks, long[] offsets,
            int[] crcs) throws IOException {
        ByteBuffer fixed = BatchFormat.littleEndian(FOOTER_FIXED_BYTES);
        fixed.put(start.flip());
        in.readFully(fixed, Footer.SECTION, -1, footerAt);
        long indexed = fixed.getLong(40);
        if (indexed != blocks) {
            throw new CorruptBatchException(source, Footer.SECTION, -1, footerAt + 40, "the footer indexes "
                    + indexed + " blocks, but " + blocks + " blocks precede it");
        }
        ByteBuffer footerBytes = BatchFormat.littleEndian(Footer.length(blocks));
        footerBytes.put(fixed.flip());
        in.readFully(footerBytes, Footer.SECTION, -1, footerAt);
        long trailerAt = in.position();
        ByteBuffer trailer = in.read(TRAILER_BYTES, "trailer", -1, trailerAt);
        if (!BatchFormat.bytesEqual(trailer, 16, BatchFormat.END_MAGIC)) {
            throw new CorruptBatchException(source, "trailer", -1, trailerAt + 16, "expected the end magic "
                    + hex(BatchFormat.END_MAGIC) + ", found " + hex(BatchFormat.bytes(trailer, 16, 8)));
        }
        int storedCrc = trailer.getInt(12);
        int computedCrc = BatchFormat.crc32c(footerBytes, 0, footerBytes.capacity());
        if (storedCrc != computedCrc) {
            throw new CorruptBatchException(source, Footer.SECTION, -1, footerAt, "CRC32C of the footer's "
                    + footerBytes.capacity() + " bytes is " + hex(computedCrc) + ", but the trailer stores "
                    + hex(storedCrc) + " at byte offset " + (trailerAt + 12));
        }
        if (trailer.getLong(0) != footerAt || trailer.getInt(8) != footerBytes.capacity()) {
            throw new CorruptBatchException(source, "trailer", -1, trailerAt, "the trailer points at a footer of "
                    + Integer.toUnsignedString(trailer.getInt(8)) + " bytes at byte offset " + trailer.getLong(0)
                    + ", but the footer has " + footerBytes.capacity() + " bytes at " + footerAt);
        }
        Footer footer = Footer.decode(footerBytes, footerAt, source);
        footer.checkLayout(header, footerAt, source);
        for (int k = 0; k < blocks; k++) {
            if (footer.blockOffsets()[k] != offsets[k] || footer.blockCrcs()[k] != crcs[k]) {
                throw new CorruptBatchException(source, Footer.SECTION, -1,
                        footerAt + FOOTER_FIXED_BYTES + (long) k * FOOTER_ENTRY_BYTES, "the entry of block " + k
                        + " does not match the block read at byte offset " + offsets[k]);
            }
        }
        if (!in.atEnd()) {
            throw new CorruptBatchException(source, "trailer", -1, trailerAt + TRAILER_BYTES, "expected the end of "
                    + "the file after the trailer, found more bytes");
        }
    }
}
