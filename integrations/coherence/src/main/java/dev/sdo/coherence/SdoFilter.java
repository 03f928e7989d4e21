package dev.sdo.coherence;

import com.tangosol.io.ExternalizableLite;
import com.tangosol.util.Filter;
import com.tangosol.util.MapIndex;
import com.tangosol.util.ValueExtractor;
import com.tangosol.util.filter.EntryFilter;
import com.tangosol.util.filter.ExtractorFilter;
import com.tangosol.util.filter.IndexAwareFilter;
import dev.sdo.runtime.query.Match;
import dev.sdo.runtime.query.RecordPredicate;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.AbstractMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A Coherence filter that runs a {@link RecordPredicate} on the storage members, on the stored bytes of each value:
 * the predicate's compiled tests ({@link Match}: byte indexes, masks, stored numbers) and the record's name and size
 * are all that travel, so the storage members need none of the generated classes.
 *
 * <pre>{@code
 * Filter<Trade> eurBuys = SdoFilter.of(TradeSdo.class, CURRENCY1.eq("EUR").and(BUY_SELL.eq(Side.Buy)));
 * cache.aggregate(eurBuys, SdoAggregators.sum(TradeSdo.class, AMOUNT1));
 * }</pre>
 *
 * <p>The cache's service must use {@link SdoSerializer}. Values of another record type stored in the same cache do
 * not match; a value that is not a stored SDO at all (a bean put as it is) is reported with an
 * {@link IllegalStateException} rather than skipped. A predicate that can match nothing ({@code CURRENCY1.eq("EURO")})
 * is answered without reading an entry.
 *
 * @param <T> the record's interface ({@code X}), the cache's value type
 */
public final class SdoFilter<T> implements EntryFilter<Object, T>, IndexAwareFilter<Object, T>, ExternalizableLite {
    private static final long serialVersionUID = 1L;

    private StoredRecord record;
    private Match match;

    /** For deserialisation only. */
    public SdoFilter() {
    }

    private SdoFilter(StoredRecord record, Match match) {
        this.record = record;
        this.match = match;
    }

    /** The records of {@code sdoClass} (the generated {@code XSdo}) that match {@code predicate}. */
    public static <T> SdoFilter<T> of(Class<? extends T> sdoClass, RecordPredicate<? super T> predicate) {
        return new SdoFilter<>(StoredRecord.of(sdoClass), Objects.requireNonNull(predicate, "predicate").match());
    }

    @Override
    public boolean evaluateEntry(Map.Entry<?, ? extends T> entry) {
        ByteBuffer bytes = record.bytesOf(entry);
        return bytes != null && match.test(bytes, 0);
    }

    /** A value object, as a client evaluates it: an {@code XSdo} of this filter's record type. */
    @Override
    public boolean evaluate(T value) {
        return evaluateEntry(new AbstractMap.SimpleImmutableEntry<>(null, value));
    }

    @Override
    public int calculateEffectiveness(Map<? extends ValueExtractor<? extends T, ?>,
            ? extends MapIndex<? extends Object, ? extends T, ?>> indexes, Set<? extends Object> keys) {
        return match == Match.NONE ? 1 : keys.size() * ExtractorFilter.EVAL_COST;
    }

    /** A predicate that matches nothing empties the candidate keys; any other is evaluated entry by entry. */
    @Override
    public Filter<?> applyIndex(Map<? extends ValueExtractor<? extends T, ?>,
            ? extends MapIndex<? extends Object, ? extends T, ?>> indexes, Set<? extends Object> keys) {
        if (match == Match.NONE) {
            keys.clear();
            return null;
        }
        return this;
    }

    /** The record's name and size and the match's compact form: a few dozen bytes, no class descriptors. */
    @Override
    public void writeExternal(DataOutput out) throws IOException {
        record.writeTo(out);
        match.writeTo(out);
    }

    @Override
    public void readExternal(DataInput in) throws IOException {
        record = StoredRecord.readFrom(in);
        match = Match.readFrom(in);
    }

    @Override
    public String toString() {
        return "SdoFilter(" + record.sdoClassName() + ": " + match + ")";
    }
}
