/**
 * Batches of fixed-size records in memory ({@link dev.sdo.runtime.batch.RecordStore}) and in {@code .sdob} batch
 * files ({@link dev.sdo.runtime.batch.BatchFileWriter}, {@link dev.sdo.runtime.batch.BatchFileReader},
 * {@link dev.sdo.runtime.batch.BatchFileMapper}, {@link dev.sdo.runtime.batch.BatchFileRecovery}).
 *
 * <p>A generated {@code XBatch} is a thin wrapper: it holds a {@code RecordStore} of {@code XSdo.BYTES}-byte
 * records and a {@link dev.sdo.runtime.batch.RecordIdentity} constant for its record, and delegates:
 *
 * <pre>{@code
 * public XBatch() { this(RecordStore.heap(XSdo.BYTES)); }
 * public void add(X record) {
 *     long i = store.appendBlank();
 *     try { XSdo.encode(record, store.chunkOf(i), store.offsetOf(i)); }
 *     catch (IllegalArgumentException e) { store.truncate(i); throw e; }
 * }
 * public int size() { return Math.toIntExact(store.size()); }
 * public X get(int i) { return XSdo.wrap(store.chunkOf(i), store.offsetOf(i)); }
 * public void forEach(Consumer<? super X> action) { store.forEach(new XSdo(), action); }
 * public Iterator<X> iterator() { return store.iterator(Flyweight.reader(new XSdo())); }
 * public Stream<X> stream() { return store.stream(XSdo::wrap, false); }
 * public void writeTo(WritableByteChannel out) throws IOException { BatchFileWriter.write(store, IDENTITY, out); }
 * public static XBatch readFrom(ReadableByteChannel in) throws IOException {
 *     return new XBatch(BatchFileReader.read(in, IDENTITY, "input")); }
 * public static XBatch map(Path file) throws IOException { return new XBatch(BatchFileMapper.map(file, IDENTITY)); }
 * }</pre>
 *
 * <p>where {@code XSdo implements Flyweight} (its {@code moveTo} sets its buffer and offset; a private or
 * package-private no-argument constructor makes the cursor) and {@code XSdo.encode} writes a record in place.
 */
package dev.sdo.runtime.batch;
