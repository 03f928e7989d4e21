package dev.sdo.compiler.model;

import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/** Which names Java code cannot use, and the getter names that fields get. */
public final class JavaNames {
    private static final Set<String> KEYWORDS = Set.of(
            "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const",
            "continue", "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for",
            "goto", "if", "implements", "import", "instanceof", "int", "interface", "long", "native", "new",
            "package", "private", "protected", "public", "return", "short", "static", "strictfp", "super",
            "switch", "synchronized", "this", "throw", "throws", "transient", "try", "void", "volatile", "while",
            "_");
    private static final Set<String> LITERALS = Set.of("true", "false", "null");
    /** Contextual keywords that may name a field or variable but not a type. */
    private static final Set<String> RESTRICTED_TYPE_NAMES = Set.of("record", "var", "yield", "sealed", "permits");

    private JavaNames() {}

    /** Whether no Java identifier may be this name: a keyword, {@code _} or a literal. */
    public static boolean isReserved(String name) {
        return KEYWORDS.contains(name) || LITERALS.contains(name);
    }

    /** Whether a Java type may not have this name although other identifiers may. */
    public static boolean isRestrictedTypeName(String name) {
        return RESTRICTED_TYPE_NAMES.contains(name);
    }

    /** What a reserved name is, for messages: "a Java keyword" or "a Java literal". */
    public static String reservedKind(String name) {
        return LITERALS.contains(name) ? "a Java literal" : "a Java keyword";
    }

    /**
     * Why a package is the JDK's, which no other code may add classes to ("module java.base" or "every java.*
     * package is"), or null when it is free. The JDK's packages are those of the running JDK's system modules.
     */
    public static String jdkModuleOf(String packageName) {
        String module = JdkPackages.MODULES.get(packageName);
        if (module != null) {
            return "module " + module;
        }
        return packageName.equals("java") || packageName.startsWith("java.") ? "every java.* package is" : null;
    }

    /** The packages of the JDK's modules, read once. */
    private static final class JdkPackages {
        static final Map<String, String> MODULES = new HashMap<>();

        static {
            for (ModuleReference module : ModuleFinder.ofSystem().findAll()) {
                module.descriptor().packages().forEach(p -> MODULES.put(p, module.descriptor().name()));
            }
        }
    }

    /** The name with its first character in upper case, as getters and setters use it ({@code fooBar} to {@code FooBar}). */
    public static String capitalized(String name) {
        return name.isEmpty() ? name : Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }
}
