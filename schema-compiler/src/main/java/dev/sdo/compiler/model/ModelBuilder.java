package dev.sdo.compiler.model;

import dev.sdo.compiler.ast.Declaration;
import dev.sdo.compiler.ast.EnumDecl;
import dev.sdo.compiler.ast.FieldDecl;
import dev.sdo.compiler.ast.ImportDecl;
import dev.sdo.compiler.ast.RecordDecl;
import dev.sdo.compiler.ast.SchemaFile;
import dev.sdo.compiler.ast.TypeNode;
import dev.sdo.compiler.ast.TypeNode.IntegerLiteral;
import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.diagnostics.SourcePosition;
import dev.sdo.compiler.model.AnnotationRules.Target;
import dev.sdo.compiler.model.FieldType.DateType;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns parsed schema files into the resolved {@link Schema}: names resolved (a file sees its own declarations and
 * those of the files it imports, used before or after they are declared), literals range-checked and converted,
 * annotations checked and converted. Problems are reported and the offending field, type or annotation is left out,
 * so that the model holds only what resolved and the checker can still look at all of it.
 */
public final class ModelBuilder {
    private static final DateTimeFormatter STRICT_DATE =
            DateTimeFormatter.ofPattern("uuuu-MM-dd").withResolverStyle(ResolverStyle.STRICT);

    private final Diagnostics diagnostics;
    private final AnnotationRules annotationRules;

    public ModelBuilder(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
        this.annotationRules = new AnnotationRules(diagnostics);
    }

    /** A declaration together with its resolved name and the file it is in. */
    private record Declared(QualifiedName name, Declaration declaration, SchemaFile file) {}

    /** Builds the model of the files, in the order given (the loader's order). */
    public Schema build(List<SchemaFile> files) {
        Map<String, SchemaFile> byIdentity = new HashMap<>();
        files.forEach(f -> byIdentity.put(f.identity(), f));
        Map<SchemaFile, List<Declared>> declaredByFile = declare(files);
        List<EnumType> enums = new ArrayList<>();
        List<RecordType> records = new ArrayList<>();
        for (SchemaFile file : files) {
            checkPackage(file);
            Scope scope = scope(file, byIdentity, declaredByFile);
            for (Declared declared : declaredByFile.get(file)) {
                if (declared.declaration() instanceof EnumDecl e) {
                    enums.add(enumType(declared.name(), e));
                } else if (declared.declaration() instanceof RecordDecl r) {
                    records.add(recordType(declared.name(), r, scope));
                }
            }
        }
        return new Schema(enums, records);
    }

    private static String packageOf(SchemaFile file) {
        return file.packageName() == null ? "" : file.packageName();
    }

    /** Names every declaration and reports a second declaration of the same name in the same package. */
    private Map<SchemaFile, List<Declared>> declare(List<SchemaFile> files) {
        Map<QualifiedName, Declared> all = new HashMap<>();
        Map<SchemaFile, List<Declared>> byFile = new LinkedHashMap<>();
        for (SchemaFile file : files) {
            List<Declared> declared = new ArrayList<>();
            for (Declaration declaration : file.declarations()) {
                QualifiedName name = new QualifiedName(packageOf(file), declaration.name());
                Declared first = all.putIfAbsent(name, new Declared(name, declaration, file));
                if (first != null) {
                    diagnostics.error(declaration.position(), "duplicate type name '" + declaration.name()
                            + "': already declared at " + first.declaration().position());
                } else {
                    declared.add(all.get(name));
                }
            }
            byFile.put(file, declared);
        }
        return byFile;
    }

    private void checkPackage(SchemaFile file) {
        for (SchemaFile.Name segment : file.packageSegments()) {
            if (JavaNames.isReserved(segment.text())) {
                diagnostics.error(segment.position(), "package name part '" + segment.text() + "' is "
                        + JavaNames.reservedKind(segment.text()) + " and cannot be part of a Java package name");
            }
        }
    }

    /** The names a file can use: its own declarations, then those of the files it imports. */
    private static final class Scope {
        final Map<String, Declared> types = new HashMap<>();
        /** Set when an import could not be read: names it would have brought are then not reported as unknown. */
        boolean incomplete;
    }

