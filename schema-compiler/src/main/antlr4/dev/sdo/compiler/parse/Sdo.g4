/*
 * The grammar of .sdo schema files (docs/manual/schema-language.md, section 1).
 *
 * Keywords and type words are tokens of their own, but they are not reserved: rule `ident` accepts every one of
 * them wherever a name is expected, so that a field may be called `date`, `time` or `record`. Names that Java
 * cannot use are refused by the checker, not here, so that the user gets a message that says why.
 *
 * Doc comments go to the hidden channel (other comments and blanks are skipped, so they are alone there), where
 * the tree builder finds the one before a declaration with getHiddenTokensToLeft. Malformed strings and comments,
 * and stray characters, become tokens of their own so that they are reported with a clear message instead of
 * ANTLR's "token recognition error".
 */
grammar Sdo;

schemaFile
    : packageDecl? importDecl* declaration* EOF
    ;

packageDecl
    : PACKAGE qualifiedIdent SEMI
    ;

importDecl
    : IMPORT path=STRING_LITERAL SEMI
    ;

// The annotations come before the choice of enum or record, so that a malformed annotation is reported as
// itself rather than as a declaration that is neither.
declaration
    : annotation* (enumDecl | recordDecl | unionDecl)
    ;

enumDecl
    : ENUM name=ident LBRACE (enumConstant (COMMA enumConstant)* COMMA?)? RBRACE
    ;

enumConstant
    : name=ident annotation*
    ;

// `abstract record A { ... }`, `record B extends A { ... }` (docs/unions-and-extension.md).
recordDecl
    : ABSTRACT? RECORD name=ident (EXTENDS base=ident)? LBRACE field* RBRACE
    ;

// `union U { a: T; b: R; }`: named alternatives, at most one present.
unionDecl
    : UNION name=ident LBRACE field* RBRACE
    ;

field
    : name=ident COLON fieldType OPTIONAL? (AS javaType=qualifiedIdent)? (ASSIGN defaultValue)? annotation* SEMI
    ;

// A field's default: a string (also for decimals, dates and times), an integer, a boolean or an enum constant.
defaultValue
    : STRING_LITERAL
    | INTEGER
    | TRUE
    | FALSE
    | ident
    ;

fieldType
    : word=(BOOL | INT8 | INT16 | INT32 | INT64 | UINT8 | UINT16 | UINT32 | FLOAT32 | FLOAT64
        | UINT64 | STRING | BYTES | INTEGER_WORD)                                              # builtinType
    | DECIMAL                                                                                  # bigDecimalType
    | INT LPAREN lo=INTEGER DOTDOT hi=INTEGER RPAREN                                            # rangeType
    | word=(DECIMAL | UDECIMAL) LPAREN precision=INTEGER COMMA scale=INTEGER RPAREN            # decimalType
    | DATE (LPAREN lo=DATE_LITERAL DOTDOT hi=DATE_LITERAL RPAREN)?                             # dateType
    | word=(TIME | TIMESTAMP | LOCALTIMESTAMP)
        (LPAREN unit=ident (COMMA lo=DATE_LITERAL DOTDOT hi=DATE_LITERAL)? RPAREN)?            # timeType
    | CHAR LPAREN length=INTEGER (COMMA alphabet=STRING_LITERAL)? RPAREN                       # charType
    | LIST LT element=fieldType GT                                                             # listType
    | ID                                                                                       # namedType
    ;

annotation
    : AT name=ident (LPAREN (annotationArgument (COMMA annotationArgument)*)? RPAREN)?
    ;

annotationArgument
    : (key=ident ASSIGN)? annotationValue
    ;

annotationValue
    : STRING_LITERAL
    | INTEGER
    | TRUE
    | FALSE
    ;

qualifiedIdent
    : ident (DOT ident)*
    ;

ident
    : ID
    | PACKAGE | IMPORT | ENUM | RECORD | UNION | ABSTRACT | EXTENDS | OPTIONAL | AS | TRUE | FALSE
    | BOOL | INT8 | INT16 | INT32 | INT64 | UINT8 | UINT16 | UINT32 | UINT64 | INT | FLOAT32 | FLOAT64
    | DECIMAL | UDECIMAL | DATE | TIME | TIMESTAMP | LOCALTIMESTAMP | CHAR | STRING | BYTES | LIST | INTEGER_WORD
    ;

// ---------------------------------------------------------------------------------------------------------------
// Lexer

PACKAGE   : 'package';
IMPORT    : 'import';
ENUM      : 'enum';
RECORD    : 'record';
UNION     : 'union';
ABSTRACT  : 'abstract';
EXTENDS   : 'extends';
OPTIONAL  : 'optional';
AS        : 'as';
TRUE      : 'true';
FALSE     : 'false';

BOOL      : 'bool';
INT8      : 'int8';
INT16     : 'int16';
INT32     : 'int32';
INT64     : 'int64';
UINT8     : 'uint8';
UINT16    : 'uint16';
UINT32    : 'uint32';
UINT64    : 'uint64';
INT       : 'int';
FLOAT32   : 'float32';
FLOAT64   : 'float64';
DECIMAL   : 'decimal';
INTEGER_WORD : 'integer';
UDECIMAL  : 'udecimal';
DATE      : 'date';
TIME      : 'time';
TIMESTAMP : 'timestamp';
LOCALTIMESTAMP : 'localtimestamp';
CHAR      : 'char';
STRING    : 'string';
BYTES     : 'bytes';
LIST      : 'list';

LBRACE : '{';
RBRACE : '}';
LPAREN : '(';
RPAREN : ')';
LT     : '<';
GT     : '>';
SEMI   : ';';
COLON  : ':';
COMMA  : ',';
DOTDOT : '..';
DOT    : '.';
ASSIGN : '=';
AT     : '@';

// YYYY-MM-DD. Longest match makes 2000-01-01 one date rather than the integers 2000, -01 and -01.
DATE_LITERAL : DIGIT DIGIT DIGIT DIGIT '-' DIGIT DIGIT '-' DIGIT DIGIT;

// Decimal, optionally negative, with '_' between digits. No '.' here, so that 1..31 is INTEGER DOTDOT INTEGER.
INTEGER : '-'? DIGIT ('_'* DIGIT)*;

ID : [A-Za-z_] [A-Za-z0-9_]*;

STRING_LITERAL : '"' (ESCAPE | ~["\\\r\n])* '"';

// A string that reaches the end of its line: reported as "unterminated string literal".
UNTERMINATED_STRING_LITERAL : '"' (ESCAPE | ~["\\\r\n])* '\\'?;

DOC_COMMENT : '/**' .*? '*/' -> channel(HIDDEN);

BLOCK_COMMENT : '/*' .*? '*/' -> skip;

// A comment that never ends (it cannot contain "*/", so it only matches when there is none before the end).
UNTERMINATED_COMMENT : '/*' (~'*' | '*'+ ~[*/])* '*'* EOF;

LINE_COMMENT : '//' ~[\r\n]* -> skip;

WS : [ \t\r\n\f]+ -> skip;

// Any other character: reported as "unexpected character".
UNEXPECTED_CHARACTER : .;

fragment DIGIT : [0-9];

// Any escaped character lexes; the tree builder accepts only \" and \\ and says so.
fragment ESCAPE : '\\' ~[\r\n];
