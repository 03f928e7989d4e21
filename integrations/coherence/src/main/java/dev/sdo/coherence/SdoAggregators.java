package dev.sdo.coherence;

import com.tangosol.io.ExternalizableLite;
import com.tangosol.util.InvocableMap;
import dev.sdo.runtime.query.Aggregates;
import dev.sdo.runtime.query.DecimalField;
import dev.sdo.runtime.query.IntegerField;
import dev.sdo.runtime.query.KeyReader;
import dev.sdo.runtime.query.NumericField;
import dev.sdo.runtime.query.OrderedField;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Aggregators that run the batch's queries ({@code count}, {@code sum}, {@code min}, {@code max}, {@code countBy},
 * {@code sumBy}) on a cluster's storage members, on the stored bytes, with no generated class there: what travels
 * is the record's name and size and the fields' {@link KeyReader}s (numbers only); the storage members send back
 * counts, sums of keys and stored bits, and the client turns them into values ({@code BigDecimal}, {@code LocalDate},
 * the enum constant) with the field handle, which never leaves it.
 *
 * <pre>{@code
 * BigDecimal eurBuys = cache.aggregate(SdoFilter.of(TradeSdo.class, CURRENCY1.eq("EUR").and(BUY_SELL.eq(Side.Buy))),
 *         SdoAggregators.sum(TradeSdo.class, AMOUNT1));
 * Map<String, Long> perCurrency = cache.aggregate(SdoAggregators.countBy(TradeSdo.class, CURRENCY1));
 * }</pre>
 *
 * <p>They mean what the batch's queries mean ({@code docs/queries.md}): sums, minimums and maximums skip records
 * without a value (a field with a default counts its default); groups come in the grouped field's order, records
 * without a value last under {@code null}. Values of another record type in the same cache are skipped; a value that
 * is not a stored SDO at all is reported ({@link IllegalStateException}).
 *
 * <p>They travel as {@link ExternalizableLite} (the record's name and size and each reader's compact form, a few
 * dozen bytes), which is why their classes are public: Coherence makes them by their no-argument constructors, which
 * are for that only.
 */
public final class SdoAggregators {
    private SdoAggregators() {
    }

    /** How many entries hold a record of {@code sdoClass}. */
    public static <T> InvocableMap.StreamingAggregator<Object, Object, Long, Long> count(Class<? extends T> sdoClass) {
        return new Count(StoredRecord.of(sdoClass));
    }

    /**
     * The sum of an integer field over the records that have a value (0 when none has).
     *
     * @throws ArithmeticException from {@code finalizeResult} if the sum does not fit a long
     */
    public static <T> InvocableMap.StreamingAggregator<Object, Object, KeySum, Long> sum(Class<? extends T> sdoClass,
            IntegerField<? super T> field) {
        return new Sum<>(StoredRecord.of(sdoClass), field, BigDecimal::longValueExact);
    }

    /** The exact sum of a decimal field over the records that have a value, at the field's scale. */
    public static <T> InvocableMap.StreamingAggregator<Object, Object, KeySum, BigDecimal> sum(
            Class<? extends T> sdoClass, DecimalField<? super T> field) {
        return new Sum<>(StoredRecord.of(sdoClass), field, Function.identity());
    }

    /** The smallest value of a field over the records that have one; null when none has. */
    public static <T, V> InvocableMap.StreamingAggregator<Object, Object, Extremes, V> min(
            Class<? extends T> sdoClass, OrderedField<? super T, V> field) {
        return new Extreme<>(StoredRecord.of(sdoClass), field, true);
    }

    /** The largest value of a field over the records that have one; null when none has. */
    public static <T, V> InvocableMap.StreamingAggregator<Object, Object, Extremes, V> max(
            Class<? extends T> sdoClass, OrderedField<? super T, V> field) {
        return new Extreme<>(StoredRecord.of(sdoClass), field, false);
    }

    /**
     * How many records hold each value of a field of at most 16 bits, in the field's order, values without records
     * left out; records without a value under {@code null}, last.
     */
    public static <T, K> InvocableMap.StreamingAggregator<Object, Object, GroupSums, Map<K, Long>> countBy(
            Class<? extends T> sdoClass, OrderedField<? super T, K> group) {
        return new Grouped<>(StoredRecord.of(sdoClass), group, null, (count, keySum) -> count);
    }

