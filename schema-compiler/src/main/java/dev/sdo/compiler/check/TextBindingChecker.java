package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.diagnostics.SourcePosition;
import dev.sdo.compiler.model.Annotation;
import dev.sdo.compiler.model.CsvOptions;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.Schema;
import dev.sdo.compiler.model.TypeNotation;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Text bindings that would fail or lose data at run time. Records bound to CSV ({@code @csv}) with fields a column
 * cannot carry (nested records, unions and lists; unbounded numbers, not yet), two fields of one column, and a
 * delimiter the CSV reader cannot use; and, for CSV and XML alike, a {@code @csv(format)} that the field's values
 * do not survive: every value is written in the format and read back, so a format must hold the whole value
 * ({@code HH:mm} drops seconds, {@code yyyy-MM-dd HH:mm} is no date pattern), and timestamps have no format.
 * Reported at the field (or the record's {@code @csv}), so that generation never meets them.
 */
final class TextBindingChecker {
    private final Diagnostics diagnostics;

    TextBindingChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void check(Schema schema) {
        for (RecordType record : schema.records()) {
            for (Field field : record.fields()) {
                checkFormat(field);
            }
            Optional<Annotation> csv = record.annotations().stream().filter(a -> a.name().equals("csv")).findFirst();
            if (csv.isEmpty()) {
                continue;
            }
            checkDelimiter(CsvOptions.of(record), csv.get().position());
            Map<String, Field> columns = new HashMap<>();
            for (Field field : record.fields()) {
                String column = CsvOptions.of(field).column().orElse(field.name());
                Field other = columns.putIfAbsent(column, field);
                if (other != null) {
                    diagnostics.error(field.position(), "field '" + field.name() + "' reads column \"" + column
                            + "\", which field '" + other.name() + "' (" + Positions.where(other.position(),
                            field.position()) + ") already reads: each column is one field");
                }
                // A record holding itself is reported as a cycle, which it first is.
                if (field.type() instanceof RecordRef nested && !nested.name().equals(record.name())) {
                    diagnostics.error(field.position(), "field '" + field.name() + "' holds record '"
                            + nested.name().simpleName() + "', which a CSV column cannot: a row is one line of "
                            + "single values, and @csv does not flatten a record into columns; bind the record "
                            + "to XML, or declare the values as fields of '" + record.name().simpleName() + "'");
                } else if (field.type() instanceof FieldType.UnionRef union) {
                    diagnostics.error(field.position(), "field '" + field.name() + "' holds union '"
                            + union.name().simpleName() + "', which a CSV column cannot: a row has one value per"
                            + " column, not a choice of types");
                } else if (field.type().isList()) {
                    diagnostics.error(field.position(), "field '" + field.name() + "' ("
                            + TypeNotation.of(field.type()) + ") is a list, which a CSV column cannot hold: a row "
                            + "has one value per column, and CSV has no way to repeat one; bind the record to XML");
                } else if (field.type() instanceof FieldType.BigDecimalType
                        || field.type() instanceof FieldType.BigIntegerType) {
                    diagnostics.error(field.position(), "field '" + field.name() + "' ("
                            + TypeNotation.of(field.type()) + ") has a variable length, but @csv bindings of "
                            + "unbounded numbers are not supported yet");
                }
            }
        }
    }

    /** The reader splits bytes at the delimiter and quotes with {@code "}: it must be plain ASCII of its own. */
    private void checkDelimiter(CsvOptions csv, SourcePosition position) {
        // One character or none: AnnotationRules reported any other.
        if (csv.delimiter().filter(delimiter -> delimiter.length() == 1).isPresent()) {
            char c = csv.delimiterOrComma();
            if (c >= 0x80 || c == '"' || c == '\n' || c == '\r') {
                diagnostics.error(position, "the CSV delimiter must be an ASCII character other than a quote"
                        + " or a line break, not " + (c >= 0x20 && c < 0x7F ? "'" + c + "'"
                        : String.format("U+%04X", (int) c)));
            }
        }
    }

    private void checkFormat(Field field) {
        Optional<String> format = CsvOptions.of(field).format();
        if (format.isEmpty()) {
            return;
        }
        SourcePosition position = field.annotations().stream().filter(a -> a.name().equals("csv"))
                .map(Annotation::position).findFirst().orElse(field.position());
        String problem = TextFormats.problem(field.type(), format.get());
        if (problem != null) {
            diagnostics.error(position, "format \"" + format.get() + "\" of field '" + field.name() + "' " + problem);
        }
    }
}
