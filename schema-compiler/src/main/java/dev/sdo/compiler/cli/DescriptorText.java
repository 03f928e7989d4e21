package dev.sdo.compiler.cli;

import dev.sdo.runtime.generic.FieldDescriptor;
import dev.sdo.runtime.generic.FieldType;
import dev.sdo.runtime.generic.RecordDescriptor;
import dev.sdo.runtime.generic.SchemaDescriptor;
import dev.sdo.runtime.generic.TypeText;
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

    /**
     * {@code type} as the schema spells it ({@link TypeText}), once it is known to be writable: its enums, which it
     * collects, in {@code packageName}, no union, and alphabets a schema can write.
     */
    private static String type(FieldType type, SchemaDescriptor schema, Map<String, FieldType.Enumeration> enums,
            String packageName) throws Unwritable {
        FieldType element = type;
        while (element instanceof FieldType.ListOf list) {
            element = list.element();
        }
        if (element instanceof FieldType.Enumeration e) {
            if (!packageOf(e.name()).equals(packageName)) {
                throw new Unwritable("enum " + e.name() + " is in another package than " + packageName);
            }
            enums.putIfAbsent(e.name(), e);
        } else if (element instanceof FieldType.Union u) {
            throw new Unwritable("union " + schema.unions().get(u.union()).name()
                    + ": sdoc schema does not write unions yet");
        } else if (element instanceof FieldType.Chars c && !TypeText.writable(c.alphabet())) {
            throw new Unwritable("the alphabet \"" + c.alphabet() + "\" has '-' at index " + c.alphabet().indexOf('-')
                    + ", which an alphabet can write only first");
        }
        return TypeText.of(type, schema);
    }

    /** A default as the schema writes it: characters and strings quoted, the rest as they are. */
    private static String literal(FieldDescriptor field) {
        return field.type() instanceof FieldType.Chars || field.type() instanceof FieldType.Text
                ? TypeText.quoted(field.defaultText()) : field.defaultText();
    }

    private static String packageOf(String name) {
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(0, dot);
    }

    private static String simpleName(String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }
}
