package dev.sdo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * What a generated {@code encode} and {@code wrap} of a compact record use beyond {@link CompactSlotsTest}: the slots
 * written field by field after the width code and slot bits, but the last field's ({@link CompactSlots#writeEnd}),
 * and the bytes a view is made of checked within the buffer ({@link CompactSlots#checkedLength}).
 */
class CompactSlotsEncodeTest {
    @Test
    void writeEndPutsEachSlotAfterTheSlotsBeforeItButTheLastFieldsNowhere() {
        // The worked example of docs/record-format.md, section 8.2, without photo: slot bits 1 0 1, w = 0.
        ByteBuffer buffer = ByteBuffer.allocate(7 + 15);
        buffer.put(7, HexFormat.of().parseHex("F4FCC8"));
        buffer.put(11, (byte) 0x5A);
        CompactSlots.writeEnd(buffer, 7, 3, 3, 0, 13);
        CompactSlots.writeEnd(buffer, 7, 3, 3, 2, 15);
        assertEquals("0D5A", HexFormat.of().formatHex(buffer.array(), 10, 12).toUpperCase(),
                "note's end is the size: no slot, and name's first byte stays");

        // Two-byte slots (w = 1), the second field without one.
        ByteBuffer wide = ByteBuffer.allocate(1 + 2);
        wide.put(0, (byte) (1 | 0b1_0100));
        CompactSlots.writeEnd(wide, 0, 1, 3, 0, 0x1234);
        CompactSlots.writeEnd(wide, 0, 1, 3, 2, 0x5678);
        assertEquals("153412", HexFormat.of().formatHex(wide.array()));
    }

    @Test
    void aViewsBytesMustLieWithinTheBufferAndHoldTheFixedPart() {
        ByteBuffer buffer = ByteBuffer.wrap(HexFormat.of().parseHex("FCFCC8" + "0E12"));
        assertEquals(5, CompactSlots.checkedLength("Person", buffer, 0, 5, 3));
        assertThrows(IndexOutOfBoundsException.class, () -> CompactSlots.checkedLength("Person", buffer, 1, 5, 3));
        CorruptDataException e = assertThrows(CorruptDataException.class,
                () -> CompactSlots.checkedLength("Person", buffer, 0, 2, 3));
        assertEquals("Person: its 2 bytes cannot hold its 3 fixed bytes", e.getMessage());
    }
}
