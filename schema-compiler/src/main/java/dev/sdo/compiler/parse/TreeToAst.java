package dev.sdo.compiler.parse;

import dev.sdo.compiler.ast.AnnotationNode;
import dev.sdo.compiler.ast.Declaration;
import dev.sdo.compiler.ast.EnumDecl;
import dev.sdo.compiler.ast.EnumDecl.EnumConstantDecl;
import dev.sdo.compiler.ast.FieldDecl;
import dev.sdo.compiler.ast.ImportDecl;
import dev.sdo.compiler.ast.RecordDecl;
import dev.sdo.compiler.ast.SchemaFile;
import dev.sdo.compiler.ast.SchemaFile.Name;
import dev.sdo.compiler.ast.UnionDecl;
import dev.sdo.compiler.ast.TypeNode;
import dev.sdo.compiler.ast.TypeNode.IntegerLiteral;
import dev.sdo.compiler.ast.TypeNode.Literal;
import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.diagnostics.SourcePosition;
import java.math.BigInteger;
import java.nio.file.InvalidPathException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.BufferedTokenStream;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ErrorNode;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * Builds the {@link SchemaFile} tree from ANTLR's parse tree. After a syntax error the parse tree holds partial
 * nodes and tokens that ANTLR invented to recover; those parts are left out (the error is already reported) so
 * that later stages see only what the user wrote.
 */
final class TreeToAst {
    private final String file;
    private final String identity;
    private final BufferedTokenStream tokens;
    private final SchemaSources sources;
    private final Diagnostics diagnostics;
    private final Set<SourcePosition> syntaxErrorPositions;

    TreeToAst(String file, String identity, BufferedTokenStream tokens, SchemaSources sources,
            Diagnostics diagnostics, Set<SourcePosition> syntaxErrorPositions) {
        this.file = file;
        this.identity = identity;
        this.tokens = tokens;
        this.sources = sources;
        this.diagnostics = diagnostics;
        this.syntaxErrorPositions = syntaxErrorPositions;
    }

    SchemaFile schemaFile(SdoParser.SchemaFileContext tree) {
        String packageName = null;
        List<Name> segments = new ArrayList<>();
        SdoParser.PackageDeclContext pkg = tree.packageDecl();
        if (pkg != null && isClean(pkg.qualifiedIdent())) {
            for (SdoParser.IdentContext part : pkg.qualifiedIdent().ident()) {
                segments.add(new Name(part.getText(), position(part.getStart())));
            }
            packageName = pkg.qualifiedIdent().getText();
        } else if (pkg == null) {
            Token firstToken = firstToken();
            // A file with nothing but blanks and comments has only EOF, wherever that is: point at its start.
            SourcePosition first = firstToken.getType() == Token.EOF ? new SourcePosition(file, 1, 1)
                    : position(firstToken);
            if (!syntaxErrorPositions.contains(first)) {
                diagnostics.error(first, "expected 'package' declaration");
            }
        }
        List<ImportDecl> imports = new ArrayList<>();
        for (SdoParser.ImportDeclContext imp : tree.importDecl()) {
            if (imp.path != null && isClean(imp)) {
                ImportDecl anImport = importDecl(imp.path);
                if (anImport != null) {
                    imports.add(anImport);
                }
            }
        }
        List<Declaration> declarations = new ArrayList<>();
        for (SdoParser.DeclarationContext declaration : tree.declaration()) {
            Declaration built = declaration.enumDecl() != null ? enumDecl(declaration, declaration.enumDecl())
                    : declaration.recordDecl() != null ? recordDecl(declaration, declaration.recordDecl())
                    : declaration.unionDecl() != null ? unionDecl(declaration, declaration.unionDecl()) : null;
            if (built != null) {
                declarations.add(built);
            }
        }
        return new SchemaFile(file, identity, packageName, segments, imports, declarations);
    }

    /** The file's first token that is not a comment (end of file for a file with nothing else). */
    private Token firstToken() {
        for (Token token : tokens.getTokens()) {
            if (token.getChannel() == Token.DEFAULT_CHANNEL) {
                return token;
            }
        }
        throw new IllegalStateException("a token stream always ends with EOF");
    }

    private ImportDecl importDecl(Token pathToken) {
        String path = string(pathToken);
        SourcePosition position = position(pathToken);
        try {
            String name = sources.resolve(file, path);
            return new ImportDecl(path, name, sources.identity(name), position);
        } catch (InvalidPathException e) {
            diagnostics.error(position, "invalid import path '" + path + "'");
            return null;
        }
    }

    private EnumDecl enumDecl(SdoParser.DeclarationContext declaration, SdoParser.EnumDeclContext ctx) {
        if (ctx.name == null || !isClean(ctx.name)) {
            return null;
        }
        List<EnumConstantDecl> constants = new ArrayList<>();
        for (SdoParser.EnumConstantContext constant : ctx.enumConstant()) {
            if (isClean(constant)) {
                constants.add(new EnumConstantDecl(constant.name.getText(), doc(constant.getStart()),
                        position(constant.getStart()), annotations(constant.annotation())));
            }
        }
        if (constants.isEmpty() && isClean(ctx)) {
            diagnostics.error(position(ctx.name.getStart()), "enum '" + ctx.name.getText() + "' has no constants");
        }
        return new EnumDecl(ctx.name.getText(), position(ctx.name.getStart()), constants,
                doc(declaration.getStart(), ctx.ENUM().getSymbol()), annotations(declaration.annotation()));
    }

