package dev.sdo.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random strings that match an XML Schema regular expression (the {@code pattern} facet, Datatypes appendix G), for
 * a subset of the language: literal characters, single-character escapes ({@code \n \r \t \\ \| \. \- \^ \? \* \+
 * \{ \} \( \) \[ \]}), {@code \d}, {@code \s}, {@code .}, character classes with ranges ({@code [a-z0-9_]}), groups
 * with alternatives ({@code (a|b)}) and the quantifiers {@code ? * + {n} {n,} {n,m}} (open ones repeat at most three
 * times more than their minimum). Anything else (negated or subtracted classes, {@code \p{..}}, {@code \i}, {@code
 * \c}, {@code \w}, ...) is refused with an {@link UnsupportedOperationException} that names the pattern.
 */
final class XsdRegex {
    /** What {@code .} draws from: digits, letters, a dot and a non-ASCII letter, so that patterns like 0.0*1 hit. */
    private static final String ANY = "0123456789.ab-Zé ";

    private sealed interface Node permits Chars, Seq, Alt, Repeat {
    }

    private record Chars(String options) implements Node {
    }

    private record Seq(List<Node> items) implements Node {
    }

    private record Alt(List<Node> branches) implements Node {
    }

    private record Repeat(Node node, int min, int max) implements Node {
    }

    private final String pattern;
    private final Node root;
    private int pos;

    private XsdRegex(String pattern) {
        this.pattern = pattern;
        this.root = alternatives();
        if (pos != pattern.length()) {
            throw refuse("unexpected '" + pattern.charAt(pos) + "'");
        }
    }

    static XsdRegex parse(String pattern) {
        return new XsdRegex(pattern);
    }

    /** A random string that the whole pattern matches. */
    String generate(SplittableRandom random) {
        StringBuilder out = new StringBuilder();
        generate(root, random, out);
        return out.toString();
    }

    private static void generate(Node node, SplittableRandom random, StringBuilder out) {
        if (node instanceof Chars c) {
            int[] options = c.options().codePoints().toArray();
            out.appendCodePoint(options[random.nextInt(options.length)]);
        } else if (node instanceof Seq s) {
            s.items().forEach(item -> generate(item, random, out));
        } else if (node instanceof Alt a) {
            generate(a.branches().get(random.nextInt(a.branches().size())), random, out);
        } else {
            Repeat r = (Repeat) node;
            int n = r.min() + random.nextInt(r.max() - r.min() + 1);
            for (int i = 0; i < n; i++) {
                generate(r.node(), random, out);
            }
        }
    }

    private UnsupportedOperationException refuse(String why) {
        return new UnsupportedOperationException("pattern facet \"" + pattern + "\" at " + pos + ": " + why
                + " (XsdRegex supports literals, escapes, \\d \\s ., [ranges], (a|b) and ? * + {n} {n,} {n,m})");
    }

    private Node alternatives() {
        List<Node> branches = new ArrayList<>();
        branches.add(sequence());
        while (pos < pattern.length() && pattern.charAt(pos) == '|') {
            pos++;
            branches.add(sequence());
        }
        return branches.size() == 1 ? branches.get(0) : new Alt(branches);
    }

    private Node sequence() {
        List<Node> items = new ArrayList<>();
        while (pos < pattern.length() && pattern.charAt(pos) != '|' && pattern.charAt(pos) != ')') {
            Node atom = atom();
            items.add(quantified(atom));
        }
        return new Seq(items);
    }

