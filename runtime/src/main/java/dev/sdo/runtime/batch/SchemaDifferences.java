package dev.sdo.runtime.batch;

import java.util.Optional;
import java.util.ServiceLoader;

/**
 * What the readers and batches of this package say of two schema versions of a record that they do not read as
 * one: the first field that differs and how, from the schemas the identities carry, through the runtime's
 * {@link SchemaComparison} (looked up once, when first needed).
 */
final class SchemaDifferences {
    private static final SchemaComparison INSTALLED = ServiceLoader
            .load(SchemaComparison.class, SchemaComparison.class.getClassLoader()).findFirst()
            .orElse((written, reader, version) -> Optional.empty());

    private SchemaDifferences() {}

    /**
     * The first field of {@code version} that differs between the schemas {@code found} (a file's writer) and
     * {@code expected} (the reader) carry, and how: empty when either has none (a file of format 2, an identity made
     * without one).
     */
    static Optional<String> firstDifference(RecordIdentity found, RecordIdentity expected, int version) {
        if (found.schema() == null || expected.schema() == null) {
            return Optional.empty();
        }
        return INSTALLED.firstDifference(found.schema(), expected.schema(), version);
    }
}
