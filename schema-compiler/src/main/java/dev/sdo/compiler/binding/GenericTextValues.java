package dev.sdo.compiler.binding;

import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.runtime.Alphabet;
import dev.sdo.runtime.text.DatePattern;
import dev.sdo.runtime.text.TextValue;
import dev.sdo.runtime.text.TextValues;
import java.util.List;

/**
 * The text of the values of the generic engine ({@code dev.sdo.runtime.generic}), for the CSV and XML bindings built
 * from the schema alone: each type's {@link TextValue} with the Java type {@code GenericRecord.get} reads for it
 * (every bounded integer a {@code Long}, an enum its constant's name), by the same text rules as the generated
 * bindings', whose Java types are the getters'.
 */
public final class GenericTextValues {
    private GenericTextValues() {}

    /**
     * A field's default as the generic engine has it: {@link FieldLayout#defaultValue}'s value but a
     * {@code float32}'s as a {@code Float}, as {@code GenericRecord.get} reads one.
     */
    public static Object defaultOf(FieldLayout placed) {
        Object value = placed.defaultValue();
        if (value instanceof Double number && placed.encoding() instanceof Encoding.Floating floating
                && floating.bits() == Float.SIZE) {
            return number.floatValue();
        }
        return value;
    }

    /**
     * The text value of a value of {@code type} (a field's, an alternative's or a list item's).
     *
     * @param format the field's date or time pattern, or null for ISO
     * @param constantTexts for an enum, each constant's text (XML's {@code @xml(name)}); null for their names
     */
    public static TextValue<?> of(Encoding type, String format, List<String> constantTexts) {
        return type.accept(new Encoding.Visitor<TextValue<?>>() {
            @Override
            public TextValue<?> bool(Encoding.Bool encoding) {
                return TextValues.bool();
            }

            @Override
            public TextValue<?> integer(Encoding.Int encoding) {
                return encoding.kind().unsigned64() ? TextValues.uint64()
                        : TextValues.int64(encoding.kind().min(), encoding.kind().max());
            }

            @Override
            public TextValue<?> range(Encoding.Range encoding) {
                return TextValues.int64(encoding.lo(), encoding.hi());
            }

            @Override
            public TextValue<?> floating(Encoding.Floating encoding) {
                return encoding.bits() == Float.SIZE ? TextValues.float32() : TextValues.float64();
            }

            @Override
            public TextValue<?> decimal(Encoding.Decimal encoding) {
                return TextValues.decimal(encoding.precision(), encoding.scale(), encoding.signed());
            }

            @Override
            public TextValue<?> date(Encoding.Date encoding) {
                return TextValues.date(encoding.lo(), encoding.hi(),
                        new DatePattern(format == null ? "uuuu-MM-dd" : format));
            }

            @Override
            public TextValue<?> time(Encoding.Time encoding) {
                return encoding.millis() ? TextValues.time(format) : TextValues.time(format, encoding.precision());
            }

            @Override
            public TextValue<?> timestamp(Encoding.Timestamp encoding) {
                if (encoding.plain()) {
                    return TextValues.timestamp();
                }
                return encoding.local()
                        ? TextValues.localTimestamp(encoding.precision(), encoding.lo(), encoding.hi())
                        : TextValues.timestamp(encoding.precision(), encoding.lo(), encoding.hi());
            }

            @Override
            public TextValue<?> chars(Encoding.Chars encoding) {
                return TextValues.chars(encoding.length(), new Alphabet(encoding.alphabet()));
            }

            @Override
            public TextValue<?> enumeration(Encoding.Enumeration encoding) {
                List<String> names = encoding.type().constants().stream().map(c -> c.name()).toList();
                return TextValues.enumeration(names, constantTexts != null ? constantTexts : names);
            }

            @Override
            public TextValue<?> string(Encoding.Text encoding) {
                return TextValues.string();
            }

            @Override
            public TextValue<?> bytes(Encoding.Blob encoding) {
                return TextValues.bytes();
            }

            @Override
            public TextValue<?> bigDecimal(Encoding.AnyDecimal encoding) {
                return TextValues.decimal();
            }

            @Override
            public TextValue<?> bigInteger(Encoding.AnyInteger encoding) {
                return TextValues.integer();
            }

            @Override
            public TextValue<?> record(Encoding.Nested encoding) {
                throw notAValue(encoding);
            }

            @Override
            public TextValue<?> list(Encoding.ListOf encoding) {
                throw notAValue(encoding);
            }

            @Override
            public TextValue<?> union(Encoding.Union encoding) {
                throw notAValue(encoding);
            }

            private IllegalArgumentException notAValue(Encoding encoding) {
                // The bindings map records, lists and unions to elements of their own (or to none), never to one text.
                return new IllegalArgumentException("not a single value: " + encoding);
            }
        });
    }
}