    private Node quantified(Node atom) {
        if (pos >= pattern.length()) {
            return atom;
        }
        char c = pattern.charAt(pos);
        switch (c) {
            case '?' -> {
                pos++;
                return new Repeat(atom, 0, 1);
            }
            case '*' -> {
                pos++;
                return new Repeat(atom, 0, 3);
            }
            case '+' -> {
                pos++;
                return new Repeat(atom, 1, 4);
            }
            case '{' -> {
                int close = pattern.indexOf('}', pos);
                if (close < 0) {
                    throw refuse("unclosed {");
                }
                String body = pattern.substring(pos + 1, close);
                pos = close + 1;
                try {
                    int comma = body.indexOf(',');
                    if (comma < 0) {
                        int n = Integer.parseInt(body);
                        return new Repeat(atom, n, n);
                    }
                    int min = Integer.parseInt(body.substring(0, comma));
                    String maxText = body.substring(comma + 1);
                    int max = maxText.isEmpty() ? min + 3 : Integer.parseInt(maxText);
                    return new Repeat(atom, min, max);
                } catch (NumberFormatException e) {
                    throw refuse("quantifier {" + body + "}");
                }
            }
            default -> {
                return atom;
            }
        }
    }

    private Node atom() {
        char c = pattern.charAt(pos);
        switch (c) {
            case '(' -> {
                pos++;
                Node inner = alternatives();
                if (pos >= pattern.length() || pattern.charAt(pos) != ')') {
                    throw refuse("unclosed (");
                }
                pos++;
                return inner;
            }
            case '[' -> {
                return characterClass();
            }
            case '.' -> {
                pos++;
                return new Chars(ANY);
            }
            case '\\' -> {
                return new Chars(escape());
            }
            case '?', '*', '+', '{', '}', ']', '^', '$' -> throw refuse("'" + c + "' out of place");
            default -> {
                int cp = pattern.codePointAt(pos);
                pos += Character.charCount(cp);
                return new Chars(new String(Character.toChars(cp)));
            }
        }
    }

    /** The characters an escape stands for; {@code pos} is at the backslash. */
    private String escape() {
        if (pos + 1 >= pattern.length()) {
            throw refuse("trailing \\");
        }
        char e = pattern.charAt(pos + 1);
        pos += 2;
        return switch (e) {
            case 'n' -> "\n";
            case 'r' -> "\r";
            case 't' -> "\t";
            case 'd' -> "0123456789";
            case 's' -> " \t\n";
            case '\\', '|', '.', '-', '^', '?', '*', '+', '{', '}', '(', ')', '[', ']' -> String.valueOf(e);
            default -> {
                pos -= 2;
                throw refuse("escape \\" + e);
            }
        };
    }

    private Node characterClass() {
        pos++; // [
        if (pos < pattern.length() && pattern.charAt(pos) == '^') {
            throw refuse("negated character class");
        }
        StringBuilder options = new StringBuilder();
        while (true) {
            if (pos >= pattern.length()) {
                throw refuse("unclosed [");
            }
            char c = pattern.charAt(pos);
            if (c == ']') {
                pos++;
                break;
            }
            if (c == '[') {
                throw refuse("nested or subtracted character class");
            }
            if (c == '-' && pos + 1 < pattern.length() && pattern.charAt(pos + 1) == '[') {
                throw refuse("character class subtraction");
            }
            String first;
            if (c == '\\') {
                first = escape();
            } else {
                int cp = pattern.codePointAt(pos);
                pos += Character.charCount(cp);
                first = new String(Character.toChars(cp));
            }
            if (first.codePointCount(0, first.length()) == 1 && pos + 1 < pattern.length()
                    && pattern.charAt(pos) == '-' && pattern.charAt(pos + 1) != ']') {
                pos++;
                int to;
                if (pattern.charAt(pos) == '\\') {
                    String end = escape();
                    if (end.length() != 1) {
                        throw refuse("range to a multi-character escape");
                    }
                    to = end.charAt(0);
                } else {
                    to = pattern.codePointAt(pos);
                    pos += Character.charCount(to);
                }
                int from = first.codePointAt(0);
                if (to < from) {
                    throw refuse("empty range");
                }
                for (int cp = from; cp <= to; cp++) {
                    options.appendCodePoint(cp);
                }
            } else {
                options.append(first);
            }
        }
        if (options.isEmpty()) {
            throw refuse("empty character class");
        }
        return new Chars(options.toString());
    }
}
