package dev.sdo.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.layout.RecordLayout;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

class LayoutDiagramTest {
    /** Records of every shape: optional fields, slots, a union with tag, inline place and slot, an unused tail. */
    private static final String SHAPES = """
            package p;
            enum Side { Buy, Sell }
            record Big { a: int64; b: int64; }
            union Choice { small: int(0..5); flag: bool; big: Big; text: string; }
            record Flat { id: uint8; side: Side optional; price: udecimal(12, 2); at: date(2000-01-01..2099-12-31); }
            record Variable { id: uint8; name: string; blob: bytes optional; tags: list<char(3, "A-Z")>; }
            record WithUnion { id: uint8; choice: Choice optional; rest: int(0..1000) optional; }
            record Wide { a: int64; b: int64; c: int64; d: bool; e: decimal(18, 4) optional; }
            """;

    @TempDir
    Path dir;

    @Test
    void theBoxesCoverEveryBitOfTheFixedPartOnceInOrder() {
        for (RecordLayout layout : layouts()) {
            long next = 0;
            for (LayoutDiagram.Box box : LayoutDiagram.boxes(layout)) {
                assertThat(box.offset()).as(layout.record().name() + " " + box).isEqualTo(next);
                assertThat(box.bits()).as(box.toString()).isPositive();
                next = box.end();
            }
            assertThat(next).as(layout.record().name().toString()).isEqualTo(8L * layout.bytes());
        }
    }

