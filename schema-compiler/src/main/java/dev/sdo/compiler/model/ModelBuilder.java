package dev.sdo.compiler.model;

import dev.sdo.compiler.ast.Declaration;
import dev.sdo.compiler.ast.EnumDecl;
import dev.sdo.compiler.ast.FieldDecl;
import dev.sdo.compiler.ast.ImportDecl;
import dev.sdo.compiler.ast.RecordDecl;
import dev.sdo.compiler.ast.SchemaFile;
import dev.sdo.compiler.ast.UnionDecl;
import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.model.AnnotationRules.Target;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
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
    private final Diagnostics diagnostics;
    private final AnnotationRules annotationRules;
    private final TypeMapper typeMapper;

    public ModelBuilder(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
        this.annotationRules = new AnnotationRules(diagnostics);
        this.typeMapper = new TypeMapper(diagnostics);
    }

    /** Builds the model of the files, in the order given (the loader's order). */
    public Schema build(List<SchemaFile> files) {
        Map<String, SchemaFile> byIdentity = new HashMap<>();
        files.forEach(f -> byIdentity.put(f.identity(), f));
        Map<String, List<DeclaredType>> declaredByFile = declare(files);
        Map<String, DeclaredType> bySimpleName = new HashMap<>();
        declaredByFile.values().forEach(list -> list.forEach(d -> bySimpleName.putIfAbsent(d.declaration().name(), d)));

        List<EnumType> enums = new ArrayList<>();
        List<RecordType> records = new ArrayList<>();
        List<UnionType> unions = new ArrayList<>();
        Map<QualifiedName, Extensions.Base> bases = new HashMap<>();
        for (SchemaFile file : files) {
            checkPackage(file);
            Scope scope = scope(file, byIdentity, declaredByFile, bySimpleName);
            for (DeclaredType declared : declaredByFile.get(file.identity())) {
                if (declared.declaration() instanceof EnumDecl e) {
                    enums.add(enumType(declared.name(), e));
                } else if (declared.declaration() instanceof RecordDecl r) {
                    records.add(recordType(declared.name(), r, scope));
                    DeclaredType base = base(r, scope);
                    if (base != null) {
                        bases.put(declared.name(), new Extensions.Base(base.name(), r.basePosition()));
                    }
                } else if (declared.declaration() instanceof UnionDecl u) {
                    unions.add(unionType(declared.name(), u, scope));
                }
            }
        }
        List<RecordType> extended = new Extensions(records, bases, diagnostics).resolve();
        unions.addAll(Extensions.abstractUnions(extended));
        return new Schema(enums, extended, unions);
    }

    /** The record a record extends, or null: none, or a base that does not resolve to a record (reported). */
    private DeclaredType base(RecordDecl declaration, Scope scope) {
        if (declaration.base() == null) {
            return null;
        }
        DeclaredType base = scope.lookUp(declaration.base());
        if (base == null) {
            if (!scope.incomplete()) {
                DeclaredType elsewhere = scope.elsewhere(declaration.base());
                diagnostics.error(declaration.basePosition(), "unknown record '" + declaration.base() + "'"
                        + (elsewhere == null ? "" : ": " + elsewhere.name() + " is declared in "
                                + elsewhere.file().name() + ", which this file does not import"));
            }
            return null;
        }
        if (!(base.declaration() instanceof RecordDecl)) {
            diagnostics.error(declaration.basePosition(), "record '" + declaration.name() + "' cannot extend "
                    + (base.isEnum() ? "enum" : "union") + " '" + declaration.base() + "': only a record can be extended");
            return null;
        }
        return base;
    }

    private UnionType unionType(QualifiedName name, UnionDecl declaration, Scope scope) {
        List<Field> alternatives = new ArrayList<>();
        for (FieldDecl alternative : declaration.alternatives()) {
            Field field = field(alternative, scope, Target.ALTERNATIVE);
            if (field != null) {
                alternatives.add(field);
            }
        }
        return new UnionType(name, alternatives, declaration.doc(),
                annotationRules.convert(declaration.annotations(), Target.UNION, null), declaration.position(), false);
    }

    /**
     * Names every declaration and reports a second declaration of the same name in the same package (the generated
     * classes would collide, whether or not the two files see each other).
     *
     * @return each file's declarations (without the reported duplicates), by file identity
     */
    private Map<String, List<DeclaredType>> declare(List<SchemaFile> files) {
        Map<QualifiedName, DeclaredType> all = new HashMap<>();
        Map<String, List<DeclaredType>> byFile = new HashMap<>();
        for (SchemaFile file : files) {
            String packageName = file.packageName() == null ? "" : file.packageName();
            List<DeclaredType> declared = new ArrayList<>();
            for (Declaration declaration : file.declarations()) {
                DeclaredType type = new DeclaredType(new QualifiedName(packageName, declaration.name()), declaration,
                        file);
                DeclaredType first = all.putIfAbsent(type.name(), type);
                if (first != null) {
                    diagnostics.error(declaration.position(), "duplicate type name '" + declaration.name()
                            + "': already declared at " + first.declaration().position());
                } else {
                    declared.add(type);
                }
            }
            byFile.put(file.identity(), declared);
        }
        return byFile;
    }

    private void checkPackage(SchemaFile file) {
        String jdkModule = file.packageName() == null ? null : JavaNames.jdkModuleOf(file.packageName());
        if (jdkModule != null) {
            diagnostics.error(file.packageSegments().get(0).position(), "package '" + file.packageName()
                    + "' is the JDK's (" + jdkModule + "): Java does not allow other classes in it");
        }
        for (SchemaFile.Name segment : file.packageSegments()) {
            if (JavaNames.isReserved(segment.text())) {
                diagnostics.error(segment.position(), "package name part '" + segment.text() + "' is "
                        + JavaNames.reservedKind(segment.text()) + " and cannot be part of a Java package name");
            }
        }
    }

    /** A file's scope: its own declarations, then those of each file it imports, each imported file once. */
    private Scope scope(SchemaFile file, Map<String, SchemaFile> byIdentity,
            Map<String, List<DeclaredType>> declaredByFile, Map<String, DeclaredType> bySimpleName) {
        Scope scope = new Scope(bySimpleName);
        declaredByFile.get(file.identity()).forEach(scope::add);
        Map<String, ImportDecl> importedBy = new HashMap<>();
        Set<String> importedFiles = new HashSet<>();
        for (ImportDecl anImport : file.imports()) {
            SchemaFile imported = byIdentity.get(anImport.identity());
            if (imported == null) {
                scope.markIncomplete();
            } else if (imported != file && importedFiles.add(imported.identity())) {
                for (DeclaredType declared : declaredByFile.get(imported.identity())) {
                    DeclaredType holder = scope.add(declared);
                    String simpleName = declared.declaration().name();
                    if (holder == declared) {
                        importedBy.put(simpleName, anImport);
                    } else if (!holder.name().equals(declared.name())) {
                        reportClash(holder, declared, importedBy.get(simpleName), anImport);
                    }
                }
            }
        }
        return scope;
    }

    /**
     * Reports a name that two declarations bring into one file's scope: at the file's own declaration when it
     * clashes with an imported one, else at the second import.
     */
    private void reportClash(DeclaredType existing, DeclaredType imported, ImportDecl existingImport,
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
                .map(c -> new EnumType.EnumConstant(c.name(), c.doc(), c.position(),
                        annotationRules.convert(c.annotations(), Target.CONSTANT, null)))
                .toList();
        return new EnumType(name, constants, declaration.doc(),
                annotationRules.convert(declaration.annotations(), Target.ENUM, null), declaration.position());
    }

    private RecordType recordType(QualifiedName name, RecordDecl declaration, Scope scope) {
        List<Field> fields = new ArrayList<>();
        for (FieldDecl field : declaration.fields()) {
            Field built = field(field, scope, Target.FIELD);
            if (built != null) {
                fields.add(built);
            }
        }
        return new RecordType(name, fields, declaration.doc(),
                annotationRules.convert(declaration.annotations(), Target.RECORD, null), declaration.position(),
                declaration.isAbstract(), null);
    }

    /** A record's field or a union's alternative, or null when its type does not resolve (reported). */
    private Field field(FieldDecl field, Scope scope, Target target) {
        FieldType type = typeMapper.map(field.type(), scope);
        List<Annotation> annotations = annotationRules.convert(field.annotations(), target, field.type());
        JavaOverride override = javaOverride(field);
        if (type == null) {
            return null;
        }
        FieldDefault defaultValue = field.defaultValue() == null ? null : new FieldDefault(
                field.defaultValue().value(), field.defaultValue().name(), field.defaultValue().position());
        return new Field(field.name(), type, field.optional(), override,
                override == null ? null : field.javaTypePosition(), AnnotationRules.since(annotations),
                annotations, field.doc(), field.position(), defaultValue);
    }

    /** The {@code as} clause's Java type; one the compiler does not offer is reported and ignored. */
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
}