    /** The sum of an integer field per value of {@code group}, over records that have a value in both. */
    public static <T, K> InvocableMap.StreamingAggregator<Object, Object, GroupSums, Map<K, Long>> sumBy(
            Class<? extends T> sdoClass, OrderedField<? super T, K> group, IntegerField<? super T> summed) {
        return new Grouped<>(StoredRecord.of(sdoClass), group, summed.keyReader(),
                (count, keySum) -> summed.total(keySum, count).longValueExact());
    }

    /** The sum of a decimal field per value of {@code group}, over records that have a value in both. */
    public static <T, K> InvocableMap.StreamingAggregator<Object, Object, GroupSums, Map<K, BigDecimal>> sumBy(
            Class<? extends T> sdoClass, OrderedField<? super T, K> group, DecimalField<? super T> summed) {
        return new Grouped<>(StoredRecord.of(sdoClass), group, summed.keyReader(), (count, keySum) ->
                summed.total(keySum, count));
    }

    /**
     * What all of them share: each storage member reads the stored records into an accumulator of its own
     * ({@link Aggregates}, made when first needed, never sent), and sends back a partial result; the client merges
     * those and finishes with the field handle, held in a transient field that stays on the client. Where one
     * instance both accumulates and finishes (one JVM, {@code aggregate(Set)}), its own records count too.
     */
    private abstract static class StoredAggregator<P, R> implements InvocableMap.StreamingAggregator<Object, Object, P, R>,
            ExternalizableLite {
        private static final long serialVersionUID = 1L;

        StoredRecord record;

        StoredAggregator() {
        }

        StoredAggregator(StoredRecord record) {
            this.record = record;
        }

        @Override
        public void writeExternal(DataOutput out) throws IOException {
            record.writeTo(out);
        }

        @Override
        public void readExternal(DataInput in) throws IOException {
            record = StoredRecord.readFrom(in);
        }

        @Override
        public final boolean accumulate(InvocableMap.Entry<?, ?> entry) {
            ByteBuffer bytes = record.bytesOf(entry);
            if (bytes != null) {
                accept(bytes);
            }
            return true;
        }

        /** Takes a record of this type, at byte 0 of {@code bytes}. */
        abstract void accept(ByteBuffer bytes);

        @Override
        public final int characteristics() {
            return PARALLEL | PRESENT_ONLY;
        }
    }

    /** {@link #count}'s aggregator. */
    public static final class Count extends StoredAggregator<Long, Long> {
        private static final long serialVersionUID = 1L;
        private transient long count;

        /** For deserialisation only. */
        public Count() {
        }

        Count(StoredRecord record) {
            super(record);
        }

        @Override
        public Count supply() {
            return new Count(record);
        }

        @Override
        void accept(ByteBuffer bytes) {
            count++;
        }

        @Override
        public boolean combine(Long partial) {
            count += partial;
            return true;
        }

        @Override
        public Long getPartialResult() {
            return count;
        }

        @Override
        public Long finalizeResult() {
            return count;
        }
    }

    /** A sum of keys and how many were added: a partial sum, from which the field works out the sum of values. */
    public record KeySum(BigInteger keySum, long count) implements Serializable {
        KeySum plus(KeySum other) {
            return new KeySum(keySum.add(other.keySum), count + other.count);
        }
    }

    /** {@link #sum}'s aggregator. */
    public static final class Sum<R> extends StoredAggregator<KeySum, R> {
        private static final long serialVersionUID = 1L;
        private KeyReader reader;
        private transient NumericField<?, ?> field;
        private transient Function<BigDecimal, R> form;
        private transient Aggregates.KeySum accumulator;
        private transient KeySum combined;

        /** For deserialisation only. */
        public Sum() {
        }

        Sum(StoredRecord record, NumericField<?, ?> field, Function<BigDecimal, R> form) {
            this(record, field.keyReader(), field, form);
        }

        private Sum(StoredRecord record, KeyReader reader, NumericField<?, ?> field, Function<BigDecimal, R> form) {
            super(record);
            this.reader = reader;
            this.field = field;
            this.form = form;
        }

        @Override
        public Sum<R> supply() {
            return new Sum<>(record, reader, field, form);
        }

