package dev.sdo.compiler.layout;

import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.model.UnionType;
import dev.sdo.runtime.batch.EmbeddedSchema;
import dev.sdo.runtime.batch.RecordIdentity;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the layout stage hands on to generators and tools: a checked schema with every record laid out, every type
 * resolved to its {@link Encoding}, every union's layout and every record's fingerprints, each worked out once.
 */
public final class CodecModel {
    private final Schema schema;
    private final Encodings encodings;
    private final List<RecordLayout> records;
    private final Map<QualifiedName, RecordLayout> byName = new HashMap<>();
    private final Fingerprints fingerprints;

    private CodecModel(Schema schema) {
        this.schema = schema;
        this.encodings = new Encodings(schema);
        this.records = schema.records().stream().map(record -> RecordLayout.of(record, encodings)).toList();
        records.forEach(layout -> byName.put(layout.record().name(), layout));
        this.fingerprints = new Fingerprints(schema, byName);
    }

    /** Lays out a schema the check stage passed: no errors, no cycles, every width known. */
    public static CodecModel of(Schema schema) {
        return new CodecModel(schema);
    }

    public Schema schema() {
        return schema;
    }

    /** The schema's enums, in its order. */
    public List<EnumType> enums() {
        return schema.enums();
    }

    /** The schema's unions, in its order; {@link #union} lays each out. */
    public List<UnionType> unions() {
        return schema.unions();
    }

    /** The layout of every record, in the schema's order. */
    public List<RecordLayout> records() {
        return records;
    }

    /**
     * The layouts of the records of package {@code packageName} that are not abstract, in the schema's order: those
     * a package's descriptor holds ({@link #descriptorOfAll}), which its generated {@code SdoDescriptors} embeds and
     * {@code sdoc}'s XML bindings of its records share.
     */
    public List<RecordLayout> packageRecords(String packageName) {
        return records.stream()
                .filter(l -> !l.record().isAbstract() && l.record().name().packageName().equals(packageName))
                .toList();
    }

    /** The layout of a record of the schema. */
    public RecordLayout record(QualifiedName name) {
        RecordLayout layout = byName.get(name);
        if (layout == null) {
            throw new IllegalArgumentException("no record " + name);
        }
        return layout;
    }

    /** The layout of a record of the schema. */
    public RecordLayout record(RecordType record) {
        return record(record.name());
    }

    /** How a field's values are stored. */
    public Encoding encoding(Field field) {
        return encodings.of(field);
    }

    /** The layout of a union of the schema. */
    public UnionLayout union(UnionType union) {
        return encodings.unionLayout(union);
    }

    /** The layout of the union of a schema named {@code name}: a declared one, or an abstract record's. */
    public UnionLayout union(QualifiedName name) {
        return encodings.unionLayout(schema.requireUnion(name));
    }

    /** The layout fingerprint of a record (its current version's), which its batches write into {@code .sdob} files. */
    public long fingerprint(QualifiedName record) {
        return fingerprints.of(record);
    }

    /**
     * What batch files of a record say they hold: its name, version, fingerprint and size, the fingerprint of each
     * version that added fields, and its schema descriptor ({@link #descriptor}). Its generated batch carries the
     * same, so that files written from the schema alone ({@code sdoc convert}) and by generated code are alike.
     */
    public RecordIdentity identity(RecordLayout layout) {
        QualifiedName name = layout.record().name();
        long[] versions = versionFingerprints(name);
        Map<Integer, Long> byVersion = new TreeMap<>();
        for (int i = 0; i < versions.length; i++) {
            byVersion.put(layout.versions().get(i), versions[i]);
        }
        return new RecordIdentity(name.toString(), layout.version(), fingerprint(name), layout.bytes(), byVersion)
                .withSchema(EmbeddedSchema.of(descriptor(layout)));
    }

    /**
     * The binary schema descriptor that batch files of the record carry (docs/batch-file-format.md): the record and
     * everything it references, as laid out here, from which a reader without generated code reads the records.
     */
    public byte[] descriptor(RecordLayout layout) {
        return SchemaDescriptors.of(this, layout);
    }

    /**
     * The descriptor of many records and everything they reference, from which the runtime's
     * {@code DescriptorClosure} takes each one's {@link #descriptor}: what the generated code of a package embeds once
     * for all its records.
     */
    public byte[] descriptorOfAll(List<RecordLayout> layouts) {
        return SchemaDescriptors.all(this, layouts);
    }

    /**
     * The layout fingerprint of version {@code version} (1..the record's version) of a record: the one code of two
     * schema versions compares, at the older of their versions, before reading the other's data.
     */
    public long fingerprint(QualifiedName record, int version) {
        return fingerprints.ofVersion(record, version);
    }

    /**
     * What a field's encoding means, as the fingerprint describes it ({@code int(0..9)}, {@code Side{BUY,SELL,}},
     * a nested record by its name and fingerprint): two schemas' fields whose texts differ store different things.
     */
    public String describe(QualifiedName record, Encoding encoding) {
        return fingerprints.describe(record, encoding);
    }

    /** The fingerprint of each of the record's versions that differ ({@link RecordLayout#versions()}), in order. */
    public long[] versionFingerprints(QualifiedName record) {
        return fingerprints.versions(record);
    }
}
