package dev.sdo.runtime.generic;

import dev.sdo.runtime.TimePrecision;
import java.time.LocalDate;

/**
 * A described field type as a schema spells it ({@code decimal(18, 2)}, {@code timestamp(us)}, {@code list<Leg>},
 * {@code char(3, "A-Z")}): for messages that name what a file holds ({@link DescriptorDifference}) and for
 * {@code sdoc schema}, which writes a descriptor back as {@code .sdo} text. Records, enums and unions are written by
 * their simple names.
 */
public final class TypeText {
    private static final LocalDate FIRST_DATE = LocalDate.of(1, 1, 1);
    private static final LocalDate LAST_DATE = LocalDate.of(9999, 12, 31);
    /** The alphabet of {@code char(n)}: printable ASCII, 0x20 .. 0x7E. */
    private static final String PRINTABLE_ASCII = printableAscii();

    private TypeText() {}

    /** {@code type} as a schema spells it; {@code schema} names the records and unions it references. */
    public static String of(FieldType type, SchemaDescriptor schema) {
        if (type instanceof FieldType.Bool) {
            return "bool";
        } else if (type instanceof FieldType.Int i) {
            return (i.min() < 0 ? "int" : "uint") + i.bits();
        } else if (type instanceof FieldType.Range r) {
            return "int(" + r.lo() + ".." + r.hi() + ")";
        } else if (type instanceof FieldType.Floating f) {
            return "float" + f.bits();
        } else if (type instanceof FieldType.Decimal d) {
            return (d.signed() ? "decimal(" : "udecimal(") + d.precision() + ", " + d.scale() + ")";
        } else if (type instanceof FieldType.Date d) {
            LocalDate lo = LocalDate.ofEpochDay(d.loEpochDay());
            LocalDate hi = LocalDate.ofEpochDay(d.hiEpochDay());
            return lo.equals(FIRST_DATE) && hi.equals(LAST_DATE) ? "date" : "date(" + lo + ".." + hi + ")";
        } else if (type instanceof FieldType.Time t) {
            return t.precision() == TimePrecision.MILLIS ? "time" : "time(" + t.precision().symbol() + ")";
        } else if (type instanceof FieldType.Timestamp t) {
            return timestamp(t);
        } else if (type instanceof FieldType.Unsigned64) {
            return "uint64";
        } else if (type instanceof FieldType.Chars c) {
            return c.alphabet().equals(PRINTABLE_ASCII) ? "char(" + c.length() + ")"
                    : "char(" + c.length() + ", " + quoted(alphabet(c.alphabet())) + ")";
        } else if (type instanceof FieldType.Enumeration e) {
            return simpleName(e.name());
        } else if (type instanceof FieldType.Nested n) {
            return schema.records().get(n.record()).simpleName();
        } else if (type instanceof FieldType.Text) {
            return "string";
        } else if (type instanceof FieldType.Blob) {
            return "bytes";
        } else if (type instanceof FieldType.ListOf l) {
            return "list<" + of(l.element(), schema) + ">";
        } else if (type instanceof FieldType.AnyDecimal) {
            return "decimal";
        } else if (type instanceof FieldType.AnyInteger) {
            return "integer";
        }
        return simpleName(schema.unions().get(((FieldType.Union) type).union()).name());
    }

    /** {@code timestamp}, {@code timestamp(us)}, {@code localtimestamp(ns, 2000-01-01..2099-12-31)}. */
    private static String timestamp(FieldType.Timestamp t) {
        String name = t.local() ? "localtimestamp" : "timestamp";
        if (t.bounded()) {
            // The range's counts are the first unit of day lo and the last of day hi (docs/schema-reference.md).
            return name + "(" + t.precision().symbol() + ", " + t.precision().localDateTime(t.lo()).toLocalDate() + ".."
                    + t.precision().localDateTime(t.hi()).toLocalDate() + ")";
        }
        return t.precision() == TimePrecision.MILLIS ? name : name + "(" + t.precision().symbol() + ")";
    }

    /**
     * An expanded alphabet as a schema writes it: runs of three or more consecutive characters as a range
     * {@code X-Y}. A {@code -} can be written only first; {@link #writable} says whether the alphabet has one
     * elsewhere, which this writes as it is.
     */
    public static String alphabet(String expanded) {
        StringBuilder text = new StringBuilder();
        int i = 0;
        while (i < expanded.length()) {
            int end = i + 1;
            while (end < expanded.length() && expanded.charAt(end) == expanded.charAt(end - 1) + 1
                    && expanded.charAt(end) != '-') {
                end++;
            }
            if (end - i >= 3 && expanded.charAt(i) != '-') {
                text.append(expanded.charAt(i)).append('-').append(expanded.charAt(end - 1));
                i = end;
            } else {
                text.append(expanded.charAt(i));
                i++;
            }
        }
        return text.toString();
    }

    /**
     * Whether a schema can write a {@code char} of alphabet {@code expanded}: {@code char(n)}'s, or one with a
     * {@code -} only first, if at all.
     */
    public static boolean writable(String expanded) {
        return expanded.equals(PRINTABLE_ASCII) || expanded.indexOf('-') <= 0;
    }

    private static String printableAscii() {
        StringBuilder ascii = new StringBuilder();
        for (char c = 0x20; c <= 0x7E; c++) {
            ascii.append(c);
        }
        return ascii.toString();
    }

    /** {@code text} as a schema's string literal. */
    public static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String simpleName(String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }
}
