package dev.sdo.runtime.text;

import java.util.Arrays;

/**
 * The text of one value being written, for {@link XmlValueText}: characters in a buffer reused from value to value
 * of one document, or a constant string. One per write; not for threads to share.
 */
public final class XmlText {
    /** The characters, {@link #length} of them from 0. */
    public char[] chars = new char[64];
    public int length;
    /** The text as a constant, when {@link XmlValueText#CONSTANT} is given. */
    public String constant;
    /** The text as UTF-8, {@link #length} bytes from {@link #offset}, when {@link XmlValueText#UTF8} is given. */
    public byte[] bytes;
    public int offset;
    /** Where a {@link TextField} writes its value's text, before it is copied into {@link #chars}. */
    final StringBuilder builder = new StringBuilder();

    /** The buffer with room for at least {@code capacity} characters, its first {@link #length} kept. */
    public char[] ensure(int capacity) {
        if (chars.length < capacity) {
            chars = Arrays.copyOf(chars, Math.max(capacity, 2 * chars.length));
        }
        return chars;
    }

    /** The text as a string. */
    String string(int kind) {
        return kind == XmlValueText.CONSTANT ? constant : kind == XmlValueText.UTF8
                ? new String(bytes, offset, length, java.nio.charset.StandardCharsets.UTF_8)
                : new String(chars, 0, length);
    }
}
