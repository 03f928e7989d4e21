package dev.sdo.compiler.layout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.testing.FrontEnd;
import org.junit.jupiter.api.Test;

/**
 * Widths and offsets of single fields compiled from schema text, against the numbers the spec's text gives
 * (section 2 and 3) or that follow by hand from its table.
 */
class FieldWidthTest {

    private static RecordLayout layout(String fields) {
        Schema schema = FrontEnd.valid("package p;\nenum E3 { A, B, C }\nrecord R { " + fields + " }\n");
        return RecordLayout.of(schema.records().get(0), schema);
    }

    private static long width(String type) {
        return layout("f: " + type + ";").fields().get(0).width();
    }

    @Test
    void widthsQuotedInTheSpec() {
        assertThat(width("int(1..31)")).isEqualTo(5);
        assertThat(width("udecimal(12, 2)")).isEqualTo(40);
        assertThat(width("decimal(15, 2)")).isEqualTo(51);
        assertThat(width("date(2000-01-01..2099-12-31)")).isEqualTo(16);
        assertThat(width("char(3, \"A-Z\")")).isEqualTo(15);
    }

    @Test
    void widthsFromTheTable() {
        assertThat(width("bool")).isEqualTo(1);
        assertThat(width("int8")).isEqualTo(8);
        assertThat(width("uint16")).isEqualTo(16);
        assertThat(width("int64")).isEqualTo(64);
        assertThat(width("float32")).isEqualTo(32);
        assertThat(width("date")).isEqualTo(22);       // 3,652,059 days: 2^21 < 3,652,059 <= 2^22
        assertThat(width("time")).isEqualTo(27);
        assertThat(width("timestamp")).isEqualTo(64);
        assertThat(width("char(4)")).isEqualTo(28);    // 95 printable characters + padding: 7 bits each
        assertThat(width("char(2, \"-A-C\")")).isEqualTo(6); // 4 characters + padding: 3 bits each
        assertThat(width("E3")).isEqualTo(2);
        assertThat(width("int(-5..5)")).isEqualTo(4);  // 11 values
        assertThat(width("decimal(1, 0)")).isEqualTo(5); // -9..9: 19 values
    }

    @Test
    void anOptionalFieldsPresenceBitComesRightBeforeItsValue() {
        RecordLayout layout = layout("a: int(1..31); b: uint8 optional; c: bool optional; d: int8;");

        assertThat(layout.fields().get(0).presenceBit()).isEqualTo(-1);
        assertThat(layout.fields().get(1).presenceBit()).isEqualTo(5);
        assertThat(layout.fields().get(1).offset()).isEqualTo(6);
        assertThat(layout.fields().get(1).width()).isEqualTo(8);
        assertThat(layout.fields().get(2).presenceBit()).isEqualTo(14);
        assertThat(layout.fields().get(2).offset()).isEqualTo(15);
        assertThat(layout.fields().get(3).offset()).isEqualTo(16);
        assertThat(layout.totalBits()).isEqualTo(24);
        assertThat(layout.bytes()).isEqualTo(3);
    }

    @Test
    void aNestedRecordIsInlineAtTheCurrentOffset() {
        Schema schema = FrontEnd.valid(FrontEnd.resource("schemas/reset-frequency.sdo")
                + "record Outer { flag: bool; freq: ResetFrequency optional; after: int8; }\n");
        RecordLayout outer = RecordLayout.of(schema.records().get(1), schema);

        assertThat(outer.fields()).extracting(FieldLayout::presenceBit, FieldLayout::offset, FieldLayout::width)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(-1L, 0L, 1L),
                        org.assertj.core.groups.Tuple.tuple(1L, 2L, 8L),
                        org.assertj.core.groups.Tuple.tuple(-1L, 10L, 8L));
        assertThat(outer.bytes()).isEqualTo(3);
    }
}
