package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An SDO's serial form is its bytes, tied to its layout by the serialVersionUID. */
class SerialFormTest {
    private static final String V1 = """
            package serial;
            enum Period { D, W, M }
            record Reset { multiplier: int(1..31); period: Period; }
            """;

    private static long serialVersionUid(Generated generated) {
        return ObjectStreamClass.lookup(generated.type("serial.ResetSdo")).getSerialVersionUID();
    }

    private static Object reset(Generated generated, int multiplier, String period) {
        return generated.of("serial.Reset", generated.bean("serial.Reset", Map.of("multiplier", multiplier,
                "period", generated.enumConstant("serial.Period", period))));
    }

    @Test
    void theSerialVersionUidDependsOnTheLayoutOnly() {
        long v1 = serialVersionUid(Generated.compile(Map.of("s.sdo", V1)));

        String documented = V1.replace("record Reset", "/** Documented. */ @xml(name = \"reset\") record Reset");
        assertThat(serialVersionUid(Generated.compile(Map.of("other-name.sdo", documented)))).isEqualTo(v1);
        assertThat(serialVersionUid(Generated.compile(Map.of("s.sdo", V1.replace("1..31", "0..31"))))).isNotEqualTo(v1);
        assertThat(serialVersionUid(Generated.compile(Map.of("s.sdo", V1.replace("D, W, M", "D, W, Q")))))
                .isNotEqualTo(v1);
        assertThat(serialVersionUid(Generated.compile(Map.of("s.sdo", V1.replace("multiplier", "count")))))
                .isNotEqualTo(v1);
    }

    @Test
    void bytesSerialisedUnderAnotherLayoutAreRefused() throws IOException {
        Generated v1 = Generated.compile(Map.of("s.sdo", V1));
        Generated v2 = Generated.compile(Map.of("s.sdo", V1.replace("1..31", "0..31")));
        byte[] serialised = serialise(reset(v1, 6, "M"));

        assertThatThrownBy(() -> deserialise(serialised, v2)).isInstanceOf(InvalidClassException.class);
    }

    @Test
    void theSameLayoutCompiledAgainReadsTheBytes() throws IOException, ClassNotFoundException {
        Generated first = Generated.compile(Map.of("s.sdo", V1));
        Generated second = Generated.compile(Map.of("s.sdo", V1));

        Object copy = deserialise(serialise(reset(first, 6, "M")), second);

        assertThat(copy).isEqualTo(reset(second, 6, "M"));
    }

    @Test
    void aForgedSizeInTheSerialFormOfAVariableLengthRecordIsRefusedWithoutReservingIt() throws IOException {
        Generated notes = Generated.compile(Map.of("n.sdo", """
                package test.serial;
                record Note { id: uint32; title: string; }
                """));
        Object note = notes.of("test.serial.Note", notes.bean("test.serial.Note", Map.of("id", 7L, "title", "Zoë")));
        byte[] record = (byte[]) Generated.call(note, "toByteArray");
        byte[] form = serialise(note);
        // writeObject writes the record's size, then its bytes: claim 2 GiB instead.
        int at = indexOf(form, ByteBuffer.allocate(4 + record.length).putInt(record.length).put(record).array());
        assertThat(at).isPositive();
        ByteBuffer.wrap(form).putInt(at, 0x7FFF_FFF0);

        // Reading in pieces as the bytes arrive, it meets the stream's end long before 2 GiB.
        assertThatThrownBy(() -> deserialise(form, notes)).isInstanceOf(EOFException.class);

        ByteBuffer.wrap(form).putInt(at, record.length - 1);
        assertThatThrownBy(() -> deserialise(form, notes)).isInstanceOf(InvalidObjectException.class)
                .hasMessageContaining("Note");
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        return -1;
    }

    private static byte[] serialise(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        return bytes.toByteArray();
    }

    private static Object deserialise(byte[] bytes, Generated classes) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws ClassNotFoundException {
                return classes.type(desc.getName());
            }
        }) {
            return in.readObject();
        }
    }
}
