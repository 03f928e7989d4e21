package dev.sdo.compiler.generate;

/**
 * One generated Java compilation unit.
 *
 * @param qualifiedName the top-level class's fully qualified name
 * @param relativePath its path below an output directory, in package folders ({@code com/example/Trade.java})
 * @param content the source text
 */
public record GeneratedSource(String qualifiedName, String relativePath, String content) {}
