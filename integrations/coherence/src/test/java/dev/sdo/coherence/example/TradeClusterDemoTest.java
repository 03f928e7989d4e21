package dev.sdo.coherence.example;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TradeClusterDemoTest {
    private static final int WAYS = 3;

    @Test
    void everyRoundRunsEveryWayOnce() {
        for (int round = 0; round < 2 * WAYS; round++) {
            Set<Integer> ways = new HashSet<>();
            for (int turn = 0; turn < WAYS; turn++) {
                ways.add(TradeClusterDemo.wayOfTurn(round, turn, WAYS));
            }
            assertThat(ways).as("round %d", round).containsExactlyInAnyOrder(0, 1, 2);
        }
    }

    @Test
    void overAsManyRoundsAsWaysEveryWayRunsAtEveryTurn() {
        for (int firstRound = 0; firstRound < 2 * WAYS; firstRound++) {
            for (int turn = 0; turn < WAYS; turn++) {
                Set<Integer> ways = new HashSet<>();
                for (int round = firstRound; round < firstRound + WAYS; round++) {
                    ways.add(TradeClusterDemo.wayOfTurn(round, turn, WAYS));
                }
                assertThat(ways).as("turn %d from round %d", turn, firstRound).containsExactlyInAnyOrder(0, 1, 2);
            }
        }
    }

    @Test
    void theFirstRoundRunsTheWaysInTheirPrintedOrder() {
        assertThat(TradeClusterDemo.wayOfTurn(0, 0, WAYS)).isZero();
        assertThat(TradeClusterDemo.wayOfTurn(0, 1, WAYS)).isEqualTo(1);
        assertThat(TradeClusterDemo.wayOfTurn(0, 2, WAYS)).isEqualTo(2);
        assertThat(TradeClusterDemo.wayOfTurn(1, 0, WAYS)).isEqualTo(1);
    }
}
