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
import dev.sdo.testing.PropertyRunner;
import org.junit.jupiter.api.Test;

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

    @Test
    void byKeyIsTheStableSignedOrderOfTheKeys() {
        PropertyRunner.forAll(200, draw -> byKeyIsTheStableSignedOrderOfTheKeys(
                draw.list(0, 255, () -> draw.longs(-5, 5)), draw.list(0, 255, draw::anyLong), draw.ints(1, 7)));
    }

    private static void byKeyIsTheStableSignedOrderOfTheKeys(List<Long> smallKeys, List<Long> anyKeys,
            int perChunk) {
        for (List<Long> keys : List.of(smallKeys, anyKeys)) {
            RecordStore store = storeOf(keys, perChunk);
            int[] order = RecordSort.byKey(store, BitFields::getLong);
            assertThat(order).containsExactly(
                    referenceOrder(keys, Comparator.naturalOrder()).stream().mapToInt(i -> i).toArray());
        }
    }

    @Test
    void byComparatorIsTheStableOrderOfTheComparator() {
        PropertyRunner.forAll(200, draw -> byComparatorIsTheStableOrderOfTheComparator(
                draw.list(0, 255, () -> draw.longs(-3, 3)), draw.ints(1, 7)));
    }

    private static void byComparatorIsTheStableOrderOfTheComparator(List<Long> keys, int perChunk) {
        RecordStore store = storeOf(keys, perChunk);
        RecordComparator descending = (left, leftOffset, right, rightOffset) ->
                Long.compare(BitFields.getLong(right, rightOffset), BitFields.getLong(left, leftOffset));
        int[] order = RecordSort.byComparator(store, descending);
        assertThat(order).containsExactly(
                referenceOrder(keys, Comparator.reverseOrder()).stream().mapToInt(i -> i).toArray());
    }

    @Test
    void aPermutedStoreHoldsTheRecordsInTheSortedOrder() {
        PropertyRunner.forAll(50, draw -> aPermutedStoreHoldsTheRecordsInTheSortedOrder(
                draw.list(0, 255, draw::anyLong), draw.ints(1, 7)));
    }

    private static void aPermutedStoreHoldsTheRecordsInTheSortedOrder(List<Long> keys, int perChunk) {
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

    @Test
    void sortingInPlaceGivesTheSameRecordsAsAPermutedCopy() {
        PropertyRunner.forAll(100, draw -> sortingInPlaceGivesTheSameRecordsAsAPermutedCopy(
                draw.list(0, 255, () -> draw.longs(-9, 9)), draw.ints(1, 7)));
    }

    private static void sortingInPlaceGivesTheSameRecordsAsAPermutedCopy(List<Long> keys, int perChunk) {
        RecordStore store = storeOf(keys, perChunk);
        int[] order = RecordSort.byKey(store, BitFields::getLong);
        byte[] copy = TestRecords.contents(store.permuted(order));
        RecordSort.applyInPlace(store, order);
        assertThat(TestRecords.contents(store)).isEqualTo(copy);
    }

    /** Every size from 2 to 9. */
    @Test
    void applyInPlaceRejectsWhatIsNotAPermutation() {
        PropertyRunner.forEach(2, 9, RecordSortTest::applyInPlaceRejectsWhatIsNotAPermutation);
    }

    private static void applyInPlaceRejectsWhatIsNotAPermutation(int n) {
        RecordStore store = storeOf(Collections.nCopies(n, 1L), 3);
        int[] repeated = new int[n];
        assertThatThrownBy(() -> RecordSort.applyInPlace(store, repeated))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("repeated");
        assertThatThrownBy(() -> RecordSort.applyInPlace(store, new int[n - 1]))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
