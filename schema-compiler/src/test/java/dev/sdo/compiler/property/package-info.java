/**
 * The random-schema property test, the backbone of the compiler's test suite.
 *
 * <p>{@link dev.sdo.compiler.property.RandomSchemas} generates schemas with every fixed-width type and
 * {@link dev.sdo.compiler.property.SchemaText} writes them as {@code .sdo} text; the compiler compiles them (many
 * per javac run, one package each, see {@link dev.sdo.compiler.property.CompiledBatch}); and
 * {@link dev.sdo.compiler.property.SchemaChecks} drives the generated classes by reflection with random values
 * from {@link dev.sdo.compiler.property.RandomValues}, comparing them with an oracle written from the spec alone:
 * {@link dev.sdo.compiler.property.SpecLayout} (widths and offsets) and
 * {@link dev.sdo.compiler.property.ReferenceEncoder} (the exact bytes). Neither uses the compiler's layout code.
 *
 * <p>Two schemas in five also use unions (of every alternative kind, required, optional, in lists, in nested
 * records and in alternatives), abstract records and their extensions, records that extend concrete records, field
 * defaults and unbounded {@code decimal} and {@code integer}: the oracle follows docs/record-format.md sections 2.2
 * and 5 and docs/unions-and-extension.md. Besides layouts, Java types, exact bytes, round trips, {@code wrap},
 * {@code writeTo}, serialisation, equality, corrupt bytes and rejection, every schema's records are checked for
 * their sizes ({@code encodedSize}, {@code byteSize}, {@code sizeOf}) and in batches and {@code .sdob} files (read
 * and mapped). The shrinker leaves schemas with the new constructs alone.
 *
 * <p>Five schemas in eight use {@code @compact} (docs/record-format.md section 8): on every record, as {@code sdoc
 * import-xsd} writes it, or on records at random, mostly those with variable-length data; compact records are nested
 * in records compact and not, listed, hold unions with a slot, defaults and records that are not compact, and some
 * records are recursive (through optional fields, lists and a union), compact or not, their values trees of a few
 * levels. The oracle lays compact records out from section 8 alone, and the damage the corrupt-data check does
 * includes a compact record's width code, slot bits and slot table. {@code -Dsdo.props.compact=none|all|mixed}
 * makes every schema of a run so; {@link dev.sdo.compiler.property.CompactSizePropertiesTest} checks what
 * {@code @compact} saves, and {@link dev.sdo.compiler.property.RandomSchemasCoverageTest} that the generator draws
 * every kind of compact record.
 *
 * <p>Running: {@code mvn -pl schema-compiler -am test -Dtest='RandomSchemaPropertiesTest'}. Every failure prints
 * the schema's seed and text; {@code -Dsdo.props.schema=SEED} (plus {@code -Dsdo.props.wide} for a wide one)
 * re-runs just that schema, {@code -Dsdo.props.seed=N} draws another set of schemas, and
 * {@code -Dsdo.props.batches}, {@code -Dsdo.props.perBatch}, {@code -Dsdo.props.wideSchemas} and
 * {@code -Dsdo.props.shrinks} scale the run; {@code -Dsdo.props.compact=none|all|mixed} forces how schemas use
 * {@code @compact}. The first failures of a run are shrunk by
 * {@link dev.sdo.compiler.property.Shrinker} to a smaller schema that still fails.
 */
package dev.sdo.compiler.property;
