package dev.sdo.runtime.text;

import java.util.Arrays;

/** Bytes of a text or attribute value whose references, line ends or CDATA sections were resolved. */
final class DecodedBytes {
    byte[] bytes = new byte[256];
    int size;

    DecodedBytes reset() {
        size = 0;
        return this;
    }

    void append(byte[] from, int start, int end) {
        int length = end - start;
        if (length <= 0) {
            return;
        }
        room(length);
        System.arraycopy(from, start, bytes, size, length);
        size += length;
    }

    void append(byte b) {
        room(1);
        bytes[size++] = b;
    }

    void appendCodePoint(int c) {
        room(4);
        if (c < 0x80) {
            bytes[size++] = (byte) c;
        } else if (c < 0x800) {
            bytes[size++] = (byte) (0xC0 | c >> 6);
            bytes[size++] = (byte) (0x80 | c & 0x3F);
        } else if (c < 0x10000) {
            bytes[size++] = (byte) (0xE0 | c >> 12);
            bytes[size++] = (byte) (0x80 | c >> 6 & 0x3F);
            bytes[size++] = (byte) (0x80 | c & 0x3F);
        } else {
            bytes[size++] = (byte) (0xF0 | c >> 18);
            bytes[size++] = (byte) (0x80 | c >> 12 & 0x3F);
            bytes[size++] = (byte) (0x80 | c >> 6 & 0x3F);
            bytes[size++] = (byte) (0x80 | c & 0x3F);
        }
    }

    private void room(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}
