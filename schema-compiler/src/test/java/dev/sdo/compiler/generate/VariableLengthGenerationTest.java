package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CorruptDataException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code string} and {@code bytes} fields, checked against docs/record-format.md: a 32-bit end slot in the fixed
 * part at the field's place, the data after the fixed part in declaration order, an absent optional field's slot
 * holding its start.
 */
class VariableLengthGenerationTest {
    private static final String PERSON = "test.var.Person";

    // id 0..9, name slot 10..41, flag 42, photo presence 43 slot 44..75, note presence 76 slot 77..108,
    // tail 109..116: 117 bits, 15 bytes.
    private static final String SCHEMA = """
            package test.var;
            record Person {
                id:    int(0..1000);
                name:  string;
                flag:  bool;
                photo: bytes optional;
                note:  string optional;
                tail:  uint8;
            }
            """;
    private static final int FIXED_BYTES = 15;

    private static Generated generated;

    @BeforeAll
    static void compile() {
        generated = Generated.compile(Map.of("person.sdo", SCHEMA));
    }

    private static Object person(String name, byte[] photo, String note) {
        Map<String, Object> values = new HashMap<>();
        values.put("id", 999);
        values.put("name", name);
        values.put("flag", true);
        values.put("photo", photo);
        values.put("note", note);
        values.put("tail", 200);
        return generated.bean(PERSON, values);
    }

    private static byte[] bytesOf(Object sdo) {
        return (byte[]) Generated.call(sdo, "toByteArray");
    }

    @Test
    void fixedFieldsKeepTheirOffsetsAndDataFollowsTheFixedPartInDeclarationOrder() {
        String name = "Zoë 😀";
        byte[] photo = {1, 2, 3, -1};
        String note = "hi";
        ByteBuffer record = ByteBuffer.wrap(bytesOf(generated.of(PERSON, person(name, photo, note))));
        int nameLength = name.getBytes(StandardCharsets.UTF_8).length;

        assertThat(generated.bytes(PERSON)).isEqualTo(FIXED_BYTES);
        assertThat(nameLength).isEqualTo(9);
        assertThat(record.limit()).isEqualTo(FIXED_BYTES + 9 + 4 + 2);
        assertThat(BitFields.read(record, 0, 0, 10)).isEqualTo(999);
        assertThat(BitFields.read(record, 0, 10, 32)).isEqualTo(FIXED_BYTES + 9);
        assertThat(BitFields.read(record, 0, 42, 1)).isEqualTo(1);
        assertThat(BitFields.read(record, 0, 43, 1)).isEqualTo(1);
        assertThat(BitFields.read(record, 0, 44, 32)).isEqualTo(FIXED_BYTES + 9 + 4);
        assertThat(BitFields.read(record, 0, 76, 1)).isEqualTo(1);
        assertThat(BitFields.read(record, 0, 77, 32)).isEqualTo(FIXED_BYTES + 9 + 4 + 2);
        assertThat(BitFields.read(record, 0, 109, 8)).isEqualTo(200);
        assertThat(BitFields.read(record, 0, 117, 3)).as("padding of the fixed part").isZero();
        byte[] data = new byte[record.limit() - FIXED_BYTES];
        record.get(FIXED_BYTES, data);
        ByteBuffer expected = ByteBuffer.allocate(data.length)
                .put(name.getBytes(StandardCharsets.UTF_8)).put(photo).put(note.getBytes(StandardCharsets.UTF_8));
        assertThat(data).isEqualTo(expected.array());
    }

    @Test
    void anAbsentOptionalFieldHasNoDataAndItsSlotHoldsItsStart() {
        ByteBuffer record = ByteBuffer.wrap(bytesOf(generated.of(PERSON, person("ab", null, "c"))));

        assertThat(record.limit()).isEqualTo(FIXED_BYTES + 3);
        assertThat(BitFields.read(record, 0, 43, 1)).isZero();
        assertThat(BitFields.read(record, 0, 44, 32)).isEqualTo(FIXED_BYTES + 2);
        assertThat(BitFields.read(record, 0, 77, 32)).isEqualTo(FIXED_BYTES + 3);
    }

