package dev.sdo.runtime.generic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.batch.EmbeddedSchema;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A record with variable-length data read by its descriptor alone: strings, a list of strings and a union behind its
 * slot, at the offsets docs/record-format.md gives; and any damaged byte of it is a {@link CorruptDataException}
 * naming what it hit, or values, never another exception.
 */
class GenericRecordDataTest {
    /**
     * {@code record R { id: uint8; name: string; tags: list<string>; pick: U optional; }} with {@code union U {
     * small: uint8; text: string; }}: id 0..7, name's slot 8..39, tags' slot 40..71, pick's tag 72..73, inline place
     * 74..81 and slot 82..113: 114 bits, 15 bytes.
     */
    static SchemaDescriptor schema() throws DescriptorException {
        return schema(DescriptorFormat.FIRST_VERSION, false);
    }

    /**
     * The schema above as a descriptor of {@code version} says it; in version 2, {@code pick} is optional when
     * {@code optionalPick}, required otherwise (version 1 does not say).
     */
    static SchemaDescriptor schema(int version, boolean optionalPick) throws DescriptorException {
        boolean second = version == DescriptorFormat.SECOND_VERSION;
        DescriptorOutput out = new DescriptorOutput().i64(1).i32(version).i32(0).i32(1).i32(1);
        out.string("com.example.R");
        if (second) {
            out.bool(false).i32(-1);
        }
        out.i32(1).i32(15).i64(114).i32(4);
        out.string("id").i32(1).i64(-1).i64(0).i64(-1).u8(DescriptorFormat.INT).u8(8).i64(0).i64(255).u8(0);
        out.string("name").i32(1).i64(-1).i64(8).i64(8).u8(DescriptorFormat.STRING).u8(0);
        out.string("tags").i32(1).i64(-1).i64(40).i64(40).u8(DescriptorFormat.LIST).u8(DescriptorFormat.STRING)
                .u8(0);
        out.string("pick").i32(1).i64(-1).i64(72).i64(82).u8(DescriptorFormat.UNION).i32(0).i64(42)
                .u8(second && optionalPick ? DescriptorFormat.FIELD_OPTIONAL : 0);
        out.string("com.example.U").bool(false).u8(2).i64(8).bool(true).i32(2);
        out.string("small");
        if (second) {
            out.i32(1);
        }
        out.bool(true).i64(8).u8(DescriptorFormat.INT).u8(8).i64(0).i64(255);
        out.string("text");
        if (second) {
            out.i32(2);
        }
        out.bool(false).i64(-1).u8(DescriptorFormat.STRING);
        return SchemaDescriptor.parse(EmbeddedSchema.of(out.toByteArray()));
    }

    @Test
    void aRequiredUnionHoldingNoAlternativeIsDamageWhereAVersionOneDescriptorReadsItAsAbsent()
            throws DescriptorException {
        ByteBuffer none = record();
        BitFields.write(none, 0, 72, 2, 0);
        GenericRecord required = GenericRecord.of(schema(DescriptorFormat.SECOND_VERSION, false)).moveTo(none, 0, 36);
        assertThat(required.descriptor().field(3).optional()).isFalse();
        assertThatThrownBy(() -> required.getUnion("pick")).isInstanceOf(CorruptDataException.class)
                .hasMessage("R.pick: stored tag 0 (no alternative) in a required union com.example.U");
        assertThatThrownBy(() -> required.has(3)).isInstanceOf(CorruptDataException.class);
        GenericRecord optional = GenericRecord.of(schema(DescriptorFormat.SECOND_VERSION, true)).moveTo(none, 0, 36);
        assertThat(optional.getUnion("pick")).isNull();
        GenericRecord first = GenericRecord.of(schema()).moveTo(none, 0, 36);
        assertThat(first.descriptor().field(3).optional()).isTrue();
        assertThat(first.getUnion("pick")).isNull();
        // Version 2 says which version added an alternative; the value reads alike.
        SchemaDescriptor second = schema(DescriptorFormat.SECOND_VERSION, false);
        assertThat(second.unions().get(0).alternatives()).extracting(UnionDescriptor.Alternative::since)
                .containsExactly(1, 2);
        assertThat(GenericRecord.of(second).moveTo(record(), 0, 36).getUnion("pick").value()).isEqualTo("xyz");
    }

