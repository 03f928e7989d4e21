package dev.sdo.compiler.cli;

import dev.sdo.runtime.TimePrecision;
import dev.sdo.runtime.generic.FieldDescriptor;
import dev.sdo.runtime.generic.FieldType;
import dev.sdo.runtime.generic.RecordDescriptor;
import dev.sdo.runtime.generic.SchemaDescriptor;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A batch file's schema descriptor written back as {@code .sdo} text, for {@code sdoc schema}: the package, the
 * enums and records it describes, each field with its type, {@code optional}, default and {@code @since}; a schema
 * that lays out the same bits, so that compiled it reads the file ({@code sdoc dump --schema}). The descriptor has no
 * doc comments, bindings or Java types ({@code as}), which change no bit, and cannot say which unions are optional:
 * a descriptor with unions is refused, as is one of records in several packages (one {@code .sdo} file has one).
 */
final class DescriptorText {
    /** Thrown for a descriptor this class does not write as text; the message says what. */
    static final class Unwritable extends Exception {
        private static final long serialVersionUID = 1L;

        Unwritable(String message) {
            super(message, null, false, false);
        }
    }

    private static final LocalDate FIRST_DATE = LocalDate.of(1, 1, 1);
    private static final LocalDate LAST_DATE = LocalDate.of(9999, 12, 31);

    private DescriptorText() {}

    static String of(SchemaDescriptor schema) throws Unwritable {
        String packageName = packageOf(schema.record().name());
        Map<String, FieldType.Enumeration> enums = new LinkedHashMap<>();
        StringBuilder records = new StringBuilder();
        for (RecordDescriptor record : schema.records()) {
            if (!packageOf(record.name()).equals(packageName)) {
                throw new Unwritable("the schema's records are in more than one package (" + packageName + ", "
                        + packageOf(record.name()) + "), which one .sdo file cannot hold");
            }
            records.append("\nrecord ").append(record.simpleName()).append(" {\n");
            for (FieldDescriptor field : record.fields()) {
                records.append("    ").append(field.name()).append(": ")
                        .append(type(field.type(), schema, enums, packageName));
                if (field.defaultText() != null) {
                    records.append(" = ").append(literal(field));
                } else if (field.optional()) {
                    records.append(" optional");
                }
                if (field.since() > 1) {
                    records.append(" @since(").append(field.since()).append(')');
                }
                records.append(";\n");
            }
            records.append("}\n");
        }
        StringBuilder text = new StringBuilder("package ").append(packageName).append(";\n");
        for (FieldType.Enumeration enumeration : enums.values()) {
            text.append("\nenum ").append(simpleName(enumeration.name())).append(" { ")
                    .append(String.join(", ", enumeration.constants())).append(" }\n");
        }
        return text.append(records).toString();
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

    private static String type(FieldType type, SchemaDescriptor schema, Map<String, FieldType.Enumeration> enums,
            String packageName) throws Unwritable {
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
            return "char(" + c.length() + ", " + quoted(alphabet(c.alphabet())) + ")";
        } else if (type instanceof FieldType.Enumeration e) {
            if (!packageOf(e.name()).equals(packageName)) {
                throw new Unwritable("enum " + e.name() + " is in another package than " + packageName);
            }
            enums.putIfAbsent(e.name(), e);
            return simpleName(e.name());
        } else if (type instanceof FieldType.Nested n) {
            return schema.records().get(n.record()).simpleName();
        } else if (type instanceof FieldType.Text) {
            return "string";
        } else if (type instanceof FieldType.Blob) {
            return "bytes";
        } else if (type instanceof FieldType.ListOf l) {
            return "list<" + type(l.element(), schema, enums, packageName) + ">";
        } else if (type instanceof FieldType.AnyDecimal) {
            return "decimal";
        } else if (type instanceof FieldType.AnyInteger) {
            return "integer";
        }
        throw new Unwritable("union " + schema.unions().get(((FieldType.Union) type).union()).name()
                + ": sdoc schema does not write unions yet");
    }

    /** A default as the schema writes it: characters and strings quoted, the rest as they are. */
    private static String literal(FieldDescriptor field) {
        return field.type() instanceof FieldType.Chars || field.type() instanceof FieldType.Text
                ? quoted(field.defaultText()) : field.defaultText();
    }

    /**
     * An expanded alphabet written as the schema writes alphabets: runs of three or more consecutive characters as a
     * range {@code X-Y}, a literal {@code -} first (the only place it may be).
     */
    private static String alphabet(String expanded) throws Unwritable {
        int dash = expanded.indexOf('-');
        if (dash > 0) {
            throw new Unwritable("the alphabet \"" + expanded + "\" has '-' at index " + dash
                    + ", which an alphabet can write only first");
        }
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

    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String packageOf(String name) {
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(0, dot);
    }

    private static String simpleName(String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }
}
