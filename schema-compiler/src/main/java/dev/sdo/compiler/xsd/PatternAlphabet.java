package dev.sdo.compiler.xsd;

import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Reads an XSD pattern that fixes an alphabet and a greatest length, such as {@code [A-Z]{3}} or
 * {@code [0-2][0-9]:[0-5][0-9]:00}: a row of literal characters and character classes (ranges and single
 * characters), each with a bounded count. Anything else (alternatives, groups, {@code .}, {@code \d}, negated
 * classes, an unbounded count without a length facet to bound it) fixes no alphabet, and the value stays a
 * {@code string}.
 */
final class PatternAlphabet {
    /** The characters a value may hold and its greatest length (-1: unbounded). */
    record Shape(TreeSet<Character> alphabet, int maxLength) {}

    private static final String ESCAPABLE = ".-[]\\^$(){}*+?|/";

    private final String pattern;
    private int at;

    private PatternAlphabet(String pattern) {
        this.pattern = pattern;
    }

    /** The shape every value matching one of {@code patterns} has, when each of them fixes one. */
    static Optional<Shape> of(List<String> patterns) {
        TreeSet<Character> alphabet = new TreeSet<>();
        int maxLength = 0;
        for (String pattern : patterns) {
            Optional<Shape> shape = new PatternAlphabet(pattern).shape();
            if (shape.isEmpty()) {
                return Optional.empty();
            }
            alphabet.addAll(shape.get().alphabet());
            maxLength = maxLength < 0 || shape.get().maxLength() < 0 ? -1
                    : Math.max(maxLength, shape.get().maxLength());
        }
        return alphabet.isEmpty() ? Optional.empty() : Optional.of(new Shape(alphabet, maxLength));
    }

    /** An alphabet as {@code char(n, "...")} writes it: {@code -} first, runs of digits and letters as ranges. */
    static String render(TreeSet<Character> alphabet) {
        StringBuilder text = new StringBuilder(alphabet.contains('-') ? "-" : "");
        Character[] chars = alphabet.stream().filter(c -> c != '-').toArray(Character[]::new);
        for (int i = 0; i < chars.length; i++) {
            int j = i;
            while (j + 1 < chars.length && chars[j + 1] == chars[j] + 1 && sameRun(chars[i], chars[j + 1])) {
                j++;
            }
            if (j - i >= 2) {
                text.append(chars[i]).append('-').append(chars[j]);
                i = j;
            } else {
                text.append(chars[i]);
            }
        }
        return text.toString();
    }

    private static boolean sameRun(char a, char b) {
        return Character.isDigit(a) && Character.isDigit(b) || Character.isUpperCase(a) && Character.isUpperCase(b)
                || Character.isLowerCase(a) && Character.isLowerCase(b);
    }

    private Optional<Shape> shape() {
        TreeSet<Character> alphabet = new TreeSet<>();
        long maxLength = 0;
        while (at < pattern.length()) {
            TreeSet<Character> atom = atom();
            if (atom == null) {
                return Optional.empty();
            }
            long count = count();
            if (count == -2) {
                return Optional.empty();
            }
            alphabet.addAll(atom);
            maxLength = maxLength < 0 || count < 0 ? -1 : maxLength + count;
        }
        for (char c : alphabet) {
            if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') {
                return Optional.empty();
            }
        }
        return Optional.of(new Shape(alphabet, (int) Math.min(maxLength, Integer.MAX_VALUE)));
    }

    /** The characters of the next atom, or null when it is not a literal or a plain class. */
    private TreeSet<Character> atom() {
        char c = pattern.charAt(at++);
        TreeSet<Character> chars = new TreeSet<>();
        if (c == '[') {
            if (at < pattern.length() && pattern.charAt(at) == '^') {
                return null;
            }
            while (at < pattern.length() && pattern.charAt(at) != ']') {
                Character from = classChar();
                if (from == null) {
                    return null;
                }
                if (at + 1 < pattern.length() && pattern.charAt(at) == '-' && pattern.charAt(at + 1) != ']') {
                    at++;
                    Character to = classChar();
                    if (to == null || to < from) {
                        return null;
                    }
                    for (char x = from; x <= to; x++) {
                        chars.add(x);
                    }
                } else {
                    chars.add(from);
                }
            }
            if (at >= pattern.length()) {
                return null;
            }
            at++;
            return chars;
        }
        if (c == '\\') {
            Character escaped = escaped();
            if (escaped == null) {
                return null;
            }
            chars.add(escaped);
            return chars;
        }
        if (".()|*+?{}^$".indexOf(c) >= 0) {
            return null;
        }
        chars.add(c);
        return chars;
    }

    private Character classChar() {
        char c = pattern.charAt(at++);
        if (c == '\\') {
            return escaped();
        }
        return c == '[' ? null : c;
    }

    private Character escaped() {
        if (at >= pattern.length()) {
            return null;
        }
        char c = pattern.charAt(at++);
        return ESCAPABLE.indexOf(c) >= 0 ? c : null;
    }

    /** How often the atom may repeat at most: 1 without a quantifier, -1 unbounded, -2 a quantifier not read. */
    private long count() {
        if (at >= pattern.length()) {
            return 1;
        }
        char c = pattern.charAt(at);
        switch (c) {
            case '?':
                at++;
                return 1;
            case '*', '+':
                at++;
                return -1;
            case '{':
                int close = pattern.indexOf('}', at);
                if (close < 0) {
                    return -2;
                }
                String inside = pattern.substring(at + 1, close);
                at = close + 1;
                String[] bounds = inside.split(",", -1);
                try {
                    if (bounds.length == 1) {
                        return Long.parseLong(bounds[0].strip());
                    }
                    if (bounds.length == 2) {
                        return bounds[1].isBlank() ? -1 : Long.parseLong(bounds[1].strip());
                    }
                } catch (NumberFormatException e) {
                    return -2;
                }
                return -2;
            default:
                return 1;
        }
    }
}
