package dev.sdo.runtime.generic;

import dev.sdo.runtime.batch.EmbeddedSchema;

/**
 * The schema descriptor of all the records of a generated package, embedded once (its {@code SdoDescriptors}
 * class), from which each record's {@code XBatch} takes the descriptor its batch files carry
 * ({@link DescriptorClosure}): a record is embedded once however many records reference it. Read when a batch type
 * is first made, once per package.
 */
public final class PackageSchema {
    private final EmbeddedSchema all;
    private SchemaDescriptor parsed;

    private PackageSchema(EmbeddedSchema all) {
        this.all = all;
    }

    /** The package's descriptor from the base64 text generated code embeds (see {@link EmbeddedSchema#ofBase64}). */
    public static PackageSchema ofBase64(String... parts) {
        return new PackageSchema(EmbeddedSchema.ofBase64(parts));
    }

    /**
     * The descriptor of the package's record named {@code record}, of layout fingerprint {@code fingerprint}.
     *
     * @throws IllegalStateException if the embedded descriptor does not read back (generated code that was changed)
     */
    public synchronized EmbeddedSchema of(String record, long fingerprint) {
        if (parsed == null) {
            try {
                parsed = SchemaDescriptor.parse(all);
            } catch (DescriptorException e) {
                throw new IllegalStateException("the schema descriptor generated code embeds does not read: "
                        + e.getMessage(), e);
            }
        }
        return EmbeddedSchema.of(DescriptorClosure.of(parsed, record, fingerprint));
    }
}
