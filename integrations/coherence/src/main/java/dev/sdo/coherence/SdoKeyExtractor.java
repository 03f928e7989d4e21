package dev.sdo.coherence;

import com.tangosol.io.ExternalizableLite;
import com.tangosol.util.extractor.AbstractExtractor;
import dev.sdo.runtime.query.KeyReader;
import dev.sdo.runtime.query.OrderedField;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.AbstractMap;
import java.util.Map;
import java.util.Objects;

/**
 * Extracts a field's key ({@link OrderedField#key}: a {@code long} that orders records as the field's values order
 * them) from the stored bytes, with no generated class on the storage members: for an index, and for Coherence's
 * own range filters on it. Turn a value into the key it is compared with by {@link OrderedField#keyOf}:
 *
 * <pre>{@code
 * SdoKeyExtractor<Trade> settlement = SdoKeyExtractor.of(TradeSdo.class, SETTLEMENT_DATE);
 * cache.addIndex(settlement, true, null);
 * cache.aggregate(Filters.between(settlement, SETTLEMENT_DATE.keyOf(from), SETTLEMENT_DATE.keyOf(to)),
 *         SdoAggregators.count(TradeSdo.class));
 * }</pre>
 *
 * <p>A record without a value in an optional field (and no default) extracts {@code null}; so does a value of another
 * record type stored in the same cache.
 *
 * @param <T> the record's interface ({@code X}), the cache's value type
 */
public final class SdoKeyExtractor<T> extends AbstractExtractor<T, Long> implements ExternalizableLite {
    private static final long serialVersionUID = 1L;

    private StoredRecord record;
    private String fieldName;
    private KeyReader reader;

    /** For deserialisation only. */
    public SdoKeyExtractor() {
    }

    private SdoKeyExtractor(StoredRecord record, String fieldName, KeyReader reader) {
        this.record = record;
        this.fieldName = fieldName;
        this.reader = reader;
    }

    /** The key of {@code field} in the records of {@code sdoClass} (the generated {@code XSdo}). */
    public static <T> SdoKeyExtractor<T> of(Class<? extends T> sdoClass, OrderedField<? super T, ?> field) {
        Objects.requireNonNull(field, "field");
        return new SdoKeyExtractor<>(StoredRecord.of(sdoClass), field.name(), field.keyReader());
    }

    @Override
    public Long extractFromEntry(Map.Entry entry) {
        ByteBuffer bytes = record.bytesOf(entry);
        return bytes == null || !reader.has(bytes, 0) ? null : reader.key(reader.raw(bytes, 0));
    }

    /** A value object, as a client reads it: an {@code XSdo} of this extractor's record type. */
    @Override
    public Long extract(T value) {
        return extractFromEntry(new AbstractMap.SimpleImmutableEntry<>(null, value));
    }

    /** The record's name and size, the field's name and its reader's compact form. */
    @Override
    public void writeExternal(DataOutput out) throws IOException {
        record.writeTo(out);
        out.writeUTF(fieldName);
        reader.writeTo(out);
    }

    @Override
    public void readExternal(DataInput in) throws IOException {
        record = StoredRecord.readFrom(in);
        fieldName = in.readUTF();
        reader = KeyReader.readFrom(in);
    }

    /** Equal for the same field of the same record, so that a query finds the index another instance built. */
    @Override
    public boolean equals(Object other) {
        return other instanceof SdoKeyExtractor<?> that && record.equals(that.record)
                && fieldName.equals(that.fieldName);
    }

    @Override
    public int hashCode() {
        return record.hashCode() * 31 + fieldName.hashCode();
    }

    @Override
    public String toString() {
        return "SdoKeyExtractor(" + record.sdoClassName() + "." + fieldName + ")";
    }
}
