package dev.sdo.runtime.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.batch.RecordStore;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** XML elements to records and back: attributes, optional elements, namespaces, several records, errors. */
class XmlBindingTest {
    private static final String NS = "urn:test";

    /** {@code <period id="..."><count>..</count><unit>..</unit>?</period>}: id 8 bits, count 8, unit optional. */
    private static final XmlBinding BINDING = new XmlBinding("period", NS, List.of(
            new IntegerField("P.id", -1, 0, 8, 0, 255, 0),
            new IntegerField("P.count", -1, 8, 8, 0, 255, 0),
            new EnumField("P.unit", 16, 17, 2, List.of("D", "M", "Y"))),
            List.of("id", "count", "unit"), List.of(true, false, false));

    private static RecordStore read(String xml) throws IOException {
        RecordStore store = RecordStore.heap(3);
        BINDING.read(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), "in.xml", store,
                BadInputPolicy.FAIL);
        return store;
    }

    private static String write(RecordStore store) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BINDING.write(store, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void recordsAreFoundAtAnyDepthWithAttributesAndOptionalElements() throws IOException {
        RecordStore store = read("<doc xmlns='" + NS + "'><x><period id='7'><count> 3 </count><unit>M</unit></period>"
                + "</x><period id='8'><count>4</count></period><other xmlns='urn:other'><period id='9'/></other></doc>");
        assertThat(store.size()).isEqualTo(2);
        assertThat(BitFields.read(store.chunkOf(0), store.offsetOf(0), 0, 24)).isEqualTo(7 | 3 << 8 | 1 << 16 | 1 << 17);
        assertThat(BitFields.read(store.chunkOf(1), store.offsetOf(1), 0, 24)).isEqualTo(8 | 4 << 8);

        String written = write(store);
        assertThat(written.replaceAll(">\\s+<", "><").strip()).endsWith("<records xmlns=\"urn:test\">"
                + "<period id=\"7\"><count>3</count><unit>M</unit></period>"
                + "<period id=\"8\"><count>4</count></period></records>");
        RecordStore back = read(written);
        assertThat(back.toByteArray(0)).isEqualTo(store.toByteArray(0));
        assertThat(back.toByteArray(1)).isEqualTo(store.toByteArray(1));
    }

    @Test
    void unexpectedRepeatedAndMissingElementsAreReportedAtTheirLine() {
        assertThatThrownBy(() -> read("<period xmlns='" + NS + "' id='1'>\n<count>1</count>\n<size>2</size></period>"))
                .hasMessageStartingWith("in.xml:3:")
                .hasMessageContaining("P: unexpected element <size>; its elements: count, unit");
        assertThatThrownBy(() -> read("<period xmlns='" + NS + "' id='1'>\n<count>1</count>\n<count>2</count></period>"))
                .hasMessageStartingWith("in.xml:3:").hasMessageContaining("P.count: repeated element <count>; the field is no list");
        assertThatThrownBy(() -> read("<period xmlns='" + NS + "'>\n<count>1</count></period>"))
                .hasMessageStartingWith("in.xml:1:").hasMessageContaining("P.id: the value is missing");
        assertThatThrownBy(() -> read("<period xmlns='" + NS + "' id='1'><count>1<b/></count></period>"))
                .hasMessage("in.xml:1:45: error: P.count: element <count> (line 1) holds the element <b>, but its "
                        + "value is text");
        assertThatThrownBy(() -> read("<period xmlns='" + NS + "' id='1'>3<count>1</count></period>"))
                .hasMessage("in.xml:1:35: error: P: unexpected text \"3\" among the elements of a record");
        assertThatThrownBy(() -> read("<period xmlns='" + NS + "' id='1'>\n<count>300</count></period>"))
                .hasMessage("in.xml:2:8: error: P.count: \"300\" is out of range; allowed: 0..255 (element <count>)");
        assertThatThrownBy(() -> read("<period xmlns='" + NS + "' id='x'><count>3</count></period>"))
                .hasMessage("in.xml:1:33: error: P.id: \"x\" is not an integer (attribute id)");
    }

    @Test
    void childElementsComeInAnyOrderEachOnce() throws IOException {
        RecordStore store = read("<period xmlns='" + NS + "' id='1'><unit>Y</unit><count>2</count></period>");
        assertThat(BitFields.read(store.chunkOf(0), store.offsetOf(0), 0, 24)).isEqualTo(1 | 2 << 8 | 1 << 16 | 2 << 17);
        assertThatThrownBy(() -> read("<period xmlns='" + NS + "' id='1'><unit>Y</unit><count>2</count><unit>M</unit>"
                + "</period>")).hasMessage("in.xml:1:69: error: P.unit: repeated element <unit>; the field is no list");
    }

    @Test
    void documentsAreWrittenByteForByte() throws IOException {
        RecordStore store = read("<doc xmlns='" + NS + "'><period id='7'><count>3</count><unit>M</unit></period>"
                + "<period id='8'><count>4</count></period></doc>");
        assertThat(write(store)).isEqualTo("""
                <?xml version="1.0" encoding="UTF-8"?>
                <records xmlns="urn:test">
                  <period id="7">
                    <count>3</count>
                    <unit>M</unit>
                  </period>
                  <period id="8">
                    <count>4</count>
                  </period>
                </records>
                """);
        store.truncate(1);
        assertThat(write(store)).isEqualTo("""
                <?xml version="1.0" encoding="UTF-8"?>
                <period xmlns="urn:test" id="7">
                  <count>3</count>
                  <unit>M</unit>
                </period>
                """);
        store.truncate(0);
        assertThat(write(store)).isEqualTo("""
                <?xml version="1.0" encoding="UTF-8"?>
                <records xmlns="urn:test">
                </records>
                """);
    }

    @Test
    void aStoredValueNoneWritesIsRefusedNamingItsRecord() {
        RecordStore store = RecordStore.heap(3);
        store.append(new byte[] {1, 1, 1 | 1 << 1});
        // Unit present, its 2 bits 3: no constant of D, M, Y.
        store.append(new byte[] {2, 2, 1 | 3 << 1});
        assertThatThrownBy(() -> write(store)).isInstanceOf(dev.sdo.runtime.CorruptDataException.class)
                .hasMessageStartingWith("record 1 (counted from 0): P.unit");
    }

    @Test
    void aRecordWithNoChildElementIsWrittenAsTheEngineWritesEveryElementWithNoContent() throws IOException {
        XmlBinding attributes = new XmlBinding("p", "", List.of(new IntegerField("Q.id", -1, 0, 8, 0, 255, 0),
                new IntegerField("Q.n", 8, 9, 8, 0, 255, 0)), List.of("id", "n"), List.of(true, false));
        RecordStore store = RecordStore.heap(3);
        attributes.read(new ByteArrayInputStream("<r><p id='1'/><p id='2'><n>5</n></p></r>"
                .getBytes(StandardCharsets.UTF_8)), "in.xml", store, BadInputPolicy.FAIL);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        attributes.write(store, out);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("""
                <?xml version="1.0" encoding="UTF-8"?>
                <records xmlns="">
                  <p id="1"></p>
                  <p id="2">
                    <n>5</n>
                  </p>
                </records>
                """);

        XmlBinding onlyAttributes = new XmlBinding("p", "urn:x", List.of(new IntegerField("Q.id", -1, 0, 8, 0, 255, 0)),
                List.of("id"), List.of(true));
        store = RecordStore.heap(1);
        onlyAttributes.read(new ByteArrayInputStream("<p xmlns='urn:x' id='1'></p>".getBytes(StandardCharsets.UTF_8)),
                "in.xml", store, BadInputPolicy.FAIL);
        out.reset();
        onlyAttributes.write(store, out);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("""
                <?xml version="1.0" encoding="UTF-8"?>
                <p xmlns="urn:x" id="1"/>
                """);
    }

    @Test
    void anElementThatIsTheRecordsButForTheCaseOfItsNameOrNamespaceIsRefusedWhereItIs() throws IOException {
        assertThatThrownBy(() -> read("<doc xmlns='" + NS + "'><period id='1'><count>1</count></period>\n  <Period "
                + "id='2'><count>2</count></Period></doc>")).isInstanceOf(TextInputException.class).hasMessage(
                "in.xml:2:18: error: unexpected element <Period> in the namespace \"urn:test\" where the record "
                        + "element <period> in the namespace \"urn:test\" was expected; names and namespaces must "
                        + "match exactly, case included");
        assertThatThrownBy(() -> read("<doc xmlns='urn:TEST'><period id='1'><count>1</count></period></doc>"))
                .hasMessageStartingWith("in.xml:1:38: error: unexpected element <period> in the namespace "
                        + "\"urn:TEST\" where the record element <period> in the namespace \"urn:test\"");

        // Skipping goes on after the mistaken element, and counts it.
        List<TextInputException> skipped = new java.util.ArrayList<>();
        RecordStore store = RecordStore.heap(3);
        TextReadResult result = BINDING.read(new ByteArrayInputStream(("<doc xmlns='" + NS + "'><PERIOD id='1'>"
                + "<count>1</count></PERIOD><period id='2'><count>2</count></period></doc>")
                .getBytes(StandardCharsets.UTF_8)), "in.xml", store, BadInputPolicy.skip(skipped::add));
        assertThat(result).isEqualTo(new TextReadResult(1, 1));
        assertThat(skipped).singleElement().extracting(TextInputException::reason).asString()
                .startsWith("unexpected element <PERIOD>");
    }

    @Test
    void aDocumentWithoutRecordsButWithTheRecordsNameInAnotherNamespaceIsRefusedAtTheFirst() {
        assertThatThrownBy(() -> read("<doc xmlns='urn:test:v2'>\n<period id='1'><count>1</count></period></doc>"))
                .isInstanceOf(TextInputException.class).hasMessage("in.xml:2:16: error: unexpected element <period> "
                        + "in the namespace \"urn:test:v2\" where the record element <period> in the namespace "
                        + "\"urn:test\" was expected, and the document has no record element; names and "
                        + "namespaces must match exactly, case included");
        assertThatThrownBy(() -> read("<period id='1'><count>1</count></period>"))
                .hasMessageContaining("<period> in no namespace where the record element <period> in the "
                        + "namespace \"urn:test\" was expected, and the document has no record element");
    }

    @Test
    void attributesThatAreNoFieldAreErrorsButXsiAttributesAreNot() throws IOException {
        assertThatThrownBy(() -> read("<period xmlns='" + NS + "' id='1' scheme='x'>\n<count>1</count></period>"))
                .hasMessageStartingWith("in.xml:1:")
                .hasMessageContaining("unknown attribute scheme on <period>; its attributes: id");
        assertThatThrownBy(() -> read("<period xmlns='" + NS + "' xmlns:o='urn:o' id='1' o:id='2'><count>1</count>"
                + "</period>")).hasMessageContaining("unknown attribute o:id on <period>");

        RecordStore store = read("<period xmlns='" + NS + "' xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'"
                + " xsi:schemaLocation='urn:test t.xsd' id='1'><count>2</count></period>");
        assertThat(BitFields.read(store.chunkOf(0), store.offsetOf(0), 0, 16)).isEqualTo(1 | 2 << 8);
    }

    @Test
    void documentTypeDeclarationsAreRefused() {
        assertThatThrownBy(() -> read("<?xml version='1.0'?>\n<!DOCTYPE period [<!ENTITY x SYSTEM 'file:///etc/passwd'>]>"
                + "\n<period xmlns='" + NS + "' id='1'><count>&x;</count></period>"))
                .isInstanceOf(TextInputException.class).hasMessageContaining("malformed XML");
    }
}