    @Test
    void gettersReadBackEveryValue() {
        byte[] photo = {9, 8, 7};
        Object sdo = generated.of(PERSON, person("Ünïcødé ✓ 𝄞", photo, ""));

        assertThat(Generated.call(sdo, "getName")).isEqualTo("Ünïcødé ✓ 𝄞");
        assertThat((byte[]) Generated.call(sdo, "getPhoto")).containsExactly(9, 8, 7);
        assertThat(Generated.call(sdo, "hasPhoto")).isEqualTo(true);
        assertThat(Generated.call(sdo, "getNote")).isEqualTo("");
        assertThat(Generated.call(sdo, "hasNote")).isEqualTo(true);
        assertThat(Generated.call(sdo, "getId")).isEqualTo(999);
        assertThat(Generated.call(sdo, "isFlag")).isEqualTo(true);
        assertThat(Generated.call(sdo, "getTail")).isEqualTo(200);

        Object absent = generated.of(PERSON, person("", null, null));
        assertThat(Generated.call(absent, "getPhoto")).isNull();
        assertThat(Generated.call(absent, "getPhotoBuffer")).isNull();
        assertThat(Generated.call(absent, "getNote")).isNull();
        assertThat(Generated.call(absent, "hasNote")).isEqualTo(false);
        assertThat(Generated.call(absent, "getName")).isEqualTo("");
        assertThat(Generated.call(absent, "byteSize")).isEqualTo(FIXED_BYTES);
    }

    @Test
    void bufferViewsAreReadOnlyAndCopyNothing() {
        Object sdo = generated.of(PERSON, person("name", new byte[] {5, 6}, null));
        ByteBuffer photo = (ByteBuffer) Generated.call(sdo, "getPhotoBuffer");
        ByteBuffer name = (ByteBuffer) Generated.call(sdo, "getNameBuffer");

        assertThat(photo.isReadOnly()).isTrue();
        assertThat(photo.position()).isZero();
        assertThat(photo.remaining()).isEqualTo(2);
        assertThat(photo.get(0)).isEqualTo((byte) 5);
        assertThat(photo.get(1)).isEqualTo((byte) 6);
        assertThat(StandardCharsets.UTF_8.decode(name).toString()).isEqualTo("name");
        // A view, not a copy: a change to the record's buffer shows through it.
        ByteBuffer backing = ByteBuffer.wrap(bytesOf(sdo));
        Object wrapped = generated.wrap(PERSON, backing, 0);
        ByteBuffer view = (ByteBuffer) Generated.call(wrapped, "getPhotoBuffer");
        backing.put(FIXED_BYTES + 4, (byte) 42);
        assertThat(view.get(0)).isEqualTo((byte) 42);
    }

    @Test
    void wrapReadsTheSizeFromTheRecordAtAnyOffset() {
        byte[] record = bytesOf(generated.of(PERSON, person("abc", new byte[] {1}, "xyz")));
        ByteBuffer buffer = ByteBuffer.allocateDirect(100);
        buffer.put(17, record);
        buffer.put(17 + record.length, (byte) 0x7F);

        Object wrapped = generated.wrap(PERSON, buffer, 17);

        assertThat(generated.callStatic(PERSON + "Sdo", "sizeOf", buffer, 17)).isEqualTo(record.length);
        assertThat(Generated.call(wrapped, "byteSize")).isEqualTo(record.length);
        assertThat(Generated.call(wrapped, "getNote")).isEqualTo("xyz");
        assertThat(bytesOf(wrapped)).isEqualTo(record);
        assertThat(wrapped).isEqualTo(generated.of(PERSON, person("abc", new byte[] {1}, "xyz")));
        assertThat(wrapped.hashCode())
                .isEqualTo(generated.of(PERSON, person("abc", new byte[] {1}, "xyz")).hashCode());
        assertThat(wrapped).isNotEqualTo(generated.of(PERSON, person("abc", new byte[] {1}, "xy")));
    }

