package dev.sdo.runtime.batch;

import dev.sdo.runtime.Flyweight;
import dev.sdo.runtime.WriterVersion;
import dev.sdo.runtime.query.DecimalField;
import dev.sdo.runtime.query.IntegerField;
import dev.sdo.runtime.query.Match;
import dev.sdo.runtime.query.OrderedField;
import dev.sdo.runtime.query.RecordPredicate;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.math.BigDecimal;
import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;
import java.util.Iterator;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;

/**
 * What the batches of fixed-size and of variable-size records share: which writer's records they hold, the
 * cursors and views made for that writer, sorting by keys and comparators read through cursors in place, and Java
 * serialisation as the records' bytes. A generated {@code XBatch} extends {@link FixedBatch} or
 * {@link VariableBatch}, fixing the type parameters, and gives its {@link RecordType} and its constructor.
 *
 * <p>A batch may hold records that another schema version of the record wrote, as read from a batch file of that
 * version: they stay as written, at the writer's record size, and are read through views that know their writer
 * ({@link #writtenBy()}). Such a batch refuses to take this code's own records ({@code add}) and to be serialised.
 *
 * @param <T> the record's interface, {@code X}
 * @param <S> its SDO, {@code XSdo}, which implements {@code X}
 * @param <B> the batch class itself, {@code XBatch}, which sorted copies are
 */