    private RecordDecl recordDecl(SdoParser.DeclarationContext declaration, SdoParser.RecordDeclContext ctx) {
        if (ctx.name == null || !isClean(ctx.name)) {
            return null;
        }
        List<FieldDecl> fields = new ArrayList<>();
        for (SdoParser.FieldContext field : ctx.field()) {
            if (isClean(field)) {
                fields.add(field(field));
            }
        }
        Token keyword = ctx.ABSTRACT() != null ? ctx.ABSTRACT().getSymbol() : ctx.RECORD().getSymbol();
        return new RecordDecl(ctx.name.getText(), position(ctx.name.getStart()), fields,
                doc(declaration.getStart(), keyword), annotations(declaration.annotation()), ctx.ABSTRACT() != null,
                ctx.base == null ? null : ctx.base.getText(), ctx.base == null ? null : position(ctx.base.getStart()));
    }

    private UnionDecl unionDecl(SdoParser.DeclarationContext declaration, SdoParser.UnionDeclContext ctx) {
        if (ctx.name == null || !isClean(ctx.name)) {
            return null;
        }
        List<FieldDecl> alternatives = new ArrayList<>();
        for (SdoParser.FieldContext field : ctx.field()) {
            if (isClean(field)) {
                alternatives.add(field(field));
            }
        }
        if (ctx.field().isEmpty() && isClean(ctx)) {
            diagnostics.error(position(ctx.name.getStart()), "union '" + ctx.name.getText()
                    + "' has no alternatives");
        }
        return new UnionDecl(ctx.name.getText(), position(ctx.name.getStart()), alternatives,
                doc(declaration.getStart(), ctx.UNION().getSymbol()), annotations(declaration.annotation()));
    }

    private FieldDecl field(SdoParser.FieldContext ctx) {
        String javaType = ctx.javaType == null ? null : ctx.javaType.getText();
        SourcePosition javaTypePosition = ctx.javaType == null ? null : position(ctx.javaType.getStart());
        return new FieldDecl(ctx.name.getText(), position(ctx.name.getStart()), type(ctx.fieldType()),
                ctx.OPTIONAL() != null, javaType, javaTypePosition, annotations(ctx.annotation()),
                doc(ctx.getStart()), defaultValue(ctx.defaultValue()));
    }

    private FieldDecl.DefaultValue defaultValue(SdoParser.DefaultValueContext ctx) {
        if (ctx == null) {
            return null;
        }
        Token token = ctx.getStart();
        SourcePosition position = position(token);
        if (ctx.ident() != null) {
            return new FieldDecl.DefaultValue(ctx.ident().getText(), true, position);
        }
        if (!isValue(token)) {
            // As for annotation values: a recovered tree may hold no literal where one was expected.
            if (!syntaxErrorPositions.contains(position)) {
                diagnostics.error(position, "expected a default value (a string, an integer, true, false or a name)");
            }
            return null;
        }
        return new FieldDecl.DefaultValue(literalValue(token), false, position);
    }

    private TypeNode type(SdoParser.FieldTypeContext ctx) {
        SourcePosition position = position(ctx.getStart());
        if (ctx instanceof SdoParser.BuiltinTypeContext builtin) {
            return new TypeNode.Builtin(builtin.word.getText(), position);
        } else if (ctx instanceof SdoParser.RangeTypeContext range) {
            return new TypeNode.Range(integer(range.lo), integer(range.hi), position);
        } else if (ctx instanceof SdoParser.DecimalTypeContext decimal) {
            return new TypeNode.Decimal(decimal.word.getType() == SdoParser.DECIMAL, integer(decimal.precision),
                    integer(decimal.scale), position);
        } else if (ctx instanceof SdoParser.DateTypeContext date) {
            if (date.lo == null) {
                return new TypeNode.Builtin(date.DATE().getText(), position);
            }
            return new TypeNode.DateRange(new Literal(date.lo.getText(), position(date.lo)),
                    new Literal(date.hi.getText(), position(date.hi)), position);
        } else if (ctx instanceof SdoParser.TimeTypeContext time) {
            String word = time.word.getText();
            if (time.unit == null && !word.equals("localtimestamp")) {
                return new TypeNode.Builtin(word, position);
            }
            return new TypeNode.TimeUnits(word,
                    time.unit == null ? null : new Literal(time.unit.getText(), position(time.unit.getStart())),
                    time.lo == null ? null : new Literal(time.lo.getText(), position(time.lo)),
                    time.hi == null ? null : new Literal(time.hi.getText(), position(time.hi)), position);
        } else if (ctx instanceof SdoParser.CharTypeContext chars) {
            Literal alphabet = chars.alphabet == null ? null
                    : new Literal(string(chars.alphabet), position(chars.alphabet));
            return new TypeNode.Char(integer(chars.length), alphabet, position);
        } else if (ctx instanceof SdoParser.ListTypeContext list) {
            return new TypeNode.ListOf(type(list.element), position);
        } else if (ctx instanceof SdoParser.NamedTypeContext named) {
            return new TypeNode.Named(named.ID().getText(), position);
        } else if (ctx instanceof SdoParser.BigDecimalTypeContext decimal) {
            return new TypeNode.Builtin(decimal.DECIMAL().getText(), position);
        }
        throw new IllegalStateException("unhandled type alternative " + ctx.getClass().getSimpleName());
    }

