package dev.sdo.compiler.property;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The loaded generated classes of one schema and the schemas it imports, with a lazily built binding per record.
 */
final class GeneratedSchema {
    private final ClassLoader loader;
    private final Map<TestRecord, String> recordPackages = new IdentityHashMap<>();
    private final Map<String, String> typePackages = new HashMap<>();
    private final Map<TestRecord, GeneratedRecord> records = new IdentityHashMap<>();
    private final Map<TestUnion, GeneratedUnion> unions = new IdentityHashMap<>();

    /** @param schemas the schema and the schemas it imports (declared names are unique across them) */
    GeneratedSchema(List<TestSchema> schemas, ClassLoader loader) {
        this.loader = loader;
        for (TestSchema schema : schemas) {
            schema.records().forEach(r -> {
                recordPackages.put(r, schema.packageName());
                typePackages.put(r.name(), schema.packageName());
            });
            schema.enums().forEach(e -> typePackages.put(e.name(), schema.packageName()));
            schema.unions().forEach(u -> typePackages.put(u.name(), schema.packageName()));
        }
    }

    GeneratedRecord record(TestRecord record) {
        GeneratedRecord binding = records.get(record);
        if (binding == null) {
            try {
                binding = new GeneratedRecord(record, recordPackages.get(record), loader, this);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError("generated classes of " + record.name() + " are missing or incomplete: "
                        + e, e);
            }
            records.put(record, binding);
        }
        return binding;
    }

    /** The binding of a declared union's classes. */
    GeneratedUnion union(TestUnion union) {
        return unions.computeIfAbsent(union, u -> {
            try {
                return new GeneratedUnion(u, typePackages.get(u.name()), loader);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError("generated classes of union " + u.name() + " are missing or incomplete: "
                        + e, e);
            }
        });
    }

    /** A generated enum or record interface by its simple name. */
    Class<?> type(String simpleName) {
        try {
            return Class.forName(typePackages.get(simpleName) + "." + simpleName, true, loader);
        } catch (ClassNotFoundException e) {
            throw new AssertionError("no generated type " + simpleName + " in " + typePackages.get(simpleName), e);
        }
    }
}