    private Scope scope(SchemaFile file, Map<String, SchemaFile> byIdentity,
            Map<SchemaFile, List<Declared>> declaredByFile) {
        Scope scope = new Scope();
        for (Declared own : declaredByFile.get(file)) {
            scope.types.put(own.declaration().name(), own);
        }
        Map<String, ImportDecl> importedBy = new HashMap<>();
        Set<String> importedFiles = new HashSet<>();
        for (ImportDecl anImport : file.imports()) {
            SchemaFile imported = byIdentity.get(anImport.identity());
            if (imported == null) {
                scope.incomplete = true;
                continue;
            }
            if (imported == file || !importedFiles.add(imported.identity())) {
                continue;
            }
            for (Declared declared : declaredByFile.get(imported)) {
                String simpleName = declared.declaration().name();
                Declared existing = scope.types.get(simpleName);
                if (existing == null) {
                    scope.types.put(simpleName, declared);
                    importedBy.put(simpleName, anImport);
                } else if (!existing.name().equals(declared.name())) {
                    reportClash(file, existing, declared, importedBy.get(simpleName), anImport);
                }
            }
        }
        return scope;
    }

    private void reportClash(SchemaFile file, Declared existing, Declared imported, ImportDecl existingImport,
            ImportDecl anImport) {
        String name = imported.declaration().name();
        if (existingImport == null) {
            diagnostics.error(existing.declaration().position(), "type name '" + name + "' clashes with "
                    + imported.name() + " imported from " + imported.file().name());
        } else {
            diagnostics.error(anImport.position(), "import brings type '" + name + "' (" + imported.name()
                    + ") that is already imported as " + existing.name() + " from " + existing.file().name());
        }
    }

    private EnumType enumType(QualifiedName name, EnumDecl declaration) {
        List<EnumType.EnumConstant> constants = declaration.constants().stream()
                .map(c -> new EnumType.EnumConstant(c.name(), c.doc(), c.position()))
                .toList();
        return new EnumType(name, constants, declaration.doc(),
                annotationRules.convert(declaration.annotations(), Target.ENUM, null), declaration.position());
    }

    private RecordType recordType(QualifiedName name, RecordDecl declaration, Scope scope) {
        List<Field> fields = new ArrayList<>();
        for (FieldDecl field : declaration.fields()) {
            FieldType type = type(field.type(), scope);
            List<Annotation> annotations = annotationRules.convert(field.annotations(), Target.FIELD, field.type());
            JavaOverride override = javaOverride(field);
            if (type != null) {
                fields.add(new Field(field.name(), type, field.optional(), override,
                        override == null ? null : field.javaTypePosition(), AnnotationRules.since(annotations),
                        annotations, field.doc(), field.position()));
            }
        }
        return new RecordType(name, fields, declaration.doc(),
                annotationRules.convert(declaration.annotations(), Target.RECORD, null), declaration.position());
    }

    private JavaOverride javaOverride(FieldDecl field) {
        if (field.javaType() == null) {
            return null;
        }
        switch (field.javaType()) {
            case "int":
                return JavaOverride.INT;
            case "long":
                return JavaOverride.LONG;
            case "BigInteger":
            case "java.math.BigInteger":
                return JavaOverride.BIG_INTEGER;
            default:
                diagnostics.error(field.javaTypePosition(), "unsupported Java type '" + field.javaType()
                        + "' after 'as': expected int, long or BigInteger");
                return null;
        }
    }