    @Test
    void aRecordWhoseDataRunsBeyondTheBufferIsRefused() {
        byte[] record = bytesOf(generated.of(PERSON, person("abc", null, "xyz")));
        ByteBuffer truncated = ByteBuffer.wrap(record, 0, record.length - 1).slice();

        assertThatThrownBy(() -> generated.wrap(PERSON, truncated, 0))
                .isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("Person");
    }

    @Test
    void slotsThatContradictEachOtherOrTheBufferAreCorruptData() {
        ByteBuffer record = ByteBuffer.wrap(bytesOf(generated.of(PERSON, person("abcdef", new byte[] {1}, "xyz"))));
        Object sdo = generated.wrap(PERSON, record, 0);
        BitFields.write(record, 0, 10, 32, FIXED_BYTES + 8); // name now ends after photo's end
        BitFields.write(record, 0, 77, 32, FIXED_BYTES + 100); // note ends beyond the buffer

        assertThat(Generated.call(sdo, "getName")).as("name now takes photo's byte and note's first")
                .isEqualTo("abcdef\u0001x");
        assertThatThrownBy(() -> Generated.call(sdo, "getPhoto"))
                .isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("Person.photo");
        assertThatThrownBy(() -> Generated.call(sdo, "getNote"))
                .isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("Person.note");
    }

    @Test
    void valuesUtf8CannotHoldAndMissingRequiredValuesAreRefusedByName() {
        assertThatThrownBy(() -> generated.of(PERSON, person("bad \uD800 text", null, null)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Person.name")
                .hasMessageContaining("unpaired surrogate");
        assertThatThrownBy(() -> generated.of(PERSON, person(null, null, null)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Person.name");
    }

    @Test
    void beansToStringAndSerialisationCarryTheData() throws IOException, ClassNotFoundException {
        Object bean = person("n", new byte[] {1, 2}, "note");
        Object sdo = generated.of(PERSON, bean);

        assertThat(Generated.call(sdo, "toBean")).isEqualTo(bean);
        assertThat(person("n", new byte[] {1, 2}, "note").hashCode()).isEqualTo(bean.hashCode());
        assertThat(sdo.toString()).contains("photo=[1, 2]").contains("name=n");
        assertThat(bean.toString()).isEqualTo(sdo.toString());

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ObjectOutputStream objects = new ObjectOutputStream(out)) {
            objects.writeObject(sdo);
        }
        Object copy;
        try (ObjectInputStream objects = new ObjectInputStream(new ByteArrayInputStream(out.toByteArray())) {
            @Override
            protected Class<?> resolveClass(java.io.ObjectStreamClass desc) throws ClassNotFoundException {
                return Class.forName(desc.getName(), false, generated.type(PERSON).getClassLoader());
            }
        }) {
            copy = objects.readObject();
        }
        assertThat(copy).isEqualTo(sdo);
        assertThat(Generated.call(copy, "getNote")).isEqualTo("note");
    }

    @Test
    void encodeWritesAtAnOffsetAndReturnsTheSize() {
        Object bean = person("abc", new byte[] {4}, null);
        int size = (int) generated.callStatic(PERSON + "Sdo", "encodedSize", bean);
        ByteBuffer buffer = ByteBuffer.allocate(size + 5);

        Object written = generated.callStatic(PERSON + "Sdo", "encode", bean, buffer, 5);

        assertThat(written).isEqualTo(size);
        assertThat(size).isEqualTo(FIXED_BYTES + 3 + 1);
        assertThat(Generated.call(generated.wrap(PERSON, buffer, 5), "getName")).isEqualTo("abc");
    }
}
