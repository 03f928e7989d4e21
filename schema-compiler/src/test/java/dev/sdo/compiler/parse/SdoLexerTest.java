package dev.sdo.compiler.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;
import org.junit.jupiter.api.Test;

/** The lexical corners of the grammar: ranges against integers and dates, comments, strings. */
class SdoLexerTest {

    private static List<String> tokens(String text) {
        SdoLexer lexer = new SdoLexer(CharStreams.fromString(text));
        lexer.removeErrorListeners();
        return lexer.getAllTokens().stream()
                .filter(t -> t.getChannel() == Token.DEFAULT_CHANNEL)
                .map(t -> SdoLexer.VOCABULARY.getSymbolicName(t.getType()) + " " + t.getText())
                .toList();
    }

    @Test
    void rangesOfIntegersAreThreeTokens() {
        assertThat(tokens("1..31")).containsExactly("INTEGER 1", "DOTDOT ..", "INTEGER 31");
        assertThat(tokens("-5..5")).containsExactly("INTEGER -5", "DOTDOT ..", "INTEGER 5");
        assertThat(tokens("-10..-1")).containsExactly("INTEGER -10", "DOTDOT ..", "INTEGER -1");
        assertThat(tokens("1_000..2_000")).containsExactly("INTEGER 1_000", "DOTDOT ..", "INTEGER 2_000");
    }

    @Test
    void datesAreOneTokenEach() {
        assertThat(tokens("2000-01-01..2099-12-31"))
                .containsExactly("DATE_LITERAL 2000-01-01", "DOTDOT ..", "DATE_LITERAL 2099-12-31");
    }

    @Test
    void typeWordsAreTokensButLongerNamesAreIdentifiers() {
        assertThat(tokens("date dates int int32 int33 list listing"))
                .containsExactly("DATE date", "ID dates", "INT int", "INT32 int32", "ID int33", "LIST list",
                        "ID listing");
    }

    @Test
    void commentsAreSkippedAndDocCommentsHidden() {
        SdoLexer lexer = new SdoLexer(CharStreams.fromString("a /* b */ c // d\n/** e */ f /**/ g"));
        List<? extends Token> all = lexer.getAllTokens();
        assertThat(all).extracting(Token::getText).containsExactly("a", "c", "/** e */", "f", "g");
        assertThat(all.get(2).getChannel()).isEqualTo(Token.HIDDEN_CHANNEL);
    }

    @Test
    void stringsKeepTheirEscapesAndUnterminatedOnesAreSeparateTokens() {
        assertThat(tokens("\"a\\\"b\\\\\"")).containsExactly("STRING_LITERAL \"a\\\"b\\\\\"");
        assertThat(tokens("\"abc\nx")).containsExactly("UNTERMINATED_STRING_LITERAL \"abc", "ID x");
        assertThat(tokens("/* never closed")).containsExactly("UNTERMINATED_COMMENT /* never closed");
        assertThat(tokens("a # b")).containsExactly("ID a", "UNEXPECTED_CHARACTER #", "ID b");
    }
}
