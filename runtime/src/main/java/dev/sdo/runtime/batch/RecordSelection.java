package dev.sdo.runtime.batch;

import dev.sdo.runtime.Flyweight;
import dev.sdo.runtime.query.Aggregates;
import dev.sdo.runtime.query.DecimalField;
import dev.sdo.runtime.query.IntegerField;
import dev.sdo.runtime.query.KeyReader;
import dev.sdo.runtime.query.Match;
import dev.sdo.runtime.query.NumericField;
import dev.sdo.runtime.query.OrderedField;
import dev.sdo.runtime.query.RecordAccumulator;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The records of a batch that match a predicate ({@code batch.where(p)}), and the queries over them: count, exact
 * sums, minimum and maximum, counts and sums per group, each a scan of the stored bits that allocates nothing per
 * record; and the matching records themselves, as a stream or through one cursor. {@link #parallel()} runs the same
 * queries on the common fork-join pool, over slices of the records.
 *
 * <p>A selection is a view: it reads the batch when a query runs, so records added since are included.
 *
 * @param <T> the records' interface, {@code X}
 * @param <S> their SDO, {@code XSdo}
 */
public final class RecordSelection<T, S extends Flyweight> {
    private final RecordBatch<T, S, ?> batch;
    private final Match match;
    private final boolean parallel;

    RecordSelection(RecordBatch<T, S, ?> batch, Match match, boolean parallel) {
        this.batch = batch;
        this.match = match;
        this.parallel = parallel;
    }

    /** The same selection, whose queries and stream run in parallel. */
    public RecordSelection<T, S> parallel() {
        return new RecordSelection<>(batch, match, true);
    }

    /** How many records match. */
    public long count() {
        return accumulate(Aggregates.Count::new).count();
    }

    /** How many records match, as an {@code int} (a batch holds at most {@code Integer.MAX_VALUE} records). */
    public int size() {
        return Math.toIntExact(count());
    }

    /**
     * The sum of an integer field over the matching records that have a value (0 when none has).
     *
     * @throws ArithmeticException if the sum does not fit a long
     */
    public long sum(IntegerField<? super T> field) {
        return total(field).longValueExact();
    }

    /** The exact sum of a decimal field over the matching records that have a value, at the field's scale. */
    public BigDecimal sum(DecimalField<? super T> field) {
        return total(field);
    }

    private BigDecimal total(NumericField<? super T, ?> field) {
        Aggregates.KeySum sum = accumulate(() -> new Aggregates.KeySum(field.keyReader()));
        return field.total(sum.keySum(), sum.count());
    }

    /** The smallest value of a field over the matching records that have one; empty when none has. */
    public <V> Optional<V> min(OrderedField<? super T, V> field) {
        Aggregates.Extremes extremes = accumulate(() -> new Aggregates.Extremes(field.keyReader()));
        return extremes.any() ? Optional.of(field.valueOf(extremes.minRaw())) : Optional.empty();
    }

    /** The largest value of a field over the matching records that have one; empty when none has. */
    public <V> Optional<V> max(OrderedField<? super T, V> field) {
        Aggregates.Extremes extremes = accumulate(() -> new Aggregates.Extremes(field.keyReader()));
        return extremes.any() ? Optional.of(field.valueOf(extremes.maxRaw())) : Optional.empty();
    }

    /**
     * How many matching records hold each value of a field of at most 16 bits (an enum, a short {@code char(n)}, a
     * narrow range), in the field's order, values without records left out; records without a value under the key
     * {@code null}, last.
     */
    public <K> Map<K, Long> countBy(OrderedField<? super T, K> group) {
        Aggregates.Groups groups = accumulate(() -> new Aggregates.Groups(group.keyReader(), null));
        return grouped(group, groups, groups::count, groups.absentCount());
    }

    /** The sum of an integer field per value of {@code group}, over matching records that have a value in both. */
    public <K> Map<K, Long> sumBy(OrderedField<? super T, K> group, IntegerField<? super T> summed) {
        return sums(group, summed, BigDecimal::longValueExact);
    }

    /** The sum of a decimal field per value of {@code group}, over matching records that have a value in both. */
    public <K> Map<K, BigDecimal> sumBy(OrderedField<? super T, K> group, DecimalField<? super T> summed) {
        return sums(group, summed, Function.identity());
    }

    private <K, V> Map<K, V> sums(OrderedField<? super T, K> group, NumericField<? super T, ?> summed,
            Function<BigDecimal, V> form) {
        KeyReader values = summed.keyReader();
        Aggregates.Groups groups = accumulate(() -> new Aggregates.Groups(group.keyReader(), values));
        return grouped(group, groups, i -> form.apply(summed.total(groups.keySum(i), groups.count(i))),
                form.apply(summed.total(groups.absentKeySum(), groups.absentCount())));
    }

    /**
     * The groups that have records, ordered by the grouped field's keys, each with {@code value} of its index; then,
     * when records without a value in the grouped field matched, {@code absentValue} under {@code null}.
     */
    private <K, V> Map<K, V> grouped(OrderedField<? super T, K> group, Aggregates.Groups groups, IntFunction<V> value,
            V absentValue) {
        Map<K, V> result = new LinkedHashMap<>();
        IntStream.range(0, groups.groupCount()).filter(i -> groups.count(i) > 0).boxed()
                .sorted(Comparator.comparingLong(i -> group.key(i)))
                .forEach(i -> result.put(group.valueOf(i), value.apply(i)));
        if (groups.absentCount() > 0) {
            result.put(null, absentValue);
        }
        return Collections.unmodifiableMap(result);
    }

    /** Hands each matching record to {@code action} as a view of its own, in order. */
    public void forEach(Consumer<? super S> action) {
        stream().forEachOrdered(action);
    }

    /**
     * Moves one cursor to each matching record in order and hands it to {@code action}: no object per record. The
     * cursor shows a record only until {@code action} returns (keep one with {@code toBean()}). Sequential, even for
     * a parallel selection.
     */
    public void forEachCursor(Consumer<? super S> action) {
        batch.requireOwnVersionToQuery();
        RecordScan.forEachMatch(batch.records(), match, batch.cursor(), action);
    }

    /** The matching records, each a view of its own, in order (parallel for a parallel selection). */
    public Stream<S> stream() {
        batch.requireOwnVersionToQuery();
        if (match == Match.NONE) {
            return Stream.empty();
        }
        IntStream indexes = IntStream.range(0, batch.size()).filter(i -> batch.matches(i, match));
        return (parallel ? indexes.parallel() : indexes).mapToObj(batch::get);
    }

    private <A extends RecordAccumulator<A>> A accumulate(Supplier<A> fresh) {
        batch.requireOwnVersionToQuery();
        return RecordScan.accumulate(batch.records(), match, fresh, parallel);
    }
}
