package dev.sdo.runtime.generic;

import dev.sdo.runtime.batch.EmbeddedSchema;

/**
 * The schema descriptor of all the records of a generated package, embedded once (its {@code SdoDescriptors}
 * class), from which each record's {@code XBatch} takes the descriptor its batch files carry
 * ({@link DescriptorClosure}): a record is embedded once however many records reference it. Read when a batch type
 * is first made, once per package. The XML bindings of the package's records share what this makes once of it: the
 * mappings, readers and encoders of every record ({@link #xml}); so do {@code sdoc}'s bindings of a package's records,
 * built from the schema alone ({@link #of}).
 */
public final class PackageSchema {
    private final EmbeddedSchema all;
    private SchemaDescriptor parsed;
    /** The XML mappings of the package's records, made on first use. */
    private XmlShapeMappings xml;

    private PackageSchema(EmbeddedSchema all) {
        this.all = all;
    }

    /** The package's descriptor from the base64 text generated code embeds (see {@link EmbeddedSchema#ofBase64}). */
    public static PackageSchema ofBase64(String... parts) {
        return new PackageSchema(EmbeddedSchema.ofBase64(parts));
    }

    /**
     * The package's descriptor itself: for bindings of the package's records built from the schema alone, with no
     * generated class ({@link XmlShapeBinding#of(String, XmlShape, PackageSchema)}).
     */
    public static PackageSchema of(byte[] descriptor) {
        return new PackageSchema(EmbeddedSchema.of(descriptor));
    }

    /**
     * The package's descriptor, read (once).
     *
     * @throws IllegalStateException if it does not read back
     */
    public synchronized SchemaDescriptor schema() {
        return parsed();
    }

    /**
     * The descriptor of the package's record named {@code record}, of layout fingerprint {@code fingerprint}.
     *
     * @throws IllegalStateException if the embedded descriptor does not read back (generated code that was changed)
     */
    public synchronized EmbeddedSchema of(String record, long fingerprint) {
        return EmbeddedSchema.of(DescriptorClosure.of(parsed(), record, fingerprint));
    }

    /**
     * The mappings of the package's records to XML as {@code shape}, the package's XML shape, describes them: one set
     * for the whole package, shared by the bindings of all its records ({@link XmlShapeBinding}).
     *
     * @throws IllegalStateException if the embedded descriptor does not read back
     * @throws IllegalArgumentException if the package's mappings were made of another shape
     */
    synchronized XmlShapeMappings xml(XmlShape shape) {
        if (xml == null) {
            xml = new XmlShapeMappings(parsed(), shape);
        } else if (xml.shape() != shape) {
            throw new IllegalArgumentException("a package has one XML shape; its mappings are made of another");
        }
        return xml;
    }

    private SchemaDescriptor parsed() {
        if (parsed == null) {
            try {
                parsed = SchemaDescriptor.parse(all);
            } catch (DescriptorException e) {
                throw new IllegalStateException("the package's schema descriptor does not read: "
                        + e.getMessage(), e);
            }
        }
        return parsed;
    }
}
