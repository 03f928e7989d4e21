package dev.sdo.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import dev.sdo.testing.PropertyRunner;
import org.junit.jupiter.api.Test;

class VariableDataTest {

    /** Strings of whole code points: valid UTF-16, which UTF-8 holds. */
    @Test
    void writesWhatTheJdkEncoderWrites() {
        PropertyRunner.forAll(1000, draw -> writesWhatTheJdkEncoderWrites(
                draw.list(0, 255, draw::anyInt).stream().mapToInt(Integer::intValue).toArray()));
    }

    private static void writesWhatTheJdkEncoderWrites(int[] codePoints) {
        StringBuilder text = new StringBuilder();
        for (int codePoint : codePoints) {
            int valid = Math.floorMod(codePoint, Character.MAX_CODE_POINT + 1);
            if (!Character.isSurrogate((char) valid) || valid > 0xFFFF) {
                text.appendCodePoint(valid);
            }
        }
        String value = text.toString();
        byte[] expected = value.getBytes(StandardCharsets.UTF_8);
        ByteBuffer buffer = ByteBuffer.allocate(expected.length + 3);

        assertThat(VariableData.utf8Length("R.f", value)).isEqualTo(expected.length);
        assertThat(VariableData.writeString("R.f", buffer, 3, value)).isEqualTo(expected.length);
        assertThat(VariableData.string("R.f", buffer, 0, 3, 3 + expected.length)).isEqualTo(value);
    }

    @Test
    void unpairedSurrogatesAreRefusedNotReplaced() {
        ByteBuffer buffer = ByteBuffer.allocate(16);
        for (String bad : new String[] {"a\uD800", "\uDC00b", "\uD800\uD800x"}) {
            assertThatThrownBy(() -> VariableData.utf8Length("R.f", bad))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("R.f: ");
            assertThatThrownBy(() -> VariableData.writeString("R.f", buffer, 0, bad))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unpaired surrogate");
        }
    }

    @Test
    void rangesOutsideTheBufferOrBackwardsAreCorrupt() {
        ByteBuffer buffer = ByteBuffer.allocate(10);

        assertThat(VariableData.length("R.f", buffer, 2, 4, 8)).isEqualTo(4);
        assertThatThrownBy(() -> VariableData.length("R.f", buffer, 2, 4, 9))
                .isInstanceOf(CorruptDataException.class).hasMessageContaining("R.f");
        assertThatThrownBy(() -> VariableData.bytes("R.f", buffer, 0, 5, 4))
                .isInstanceOf(CorruptDataException.class);
        assertThatThrownBy(() -> VariableData.view("R.f", buffer, 0, -1, 4))
                .isInstanceOf(CorruptDataException.class);
    }

    @Test
    void viewsAreReadOnlyWindowsOnTheBuffer() {
        ByteBuffer buffer = ByteBuffer.wrap(new byte[] {0, 1, 2, 3, 4, 5});
        ByteBuffer view = VariableData.view("R.f", buffer, 1, 2, 4);

        assertThat(view.isReadOnly()).isTrue();
        assertThat(view.remaining()).isEqualTo(2);
        assertThat(view.get(0)).isEqualTo((byte) 3);
        assertThat(buffer.position()).isZero();
    }

    @Test
    void recordsBeyondAnIntNumberOfBytesAreRefused() {
        assertThat(VariableData.recordSize("R", 10, 5)).isEqualTo(15);
        assertThatThrownBy(() -> VariableData.recordSize("R", 10, Integer.MAX_VALUE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("R: ");
    }

    @Test
    void aRecordsEndSlotsMustAscendAndItsDataEndWithinItsSize() {
        assertThat(VariableData.nextEnd("R.a", 8, 8)).isEqualTo(8);
        assertThat(VariableData.nextEnd("R.a", 8, 14)).isEqualTo(14);
        assertThatThrownBy(() -> VariableData.nextEnd("R.b", 14, 12)).isInstanceOf(CorruptDataException.class)
                .hasMessage("R.b: its data ends at byte 12, before it starts at byte 14 (the end of the data before "
                        + "it): the record's end slots must ascend");
        // A slot beyond 2^31 is a huge unsigned offset, not a negative one that would pass.
        assertThat(VariableData.nextEnd("R.a", 8, -3)).isEqualTo(-3);
        assertThatThrownBy(() -> VariableData.nextEnd("R.b", -3, 12)).isInstanceOf(CorruptDataException.class);
        assertThat(VariableData.dataWithin("R", 12, 12)).isEqualTo(12);
        assertThat(VariableData.dataWithin("R", 10, 12)).isEqualTo(12);
        assertThatThrownBy(() -> VariableData.dataWithin("R", 14, 12)).isInstanceOf(CorruptDataException.class)
                .hasMessage("R: its fields' data ends at byte 14, past the record's end at byte 12");
        assertThatThrownBy(() -> VariableData.dataWithin("R", -3, 12)).isInstanceOf(CorruptDataException.class);
        // A size slot of 2^31 or more is no record's, and never the -1 of a record that does not say its size.
        assertThatThrownBy(() -> VariableData.dataWithin("R", -1, -1)).isInstanceOf(CorruptDataException.class)
                .hasMessage("R: it says it takes 4294967295 bytes; a record takes at most 2147483647");
        assertThatThrownBy(() -> VariableData.dataWithin("R", 12, Integer.MIN_VALUE))
                .isInstanceOf(CorruptDataException.class);
    }
}
