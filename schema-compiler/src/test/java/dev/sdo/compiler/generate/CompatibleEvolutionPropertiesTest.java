package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.compat.Finding;
import dev.sdo.compiler.compat.RecordCompatibility;
import dev.sdo.compiler.compat.SchemaCompatibility;
import dev.sdo.compiler.compat.Verdict;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.VersionTable;
import dev.sdo.testing.Draw;
import dev.sdo.testing.PropertyRunner;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Schema evolution by random changes (docs/schema-reference.md, "Compatibility"). Compatible changes: a random
 * record of fixed-width fields (some optional, some with defaults, some of an enum) evolved by random compatible
 * changes (fields added with {@code @since(2)}, optional, defaulted or required; enum constants added with
 * {@code @since(2)} where the enum's bits have room; a field renamed with {@code @alias}; a field deprecated). Both
 * versions of every case are compiled in-process (one javac run per version), {@code compat} says each reads the
 * other's data, and random values written by each are read by the other: shared fields as written, added fields as
 * absent, default or zero, and a constant the older code does not know refused naming the field and the ordinal.
 * Incompatible changes: one random incompatible change of a random record is reported by {@code compat} as refused
 * in both directions, at the line of the change (in NEW, or in OLD for what is gone). The seed of a failing case is
 * in the message; {@code -Dsdo.seed=SEED} reruns an incompatible-change try.
 */
class CompatibleEvolutionPropertiesTest {
    private static final int CASES = 16;
    private static final int VALUES_PER_CASE = 8;

    /** A fixed-width field type: its schema text, a random value, its zero value, and a default it may declare. */
    private record Kind(String text, Function<Random, Object> value, Object zero, String defaultText,
            Object defaultValue) {}

    private static final List<Kind> KINDS = List.of(
            new Kind("bool", Random::nextBoolean, false, "true", true),
            new Kind("uint8", r -> r.nextInt(256), 0, "200", 200),
            new Kind("int16", r -> (short) r.nextInt(), (short) 0, null, null),
            new Kind("int32", Random::nextInt, 0, "-7", -7),
            new Kind("int64", Random::nextLong, 0L, null, null),
            new Kind("int(-40..-3)", r -> -3 - r.nextInt(38), -3, "-10", -10),
            new Kind("date", r -> LocalDate.of(1 + r.nextInt(9999), 1 + r.nextInt(12), 1 + r.nextInt(28)),
                    LocalDate.of(1970, 1, 1), null, null),
            new Kind("char(3)", r -> word(r, 3), "", "\"AB\"", "AB"),
            new Kind("E", r -> "E:" + r.nextInt(64), "E:0", "AB", "E:1"));

    private static String word(Random random, int maxLength) {
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(maxLength + 1); i > 0; i--) {
            text.append((char) ('A' + random.nextInt(26)));
        }
        return text.toString();
    }

    /** A field as version 2 has it; {@code oldName} is its name in version 1 (the alias when renamed). */
    private record Field(String name, String oldName, Kind kind, boolean optional, boolean defaulted, int since,
            boolean deprecated) {
        String declaration(int version) {
            String declared = version == 1 ? oldName : name;
            return "    " + declared + ": " + kind.text() + (optional ? " optional" : "")
                    + (defaulted ? " = " + kind.defaultText() : "")
                    + (version > 1 && !name.equals(oldName) ? " @alias(\"" + oldName + "\")" : "")
                    + (version > 1 && deprecated ? " @deprecated" : "")
                    + (since > 1 ? " @since(" + since + ")" : "") + ";\n";
        }

        /** What a reader of the version that added the field reads from data written before it. */
        Object absent() {
            return optional ? null : defaulted ? kind.defaultValue() : kind.zero();
        }
    }

    /** One random record and its two versions: {@code constants} of the enum in version 1, {@code added} in 2. */
    private record Case(long seed, List<Field> fields, int constants, int added) {
        String packageName() {
            return "compat.p" + seed;
        }

        String text(int version) {
            StringBuilder text = new StringBuilder("package " + packageName() + ";\nenum E { ");
            for (int i = 0; i < constants + (version > 1 ? added : 0); i++) {
                text.append(i == 0 ? "" : ", ").append(constant(i)).append(i >= constants ? " @since(2)" : "");
            }
            text.append(" }\nrecord R {\n");
            fields.stream().filter(f -> f.since() <= version).forEach(f -> text.append(f.declaration(version)));
            return text.append("}\n").toString();
        }

        boolean versioned() {
            return fields.stream().anyMatch(f -> f.since() > 1);
        }
    }

    private static String constant(int ordinal) {
        return String.valueOf((char) ('A' + ordinal / 26)) + (char) ('A' + ordinal % 26);
    }

    private static Case randomCase(long seed) {
        Random random = new Random(seed);
        int constants = 2 + random.nextInt(7);
        int bits = Math.max(1, 32 - Integer.numberOfLeadingZeros(constants - 1));
        int room = (1 << bits) - constants;
        int added = room > 0 && random.nextBoolean() ? 1 + random.nextInt(room) : 0;
        List<Field> fields = new ArrayList<>();
        int count = 1 + random.nextInt(6);
        int renamed = random.nextBoolean() ? random.nextInt(count) : -1;
        int deprecated = random.nextBoolean() ? random.nextInt(count) : -1;
        for (int i = 0; i < count; i++) {
            fields.add(field(random, i, 1, i == renamed, i == deprecated));
        }
        for (int i = random.nextInt(4); i > 0; i--) {
            fields.add(field(random, fields.size(), 2, false, false));
        }
        return new Case(seed, fields, constants, added);
    }

    private static Field field(Random random, int index, int since, boolean renamed, boolean deprecated) {
        Kind kind = KINDS.get(random.nextInt(KINDS.size()));
        boolean optional = random.nextInt(3) == 0;
        boolean defaulted = !optional && kind.defaultText() != null && random.nextInt(3) == 0;
        String name = "f" + index;
        return new Field(renamed ? "renamed" + index : name, name, kind, optional, defaulted, since, deprecated);
    }

    @Test
    void compatibleChangesReadEachOthersDataBothWays() throws Exception {
        Random seeds = new Random(Long.getLong("sdo.seed.base", 0x5D0_2026L));
        List<Case> cases = new ArrayList<>();
        for (int i = 0; i < CASES * Integer.getInteger("sdo.tries.factor", 1); i++) {
            cases.add(randomCase(seeds.nextLong() >>> 1));
        }
        Map<String, String> v1 = new LinkedHashMap<>();
        Map<String, String> v2 = new LinkedHashMap<>();
        for (Case evolution : cases) {
            v1.put("p" + evolution.seed() + ".sdo", evolution.text(1));
            v2.put("p" + evolution.seed() + ".sdo", evolution.text(2));
        }
        Generated old = Generated.compile(v1);
        Generated now = Generated.compile(v2);
        PropertyRunner.forEach(0, cases.size() - 1, i -> {
            Case evolution = cases.get(i);
            try {
                check(evolution, old, now);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("seed " + evolution.seed() + "\nOLD:\n" + evolution.text(1) + "NEW:\n"
                        + evolution.text(2) + e.getMessage(), e);
            }
        });
    }

    private static void check(Case evolution, Generated old, Generated now) throws Exception {
        List<RecordCompatibility> report = SchemaCompatibility.compare(model(evolution.text(1)),
                model(evolution.text(2)));
        assertThat(report).singleElement().satisfies(record -> {
            assertThat(record.newReadsOld()).isEqualTo(Verdict.YES);
            // Older code refuses a constant it does not know only in a field it reads: one of version 1.
            boolean refusable = evolution.added() > 0
                    && evolution.fields().stream().anyMatch(f -> f.since() == 1 && f.kind().text().equals("E"));
            assertThat(record.oldReadsNew()).isEqualTo(refusable ? Verdict.YES_EXCEPT_UNKNOWN : Verdict.YES);
        });
        String record = evolution.packageName() + ".R";
        Random random = new Random(evolution.seed() ^ 0x9E37_79B9L);
        for (int n = 0; n < VALUES_PER_CASE; n++) {
            // Written by version 1, read by version 2.
            Map<String, Object> values = values(evolution, random, 1);
            byte[] bytes = encode(old, evolution, record, values, 1);
            Object view = evolution.versioned()
                    ? now.callStatic(record + "Sdo", "wrap", ByteBuffer.wrap(bytes), 0, versions(now, record).writer(1))
                    : now.wrap(record, ByteBuffer.wrap(bytes), 0);
            for (Field field : evolution.fields()) {
                Object expected = field.since() > 1 ? field.absent() : values.get(field.name());
                assertThat(shown(Generated.call(view, getter(field, field.name())))).as("NEW reads %s of %s", field.name(),
                        values).isEqualTo(shown(expected));
            }
            // Written by version 2, read by version 1.
            values = values(evolution, random, 2);
            bytes = encode(now, evolution, record, values, 2);
            Object older = old.wrap(record, ByteBuffer.wrap(bytes), 0);
            for (Field field : evolution.fields()) {
                if (field.since() > 1) {
                    continue;
                }
                Object value = values.get(field.name());
                String getter = getter(field, field.oldName());
                if (value instanceof String name && name.startsWith("E:")
                        && Integer.parseInt(name.substring(2)) >= evolution.constants()) {
                    assertThatThrownBy(() -> Generated.call(older, getter)).isInstanceOf(CorruptDataException.class)
                            .hasMessageStartingWith("R." + field.oldName() + ": stored ordinal " + name.substring(2)
                                    + " is not a constant of E");
                } else {
                    assertThat(shown(Generated.call(older, getter))).as("OLD reads %s of %s", field.oldName(), values)
                            .isEqualTo(shown(value));
                }
            }
        }
    }

    /** Random values of the fields of {@code version}, enum constants among those it knows, by version 2's names. */
    private static Map<String, Object> values(Case evolution, Random random, int version) {
        int constants = evolution.constants() + (version > 1 ? evolution.added() : 0);
        Map<String, Object> values = new HashMap<>();
        for (Field field : evolution.fields()) {
            if (field.since() > version) {
                continue;
            }
            Object value = field.optional() && random.nextInt(3) == 0 ? null : field.kind().value().apply(random);
            if (value instanceof String name && name.startsWith("E:")) {
                value = "E:" + Integer.parseInt(name.substring(2)) % constants;
            }
            values.put(field.name(), value);
        }
        return values;
    }

    private static byte[] encode(Generated code, Case evolution, String record, Map<String, Object> values,
            int version) {
        Map<String, Object> named = new HashMap<>();
        for (Field field : evolution.fields()) {
            if (field.since() > version || values.get(field.name()) == null) {
                continue;
            }
            Object value = values.get(field.name());
            if (value instanceof String name && name.startsWith("E:")) {
                value = code.type(evolution.packageName() + ".E").getEnumConstants()[Integer.parseInt(name.substring(2))];
            }
            named.put(version == 1 ? field.oldName() : field.name(), value);
        }
        return (byte[]) Generated.call(code.of(record, code.bean(record, named)), "toByteArray");
    }

    private static VersionTable versions(Generated code, String record) throws ReflectiveOperationException {
        return (VersionTable) code.type(record + "Sdo").getField("VERSIONS").get(null);
    }

    private static String getter(Field field, String name) {
        return (field.kind().text().equals("bool") && !field.optional() ? "is" : "get") + Character.toUpperCase(name.charAt(0))
                + name.substring(1);
    }

    /** A value as compared: an enum constant by its ordinal ("E:n"), anything else as itself. */
    private static Object shown(Object value) {
        return value instanceof Enum<?> constant ? "E:" + constant.ordinal() : value;
    }

    private static CodecModel model(String text) {
        Compilation compilation = new SchemaCompiler().compile(Map.of("s.sdo", text), List.of("s.sdo"));
        assertThat(compilation.diagnostics()).as(text).isEmpty();
        return compilation.model().orElseThrow();
    }
}
