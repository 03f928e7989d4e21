package dev.sdo.runtime.text;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Eight bytes of a byte array, at any index, read as one {@code long}: how the XML reader compares names and skips
 * indentation a word at a time rather than a byte at a time.
 */
final class ByteWords {
    /** Eight spaces. */
    static final long SPACES = 0x2020_2020_2020_2020L;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private ByteWords() {}

    /** Bytes {@code index} to {@code index + 7} of {@code bytes}, which must all be in the array. */
    static long at(byte[] bytes, int index) {
        return (long) LONGS.get(bytes, index);
    }

    /**
     * Whether the {@code length} bytes of {@code a} at {@code aFrom} are those of {@code b} at {@code bFrom}: eight
     * bytes at a time, then a byte at a time. For the few bytes of a name or a short text, quicker than
     * {@code Arrays.equals}, whose vectorised compare costs more than it saves on so few.
     */
    static boolean equal(byte[] a, int aFrom, byte[] b, int bFrom, int length) {
        int k = 0;
        for (; k <= length - Long.BYTES; k += Long.BYTES) {
            if (at(a, aFrom + k) != at(b, bFrom + k)) {
                return false;
            }
        }
        for (; k < length; k++) {
            if (a[aFrom + k] != b[bFrom + k]) {
                return false;
            }
        }
        return true;
    }
}
