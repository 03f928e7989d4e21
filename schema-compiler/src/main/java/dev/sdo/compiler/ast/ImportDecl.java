package dev.sdo.compiler.ast;

import dev.sdo.compiler.diagnostics.SourcePosition;

/**
 * {@code import "path";}.
 *
 * @param path the path as written, relative to the importing file
 * @param fileName the imported file's name as diagnostics show it: the importing file's directory joined with
 *        {@code path}, normalised
 * @param identity the imported file's identity, as {@link SchemaFile#identity()}
 * @param position the position of the path's string literal
 */
public record ImportDecl(String path, String fileName, String identity, SourcePosition position) {}