        @Override
        public void writeExternal(DataOutput out) throws IOException {
            super.writeExternal(out);
            reader.writeTo(out);
        }

        @Override
        public void readExternal(DataInput in) throws IOException {
            super.readExternal(in);
            reader = KeyReader.readFrom(in);
        }

        @Override
        void accept(ByteBuffer bytes) {
            if (accumulator == null) {
                accumulator = new Aggregates.KeySum(reader);
            }
            accumulator.accept(bytes, 0);
        }

        @Override
        public KeySum getPartialResult() {
            return accumulator == null ? new KeySum(BigInteger.ZERO, 0)
                    : new KeySum(accumulator.keySum(), accumulator.count());
        }

        @Override
        public boolean combine(KeySum partial) {
            combined = combined == null ? partial : combined.plus(partial);
            return true;
        }

        @Override
        public R finalizeResult() {
            KeySum total = combined == null ? getPartialResult() : combined.plus(getPartialResult());
            return form.apply(Objects.requireNonNull(field, "finalizeResult runs where the aggregator was made")
                    .total(total.keySum(), total.count()));
        }
    }

    /** The stored bits of the smallest and largest values found, if any was. */
    public record Extremes(boolean any, long minRaw, long maxRaw) implements Serializable {
        /** Both these and {@code other}'s extremes, compared by the keys {@code reader} gives their stored bits. */
        Extremes with(Extremes other, KeyReader reader) {
            if (!other.any) {
                return this;
            } else if (!any) {
                return other;
            }
            return new Extremes(true, reader.key(other.minRaw) < reader.key(minRaw) ? other.minRaw : minRaw,
                    reader.key(other.maxRaw) > reader.key(maxRaw) ? other.maxRaw : maxRaw);
        }
    }

    /** {@link #min}'s and {@link #max}'s aggregator. */
    public static final class Extreme<V> extends StoredAggregator<Extremes, V> {
        private static final long serialVersionUID = 1L;
        private KeyReader reader;
        private boolean min;
        private transient OrderedField<?, V> field;
        private transient Aggregates.Extremes accumulator;
        private transient Extremes combined;

        /** For deserialisation only. */
        public Extreme() {
        }

        Extreme(StoredRecord record, OrderedField<?, V> field, boolean min) {
            this(record, field.keyReader(), field, min);
        }

        private Extreme(StoredRecord record, KeyReader reader, OrderedField<?, V> field, boolean min) {
            super(record);
            this.reader = reader;
            this.field = field;
            this.min = min;
        }

        @Override
        public Extreme<V> supply() {
            return new Extreme<>(record, reader, field, min);
        }

        @Override
        public void writeExternal(DataOutput out) throws IOException {
            super.writeExternal(out);
            reader.writeTo(out);
            out.writeBoolean(min);
        }

        @Override
        public void readExternal(DataInput in) throws IOException {
            super.readExternal(in);
            reader = KeyReader.readFrom(in);
            min = in.readBoolean();
        }

        @Override
        void accept(ByteBuffer bytes) {
            if (accumulator == null) {
                accumulator = new Aggregates.Extremes(reader);
            }
            accumulator.accept(bytes, 0);
        }

        @Override
        public Extremes getPartialResult() {
            return accumulator == null || !accumulator.any() ? new Extremes(false, 0, 0)
                    : new Extremes(true, accumulator.minRaw(), accumulator.maxRaw());
        }

        @Override
        public boolean combine(Extremes partial) {
            combined = combined == null ? partial : combined.with(partial, reader);
            return true;
        }

        @Override
        public V finalizeResult() {
            Extremes all = combined == null ? getPartialResult() : combined.with(getPartialResult(), reader);
            if (!all.any()) {
                return null;
            }
            return Objects.requireNonNull(field, "finalizeResult runs where the aggregator was made")
                    .valueOf(min ? all.minRaw() : all.maxRaw());
        }
    }

    /**
     * Counts and sums of keys per group that has records, by stored bits: a storage member sends only the groups it
     * saw, not the 2^16 slots of its accumulator. Group -1 holds the records without a value in the grouped field.
     */
    public static final class GroupSums implements Serializable {
        private static final long serialVersionUID = 1L;
        static final int ABSENT = -1;
        private final TreeMap<Integer, KeySum> groups = new TreeMap<>();

