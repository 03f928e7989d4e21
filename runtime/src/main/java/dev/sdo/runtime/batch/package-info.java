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
 * <p>A generated {@code XBatch} is a few lines over {@link dev.sdo.runtime.batch.FixedBatch} or
 * {@link dev.sdo.runtime.batch.VariableBatch}, which do everything a batch does. It fixes their type parameters
 * (the record's interface {@code X}, its SDO {@code XSdo}, and {@code XBatch} itself) and gives the record's
 * {@link dev.sdo.runtime.batch.RecordType}: its {@link dev.sdo.runtime.batch.RecordIdentity} and method references
 * to the SDO's constructor, {@code wrap} and {@code encode}:
 *
 * <pre>{@code
 * public final class XBatch extends FixedBatch<X, XSdo, XBatch> {
 *     private static final RecordType<X, XSdo> TYPE = RecordType.fixed(
 *             new RecordIdentity("com.example.X", 1, 0x6324_A71D_6FAB_2DBCL, XSdo.BYTES),
 *             XSdo::new, XSdo::wrap, XSdo::encode);
 *     public XBatch() { super(heapRecords(TYPE)); }
 *     private XBatch(WrittenBatch records) { super(records); }
 *     public static XBatch direct() { return new XBatch(directRecords(TYPE)); }
 *     public static XBatch over(RecordStore store) { return new XBatch(storeRecords(TYPE, store)); }
 *     public static XBatch readFrom(ReadableByteChannel in) throws IOException {
 *         return new XBatch(fileRecords(TYPE, in)); }
 *     public static XBatch map(Path file) throws IOException { return new XBatch(mappedRecords(TYPE, file)); }
 *     protected RecordType<X, XSdo> type() { return TYPE; }
 *     protected XBatch with(WrittenBatch records) { return new XBatch(records); }
 * }
 * }</pre>
 *
 * <p>where {@code XSdo implements Flyweight} (its public {@code moveTo} sets its two fields; a package-private
 * constructor makes a cursor) and {@code XSdo.encode(source, buffer, offset)} writes a record in place.
 */
package dev.sdo.runtime.batch;
