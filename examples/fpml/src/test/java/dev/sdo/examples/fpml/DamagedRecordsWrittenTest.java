package dev.sdo.examples.fpml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.generic.GenericList;
import dev.sdo.runtime.generic.GenericRecord;
import dev.sdo.runtime.generic.GenericUnion;
import dev.sdo.runtime.generic.RecordValues;
import dev.sdo.runtime.generic.SchemaDescriptor;
import dev.sdo.runtime.generic.XmlShapeBinding;
import dev.sdo.runtime.text.BadInputPolicy;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Published FpML documents' records with bytes flipped at random, written to XML from their bytes (the writer reads
 * nested records, lists and unions through views it moves from value to value, and values from the bytes): every
 * damaged record is written, or refused with a {@link CorruptDataException} naming a field (docs/record-format.md,
 * section 8.3), or with an {@link IllegalArgumentException} for a value its field cannot hold; never another
 * exception, never a read out of bounds. And the walk over the bytes writes what the same binding writes from the
 * record's values read one object per value ({@link GenericRecord#get}), or fails where reading them fails.
 */
class DamagedRecordsWrittenTest {
    private static final int DOCUMENTS = 12;
    private static final int SEEDS = 150;

    @Test
    void damagedRecordsAreWrittenAsTheirValuesOrRefusedAsDamage() throws IOException {
        ImportedDocuments model = ImportedDocuments.load();
        List<String> documents = PublishedExamples.all();
        int written = 0;
        int refused = 0;
        for (int d = 0; d < DOCUMENTS; d++) {
            String document = documents.get(d * documents.size() / DOCUMENTS);
            byte[] xml = PublishedExamples.document(document);
            XmlShapeBinding binding = model.rootOf(xml, document).binding();
            List<byte[]> encoded = new ArrayList<>();
            binding.readEncoded(new ByteArrayInputStream(xml), document, BadInputPolicy.FAIL,
                    (buffer, offset, size) -> {
                        byte[] copy = new byte[size];
                        buffer.get(offset, copy);
                        encoded.add(copy);
                    });
            assertThat(encoded).hasSize(1);
            byte[] record = encoded.get(0);
            for (long seed = 0; seed < SEEDS; seed++) {
                Random random = new Random(seed * 31 + d);
                byte[] damaged = record.clone();
                for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                    damaged[random.nextInt(damaged.length)] ^= (byte) (1 + random.nextInt(255));
                }
                String what = document + ", seed " + seed;
                Outcome walked = walk(binding, damaged);
                Outcome read = fromValues(binding, damaged);
                assertThat(walked.error == null ? null : walked.error.getClass()).as(what + ": " + walked.error)
                        .isIn(null, CorruptDataException.class, IllegalArgumentException.class);
                if (walked.error instanceof CorruptDataException corrupt) {
                    // Named by the record or field it hit: "Type.field: ..." or "Type: ...".
                    assertThat(corrupt.getMessage()).as(what).matches("(?s)[A-Za-z][A-Za-z0-9_]*[.:\\[].*");
                    assertThat(read.error).as(what + ": reading the values fails too").isNotNull();
                    refused++;
                } else if (walked.error == null) {
                    assertThat(read.error).as(what + ": the values read").isNull();
                    assertThat(walked.xml).as(what).isEqualTo(read.xml);
                    written++;
                }
            }
        }
        // Both ways are taken: damage found, and damage that still reads as values (a flipped digit, say).
        assertThat(written).isPositive();
        assertThat(refused).isPositive();
    }

    private record Outcome(String xml, RuntimeException error) {}

    /** The record written from its bytes, as {@code writeBatch} writes a batch. */
    private static Outcome walk(XmlShapeBinding binding, byte[] record) {
        try {
            GenericRecord cursor = binding.record(ByteBuffer.wrap(record), 0, record.length);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            binding.write(List.of(cursor), out);
            return new Outcome(out.toString(java.nio.charset.StandardCharsets.UTF_8), null);
        } catch (RuntimeException e) {
            return new Outcome(null, e);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** The record read into values, one object per value, and those written. */
    private static Outcome fromValues(XmlShapeBinding binding, byte[] record) {
        try {
            GenericRecord cursor = binding.record(ByteBuffer.wrap(record), 0, record.length);
            RecordValues values = (RecordValues) valuesOf(binding.schema(), cursor);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            binding.write(List.of(values), out);
            return new Outcome(out.toString(java.nio.charset.StandardCharsets.UTF_8), null);
        } catch (RuntimeException e) {
            return new Outcome(null, e);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** A value as {@link GenericRecord#get} gives it, with nested records, lists and unions read into values. */
    private static Object valuesOf(SchemaDescriptor schema, Object value) {
        if (value instanceof GenericRecord record) {
            RecordValues values = RecordValues.of(schema, schema.records().indexOf(record.descriptor()));
            for (int i = 0; i < record.descriptor().fields().size(); i++) {
                values.set(i, valuesOf(schema, record.get(i)));
            }
            return values;
        } else if (value instanceof GenericList list) {
            List<Object> items = new ArrayList<>();
            for (Object item : list) {
                items.add(valuesOf(schema, item));
            }
            return items;
        } else if (value instanceof GenericUnion union) {
            return new GenericUnion(union.alternative(), union.name(), union.type(), valuesOf(schema, union.value()));
        }
        return value;
    }
}