public abstract class RecordBatch<T, S extends Flyweight, B extends RecordBatch<T, S, B>>
        implements Iterable<S>, Serializable {
    private static final long serialVersionUID = 1L;

    /** What wrote the records: the record type's own identity, or the header of the file they were read from. */
    private transient RecordIdentity written;
    /** The version and record size of {@link #written}, which the views are given. */
    private transient WriterVersion writer;

    /** @throws IllegalArgumentException if this code cannot read records of {@code written} */
    RecordBatch(RecordIdentity written) {
        setWritten(written);
    }

    /**
     * The record type, a constant of the generated subclass: a method rather than a field, so that a batch needs
     * nothing but its records when deserialised, and so that the JIT sees the constant in code inlined for one
     * record type.
     */
    protected abstract RecordType<T, S> type();

    private void setWritten(RecordIdentity written) {
        WriterVersion version = new WriterVersion(written.schemaVersion(), written.recordSize());
        type().checkWriter(version);
        this.written = written;
        this.writer = version;
    }

    /**
     * Refuses records of {@code writer}, read from {@code source}, that this code cannot read (a version's record
     * size other than the one its code knows, for example) with the {@link IncompatibleBatchException} a reader throws
     * for a file of other records, naming the header's record size field: the batch's constructor would refuse them
     * with an {@code IllegalArgumentException}, which says nothing of the file.
     */
    static void checkReadable(RecordType<?, ?> type, RecordIdentity writer, String source)
            throws IncompatibleBatchException {
        try {
            type.checkWriter(new WriterVersion(writer.schemaVersion(), writer.recordSize()));
        } catch (IllegalArgumentException e) {
            throw new IncompatibleBatchException(source, "file header", -1, FILE_HEADER_RECORD_SIZE_AT,
                    e.getMessage());
        }
    }

    /** Where the file header holds the record size, which the writer check is about. */
    private static final int FILE_HEADER_RECORD_SIZE_AT = 16;

    /** The identity batch files of these records are written with: of the code's version, or the file's they came from. */
    final RecordIdentity written() {
        return written;
    }

    /**
     * Which schema version wrote the records: this code's, or another version's for a batch read from its file,
     * whose records stay as that version wrote them.
     */
    public final WriterVersion writtenBy() {
        return writer;
    }

    /** Refuses to add this version's records among another version's. */
    final void requireOwnVersion() {
        int own = type().identity().schemaVersion();
        if (writer.version() != own) {
            throw new IllegalStateException("this batch holds " + type().simpleName() + " records of schema version "
                    + writer.version() + ", read from its file; records of version " + own
                    + " cannot join them: copy them into a new batch first (copy.add for each)");
        }
    }

    /**
     * Checks that record {@code index} may be changed in place by the generated {@code writer(index)}: that it
     * exists, that the batch is not mapped read-only, and that it holds this code's version of the record.
     *
     * @throws IndexOutOfBoundsException if there is no record {@code index}
     * @throws IllegalStateException if the batch is read-only or holds another schema version's records
     */
    protected final void requireWritable(int index) {
        Objects.checkIndex(index, size());
        if (isReadOnly()) {
            throw new IllegalStateException("this batch of " + type().simpleName()
                    + " records is mapped read-only from its file: copy it into a new batch to change its records");
        }
        requireOwnVersion();
    }

    /** A new cursor for the records, moved from record to record. */
    final S cursor() {
        return type().cursor(writer);
    }

    /** The view of the record of {@code size} bytes at {@code offset} of {@code chunk}. */
    final S view(ByteBuffer chunk, int offset, int size) {
        return type().wrap(chunk, offset, writer, size);
    }

    /** The store that holds the records. */
    abstract BatchStore records();

    /** What makes the records' own views, each of which knows the records' writer (and its size, where it varies). */
    abstract RecordReader<S> views();

    /** The number of records. */
    public final int size() {
        return Math.toIntExact(records().size());
    }

    /**
     * The bytes of record data: exactly the sum of the records' sizes ({@code size() * XSdo.BYTES} for fixed-size
     * records), with no padding or per-record overhead.
     */
    public final long recordBytes() {
        return records().recordBytes();
    }

    /**
     * The bytes the batch's buffers take: record data, room not yet used, and {@link RecordStore#SLACK} bytes after
     * each chunk of up to 1 GiB of records, plus, for records of variable size, the offsets index and the room at the
     * end of each full chunk (less than one record); after {@link #trimToSize()}, no room not yet used.
     */
    public final long allocatedBytes() {
        return records().allocatedBytes();
    }

    /**
     * Releases the room beyond the records (one copy of the last chunk, if it has room to spare).
     *
     * @throws UnsupportedOperationException if the batch is a read-only mapped file
     */
    public final void trimToSize() {
        records().trimToSize();
    }

    /**
     * A view of record {@code index} (0-based), its own object, valid as long as the batch.
     *
     * @throws IndexOutOfBoundsException unless 0 &lt;= index &lt; size()
     */
    public final S get(int index) {
        BatchStore records = records();
        return view(records.chunkOf(index), records.offsetOf(index), records.recordSize(index));
    }

    /**
     * The records in order, each a view of its own, valid as long as the batch: what a for-each loop and
     * {@link #forEach} visit, so that records kept or collected stay the records they were.
     */
    @Override
    public final Iterator<S> iterator() {
        return records().iterator(views());
    }

    /**
     * Hands every record in order to {@code action} through one cursor, moved from record to record, so that
     * nothing is allocated per record: the cursor shows a record only until {@code action} returns (keep one with
     * {@code toBean()} or {@link #get}). The way to scan many records; {@link #forEach} gives each a view of its own.
     */
    public final void forEachCursor(Consumer<? super S> action) {
        records().forEach(cursor(), action);
    }

    /**
     * A stream of the records in order, each a view of its own, typed as the SDO so that its allocation-free
     * accessors ({@code getAmountUnscaled()}) need no cast.
     */
    public final Stream<S> stream() {
        return records().stream(views(), false);
    }

    /** A parallel stream of the records, each a view of its own, split by chunks of the store. */
    public final Stream<S> parallelStream() {
        return records().stream(views(), true);
    }

    /**
     * The records that match {@code predicate}, and the queries over them ({@code count}, {@code sum}, {@code min},
     * {@code max}, {@code countBy}, {@code sumBy}, {@code stream}); {@code where(p).parallel()} runs them in
     * parallel. The predicate is tested on the records' stored bits: no object is made per record.
     */
    public final RecordSelection<T, S> where(RecordPredicate<? super T> predicate) {
        return new RecordSelection<>(this, predicate.match(), false);
    }

    /** How many records match {@code predicate}: {@code where(predicate).count()}. */
    public final long count(RecordPredicate<? super T> predicate) {
        return where(predicate).count();
    }

    /** The sum of an integer field over the records that match: {@code where(predicate).sum(field)}. */
    public final long sum(IntegerField<? super T> field, RecordPredicate<? super T> predicate) {
        return where(predicate).sum(field);
    }

    /** The exact sum of a decimal field over the records that match: {@code where(predicate).sum(field)}. */
    public final BigDecimal sum(DecimalField<? super T> field, RecordPredicate<? super T> predicate) {
        return where(predicate).sum(field);
    }

    /** The smallest value of a field over the records that match and have one. */
    public final <V> Optional<V> min(OrderedField<? super T, V> field, RecordPredicate<? super T> predicate) {
        return where(predicate).min(field);
    }

    /** The largest value of a field over the records that match and have one. */
    public final <V> Optional<V> max(OrderedField<? super T, V> field, RecordPredicate<? super T> predicate) {
        return where(predicate).max(field);
    }

    /** Whether record {@code index} matches {@code match}. */
    final boolean matches(int index, Match match) {
        RecordChunks chunks = records();
        return match.test(chunks.chunkOf(index), chunks.offsetOf(index));
    }

    /**
     * Refuses to query records of another schema version, read from its file: the field handles describe this
     * version's layout.
     */
    final void requireOwnVersionToQuery() {
        int own = type().identity().schemaVersion();
        if (writer.version() != own) {
            // Versions that read each other differ by fields one of them added: the first names what differs.
            String difference = SchemaDifferences.firstDifference(written, type().identity(), Integer.MAX_VALUE)
                    .map(d -> " (" + d + ")").orElse("");
            throw new IllegalStateException("this batch holds " + type().simpleName() + " records of schema version "
                    + writer.version() + ", read from its file; queries read version " + own
                    + "'s layout" + difference + ": copy the records into a new batch first (copy.add for each)");
        }
    }

    /**
     * A new batch of these records sorted by ascending {@code key} (compared as signed longs), by a radix sort of
     * (key, index) pairs: O(n), 24 bytes of scratch memory per record, stable. Records are read in place through
     * a cursor, never materialised; a mapped batch's sorted copy is on the heap. {@code key} may be a raw getter
     * of the SDO ({@code XSdo::getAmountUnscaled}).
     */
    public final B sortedBy(ToLongFunction<? super S> key) {
        return permuted(sortOrder(recordKey(key)));
    }

    /**
     * A new batch of these records sorted by {@code order}, by a merge sort of record indexes, stable. Records are
     * read in place through two cursors, never materialised; a mapped batch's sorted copy is on the heap.
     */
    public final B sortedBy(Comparator<? super S> order) {
        return permuted(sortOrder(recordComparator(order)));
    }

    /**
     * Sorts this batch's records by ascending {@code key} (compared as signed longs), stable.
     *
     * @throws UnsupportedOperationException if the batch is a read-only mapped file
     */
    public final void sortBy(ToLongFunction<? super S> key) {
        requireWritable();
        sortInPlace(sortOrder(recordKey(key)));
    }

    /**
     * Sorts this batch's records by {@code order}, stable.
     *
     * @throws UnsupportedOperationException if the batch is a read-only mapped file
     */
    public final void sortBy(Comparator<? super S> order) {
        requireWritable();
        sortInPlace(sortOrder(recordComparator(order)));
    }

    private void requireWritable() {
        if (isReadOnly()) {
            throw new UnsupportedOperationException("a mapped batch is read-only: sortedBy makes a sorted copy");
        }
    }

    final boolean isReadOnly() {
        return records().isReadOnly();
    }

    /** The permutation that sorts the records by {@code key}. */
    abstract int[] sortOrder(RecordKey key);

    /** The permutation that sorts the records by {@code comparator}. */
    abstract int[] sortOrder(RecordComparator comparator);

    /** A new batch of the same writer's record {@code order[k]} as record k. */
    abstract B permuted(int[] order);

    /** Puts record {@code order[k]} at index k. */
    abstract void sortInPlace(int[] order);

    /** {@code key} applied to records in place, through one cursor. */
    private RecordKey recordKey(ToLongFunction<? super S> key) {
        S cursor = cursor();
        return new RecordKey() {
            @Override
            public long key(ByteBuffer chunk, int offset) {
                cursor.moveTo(chunk, offset);
                return key.applyAsLong(cursor);
            }

            @Override
            public long key(ByteBuffer chunk, int offset, int size) {
                // A record of variable size: moved to with its size, and checked as get checks it.
                cursor.moveTo(chunk, offset, size);
                Flyweight.checkSize(cursor, size, -1);
                return key.applyAsLong(cursor);
            }
        };
    }

    /** {@code order} applied to records in place, through two cursors. */
    private RecordComparator recordComparator(Comparator<? super S> order) {
        S left = cursor();
        S right = cursor();
        return new RecordComparator() {
            @Override
            public int compare(ByteBuffer leftChunk, int leftOffset, ByteBuffer rightChunk, int rightOffset) {
                left.moveTo(leftChunk, leftOffset);
                right.moveTo(rightChunk, rightOffset);
                return order.compare(left, right);
            }

            @Override
            public int compare(ByteBuffer leftChunk, int leftOffset, int leftSize, ByteBuffer rightChunk,
                    int rightOffset, int rightSize) {
                // Records of variable size: moved to with their sizes, and checked as get checks them.
                left.moveTo(leftChunk, leftOffset, leftSize);
                Flyweight.checkSize(left, leftSize, -1);
                right.moveTo(rightChunk, rightOffset, rightSize);
                Flyweight.checkSize(right, rightSize, -1);
                return order.compare(left, right);
            }
        };
    }

    /** Writes the records' bytes, as {@link StoreSerialization} does. */
    abstract void writeRecords(ObjectOutputStream out) throws IOException;

    /** Reads what {@link #writeRecords} wrote into a new heap store, of this code's record size. */
    abstract void readRecords(ObjectInputStream in) throws IOException;

    /**
     * Serialises the batch as its records' bytes: their count, and then each record's bytes (and size, for records of
     * variable size).
     *
     * @throws NotSerializableException if the batch holds another version's records
     */
    private void writeObject(ObjectOutputStream out) throws IOException {
        // The serial form holds records of this version only: it is read back as such.
        if (writer.version() != type().identity().schemaVersion()) {
            throw new NotSerializableException(getClass().getSimpleName() + " of records of schema version "
                    + writer.version() + ": only a batch of this code's version is serialisable; copy its records"
                    + " into a new batch");
        }
        out.defaultWriteObject();
        writeRecords(out);
    }

    /** Reads what {@link #writeObject} wrote into a new heap batch. */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        readRecords(in);
        setWritten(type().identity());
    }
}
