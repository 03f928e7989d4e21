package dev.sdo.runtime.generic;

/**
 * The alternative a union holds, read by a {@link GenericRecord}: its position among the union's alternatives (from
 * 0), its name and type, and its value as {@link GenericRecord#get} gives a field's (for an abstract record's union,
 * the concrete record, named as the alternative).
 */
public record GenericUnion(int alternative, String name, FieldType type, Object value) {}
