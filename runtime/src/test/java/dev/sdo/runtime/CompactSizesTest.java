package dev.sdo.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The log of compact record sizes a generated encode sizes into and writes from, in the same order. */
class CompactSizesTest {
    @Test
    void theWritingPassReadsTheSizesInTheOrderTheSizingPassStartedThem() {
        try (CompactSizes sizes = CompactSizes.take()) {
            // A record holding two: its entry started first, set last (its size needs theirs).
            int outer = sizes.start();
            for (int i = 0; i < 100; i++) {
                int inner = sizes.start();
                assertThat(sizes.set(inner, 10 + i, i % 3)).isEqualTo(10 + i);
            }
            sizes.set(outer, 5000, 7);
            assertThat(sizes.next("Outer", 7)).isEqualTo(5000);
            for (int i = 0; i < 100; i++) {
                assertThat(sizes.next("Inner", i % 3)).isEqualTo(10 + i);
            }
            sizes.finish("Outer");
        }
    }

    @Test
    void aWritingPassThatDivergesFromTheSizingPassIsRefusedNamingTheRecord() {
        try (CompactSizes sizes = CompactSizes.take()) {
            sizes.set(sizes.start(), 12, 2);
            sizes.set(sizes.start(), 3, 0);
            assertThatThrownBy(() -> sizes.next("Outer", 3)).isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("Outer: 3 slots written where its sizing pass logged 2");
            assertThat(sizes.next("Outer", 2)).isEqualTo(12);
            assertThatThrownBy(() -> sizes.finish("Outer")).isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("Outer: 1 of the 2 compact record sizes logged left unread");
            assertThat(sizes.next("Inner", 0)).isEqualTo(3);
            assertThatThrownBy(() -> sizes.next("Extra", 0)).isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("Extra: no size logged for it");
        }
    }

    @Test
    void aThreadThatTakesALogWhileItsOwnIsTakenGetsANewOneAndItsOwnBackOnceClosed() {
        CompactSizes outer = CompactSizes.take();
        outer.set(outer.start(), 40, 1);
        try (CompactSizes inner = CompactSizes.take()) {
            // A getter of the value being encoded that encodes another record: its log is not the outer one.
            assertThat(inner).isNotSameAs(outer);
            inner.set(inner.start(), 8, 0);
            assertThat(inner.next("Inner", 0)).isEqualTo(8);
        }
        assertThat(outer.next("Outer", 1)).isEqualTo(40);
        outer.close();
        try (CompactSizes again = CompactSizes.take()) {
            assertThat(again).isSameAs(outer);
            assertThatThrownBy(() -> again.next("Empty", 0)).isInstanceOf(IllegalStateException.class);
        }
    }
}
