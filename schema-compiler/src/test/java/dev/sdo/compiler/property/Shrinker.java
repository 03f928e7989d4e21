package dev.sdo.compiler.property;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Shrinks a schema on which a check failed to a smaller one on which it still fails: first only the failing
 * record and what it nests, then one field less at a time. Every attempt costs a javac run, so shrinking has a
 * budget of attempts and time, and the test only shrinks its first few failures.
 */
final class Shrinker {
    private static final int MAX_ATTEMPTS = 40;
    private static final long MAX_NANOS = 30_000_000_000L;

    /** What a check says about one schema: null when it passes, else the failure. */
    interface Probe {
        Throwable failure(TestSchema schema, long seed);
    }

    private final Probe probe;
    private final long seed;
    private int attempts;
    private final long deadline;

    Shrinker(Probe probe, long seed) {
        this.probe = probe;
        this.seed = seed;
        this.deadline = System.nanoTime() + MAX_NANOS;
    }

    /** The smallest failing schema found (the given one when nothing smaller fails), with its failure. */
    Shrunk shrink(TestSchema schema, Throwable failure) {
        Shrunk best = new Shrunk(schema, failure);
        // one record (and what it nests) at a time, the smallest first
        List<TestRecord> byFields = new ArrayList<>(schema.records());
        byFields.sort((a, b) -> Integer.compare(a.fields().size(), b.fields().size()));
        for (TestRecord root : byFields) {
            if (schema.records().size() == 1 || !budgetLeft()) {
                break;
            }
            Shrunk attempt = attempt(restrictTo(best.schema(), root));
            if (attempt != null) {
                best = attempt;
                break;
            }
        }
        // then fewer fields: drop halves, quarters, ... and finally single fields, while it still fails
        boolean progress = true;
        while (progress && budgetLeft()) {
            progress = false;
            for (int r = 0; r < best.schema().records().size() && !progress; r++) {
                TestRecord record = best.schema().records().get(r);
                int count = record.fields().size();
                for (int chunk = Math.max(1, count / 2); chunk >= 1 && !progress && budgetLeft(); chunk /= 2) {
                    for (int start = count - chunk; start >= 0 && count > chunk && budgetLeft(); start -= chunk) {
                        List<TestField> fewer = new ArrayList<>(record.fields());
                        fewer.subList(start, start + chunk).clear();
                        Shrunk attempt = attempt(rebuild(best.schema(), record, fewer));
                        if (attempt != null) {
                            best = attempt;
                            progress = true;
                            break;
                        }
                    }
                    if (chunk == 1) {
                        break;
                    }
                }
            }
        }
        return best;
    }

    private boolean budgetLeft() {
        return attempts < MAX_ATTEMPTS && System.nanoTime() < deadline;
    }

    private Shrunk attempt(TestSchema candidate) {
        if (candidate == null) {
            return null;
        }
        attempts++;
        Throwable failure = probe.failure(candidate, seed);
        return failure == null ? null : new Shrunk(candidate, failure);
    }

    /** The schema reduced to {@code root}, the records it nests and the enums they use. */
    private static TestSchema restrictTo(TestSchema schema, TestRecord root) {
        Set<TestRecord> keep = Collections.newSetFromMap(new IdentityHashMap<>());
        collect(root, keep);
        List<TestRecord> records = schema.records().stream().filter(keep::contains).toList();
        return withRecords(schema, records);
    }

    private static void collect(TestRecord record, Set<TestRecord> keep) {
        if (keep.add(record)) {
            for (TestField field : record.fields()) {
                if (TestType.innermost(field.type()) instanceof TestType.RecordRef nested) {
                    collect(nested.type(), keep);
                }
            }
        }
    }

    /** The schema with {@code record}'s fields replaced, and every record that nests it rebuilt. */
    private static TestSchema rebuild(TestSchema schema, TestRecord record, List<TestField> fields) {
        Map<TestRecord, TestRecord> replaced = new IdentityHashMap<>();
        List<TestRecord> records = new ArrayList<>();
        for (TestRecord r : schema.records()) { // dependency order: nested ones come first
            List<TestField> newFields = new ArrayList<>();
            boolean changed = r == record;
            for (TestField field : r == record ? fields : r.fields()) {
                if (TestType.innermost(field.type()) instanceof TestType.RecordRef nested
                        && replaced.containsKey(nested.type())) {
                    TestType type = TestType.withInnermost(field.type(), new TestType.RecordRef(replaced.get(nested.type())));
                    newFields.add(new TestField(field.name(), type, field.optional(), field.as(), field.doc()));
                    changed = true;
                } else {
                    newFields.add(field);
                }
            }
            TestRecord now = changed ? new TestRecord(r.name(), null, false, newFields, r.compact()) : r;
            if (changed) {
                replaced.put(r, now);
            }
            records.add(now);
        }
        return withRecords(schema, records);
    }

    private static TestSchema withRecords(TestSchema schema, List<TestRecord> records) {
        Set<TestEnum> enums = new LinkedHashSet<>();
        for (TestRecord record : records) {
            for (TestField field : record.fields()) {
                if (TestType.innermost(field.type()) instanceof TestType.EnumRef e) {
                    enums.add(e.type());
                }
            }
        }
        List<TestEnum> used = schema.enums().stream().filter(enums::contains).toList();
        String text = new SchemaText(new Random(0)).render(schema.packageName(), List.of(), used, records);
        return new TestSchema(schema.fileName(), schema.packageName(), used, records, text);
    }

    /** A failing schema and its failure. */
    record Shrunk(TestSchema schema, Throwable failure) {}
}
