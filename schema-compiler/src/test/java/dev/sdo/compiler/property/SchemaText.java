package dev.sdo.compiler.property;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Writes generated declarations as {@code .sdo} text, varying what the language leaves free: declaration order
 * (types used before they are declared), spacing, comments, doc comments, digit separators.
 */
final class SchemaText {
    private final Random random;

    SchemaText(Random random) {
        this.random = random;
    }

    String render(String packageName, List<String> imports, List<TestEnum> enums, List<TestRecord> records) {
        return render(packageName, imports, enums, List.of(), records);
    }

    /**
     * The text; records that extend another keep their relative order (an abstract record's union has its concrete
     * extensions in declaration order), everything else is shuffled.
     */
    String render(String packageName, List<String> imports, List<TestEnum> enums, List<TestUnion> unions,
            List<TestRecord> records) {
        StringBuilder text = new StringBuilder();
        if (random.nextBoolean()) {
            text.append("// a random schema\n");
        }
        text.append("package ").append(packageName).append(";\n\n");
        for (String file : imports) {
            text.append("import \"").append(file).append("\";\n");
        }
        List<Runnable> declarations = new ArrayList<>();
        for (TestEnum e : enums) {
            declarations.add(() -> enumDeclaration(text, e));
        }
        for (TestUnion u : unions) {
            declarations.add(() -> unionDeclaration(text, u));
        }
        List<Runnable> extensions = new ArrayList<>();
        for (TestRecord r : records) {
            Runnable declaration = () -> recordDeclaration(text, r);
            declarations.add(declaration);
            if (r.base() != null) {
                extensions.add(declaration);
            }
        }
        Collections.shuffle(declarations, random);
        // the extensions back in their order, in the places the shuffle gave them
        int next = 0;
        for (int i = 0; i < declarations.size(); i++) {
            if (extensions.contains(declarations.get(i))) {
                declarations.set(i, extensions.get(next++));
            }
        }
        declarations.forEach(Runnable::run);
        return text.toString();
    }

    private void enumDeclaration(StringBuilder text, TestEnum e) {
        text.append('\n');
        if (random.nextInt(3) == 0) {
            text.append("/** Enum ").append(e.name()).append(". */\n");
        }
        text.append("enum ").append(e.name()).append(" {");
        List<String> constants = e.constants();
        for (int i = 0; i < constants.size(); i++) {
            text.append(i == 0 ? " " : random.nextInt(10) == 0 ? ",\n    " : ", ").append(constants.get(i));
        }
        text.append(" }\n");
    }

    private void recordDeclaration(StringBuilder text, TestRecord r) {
        text.append('\n');
        if (random.nextInt(3) == 0) {
            text.append("/* record ").append(r.name()).append(" */\n");
        }
        if (r.compact()) {
            text.append(random.nextInt(4) == 0 ? "@compact " : "@compact\n");
        }
        text.append(r.isAbstract() ? "abstract record " : "record ").append(r.name());
        if (r.base() != null) {
            text.append(" extends ").append(r.base().name());
        }
        text.append(random.nextBoolean() ? " {\n" : "\n{\n");
        fields(text, r.ownFields());
        text.append("}\n");
    }

    private void unionDeclaration(StringBuilder text, TestUnion u) {
        text.append('\n');
        if (random.nextInt(3) == 0) {
            text.append("/** Union ").append(u.name()).append(". */\n");
        }
        text.append("union ").append(u.name()).append(random.nextBoolean() ? " {\n" : "\n{\n");
        fields(text, u.alternatives().stream()
                .map(a -> new TestField(a.name(), a.type(), false, a.as(), a.doc())).toList());
        text.append("}\n");
    }

