package dev.sdo.compiler.xsd;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Hands out names that do not clash: the first to ask gets the name, later ones {@code Name2}, {@code Name3}.
 * Names compare ignoring case (type names clash on case-insensitive file systems, accessors {@code foo} and
 * {@code Foo} clash too); for type names, {@code X} also reserves the classes the compiler generates beside it
 * ({@code XBean}, {@code XSdo}, {@code XBatch}, {@code XXml}, {@code XCsv}).
 */
final class NameAllocator {
    private static final List<String> GENERATED_SUFFIXES = List.of("bean", "sdo", "batch", "xml", "csv");

    private final Set<String> taken = new HashSet<>();
    private final boolean typeNames;

    private NameAllocator(boolean typeNames) {
        this.typeNames = typeNames;
    }

    static NameAllocator forTypes() {
        return new NameAllocator(true);
    }

    static NameAllocator forMembers() {
        return new NameAllocator(false);
    }

    /** {@code wanted} if it is free, else the first free {@code wanted2}, {@code wanted3}, ...; marks it taken. */
    String allocate(String wanted) {
        String name = wanted;
        for (int n = 2; clashes(name); n++) {
            name = wanted + n;
        }
        taken.add(name.toLowerCase(Locale.ROOT));
        return name;
    }

    /** Whether {@code name} is still free. */
    boolean isFree(String name) {
        return !clashes(name);
    }

    /** Marks a name as taken without asking (a base record's fields). */
    void reserve(String name) {
        taken.add(name.toLowerCase(Locale.ROOT));
    }

    private boolean clashes(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (taken.contains(lower)) {
            return true;
        }
        if (typeNames) {
            for (String suffix : GENERATED_SUFFIXES) {
                if (taken.contains(lower + suffix)
                        || lower.endsWith(suffix) && taken.contains(lower.substring(0, lower.length() - suffix.length()))) {
                    return true;
                }
            }
        }
        return false;
    }
}
