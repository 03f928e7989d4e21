package dev.sdo.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.benchmarks.report.SvgCharts.Series;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class SvgChartsTest {
    @Test
    void aLineChartIsWellFormedSvgWithOnePolylinePerSeries() throws Exception {
        String svg = SvgCharts.lines("t <&>", "x", "y", List.of("1", "2", "4"),
                List.of(new Series("a", List.of(1.0, 2.0, 3.0)), new Series("b", List.of(5.0, Double.NaN, 9.0))));
        Document document = parse(svg);
        assertThat(document.getElementsByTagName("polyline").getLength()).isEqualTo(2);
        assertThat(svg).contains("t &lt;&amp;&gt;");
    }

    @Test
    void aBarChartHasOneBarPerFiniteValue() throws Exception {
        String svg = SvgCharts.bars("bars", "ns", List.of("p", "q"),
                List.of(new Series("a", List.of(1.0, 2.0)), new Series("b", List.of(3.0, Double.NaN))));
        // One background rectangle, three bars, two legend swatches.
        assertThat(parse(svg).getElementsByTagName("rect").getLength()).isEqualTo(1 + 3 + 2);
    }

    @Test
    void theSameDataGivesTheSameSvg() {
        List<Series> series = List.of(new Series("a", List.of(1.5, 2.5)));
        assertThat(SvgCharts.bars("c", "y", List.of("p", "q"), series))
                .isEqualTo(SvgCharts.bars("c", "y", List.of("p", "q"), series));
    }

    private static Document parse(String svg) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }
}
