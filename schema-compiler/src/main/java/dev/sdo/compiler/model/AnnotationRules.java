package dev.sdo.compiler.model;

import dev.sdo.compiler.ast.AnnotationNode;
import dev.sdo.compiler.ast.AnnotationNode.Argument;
import dev.sdo.compiler.ast.TypeNode;
import dev.sdo.compiler.diagnostics.Diagnostics;
import java.math.BigInteger;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The annotations the compiler knows (docs/manual/schema-language.md, section 5), where each may stand and what its arguments are. Checks the
 * annotations as written, where every key and value still has its position, and converts them for the model.
 */
final class AnnotationRules {

    /** What an annotation is written on. */
    enum Target {
        RECORD("a record"), FIELD("a field"), ENUM("an enum"), UNION("a union"), ALTERNATIVE("a union alternative"),
        CONSTANT("an enum constant");

        private final String description;

        Target(String description) {
            this.description = description;
        }
    }

    private enum ValueKind { STRING, BOOLEAN }

    private record Key(String name, ValueKind kind, Set<Target> targets) {}

    private static final Map<String, List<Key>> KEYS = Map.of(
            "csv", List.of(
                    new Key("header", ValueKind.BOOLEAN, Set.of(Target.RECORD)),
                    new Key("delimiter", ValueKind.STRING, Set.of(Target.RECORD)),
                    new Key("column", ValueKind.STRING, Set.of(Target.FIELD)),
                    new Key("format", ValueKind.STRING, Set.of(Target.FIELD))),
            "xml", List.of(
                    new Key("name", ValueKind.STRING,
                            Set.of(Target.RECORD, Target.FIELD, Target.ALTERNATIVE, Target.CONSTANT)),
                    new Key("namespace", ValueKind.STRING, Set.of(Target.RECORD, Target.FIELD, Target.ALTERNATIVE)),
                    new Key("attribute", ValueKind.BOOLEAN, Set.of(Target.FIELD)),
                    new Key("text", ValueKind.BOOLEAN, Set.of(Target.FIELD, Target.UNION)),
                    new Key("inline", ValueKind.BOOLEAN, Set.of(Target.FIELD, Target.ALTERNATIVE)),
                    new Key("any", ValueKind.BOOLEAN, Set.of(Target.FIELD, Target.ALTERNATIVE)),
                    new Key("typed", ValueKind.BOOLEAN, Set.of(Target.FIELD, Target.ALTERNATIVE)),
                    new Key("id", ValueKind.BOOLEAN, Set.of(Target.FIELD)),
                    new Key("idref", ValueKind.BOOLEAN, Set.of(Target.FIELD))));
    private static final Map<String, Set<Target>> TARGETS = Map.of(
            "csv", Set.of(Target.RECORD, Target.FIELD),
            "xml", Set.of(Target.RECORD, Target.FIELD, Target.UNION, Target.ALTERNATIVE, Target.CONSTANT),
            "since", Set.of(Target.FIELD, Target.ALTERNATIVE, Target.CONSTANT),
            "alias", Set.of(Target.FIELD),
            "deprecated", Set.of(Target.FIELD, Target.CONSTANT),
            "compact", Set.of(Target.RECORD));
    /** The key under which a positional value such as {@code @since(2)}'s is stored. */
    static final String POSITIONAL_KEY = "value";

    private final Diagnostics diagnostics;

