package dev.sdo.compiler.layout;

import dev.sdo.compiler.model.EnumType.EnumConstant;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.Schema;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A 64-bit fingerprint of what a record's bytes mean: every field's name, type, offset and width, nested records
 * and enum constants included, and nothing else (no positions, docs or annotations). An SDO uses it as its
 * {@code serialVersionUID} and its batch files carry it, so that bytes written under one layout are refused, not
 * misread, under another. Version v of a record with {@code @since} fields has the fingerprint of the fields with
 * {@code since <= v}: code of two schema versions can read each other's data when the fingerprints of the older
 * version agree.
 */
final class Fingerprints {
    private static final long FNV_OFFSET_BASIS = 0xCBF2_9CE4_8422_2325L;
    private static final long FNV_PRIME = 0x100_0000_01B3L;

    private final Schema schema;
    private final Map<QualifiedName, RecordLayout> layouts;
    private final Map<QualifiedName, Long> fingerprints = new HashMap<>();

    Fingerprints(Schema schema, Map<QualifiedName, RecordLayout> layouts) {
        this.schema = schema;
        this.layouts = layouts;
    }

    /**
     * The fingerprint of a record. A nested record enters by its own fingerprint, computed once, so that the work
     * stays linear however deep and wide records nest.
     */
    long of(QualifiedName record) {
        Long known = fingerprints.get(record);
        if (known != null) {
            return known;
        }
        long fingerprint = hash(describe(layouts.get(record)) + cycleDescription(record));
        fingerprints.put(record, fingerprint);
        return fingerprint;
    }

    /** The fingerprint of each of the record's {@link RecordLayout#versions()}, in that order. */
    long[] versions(QualifiedName record) {
        RecordLayout layout = layouts.get(record);
        List<Integer> versions = layout.versions();
        long[] result = new long[versions.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = ofVersion(record, versions.get(i));
        }
        return result;
    }

    /** The fingerprint of version {@code version} of the record (1..its version): of the fields it had. */
    long ofVersion(QualifiedName record, int version) {
        RecordLayout layout = layouts.get(record);
        return version == layout.version() ? of(record)
                : hash(describe(layout.upTo(version)) + cycleDescription(record));
    }

    /**
     * The canonical text of an encoding of a field of {@code record}, as the fingerprint hashes it: what tells two
     * schemas' fields apart, for messages that name the difference ({@code int(0..9)}, {@code Side{BUY,SELL,}}).
     */
    String describe(QualifiedName record, Encoding encoding) {
        StringBuilder text = new StringBuilder();
        encoding.accept(new Description(record, text));
        return text.toString();
    }

    /**
     * For a recursive record, the description of its whole cycle (every record in it, by name order), in which the
     * records of the cycle refer to each other by name: so that a change anywhere in the cycle changes every one of
     * their fingerprints, whichever is computed first. Empty for any other record.
     */
    private String cycleDescription(QualifiedName record) {
        StringBuilder text = new StringBuilder();
        for (QualifiedName member : schema.containment().cycleOf(record)) {
            text.append(describe(layouts.get(member)));
        }
        return text.toString();
    }

    private static long hash(String description) {
        long hash = FNV_OFFSET_BASIS;
        for (byte b : description.getBytes(StandardCharsets.UTF_8)) {
            hash = (hash ^ (b & 0xFF)) * FNV_PRIME;
        }
        return hash;
    }

    /** The canonical description the fingerprint hashes. */
    private String describe(RecordLayout layout) {
        QualifiedName record = layout.record().name();
        // A compact record's slot table is part of its layout: said explicitly, not only through its offsets; "3" since
        // its strings may be references to earlier ones (docs/record-format.md 8.6), "2" since its records do not hold
        // their last end slot (8.2): code of an earlier layout refuses its data rather than misread it.
        StringBuilder text = new StringBuilder(record.toString()).append(layout.compact() ? "@compact3" : "")
                .append('{');
        for (FieldLayout field : layout.fields()) {
            text.append(field.field().layoutName())
                    .append(field.optional() ? "?" : "")
                    .append(field.field().defaultValue() == null ? "" : "=" + field.field().defaultValue().text())
                    .append('@').append(field.offset()).append('+').append(field.width()).append(':');
            field.encoding().accept(new Description(record, text));
            text.append(';');
        }
        return text.append('}').toString();
    }

