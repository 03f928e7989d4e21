package dev.sdo.runtime.batch;

import dev.sdo.runtime.Flyweight;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;

/**
 * Many fixed-size records in one contiguous {@link RecordStore}, {@code XSdo.BYTES} bytes each, with no object per
 * record; read through {@code XSdo} views, and written to and read from {@code .sdob} batch files. The generated
 * {@code XBatch} of a record without variable-length fields extends this class, fixing its type parameters; it
 * adds its constructors and the static {@code direct}, {@code over}, {@code readFrom} and {@code map}, which make
 * its records with {@link #heapRecords}, {@link #directRecords}, {@link #storeRecords}, {@link #fileRecords} and
 * {@link #mappedRecords}.
 *
 * <p>Iteration ({@code for (XSdo record : batch)}, {@link #forEach}, {@link #stream}) gives every record a view of its
 * own; {@link #forEachCursor} moves one cursor from record to record and allocates nothing per record.
 *
 * @param <T> the record's interface, {@code X}
 * @param <S> its SDO, {@code XSdo}, which implements {@code X}
 * @param <B> the batch class itself, {@code XBatch}
 */
public abstract class FixedBatch<T, S extends Flyweight, B extends FixedBatch<T, S, B>> extends RecordBatch<T, S, B> {
    private static final long serialVersionUID = 1L;

    /** Not final only because {@link #readRecords} sets it. */
    private transient RecordStore store;

    /**
     * A batch of {@code records}, which the generated subclass made with one of the static methods below.
     *
     * @throws IllegalArgumentException if this code cannot read records of their writer
     */
    protected FixedBatch(WrittenBatch records) {
        super(records.writer());
        this.store = records.store();
    }

    /** A batch of {@code records} of the same writer as this one: for sorted copies. */
    protected abstract B with(WrittenBatch records);

    /** An empty heap store of this code's records, which grows as records are added. */
    protected static WrittenBatch heapRecords(RecordType<?, ?> type) {
        return new WrittenBatch(type.identity(), RecordStore.heap(type.recordSize()));
    }

    /** An empty store in direct (off-heap) memory, which grows as records are added. */
    protected static WrittenBatch directRecords(RecordType<?, ?> type) {
        return new WrittenBatch(type.identity(), RecordStore.direct(type.recordSize()));
    }

    /**
     * {@code store} as this code's records, which it must hold: for readers that encode records straight into a
     * store, such as the CSV and XML bindings.
     *
     * @throws IllegalArgumentException if the store's records are not of this code's size
     */
    protected static WrittenBatch storeRecords(RecordType<?, ?> type, RecordStore store) {
        if (store.recordSize() != type.recordSize()) {
            throw new IllegalArgumentException("a store of " + store.recordSize() + "-byte records cannot hold "
                    + type.simpleName() + " records");
        }
        return new WrittenBatch(type.identity(), store);
    }

    /**
     * The records of a batch file read from {@code in} into a new heap store.
     *
     * @throws IOException that says what is wrong and where, when the input is damaged, is no batch file, or holds
     *     other records
     */
    protected static WrittenBatch fileRecords(RecordType<?, ?> type, ReadableByteChannel in) throws IOException {
        return BatchFileReader.readWritten(in, type.identity(), "input",
                (writer, source) -> checkReadable(type, writer, source));
    }

    /**
     * The records of a batch file mapped into memory, read-only, every block's CRC32C verified.
     *
     * @throws IOException that says what is wrong and where, when the file is damaged, is no batch file, or holds
     *     other records
     */
    protected static WrittenBatch mappedRecords(RecordType<?, ?> type, Path file) throws IOException {
        return BatchFileMapper.mapWritten(file, type.identity(), true,
                (writer, source) -> checkReadable(type, writer, source));
    }

    /** The store that holds the records, for bulk readers and writers such as the CSV and XML bindings. */
    public final RecordStore store() {
        return store;
    }

    @Override
    final BatchStore records() {
        return store;
    }

    /**
     * Appends a copy of {@code record}, encoded in place.
     *
     * @throws IllegalArgumentException as {@code XSdo.of} does; the batch is then unchanged
     * @throws IllegalStateException if the batch holds another schema version's records, read from its file
     */
    public final void add(T record) {
        requireOwnVersion();
        long index = store.appendBlank();
        try {
            type().encode(record, store.chunkOf(index), store.offsetOf(index));
        } catch (IllegalArgumentException rejected) {
            store.truncate(index);
            throw rejected;
        }
    }

    /**
     * Appends a record of zero bytes for the generated {@code append()}, whose writer then sets its fields, and
     * returns its index.
     *
     * @throws IllegalStateException if the batch holds another schema version's records, read from its file
     */
    protected final long appendBlank() {
        requireOwnVersion();
        return store.appendBlank();
    }

    @Override
    final RecordReader<S> views() {
        int size = store.recordSize();
        return (chunk, offset) -> view(chunk, offset, size);
    }

    /** Writes the batch to {@code out} in the {@code .sdob} batch file format, as its records' writer. */
    public final void writeTo(WritableByteChannel out) throws IOException {
        BatchFileWriter.write(store, written(), out);
    }

    /**
     * Makes room for {@code records} records in all, so that adding up to that many neither allocates nor copies.
     *
     * @throws UnsupportedOperationException if the batch is a read-only mapped file
     */
    public final void ensureCapacity(long records) {
        store.ensureCapacity(records);
    }

    @Override
    final int[] sortOrder(RecordKey key) {
        return RecordSort.byKey(store, key);
    }

    @Override
    final int[] sortOrder(RecordComparator comparator) {
        return RecordSort.byComparator(store, comparator);
    }

    @Override
    final B permuted(int[] order) {
        return with(new WrittenBatch(written(), store.permuted(order)));
    }

    /**
     * In place: the records move along the permutation's cycles through one spare record, so a batch too large to
     * copy can be sorted.
     */
    @Override
    final void sortInPlace(int[] order) {
        RecordSort.applyInPlace(store, order);
    }

    @Override
    final void writeRecords(ObjectOutputStream out) throws IOException {
        StoreSerialization.write(store, out);
    }

    @Override
    final void readRecords(ObjectInputStream in) throws IOException {
        store = StoreSerialization.read(in, type().recordSize());
    }
}