    AnnotationRules(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /**
     * Checks the annotations of one record, enum or field and converts the valid ones.
     *
     * @param type the field's type, or null for a record or enum
     */
    List<Annotation> convert(List<AnnotationNode> written, Target target, TypeNode type) {
        List<Annotation> annotations = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (AnnotationNode node : written) {
            Set<Target> targets = TARGETS.get(node.name());
            if (targets == null) {
                diagnostics.error(node.position(), "unknown annotation '@" + node.name()
                        + "': the known annotations are @csv, @xml, @since, @alias, @deprecated and @compact");
            } else if (!targets.contains(target)) {
                diagnostics.error(node.position(), "@" + node.name() + " is not allowed on " + target.description);
            } else if (!seen.add(node.name())) {
                diagnostics.error(node.position(), "duplicate annotation '@" + node.name() + "'");
            } else if (node.name().equals("since")) {
                Long version = sinceVersion(node);
                if (version != null) {
                    annotations.add(new Annotation(node.name(), Map.of(POSITIONAL_KEY, version), node.position()));
                }
            } else if (node.name().equals("compact")) {
                if (!node.arguments().isEmpty()) {
                    diagnostics.error(node.position(), "@compact takes no arguments");
                } else {
                    annotations.add(new Annotation(node.name(), Map.of(), node.position()));
                }
            } else if (node.name().equals("alias") || node.name().equals("deprecated")) {
                String text = positionalString(node, node.name().equals("alias"));
                if (text != null) {
                    annotations.add(new Annotation(node.name(), text.isEmpty() ? Map.of()
                            : Map.of(POSITIONAL_KEY, text), node.position()));
                }
            } else {
                annotations.add(new Annotation(node.name(), keyedArguments(node, target, type), node.position()));
            }
        }
        return annotations;
    }

    /** The version of a field's {@code @since}, or 1 when there is none. */
    static int since(List<Annotation> annotations) {
        return annotations.stream()
                .filter(a -> a.name().equals("since"))
                .map(a -> ((Long) a.arguments().get(POSITIONAL_KEY)).intValue())
                .findFirst()
                .orElse(1);
    }

    /**
     * The one string of {@code @alias("oldName")} (required, a name) or {@code @deprecated("why")} (optional: ""
     * when there is none); null after reporting what is wrong.
     */
    private String positionalString(AnnotationNode node, boolean required) {
        String usage = required ? "@alias takes the field's first name, as in @alias(\"oldName\")"
                : "@deprecated takes nothing or one string saying what to use instead, as in @deprecated(\"use x\")";
        if (node.arguments().isEmpty() && !required) {
            return "";
        }
        if (node.arguments().size() != 1 || node.arguments().get(0).key() != null
                || !(node.arguments().get(0).value() instanceof String text)) {
            diagnostics.error(node.position(), usage);
            return null;
        }
        if (required && !text.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            diagnostics.error(node.arguments().get(0).valuePosition(), "@alias(\"" + text + "\") is not a field name");
            return null;
        }
        return text;
    }

    private Long sinceVersion(AnnotationNode node) {
        if (node.arguments().size() != 1 || node.arguments().get(0).key() != null
                || !(node.arguments().get(0).value() instanceof BigInteger)) {
            diagnostics.error(node.position(), "@since takes one version number, as in @since(2)");
            return null;
        }
        Argument argument = node.arguments().get(0);
        BigInteger version = (BigInteger) argument.value();
        if (version.signum() <= 0 || version.bitLength() > 31) {
            diagnostics.error(argument.valuePosition(),
                    "version " + version + " is out of range 1.." + Integer.MAX_VALUE);
            return null;
        }
        return version.longValue();
    }

    private Map<String, Object> keyedArguments(AnnotationNode node, Target target, TypeNode type) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        String name = "@" + node.name();
        List<Key> keys = KEYS.get(node.name());
        for (Argument argument : node.arguments()) {
            if (argument.key() == null) {
                diagnostics.error(argument.valuePosition(), name + " takes key = value arguments, as in "
                        + name + "(" + keysFor(keys, target).get(0) + " = ...)");
                continue;
            }
            Key key = keys.stream().filter(k -> k.name().equals(argument.key())).findFirst().orElse(null);
            if (key == null) {
                diagnostics.error(argument.keyPosition(), "unknown key '" + argument.key() + "' in " + name
                        + " on " + target.description + ": expected " + orList(keysFor(keys, target)));
            } else if (!key.targets().contains(target)) {
                diagnostics.error(argument.keyPosition(), "key '" + argument.key() + "' of " + name + " belongs on "
                        + key.targets().iterator().next().description + ", not on " + target.description);
            } else if (arguments.containsKey(key.name())) {
                diagnostics.error(argument.keyPosition(), "duplicate key '" + key.name() + "' in " + name);
            } else if (valueIsValid(name, key, argument, type)) {
                arguments.put(key.name(), argument.value());
            }
        }
        return arguments;
    }

    private boolean valueIsValid(String annotation, Key key, Argument argument, TypeNode type) {
        String what = "'" + key.name() + "' of " + annotation;
        if (key.kind() == ValueKind.BOOLEAN && !(argument.value() instanceof Boolean)) {
            diagnostics.error(argument.valuePosition(), what + " must be true or false");
            return false;
        }
        if (key.kind() == ValueKind.STRING && !(argument.value() instanceof String)) {
            diagnostics.error(argument.valuePosition(), what + " must be a string");
            return false;
        }
        if ((key.name().equals("column") || key.name().equals("name")) && ((String) argument.value()).isEmpty()) {
            diagnostics.error(argument.valuePosition(), what + " must not be empty");
            return false;
        }
        if (key.name().equals("delimiter") && ((String) argument.value()).length() != 1) {
            diagnostics.error(argument.valuePosition(), what + " must be a single character");
            return false;
        }
        if (annotation.equals("@csv") && key.name().equals("format")) {
            return formatIsValid(what, argument, type);
        }
        return true;
    }

    private boolean formatIsValid(String what, Argument argument, TypeNode type) {
        boolean temporal = type instanceof TypeNode.DateRange || (type instanceof TypeNode.Builtin builtin
                && Set.of("date", "time").contains(builtin.word()))
                || type instanceof TypeNode.TimeUnits units && units.word().equals("time");
        if (!temporal) {
            boolean timestamp = type instanceof TypeNode.Builtin builtin && builtin.word().equals("timestamp")
                    || type instanceof TypeNode.TimeUnits units && !units.word().equals("time");
            diagnostics.error(argument.keyPosition(), what + " applies only to date and time fields" + (timestamp
                    ? ": a timestamp is read and written as an ISO-8601 instant (2014-07-21T09:30:00Z)" : ""));
            return false;
        }
        try {
            DateTimeFormatter.ofPattern((String) argument.value());
            return true;
        } catch (IllegalArgumentException e) {
            diagnostics.error(argument.valuePosition(), "invalid java.time pattern \"" + argument.value() + "\" in "
                    + what + ": " + e.getMessage());
            return false;
        }
    }

    /** "a", "a or b", "a, b or c". */
    private static String orList(List<String> words) {
        if (words.size() == 1) {
            return words.get(0);
        }
        return String.join(", ", words.subList(0, words.size() - 1)) + " or " + words.get(words.size() - 1);
    }

    private static List<String> keysFor(List<Key> keys, Target target) {
        return keys.stream().filter(k -> k.targets().contains(target)).map(Key::name).toList();
    }
}
