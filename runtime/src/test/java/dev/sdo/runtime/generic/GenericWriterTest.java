package dev.sdo.runtime.generic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.batch.VariableRecordStore;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The generic writer on the record of {@link GenericRecordDataTest}: the bytes docs/record-format.md gives, and the
 * refusals that have no generated counterpart (a value of another Java type, a union alternative the union lacks, a
 * constant the enum lacks), each naming the field; a refused record leaves a store as it was. What the generated code
 * also refuses is compared with its messages by the random-schema property (schema-compiler's
 * {@code GenericWriterChecks}).
 */
class GenericWriterTest {

    private static RecordValues record(GenericWriter writer) {
        UnionDescriptor union = writer.schema().unions().get(0);
        return writer.newRecord().set("id", 7L).set("name", "hé").set("tags", List.of("a", "bc"))
                .set("pick", GenericUnion.of(union, 1, "xyz"));
    }

    @Test
    void writesTheBytesTheReaderReads() throws DescriptorException {
        GenericWriter writer = GenericWriter.of(GenericRecordDataTest.schema());
        RecordValues values = record(writer);
        assertThat(writer.encodedSize(values)).isEqualTo(36);
        assertThat(writer.toByteArray(values)).isEqualTo(GenericRecordDataTest.record().array());

        values.set("pick", GenericUnion.of(writer.schema().unions().get(0), 0, 200));
        GenericRecord read = GenericRecord.of(writer.schema()).moveTo(java.nio.ByteBuffer.wrap(
                writer.toByteArray(values)), 0);
        assertThat(read.byteSize()).isEqualTo(33);
        assertThat(read.getUnion("pick").value()).isEqualTo(200L);
        values.set("pick", null);
        assertThat(GenericRecord.of(writer.schema()).moveTo(java.nio.ByteBuffer.wrap(writer.toByteArray(values)), 0)
                .has("pick")).isFalse();
    }

    @Test
    void aValueThatWritesAnotherRecordOnTheSameThreadDoesNotOverwriteTheRecordBeingWritten()
            throws DescriptorException {
        GenericWriter writer = GenericWriter.of(GenericRecordDataTest.schema());
        byte[] expected = writer.toByteArray(record(writer));
        RecordValues other = record(writer).set("name", "another record, written while the first one is")
                .set("tags", List.of("x", "yz", "longer than the first record's tags"));
        byte[] otherBytes = writer.toByteArray(other);
        List<byte[]> writtenInside = new java.util.ArrayList<>();
        // A list that writes a record each time an element is read: as a lazy list over a data source might.
        List<String> tags = new java.util.AbstractList<>() {
            @Override
            public String get(int index) {
                writtenInside.add(writer.toByteArray(other));
                return List.of("a", "bc").get(index);
            }

            @Override
            public int size() {
                return 2;
            }
        };
        assertThat(writer.toByteArray(record(writer).set("tags", tags))).isEqualTo(expected);
        assertThat(writtenInside).isNotEmpty().allSatisfy(bytes -> assertThat(bytes).isEqualTo(otherBytes));
        VariableRecordStore store = VariableRecordStore.heap(writer.record().fixedBytes());
        writer.append(record(writer).set("tags", tags), store);
        byte[] stored = new byte[store.recordSize(0)];
        store.chunkOf(0).get(store.offsetOf(0), stored);
        assertThat(stored).isEqualTo(expected);
    }

