package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Where getters load their fields from: always inside the record, as few loads as possible. */
class BitWindowTest {

    /** Checks the window covers the field's bytes and stays inside the record. */
    private static void assertInsideAndCovering(BitWindow window, int recordBytes, long bitOffset, int width) {
        int first = (int) (bitOffset >>> 3);
        int last = (int) ((bitOffset + width - 1) >>> 3);
        assertThat(window.lowIndex()).isGreaterThanOrEqualTo(0).isLessThanOrEqualTo(first);
        assertThat(window.lowIndex() + window.low().bytes()).isLessThanOrEqualTo(recordBytes);
        int covered = window.lowIndex() + window.low().bytes() - 1;
        if (window.twoLoads()) {
            assertThat(window.highIndex()).isGreaterThan(first).isLessThanOrEqualTo(covered + 1);
            assertThat(window.highIndex() + window.high().bytes()).isLessThanOrEqualTo(recordBytes);
            covered = window.highIndex() + window.high().bytes() - 1;
        }
        assertThat(covered).isGreaterThanOrEqualTo(last);
        assertThat(window.shift()).isEqualTo(8 * (first - window.lowIndex()) + (int) (bitOffset & 7));
    }

    @Test
    void everyFieldOfEveryRecordUpTo24BytesIsCoveredFromInside() {
        for (int bytes = 1; bytes <= 24; bytes++) {
            for (long offset = 0; offset < bytes * 8L; offset++) {
                for (int width = 1; width <= 64 && offset + width <= bytes * 8L; width++) {
                    BitWindow window = BitWindow.of(bytes, offset, width);
                    assertInsideAndCovering(window, bytes, offset, width);
                    if (bytes >= 8 && width > 1) {
                        assertThat(window.low()).isEqualTo(WordLoad.LONG);
                    } else if (bytes < 8) {
                        assertThat(window.low()).isNotEqualTo(WordLoad.LONG);
                    }
                }
            }
        }
    }

    @Test
    void aFieldInTheLastEightBytesIsReadByALongLoadEndingAtTheRecordsEnd() {
        BitWindow window = BitWindow.of(27, 193, 16);

        assertThat(window.low()).isEqualTo(WordLoad.LONG);
        assertThat(window.lowIndex()).isEqualTo(19);
        assertThat(window.shift()).isEqualTo(193 - 19 * 8);
        assertThat(window.twoLoads()).isFalse();
    }

    @Test
    void aFieldSpanningNineBytesTakesALongAndAByte() {
        BitWindow window = BitWindow.of(9, 3, 64);

        assertThat(window.low()).isEqualTo(WordLoad.LONG);
        assertThat(window.high()).isEqualTo(WordLoad.BYTE);
        assertThat(window.highIndex()).isEqualTo(8);
        assertThat(window.highShift()).isEqualTo(61);
        assertThat(window.needsMask()).isFalse();
    }

    @Test
    void aThreeByteFieldOfAThreeByteRecordTakesAShortAndAByte() {
        BitWindow window = BitWindow.of(3, 2, 20);

        assertThat(window.low()).isEqualTo(WordLoad.SHORT);
        assertThat(window.high()).isEqualTo(WordLoad.BYTE);
        assertThat(window.highIndex()).isEqualTo(2);
        assertThat(window.highShift()).isEqualTo(14);
    }

    @Test
    void anAlignedFieldOfItsLoadsWidthIsExact() {
        assertThat(BitWindow.of(4, 0, 32).exact()).isTrue();
        assertThat(BitWindow.of(2, 8, 8).exact()).isTrue();
        assertThat(BitWindow.of(16, 64, 64).exact()).isTrue();
        assertThat(BitWindow.of(16, 72, 32).exact()).isFalse();
    }
}
