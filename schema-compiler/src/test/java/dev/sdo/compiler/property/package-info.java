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
 * <p>Running: {@code mvn -pl schema-compiler -am test -Dtest='RandomSchemaPropertiesTest'}. Every failure prints
 * the schema's seed and text; {@code -Dsdo.props.schema=SEED} (plus {@code -Dsdo.props.wide} for a wide one)
 * re-runs just that schema, {@code -Dsdo.props.seed=N} draws another set of schemas, and
 * {@code -Dsdo.props.batches}, {@code -Dsdo.props.perBatch}, {@code -Dsdo.props.wideSchemas} and
 * {@code -Dsdo.props.shrinks} scale the run. The first failures of a run are shrunk by
 * {@link dev.sdo.compiler.property.Shrinker} to a smaller schema that still fails.
 */
package dev.sdo.compiler.property;