    @Test
    void refusesValuesOfAnotherJavaTypeNamingTheFieldAndTheTypes() throws DescriptorException {
        GenericWriter writer = GenericWriter.of(GenericRecordDataTest.schema());
        assertThatThrownBy(() -> writer.toByteArray(record(writer).set("id", "7")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("R.id: uint8 takes a Long (or an Integer, Short, Byte or BigInteger), not a "
                        + "java.lang.String (7)");
        assertThatThrownBy(() -> writer.toByteArray(record(writer).set("name", 12L)))
                .hasMessage("R.name: string takes a String, not a java.lang.Long (12)");
        assertThatThrownBy(() -> writer.toByteArray(record(writer).set("tags", "a")))
                .hasMessage("R.tags: list<string> takes a java.util.List, not a java.lang.String (a)");
        assertThatThrownBy(() -> writer.toByteArray(record(writer).set("tags", List.of("a", 2L))))
                .hasMessage("R.tags[1]: string takes a String, not a java.lang.Long (2)");
        assertThatThrownBy(() -> writer.toByteArray(record(writer).set("pick", "xyz")))
                .hasMessage("R.pick: U takes a GenericUnion, not a java.lang.String (xyz)");
        assertThatThrownBy(() -> writer.toByteArray(record(writer).set("pick", new GenericUnion(1, "small",
                new FieldType.Text(), "xyz"))))
                .hasMessage("R.pick: union U has no alternative 1 named small; its alternatives: small, text");
    }

    @Test
    void refusesWhatGeneratedCodeRefusesWithItsMessages() throws DescriptorException {
        GenericWriter writer = GenericWriter.of(GenericRecordDataTest.schema());
        assertThatThrownBy(() -> writer.toByteArray(record(writer).set("id", 256L)))
                .hasMessage("R.id: 256 is out of range; allowed: 0..255");
        assertThatThrownBy(() -> writer.toByteArray(record(writer).set("name", null)))
                .hasMessage("R.name: a required field is null");
        assertThatThrownBy(() -> writer.toByteArray(record(writer).set("tags", Arrays.asList("a", null))))
                .hasMessage("R.tags[1]: a list element is null");
        assertThatThrownBy(() -> writer.toByteArray(record(writer).set("name", "a\uD800")))
                .hasMessageStartingWith("R.name: the string holds an unpaired surrogate U+D800 at index 1");
        assertThatThrownBy(() -> writer.toByteArray(record(writer).set("pick",
                GenericUnion.of(writer.schema().unions().get(0), 0, -1L))))
                .hasMessage("U.small: -1 is out of range; allowed: 0..255");
    }

    @Test
    void aRequiredUnionHoldingNoAlternativeIsRefusedWhereTheDescriptorSaysItIsRequired() throws DescriptorException {
        GenericWriter required = GenericWriter.of(GenericRecordDataTest.schema(DescriptorFormat.SECOND_VERSION, false));
        assertThatThrownBy(() -> required.toByteArray(record(required).set("pick", null)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("R.pick: the required union U holds no alternative");
        VariableRecordStore store = VariableRecordStore.heap(required.record().fixedBytes());
        assertThatThrownBy(() -> required.append(record(required).set("pick", null), store))
                .hasMessage("R.pick: the required union U holds no alternative");
        assertThat(store.size()).isZero();
        assertThat(required.toByteArray(record(required))).isEqualTo(GenericRecordDataTest.record().array());

        // Optional in version 2, or not said in version 1: written as absent.
        for (GenericWriter writer : List.of(GenericWriter.of(GenericRecordDataTest.schema(
                DescriptorFormat.SECOND_VERSION, true)), GenericWriter.of(GenericRecordDataTest.schema()))) {
            assertThat(GenericRecord.of(writer.schema()).moveTo(java.nio.ByteBuffer.wrap(
                    writer.toByteArray(record(writer).set("pick", null))), 0).has("pick")).isFalse();
        }
    }

    @Test
    void aRefusedRecordLeavesTheStoreAsItWas() throws DescriptorException {
        GenericWriter writer = GenericWriter.of(GenericRecordDataTest.schema());
        VariableRecordStore store = VariableRecordStore.heap(writer.record().fixedBytes());
        assertThat(writer.append(record(writer), store)).isZero();
        assertThatThrownBy(() -> writer.append(record(writer).set("pick",
                GenericUnion.of(writer.schema().unions().get(0), 0, 300L)), store))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(store.size()).isEqualTo(1);
        assertThat(store.toByteArray(0)).isEqualTo(GenericRecordDataTest.record().array());
    }
}
