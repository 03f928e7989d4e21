package dev.sdo.runtime.text;

/** A qualified name met in a document: its bytes, and its prefix and local part as interned strings. */
final class ParsedName {
    final byte[] bytes;
    final int hash;
    final String qualified;
    final String prefix;
    final String local;

    ParsedName(byte[] bytes, int hash, String qualified) {
        this.bytes = bytes;
        this.hash = hash;
        this.qualified = qualified.intern();
        int colon = qualified.indexOf(':');
        this.prefix = colon < 0 ? "" : qualified.substring(0, colon).intern();
        this.local = colon < 0 ? this.qualified : qualified.substring(colon + 1).intern();
    }

    /** Whether this is the name in the {@code length} bytes at {@code from}. */
    boolean is(byte[] in, int from, int length) {
        return bytes.length == length && ByteWords.equal(bytes, 0, in, from, length);
    }

    /**
     * The hash of the name in bytes {@code from} to {@code to}: of its length and of its first, middle and last
     * eight bytes, read a word at a time, rather than a multiply per byte whose chain of latencies made hashing the
     * slowest step of reading a name. Names that differ only where it does not look (long names, in the middle)
     * share a hash and are told apart by their bytes.
     */
    static int hash(byte[] bytes, int from, int to) {
        int length = to - from;
        long h;
        if (length >= Long.BYTES) {
            h = ByteWords.at(bytes, from) * 0x9E37_79B9_7F4A_7C15L ^ ByteWords.at(bytes, to - Long.BYTES);
            if (length > 2 * Long.BYTES) {
                h = h * 0x9E37_79B9_7F4A_7C15L ^ ByteWords.at(bytes, from + length / 2 - Long.BYTES / 2);
            }
        } else {
            h = 0;
            for (int k = from; k < to; k++) {
                h = h << Byte.SIZE | bytes[k] & 0xFF;
            }
        }
        h = (h + length) * 0xC2B2_AE3D_27D4_EB4FL;
        return (int) (h ^ h >>> 32);
    }

    boolean isNamespaceDeclaration() {
        return prefix.equals("xmlns") || prefix.isEmpty() && local.equals("xmlns");
    }

    /**
     * Whether {@code name} is an XML name without a colon (an NCName), by XML 1.0's fifth edition: a name start
     * character, then name characters.
     */
    static boolean isNcName(String name) {
        if (name.isEmpty() || !isNameStart(name.codePointAt(0))) {
            return false;
        }
        for (int i = Character.charCount(name.codePointAt(0)); i < name.length(); ) {
            int c = name.codePointAt(i);
            if (!isNameStart(c) && !(c == '-' || c == '.' || c >= '0' && c <= '9' || c == 0xB7
                    || c >= 0x300 && c <= 0x36F || c >= 0x203F && c <= 0x2040)) {
                return false;
            }
            i += Character.charCount(c);
        }
        return true;
    }

    private static boolean isNameStart(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0xC0 && c <= 0xD6
                || c >= 0xD8 && c <= 0xF6 || c >= 0xF8 && c <= 0x2FF || c >= 0x370 && c <= 0x37D
                || c >= 0x37F && c <= 0x1FFF || c >= 0x200C && c <= 0x200D || c >= 0x2070 && c <= 0x218F
                || c >= 0x2C00 && c <= 0x2FEF || c >= 0x3001 && c <= 0xD7FF || c >= 0xF900 && c <= 0xFDCF
                || c >= 0xFDF0 && c <= 0xFFFD || c >= 0x10000 && c <= 0xEFFFF;
    }
}
