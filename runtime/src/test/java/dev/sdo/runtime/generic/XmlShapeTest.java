package dev.sdo.runtime.generic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.text.XmlIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The text of an {@link XmlShape}: what {@link XmlShape.Writer} writes reads back as it was written. */
class XmlShapeTest {
    /** Characters that the text's syntax uses, or that a line cannot hold as they are. */
    private static final String AWKWARD = " %-=\n\t\r\u007Fa/é\u2028";

    @Test
    void everyRecordUnionAndEnumReadsBackAsWritten() {
        XmlShape.Record trade = new XmlShape.Record("x.Trade", "trade", "urn:t", true, List.of(
                new XmlShape.Field(XmlShape.Kind.ATTRIBUTE, true, "id", null, XmlShape.OWN, true, null, null,
                        XmlIdentity.ID),
                new XmlShape.Field(XmlShape.Kind.VALUE, false, "date", "urn:other", null, false, "when",
                        "dd/MM/uuuu HH:mm", XmlIdentity.NONE),
                new XmlShape.Field(XmlShape.Kind.UNION, false, null, null, "urn:base", false, null, null,
                        XmlIdentity.NONE),
                new XmlShape.Field(XmlShape.Kind.ANYS, true, null, null, XmlShape.OWN, false, null, null,
                        XmlIdentity.NONE),
                new XmlShape.Field(XmlShape.Kind.TYPED, false, "paymentRule", null, XmlShape.OWN, false, "rule",
                        null, XmlIdentity.NONE),
                new XmlShape.Field(XmlShape.Kind.TYPEDS, true, "rule", "urn:r", null, false, null, null,
                        XmlIdentity.NONE),
                new XmlShape.Field(XmlShape.Kind.VALUE, true, "partyReference", null, XmlShape.OWN, false, null,
                        null, XmlIdentity.IDREF)));
        XmlShape.Record empty = new XmlShape.Record("x.Empty", "", null, false, List.of());
        XmlShape.Union product = new XmlShape.Union("x.Product", List.of(
                new XmlShape.Alternative(1, XmlShape.Kind.RECORD, "fra", "urn:t", null),
                new XmlShape.Alternative(0, XmlShape.Kind.INLINE, null, null, null),
                new XmlShape.Alternative(2, XmlShape.Kind.VALUES, "code", null, "HH:mm"),
                new XmlShape.Alternative(3, XmlShape.Kind.TYPED, "changeEvent", null, null)));
        String text = new XmlShape.Writer().enumTexts("x.DayCount", List.of("ACT/360", "30E 360", "", "-"))
                .record(trade).record(empty).union(product).text();

        XmlShape shape = XmlShape.of(text.substring(0, 10), text.substring(10));

        assertThat(shape.record("x.Trade")).isEqualTo(trade);
        assertThat(shape.record("x.Empty")).isEqualTo(empty);
        assertThat(shape.union("x.Product")).isEqualTo(product);
        assertThat(shape.enumTexts("x.DayCount")).containsExactly("ACT/360", "30E 360", "", "-");
        assertThat(shape.enumTexts("x.Other")).isNull();
        assertThatThrownBy(() -> shape.record("x.Missing")).hasMessageContaining("no record x.Missing");
    }

    @Test
    void anyStringReadsBackAsWritten() {
        for (long seed = 0; seed < 200; seed++) {
            Random random = new Random(seed);
            List<String> texts = new ArrayList<>();
            for (int i = 0; i < 1 + random.nextInt(5); i++) {
                StringBuilder value = new StringBuilder();
                for (int j = random.nextInt(4); j > 0; j--) {
                    value.append(AWKWARD.charAt(random.nextInt(AWKWARD.length())));
                }
                texts.add(value.toString());
            }
            XmlShape shape = XmlShape.of(new XmlShape.Writer().enumTexts("e.E", texts).text());
            assertThat(shape.enumTexts("e.E")).as("seed %d", seed).isEqualTo(texts);
        }
    }

    @Test
    void aDamagedTextIsRefusedSayingWhere() {
        XmlShape shape = XmlShape.of("N urn:a\nR x.T t 7 0\n");
        assertThatThrownBy(() -> shape.record("x.T")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("does not read at line 2");
    }
}
