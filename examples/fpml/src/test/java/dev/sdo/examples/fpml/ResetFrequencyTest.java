package dev.sdo.examples.fpml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import javax.xml.stream.XMLStreamException;
import org.fpml.sdo.PeriodEnum;
import org.fpml.sdo.ResetFrequencyBean;
import org.fpml.sdo.ResetFrequencySdo;
import org.junit.jupiter.api.Test;

/** The FpML resetFrequency of the spec's worked example: periodMultiplier 6, period M, one byte 0x45. */
class ResetFrequencyTest {

    @Test
    void theXmlReadsIntoABean() throws Exception {
        ResetFrequencyBean bean = readSample();

        assertThat(bean.getPeriodMultiplier()).isEqualTo(BigInteger.valueOf(6));
        assertThat(bean.getPeriod()).isEqualTo(PeriodEnum.M);
    }

    @Test
    void theSdoIsTheSingleByte0x45() throws Exception {
        ResetFrequencySdo sdo = ResetFrequencySdo.of(readSample());

        assertThat(ResetFrequencySdo.BYTES).isEqualTo(1);
        // (6 - 1) | (2 << 5): the multiplier less its lower bound, then M's ordinal above its 5 bits.
        assertThat(sdo.toByteArray()).containsExactly(0x45);
    }

    @Test
    void gettersReturnTheValuesAsJaxbWould() throws Exception {
        ResetFrequencySdo sdo = ResetFrequencySdo.of(readSample());

        assertThat(sdo.getPeriodMultiplier()).isEqualTo(BigInteger.valueOf(6));
        assertThat(sdo.getPeriod()).isEqualTo(PeriodEnum.M);
    }

    @Test
    void roundTripsThroughTheSdo() throws Exception {
        ResetFrequencyBean bean = readSample();

        assertThat(ResetFrequencySdo.of(bean).toBean()).isEqualTo(bean);
    }

    @Test
    void aMultiplierOutsideItsRangeIsRejectedWhenEncoding() throws Exception {
        ResetFrequencyBean bean = read("""
                <resetFrequency xmlns="http://www.fpml.org/FpML-5/confirmation">
                  <periodMultiplier>32</periodMultiplier><period>D</period>
                </resetFrequency>""");

        assertThatThrownBy(() -> ResetFrequencySdo.of(bean))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ResetFrequency").hasMessageContaining("periodMultiplier");
    }

    @Test
    void unknownPeriodsAndForeignElementsAreClearErrors() {
        assertThatThrownBy(() -> read("""
                <resetFrequency xmlns="http://www.fpml.org/FpML-5/confirmation">
                  <periodMultiplier>1</periodMultiplier><period>X</period>
                </resetFrequency>"""))
                .isInstanceOf(XMLStreamException.class).hasMessageContaining("period 'X' is not one of");
        assertThatThrownBy(() -> read("<resetFrequency><period>M</period></resetFrequency>"))
                .isInstanceOf(XMLStreamException.class).hasMessageContaining("no <resetFrequency> element");
    }

    private static ResetFrequencyBean readSample() throws IOException, XMLStreamException {
        try (InputStream xml = ResetFrequencyTest.class.getResourceAsStream("/reset-frequency.xml")) {
            assertThat(xml).as("reset-frequency.xml on the test class path").isNotNull();
            return ResetFrequencyXml.read(xml);
        }
    }

    private static ResetFrequencyBean read(String xml) throws XMLStreamException {
        return ResetFrequencyXml.read(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }
}
