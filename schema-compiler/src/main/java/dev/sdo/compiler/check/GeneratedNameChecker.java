package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostics;
import dev.sdo.compiler.diagnostics.SourcePosition;
import dev.sdo.compiler.generate.GeneratedNames;
import dev.sdo.compiler.model.Schema;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Declarations whose generated classes would collide in their Java package: a record {@code X} generates
 * {@code X}, {@code XBean}, {@code XSdo}, {@code XBatch} and {@code XWriter} (and {@code XCsv}, {@code XXml} when annotated
 * {@code @csv}, {@code @xml}; {@link GeneratedNames#recordClasses}), so a declaration named {@code XBean} beside it breaks
 * the build; and two names that differ only in case give files that collide on case-insensitive file systems.
 * Reported at the later declaration.
 */
final class GeneratedNameChecker {
    private final Diagnostics diagnostics;

    GeneratedNameChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    private record Declared(String kind, String name, String packageName, SourcePosition position,
            List<String> classes) {}

    private record GeneratedClass(String name, Declared owner) {}

    void check(Schema schema) {
        List<Declared> declarations = new ArrayList<>();
        schema.enums().forEach(e -> declarations.add(new Declared("enum", e.name().simpleName(),
                e.name().packageName(), e.position(), List.of(e.name().simpleName()))));
        schema.records().forEach(r -> declarations.add(new Declared("record", r.name().simpleName(),
                r.name().packageName(), r.position(), GeneratedNames.recordClasses(r))));
        declarations.sort(Comparator.comparing(Declared::position, GeneratedNameChecker::readingOrder));

        Map<String, GeneratedClass> byLowerCaseName = new HashMap<>();
        for (Declared declared : declarations) {
            boolean reported = false;
            for (String generated : declared.classes()) {
                if (generated.equalsIgnoreCase(GeneratedNames.DESCRIPTORS) && !reported) {
                    diagnostics.error(declared.position(), declared.kind() + " '" + declared.name() + "' would "
                            + "clash with class " + GeneratedNames.DESCRIPTORS + ", which holds the schema "
                            + "descriptor of its package's records: rename it");
                    reported = true;
                }
            }
            for (String generated : declared.classes()) {
                String key = declared.packageName() + "." + generated.toLowerCase(Locale.ROOT);
                GeneratedClass earlier = byLowerCaseName.putIfAbsent(key, new GeneratedClass(generated, declared));
                if (earlier != null && !reported) {
                    diagnostics.error(declared.position(), clash(declared, generated, earlier));
                    reported = true;
                }
            }
        }
    }

    private static String clash(Declared declared, String generated, GeneratedClass earlier) {
        Declared owner = earlier.owner();
        String ownerText = owner.kind() + " '" + owner.name() + "' (" + Positions.where(owner.position(),
                declared.position()) + ")";
        String subject = declared.kind() + " '" + declared.name() + "'";
        String generatedBy = declared.name().equals(generated) ? subject : subject + " would generate class "
                + generated + ", which";
        if (!earlier.name().equals(generated)) {
            return generatedBy + " differs only in case from class " + earlier.name() + " of " + ownerText
                    + ": their files would collide on case-insensitive file systems";
        }
        String clashee = earlier.name().equals(owner.name()) ? ownerText
                : "class " + earlier.name() + " generated for " + ownerText;
        return generatedBy + " clashes with " + clashee;
    }

    private static int readingOrder(SourcePosition a, SourcePosition b) {
        int byFile = a.file().compareTo(b.file());
        if (byFile != 0) {
            return byFile;
        }
        return a.line() != b.line() ? Integer.compare(a.line(), b.line()) : Integer.compare(a.column(), b.column());
    }
}
