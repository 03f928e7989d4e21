package dev.sdo.runtime.batch;

import dev.sdo.runtime.Flyweight;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;

/**
 * Many records of variable size (records with {@code string}, {@code bytes} or {@code list} fields) in one
 * contiguous {@link VariableRecordStore}, back to back with an offsets index (4 bytes per record), with no object
 * per record; record i is found in constant time. Read through {@code XSdo} views, and written to and read from
 * {@code .sdob} batch files of format version 2. The generated {@code XBatch} of a record with variable-length
 * fields extends this class, fixing its type parameters; it
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
public abstract class VariableBatch<T, S extends Flyweight, B extends VariableBatch<T, S, B>> extends RecordBatch<T, S, B> {
    private static final long serialVersionUID = 1L;

    /** Not final only because {@link #readRecords} and {@link #sortInPlace} set it. */
    private transient VariableRecordStore store;

    /**
     * A batch of {@code records}, which the generated subclass made with one of the static methods below.
     *
     * @throws IllegalArgumentException if this code cannot read records of their writer
     */
    protected VariableBatch(WrittenVariableBatch records) {
        super(records.writer());
        this.store = records.store();
    }

    /** A batch of {@code records} of the same writer as this one: for sorted copies. */
    protected abstract B with(WrittenVariableBatch records);

    /** An empty heap store of this code's records, which grows as records are added. */
    protected static WrittenVariableBatch heapRecords(RecordType<?, ?> type) {
        return new WrittenVariableBatch(type.identity(), VariableRecordStore.heap(type.recordSize()));
    }

    /** An empty store in direct (off-heap) memory, which grows as records are added. */
    protected static WrittenVariableBatch directRecords(RecordType<?, ?> type) {
        return new WrittenVariableBatch(type.identity(), VariableRecordStore.direct(type.recordSize()));
    }

    /**
     * {@code store} as this code's records, which it must hold: for readers that encode records straight into a
     * store.
     *
     * @throws IllegalArgumentException if the store's least record size is not this code's fixed part
     */
    protected static WrittenVariableBatch storeRecords(RecordType<?, ?> type, VariableRecordStore store) {
        if (store.minRecordSize() != type.recordSize()) {
            throw new IllegalArgumentException("a store of records of at least " + store.minRecordSize()
                    + " bytes cannot hold " + type.simpleName() + " records");
        }
        return new WrittenVariableBatch(type.identity(), store);
    }

    /**
     * The records of a batch file read from {@code in} into a new heap store.
     *
     * @throws IOException that says what is wrong and where, when the input is damaged, is no batch file, or holds
     *     other records
     */
    protected static WrittenVariableBatch fileRecords(RecordType<?, ?> type, ReadableByteChannel in) throws IOException {
        return BatchFileReader.readVariableWritten(in, type.identity(), "input",
                (writer, source) -> checkReadable(type, writer, source));
    }

    /**
     * The records of a batch file mapped into memory, read-only, every block's CRC32C verified.
     *
     * @throws IOException that says what is wrong and where, when the file is damaged, is no batch file, or holds
     *     other records
     */
    protected static WrittenVariableBatch mappedRecords(RecordType<?, ?> type, Path file) throws IOException {
        return BatchFileMapper.mapVariableWritten(file, type.identity(), true,
                (writer, source) -> checkReadable(type, writer, source));
    }

    /** The store that holds the records, for bulk readers and writers such as the CSV and XML bindings. */
    public final VariableRecordStore store() {
        return store;
    }

    @Override
    final BatchStore records() {
        return store;
    }

    /**
     * Appends a copy of {@code record}, encoded in place at the end of the store.
     *
     * @throws IllegalArgumentException as {@code XSdo.of} does; the batch is then unchanged
     * @throws IllegalStateException if the batch holds another schema version's records, read from its file
     */
    public final void add(T record) {
        requireOwnVersion();
        type().appendTo(store, record);
    }

    /**
     * The store the generated {@code append()} adds a record to once its writer has written it whole (its size is
     * known only then).
     *
     * @throws IllegalStateException if the batch holds another schema version's records, read from its file
     */
    protected final VariableRecordStore appendTarget() {
        requireOwnVersion();
        return store;
    }

    @Override
    final RecordReader<S> views() {
        return RecordReader.sized(this::view);
    }

    /** Writes the batch to {@code out} in the {@code .sdob} batch file format, as its records' writer. */
    public final void writeTo(WritableByteChannel out) throws IOException {
        VariableBatchFileWriter.write(store, written(), out);
    }

    /**
     * The bytes of the offsets index that finds each record in constant time: 4 per record and 4 per chunk of up to
     * 1 GiB of records.
     */
    public final long indexBytes() {
        return store.indexBytes();
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
        return with(new WrittenVariableBatch(written(), store.permuted(order)));
    }

    /**
     * The records are copied in sorted order into a new store that replaces this batch's (records of different
     * sizes cannot swap places), so this needs room for a second copy while it runs.
     */
    @Override
    final void sortInPlace(int[] order) {
        store = store.permuted(order);
    }

    @Override
    final void writeRecords(ObjectOutputStream out) throws IOException {
        StoreSerialization.write(store, out);
    }

    @Override
    final void readRecords(ObjectInputStream in) throws IOException {
        store = StoreSerialization.readVariable(in, type().recordSize());
    }
}