    /** The model type of a written type, or null when it does not resolve (reported). */
    private FieldType type(TypeNode node, Scope scope) {
        SourcePosition position = node.position();
        if (node instanceof TypeNode.Builtin builtin) {
            return builtin(builtin.word(), position);
        } else if (node instanceof TypeNode.Range range) {
            Long lo = int64(range.lo());
            Long hi = int64(range.hi());
            return lo == null || hi == null ? null
                    : new FieldType.RangeType(lo, hi, position, range.lo().position(), range.hi().position());
        } else if (node instanceof TypeNode.Decimal decimal) {
            Integer precision = int32(decimal.precision(), Limits.precisionOutOfRange(decimal.precision().text()));
            Integer scale = int32(decimal.scale(),
                    Limits.scaleOutOfRange(decimal.scale().text(), decimal.precision().text()));
            return precision == null || scale == null ? null
                    : new FieldType.DecimalType(decimal.signed(), precision, scale, position,
                            decimal.precision().position(), decimal.scale().position());
        } else if (node instanceof TypeNode.DateRange range) {
            LocalDate lo = date(range.lo());
            LocalDate hi = date(range.hi());
            return lo == null || hi == null ? null
                    : new DateType(lo, hi, true, position, range.lo().position(), range.hi().position());
        } else if (node instanceof TypeNode.Char chars) {
            Integer length = int32(chars.length(), Limits.charLengthOutOfRange(chars.length().text()));
            if (length == null) {
                return null;
            } else if (chars.alphabet() == null) {
                return new FieldType.CharType(length, FieldType.CharType.PRINTABLE_ASCII, null, position,
                        chars.length().position(), position);
            }
            return new FieldType.CharType(length, Alphabets.expand(chars.alphabet().value()),
                    chars.alphabet().value(), position, chars.length().position(), chars.alphabet().position());
        } else if (node instanceof TypeNode.ListOf list) {
            FieldType element = type(list.element(), scope);
            return element == null ? null : new FieldType.ListType(element, position);
        } else if (node instanceof TypeNode.Named named) {
            return named(named, scope);
        }
        throw new IllegalStateException("unhandled type node " + node);
    }

    private static FieldType builtin(String word, SourcePosition position) {
        IntegerKind kind = IntegerKind.bySchemaName(word);
        if (kind != null) {
            return new FieldType.IntegerType(kind, position);
        }
        switch (word) {
            case "bool":
                return new FieldType.BoolType(position);
            case "float32":
                return new FieldType.FloatType(32, position);
            case "float64":
                return new FieldType.FloatType(64, position);
            case "date":
                return new DateType(DateType.MIN, DateType.MAX, false, position, position, position);
            case "time":
                return new FieldType.TimeType(position);
            case "timestamp":
                return new FieldType.TimestampType(position);
            case "string":
                return new FieldType.StringType(position);
            case "bytes":
                return new FieldType.BytesType(position);
            default:
                throw new IllegalStateException("the grammar admits no type word " + word);
        }
    }

    private FieldType named(TypeNode.Named named, Scope scope) {
        Declared declared = scope.types.get(named.name());
        if (declared == null) {
            if (!scope.incomplete) {
                diagnostics.error(named.position(), "unknown type '" + named.name() + "'");
            }
            return null;
        }
        return declared.declaration() instanceof EnumDecl
                ? new FieldType.EnumRef(declared.name(), named.position())
                : new FieldType.RecordRef(declared.name(), named.position());
    }

    private Long int64(IntegerLiteral literal) {
        if (literal.value().bitLength() > 63) {
            diagnostics.error(literal.position(), "integer " + literal.text() + " is out of range: bounds of "
                    + "int(lo..hi) must be within int64 (" + Long.MIN_VALUE + ".." + Long.MAX_VALUE + ")");
            return null;
        }
        return literal.value().longValue();
    }

    private Integer int32(IntegerLiteral literal, String outOfRange) {
        if (literal.value().bitLength() > 31) {
            diagnostics.error(literal.position(), outOfRange);
            return null;
        }
        return literal.value().intValue();
    }

    private LocalDate date(TypeNode.Literal literal) {
        LocalDate date;
        try {
            date = LocalDate.parse(literal.value(), STRICT_DATE);
        } catch (DateTimeParseException e) {
            diagnostics.error(literal.position(), "invalid date " + literal.value());
            return null;
        }
        if (date.isBefore(DateType.MIN) || date.isAfter(DateType.MAX)) {
            diagnostics.error(literal.position(), "date " + literal.value() + " is out of range "
                    + DateType.MIN + ".." + DateType.MAX);
            return null;
        }
        return date;
    }
}
