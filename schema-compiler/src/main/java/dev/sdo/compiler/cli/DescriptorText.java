package dev.sdo.compiler.cli;

import dev.sdo.runtime.generic.DescriptorFormat;
import dev.sdo.runtime.generic.FieldDescriptor;
import dev.sdo.runtime.generic.FieldType;
import dev.sdo.runtime.generic.RecordDescriptor;
import dev.sdo.runtime.generic.SchemaDescriptor;
import dev.sdo.runtime.generic.TypeText;
import dev.sdo.runtime.generic.UnionDescriptor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * A batch file's schema descriptor written back as {@code .sdo} text, for {@code sdoc schema}: the package, the
 * enums, unions and records it describes, abstract records and what extends what, each field with its type,
 * {@code optional}, default, {@code @since} and {@code @alias}, {@code @compact} records, enum constants and union
 * alternatives with their {@code @since}: a schema that lays out the same bits with the same layout fingerprints, so
 * that compiled it reads the file ({@code sdoc dump --schema}). The descriptor has no doc comments, bindings or Java
 * types ({@code as}), which change no bit. Refused: a version-1 descriptor with unions (it does not say which are
 * optional), and one of records in several packages (one {@code .sdo} file has one).
 */
final class DescriptorText {
    /** Thrown for a descriptor this class does not write as text; the message says what. */
    static final class Unwritable extends Exception {
        private static final long serialVersionUID = 1L;

        Unwritable(String message) {
            super(message, null, false, false);
        }
    }

    private final SchemaDescriptor schema;
    private final String packageName;
    private final Map<String, SchemaDescriptor.EnumDeclaration> enums = new LinkedHashMap<>();

    private DescriptorText(SchemaDescriptor schema) {
        this.schema = schema;
        this.packageName = packageOf(schema.record().name());
    }

    static String of(SchemaDescriptor schema) throws Unwritable {
        return new DescriptorText(schema).text();
    }

    private String text() throws Unwritable {
        StringBuilder records = new StringBuilder();
        for (int index : declarationOrder()) {
            record(schema.records().get(index), records);
        }
        StringBuilder unions = new StringBuilder();
        for (UnionDescriptor union : schema.unions()) {
            if (!union.fromAbstract()) {
                union(union, unions);
            }
        }
        StringBuilder text = new StringBuilder("package ").append(packageName).append(";\n");
        for (SchemaDescriptor.EnumDeclaration enumeration : enums.values()) {
            text.append("\nenum ").append(simpleName(enumeration.name())).append(" { ");
            for (int i = 0; i < enumeration.constants().size(); i++) {
                text.append(i == 0 ? "" : ", ").append(enumeration.constants().get(i))
                        .append(since(enumeration.since().get(i)));
            }
            text.append(" }\n");
        }
        return text.append(unions).append(records).toString();
    }

    private void record(RecordDescriptor record, StringBuilder text) throws Unwritable {
        inPackage("record", record.name());
        text.append('\n').append(record.isCompact() ? "@compact\n" : "")
                .append(record.isAbstract() ? "abstract record " : "record ").append(record.simpleName());
        int inherited = 0;
        if (record.base() >= 0) {
            RecordDescriptor base = schema.records().get(record.base());
            inPackage("record", base.name());
            text.append(" extends ").append(base.simpleName());
            inherited = base.fields().size();
        }
        text.append(" {\n");
        for (FieldDescriptor field : record.fields().subList(inherited, record.fields().size())) {
            text.append("    ").append(field.name()).append(": ").append(type(field.type()));
            if (field.defaultText() != null) {
                text.append(" = ").append(field.defaultLiteral() != null ? field.defaultLiteral() : literal(field));
            } else if (field.optional()) {
                text.append(" optional");
            }
            text.append(since(field.since()));
            if (field.alias() != null) {
                text.append(" @alias(").append(TypeText.quoted(field.alias())).append(')');
            }
            text.append(";\n");
        }
        text.append("}\n");
    }

    private void union(UnionDescriptor union, StringBuilder text) throws Unwritable {
        inPackage("union", union.name());
        text.append("\nunion ").append(simpleName(union.name())).append(" {\n");
        for (UnionDescriptor.Alternative alternative : union.alternatives()) {
            text.append("    ").append(alternative.name()).append(": ").append(type(alternative.type()))
                    .append(since(alternative.since())).append(";\n");
        }
        text.append("}\n");
    }

