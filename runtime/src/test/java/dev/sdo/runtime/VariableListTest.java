package dev.sdo.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The list views of docs/record-format.md section 3 over hand-written bytes: an end-offset table
 * ({@link VariableList}), records at a byte stride ({@link RecordList}), elements wider than 64 bits
 * ({@link WideList}); and how encoders name a failing element.
 */
class VariableListTest {

    /** {@code list<bytes>} [[1, 2], [], [-1]] after two bytes of something else. */
    private static ByteBuffer blobs() {
        return ByteBuffer.wrap(new byte[] {9, 9, 3, 0, 0, 0, 18, 0, 0, 0, 18, 0, 0, 0, 19, 0, 0, 0, 1, 2, -1});
    }

    @Test
    void anEndOffsetTableGivesEachElementsBytes() {
        VariableList<byte[]> list = VariableList.of("R.f", blobs(), 0, 2, 21, VariableList.BLOBS);

        assertThat(list).hasSize(3);
        assertThat(list.get(0)).containsExactly(1, 2);
        assertThat(list.get(1)).isEmpty();
        assertThat(list.get(2)).containsExactly(-1);
        ByteBuffer view = list.elementBuffer(0);
        assertThat(view.isReadOnly()).isTrue();
        assertThat(view.position()).isZero();
        assertThat(view.limit()).isEqualTo(2);
        assertThat(view.get(1)).isEqualTo((byte) 2);
        assertThatThrownBy(() -> list.get(3)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    /** A required list field that older data does not have reads as this list. */
    @Test
    void theEmptyListHasNoElementsAndEqualsAnyEmptyList() {
        VariableList<byte[]> empty = VariableList.empty();

        assertThat(empty).isEmpty();
        assertThat(empty).isEqualTo(List.of());
        assertThatThrownBy(() -> empty.get(0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> empty.elementBuffer(0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aDamagedTableIsReportedNamingTheElement() {
        ByteBuffer buffer = blobs();
        buffer.put(10, (byte) 17); // element 1 would end before it starts
        VariableList<byte[]> list = VariableList.of("R.f", buffer, 0, 2, 21, VariableList.BLOBS);
        assertThat(list.get(0)).containsExactly(1, 2);
        assertThatThrownBy(() -> list.get(1)).isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("R.f[1]: bytes 18..17");

        buffer.put(14, (byte) 20); // beyond the list's 19 bytes
        assertThatThrownBy(() -> list.elementBuffer(2)).isInstanceOf(CorruptDataException.class)
                .hasMessageStartingWith("R.f[2]: ");

        ByteBuffer tooMany = blobs();
        tooMany.put(2, (byte) 5); // five end offsets do not fit 19 bytes
        assertThatThrownBy(() -> VariableList.of("R.f", tooMany, 0, 2, 21, VariableList.BLOBS))
                .isInstanceOf(CorruptDataException.class).hasMessage("R.f: 5 end offsets do not fit the list's 19 bytes");
    }

    @Test
    void aRecordElementMustBeExactlyOneRecord() {
        // A "record" of 2 fixed bytes whose size is its first byte.
        VariableData.RecordSize size = (buffer, offset) -> buffer.get(offset);
        ByteBuffer buffer = ByteBuffer.wrap(new byte[] {3, 0, 7});
        assertThat(VariableList.recordAt("R.f", 4, buffer, 0, 0, 3, 2, size)).isZero();
        assertThatThrownBy(() -> VariableList.recordAt("R.f", 4, buffer, 0, 0, 2, 2, size))
                .isInstanceOf(CorruptDataException.class)
                .hasMessage("R.f[4]: the record stored in its 2 bytes says it takes 3");
        assertThatThrownBy(() -> VariableList.recordAt("R.f", 4, buffer, 0, 2, 3, 2, size))
                .isInstanceOf(CorruptDataException.class)
                .hasMessage("R.f[4]: its 1 bytes cannot hold a record of 2 fixed bytes");
        assertThatThrownBy(() -> VariableData.nested("R.g", buffer, 0, 0, 2, 2, size))
                .isInstanceOf(CorruptDataException.class).hasMessageStartingWith("R.g: the record stored");
    }

    @Test
    void recordsOfFixedWidthLieAtAByteStride() {
        // count 2, then two records of 3 bytes; a "record" here is just its offset
        ByteBuffer buffer = ByteBuffer.wrap(new byte[] {2, 0, 0, 0, 1, 1, 1, 2, 2, 2});
        RecordList<Integer> list = RecordList.of("R.f", buffer, 0, 0, 10, 3, (b, offset) -> offset);
        assertThat(list).containsExactly(4, 7);
        assertThatThrownBy(() -> RecordList.of("R.f", buffer, 0, 0, 9, 3, (b, offset) -> offset))
                .isInstanceOf(CorruptDataException.class)
                .hasMessage("R.f: 2 records of 3 bytes do not take the 9 bytes the list's data has");
    }

    @Test
    void wideElementsAreReadFromTheirBitOffsets() {
        Alphabet digits = new Alphabet("0123456789");
        ByteBuffer buffer = ByteBuffer.allocate(4 + 2 * 68 / 8); // two of 17 digits, 4 bits each
        BitFields.write(buffer, 0, 0, 32, 2);
        digits.write("R.f", "01234567890123456", 17, buffer, 0, 32);
        digits.write("R.f", "9", 17, buffer, 0, 32 + 68);
        WideList<String> list = WideList.of("R.f", buffer, 0, 0, buffer.capacity(), 68,
                (b, base, bitOffset) -> digits.read(b, base, bitOffset, 17));
        assertThat(list).containsExactly("01234567890123456", "9");
    }

    @Test
    void anElementsProblemIsRenamedAfterTheElementAndItsPath() {
        IllegalArgumentException inner = new IllegalArgumentException("R.f: 101 is out of range 0..100");
        IllegalArgumentException once = FieldValues.inElement("R.f", 3, inner);
        assertThat(once).hasMessage("R.f[3]: 101 is out of range 0..100").hasCause(inner);
        assertThat(FieldValues.inElement("R.f", 1, once)).hasMessage("R.f[1][3]: 101 is out of range 0..100");
        assertThat(FieldValues.inElement("R.f", 0, new IllegalArgumentException("Leg.amount: too many digits")))
                .hasMessage("R.f[0]: Leg.amount: too many digits");
        assertThat(FieldValues.inElement("R.fx", 0, inner)).hasMessage("R.fx[0]: R.f: 101 is out of range 0..100");
    }

    @Test
    void beanListsCompareBlobsByContent() {
        List<Object> a = List.of(new byte[] {1}, List.of(new byte[] {2, 3}));
        List<Object> b = List.of(new byte[] {1}, List.of(new byte[] {2, 3}));
        assertThat(BeanValues.equalLists(a, b)).isTrue();
        assertThat(BeanValues.listHash(a)).isEqualTo(BeanValues.listHash(b));
        assertThat(BeanValues.equalLists(a, List.of(new byte[] {1}, List.of(new byte[] {2, 4})))).isFalse();
        assertThat(BeanValues.equalLists(a, null)).isFalse();
        assertThat(BeanValues.equalLists(null, null)).isTrue();
        assertThat(BeanValues.listText(a)).isEqualTo("[[1], [[2, 3]]]");
        assertThat(BeanValues.listText(Arrays.asList("x", null))).isEqualTo("[x, null]");
    }
}