    /** Appends an encoding as a field of {@code record}: a record of {@code record}'s own cycle by its name only. */
    private final class Description implements Encoding.Visitor<StringBuilder> {
        private final QualifiedName record;
        private final StringBuilder text;

        Description(QualifiedName record, StringBuilder text) {
            this.record = record;
            this.text = text;
        }

        @Override
        public StringBuilder bool(Encoding.Bool encoding) {
            return text.append("bool");
        }

        @Override
        public StringBuilder integer(Encoding.Int encoding) {
            return text.append(encoding.kind().schemaName());
        }

        @Override
        public StringBuilder range(Encoding.Range encoding) {
            return text.append("int(").append(encoding.lo()).append("..").append(encoding.hi()).append(')');
        }

        @Override
        public StringBuilder floating(Encoding.Floating encoding) {
            return text.append("float").append(encoding.bits());
        }

        @Override
        public StringBuilder decimal(Encoding.Decimal encoding) {
            return text.append(encoding.signed() ? "decimal(" : "udecimal(").append(encoding.precision()).append(',')
                    .append(encoding.scale()).append(')');
        }

        @Override
        public StringBuilder date(Encoding.Date encoding) {
            return text.append("date(").append(encoding.lo()).append("..").append(encoding.hi()).append(')');
        }

        @Override
        public StringBuilder time(Encoding.Time encoding) {
            // A plain time's text is what it always was, so that its fingerprint stays the same.
            return encoding.millis() ? text.append("time") : text.append("time(").append(encoding.precision().symbol())
                    .append(')');
        }

        @Override
        public StringBuilder timestamp(Encoding.Timestamp encoding) {
            if (encoding.plain()) {
                // As it always was, so that a plain timestamp's fingerprint stays the same.
                return text.append("timestamp");
            }
            text.append(encoding.local() ? "localtimestamp(" : "timestamp(").append(encoding.precision().symbol());
            if (encoding.bounded()) {
                text.append(',').append(encoding.lo()).append("..").append(encoding.hi());
            }
            return text.append(')');
        }

        @Override
        public StringBuilder chars(Encoding.Chars encoding) {
            return text.append("char(").append(encoding.length()).append(",\"").append(encoding.alphabet())
                    .append("\")");
        }

        @Override
        public StringBuilder enumeration(Encoding.Enumeration encoding) {
            text.append(encoding.type().name()).append('{');
            // Its first version's constants: those added later (@since) keep the enum's bits (the checker sees to
            // it), so data of every version reads alike, and an ordinal a reader does not know is refused where read.
            for (EnumConstant constant : encoding.type().firstConstants()) {
                text.append(constant.name()).append(',');
            }
            return text.append('}');
        }

        @Override
        public StringBuilder record(Encoding.Nested encoding) {
            QualifiedName nested = encoding.record().name();
            return schema.containment().cycleOf(record).contains(nested) ? text.append(nested).append("#cycle")
                    : text.append(nested).append('#').append(Long.toHexString(of(nested)));
        }

        @Override
        public StringBuilder string(Encoding.Text encoding) {
            return text.append("string");
        }

        @Override
        public StringBuilder bytes(Encoding.Blob encoding) {
            return text.append("bytes");
        }

        @Override
        public StringBuilder list(Encoding.ListOf encoding) {
            text.append("list<");
            encoding.element().accept(this);
            return text.append('>');
        }

        @Override
        public StringBuilder union(Encoding.Union encoding) {
            // Its first version's alternatives: those added later keep the union's bits (the checker sees to it), so
            // data of every version reads alike, and a tag a reader does not know is refused where it is read.
            text.append("union ").append(encoding.union().name()).append('{');
            for (UnionLayout.AlternativeLayout alternative : encoding.layout().alternatives()) {
                if (alternative.field().since() > 1) {
                    continue;
                }
                text.append(alternative.field().name()).append(':');
                alternative.encoding().accept(this);
                text.append(';');
            }
            return text.append('}');
        }

        @Override
        public StringBuilder bigDecimal(Encoding.AnyDecimal encoding) {
            return text.append("decimal");
        }

        @Override
        public StringBuilder bigInteger(Encoding.AnyInteger encoding) {
            return text.append("integer");
        }
    }
}