    /**
     * The order to declare the records in: an abstract record's union has its concrete extensions in the order the
     * schema declares them, so each such union's alternatives keep their order; otherwise a record's bases come
     * before it, and records come in the descriptor's order.
     */
    private List<Integer> declarationOrder() throws Unwritable {
        int count = schema.records().size();
        List<Integer> preferred = new ArrayList<>();
        boolean[] placed = new boolean[count];
        for (int i = 0; i < count; i++) {
            withBasesFirst(i, placed, preferred);
        }
        int[] rank = new int[count];
        for (int i = 0; i < count; i++) {
            rank[preferred.get(i)] = i;
        }
        List<List<Integer>> after = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            after.add(new ArrayList<>());
        }
        int[] before = new int[count];
        for (UnionDescriptor union : schema.unions()) {
            if (!union.fromAbstract()) {
                continue;
            }
            int previous = -1;
            for (UnionDescriptor.Alternative alternative : union.alternatives()) {
                if (!(alternative.type() instanceof FieldType.Nested nested)) {
                    throw new Unwritable("union " + union.name() + " of an abstract record has alternative "
                            + alternative.name() + ", which is not a record");
                }
                if (previous >= 0) {
                    after.get(previous).add(nested.record());
                    before[nested.record()]++;
                }
                previous = nested.record();
            }
        }
        PriorityQueue<Integer> ready = new PriorityQueue<>((a, b) -> Integer.compare(rank[a], rank[b]));
        for (int i = 0; i < count; i++) {
            if (before[i] == 0) {
                ready.add(i);
            }
        }
        List<Integer> order = new ArrayList<>();
        while (!ready.isEmpty()) {
            int next = ready.poll();
            order.add(next);
            for (int later : after.get(next)) {
                if (--before[later] == 0) {
                    ready.add(later);
                }
            }
        }
        if (order.size() != count) {
            throw new Unwritable("the unions of abstract records order their extensions in ways no declaration "
                    + "order gives");
        }
        return order;
    }

    private void withBasesFirst(int index, boolean[] placed, List<Integer> order) {
        if (placed[index]) {
            return;
        }
        placed[index] = true;
        int base = schema.records().get(index).base();
        if (base >= 0) {
            withBasesFirst(base, placed, order);
        }
        order.add(index);
    }

    /**
     * {@code type} as the schema spells it ({@link TypeText}), once it is known to be writable: its enums, which it
     * collects, in the package, unions described fully (version 2), and alphabets a schema can write.
     */
    private String type(FieldType type) throws Unwritable {
        FieldType element = type;
        while (element instanceof FieldType.ListOf list) {
            element = list.element();
        }
        if (element instanceof FieldType.Enumeration e) {
            inPackage("enum", e.name());
            enums.putIfAbsent(e.name(), schema.enumNamed(e.name()));
        } else if (element instanceof FieldType.Union u && schema.version() < DescriptorFormat.SECOND_VERSION) {
            throw new Unwritable("union " + schema.unions().get(u.union()).name() + ": the file's schema "
                    + "descriptor (version " + schema.version() + ", written before unions were described fully) "
                    + "does not say which union fields are optional; read the file with the schema that wrote it");
        } else if (element instanceof FieldType.Chars c && !TypeText.writable(c.alphabet())) {
            throw new Unwritable("the alphabet \"" + c.alphabet() + "\" has '-' at index " + c.alphabet().indexOf('-')
                    + ", which an alphabet can write only first");
        }
        return TypeText.of(type, schema);
    }

    private void inPackage(String what, String name) throws Unwritable {
        if (!packageOf(name).equals(packageName)) {
            throw new Unwritable("the schema's declarations are in more than one package (" + packageName + ", "
                    + what + " " + name + "), which one .sdo file cannot hold");
        }
    }

    /** {@code @since(v)} after a declaration of a later version than the first; nothing for version 1. */
    private static String since(int version) {
        return version > 1 ? " @since(" + version + ")" : "";
    }

    /**
     * A default of a version-1 descriptor, which has its value but not its literal: characters and strings quoted,
     * the rest as they are.
     */
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
