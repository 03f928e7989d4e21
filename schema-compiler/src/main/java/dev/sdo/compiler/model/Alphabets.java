package dev.sdo.compiler.model;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The alphabet strings of {@code char(n, "alphabet")} (spec section 2): {@code X-Y} is the inclusive range of the
 * characters X to Y, a literal {@code -} must come first, and indexes follow the written order after ranges are
 * expanded.
 */
public final class Alphabets {
    private Alphabets() {}

    /**
     * The alphabet in index order. Duplicates are kept (the checker reports them); a reversed range such as
     * {@code Z-A} and a misplaced {@code -} contribute nothing (see {@link #problems(String)}).
     */
    public static String expand(String source) {
        StringBuilder expanded = new StringBuilder();
        parse(source, expanded, new ArrayList<>());
        return expanded.toString();
    }

    /** What is wrong with an alphabet string as written, in reading order; empty when nothing is. */
    public static List<String> problems(String source) {
        StringBuilder expanded = new StringBuilder();
        List<String> problems = new ArrayList<>();
        parse(source, expanded, problems);
        if (source.isEmpty()) {
            problems.add("empty alphabet: char needs at least one character");
        }
        Set<Character> seen = new LinkedHashSet<>();
        Set<Character> duplicates = new LinkedHashSet<>();
        for (int i = 0; i < expanded.length(); i++) {
            if (!seen.add(expanded.charAt(i))) {
                duplicates.add(expanded.charAt(i));
            }
        }
        if (!duplicates.isEmpty()) {
            List<String> shown = duplicates.stream().map(c -> "'" + c + "'").toList();
            problems.add("duplicate character" + (shown.size() > 1 ? "s " : " ") + String.join(", ", shown)
                    + " in alphabet \"" + source + "\": each character may appear only once");
        }
        return problems;
    }

    private static void parse(String source, StringBuilder expanded, List<String> problems) {
        int i = 0;
        if (source.startsWith("-")) {
            expanded.append('-');
            i = 1;
        }
        while (i < source.length()) {
            char c = source.charAt(i);
            if (c == '-') {
                problems.add("misplaced '-' in alphabet \"" + source
                        + "\": a literal '-' must come first, and a range needs a character on each side");
                i++;
            } else if (i + 2 < source.length() && source.charAt(i + 1) == '-') {
                char last = source.charAt(i + 2);
                if (last < c) {
                    problems.add("invalid range '" + c + "-" + last + "' in alphabet \"" + source + "\": '" + c
                            + "' comes after '" + last + "'");
                }
                for (int x = c; x <= last; x++) {
                    expanded.append((char) x);
                }
                i += 3;
            } else {
                expanded.append(c);
                i++;
            }
        }
    }
}
