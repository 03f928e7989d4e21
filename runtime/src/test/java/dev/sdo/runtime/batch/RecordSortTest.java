package dev.sdo.runtime.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.BitFields;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

class RecordSortTest {
    private static final int SIZE = 12;

    /** A store whose record i holds keys.get(i) in bytes 0..7 and i in bytes 8..11. */
    private static RecordStore storeOf(List<Long> keys, int perChunk) {
        RecordStore store = RecordStore.create(SIZE, ChunkAllocation.HEAP, perChunk);
        ByteBuffer record = ByteBuffer.allocate(SIZE + 8);
        for (int i = 0; i < keys.size(); i++) {
            BitFields.putLong(record, 0, keys.get(i));
            BitFields.putLong(record, 8, i);
            store.append(record, 0);
        }
        return store;
    }

    /** The stable order of the keys by the JDK's stable sort of boxed indexes: the reference. */
    private static List<Integer> referenceOrder(List<Long> keys, Comparator<Long> order) {
        return IntStream.range(0, keys.size()).boxed()
                .sorted(Comparator.comparing(keys::get, order))
                .collect(Collectors.toList());
    }

    @Property(tries = 200)
    void byKeyIsTheStableSignedOrderOfTheKeys(@ForAll List<@LongRange(min = -5, max = 5) Long> smallKeys,
            @ForAll List<Long> anyKeys, @ForAll @IntRange(min = 1, max = 7) int perChunk) {
        for (List<Long> keys : List.of(smallKeys, anyKeys)) {
            RecordStore store = storeOf(keys, perChunk);
            int[] order = RecordSort.byKey(store, BitFields::getLong);
            assertThat(order).containsExactly(
                    referenceOrder(keys, Comparator.naturalOrder()).stream().mapToInt(i -> i).toArray());
        }
    }

    @Property(tries = 200)
    void byComparatorIsTheStableOrderOfTheComparator(@ForAll List<@LongRange(min = -3, max = 3) Long> keys,
            @ForAll @IntRange(min = 1, max = 7) int perChunk) {
        RecordStore store = storeOf(keys, perChunk);
        RecordComparator descending = (left, leftOffset, right, rightOffset) ->
                Long.compare(BitFields.getLong(right, rightOffset), BitFields.getLong(left, leftOffset));
        int[] order = RecordSort.byComparator(store, descending);
        assertThat(order).containsExactly(
                referenceOrder(keys, Comparator.reverseOrder()).stream().mapToInt(i -> i).toArray());
    }

    @Property(tries = 50)
    void aPermutedStoreHoldsTheRecordsInTheSortedOrder(@ForAll List<Long> keys,
            @ForAll @IntRange(min = 1, max = 7) int perChunk) {
        RecordStore store = storeOf(keys, perChunk);
        RecordStore sorted = store.permuted(RecordSort.byKey(store, BitFields::getLong));
        List<Long> sortedKeys = keys.stream().sorted().collect(Collectors.toList());
        assertThat(sorted.size()).isEqualTo(keys.size());
        for (int k = 0; k < keys.size(); k++) {
            assertThat(BitFields.getLong(sorted.chunkOf(k), sorted.offsetOf(k))).isEqualTo(sortedKeys.get(k));
            int original = BitFields.getInt(sorted.chunkOf(k), sorted.offsetOf(k) + 8);
            assertThat(keys.get(original)).isEqualTo(sortedKeys.get(k));
        }
    }

    @Property(tries = 100)
    void sortingInPlaceGivesTheSameRecordsAsAPermutedCopy(@ForAll List<@LongRange(min = -9, max = 9) Long> keys,
            @ForAll @IntRange(min = 1, max = 7) int perChunk) {
        RecordStore store = storeOf(keys, perChunk);
        int[] order = RecordSort.byKey(store, BitFields::getLong);
        byte[] copy = TestRecords.contents(store.permuted(order));
        RecordSort.applyInPlace(store, order);
        assertThat(TestRecords.contents(store)).isEqualTo(copy);
    }

    @Property(tries = 20)
    void applyInPlaceRejectsWhatIsNotAPermutation(@ForAll @IntRange(min = 2, max = 9) int n) {
        RecordStore store = storeOf(Collections.nCopies(n, 1L), 3);
        int[] repeated = new int[n];
        assertThatThrownBy(() -> RecordSort.applyInPlace(store, repeated))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("repeated");
        assertThatThrownBy(() -> RecordSort.applyInPlace(store, new int[n - 1]))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
