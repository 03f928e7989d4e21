package dev.sdo.runtime.batch;

import dev.sdo.runtime.generic.DescriptorDifference;
import dev.sdo.runtime.generic.DescriptorException;
import dev.sdo.runtime.generic.SchemaDescriptor;
import java.util.Optional;

/**
 * What the readers and batches of this package say of two schema versions of a record that they do not read as
 * one: the first field that differs and how, from the schemas the identities carry ({@link DescriptorDifference}).
 */
final class SchemaDifferences {
    private SchemaDifferences() {}

    /**
     * The first field of {@code version} that differs between the schemas {@code found} (a file's writer) and
     * {@code expected} (the reader) carry, and how: empty when either has none (a file of format 2, an identity made
     * without one) or a descriptor does not read, since this only adds to a refusal already made.
     */
    static Optional<String> firstDifference(RecordIdentity found, RecordIdentity expected, int version) {
        if (found.schema() == null || expected.schema() == null) {
            return Optional.empty();
        }
        try {
            return DescriptorDifference.of(SchemaDescriptor.parse(found.schema()),
                    SchemaDescriptor.parse(expected.schema()), version);
        } catch (DescriptorException e) {
            return Optional.empty();
        }
    }
}
