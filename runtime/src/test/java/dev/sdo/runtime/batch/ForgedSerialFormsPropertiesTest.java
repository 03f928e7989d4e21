package dev.sdo.runtime.batch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.runtime.VariableData;
import dev.sdo.testing.PropertyRunner;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Java serial forms of batches and of records with variable-length data, their counts and sizes forged: read
 * back, each is refused with an {@link InvalidObjectException} or an {@link EOFException}, or gives records made of
 * the form's bytes, and none allocates more than a bound proportional to the bytes of the form, whatever it claims.
 */
class ForgedSerialFormsPropertiesTest {
    private static final long ALLOWANCE = 16L << 20;

    /** {@link ObjectInput} and {@link ObjectOutput} over data streams: the serial forms without Java's framing. */
    private static ObjectInput objectInput(byte[] bytes) {
        DataInputStream data = new DataInputStream(new ByteArrayInputStream(bytes));
        return (ObjectInput) Proxy.newProxyInstance(ObjectInput.class.getClassLoader(),
                new Class<?>[] {ObjectInput.class}, (proxy, method, args) -> {
                    try {
                        return DataInputStream.class.getMethod(method.getName(), method.getParameterTypes())
                                .invoke(data, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private static ObjectOutput objectOutput(ByteArrayOutputStream bytes) {
        DataOutputStream data = new DataOutputStream(bytes);
        return (ObjectOutput) Proxy.newProxyInstance(ObjectOutput.class.getClassLoader(),
                new Class<?>[] {ObjectOutput.class}, (proxy, method, args) -> DataOutputStream.class
                        .getMethod(method.getName(), method.getParameterTypes()).invoke(data, args));
    }

    @Test
    void aForgedCountOrRecordSizeOfABatchsSerialFormIsRefusedWithoutAllocatingItsClaim() {
        PropertyRunner.forAll(300, draw -> {
            List<byte[]> records = VariableTestRecords.records(draw.ints(0, 12), draw.ints(1, 40), draw.anyLong());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            StoreSerialization.write(VariableTestRecords.store(records, ChunkAllocation.HEAP, 1 << 20),
                    objectOutput(out));
            byte[] form = out.toByteArray();
            // The fields: the count at 0, then each record's size before its bytes.
            List<Integer> fields = new ArrayList<>(List.of(0));
            int at = 8;
            for (byte[] record : records) {
                fields.add(at);
                at += 4 + record.length;
            }
            int field = draw.of(fields.toArray(new Integer[0]));
            long value = draw.of(-1L, 0L, 5L, 0x7FFF_FFF0L, 1L << 30, (long) Integer.MAX_VALUE, Long.MAX_VALUE,
                    39_768_215L, records.size() + 1L);
            ByteBuffer forged = ByteBuffer.wrap(form.clone());
            if (field == 0) {
                forged.putLong(0, value);
            } else {
                forged.putInt(field, (int) value);
            }
            long before = Forge.allocatedBytes();
            try {
                VariableRecordStore read = StoreSerialization.readVariable(objectInput(forged.array()),
                        VariableTestRecords.MIN_BYTES);
                // The form has no checksum: a count or size forged lower re-reads the records' bytes otherwise
                // (and the records' own checks, as wrap's, judge them). Never more bytes than the form holds.
                assertThat(read.recordBytes()).isLessThanOrEqualTo(form.length);
                assertThat(read.size()).isLessThanOrEqualTo(form.length / 4);
            } catch (InvalidObjectException | EOFException refused) {
                assertThat(refused.getMessage() == null || !refused.getMessage().isBlank()).isTrue();
            }
            assertThat(Forge.allocatedBytes() - before).isLessThan(ALLOWANCE + 8L * form.length);
        });
    }

    /** A record that keeps its size in its first 4 bytes (little-endian), as a generated record its last end slot. */
    private static int sizeOf(ByteBuffer buffer, int offset) {
        return buffer.order(ByteOrder.LITTLE_ENDIAN).getInt(offset);
    }

    @Test
    void aRecordsSerialFormIsReadInPiecesAndCheckedAsWrapChecksARecord() {
        PropertyRunner.forAll(200, draw -> {
            int length = draw.ints(4, 300);
            byte[] record = draw.bytes(length, length);
            ByteBuffer.wrap(record).order(ByteOrder.LITTLE_ENDIAN).putInt(0, length);
            int claimed = draw.of(length, length, -1, 0, 3, length + 1, length - 1, 0x7FFF_FFF0, Integer.MAX_VALUE);
            long before = Forge.allocatedBytes();
            try {
                ByteBuffer read = VariableData.readSerialised("Note", objectInput(record), claimed, 4,
                        ForgedSerialFormsPropertiesTest::sizeOf);
                assertThat(claimed).isEqualTo(length);
                assertThat(read.array()).isEqualTo(record);
            } catch (InvalidObjectException refused) {
                assertThat(refused.getMessage()).startsWith("Note: damaged serial form: ");
                assertThat(claimed).isNotEqualTo(length);
            } catch (EOFException ended) {
                assertThat(claimed).isGreaterThan(length);
            }
            assertThat(Forge.allocatedBytes() - before).isLessThan(ALLOWANCE);
        });
    }
}
