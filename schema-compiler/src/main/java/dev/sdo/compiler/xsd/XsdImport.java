package dev.sdo.compiler.xsd;

import java.util.Map;

/**
 * What an import wrote: the {@code .sdo} files by name (relative to the output folder, in load order: the root
 * schema's first) with their text, and how many records, unions and enums they declare.
 */
public record XsdImport(Map<String, String> files, int records, int unions, int enums) {}