        void add(int group, KeySum sum) {
            groups.merge(group, sum, KeySum::plus);
        }

        void addAll(GroupSums other) {
            other.groups.forEach(this::add);
        }

        Map<Integer, KeySum> groups() {
            return groups;
        }
    }

    /** How a group's count and sum of keys become the value the caller sees. */
    private interface GroupValue<V> {
        V of(long count, BigInteger keySum);
    }

    /** {@link #countBy}'s and {@link #sumBy}'s aggregator. */
    public static final class Grouped<K, V> extends StoredAggregator<GroupSums, Map<K, V>> {
        private static final long serialVersionUID = 1L;
        private KeyReader group;
        /** The summed field's reader, or null when the groups are counted only. */
        private KeyReader summed;
        private transient OrderedField<?, K> field;
        private transient GroupValue<V> value;
        private transient Aggregates.Groups accumulator;
        private transient GroupSums combined;

        /** For deserialisation only. */
        public Grouped() {
        }

        Grouped(StoredRecord record, OrderedField<?, K> field, KeyReader summed, GroupValue<V> value) {
            this(record, field.keyReader(), summed, field, value);
            // Checked here, on the client, rather than on every storage member.
            if (group.width() > Aggregates.Groups.MAX_GROUP_BITS) {
                throw new IllegalArgumentException(field.name() + ": a field of " + group.width() + " bits has too"
                        + " many values to group by: at most " + Aggregates.Groups.MAX_GROUP_BITS + " bits");
            }
        }

        private Grouped(StoredRecord record, KeyReader group, KeyReader summed, OrderedField<?, K> field,
                GroupValue<V> value) {
            super(record);
            this.group = group;
            this.summed = summed;
            this.field = field;
            this.value = value;
        }

        @Override
        public Grouped<K, V> supply() {
            return new Grouped<>(record, group, summed, field, value);
        }

        @Override
        public void writeExternal(DataOutput out) throws IOException {
            super.writeExternal(out);
            group.writeTo(out);
            out.writeBoolean(summed != null);
            if (summed != null) {
                summed.writeTo(out);
            }
        }

        @Override
        public void readExternal(DataInput in) throws IOException {
            super.readExternal(in);
            group = KeyReader.readFrom(in);
            summed = in.readBoolean() ? KeyReader.readFrom(in) : null;
        }

        @Override
        void accept(ByteBuffer bytes) {
            if (accumulator == null) {
                accumulator = new Aggregates.Groups(group, summed);
            }
            accumulator.accept(bytes, 0);
        }

        @Override
        public GroupSums getPartialResult() {
            GroupSums partial = new GroupSums();
            if (accumulator != null) {
                for (int i = 0; i < accumulator.groupCount(); i++) {
                    if (accumulator.count(i) > 0) {
                        partial.add(i, new KeySum(summed == null ? BigInteger.ZERO : accumulator.keySum(i),
                                accumulator.count(i)));
                    }
                }
                if (accumulator.absentCount() > 0) {
                    partial.add(GroupSums.ABSENT, new KeySum(accumulator.absentKeySum(), accumulator.absentCount()));
                }
            }
            return partial;
        }

        @Override
        public boolean combine(GroupSums partial) {
            if (combined == null) {
                combined = new GroupSums();
            }
            combined.addAll(partial);
            return true;
        }

        /** The groups in the grouped field's order, then the records without a value under {@code null}. */
        @Override
        public Map<K, V> finalizeResult() {
            Objects.requireNonNull(field, "finalizeResult runs where the aggregator was made");
            GroupSums all = getPartialResult();
            if (combined != null) {
                all.addAll(combined);
            }
            Map<K, V> result = new LinkedHashMap<>();
            all.groups().entrySet().stream().filter(entry -> entry.getKey() != GroupSums.ABSENT)
                    .sorted(Comparator.comparingLong(entry -> field.key(entry.getKey())))
                    .forEach(entry -> result.put(field.valueOf(entry.getKey()),
                            value.of(entry.getValue().count(), entry.getValue().keySum())));
            KeySum absent = all.groups().get(GroupSums.ABSENT);
            if (absent != null) {
                result.put(null, value.of(absent.count(), absent.keySum()));
            }
            return Collections.unmodifiableMap(result);
        }
    }
}
