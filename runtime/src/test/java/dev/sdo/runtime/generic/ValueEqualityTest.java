package dev.sdo.runtime.generic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Generic values compare by content wherever bytes sit: a union holding bytes (xmldsig's digest values, FpML's
 * {@code base64Binary} alternatives) read twice from the same document is the same union.
 */
class ValueEqualityTest {
    @Test
    void bytesCompareByContentInAUnionAListAndAListOfLists() {
        GenericUnion a = new GenericUnion(2, "blob", new FieldType.Blob(), new byte[] {1, 2, 3});
        GenericUnion b = new GenericUnion(2, "blob", new FieldType.Blob(), new byte[] {1, 2, 3});
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(new GenericUnion(2, "blob", new FieldType.Blob(), new byte[] {1, 2, 4}));
        assertThat(a).isNotEqualTo(new GenericUnion(1, "blob", new FieldType.Blob(), new byte[] {1, 2, 3}));

        List<Object> items = List.of(new byte[] {9}, List.of(new byte[] {8, 7}), "text");
        List<Object> same = List.of(new byte[] {9}, List.of(new byte[] {8, 7}), "text");
        assertThat(ValueEquality.equal(items, same)).isTrue();
        assertThat(ValueEquality.hash(items)).isEqualTo(ValueEquality.hash(same));
        assertThat(ValueEquality.equal(items, List.of(new byte[] {9}, List.of(new byte[] {8}), "text"))).isFalse();
        assertThat(ValueEquality.equal(items, items.subList(0, 2))).isFalse();
        assertThat(ValueEquality.equal(null, null)).isTrue();
        assertThat(ValueEquality.equal(new byte[0], null)).isFalse();
    }
}
