package dev.sdo.runtime.text;

/**
 * The pseudo-attributes of an XML declaration, between {@code <?xml} and {@code ?>}, as XML 1.0's grammar has
 * them: {@code version}, then {@code encoding} and {@code standalone} if given, in that order.
 */
final class XmlDeclaration {
    private final String text;
    private int at;
    String version;
    String encoding;
    Boolean standalone;

    XmlDeclaration(String text) {
        this.text = text;
    }

    /** Reads the declaration; returns what is wrong with it, or null. */
    String parse() {
        version = pseudoAttribute("version");
        if (version == null || !version.startsWith("1.") || !isRun(version, 2, false)) {
            return "no version 1.x first";
        }
        int before = at;
        encoding = pseudoAttribute("encoding");
        if (encoding == null) {
            at = before;
        } else if (encoding.isEmpty() || !isLetter(encoding.charAt(0)) || !isRun(encoding, 1, true)) {
            return "the encoding name \"" + encoding + "\"";
        }
        before = at;
        String standaloneText = pseudoAttribute("standalone");
        if (standaloneText == null) {
            at = before;
        } else if (standaloneText.equals("yes") || standaloneText.equals("no")) {
            standalone = standaloneText.equals("yes");
        } else {
            return "standalone=\"" + standaloneText + "\" (yes or no)";
        }
        skipSpace();
        return at == text.length() ? null : "\"" + text.substring(at) + "\" where it should end";
    }

    /** White space, {@code name}, {@code =} and a quoted value; its value, or null where they are not there. */
    private String pseudoAttribute(String name) {
        if (!skipSpace() || !text.startsWith(name, at)) {
            return null;
        }
        at += name.length();
        skipSpace();
        if (at == text.length() || text.charAt(at) != '=') {
            return null;
        }
        at++;
        skipSpace();
        if (at == text.length() || text.charAt(at) != '"' && text.charAt(at) != '\'') {
            return null;
        }
        int end = text.indexOf(text.charAt(at), at + 1);
        if (end < 0) {
            return null;
        }
        String value = text.substring(at + 1, end);
        at = end + 1;
        return value;
    }

    /**
     * Whether {@code text} from {@code from} on is ASCII digits (one at least), or with {@code name}, the rest of
     * an encoding's name: ASCII letters, digits, {@code . _ -}, none at least.
     */
    private static boolean isRun(String text, int from, boolean name) {
        if (!name && from >= text.length()) {
            return false;
        }
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!(c >= '0' && c <= '9' || name && (isLetter(c) || c == '.' || c == '_' || c == '-'))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    /** Past white space; whether there was any. */
    private boolean skipSpace() {
        int from = at;
        while (at < text.length() && isSpace(text.charAt(at))) {
            at++;
        }
        return at > from;
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\n' || c == '\t' || c == '\r';
    }
}
