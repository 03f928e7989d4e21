package dev.sdo.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalTime;
import org.junit.jupiter.api.Test;

class StoredValuesTest {

    @Test
    void millisecondsOfADayAreTimesOfDay() {
        assertThat(StoredValues.timeOfDay("R.t", 0)).isEqualTo(LocalTime.MIDNIGHT);
        assertThat(StoredValues.timeOfDay("R.t", 86_399_999)).isEqualTo(LocalTime.of(23, 59, 59, 999_000_000));
    }

    @Test
    void storedNumbersBeyondADayAreCorruptData() {
        assertThatThrownBy(() -> StoredValues.timeOfDay("R.t", 86_400_000)).isInstanceOf(CorruptDataException.class)
                .hasMessageContainingAll("R.t", "86400000");
        assertThatThrownBy(() -> StoredValues.timeOfDay("R.t", (1 << 27) - 1)).isInstanceOf(CorruptDataException.class);
        assertThatThrownBy(() -> StoredValues.timeOfDay("R.t", -1)).isInstanceOf(CorruptDataException.class);
    }
}
