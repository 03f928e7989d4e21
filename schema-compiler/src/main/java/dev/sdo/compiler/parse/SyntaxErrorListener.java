package dev.sdo.compiler.parse;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.diagnostics.SourcePosition;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.Vocabulary;
import org.antlr.v4.runtime.misc.IntervalSet;

/**
 * Turns ANTLR's syntax errors into diagnostics with readable messages ({@code expected ';' after field 'x', found
 * 'y'}) instead of printing them to the console. Errors at tokens that the lexer already reported (an unterminated
 * string, an unexpected character) are not reported twice, and only the first error of a declaration is.
 */
final class SyntaxErrorListener extends BaseErrorListener {
    /** The type words that need arguments, and how to write them. */
    private static final Map<Integer, String> TYPE_FORMS = Map.of(
            SdoParser.INT, "int(lo..hi), or one of int8, int16, int32, int64",
            SdoParser.DECIMAL, "decimal(precision, scale)",
            SdoParser.UDECIMAL, "udecimal(precision, scale)",
            SdoParser.CHAR, "char(length) or char(length, \"alphabet\")");

    private final String fileName;
    private final Diagnostics diagnostics;
    private final Set<Integer> reportedTokenIndexes;
    private final Set<SourcePosition> reportedPositions = new LinkedHashSet<>();
    private final Set<ParserRuleContext> declarationsWithErrors = new HashSet<>();

    SyntaxErrorListener(String fileName, Diagnostics diagnostics, Set<Integer> reportedTokenIndexes) {
        this.fileName = fileName;
        this.diagnostics = diagnostics;
        this.reportedTokenIndexes = reportedTokenIndexes;
    }

    /**
     * The positions of the lexical and syntax errors reported so far, so that the missing-package check does not
     * report the same place again.
     */
    Set<SourcePosition> reportedPositions() {
        return reportedPositions;
    }

