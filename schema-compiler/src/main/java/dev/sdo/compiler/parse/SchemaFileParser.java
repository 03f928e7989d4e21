package dev.sdo.compiler.parse;

import dev.sdo.compiler.ast.SchemaFile;
import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.diagnostics.SourcePosition;
import dev.sdo.compiler.model.Limits;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.Token;

/**
 * Parses the text of one schema file into its {@link SchemaFile} tree, reporting lexical and syntax errors. The
 * tree keeps whatever parsed cleanly, so that problems elsewhere in the file and in other files are still found.
 */
final class SchemaFileParser {
    private final SchemaSources sources;
    private final Diagnostics diagnostics;

    SchemaFileParser(SchemaSources sources, Diagnostics diagnostics) {
        this.sources = sources;
        this.diagnostics = diagnostics;
    }

    SchemaFile parse(String name, String identity, String text) {
        String withoutBom = text.startsWith("\uFEFF") ? text.substring(1) : text;
        SdoLexer lexer = new SdoLexer(CharStreams.fromString(withoutBom, name));
        lexer.removeErrorListeners();
        Set<Integer> lexicalErrors = new HashSet<>();
        SyntaxErrorListener listener = new SyntaxErrorListener(name, diagnostics, lexicalErrors);
        lexer.addErrorListener(listener);
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        tokens.fill();
        for (Token token : tokens.getTokens()) {
            String problem = lexicalProblem(token);
            if (problem != null) {
                lexicalErrors.add(token.getTokenIndex());
                listener.reportedPositions().add(position(name, token));
                diagnostics.error(position(name, token), problem);
            }
        }
        if (tooDeeplyNested(name, tokens)) {
            // ANTLR parses a list type by recursion: a file of thousands of nested lists would overflow the stack.
            return new SchemaFile(name, identity, null, List.of(), List.of(), List.of());
        }
        SdoParser parser = new SdoParser(tokens);
        parser.removeErrorListeners();
        parser.addErrorListener(listener);
        SdoParser.SchemaFileContext tree = parser.schemaFile();
        return new TreeToAst(name, identity, tokens, sources, diagnostics, listener.reportedPositions()).schemaFile(tree);
    }

    /** Reports the first list type nested deeper than {@link Limits#MAX_LIST_NESTING}; true when there is one. */
    private boolean tooDeeplyNested(String name, CommonTokenStream tokens) {
        int depth = 0;
        for (Token token : tokens.getTokens()) {
            switch (token.getType()) {
                case SdoLexer.LT -> depth++;
                case SdoLexer.GT -> depth = Math.max(0, depth - 1);
                case SdoLexer.SEMI, SdoLexer.LBRACE, SdoLexer.RBRACE -> depth = 0;
                default -> {
                }
            }
            if (depth > Limits.MAX_LIST_NESTING) {
                diagnostics.error(position(name, token), "lists are nested more than " + Limits.MAX_LIST_NESTING
                        + " deep");
                return true;
            }
        }
        return false;
    }

    private static String lexicalProblem(Token token) {
        switch (token.getType()) {
            case SdoLexer.UNTERMINATED_STRING_LITERAL:
                return "unterminated string literal";
            case SdoLexer.UNTERMINATED_COMMENT:
                return "unterminated comment";
            case SdoLexer.UNEXPECTED_CHARACTER:
                int c = token.getText().codePointAt(0);
                return Character.isISOControl(c) || Character.isWhitespace(c)
                        ? String.format("unexpected character U+%04X", c)
                        : "unexpected character '" + token.getText() + "'";
            default:
                return null;
        }
    }

    static SourcePosition position(String file, Token token) {
        return new SourcePosition(file, token.getLine(), token.getCharPositionInLine() + 1);
    }
}
