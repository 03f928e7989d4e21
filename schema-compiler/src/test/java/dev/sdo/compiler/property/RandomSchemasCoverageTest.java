package dev.sdo.compiler.property;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The random schemas the property tests draw ({@link RandomSchemaPropertiesTest}'s default run: schemas of seeds
 * drawn like its own) hold what the package's documentation says they hold, in numbers: {@code @compact} records
 * with variable-length fields, nested in records that are compact and that are not, listed, holding unions with a
 * slot and records that are not compact, recursive records compact and not, and compact records of fixed width.
 */
class RandomSchemasCoverageTest {

    @Test
    void compactRecordsOfEveryKindTurnUp() {
        Map<String, Integer> seen = new TreeMap<>();
        Random seeds = new Random(20_261_129L);
        for (int n = 0; n < 400; n++) {
            long seed = seeds.nextLong() >>> 1;
            TestSchema schema = new RandomSchemas(new Random(seed)).schema("s.sdo", "p", RandomSchemas.Profile.NORMAL);
            assertThat(schema.text().contains("@compact"))
                    .as("seed %d: @compact in the text exactly when a record is compact", seed)
                    .isEqualTo(schema.records().stream().anyMatch(TestRecord::compact));
            for (TestRecord record : schema.records()) {
                count(seen, "records", true);
                count(seen, "compact records with variable-length fields", record.compactLayout());
                count(seen, "compact records of fixed width", record.compact() && !record.variableLength());
                count(seen, "recursive compact records", record.recursive() && record.compactLayout());
                count(seen, "recursive records not compact", record.recursive() && !record.compact());
                for (TestField field : record.fields()) {
                    TestType innermost = TestType.innermost(field.type());
                    boolean compactValue = innermost instanceof TestType.RecordRef ref && ref.type().compactLayout();
                    count(seen, "compact records in compact records",
                            record.compactLayout() && field.type() instanceof TestType.RecordRef && compactValue);
                    count(seen, "compact records in records not compact",
                            !record.compact() && field.type() instanceof TestType.RecordRef && compactValue);
                    count(seen, "lists of compact records", field.type() instanceof TestType.ListOf && compactValue);
                    count(seen, "records not compact in compact records", record.compactLayout()
                            && innermost instanceof TestType.RecordRef ref && ref.type().variableLength()
                            && !ref.type().compact());
                    count(seen, "unions with a slot in compact records", record.compactLayout()
                            && field.type() instanceof TestType.UnionRef union && union.union().hasSlot());
                    count(seen, "optional variable-length fields of compact records", record.compactLayout()
                            && field.optional() && TestType.variableLength(field.type()));
                    count(seen, "defaults of strings in compact records", record.compactLayout()
                            && field.hasDefault() && field.type() instanceof TestType.Str);
                }
            }
        }
        System.out.println("random schemas of 400 seeds: " + seen);
        for (String kind : new String[] {"compact records with variable-length fields", "compact records of fixed width",
            "recursive compact records", "recursive records not compact", "compact records in compact records",
            "compact records in records not compact", "lists of compact records",
            "records not compact in compact records", "unions with a slot in compact records",
            "optional variable-length fields of compact records", "defaults of strings in compact records"}) {
            assertThat(seen.getOrDefault(kind, 0)).as(kind + " in " + seen).isGreaterThanOrEqualTo(5);
        }
    }

    private static void count(Map<String, Integer> seen, String kind, boolean present) {
        if (present) {
            seen.merge(kind, 1, Integer::sum);
        }
    }
}