    @Override
    public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int charPositionInLine,
            String msg, RecognitionException e) {
        Token offending = offendingSymbol instanceof Token token ? token : null;
        if (offending != null && reportedTokenIndexes.contains(offending.getTokenIndex())) {
            return;
        }
        String message = msg;
        if (recognizer instanceof Parser parser && offending != null) {
            if (isFollowUpError(parser, offending, e)) {
                return;
            }
            message = describe(parser, offending, e);
        }
        SourcePosition position = new SourcePosition(fileName, line, charPositionInLine + 1);
        reportedPositions.add(position);
        diagnostics.error(position, message);
    }

    /**
     * Whether an error is most likely a consequence of an earlier one in the same enum or record declaration (a
     * lexical error, or a syntax error ANTLR recovered from by guessing): only the first error of a declaration
     * is reported, so that one mistake gives one message rather than a cascade.
     */
    private boolean isFollowUpError(Parser parser, Token offending, RecognitionException e) {
        SdoParser.DeclarationContext declaration = null;
        for (ParserRuleContext c = errorContext(parser, e); c != null; c = c.getParent()) {
            if (c instanceof SdoParser.DeclarationContext d) {
                declaration = d;
            }
        }
        if (declaration == null) {
            return false;
        }
        int start = declaration.getStart().getTokenIndex();
        boolean lexicalErrorBefore = reportedTokenIndexes.stream()
                .anyMatch(index -> index >= start && index <= offending.getTokenIndex());
        return lexicalErrorBefore || !declarationsWithErrors.add(declaration);
    }

    private static String describe(Parser parser, Token offending, RecognitionException e) {
        IntervalSet expected = e != null && e.getOffendingState() >= 0 ? e.getExpectedTokens()
                : parser.getExpectedTokens();
        String found = found(offending);
        ParserRuleContext context = errorContext(parser, e);
        if (offending.getType() == SdoParser.AT && context instanceof SdoParser.RecordDeclContext) {
            return "expected a field or '}', found '@': a field's annotations go after its type, as in "
                    + "'name: type @annotation;'";
        }
        Token previous = parser.getTokenStream().LT(-1);
        if (expected.size() == 1 && expected.contains(SdoParser.LPAREN) && previous != null) {
            String hint = TYPE_FORMS.get(previous.getType());
            if (hint != null) {
                return "expected '(' after '" + previous.getText() + "', found " + found + ": write " + hint;
            }
        }
        if (expected.contains(SdoParser.SEMI)) {
            String after = statementBefore(context);
            if (after != null) {
                return "expected ';' after " + after + ", found " + found;
            }
        }
        return "expected " + ExpectedTokens.describe(expected, parser.getVocabulary(), nameInContext(context))
                + ", found " + found;
    }

    /** The rule the parser was in when it met the error. */
    private static ParserRuleContext errorContext(Parser parser, RecognitionException e) {
        return e != null && e.getCtx() instanceof ParserRuleContext ctx ? ctx : parser.getContext();
    }

    /** What a name expected here is: a field in a record's body, a constant in an enum's. */
    private static String nameInContext(ParserRuleContext context) {
        if (context instanceof SdoParser.RecordDeclContext record && record.LBRACE() != null) {
            return "a field";
        } else if (context instanceof SdoParser.EnumDeclContext enumDecl && enumDecl.LBRACE() != null) {
            return "an enum constant";
        }
        return "a name";
    }

    /** What a missing ';' would end, when the parser was in the middle of one: "field 'x'", "import". */
    private static String statementBefore(ParserRuleContext context) {
        for (ParserRuleContext c = context; c != null; c = c.getParent()) {
            if (c instanceof SdoParser.FieldContext field && field.fieldType() != null && field.name != null) {
                return "field '" + field.name.getText() + "'";
            } else if (c instanceof SdoParser.PackageDeclContext pkg && pkg.qualifiedIdent() != null) {
                return "the package declaration";
            } else if (c instanceof SdoParser.ImportDeclContext imp && imp.path != null) {
                return "the import";
            } else if (c instanceof SdoParser.FieldTypeContext || c instanceof SdoParser.AnnotationContext) {
                continue;
            } else {
                return null;
            }
        }
        return null;
    }

    private static String found(Token token) {
        if (token.getType() == Token.EOF) {
            return "end of file";
        }
        return "'" + token.getText() + "'";
    }

    /** Readable descriptions of a set of expected tokens. */
    static final class ExpectedTokens {
        private ExpectedTokens() {}

        static String describe(IntervalSet expected, Vocabulary vocabulary, String name) {
            Set<Integer> types = new LinkedHashSet<>(expected.toList());
            List<String> parts = new ArrayList<>();
            // Rule `ident` admits every keyword, a type every type word: say "a name" or "a type" instead of
            // listing thirty words.
            if (types.contains(SdoParser.ID) && types.contains(SdoParser.PACKAGE)) {
                parts.add(name);
                types.removeIf(ExpectedTokens::isWord);
            } else if (types.contains(SdoParser.ID)) {
                parts.add("a type");
                types.removeIf(ExpectedTokens::isTypeStart);
            }
            for (int type : types) {
                if (type != Token.EOF) {
                    parts.add(describe(type, vocabulary));
                }
            }
            if (types.contains(Token.EOF)) {
                parts.add(describe(Token.EOF, vocabulary));
            }
            if (parts.isEmpty()) {
                return "something else";
            } else if (parts.size() == 1) {
                return parts.get(0);
            }
            return String.join(", ", parts.subList(0, parts.size() - 1)) + " or " + parts.get(parts.size() - 1);
        }

        private static String describe(int type, Vocabulary vocabulary) {
            switch (type) {
                case Token.EOF:
                    return "end of file";
                case SdoParser.INTEGER:
                    return "an integer";
                case SdoParser.STRING_LITERAL:
                    return "a string";
                case SdoParser.DATE_LITERAL:
                    return "a date (YYYY-MM-DD)";
                default:
                    String literal = vocabulary.getLiteralName(type);
                    return literal != null ? literal : vocabulary.getDisplayName(type);
            }
        }

        /** Whether a token is an identifier or one of the words that rule `ident` also accepts. */
        private static boolean isWord(int type) {
            return type == SdoParser.ID || (type >= SdoParser.PACKAGE && type <= SdoParser.LIST);
        }

        private static boolean isTypeStart(int type) {
            return type == SdoParser.ID || (type >= SdoParser.BOOL && type <= SdoParser.LIST);
        }
    }
}
