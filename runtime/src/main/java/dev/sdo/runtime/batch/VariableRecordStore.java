package dev.sdo.runtime.batch;

import dev.sdo.runtime.Flyweight;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Objects;
import java.util.Spliterator;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Many records of variable size (records with {@code string}, {@code bytes} or {@code list} fields) stored back
 * to back in {@link ByteBuffer} chunks, with an offsets index: the storage under a generated {@code XBatch} of
 * such records.
 *
 * <p><b>Layout.</b> Each chunk holds whole records back to back from byte 0 (at most
 * {@link #MAX_CHUNK_RECORD_BYTES} bytes of them) followed by at least {@link #SLACK} bytes, and has an offsets
 * table of 32-bit little-endian entries: where each of its records starts, then where its last record ends, so
 * record j of a chunk is the bytes {@code table[j] .. table[j + 1] - 1}. Record i is in the chunk whose first
 * record index is the largest one not above i: the last chunk when i is there (always, for a store of less than
 * one chunk of records), else a binary search over the chunks' first indexes (a few dozen chunks). Finding a
 * record is therefore a constant number of loads, and a scan walks each table in order. The index costs 4 bytes
 * per record and 4 per chunk; {@link #recordBytes()} counts the records' bytes alone.
 *
 * <p>The table has the form of the offsets table that ends every block of a batch file of variable-size records
 * (docs/batch-file-format.md), so a memory-mapped file ({@link BatchFileMapper#mapVariable}) is a read-only store
 * whose chunks and tables are the blocks' bytes, read in place.
 *
 * <p><b>Growth.</b> {@link #heap(int)} and {@link #direct(int)} stores grow as records are appended: the last
 * chunk and its table start small and double until the chunk holds 64 MiB of records
 * ({@link RecordStore#DEFAULT_CHUNK_RECORD_BYTES}), then a new chunk starts; a larger record gets a chunk of its own,
 * of its size; full chunks are never copied again. So the room a store keeps besides its records is less than one
 * chunk's, and the room left at the end of each full chunk, less than the record that started the next. A record
 * of {@code n} bytes is appended by copying it in ({@link #append(ByteBuffer, int, int)}) or by reserving {@code n}
 * zero bytes that an encoder then writes in place ({@link #appendBlank(int)}).
 *
 * <p>Every record takes at least {@link #minRecordSize()} bytes (the generated record's fixed part,
 * {@code XSdo.BYTES}) and at most {@link #MAX_CHUNK_RECORD_BYTES}. The chunk buffers are the store's own: read
 * them with absolute methods only. A store is not thread-safe for appends; concurrent reads of records already
 * appended are safe once the appending thread has published the store.
 */
public final class VariableRecordStore implements BatchStore {
    /** Bytes after the last record of every chunk: an 8-byte load at any record byte stays inside the chunk. */
    public static final int SLACK = RecordStore.SLACK;
    /** The most record bytes one chunk holds (1 GiB), and so the largest record a store holds. */
    public static final int MAX_CHUNK_RECORD_BYTES = RecordStore.MAX_CHUNK_RECORD_BYTES;
    private static final int INITIAL_CHUNK_BYTES = 4096;
    private static final int INITIAL_TABLE_ENTRIES = 64;

    private final int minRecordSize;
    /** The most record bytes a chunk holds: the largest record or block the store takes. */
    private final int maxChunkBytes;
    /**
     * The record bytes past which a chunk that holds records takes no more: a larger record (or block) starts a
     * chunk of its own, sized to it. Growing stores' chunks hold {@link RecordStore#DEFAULT_CHUNK_RECORD_BYTES}, so
     * that only the last chunk has room to spare, and less than that.
     */
    private final int fullChunkBytes;
    /** How new chunks are allocated; null for a read-only store. */
    private final Allocator allocation;
    private ByteBuffer[] chunks;
    /** Per chunk: little-endian starts of its records, then the end of its last one ({@code counts[c] + 1} used). */
    private ByteBuffer[] tables;
    private int[] counts;
    private long[] firstRecords;
    /** Chunks that hold records; each holds at least one. */
    private int chunkCount;
    /** Chunks allocated, at least {@code chunkCount}; the ones beyond are empty and reused by appends. */
    private int allocatedChunks;
    private long size;
    private long recordBytes;

    private VariableRecordStore(int minRecordSize, int maxChunkBytes, int fullChunkBytes, Allocator allocation,
            int chunkSlots) {
        this.minRecordSize = minRecordSize;
        this.maxChunkBytes = maxChunkBytes;
        this.fullChunkBytes = fullChunkBytes;
        this.allocation = allocation;
        this.chunks = new ByteBuffer[chunkSlots];
        this.tables = new ByteBuffer[chunkSlots];
        this.counts = new int[chunkSlots];
        this.firstRecords = new long[chunkSlots];
    }

    /** An empty, growing store on the Java heap of records of at least {@code minRecordSize} bytes. */
    public static VariableRecordStore heap(int minRecordSize) {
        return growing(minRecordSize, ChunkAllocation.HEAP);
    }

    /** An empty, growing store in direct buffers of records of at least {@code minRecordSize} bytes. */
    public static VariableRecordStore direct(int minRecordSize) {
        return growing(minRecordSize, ChunkAllocation.DIRECT);
    }

    /**
     * A store whose chunks take records up to {@link RecordStore#DEFAULT_CHUNK_RECORD_BYTES} (64 MiB) each, and a
     * record of up to {@link #MAX_CHUNK_RECORD_BYTES} in a chunk of its own: a store built record by record keeps
     * its records' bytes and less than one such chunk of room besides (chunks of a gigabyte, doubling, left up to as
     * much room as records).
     */
    private static VariableRecordStore growing(int minRecordSize, ChunkAllocation allocation) {
        checkGeometry(minRecordSize, MAX_CHUNK_RECORD_BYTES);
        return new VariableRecordStore(minRecordSize, MAX_CHUNK_RECORD_BYTES, RecordStore.DEFAULT_CHUNK_RECORD_BYTES,
                allocation, 4);
    }

    /**
     * An empty, growing store whose chunks hold at most {@code maxChunkBytes} bytes of records each (small values
     * are for tests of chunk boundaries; a record larger than that is refused).
     *
     * @throws IllegalArgumentException unless {@code 0 < minRecordSize <= maxChunkBytes <= MAX_CHUNK_RECORD_BYTES}
     */
    public static VariableRecordStore create(int minRecordSize, ChunkAllocation allocation, int maxChunkBytes) {
        return create(minRecordSize, (Allocator) allocation, maxChunkBytes);
    }

    /** {@link #create(int, ChunkAllocation, int)} with any allocator: tests' that fail on demand. */
    static VariableRecordStore create(int minRecordSize, Allocator allocation, int maxChunkBytes) {
        checkGeometry(minRecordSize, maxChunkBytes);
        return new VariableRecordStore(minRecordSize, maxChunkBytes, maxChunkBytes,
                Objects.requireNonNull(allocation, "allocation"), 4);
    }

    /**
     * A read-only store over existing chunks: chunk c holds {@code counts[c]} records located by the
     * little-endian table at index 0 of {@code tables[c]}, and has at least {@link #SLACK} bytes after them.
     */
    static VariableRecordStore readOnly(int minRecordSize, ByteBuffer[] chunks, ByteBuffer[] tables, int[] counts) {
        checkGeometry(minRecordSize, MAX_CHUNK_RECORD_BYTES);
        VariableRecordStore store = new VariableRecordStore(minRecordSize, MAX_CHUNK_RECORD_BYTES,
                MAX_CHUNK_RECORD_BYTES, null, Math.max(1, chunks.length));
        for (int c = 0; c < chunks.length; c++) {
            store.chunks[c] = chunks[c];
            store.tables[c] = tables[c].order(ByteOrder.LITTLE_ENDIAN);
            store.counts[c] = counts[c];
            store.firstRecords[c] = store.size;
            store.size += counts[c];
            store.recordBytes += store.used(c);
        }
        store.chunkCount = chunks.length;
        store.allocatedChunks = chunks.length;
        return store;
    }

    private static void checkGeometry(int minRecordSize, int maxChunkBytes) {
        if (minRecordSize <= 0 || maxChunkBytes < minRecordSize || maxChunkBytes > MAX_CHUNK_RECORD_BYTES) {
            throw new IllegalArgumentException("records of at least " + minRecordSize + " bytes in chunks of at most "
                    + maxChunkBytes + " bytes: the size must be positive and a chunk hold a record and at most "
                    + MAX_CHUNK_RECORD_BYTES + " bytes");
        }
    }

    /** The least bytes a record takes: the fixed part of the generated record. */
    public int minRecordSize() {
        return minRecordSize;
    }

    /** The number of records. */
    public long size() {
        return size;
    }

    /** True for a store that rejects appends (a memory-mapped batch file). */
    @Override
    public boolean isReadOnly() {
        return allocation == null;
    }

    /** Bytes of record data: the sum of the records' sizes, no index, slack or unused room. */
    public long recordBytes() {
        return recordBytes;
    }

    /** Bytes of the offsets index: 4 per record and 4 per chunk. */
    public long indexBytes() {
        return 4 * (size + chunkCount);
    }

    /**
     * Bytes of all chunk buffers and tables (records, index, slack, and room not yet used); after
     * {@link #trimToSize()} this is {@code recordBytes() + indexBytes() + chunkCount() * SLACK} plus the room left
     * at the end of each full chunk, which is less than the record that started the next one.
     */
    public long allocatedBytes() {
        long bytes = 0;
        for (int c = 0; c < allocatedChunks; c++) {
            bytes += chunks[c].capacity() + tables[c].capacity();
        }
        return bytes;
    }

    /** The number of chunks that hold records. */
    @Override
    public int chunkCount() {
        return chunkCount;
    }

    /** Chunk {@code chunkIndex}: its records start at offset 0. */
    @Override
    public ByteBuffer chunk(int chunkIndex) {
        Objects.checkIndex(chunkIndex, chunkCount);
        return chunks[chunkIndex];
    }

    /** How many records chunk {@code chunkIndex} holds. */
    @Override
    public int chunkRecords(int chunkIndex) {
        Objects.checkIndex(chunkIndex, chunkCount);
        return counts[chunkIndex];
    }

    /** The index of the first record of chunk {@code chunkIndex}. */
    @Override
    public long chunkFirstRecord(int chunkIndex) {
        Objects.checkIndex(chunkIndex, chunkCount);
        return firstRecords[chunkIndex];
    }

    /** The byte offset of the {@code j}-th record of chunk {@code chunkIndex} (j = its count: the end of its last). */
    @Override
    public int chunkRecordOffset(int chunkIndex, int j) {
        Objects.checkIndex(j, chunkRecords(chunkIndex) + 1);
        return tables[chunkIndex].getInt(4 * j);
    }

    /** The chunk that holds record {@code index}. */
    @Override
    public ByteBuffer chunkOf(long index) {
        return chunks[chunkIndexOf(index)];
    }

    /** The byte offset of record {@code index} in {@link #chunkOf(long) its chunk}. */
    @Override
    public int offsetOf(long index) {
        int c = chunkIndexOf(index);
        return tables[c].getInt(4 * (int) (index - firstRecords[c]));
    }

    /** The size in bytes of record {@code index}. */
    public int recordSize(long index) {
        int c = chunkIndexOf(index);
        int j = (int) (index - firstRecords[c]);
        return tables[c].getInt(4 * j + 4) - tables[c].getInt(4 * j);
    }

    /** A copy of record {@code index}'s bytes. */
    public byte[] toByteArray(long index) {
        int c = chunkIndexOf(index);
        int j = (int) (index - firstRecords[c]);
        int start = tables[c].getInt(4 * j);
        byte[] bytes = new byte[tables[c].getInt(4 * j + 4) - start];
        chunks[c].get(start, bytes);
        return bytes;
    }

    /** The chunk of record {@code index}: the last chunk, or the one a binary search of first indexes finds. */
    private int chunkIndexOf(long index) {
        Objects.checkIndex(index, size);
        int last = chunkCount - 1;
        if (index >= firstRecords[last]) {
            return last;
        }
        int found = Arrays.binarySearch(firstRecords, 0, last, index);
        return found >= 0 ? found : -found - 2;
    }

    /** Bytes of records in chunk {@code c}: the end of its last record. */
    private int used(int c) {
        return tables[c].getInt(4 * counts[c]);
    }

    /** Appends a copy of the {@code length} bytes at {@code offset} of {@code source} as a record; returns its index. */
    public long append(ByteBuffer source, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, source.limit());
        int c = reserve(length);
        chunks[c].put(used(c), source, offset, length);
        return commit(c, length);
    }

    /** Appends a copy of {@code record} and returns its index. */
    public long append(byte[] record) {
        return append(record, record.length);
    }

    /** Appends a copy of the first {@code length} bytes of {@code bytes} as a record and returns its index. */
    public long append(byte[] bytes, int length) {
        return append(ByteBuffer.wrap(bytes), 0, length);
    }

    /**
     * Appends a record of {@code length} zero bytes and returns its index, for an encoder that writes the record
     * in place at {@code offsetOf(index)} of {@code chunkOf(index)}. An encoder that fails can take the record
     * back with {@link #truncate(long) truncate(index)}.
     *
     * @throws IllegalArgumentException if {@code length} is below {@link #minRecordSize()} or above a chunk's room
     */
    public long appendBlank(int length) {
        int c = reserve(length);
        ByteBuffer chunk = chunks[c];
        int start = used(c);
        if (chunk.hasArray()) {
            // One fill, in wide stores: byte stores would also stall the encoder's wider loads of the same bytes.
            Arrays.fill(chunk.array(), chunk.arrayOffset() + start, chunk.arrayOffset() + start + length, (byte) 0);
        } else {
            for (int i = 0; i < length; i++) {
                chunk.put(start + i, (byte) 0);
            }
        }
        return commit(c, length);
    }

    /** Appends copies of all records of {@code other}, which must have the same least record size. */
    public long appendAll(VariableRecordStore other) {
        if (other.minRecordSize != minRecordSize) {
            throw new IllegalArgumentException("cannot append records of at least " + other.minRecordSize
                    + " bytes to a store of records of at least " + minRecordSize);
        }
        long first = size;
        for (int c = 0; c < other.chunkCount; c++) {
            ByteBuffer table = other.tables[c];
            for (int j = 0; j < other.counts[c]; j++) {
                int start = table.getInt(4 * j);
                append(other.chunks[c], start, table.getInt(4 * j + 4) - start);
            }
        }
        return first;
    }

    /**
     * Room for the bytes {@code filled .. filled + more - 1} of a block of records of {@code dataBytes} bytes in all,
     * in one chunk: a buffer positioned where they go, with its limit {@code more} bytes further on. The block's
     * first {@code filled} bytes, written into earlier rooms, are kept. A reader calls this as the block's bytes
     * arrive, so that a block's claimed size costs no more room than the bytes it delivered (and one piece). The
     * records count once {@link #commitBlock} has been called; until then the store's records are unchanged.
     */
    ByteBuffer blockRoom(int dataBytes, int filled, int more) {
        int c = blockChunk(dataBytes, filled + more);
        int used = used(c);
        int needed = used + filled + more;
        if (chunks[c].capacity() - SLACK < needed) {
            chunks[c] = allocation.resized(chunks[c],
                    ChunkAllocation.grownRoom(needed, chunks[c].capacity() - SLACK, fullChunkBytes) + SLACK,
                    used + filled);
        }
        return chunks[c].duplicate().limit(needed).position(used + filled);
    }

    /**
     * The chunk a block of {@code dataBytes} bytes goes to: the last one, or a new one, with room for {@code room} of
     * them to begin with, when it does not fit there.
     */
    private int blockChunk(int dataBytes, int room) {
        checkWritable();
        if (dataBytes < 0 || dataBytes > maxChunkBytes) {
            throw new IllegalArgumentException("a block of " + dataBytes + " bytes of records: a chunk holds at most "
                    + maxChunkBytes);
        }
        int c = chunkCount - 1;
        if (c < 0 || counts[c] > 0 && (long) used(c) + dataBytes > fullChunkBytes) {
            c = openChunk(room);
        }
        return c;
    }

    /**
     * Adds the {@code records} records written into the last {@link #blockRoom}, whose starts relative to the
     * room's start are the little-endian entries from index {@code tableIndex} of {@code table}, ending at
     * {@code dataBytes}. The caller has checked the table ({@link VariableBlock#dataLength}), so its entries, and
     * the room they take in the index, are backed by bytes read.
     */
    void commitBlock(ByteBuffer table, int tableIndex, int records, int dataBytes) {
        int c = chunkCount - 1;
        int entries = counts[c] + records + 1;
        if (tables[c].capacity() < 4L * entries) {
            resizeTable(c, ChunkAllocation.grownRoom(entries, tables[c].capacity() / 4, Integer.MAX_VALUE / 4));
        }
        int base = used(c);
        ByteBuffer target = tables[c];
        int first = counts[c];
        for (int j = 1; j <= records; j++) {
            target.putInt(4 * (first + j), base + table.getInt(tableIndex + 4 * j));
        }
        counts[c] += records;
        size += records;
        recordBytes += dataBytes;
    }

    /**
     * Makes room for a record of {@code bytes} bytes in one chunk (the last one, or a new one when it does not fit
     * in it) and returns that chunk.
     */
    private int reserve(int bytes) {
        if (bytes < minRecordSize || bytes > maxChunkBytes) {
            checkWritable();
            throw new IllegalArgumentException("a record of " + bytes + " bytes: a record of this store takes at "
                    + "least " + minRecordSize + " bytes and a chunk at most " + maxChunkBytes);
        }
        int c = blockChunk(bytes, bytes);
        int used = used(c);
        if (chunks[c].capacity() - SLACK < used + bytes) {
            resizeChunk(c, ChunkAllocation.grownRoom(used + bytes, chunks[c].capacity() - SLACK, fullChunkBytes));
        }
        int entries = counts[c] + 2;
        if (tables[c].capacity() < 4L * entries) {
            resizeTable(c, ChunkAllocation.grownRoom(entries, tables[c].capacity() / 4, Integer.MAX_VALUE / 4));
        }
        return c;
    }

    private long commit(int c, int length) {
        int end = used(c) + length;
        counts[c]++;
        tables[c].putInt(4 * counts[c], end);
        recordBytes += length;
        return size++;
    }

    /**
     * Starts a new last chunk (reusing an allocated empty one) with room for {@code recordBytes} bytes of records,
     * and returns its index. Everything is allocated before the chunk counts, so a store whose allocation fails
     * stays as it was.
     */
    private int openChunk(int recordBytes) {
        int c = chunkCount;
        // A store's first chunk takes its first record as it is: a store that holds one record (a document read
        // from XML, say) then takes that record's bytes, not a chunk's; one that goes on grows it as it goes.
        int room = c == 0 ? recordBytes : Math.max(recordBytes, Math.min(INITIAL_CHUNK_BYTES, fullChunkBytes));
        if (c == allocatedChunks) {
            if (c == chunks.length) {
                int grown = chunks.length * 2;
                chunks = Arrays.copyOf(chunks, grown);
                tables = Arrays.copyOf(tables, grown);
                counts = Arrays.copyOf(counts, grown);
                firstRecords = Arrays.copyOf(firstRecords, grown);
            }
            ByteBuffer chunk = allocation.allocate(room + SLACK);
            tables[c] = allocation.allocate(4 * INITIAL_TABLE_ENTRIES).order(ByteOrder.LITTLE_ENDIAN);
            chunks[c] = chunk;
            allocatedChunks++;
        } else if (chunks[c].capacity() - SLACK < recordBytes) {
            chunks[c] = allocation.resized(chunks[c], room + SLACK, 0);
        }
        counts[c] = 0;
        tables[c].putInt(0, 0);
        firstRecords[c] = size;
        chunkCount++;
        return c;
    }

    private void resizeChunk(int c, int recordBytesRoom) {
        chunks[c] = allocation.resized(chunks[c], recordBytesRoom + SLACK, Math.min(used(c), recordBytesRoom));
    }

    private void resizeTable(int c, int entries) {
        tables[c] = allocation.resized(tables[c], 4 * entries, 4 * Math.min(counts[c] + 1, entries));
    }

    /** Drops the records from {@code newSize} on; their room is reused by later appends. */
    public void truncate(long newSize) {
        checkWritable();
        if (newSize < 0 || newSize > size) {
            throw new IllegalArgumentException("cannot truncate a store of " + size + " records to " + newSize);
        }
        while (chunkCount > 0 && firstRecords[chunkCount - 1] >= newSize) {
            recordBytes -= used(chunkCount - 1);
            chunkCount--;
        }
        if (chunkCount > 0) {
            int c = chunkCount - 1;
            recordBytes -= used(c);
            counts[c] = (int) (newSize - firstRecords[c]);
            recordBytes += used(c);
        }
        size = newSize;
    }

    /**
     * Releases the room beyond the records, slack and index: one copy of the last chunk, and of each table with
     * room to spare. Full chunks are not copied; the room at their end is less than one record.
     */
    public void trimToSize() {
        checkWritable();
        for (int c = chunkCount; c < allocatedChunks; c++) {
            chunks[c] = null;
            tables[c] = null;
        }
        allocatedChunks = chunkCount;
        for (int c = 0; c < chunkCount; c++) {
            if (tables[c].capacity() != 4 * (counts[c] + 1)) {
                resizeTable(c, counts[c] + 1);
            }
        }
        if (chunkCount > 0 && chunks[chunkCount - 1].capacity() != used(chunkCount - 1) + SLACK) {
            resizeChunk(chunkCount - 1, used(chunkCount - 1));
        }
    }

    private void checkWritable() {
        if (allocation == null) {
            throw new UnsupportedOperationException("this store is read-only (a memory-mapped batch file)");
        }
    }

    /**
     * Visits every record in order with one cursor: {@code cursor} is moved to each record in turn and handed to
     * {@code action}. Allocates nothing per record.
     *
     * @throws dev.sdo.runtime.CorruptDataException when a record says it takes other than the bytes the offsets
     *     index gives it ({@link Flyweight#byteSize()}), before the cursor is handed out
     */
    public <C extends Flyweight> void forEach(C cursor, Consumer<? super C> action) {
        for (int c = 0; c < chunkCount; c++) {
            ByteBuffer chunk = chunks[c];
            ByteBuffer table = tables[c];
            int end = 4 * counts[c];
            int start = end == 0 ? 0 : table.getInt(0);
            for (int entry = 4; entry <= end; entry += 4) {
                int next = table.getInt(entry);
                cursor.moveTo(chunk, start, next - start);
                Flyweight.checkSize(cursor, next - start, firstRecords[c] + entry / 4 - 1);
                action.accept(cursor);
                start = next;
            }
        }
    }

    /**
     * An iterator over the records present now, each made by {@code reader}: with
     * {@link RecordReader#moving(Flyweight) RecordReader.moving(cursor)} every {@code next()} returns the one cursor,
     * moved to the next record.
     */
    public <T> Iterator<T> iterator(RecordReader<? extends T> reader) {
        Objects.requireNonNull(reader, "reader");
        return new RecordIterator<>(this, true, reader, size);
    }

    /** A spliterator over the records present now, each made by {@code reader}, splitting at chunk or record bounds. */
    public <T> Spliterator<T> spliterator(RecordReader<T> reader) {
        Objects.requireNonNull(reader, "reader");
        return new RecordSpliterator<>(this, true, 0, size, () -> reader);
    }

    /** A spliterator that hands out one flyweight per split, moved from record to record. */
    public <C extends Flyweight> Spliterator<C> flyweightSpliterator(Supplier<? extends C> cursors) {
        Objects.requireNonNull(cursors, "cursors");
        return new RecordSpliterator<>(this, true, 0, size, () -> RecordReader.moving(cursors.get()));
    }

    /** A stream of the records present now, each made by {@code reader}; parallel if asked. */
    public <T> Stream<T> stream(RecordReader<T> reader, boolean parallel) {
        return StreamSupport.stream(spliterator(reader), parallel);
    }

    /**
     * A new growing store (of the same allocation, or on the heap for a read-only store) holding record
     * {@code order[k]} of this store as record k: with a permutation from {@link RecordSort}, the sorted records.
     */
    public VariableRecordStore permuted(int[] order) {
        VariableRecordStore result = new VariableRecordStore(minRecordSize, maxChunkBytes,
                allocation == null ? RecordStore.DEFAULT_CHUNK_RECORD_BYTES : fullChunkBytes,
                allocation == null ? ChunkAllocation.HEAP : allocation, 4);
        for (int index : order) {
            int c = chunkIndexOf(index);
            int j = index - (int) firstRecords[c];
            int start = tables[c].getInt(4 * j);
            result.append(chunks[c], start, tables[c].getInt(4 * j + 4) - start);
        }
        return result;
    }
}
