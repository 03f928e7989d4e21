package dev.sdo.compiler.model;

import java.util.List;
import java.util.Optional;

/**
 * A declaration's {@code @csv} annotation, read once into typed options (its keys and their kinds are checked by
 * {@link AnnotationRules}): what the CSV binding and its checks read, never the annotation's arguments by name.
 *
 * @param declared whether the declaration is annotated {@code @csv} at all (a record then gets a CSV binding)
 * @param column a field's column name, when {@code @csv(column)} gives one
 * @param format a date or time field's pattern, when {@code @csv(format)} gives one (the XML binding shares it)
 * @param header a record's {@code @csv(header)}: whether files start with a header row (yes unless it says no)
 * @param delimiter a record's {@code @csv(delimiter)}, as written (one character once checked), when it gives one
 */
public record CsvOptions(boolean declared, Optional<String> column, Optional<String> format, boolean header,
        Optional<String> delimiter) {

    /** The options of the declaration whose annotations are {@code annotations}. */
    public static CsvOptions of(List<Annotation> annotations) {
        Optional<Annotation> csv = Annotations.named(annotations, "csv");
        return new CsvOptions(csv.isPresent(), Annotations.string(csv, "column"), Annotations.string(csv, "format"),
                Annotations.flag(csv, "header", true),
                Annotations.string(csv, "delimiter"));
    }

    public static CsvOptions of(RecordType record) {
        return of(record.annotations());
    }

    public static CsvOptions of(Field field) {
        return of(field.annotations());
    }

    /** The delimiter of a checked record: its own, or a comma. */
    public char delimiterOrComma() {
        return delimiter.map(d -> d.charAt(0)).orElse(',');
    }
}
