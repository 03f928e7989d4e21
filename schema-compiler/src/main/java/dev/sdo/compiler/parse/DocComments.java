package dev.sdo.compiler.parse;

import java.util.ArrayList;
import java.util.List;

/** The text of a {@code /** ... *}{@code /} doc comment, without its markers and its leading-star decoration. */
final class DocComments {
    private DocComments() {}

    /**
     * The comment's text: {@code /**} and {@code *}{@code /} removed, then on each line the leading blanks and one
     * {@code *} with one blank after it; lines joined with {@code \n}, trailing blanks and blank lines at both ends
     * removed.
     */
    static String text(String comment) {
        String body = comment.substring(3, comment.length() - 2);
        List<String> lines = new ArrayList<>();
        for (String line : body.split("\r\n|\r|\n", -1)) {
            String stripped = line.stripLeading();
            if (stripped.startsWith("*")) {
                stripped = stripped.substring(1);
                if (stripped.startsWith(" ")) {
                    stripped = stripped.substring(1);
                }
            }
            lines.add(stripped.stripTrailing());
        }
        return String.join("\n", lines).strip();
    }
}
