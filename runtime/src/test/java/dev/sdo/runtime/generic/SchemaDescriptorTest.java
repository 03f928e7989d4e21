package dev.sdo.runtime.generic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.batch.EmbeddedSchema;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.LocalDate;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The runtime reads a descriptor by itself: a valid one gives the record's fields and reads values from their bits;
 * any other bytes (every flipped byte, every truncation of a small one) are a {@link DescriptorException} or a valid
 * descriptor, never another exception.
 */
class SchemaDescriptorTest {
    private static final long FINGERPRINT = 0x1122_3344_5566_7788L;

    /**
     * {@code record T { id: uint8; side: Side optional; price: decimal(5, 2); day: date(2000-01-01..2000-12-31);
     * code: char(2, "A-C"); tags: list<int(0..9)>; }}: 8 + 1 + 2 + 18 + 9 + 4 + 32 bits.
     */
    private static byte[] descriptor() {
        DescriptorOutput out = new DescriptorOutput().i64(FINGERPRINT).i32(DescriptorFormat.FIRST_VERSION)
                .i32(1).i32(1).i32(0);
        out.string("com.example.Side").i32(3).string("Buy").string("Sell").string("Cross");
        out.string("com.example.T").i32(1).i32(10).i64(74).i32(6);
        out.string("id").i32(1).i64(-1).i64(0).i64(-1).u8(DescriptorFormat.INT).u8(8).i64(0).i64(255).bool(false);
        out.string("side").i32(1).i64(8).i64(9).i64(-1).u8(DescriptorFormat.ENUM).i32(0).u8(2).bool(false);
        out.string("price").i32(1).i64(-1).i64(11).i64(-1).u8(DescriptorFormat.DECIMAL).bool(true).u8(5).u8(2)
                .u8(18).bool(false);
        out.string("day").i32(1).i64(-1).i64(29).i64(-1).u8(DescriptorFormat.DATE)
                .i64(LocalDate.of(2000, 1, 1).toEpochDay()).i64(LocalDate.of(2000, 12, 31).toEpochDay()).u8(9)
                .bool(false);
        out.string("code").i32(1).i64(-1).i64(38).i64(-1).u8(DescriptorFormat.CHARS).i32(2).u8(2).string("ABC")
                .bool(false);
        out.string("tags").i32(1).i64(-1).i64(42).i64(42).u8(DescriptorFormat.LIST).u8(DescriptorFormat.RANGE)
                .i64(0).i64(9).u8(4).bool(false);
        return out.toByteArray();
    }

    @Test
    void aDescriptorGivesTheFieldsAndAFlatRecordReadsItsValues() throws DescriptorException {
        SchemaDescriptor schema = SchemaDescriptor.parse(EmbeddedSchema.of(descriptor()));
        RecordDescriptor record = schema.record();
        assertThat(record.name()).isEqualTo("com.example.T");
        assertThat(record.fields()).extracting(FieldDescriptor::name)
                .containsExactly("id", "side", "price", "day", "code", "tags");
        assertThat(record.indexOf("day")).isEqualTo(3);
        assertThat(record.field(5).type()).isEqualTo(new FieldType.ListOf(new FieldType.Range(0, 9, 4)));

        ByteBuffer bytes = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        BitFields.write(bytes, 0, 0, 8, 200);
        BitFields.write(bytes, 0, 8, 1, 1);
        BitFields.write(bytes, 0, 9, 2, 2);
        BitFields.write(bytes, 0, 11, 18, 99_999 - 1_250);
        BitFields.write(bytes, 0, 29, 9, 59);
        BitFields.write(bytes, 0, 38, 4, 3 | 1 << 2);
        // tags = [3, 9, 0]: its count and three 4-bit values after the 10 fixed bytes, its end slot 16.
        BitFields.write(bytes, 0, 42, 32, 16);
        bytes.putInt(10, 3).put(14, (byte) (3 | 9 << 4)).put(15, (byte) 0);
        GenericRecord generic = GenericRecord.of(schema).moveTo(bytes, 0);
        assertThat(generic.byteSize()).isEqualTo(16);
        assertThat(generic.getList("tags")).containsExactly(3L, 9L, 0L);
        assertThat(generic.getList("tags").getLong(1)).isEqualTo(9);
        assertThat(generic.getLong("id")).isEqualTo(200);
        assertThat(generic.getString("side")).isEqualTo("Cross");
        assertThat(generic.getLong("side")).isEqualTo(2);
        assertThat(generic.getDecimal("price")).isEqualTo(new BigDecimal("-12.50"));
        assertThat(generic.getLong("price")).isEqualTo(-1250);
        assertThat(generic.getDate("day")).isEqualTo(LocalDate.of(2000, 2, 29));
        assertThat(generic.getString("code")).isEqualTo("CA");
        assertThatThrownBy(() -> generic.getDate("id")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("T.id is of type int: getDate reads a date");
        assertThatThrownBy(() -> generic.get("nope")).hasMessage("T has no field nope");
        BitFields.write(bytes, 0, 9, 2, 3);
        assertThatThrownBy(() -> generic.getLong("side")).isInstanceOf(CorruptDataException.class)
                .hasMessage("T.side: stored number 3 is beyond 2, the largest its type stores");
        BitFields.write(bytes, 0, 8, 1, 0);
        assertThat(generic.has("side")).isFalse();
        assertThat(generic.get("side")).isNull();
    }

    @Test
    void everyFlippedByteIsADescriptorExceptionOrAValidDescriptor() {
        byte[] valid = descriptor();
        for (int at = Long.BYTES; at < valid.length; at++) {
            for (int flip : new int[] {0x01, 0x80, 0xFF}) {
                byte[] damaged = valid.clone();
                damaged[at] ^= (byte) flip;
                parses(damaged, "byte " + at + " ^ " + flip);
            }
        }
    }

    @Test
    void everyTruncationIsADescriptorException() {
        byte[] valid = descriptor();
        for (int length = Long.BYTES; length < valid.length; length++) {
            byte[] cut = Arrays.copyOf(valid, length);
            assertThatThrownBy(() -> SchemaDescriptor.parse(EmbeddedSchema.of(cut))).as("%d bytes", length)
                    .isInstanceOf(DescriptorException.class);
        }
    }

    /** Parses {@code bytes}: a valid descriptor, whose records a reader is made for, or a DescriptorException. */
    private static void parses(byte[] bytes, String what) {
        try {
            SchemaDescriptor schema = SchemaDescriptor.parse(EmbeddedSchema.of(bytes));
            GenericRecord.of(schema);
        } catch (DescriptorException expected) {
            assertThat(expected.getMessage()).as(what).startsWith("schema descriptor byte offset ");
        } catch (RuntimeException e) {
            throw new AssertionError(what + ": " + e, e);
        }
    }
}
