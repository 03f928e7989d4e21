package dev.sdo.runtime.batch;

import dev.sdo.runtime.Flyweight;
import dev.sdo.runtime.RecordWords;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.Objects;
import java.util.Spliterator;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Many fixed-size records stored back to back in {@link ByteBuffer} chunks: the storage under a generated
 * {@code XBatch}.
 *
 * <p><b>Layout.</b> N records of S bytes take exactly N * S bytes of record data: record i is the S bytes at
 * {@link #offsetOf(long) offsetOf(i)} of {@link #chunkOf(long) chunkOf(i)}, where the chunk is number
 * {@code i / recordsPerChunk()} and the offset is {@code (i % recordsPerChunk()) * S}, so finding a record is
 * O(1). Records never straddle a chunk, and every chunk has at least {@link #SLACK} bytes after its last record,
 * so an 8-byte little-endian load at any byte of any record stays inside the chunk and field reads need no bounds
 * branches. Only the last chunk may hold fewer than {@code recordsPerChunk()} records. A chunk holds at most
 * {@link #MAX_CHUNK_RECORD_BYTES} bytes of records, so a store is not limited to 2 GiB.
 *
 * <p><b>Kinds.</b> {@link #heap(int)} and {@link #direct(int)} stores grow as records are appended: the last chunk
 * starts small and doubles until it reaches its full size, and full chunks are never copied again, so every
 * record byte is copied at most amortised once by growth. Stores returned by {@link BatchFileMapper} are
 * read-only views of a memory-mapped file whose records are read in place.
 *
 * <p><b>Access.</b> The chunk buffers returned by {@link #chunk(int)} and {@link #chunkOf(long)} are the store's
 * own: read and write them with absolute (index) methods only, as generated SDOs do; their position, limit and
 * byte order mean nothing. A generated batch typically reads record i as
 * {@code XSdo.wrap(store.chunkOf(i), store.offsetOf(i))}, appends with {@link #appendBlank()} followed by an
 * encode in place, iterates with {@link #forEach(Flyweight, Consumer)} or {@link #iterator(RecordReader)}, and
 * streams with {@link #stream(RecordReader, boolean)}.
 *
 * <p>A store is not thread-safe for appends; concurrent reads of records already appended are safe once the
 * appending thread has published the store.
 */
public final class RecordStore implements BatchStore {
    /** Bytes after the last record of every chunk: an 8-byte load at any record byte stays inside the chunk. */
    public static final int SLACK = Long.BYTES;
    /** The most record bytes one chunk holds (1 GiB): a block of a batch file, mapped, is one chunk. */
    public static final int MAX_CHUNK_RECORD_BYTES = 1 << 30;
    /**
     * The record bytes a chunk of a growing store ({@link #heap(int)}, {@link #direct(int)}) holds: 64 MiB, so that
     * a store built record by record takes its records' bytes and less than one chunk of room besides (only the
     * last chunk grows, doubling up to this size; full chunks are never copied). In chunks of a gigabyte, doubling
     * left up to as much room as records: ten million 27-byte trades took 45 bytes each.
     */
    public static final int DEFAULT_CHUNK_RECORD_BYTES = 1 << 26;
    /** The bytes of records {@link #appendFilled} makes room for at a time when the store is still small. */
    private static final int FILL_PIECE_BYTES = 1 << 16;
    /** Records a new last chunk has room for before it first doubles. */
    private static final int INITIAL_CHUNK_RECORDS = 64;

    private final int recordSize;
    private final int recordsPerChunk;
    /** How new chunks are allocated; null for a read-only store. */
    private final Allocator allocation;
    private ByteBuffer[] chunks;
    /** Chunks allocated, at least {@code ceil(size / recordsPerChunk)}. */
    private int allocatedChunks;
    private long size;
    /**
     * Where record {@link #placedIndex} lies, its chunk and its position in the chunk, kept from the last append, so
     * that appending record after record, and then finding the record just appended ({@link #chunkOf},
     * {@link #offsetOf}), divide nothing: the next record is one position on. Record 0 is at position 0 of chunk 0.
     */
    private long placedIndex;
    private int placedChunk;
    private int placedInChunk;

    private RecordStore(int recordSize, int recordsPerChunk, Allocator allocation, ByteBuffer[] chunks,
            long size) {
        this.recordSize = recordSize;
        this.recordsPerChunk = recordsPerChunk;
        this.allocation = allocation;
        this.chunks = chunks;
        this.allocatedChunks = chunks.length;
        this.size = size;
    }

    /** An empty, growing store on the Java heap with chunks of the default size. */
    public static RecordStore heap(int recordSize) {
        return create(recordSize, ChunkAllocation.HEAP, defaultRecordsPerChunk(recordSize));
    }

    /** An empty, growing store in direct buffers with chunks of the default size. */
    public static RecordStore direct(int recordSize) {
        return create(recordSize, ChunkAllocation.DIRECT, defaultRecordsPerChunk(recordSize));
    }

    /**
     * An empty, growing store whose chunks hold {@code recordsPerChunk} records each (small values are for tests
     * of chunk boundaries).
     *
     * @throws IllegalArgumentException if {@code recordSize} or {@code recordsPerChunk} is not positive or a chunk
     *     would hold more than {@link #MAX_CHUNK_RECORD_BYTES} bytes of records
     */
    public static RecordStore create(int recordSize, ChunkAllocation allocation, int recordsPerChunk) {
        return create(recordSize, (Allocator) allocation, recordsPerChunk);
    }

    /** {@link #create(int, ChunkAllocation, int)} with any allocator: tests' that fail on demand. */
    static RecordStore create(int recordSize, Allocator allocation, int recordsPerChunk) {
        checkGeometry(recordSize, recordsPerChunk);
        return new RecordStore(recordSize, recordsPerChunk, Objects.requireNonNull(allocation, "allocation"),
                new ByteBuffer[0], 0);
    }

    /**
     * A read-only store over existing chunks, each holding {@code recordsPerChunk} records (the last one the rest)
     * followed by at least {@link #SLACK} bytes.
     */
    static RecordStore readOnly(int recordSize, int recordsPerChunk, ByteBuffer[] chunks, long size) {
        checkGeometry(recordSize, recordsPerChunk);
        return new RecordStore(recordSize, recordsPerChunk, null, chunks.clone(), size);
    }

    /**
     * The records per chunk of a default store: as many as fit in {@link #DEFAULT_CHUNK_RECORD_BYTES}, at least one.
     */
    public static int defaultRecordsPerChunk(int recordSize) {
        checkGeometry(recordSize, 1);
        return Math.max(1, DEFAULT_CHUNK_RECORD_BYTES / recordSize);
    }

    private static void checkGeometry(int recordSize, int recordsPerChunk) {
        if (recordSize <= 0 || recordsPerChunk <= 0
                || (long) recordSize * recordsPerChunk > MAX_CHUNK_RECORD_BYTES) {
            throw new IllegalArgumentException("record size " + recordSize + " and " + recordsPerChunk
                    + " records per chunk: both must be positive and a chunk at most " + MAX_CHUNK_RECORD_BYTES
                    + " bytes of records");
        }
    }

    /** Bytes per record, S. */
    public int recordSize() {
        return recordSize;
    }

    /** The size in bytes of record {@code index}: every record's, {@link #recordSize()}. */
    @Override
    public int recordSize(long index) {
        Objects.checkIndex(index, size);
        return recordSize;
    }

    /** Records per chunk; every chunk but the last is full. */
    public int recordsPerChunk() {
        return recordsPerChunk;
    }

    /** The number of records. */
    public long size() {
        return size;
    }

    /** True for a store that rejects appends (a memory-mapped file). */
    @Override
    public boolean isReadOnly() {
        return allocation == null;
    }

    /** The number of chunks that hold records: {@code ceil(size / recordsPerChunk)}. */
    @Override
    public int chunkCount() {
        return (int) ((size + recordsPerChunk - 1) / recordsPerChunk);
    }

    /** Chunk {@code chunkIndex} (0 &lt;= chunkIndex &lt; {@link #chunkCount()}); its records start at offset 0. */
    @Override
    public ByteBuffer chunk(int chunkIndex) {
        Objects.checkIndex(chunkIndex, chunkCount());
        return chunks[chunkIndex];
    }

    /** How many records chunk {@code chunkIndex} holds. */
    @Override
    public int chunkRecords(int chunkIndex) {
        Objects.checkIndex(chunkIndex, chunkCount());
        return (int) Math.min(recordsPerChunk, size - (long) chunkIndex * recordsPerChunk);
    }

    /** The index of the first record of chunk {@code chunkIndex}. */
    @Override
    public long chunkFirstRecord(int chunkIndex) {
        Objects.checkIndex(chunkIndex, chunkCount());
        return (long) chunkIndex * recordsPerChunk;
    }

    /** The byte offset of the {@code j}-th record of chunk {@code chunkIndex} (j = its count: the end of its last). */
    @Override
    public int chunkRecordOffset(int chunkIndex, int j) {
        Objects.checkIndex(j, chunkRecords(chunkIndex) + 1);
        return j * recordSize;
    }

    /** The chunk that holds record {@code index}. */
    @Override
    public ByteBuffer chunkOf(long index) {
        Objects.checkIndex(index, size);
        return chunks[index == placedIndex ? placedChunk : chunkIndexOf(index)];
    }

    /** The byte offset of record {@code index} in {@link #chunkOf(long) its chunk}. */
    @Override
    public int offsetOf(long index) {
        Objects.checkIndex(index, size);
        return (index == placedIndex ? placedInChunk : (int) (index % recordsPerChunk)) * recordSize;
    }

    /** Bytes of record data: exactly {@code size() * recordSize()}. */
    public long recordBytes() {
        return size * recordSize;
    }

    /**
     * Bytes of all chunk buffers (record data, slack, and room not yet used); after {@link #trimToSize()} this is
     * {@code recordBytes() + chunkCount() * SLACK}.
     */
    public long allocatedBytes() {
        long bytes = 0;
        for (int c = 0; c < allocatedChunks; c++) {
            bytes += chunks[c].capacity();
        }
        return bytes;
    }

    /** A copy of record {@code index}'s bytes. */
    public byte[] toByteArray(long index) {
        byte[] bytes = new byte[recordSize];
        chunkOf(index).get(offsetOf(index), bytes);
        return bytes;
    }

    /** Appends a copy of the record at {@code offset} of {@code source} and returns its index. */
    public long append(ByteBuffer source, int offset) {
        return appendAll(source, offset, 1);
    }

    /** Appends a copy of {@code record}, which must be exactly {@link #recordSize()} bytes, and returns its index. */
    public long append(byte[] record) {
        if (record.length != recordSize) {
            throw new IllegalArgumentException("a record of this store is " + recordSize + " bytes, not "
                    + record.length);
        }
        return appendAll(ByteBuffer.wrap(record), 0, 1);
    }

    /**
     * Appends a record of zero bytes and returns its index, for an encoder that writes the record in place at
     * {@code offsetOf(index)} of {@code chunkOf(index)}. An encoder that fails can take the record back with
     * {@link #truncate(long) truncate(index)}.
     */
    public long appendBlank() {
        long index = size;
        int offset = reserve(index, 1) * recordSize;
        RecordWords.storeZeros(chunks[placedChunk], offset, recordSize);
        size++;
        return index;
    }

    /**
     * Appends copies of {@code records} consecutive records starting at {@code offset} of {@code source} with bulk
     * copies (one per chunk touched) and returns the index of the first. Room for all of them is made first, so
     * that an allocation that fails appends none.
     */
    public long appendAll(ByteBuffer source, int offset, int records) {
        long bytes = (long) records * recordSize;
        if (offset < 0 || records < 0 || offset + bytes > source.limit()) {
            throw new IndexOutOfBoundsException(records + " records of " + recordSize + " bytes at offset " + offset
                    + " do not fit in a buffer of limit " + source.limit());
        }
        long first = size;
        for (long at = size, end = size + records; at < end; ) {
            int count = (int) Math.min(end - at, recordsPerChunk - (int) (at % recordsPerChunk));
            reserve(at, count);
            at += count;
        }
        int from = offset;
        int remaining = records;
        while (remaining > 0) {
            int count = Math.min(remaining, recordsPerChunk - (int) (size % recordsPerChunk));
            int inChunk = (int) (size % recordsPerChunk);
            chunks[chunkIndexOf(size)].put(inChunk * recordSize, source, from, count * recordSize);
            size += count;
            from += count * recordSize;
            remaining -= count;
        }
        return first;
    }

    /** Appends copies of all records of {@code other}, which must have the same record size, chunk by chunk. */
    public long appendAll(RecordStore other) {
        if (other.recordSize != recordSize) {
            throw new IllegalArgumentException("cannot append records of " + other.recordSize
                    + " bytes to a store of " + recordSize + "-byte records");
        }
        long first = size;
        int otherChunks = other.chunkCount();
        for (int c = 0; c < otherChunks; c++) {
            appendAll(other.chunks[c], 0, other.chunkRecords(c));
        }
        return first;
    }

    /** Fills the store's room for the next records, for readers that copy records from a channel. */
    @FunctionalInterface
    interface Filler {
        /** Fills {@code target} from its position to its limit, which is a whole number of records. */
        void fill(ByteBuffer target) throws IOException;
    }

    /**
     * Appends {@code records} records whose bytes {@code filler} writes straight into the chunks, one call per
     * chunk touched, or per piece while the store is small: room is made as the records arrive, never for all of
     * {@code records} at once (a count read from a file is a claim). The records count once their filler call
     * returns.
     */
    void appendFilled(long records, Filler filler) throws IOException {
        long remaining = records;
        while (remaining > 0) {
            // No more room than the records already appended (and one piece): a count read from a stream that
            // ends early costs about twice the bytes it delivered, not what it claimed.
            long room = Math.max(FILL_PIECE_BYTES / recordSize, size);
            int count = (int) Math.min(Math.min(remaining, Math.max(1, room)),
                    recordsPerChunk - (int) (size % recordsPerChunk));
            int inChunk = reserve(size, count);
            ByteBuffer target = chunks[chunkIndexOf(size)].duplicate();
            target.limit(inChunk * recordSize + count * recordSize).position(inChunk * recordSize);
            filler.fill(target);
            size += count;
            remaining -= count;
        }
    }

    /** Drops the records from {@code newSize} on; their room is reused by later appends. */
    public void truncate(long newSize) {
        checkWritable();
        if (newSize < 0 || newSize > size) {
            throw new IllegalArgumentException("cannot truncate a store of " + size + " records to " + newSize);
        }
        size = newSize;
    }

    /**
     * Releases the room of the last chunk beyond its records and slack (one copy of that chunk, unless it has no
     * spare room).
     */
    public void trimToSize() {
        checkWritable();
        int used = chunkCount();
        for (int c = used; c < allocatedChunks; c++) {
            chunks[c] = null;
        }
        allocatedChunks = used;
        if (used > 0 && capacityInRecords(chunks[used - 1]) != chunkRecords(used - 1)) {
            resizeChunk(used - 1, chunkRecords(used - 1));
        }
    }

    /**
     * Makes room for {@code records} records in all, so that appends up to that size neither allocate nor copy:
     * for a reader that knows how many records are coming.
     */
    public void ensureCapacity(long records) {
        checkWritable();
        if (records <= size) {
            return;
        }
        int lastChunk = chunkIndexOf(records - 1);
        for (int c = chunkIndexOf(size); c <= lastChunk; c++) {
            int needed = (int) Math.min(recordsPerChunk, records - (long) c * recordsPerChunk);
            if (c == allocatedChunks) {
                addChunk(needed);
            } else if (capacityInRecords(chunks[c]) < needed) {
                resizeChunk(c, needed);
            }
        }
    }

    /**
     * Makes room for {@code count} records from record {@code at} (at or after {@code size}; count never crosses the
     * end of its chunk) and returns the record position inside the chunk where they go. Each buffer is allocated
     * before the store takes it on, so one that cannot be allocated leaves the store as it was.
     */
    private int reserve(long at, int count) {
        checkWritable();
        place(at);
        int chunkIndex = placedChunk;
        int inChunk = placedInChunk;
        if (chunkIndex == allocatedChunks) {
            addChunk(Math.min(INITIAL_CHUNK_RECORDS, recordsPerChunk));
        }
        int needed = inChunk + count;
        // Compared in bytes, not in records, so that an append divides nothing (needed <= recordsPerChunk, so its
        // bytes fit an int: a chunk holds at most MAX_CHUNK_RECORD_BYTES).
        if (chunks[chunkIndex].capacity() - SLACK < needed * recordSize) {
            resizeChunk(chunkIndex, ChunkAllocation.grownRoom(needed, capacityInRecords(chunks[chunkIndex]),
                    recordsPerChunk));
        }
        return inChunk;
    }

    private void addChunk(int records) {
        if (allocatedChunks == chunks.length) {
            ByteBuffer[] grown = new ByteBuffer[Math.max(4, chunks.length * 2)];
            System.arraycopy(chunks, 0, grown, 0, allocatedChunks);
            chunks = grown;
        }
        // Allocated before it is counted: a store whose allocation fails stays as it was.
        ByteBuffer chunk = allocation.allocate(records * recordSize + SLACK);
        chunks[allocatedChunks++] = chunk;
    }

    /** Replaces chunk {@code chunkIndex} with one of room for {@code records} records, keeping its records. */
    private void resizeChunk(int chunkIndex, int records) {
        long recordsInChunk = Math.max(0, Math.min(recordsPerChunk, size - (long) chunkIndex * recordsPerChunk));
        int keep = (int) Math.min(recordsInChunk, records) * recordSize;
        chunks[chunkIndex] = allocation.resized(chunks[chunkIndex], records * recordSize + SLACK, keep);
    }

    private int capacityInRecords(ByteBuffer chunk) {
        return (chunk.capacity() - SLACK) / recordSize;
    }

    /**
     * Makes record {@code index} the one placed ({@link #placedIndex}): one position on from the record placed
     * before when it is the next one, else by division.
     */
    private void place(long index) {
        if (index == placedIndex) {
            return;
        }
        if (index == placedIndex + 1) {
            if (++placedInChunk == recordsPerChunk) {
                placedChunk++;
                placedInChunk = 0;
            }
        } else {
            placedChunk = chunkIndexOf(index);
            placedInChunk = (int) (index - (long) placedChunk * recordsPerChunk);
        }
        placedIndex = index;
    }

    private int chunkIndexOf(long index) {
        return (int) (index / recordsPerChunk);
    }

    private void checkWritable() {
        if (allocation == null) {
            throw new UnsupportedOperationException("this store is read-only (a memory-mapped batch file)");
        }
    }

    /**
     * Visits every record in order with one cursor: {@code cursor} is moved to each record in turn and handed to
     * {@code action}. Allocates nothing per record.
     */
    public <C extends Flyweight> void forEach(C cursor, Consumer<? super C> action) {
        int count = chunkCount();
        for (int c = 0; c < count; c++) {
            ByteBuffer chunk = chunks[c];
            int end = chunkRecords(c) * recordSize;
            for (int offset = 0; offset < end; offset += recordSize) {
                cursor.moveTo(chunk, offset);
                action.accept(cursor);
            }
        }
    }

    /**
     * An iterator over the records present now, each made by {@code reader}: with
     * {@link RecordReader#moving(Flyweight) RecordReader.moving(cursor)} every {@code next()} returns the one cursor,
     * moved to the next record, allocating nothing per record; with {@code XSdo::wrap} a new view each time.
     */
    public <T> Iterator<T> iterator(RecordReader<? extends T> reader) {
        Objects.requireNonNull(reader, "reader");
        return new RecordIterator<>(this, false, reader, size);
    }

    /**
     * A spliterator over the records present now, each made by {@code reader} (for example {@code XSdo::wrap}),
     * splitting on chunk or record boundaries.
     */
    public <T> Spliterator<T> spliterator(RecordReader<T> reader) {
        Objects.requireNonNull(reader, "reader");
        return new RecordSpliterator<>(this, false, 0, size, () -> reader);
    }

    /**
     * A spliterator that hands out one flyweight per split, made by {@code cursors} and moved from record to
     * record: no allocation per record, but each element is valid only until the next one of its split.
     */
    public <C extends Flyweight> Spliterator<C> flyweightSpliterator(Supplier<? extends C> cursors) {
        Objects.requireNonNull(cursors, "cursors");
        return new RecordSpliterator<>(this, false, 0, size, () -> RecordReader.moving(cursors.get()));
    }

    /** A stream of the records present now, each made by {@code reader}; parallel if asked. */
    public <T> Stream<T> stream(RecordReader<T> reader, boolean parallel) {
        return StreamSupport.stream(spliterator(reader), parallel);
    }

    /**
     * A new growing store (of the same allocation, or on the heap for a read-only store) holding record
     * {@code order[k]} of this store as record k: with a permutation from {@link RecordSort}, the sorted records.
     */
    public RecordStore permuted(int[] order) {
        RecordStore result = create(recordSize, allocation == null ? ChunkAllocation.HEAP : allocation,
                recordsPerChunk);
        for (int index : order) {
            result.append(chunkOf(index), offsetOf(index));
        }
        return result;
    }
}
