package dev.sdo.runtime.batch;

import java.util.Optional;

/**
 * Says how the schema a batch file carries differs from the reader's, for the message of a file refused by
 * fingerprint. The comparison reads the descriptors, which is {@code dev.sdo.runtime.generic}'s
 * ({@code DescriptorDifference}); that package reads batch files, so this one names it only through this interface,
 * found by {@link java.util.ServiceLoader} (the runtime's own {@code META-INF/services}), and the packages depend one way.
 */
public interface SchemaComparison {

    /**
     * The first field of {@code version} that differs between the record {@code written} describes (the file's) and
     * the one {@code reader} describes, and how; empty when the descriptors show none or do not read.
     */
    Optional<String> firstDifference(EmbeddedSchema written, EmbeddedSchema reader, int version);
}
