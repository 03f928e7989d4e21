package dev.sdo.compiler.model;

import dev.sdo.compiler.ast.Declaration;
import dev.sdo.compiler.ast.EnumDecl;
import dev.sdo.compiler.ast.SchemaFile;

/** A declaration of a parsed file, with the qualified name it gets from the file's package. */
record DeclaredType(QualifiedName name, Declaration declaration, SchemaFile file) {

    boolean isEnum() {
        return declaration instanceof EnumDecl;
    }

    /** Whether a field of this type holds one of several alternatives: a union, or an abstract record. */
    boolean isUnion() {
        return declaration instanceof dev.sdo.compiler.ast.UnionDecl
                || declaration instanceof dev.sdo.compiler.ast.RecordDecl r && r.isAbstract();
    }
}