    @Test
    void aUnionIsDrawnAsItsTagInlinePlaceAndSlotAndAPresenceBitAsABoxOfItsOwn() {
        RecordLayout layout = layouts().stream().filter(l -> l.record().name().simpleName().equals("WithUnion"))
                .findFirst().orElseThrow();

        // As sdoc layout prints it: id 0..7, the 3-bit tag, 3 inline bits, the slot, then rest's presence and value.
        assertThat(LayoutDiagram.boxes(layout)).extracting(LayoutDiagram.Box::label, LayoutDiagram.Box::offset,
                        LayoutDiagram.Box::bits)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("id", 0L, 8L),
                        org.assertj.core.groups.Tuple.tuple("choice.tag", 8L, 3L),
                        org.assertj.core.groups.Tuple.tuple("choice.value", 11L, 3L),
                        org.assertj.core.groups.Tuple.tuple("choice.slot", 14L, 32L),
                        org.assertj.core.groups.Tuple.tuple("?", 46L, 1L),
                        org.assertj.core.groups.Tuple.tuple("rest", 47L, 10L),
                        org.assertj.core.groups.Tuple.tuple("", 57L, 7L));
    }

    @Test
    void layoutWritesOneWellFormedDiagramPerRecordWhoseRectanglesSpanItsBytes() throws Exception {
        Path schema = Schemas.write(dir, "shapes.sdo", SHAPES);
        Path out = dir.resolve("diagrams");

        SdocRun run = SdocRun.of("layout", "--svg", out.toString(), schema.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        for (RecordLayout layout : layouts()) {
            Path file = out.resolve(layout.record().name().simpleName() + ".svg");
            Document svg = parse(Files.readString(file));
            NodeList rects = svg.getElementsByTagName("rect");
            long width = 0;
            List<String> titles = new ArrayList<>();
            for (int i = 0; i < rects.getLength(); i++) {
                Element rect = (Element) rects.item(i);
                width += Long.parseLong(rect.getAttribute("width"));
                titles.add(rect.getTextContent());
            }
            assertThat(width).as(file.toString()).isEqualTo(8L * layout.bytes() * 22);
            for (var field : layout.fields()) {
                // Every field is named in a box's tooltip, with its first value bit.
                assertThat(titles).as(file + " " + field.field().name())
                        .anyMatch(t -> t.startsWith(field.field().name())
                                && (t.contains("bits " + field.offset() + "..") || t.endsWith("bit " + field.offset())));
            }
        }
    }

    @Test
    void aFieldThatCrossesARowIsDrawnOnBothWithItsRowsBitsOnly() throws Exception {
        RecordLayout wide = layouts().stream().filter(l -> l.record().name().simpleName().equals("Wide"))
                .findFirst().orElseThrow();
        Document svg = parse(LayoutDiagram.svg(wide));

        // a: int64 takes bits 0..63, two whole rows of 32 bits: two rectangles of 32 bits each.
        List<Long> widths = new ArrayList<>();
        NodeList rects = svg.getElementsByTagName("rect");
        for (int i = 0; i < rects.getLength(); i++) {
            Element rect = (Element) rects.item(i);
            if (rect.getTextContent().startsWith("a: ")) {
                widths.add(Long.parseLong(rect.getAttribute("width")) / 22);
            }
        }
        assertThat(widths).containsExactly(32L, 32L);
        // The legend lists every box, one line each.
        Matcher legend = Pattern.compile("\\[1\\] bits 0\\.\\.63 +a +int64").matcher(LayoutDiagram.svg(wide));
        assertThat(legend.find()).isTrue();
    }

    @Test
    void aDirectoryThatCannotBeMadeIsOneLineAndExitCodeOne() throws IOException {
        Path schema = Schemas.write(dir, "shapes.sdo", SHAPES);
        Path file = Files.writeString(dir.resolve("taken"), "a file, not a directory");

        SdocRun run = SdocRun.of("layout", "--svg", file.toString(), schema.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err().lines()).singleElement().asString()
                .startsWith("sdoc: error: cannot write the diagrams to " + file);
    }

    @Test
    void theManualsDrawingOfTradeIsWhatSdocDrawsToday() throws IOException {
        Path trade = Path.of("..", "examples", "trade", "src", "main", "sdo", "trade.sdo");
        Compilation compilation = new SchemaCompiler().compile(List.of(trade));
        assertThat(compilation.succeeded()).as(compilation.diagnostics().toString()).isTrue();

        // Redraw with: sdoc layout --svg docs/manual/images examples/trade/src/main/sdo/trade.sdo
        assertThat(Files.readString(Path.of("..", "docs", "manual", "images", "Trade.svg")))
                .isEqualTo(LayoutDiagram.svg(compilation.layouts().get(0)));
    }

    @Test
    void aCompactRecordIsDrawnAsItsWidthCodeSlotBitsAndFieldsWithoutSlots() {
        Compilation compilation = new SchemaCompiler().compile(Map.of("compact.sdo", """
                package p;
                union Choice { small: int(0..5); text: string; }
                @compact record Compact { id: uint8; name: string; choice: Choice optional; blob: bytes optional; }
                """), List.of("compact.sdo"));
        assertThat(compilation.succeeded()).as(compilation.diagnostics().toString()).isTrue();
        RecordLayout layout = compilation.layouts().stream()
                .filter(l -> l.record().name().simpleName().equals("Compact")).findFirst().orElseThrow();

        // w in bits 0..1, slot bits of name, choice and blob in 2..4, then id, choice's tag and inline place: no slots.
        assertThat(LayoutDiagram.boxes(layout)).extracting(LayoutDiagram.Box::label, LayoutDiagram.Box::offset,
                        LayoutDiagram.Box::bits)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("w", 0L, 2L),
                        org.assertj.core.groups.Tuple.tuple("s", 2L, 1L),
                        org.assertj.core.groups.Tuple.tuple("s", 3L, 1L),
                        org.assertj.core.groups.Tuple.tuple("s", 4L, 1L),
                        org.assertj.core.groups.Tuple.tuple("id", 5L, 8L),
                        org.assertj.core.groups.Tuple.tuple("choice.tag", 13L, 2L),
                        org.assertj.core.groups.Tuple.tuple("choice.value", 15L, 3L),
                        org.assertj.core.groups.Tuple.tuple("", 18L, 6L));
        assertThat(LayoutDiagram.boxes(layout).get(1).detail()).isEqualTo(
                "name has an end slot in the slot table (required: always)");
        assertThat(LayoutDiagram.svg(layout)).contains(
                "Compact: 18 bits in 3 bytes of fixed part; its slot table and variable-length data follow");
    }

    private static List<RecordLayout> layouts() {
        Compilation compilation = new SchemaCompiler().compile(Map.of("shapes.sdo", SHAPES), List.of("shapes.sdo"));
        assertThat(compilation.succeeded()).as(compilation.diagnostics().toString()).isTrue();
        return compilation.layouts();
    }

    private static Document parse(String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
    }
}