    private List<AnnotationNode> annotations(List<SdoParser.AnnotationContext> contexts) {
        List<AnnotationNode> annotations = new ArrayList<>();
        for (SdoParser.AnnotationContext ctx : contexts) {
            if (!isClean(ctx)) {
                continue;
            }
            List<AnnotationNode.Argument> arguments = new ArrayList<>();
            boolean complete = true;
            for (SdoParser.AnnotationArgumentContext argument : ctx.annotationArgument()) {
                Token valueToken = argument.annotationValue().getStart();
                SourcePosition valuePosition = position(valueToken);
                if (!isValue(valueToken)) {
                    // ANTLR recovered from a missing value ("column = )") without marking the tree: say so once.
                    if (!syntaxErrorPositions.contains(valuePosition)) {
                        diagnostics.error(valuePosition, "expected a value (a string, an integer, true or false)"
                                + " in annotation '@" + ctx.name.getText() + "'");
                    }
                    complete = false;
                    break;
                }
                String key = argument.key == null ? null : argument.key.getText();
                SourcePosition keyPosition = argument.key == null ? valuePosition : position(argument.key.getStart());
                arguments.add(new AnnotationNode.Argument(key, keyPosition, literalValue(valueToken),
                        valuePosition));
            }
            if (complete) {
                annotations.add(new AnnotationNode(ctx.name.getText(), position(ctx.name.getStart()), arguments));
            }
        }
        return annotations;
    }

    private static boolean isValue(Token token) {
        int type = token.getType();
        return token.getTokenIndex() >= 0 && (type == SdoParser.STRING_LITERAL || type == SdoParser.INTEGER
                || type == SdoParser.TRUE || type == SdoParser.FALSE);
    }

    /** The value of a string, integer or boolean literal token. */
    private Object literalValue(Token token) {
        switch (token.getType()) {
            case SdoParser.STRING_LITERAL:
                return string(token);
            case SdoParser.INTEGER:
                return integer(token).value();
            case SdoParser.TRUE:
                return Boolean.TRUE;
            case SdoParser.FALSE:
                return Boolean.FALSE;
            default:
                throw new IllegalStateException("unhandled literal " + token);
        }
    }

    private IntegerLiteral integer(Token token) {
        return new IntegerLiteral(new BigInteger(token.getText().replace("_", "")), token.getText(),
                position(token));
    }

    /** A string literal's value: quotes removed, {@code \"} and {@code \\} resolved; other escapes reported. */
    private String string(Token token) {
        String text = token.getText();
        StringBuilder value = new StringBuilder();
        for (int i = 1; i < text.length() - 1; i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                char escaped = text.charAt(++i);
                if (escaped != '"' && escaped != '\\') {
                    diagnostics.error(position(token), "invalid escape sequence '\\" + escaped
                            + "' in string literal: only \\\" and \\\\ are allowed");
                }
                value.append(escaped);
            } else {
                value.append(c);
            }
        }
        return value.toString();
    }

    /** The text of the doc comment right before a declaration's first token, or "". */
    private String doc(Token first) {
        List<Token> comments = tokens.getHiddenTokensToLeft(first.getTokenIndex(), Token.HIDDEN_CHANNEL);
        if (comments == null || comments.isEmpty()) {
            return "";
        }
        return DocComments.text(comments.get(comments.size() - 1).getText());
    }

    /**
     * The doc comment of an enum or record: before its annotations, or else between them and the keyword
     * ({@code @csv(header = true) /** Doc. *}{@code / record R}).
     */
    private String doc(Token first, Token keyword) {
        String beforeAnnotations = doc(first);
        return beforeAnnotations.isEmpty() && keyword != first ? doc(keyword) : beforeAnnotations;
    }

    private SourcePosition position(Token token) {
        return SchemaFileParser.position(file, token);
    }

    /**
     * Whether a subtree parsed without errors: no recognition exception, no error node, no token that ANTLR
     * invented while recovering (those have no index in the token stream).
     */
    private static boolean isClean(ParseTree tree) {
        if (tree instanceof ErrorNode) {
            return false;
        } else if (tree instanceof TerminalNode terminal) {
            return terminal.getSymbol().getTokenIndex() >= 0;
        }
        ParserRuleContext ctx = (ParserRuleContext) tree;
        if (ctx.exception != null) {
            return false;
        }
        for (int i = 0; i < ctx.getChildCount(); i++) {
            if (!isClean(ctx.getChild(i))) {
                return false;
            }
        }
        return true;
    }
}