    private void fields(StringBuilder text, List<TestField> fields) {
        for (TestField field : fields) {
            if (field.doc() != null) {
                text.append("    /** ").append(field.doc().replace("\n", "\n     * ")).append(" */\n");
            }
            String colon = random.nextInt(5) == 0 ? " : " : ": ";
            text.append(random.nextInt(10) == 0 ? "\t" : "    ").append(field.name()).append(colon)
                    .append(type(field.type()));
            if (field.optional()) {
                text.append(" optional");
            }
            if (field.as() != TestField.JavaAs.NONE) {
                text.append(" as ").append(field.as().written);
            }
            if (field.hasDefault()) {
                text.append(random.nextBoolean() ? " = " : "=").append(field.defaultText());
            }
            text.append(random.nextInt(8) == 0 ? " ;" : ";");
            if (random.nextInt(20) == 0) {
                text.append(" // field ").append(field.name());
            }
            text.append('\n');
        }
    }

    private String type(TestType type) {
        if (type instanceof TestType.Bool) {
            return "bool";
        } else if (type instanceof TestType.FixedInt t) {
            return t.keyword();
        } else if (type instanceof TestType.Range t) {
            return "int(" + integer(t.lo(), t.underscores()) + ".." + integer(t.hi(), t.underscores()) + ")";
        } else if (type instanceof TestType.Floating t) {
            return "float" + t.bits();
        } else if (type instanceof TestType.Decimal t) {
            return (t.signed() ? "decimal(" : "udecimal(") + t.precision() + (random.nextBoolean() ? ", " : ",")
                    + t.scale() + ")";
        } else if (type instanceof TestType.Date t) {
            return t.bounded() ? "date(" + date(t.lo()) + ".." + date(t.hi()) + ")" : "date";
        } else if (type instanceof TestType.Time t) {
            return t.digits() == 3 && random.nextBoolean() ? "time" : "time(" + TestType.unit(t.digits()) + ")";
        } else if (type instanceof TestType.Timestamp t) {
            String word = t.local() ? "localtimestamp" : "timestamp";
            if (t.bounded()) {
                return word + "(" + TestType.unit(t.digits()) + ", " + date(t.lo()) + ".." + date(t.hi()) + ")";
            }
            return t.digits() == 3 && random.nextBoolean() ? word : word + "(" + TestType.unit(t.digits()) + ")";
        } else if (type instanceof TestType.Chars t) {
            return t.written() == null ? "char(" + t.length() + ")"
                    : "char(" + t.length() + ", \"" + t.written().replace("\\", "\\\\").replace("\"", "\\\"") + "\")";
        } else if (type instanceof TestType.EnumRef t) {
            return t.type().name();
        } else if (type instanceof TestType.RecordRef t) {
            return t.type().name();
        } else if (type instanceof TestType.ListOf t) {
            return "list<" + type(t.element()) + ">";
        } else if (type instanceof TestType.Str) {
            return "string";
        } else if (type instanceof TestType.Blob) {
            return "bytes";
        } else if (type instanceof TestType.UnionRef t) {
            return t.union().name();
        } else if (type instanceof TestType.Unbounded t) {
            return t.integer() ? "integer" : "decimal";
        }
        throw new IllegalArgumentException("unknown type " + type);
    }

    /** A string literal: {@code "} and {@code \\} escaped. */
    static String literal(String value) {
        return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    /** A decimal literal, with digits grouped by three with '_' when asked. */
    private static String integer(long value, boolean underscores) {
        String digits = Long.toString(value);
        if (!underscores) {
            return digits;
        }
        boolean negative = digits.startsWith("-");
        String magnitude = negative ? digits.substring(1) : digits;
        StringBuilder grouped = new StringBuilder();
        for (int i = 0; i < magnitude.length(); i++) {
            if (i > 0 && (magnitude.length() - i) % 3 == 0) {
                grouped.append('_');
            }
            grouped.append(magnitude.charAt(i));
        }
        return (negative ? "-" : "") + grouped;
    }

    private static String date(java.time.LocalDate date) {
        return String.format("%04d-%02d-%02d", date.getYear(), date.getMonthValue(), date.getDayOfMonth());
    }
}