    /** {@code R{id=7, name="hé", tags=["a", "bc"], pick=U{text="xyz"}}}: 15 + 3 + 15 + 3 = 36 bytes. */
    static ByteBuffer record() {
        ByteBuffer bytes = ByteBuffer.allocate(36).order(ByteOrder.LITTLE_ENDIAN);
        BitFields.write(bytes, 0, 0, 8, 7);
        BitFields.write(bytes, 0, 8, 32, 18);
        BitFields.write(bytes, 0, 40, 32, 33);
        BitFields.write(bytes, 0, 72, 2, 2);
        BitFields.write(bytes, 0, 82, 32, 36);
        bytes.put(15, "hé".getBytes(StandardCharsets.UTF_8));
        bytes.putInt(18, 2).putInt(22, 13).putInt(26, 15).put(30, "abc".getBytes(StandardCharsets.US_ASCII));
        bytes.put(33, "xyz".getBytes(StandardCharsets.US_ASCII));
        return bytes;
    }

    @Test
    void stringsAListAndAUnionAreReadFromTheirSlots() throws DescriptorException {
        GenericRecord record = GenericRecord.of(schema()).moveTo(record(), 0, 36);
        assertThat(record.byteSize()).isEqualTo(36);
        assertThat(record.getLong("id")).isEqualTo(7);
        assertThat(record.getString("name")).isEqualTo("hé");
        assertThat(record.getList("tags")).containsExactly("a", "bc");
        assertThat(record.alternative("pick")).isEqualTo(1);
        GenericUnion pick = record.getUnion("pick");
        assertThat(pick.name()).isEqualTo("text");
        assertThat(pick.value()).isEqualTo("xyz");
        assertThatThrownBy(() -> record.getLong("name")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("R.name is of type text: getLong reads integers");

        ByteBuffer small = record();
        BitFields.write(small, 0, 72, 2, 1);
        BitFields.write(small, 0, 74, 8, 200);
        BitFields.write(small, 0, 82, 32, 33);
        GenericRecord inline = GenericRecord.of(schema()).moveTo(small, 0, 33);
        assertThat(inline.getUnion("pick")).isEqualTo(new GenericUnion(0, "small", new FieldType.Int(8, 0, 255),
                200L));
        BitFields.write(small, 0, 72, 2, 0);
        assertThat(inline.has("pick")).isFalse();
        assertThat(inline.getUnion("pick")).isNull();
    }

    @Test
    void aSlotOutOfOrderIsDamageNamingItsField() throws DescriptorException {
        ByteBuffer bytes = record();
        BitFields.write(bytes, 0, 40, 32, 17);
        assertThatThrownBy(() -> GenericRecord.of(schema()).moveTo(bytes, 0, 36))
                .isInstanceOf(CorruptDataException.class).hasMessageStartingWith("R.tags: its data ends at byte 17, "
                        + "before it starts at byte 18");
    }

    @Test
    void everyFlippedByteIsDamageOrValues() throws DescriptorException {
        SchemaDescriptor schema = schema();
        for (int at = 0; at < 36; at++) {
            for (int flip : new int[] {0x01, 0x10, 0x80, 0xFF}) {
                ByteBuffer bytes = record();
                bytes.put(at, (byte) (bytes.get(at) ^ flip));
                try {
                    readAll(GenericRecord.of(schema).moveTo(bytes, 0, 36));
                } catch (CorruptDataException expected) {
                    assertThat(expected.getMessage()).as("byte %d ^ %d", at, flip).startsWith("R");
                }
            }
        }
    }

    @Test
    void aUint64DefaultWrittenSignedByEarlierCompilersReadsAsItsBits() throws DescriptorException {
        for (String written : new String[] {"-1", "18446744073709551615"}) {
            DescriptorOutput out = new DescriptorOutput().i64(1).i32(DescriptorFormat.FIRST_VERSION).i32(0).i32(1).i32(0);
            out.string("com.example.B").i32(1).i32(9).i64(65).i32(1);
            out.string("big").i32(1).i64(0).i64(1).i64(-1).u8(DescriptorFormat.UINT64).bool(true).string(written);
            GenericRecord record = GenericRecord.of(SchemaDescriptor.parse(EmbeddedSchema.of(out.toByteArray())))
                    .moveTo(ByteBuffer.allocate(9), 0);
            assertThat(record.getLong("big")).as(written).isEqualTo(-1L);
        }
    }

    /** Reads every value, into lists and unions. */
    private static void readAll(GenericRecord record) {
        for (int i = 0; i < record.descriptor().fields().size(); i++) {
            Object value = record.get(i);
            if (value instanceof List<?> list) {
                list.forEach(element -> { });
            }
        }
    }
}
