package dev.sdo.runtime.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The CSV binding of records with strings, over a plain mutable class standing for a generated bean. */
class CsvBeanBindingTest {
    /** A bean: a required string, an optional string, an optional blob. */
    static final class Row {
        String name;
        String note;
        byte[] blob;

        String name() {
            return name;
        }

        String note() {
            return note;
        }

        byte[] blob() {
            return blob;
        }
    }

    private static final CsvBeanBinding<Row, Row> ROWS = CsvBeanBinding.<Row, Row>builder(Row::new, false, ',')
            .value("name", "Row.name", TextValues.csvString(), (r, v) -> r.name = v, Row::name)
            .optionalValue("note", "Row.note", TextValues.csvString(), (r, v) -> r.note = v, Row::note)
            .optionalValue("blob", "Row.blob", TextValues.bytes(), (r, v) -> r.blob = v, Row::blob)
            .build();

    @Test
    void aQuotedEmptyCellIsTheEmptyStringAndAnUnquotedOneIsAbsent() throws IOException {
        List<Row> rows = ROWS.read(input("\"\",\"\",\"\"\n,,\n"), "r.csv");
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).name).isEmpty();
        assertThat(rows.get(0).note).isEmpty();
        assertThat(rows.get(0).blob).isEmpty();
        // Required: the empty string; optional: absent.
        assertThat(rows.get(1).name).isEmpty();
        assertThat(rows.get(1).note).isNull();
        assertThat(rows.get(1).blob).isNull();
        assertThat(write(ROWS, rows)).isEqualTo("\"\",\"\",\"\"\n\"\",,\n");
    }

    @Test
    void aBadRowIsSkippedWhenThePolicySaysSoAndTheRestAreRead() throws IOException {
        List<TextInputException> skipped = new ArrayList<>();
        List<Row> rows = new ArrayList<>();
        TextReadResult result = ROWS.read(input("a,,AA==\nb,,!!\nc,\"x\"\"y\",\n"), "r.csv",
                BadInputPolicy.skip(skipped::add), rows::add);
        assertThat(result.records()).isEqualTo(2);
        assertThat(result.skipped()).isEqualTo(1);
        assertThat(skipped).singleElement().extracting(Throwable::getMessage).asString()
                .startsWith("r.csv:2:4: error: Row.blob: \"!!\" is not base64");
        assertThat(rows).extracting(Row::note).containsExactly(null, "x\"y");
    }

    @Test
    void anAbsentValueAloneOnItsRowIsRefusedRatherThanWrittenAsABlankLine() {
        CsvBeanBinding<Row, Row> notes = CsvBeanBinding.<Row, Row>builder(Row::new, true, ',')
                .optionalValue("note", "Row.note", TextValues.csvString(), (r, v) -> r.note = v, Row::note)
                .build();
        assertThatThrownBy(() -> write(notes, List.of(new Row())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Row.note: an absent value of the only column cannot be written");
    }

    @Test
    void halfASurrogatePairIsRefusedNamingTheField() {
        Row row = new Row();
        row.name = "a\uD800b";
        assertThatThrownBy(() -> write(ROWS, List.of(row)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Row.name: the unpaired surrogate U+D800 at index 1 has no UTF-8 form");
    }

    private static String write(CsvBeanBinding<Row, Row> binding, List<Row> rows) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        binding.write(rows, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static ByteArrayInputStream input(String csv) {
        return new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8));
    }
}
