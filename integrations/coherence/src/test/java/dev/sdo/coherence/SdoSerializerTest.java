package dev.sdo.coherence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.trade.TradeBean;
import com.example.trade.TradeSdo;
import com.tangosol.util.Binary;
import com.tangosol.util.ExternalizableHelper;
import dev.sdo.coherence.bench.wide.WideSdo;
import dev.sdo.examples.trade.SampleTrades;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class SdoSerializerTest {
    private final SdoSerializer serializer = new SdoSerializer(TradeSdo.class, WideSdo.class);
    private final TradeBean sample = SampleTrades.load().get(3);

    @Test
    void storesTheRecordBytesBehindCoherencesMarkerAndOneTagByte() {
        TradeSdo trade = TradeSdo.of(sample);

        Binary stored = ExternalizableHelper.toBinary(trade, serializer);

        assertThat(stored.length()).isEqualTo(2 + TradeSdo.BYTES);
        assertThat(stored.byteAt(0)).isEqualTo((byte) ExternalizableHelper.FMT_EXT);
        assertThat(stored.byteAt(1)).isEqualTo((byte) 0);
        assertThat(stored.toByteArray(2, TradeSdo.BYTES)).isEqualTo(trade.toByteArray());
    }

    @Test
    void theSecondRegisteredClassGetsTheSecondTag() {
        WideSdo wide = WideSdo.of(dev.sdo.coherence.bench.WidePofSerializer.wide(7));

        Binary stored = ExternalizableHelper.toBinary(wide, serializer);

        assertThat(stored.byteAt(1)).isEqualTo((byte) 1);
        assertThat((Object) ExternalizableHelper.fromBinary(stored, serializer)).isEqualTo(wide);
    }

    @Test
    void readsBackAnEqualSdo() {
        TradeSdo trade = TradeSdo.of(sample);

        Object back = ExternalizableHelper.fromBinary(ExternalizableHelper.toBinary(trade, serializer), serializer);

        assertThat(back).isInstanceOf(TradeSdo.class).isEqualTo(trade);
        assertThat(((TradeSdo) back).toBean()).isEqualTo(sample);
    }

    @Test
    void anythingElseGoesThroughCoherencesDefaultSerialization() {
        for (Object other : List.of(42L, "EUR", sample, List.of(1, 2, 3),
                SdoExtractor.of(TradeSdo.class, "getCurrency1", String.class))) {
            Binary stored = ExternalizableHelper.toBinary(other, serializer);

            assertThat(stored.byteAt(1)).isEqualTo((byte) SdoSerializer.OTHER);
            assertThat((Object) ExternalizableHelper.fromBinary(stored, serializer)).isEqualTo(other);
        }
    }

    @Test
    void aTagThatNoConfiguredClassHasIsReportedWithTheConfiguration() {
        Binary fromWiderConfiguration = ExternalizableHelper.toBinary(
                WideSdo.of(dev.sdo.coherence.bench.WidePofSerializer.wide(1)), serializer);
        SdoSerializer narrower = new SdoSerializer(TradeSdo.class);

        assertThatThrownBy(() -> ExternalizableHelper.fromBinary(fromWiderConfiguration, narrower))
                .hasRootCauseInstanceOf(IOException.class)
                .rootCause()
                .hasMessageContaining("type tag 1 is not one of the 1 configured SDO classes [com.example.trade.TradeSdo]");
    }

    @Test
    void isConfiguredByClassNamesAsInACacheConfiguration() {
        SdoSerializer configured = new SdoSerializer("com.example.trade.TradeSdo, dev.sdo.coherence.bench.wide.WideSdo");

        assertThat(configured).isEqualTo(serializer).hasSameHashCodeAs(serializer);
        assertThat(configured).isNotEqualTo(new SdoSerializer(WideSdo.class, TradeSdo.class));
    }

    @Test
    void aClassNotOnTheClassPathIsAcceptedAndReportedOnlyWhenAValueMustBeDeserialised() throws IOException {
        // As on a storage member without the generated classes: it stores and moves the bytes without them.
        SdoSerializer withoutTheClass = new SdoSerializer("com.example.trade.NoSuchSdo, com.example.trade.TradeSdo");
        Binary stored = ExternalizableHelper.toBinary("not a record", withoutTheClass);
        Binary tagZero = new Binary(new byte[] {ExternalizableHelper.FMT_EXT, 0, 1, 2, 3});

        assertThat((Object) ExternalizableHelper.fromBinary(stored, withoutTheClass)).isEqualTo("not a record");
        assertThatThrownBy(() -> ExternalizableHelper.fromBinary(tagZero, withoutTheClass))
                .hasRootCauseInstanceOf(IOException.class)
                .rootCause()
                .hasMessageStartingWith("SdoSerializer: cannot deserialise a stored com.example.trade.NoSuchSdo: the"
                        + " class is not on this member's class path.");
    }

    @Test
    void aBadConfigurationSaysWhatIsWrong() {
        assertThatThrownBy(() -> new SdoSerializer("com.example.trade.TradeBean"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("com.example.trade.TradeBean is not a generated SDO class");
        assertThatThrownBy(() -> new SdoSerializer("com.example.trade.TradeSdo,"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("SdoSerializer: empty class name in \"com.example.trade.TradeSdo,\"");
        assertThatThrownBy(() -> new SdoSerializer(TradeSdo.class, TradeSdo.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("SdoSerializer: com.example.trade.TradeSdo is listed twice");
    }
}
