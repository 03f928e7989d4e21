package dev.sdo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * What a generated {@code encode} and {@code sizeOf} of a compact record use beyond {@link CompactSlotsTest}: the
 * slots written field by field after the width code and slot bits ({@link CompactSlots#writeEnd}), and the size read
 * with its slot checked within the buffer ({@link CompactSlots#sizeOf}).
 */
class CompactSlotsEncodeTest {
    @Test
    void writeEndPutsEachSlotAfterTheSlotsBeforeIt() {
        // The worked example of docs/record-format.md, section 8.2, without photo: slot bits 1 0 1, w = 0.
        ByteBuffer buffer = ByteBuffer.allocate(7 + 16);
        buffer.put(7, HexFormat.of().parseHex("F4FCC8"));
        CompactSlots.writeEnd(buffer, 7, 3, 0, 14);
        CompactSlots.writeEnd(buffer, 7, 3, 2, 16);
        assertEquals("0E10", HexFormat.of().formatHex(buffer.array(), 10, 12).toUpperCase());

        // Two-byte slots (w = 1), the second field without one.
        ByteBuffer wide = ByteBuffer.allocate(1 + 4);
        wide.put(0, (byte) (1 | 0b1_0100));
        CompactSlots.writeEnd(wide, 0, 1, 0, 0x1234);
        CompactSlots.writeEnd(wide, 0, 1, 2, 0x5678);
        assertEquals("153412" + "7856", HexFormat.of().formatHex(wide.array()));
        assertEquals(0x5678, CompactSlots.sizeOf("R", wide, 0, 1, 3));
    }

    @Test
    void sizeOfReportsALastSlotBeyondTheBufferAsCorruptData() {
        ByteBuffer buffer = ByteBuffer.wrap(HexFormat.of().parseHex("FCFCC8" + "0F1315"));
        assertEquals(0x15, CompactSlots.sizeOf("Person", buffer, 0, 3, 3));
        assertEquals(2, CompactSlots.sizeOf("Empty", ByteBuffer.wrap(new byte[] {0, 0}), 0, 2, 5));
        buffer.put(0, (byte) 0xFF); // 4-byte slots: the third ends at byte 15 of 6
        CorruptDataException e = assertThrows(CorruptDataException.class,
                () -> CompactSlots.sizeOf("Person", buffer, 0, 3, 3));
        assertEquals("Person: its slot table ends at byte 15, beyond the 6 bytes available", e.getMessage());
    }
}
