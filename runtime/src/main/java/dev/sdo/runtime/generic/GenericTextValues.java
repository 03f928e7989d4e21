package dev.sdo.runtime.generic;

import dev.sdo.runtime.Alphabet;
import dev.sdo.runtime.TimePrecision;
import dev.sdo.runtime.text.DatePattern;
import dev.sdo.runtime.text.TextValue;
import dev.sdo.runtime.text.TextValues;
import java.time.LocalDate;
import java.util.List;

/**
 * The {@link TextValue} of a described field type that holds one value (a scalar, a string, a blob, an unbounded
 * number): how text read and written without generated classes ({@code sdoc}'s CSV, JSON and XML of every record)
 * parses a value into what {@link RecordValues} holds and {@link GenericWriter} encodes, and formats what
 * {@link GenericRecord#get} reads. They are the text values generated bindings use
 * for the same types (the same text accepted, the same checks and messages), with the Java types of
 * {@link GenericRecord#get}: a {@code Long} for every bounded integer, the constant's name for an enum.
 */
public final class GenericTextValues {
    private static final String ISO_DATE = "uuuu-MM-dd";

    private GenericTextValues() {}

    /**
     * The text value of values of {@code type}.
     *
     * @param pattern a date's or time's pattern ({@code @csv(format)}), or null for ISO-8601
     * @param csv whether the text is a CSV cell: a {@code string} takes any character (else XML 1.0's)
     * @throws IllegalArgumentException for a nested record, a list or a union, which are no single value
     */
    public static TextValue<?> of(FieldType type, String pattern, boolean csv) {
        return of(type, pattern, csv, null);
    }

    /**
     * The text value of values of {@code type}, an enum's constants written as {@code constantTexts} (XML's
     * {@code @xml(name)}, in the constants' order) rather than by their names; null for their names.
     *
     * @throws IllegalArgumentException for a nested record, a list or a union, which are no single value
     */
    public static TextValue<?> of(FieldType type, String pattern, boolean csv, List<String> constantTexts) {
        if (type instanceof FieldType.Bool) {
            return TextValues.bool();
        } else if (type instanceof FieldType.Int i) {
            return TextValues.int64(i.min(), i.max());
        } else if (type instanceof FieldType.Range r) {
            return TextValues.int64(r.lo(), r.hi());
        } else if (type instanceof FieldType.Unsigned64) {
            return TextValues.uint64();
        } else if (type instanceof FieldType.Floating f) {
            return f.bitCount() == Float.SIZE ? TextValues.float32() : TextValues.float64();
        } else if (type instanceof FieldType.Decimal d) {
            return TextValues.decimal(d.precision(), d.scale(), d.signed());
        } else if (type instanceof FieldType.Date d) {
            return TextValues.date(LocalDate.ofEpochDay(d.loEpochDay()), LocalDate.ofEpochDay(d.hiEpochDay()),
                    new DatePattern(pattern == null ? ISO_DATE : pattern));
        } else if (type instanceof FieldType.Time t) {
            return t.precision() == TimePrecision.MILLIS ? TextValues.time(pattern)
                    : TextValues.time(pattern, t.precision());
        } else if (type instanceof FieldType.Timestamp t) {
            return t.local() ? TextValues.localTimestamp(t.precision(), t.lo(), t.hi())
                    : TextValues.timestamp(t.precision(), t.lo(), t.hi());
        } else if (type instanceof FieldType.Chars c) {
            return TextValues.chars(c.length(), new Alphabet(c.alphabet()));
        } else if (type instanceof FieldType.Enumeration e) {
            return TextValues.enumeration(e.constants(), constantTexts == null ? e.constants() : constantTexts);
        } else if (type instanceof FieldType.Text) {
            return csv ? TextValues.csvString() : TextValues.string();
        } else if (type instanceof FieldType.Blob) {
            return TextValues.bytes();
        } else if (type instanceof FieldType.AnyDecimal) {
            return TextValues.decimal();
        } else if (type instanceof FieldType.AnyInteger) {
            return TextValues.integer();
        }
        throw new IllegalArgumentException("a " + type.getClass().getSimpleName().toLowerCase()
                + " is no single value: it has no text value of its own");
    }
}
