package dev.sdo.runtime.generic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.batch.EmbeddedSchema;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * A version-3 descriptor of a compact record, made here as the compiler lays out section 8.2's {@code Person}: read,
 * written back by {@link DescriptorClosure}, used by {@link GenericWriter} and {@link GenericRecord} for the section's
 * bytes; and the descriptors a reader refuses (slot bits where there is no compact record, out of order, missing, in
 * a version-2 descriptor, a version it does not know).
 */
class CompactDescriptorTest {
    private static final HexFormat HEX = HexFormat.of().withUpperCase();

    /** What to change in the descriptor. */
    private enum Damage { NONE, NOT_COMPACT, SLOT_BIT_OUT_OF_ORDER, NO_SLOT_BIT, VERSION_2, VERSION_3, VERSION_4 }

    /**
     * {@code @compact record Person { id: int(0..1000); name: string; flag: bool; photo: bytes optional; note: string
     * optional; tail: uint8; }}: w in bits 0..1, slot bits 2..4, id 5..14, flag 15, tail 16..23.
     */
    private static byte[] person(Damage damage) {
        int version = damage == Damage.VERSION_2 ? DescriptorFormat.SECOND_VERSION
                : damage == Damage.VERSION_3 ? DescriptorFormat.THIRD_VERSION
                : damage == Damage.VERSION_4 ? DescriptorFormat.FOURTH_VERSION : DescriptorFormat.VERSION;
        DescriptorOutput out = new DescriptorOutput().i64(42).i32(version).i32(0).i32(1).i32(0);
        out.string("ex.Person").u8(damage == Damage.NOT_COMPACT ? 0 : DescriptorFormat.RECORD_COMPACT).i32(-1)
                .i32(1).i32(3).i64(24).i32(6);
        out.string("id").i32(1).i64(-1).i64(5).i64(-1).u8(DescriptorFormat.RANGE).i64(0).i64(1000).u8(10).u8(0);
        out.string("name").i32(1).i64(-1).i64(15).i64(-1).u8(DescriptorFormat.STRING)
                .u8(DescriptorFormat.FIELD_SLOT_BIT).i64(damage == Damage.SLOT_BIT_OUT_OF_ORDER ? 3 : 2);
        out.string("flag").i32(1).i64(-1).i64(15).i64(-1).u8(DescriptorFormat.BOOL).u8(0);
        out.string("photo").i32(1).i64(3).i64(16).i64(-1).u8(DescriptorFormat.BYTES)
                .u8(DescriptorFormat.FIELD_OPTIONAL | DescriptorFormat.FIELD_SLOT_BIT).i64(3);
        out.string("note").i32(1).i64(4).i64(16).i64(-1).u8(DescriptorFormat.STRING);
        if (damage == Damage.NO_SLOT_BIT) {
            out.u8(DescriptorFormat.FIELD_OPTIONAL);
        } else {
            out.u8(DescriptorFormat.FIELD_OPTIONAL | DescriptorFormat.FIELD_SLOT_BIT).i64(4);
        }
        out.string("tail").i32(1).i64(-1).i64(16).i64(-1).u8(DescriptorFormat.INT).u8(8).i64(0).i64(255).u8(0);
        return out.toByteArray();
    }

