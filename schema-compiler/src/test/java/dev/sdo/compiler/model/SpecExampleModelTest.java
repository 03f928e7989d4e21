package dev.sdo.compiler.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.sdo.compiler.model.FieldType.CharType;
import dev.sdo.compiler.model.FieldType.EnumRef;
import dev.sdo.compiler.model.FieldType.RangeType;
import dev.sdo.compiler.testing.FrontEnd;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The model of the spec's two example schemas (section 1), as the generator receives it. */
class SpecExampleModelTest {

    @Test
    void tradeCarriesItsPackageDocsAndCsvBindings() {
        Schema schema = FrontEnd.valid(FrontEnd.resource("schemas/trade.sdo"));

        EnumType side = schema.enums().get(0);
        assertThat(side.name()).isEqualTo(new QualifiedName("com.example.trade", "Side"));
        assertThat(side.doc()).isEqualTo("A buy or sell side. Doc comments become Javadoc.");
        assertThat(side.constants()).extracting(EnumType.EnumConstant::name).containsExactly("Buy", "Sell");

        RecordType trade = schema.records().get(0);
        assertThat(trade.name()).isEqualTo(new QualifiedName("com.example.trade", "Trade"));
        assertThat(trade.doc()).isEqualTo("One row of the trades CSV.");
        assertThat(trade.annotations()).singleElement()
                .satisfies(a -> assertThat(a.name()).isEqualTo("csv"))
                .satisfies(a -> assertThat(a.arguments()).isEqualTo(Map.of("header", true)));
        assertThat(trade.version()).isEqualTo(1);
        assertThat(trade.fields()).extracting(Field::name, f -> f.annotations().isEmpty() ? null
                        : f.annotations().get(0).arguments().get("column"))
                .containsExactly(
                        tuple("id", null),
                        tuple("tradeDate", "TradeDate"),
                        tuple("buySell", "BuySell"),
                        tuple("currency1", "Currency1"),
                        tuple("amount1", "Amount1"),
                        tuple("exchangeRate", "Exchange Rate"),
                        tuple("currency2", "Currency2"),
                        tuple("amount2", "Amount2"),
                        tuple("settlementDate", "Settlement Date"));
        assertThat(trade.fields().get(1).annotations().get(0).arguments())
                .containsEntry("format", "dd/MM/yyyy");
        assertThat(trade.fields().get(2).type()).isInstanceOf(EnumRef.class);
        assertThat(((CharType) trade.fields().get(3).type()).alphabet()).isEqualTo("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
        assertThat(trade.fields()).allSatisfy(f -> {
            assertThat(f.optional()).isFalse();
            assertThat(f.javaOverride()).isNull();
            assertThat(f.since()).isEqualTo(1);
        });
    }

    @Test
    void resetFrequencyCarriesItsXmlBindingAndBigIntegerOverride() {
        Schema schema = FrontEnd.valid(FrontEnd.resource("schemas/reset-frequency.sdo"));

        assertThat(schema.enums().get(0).constants()).extracting(EnumType.EnumConstant::name)
                .containsExactly("D", "W", "M", "Q", "Y");
        RecordType resetFrequency = schema.records().get(0);
        assertThat(resetFrequency.name()).isEqualTo(new QualifiedName("org.fpml.sdo", "ResetFrequency"));
        assertThat(resetFrequency.annotations()).singleElement().satisfies(a -> {
            assertThat(a.name()).isEqualTo("xml");
            assertThat(a.arguments()).containsExactly(Map.entry("name", "resetFrequency"),
                    Map.entry("namespace", "http://www.fpml.org/FpML-5/confirmation"));
        });
        Field periodMultiplier = resetFrequency.fields().get(0);
        assertThat(periodMultiplier.type()).isInstanceOfSatisfying(RangeType.class, range -> {
            assertThat(range.lo()).isEqualTo(1);
            assertThat(range.hi()).isEqualTo(31);
        });
        assertThat(periodMultiplier.javaOverride()).isEqualTo(JavaOverride.BIG_INTEGER);
        assertThat(resetFrequency.fields().get(1).type())
                .isEqualTo(new EnumRef(new QualifiedName("org.fpml.sdo", "PeriodEnum"),
                        new dev.sdo.compiler.diagnostics.SourcePosition("test.sdo", 9, 23)));
    }
}
