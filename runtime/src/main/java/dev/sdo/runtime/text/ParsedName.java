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

    /**
     * Whether this is the name in the {@code length} bytes at {@code from}: a loop, not {@code Arrays.equals},
     * whose vectorised compare costs more than it saves on a name's few bytes.
     */
    boolean is(byte[] in, int from, int length) {
        byte[] own = bytes;
        if (own.length != length) {
            return false;
        }
        for (int k = 0; k < length; k++) {
            if (own[k] != in[from + k]) {
                return false;
            }
        }
        return true;
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
