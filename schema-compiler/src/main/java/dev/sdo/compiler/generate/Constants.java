package dev.sdo.compiler.generate;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * The {@code private static final} constants of one generated class, in the order they were first needed. Offsets,
 * shifts and masks are computed by the compiler and named here, so that getters read as formulas over names.
 */
final class Constants {
    private final Map<String, FieldSpec> byName = new LinkedHashMap<>();
    private final Map<Object, String> byKey = new LinkedHashMap<>();

    /**
     * Defines a constant under {@code name}, or reuses the one of that name when it has the same type and value;
     * returns the constant's name. Field names can make two different constants want one name ({@code a} with
     * suffix {@code _PRESENCE_INDEX} and {@code aPresence} with suffix {@code _INDEX}): the later one then gets a
     * number appended, and callers use the name returned.
     */
    String define(String name, TypeName type, CodeBlock value) {
        String candidate = name;
        for (int n = 2; byName.containsKey(candidate); n++) {
            FieldSpec existing = byName.get(candidate);
            if (existing.type().equals(type) && existing.initializer().equals(value)) {
                return candidate;
            }
            candidate = name + "_" + n;
        }
        byName.put(candidate, FieldSpec.builder(type, candidate, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer(value)
                .build());
        return candidate;
    }

    String define(String name, TypeName type, String format, Object... args) {
        return define(name, type, CodeBlock.of(format, args));
    }

    /**
     * A constant shared by everything that asks with the same {@code key}, named {@code preferredName} or, when
     * another key took that name, the name with a number appended.
     */
    String shared(Object key, String preferredName, TypeName type, CodeBlock value) {
        String known = byKey.get(key);
        if (known != null) {
            return known;
        }
        String name = preferredName;
        for (int n = 2; byName.containsKey(name); n++) {
            name = preferredName + "_" + n;
        }
        byKey.put(key, name);
        return define(name, type, value);
    }

    List<FieldSpec> all() {
        return new ArrayList<>(byName.values());
    }

    /** A long literal in hex with digits grouped by four, such as {@code 0xFF_FFFF_FFFFL}. */
    static String hexLong(long value) {
        return "0x" + grouped(Long.toHexString(value).toUpperCase(java.util.Locale.ROOT)) + "L";
    }

    /** An int literal in hex with digits grouped by four. */
    static String hexInt(int value) {
        return "0x" + grouped(Integer.toHexString(value).toUpperCase(java.util.Locale.ROOT));
    }

    private static String grouped(String hex) {
        StringBuilder result = new StringBuilder();
        for (int i = 0; i < hex.length(); i++) {
            if (i > 0 && (hex.length() - i) % 4 == 0) {
                result.append('_');
            }
            result.append(hex.charAt(i));
        }
        return result.toString();
    }

    /** A decimal long literal with {@code _} between groups of three digits when it is long. */
    static String longLiteral(long value) {
        if (value == Long.MIN_VALUE) {
            return "Long.MIN_VALUE";
        }
        return digits(value) + "L";
    }

    /** A decimal int literal. */
    static String intLiteral(long value) {
        if (value == Integer.MIN_VALUE) {
            return "Integer.MIN_VALUE";
        }
        return digits(value);
    }

    private static String digits(long value) {
        String plain = Long.toString(Math.abs(value));
        StringBuilder result = new StringBuilder();
        for (int i = 0; i < plain.length(); i++) {
            if (i > 0 && plain.length() > 4 && (plain.length() - i) % 3 == 0) {
                result.append('_');
            }
            result.append(plain.charAt(i));
        }
        return (value < 0 ? "-" : "") + result;
    }
}
