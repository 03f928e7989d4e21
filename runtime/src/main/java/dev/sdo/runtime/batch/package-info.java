/**
 * Batches of fixed-size records in memory ({@link dev.sdo.runtime.batch.RecordStore}) and in {@code .sdob} batch
 * files ({@link dev.sdo.runtime.batch.BatchFileWriter}, {@link dev.sdo.runtime.batch.BatchFileReader},
 * {@link dev.sdo.runtime.batch.BatchFileMapper}, {@link dev.sdo.runtime.batch.BatchFileRecovery}); and batches of
 * variable-size records (records with {@code string}, {@code bytes} or {@code list} fields) in a
 * {@link dev.sdo.runtime.batch.VariableRecordStore} (records back to back with an offsets index) and in batch files
 * of format version 2 ({@link dev.sdo.runtime.batch.VariableBatchFileWriter},
 * {@code BatchFileReader.readVariable}, {@code BatchFileMapper.mapVariable},
 * {@code BatchFileRecovery.recoverVariable}), whose blocks carry their records' offsets.
 *
 * <p>A generated {@code XBatch} is a thin wrapper: it holds a {@code RecordStore} of {@code XSdo.BYTES}-byte
 * records and a {@link dev.sdo.runtime.batch.RecordIdentity} constant for its record, and delegates:
 *
 * <pre>{@code
 * public XBatch() { this(RecordStore.heap(XSdo.BYTES)); }
 * public void add(X record) {
 *     long i = store.appendBlank();
 *     try { XSdo.encode(record, store.chunkOf(i), store.offsetOf(i), 0); }
 *     catch (IllegalArgumentException e) { store.truncate(i); throw e; }
 * }
 * public int size() { return Math.toIntExact(store.size()); }
 * public X get(int i) { return XSdo.wrap(store.chunkOf(i), store.offsetOf(i)); }
 * public void forEach(Consumer<? super X> action) { store.forEach(new XSdo(null, 0), action); }
 * public Iterator<X> iterator() { return store.iterator(Flyweight.reader(new XSdo(null, 0))); }
 * public Stream<X> stream() { return store.stream(XSdo::wrap, false); }
 * public void writeTo(WritableByteChannel out) throws IOException { BatchFileWriter.write(store, IDENTITY, out); }
 * public static XBatch readFrom(ReadableByteChannel in) throws IOException {
 *     return new XBatch(BatchFileReader.read(in, IDENTITY, "input")); }
 * public static XBatch map(Path file) throws IOException { return new XBatch(BatchFileMapper.map(file, IDENTITY)); }
 * }</pre>
 *
 * <p>where {@code XSdo implements Flyweight} (its public {@code moveTo} sets its two fields; a package-private
 * constructor makes a cursor), {@code XSdo.encode(source, buffer, base, bitOffset)} writes a record in place,
 * and {@code IDENTITY} is a {@code RecordIdentity} of the record's name, schema version, fingerprint and
 * {@code XSdo.BYTES}.
 */
package dev.sdo.runtime.batch;
