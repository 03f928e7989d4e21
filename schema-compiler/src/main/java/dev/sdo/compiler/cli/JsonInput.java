package dev.sdo.compiler.cli;

import dev.sdo.runtime.text.TextInputException;
import java.io.IOException;
import java.io.Reader;

/**
 * The tokens of a JSON text (RFC 8259), read strictly from a stream with where each one starts (line and column, in
 * characters, from 1): what {@link JsonRecords} reads {@code sdoc dump --format json}'s output with. Anything that is
 * not JSON is a {@link TextInputException} at the offending character; there is no recovery from one.
 */
final class JsonInput {
    private static final int BUFFER = 1 << 16;

    private final Reader in;
    private final String source;
    private final char[] buffer = new char[BUFFER];
    private int position;
    private int limit;
    /** Where the next character is. */
    private long line = 1;
    private long column = 1;
    /** Where the token {@link #peek} found starts. */
    private long tokenLine = 1;
    private long tokenColumn = 1;
    private final StringBuilder text = new StringBuilder();

    JsonInput(Reader in, String source) {
        this.in = in;
        this.source = source;
    }

    String source() {
        return source;
    }

    /** The line of the token {@link #peek} found last. */
    long line() {
        return tokenLine;
    }

    /** The column of the token {@link #peek} found last. */
    long column() {
        return tokenColumn;
    }

    /** The next character after white space, not consumed; -1 at the end of the input. */
    int peek() throws IOException {
        while (true) {
            int c = look();
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                take();
            } else {
                tokenLine = line;
                tokenColumn = column;
                return c;
            }
        }
    }

    /** Consumes {@code expected}, the next character after white space, or refuses what is there instead. */
    void expect(char expected, String what) throws IOException {
        if (peek() != expected) {
            throw error("expected " + what + ", found " + found());
        }
        take();
    }

    /** What the next token starts with, for messages. */
    String found() throws IOException {
        int c = peek();
        return c < 0 ? "the end of the input" : c < 0x20 ? String.format("U+%04X", c) : "'" + (char) c + "'";
    }

    /** A string, its escapes resolved. */
    String string() throws IOException {
        expect('"', "a string");
        text.setLength(0);
        while (true) {
            int c = take();
            if (c == '"') {
                return text.toString();
            } else if (c < 0) {
                throw here("the input ends inside a string");
            } else if (c < 0x20) {
                throw here(String.format("a control character U+%04X inside a string: escape it", c));
            } else if (c == '\\') {
                escape();
            } else {
                text.append((char) c);
            }
        }
    }

    private void escape() throws IOException {
        int c = take();
        switch (c) {
            case '"', '\\', '/' -> text.append((char) c);
            case 'b' -> text.append('\b');
            case 'f' -> text.append('\f');
            case 'n' -> text.append('\n');
            case 'r' -> text.append('\r');
            case 't' -> text.append('\t');
            case 'u' -> {
                int code = 0;
                for (int i = 0; i < 4; i++) {
                    int digit = Character.digit(take(), 16);
                    if (digit < 0) {
                        throw here("a \\u escape takes four hexadecimal digits");
                    }
                    code = code << 4 | digit;
                }
                text.append((char) code);
            }
            default -> throw here("\\" + (c < 0 ? "" : (char) c) + " is no escape of JSON");
        }
    }

    /** A number's text, as JSON writes one: {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}. */
    String number() throws IOException {
        peek();
        text.setLength(0);
        if (look() == '-') {
            text.append((char) take());
        }
        if (look() == '0') {
            text.append((char) take());
        } else {
            digits("a digit");
        }
        if (look() == '.') {
            text.append((char) take());
            digits("a digit after the decimal point");
        }
        if (look() == 'e' || look() == 'E') {
            text.append((char) take());
            if (look() == '+' || look() == '-') {
                text.append((char) take());
            }
            digits("a digit of the exponent");
        }
        return text.toString();
    }

    private void digits(String what) throws IOException {
        if (look() < '0' || look() > '9') {
            throw here("expected " + what + " in a number");
        }
        while (look() >= '0' && look() <= '9') {
            text.append((char) take());
        }
    }

    /** {@code true}, {@code false} or {@code null}. */
    String literal() throws IOException {
        peek();
        text.setLength(0);
        while (look() >= 'a' && look() <= 'z') {
            text.append((char) take());
        }
        String word = text.toString();
        if (!word.equals("true") && !word.equals("false") && !word.equals("null")) {
            throw error("expected a value, found " + (word.isEmpty() ? found() : word));
        }
        return word;
    }

    /** Reads and drops a value of any kind. */
    void skipValue() throws IOException {
        int c = peek();
        if (c == '"') {
            string();
        } else if (c == '-' || c >= '0' && c <= '9') {
            number();
        } else if (c == '{' || c == '[') {
            char close = c == '{' ? '}' : ']';
            take();
            if (peek() == close) {
                take();
                return;
            }
            do {
                if (c == '{') {
                    string();
                    expect(':', "':' after a member's name");
                }
                skipValue();
            } while (separator(close));
        } else {
            literal();
        }
    }

    /**
     * After an element of an array or a member of an object closed by {@code close}: consumes a comma (true: another
     * follows) or {@code close} (false).
     */
    boolean separator(char close) throws IOException {
        int c = peek();
        if (c == ',') {
            take();
            return true;
        } else if (c == close) {
            take();
            return false;
        }
        throw error("expected ',' or '" + close + "', found " + found());
    }

    /** The error {@code reason} at the token {@link #peek} found last. */
    TextInputException error(String reason) {
        return new TextInputException(source, tokenLine, tokenColumn, reason);
    }

    /** The error {@code reason} at the character just read. */
    private TextInputException here(String reason) {
        return new TextInputException(source, line, Math.max(1, column - 1), reason);
    }

    private int look() throws IOException {
        if (position == limit) {
            limit = in.read(buffer, 0, BUFFER);
            position = 0;
            if (limit <= 0) {
                limit = 0;
                return -1;
            }
        }
        return buffer[position];
    }

    private int take() throws IOException {
        int c = look();
        if (c < 0) {
            return c;
        }
        position++;
        if (c == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
        return c;
    }
}