    @Test
    void aCompactRecordsDescriptorReadsWritesBackAndWritesAndReadsItsRecords() throws DescriptorException {
        SchemaDescriptor schema = SchemaDescriptor.parse(EmbeddedSchema.of(person(Damage.NONE)));
        assertThat(schema.version()).isEqualTo(5);
        RecordDescriptor person = schema.record();
        assertThat(person.isCompact()).isTrue();
        assertThat(person.isAbstract()).isFalse();
        assertThat(person.slotBits()).isEqualTo(3);
        assertThat(person.field(3).compactSlot()).isTrue();
        assertThat(person.field(3).slotIndex()).isEqualTo(1);
        assertThat(person.field(3).width()).isZero();
        assertThat(DescriptorClosure.of(schema, "ex.Person", 42)).isEqualTo(person(Damage.NONE));

        GenericWriter writer = GenericWriter.of(schema);
        RecordValues values = writer.newRecord().set("id", 999L).set("name", "Zoë 😀").set("flag", true)
                .set("photo", new byte[] {1, 2, 3, -1}).set("note", "hi").set("tail", 200L);
        assertThat(HEX.formatHex(writer.toByteArray(values))).isEqualTo("FCFCC80E125A6FC3AB20F09F9880010203FF6869");
        values.set("photo", null);
        byte[] bytes = writer.toByteArray(values);
        assertThat(HEX.formatHex(bytes)).isEqualTo("F4FCC80D5A6FC3AB20F09F98806869");
        // A compact record does not hold its size: the cursor is moved with it.
        assertThatThrownBy(() -> GenericRecord.of(schema).moveTo(ByteBuffer.wrap(bytes), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("with its size");
        GenericRecord record = GenericRecord.of(schema).moveTo(ByteBuffer.wrap(bytes), 0, bytes.length);
        assertThat(record.getString("name")).isEqualTo("Zoë 😀");
        assertThat(record.has("photo")).isFalse();
        assertThat(record.getString("note")).isEqualTo("hi");
        assertThat(record.getLong("tail")).isEqualTo(200);
        assertThat(record.byteSize()).isEqualTo(15);

        // An empty name, a required string, has slot bit 0, no slot and no data (section 8.1): note's data only,
        // and no slot at all, note being the last (and only) field with data.
        values.set("name", "");
        byte[] noName = writer.toByteArray(values);
        assertThat(HEX.formatHex(noName)).isEqualTo("F0FCC86869");
        GenericRecord empty = GenericRecord.of(schema).moveTo(ByteBuffer.wrap(noName), 0, noName.length);
        assertThat(empty.getString("name")).isEmpty();
        assertThat(empty.getString("note")).isEqualTo("hi");
        assertThat(empty.byteSize()).isEqualTo(5);
    }

    /**
     * Version 3's compact records held their last end slot, which version 4's do not (docs/record-format.md 8.2):
     * a version-3 descriptor of a compact record is refused, naming it, rather than its records misread.
     */
    @Test
    void aVersionThreeDescriptorOfACompactRecordIsRefused() {
        assertThatThrownBy(() -> SchemaDescriptor.parse(EmbeddedSchema.of(person(Damage.VERSION_3))))
                .isInstanceOf(DescriptorException.class)
                .hasMessageContaining("record ex.Person: a compact record of descriptor version 3")
                .hasMessageContaining("convert the data again");
    }

    @Test
    void descriptorsOfCompactRecordsThatNoWriterWritesAreRefused() {
        assertThatThrownBy(() -> SchemaDescriptor.parse(EmbeddedSchema.of(person(Damage.NOT_COMPACT))))
                .isInstanceOf(DescriptorException.class)
                .hasMessageContaining("field ex.Person.name: slot bit 2 in a record that is not compact");
        assertThatThrownBy(() -> SchemaDescriptor.parse(EmbeddedSchema.of(person(Damage.SLOT_BIT_OUT_OF_ORDER))))
                .isInstanceOf(DescriptorException.class).hasMessageContaining("field ex.Person.name: slot bit 3");
        assertThatThrownBy(() -> SchemaDescriptor.parse(EmbeddedSchema.of(person(Damage.NO_SLOT_BIT))))
                .isInstanceOf(DescriptorException.class).hasMessageContaining("field ex.Person.note at bit 16 "
                        + "(presence bit 4, slot -1, 32 bits, since 1) does not lie within the record's 24 bits");
        // Version 2 has no record flags (its abstract flag is 0 or 1) and no slot bits.
        assertThatThrownBy(() -> SchemaDescriptor.parse(EmbeddedSchema.of(person(Damage.VERSION_2))))
                .isInstanceOf(DescriptorException.class).hasMessageContaining("a flag of 2, expected 0 or 1");
        byte[] newer = person(Damage.NONE);
        newer[8] = 6;
        assertThatThrownBy(() -> SchemaDescriptor.parse(EmbeddedSchema.of(newer)))
                .isInstanceOf(DescriptorException.class)
                .hasMessageContaining("descriptor version 6; this runtime reads versions 1 to 5");
    }
}
