package dev.sdo.compiler.property;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.generate.GeneratedSource;
import dev.sdo.compiler.testing.InMemoryJavaCompiler;
import dev.sdo.runtime.VersionTable;
import dev.sdo.runtime.WriterVersion;
import dev.sdo.runtime.generic.FieldDescriptor;
import dev.sdo.runtime.generic.GenericBatch;
import dev.sdo.runtime.generic.GenericRecord;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Schema evolution over random records: for each seed a record of random fields of version 1, fields added with
 * {@code @since(2)} and fields added with {@code @since(3)}, generated as the three schema versions and compiled
 * (each version of all records in one javac run). Random values written by each version are read by the others
 * through {@code wrap(buffer, offset, writer)}: fields the reader shares with the writer read as the writer's own
 * code reads them, fields the writer did not have read as absent or as the zero value docs/schema-reference.md
 * defines (computed here from the field's type, not by the generated code), and the reader's copy of the record is
 * the writer's bytes. Each version's serialised SDO is read by the others' code the same way, and so is each
 * version's {@code .sdob} file (read and mapped), of fixed- or variable-size records: code of version 1, which has no
 * {@code @since}, reads later versions' variable-length data too, given the writer and the size by the container.
 * {@code -Dsdo.evolution.seed=N} and {@code -Dsdo.evolution.records=N} vary the run.
 */
class SchemaEvolutionPropertiesTest {
    private static final long DEFAULT_SEED = 4_000_004L;
    private static final int VALUES_PER_RECORD = 6;

    /** A field type: its schema text, a random value of its Java type, and its zero value. */
    private record Kind(String text, Function<Random, Object> value, Object zero, boolean variable) {}

    private static final List<Kind> KINDS = List.of(
            new Kind("bool", Random::nextBoolean, false, false),
            new Kind("uint8", r -> r.nextInt(256), 0, false),
            new Kind("int16", r -> (short) r.nextInt(), (short) 0, false),
            new Kind("int64", Random::nextLong, 0L, false),
            new Kind("int(-40..-3)", r -> -3 - r.nextInt(38), -3, false),
            new Kind("int(7..1000)", r -> 7 + r.nextInt(994), 7, false),
            new Kind("int(-9..9) as BigInteger", r -> BigInteger.valueOf(r.nextInt(19) - 9), BigInteger.ZERO, false),
            new Kind("float64", Random::nextDouble, 0.0, false),
            new Kind("decimal(7, 2)", r -> BigDecimal.valueOf(r.nextInt(19_999_999) - 9_999_999, 2),
                    BigDecimal.valueOf(0, 2), false),
            new Kind("udecimal(12, 4)", r -> BigDecimal.valueOf(Math.floorMod(r.nextLong(), 1_000_000_000_000L), 4),
                    BigDecimal.valueOf(0, 4), false),
            new Kind("date", r -> LocalDate.of(1 + r.nextInt(9999), 1 + r.nextInt(12), 1 + r.nextInt(28)),
                    LocalDate.of(1970, 1, 1), false),
            new Kind("date(2000-01-01..2099-12-31)", r -> LocalDate.of(2000 + r.nextInt(100), 1 + r.nextInt(12), 1),
                    LocalDate.of(2000, 1, 1), false),
            new Kind("time", r -> LocalTime.ofNanoOfDay(r.nextInt(86_400_000) * 1_000_000L), LocalTime.MIDNIGHT,
                    false),
            new Kind("timestamp", r -> Instant.ofEpochMilli(r.nextLong() >> 20), Instant.EPOCH, false),
            new Kind("char(5, \"A-Z\")", r -> word(r, 5), "", false),
            new Kind("char(3)", r -> word(r, 3), "", false),
            new Kind("E", r -> "E:" + "ABC".charAt(r.nextInt(3)), "E:A", false),
            new Kind("string", r -> word(r, 12) + "é😀", "", true),
            new Kind("bytes", r -> word(r, 9).getBytes(java.nio.charset.StandardCharsets.UTF_8), new byte[0], true),
            new Kind("list<int(0..300)>", r -> r.ints(r.nextInt(6), 0, 301).boxed().toList(), List.of(), true),
            new Kind("list<string>", r -> Stream.generate(() -> word(r, 4)).limit(r.nextInt(4)).toList(), List.of(),
                    true));

    private static String word(Random random, int maxLength) {
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(maxLength + 1); i > 0; i--) {
            text.append((char) ('A' + random.nextInt(26)));
        }
        return text.toString();
    }

    /** A field of the random record. */
    private record Field(String name, Kind kind, boolean optional, int since) {
        String declaration() {
            return "    " + name + ": " + kind.text().replace(" as BigInteger", "") + (optional ? " optional" : "")
                    + (kind.text().endsWith(" as BigInteger") ? " as BigInteger" : "")
                    + (since > 1 ? " @since(" + since + ")" : "") + ";\n";
        }
    }

    /** One random record and its three versions' compiled code. */
    private record Case(long seed, List<Field> fields, List<ClassLoader> loaders) {
        String packageName() {
            return "evo.p" + seed;
        }

        /** Whether version {@code version} of the record has variable-length fields. */
        boolean variable(int version) {
            return fields.stream().anyMatch(f -> f.since() <= version && f.kind().variable());
        }

        Class<?> type(int version, String simpleName) {
            try {
                return Class.forName(packageName() + "." + simpleName, true, loaders.get(version - 1));
            } catch (ClassNotFoundException e) {
                throw new AssertionError(e);
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> everyVersionReadsTheOthersData() {
        long seed = Long.getLong("sdo.evolution.seed", DEFAULT_SEED);
        int count = Integer.getInteger("sdo.evolution.records", 40);
        Random random = new Random(seed);
        List<Long> seeds = Stream.generate(() -> random.nextLong() >>> 1).limit(count).toList();
        Map<Long, List<Field>> records = seeds.stream().collect(Collectors.toMap(s -> s, s -> fields(new Random(s)),
                (a, b) -> a, java.util.LinkedHashMap::new));
        List<ClassLoader> loaders = new ArrayList<>();
        for (int version = 1; version <= 3; version++) {
            List<GeneratedSource> sources = new ArrayList<>();
            for (Map.Entry<Long, List<Field>> record : records.entrySet()) {
                String file = "p" + record.getKey() + ".sdo";
                Compilation compilation = new SchemaCompiler().compile(
                        Map.of(file, text(record.getKey(), record.getValue(), version)), List.of(file));
                assertThat(compilation.diagnostics()).as(text(record.getKey(), record.getValue(), 3)).isEmpty();
                sources.addAll(compilation.sources());
            }
            loaders.add(InMemoryJavaCompiler.compile(sources));
        }
        return records.entrySet().stream().map(record -> {
            Case evolution = new Case(record.getKey(), record.getValue(), loaders);
            return DynamicTest.dynamicTest("record " + record.getKey(), () -> check(evolution));
        });
    }

    /** Random fields: some of version 1, then at least one added in version 2 and one in version 3, in that order. */
    private static List<Field> fields(Random random) {
        List<Field> fields = new ArrayList<>();
        int[] counts = {1 + random.nextInt(6), 1 + random.nextInt(4), 1 + random.nextInt(3)};
        for (int since = 1; since <= 3; since++) {
            for (int i = 0; i < counts[since - 1]; i++) {
                fields.add(new Field("f" + fields.size(), KINDS.get(random.nextInt(KINDS.size())),
                        random.nextInt(3) == 0, since));
            }
        }
        return fields;
    }

    private static String text(long seed, List<Field> fields, int version) {
        StringBuilder text = new StringBuilder("package evo.p" + seed + ";\nenum E { A, B, C }\nrecord R {\n");
        fields.stream().filter(f -> f.since() <= version).forEach(f -> text.append(f.declaration()));
        return text.append("}\n").toString();
    }

    private static void check(Case evolution) throws Exception {
        Random random = new Random(evolution.seed());
        String schema = text(evolution.seed(), evolution.fields(), 3);
        for (int n = 0; n < VALUES_PER_RECORD; n++) {
            Map<String, Object> values = new java.util.HashMap<>();
            for (Field field : evolution.fields()) {
                values.put(field.name(), field.optional() && random.nextInt(3) == 0 ? null
                        : field.kind().value().apply(random));
            }
            for (int writer = 1; writer <= 3; writer++) {
                byte[] bytes = encode(evolution, writer, values);
                Object own = wrap(evolution, writer, bytes, null);
                for (int reader = 2; reader <= 3; reader++) {
                    Object view = wrap(evolution, reader, bytes, writerVersion(evolution, writer));
                    for (Field field : evolution.fields()) {
                        if (field.since() > reader) {
                            continue;
                        }
                        Object expected = field.since() > writer ? (field.optional() ? null : field.kind().zero())
                                : get(own, field);
                        assertThat(normalised(get(view, field)))
                                .as("%s, field %s, written by version %d, read by version %d, values %s", schema,
                                        field.name(), writer, reader, values)
                                .isEqualTo(normalised(expected));
                    }
                    assertThat((byte[]) call(view, "toByteArray")).as(schema).isEqualTo(bytes);
                }
                checkSerialForm(evolution, own, writer, schema, values);
                // Version 1 code has no @since: it reads any later fixed-width record's first fields as its own,
                // and a later record's variable-length data given the writer and the size.
                Object old = evolution.variable(1) ? wrap(evolution, 1, bytes, writerVersion(evolution, writer))
                        : wrap(evolution, 1, bytes, null);
                for (Field field : evolution.fields()) {
                    if (field.since() == 1) {
                        assertThat(normalised(get(old, field)))
                                .as("%s, field %s, written by version %d, read by version 1", schema, field.name(),
                                        writer)
                                .isEqualTo(normalised(get(own, field)));
                    }
                }
                if (evolution.variable(1)) {
                    assertThat((byte[]) call(old, "toByteArray")).as(schema).isEqualTo(bytes);
                }
            }
        }
        checkBatchFiles(evolution, random, schema);
    }

    /**
     * Each version's {@code .sdob} file of random records, read and mapped by every version's code: every record
     * reads as through {@code wrap(buffer, offset, writer)}, and views that know their writer (every version but a
     * fixed-width version 1) copy exactly the writer's bytes. Records of fixed size where the reader's are of
     * variable size (a later version added variable-length fields), or the other way round, cannot be mapped, and
     * are converted when read: a fixed-width reader keeps the part of a later version's record it knows, and its
     * copy is then its own encoding of the values; a reader of variable-size records takes an earlier version's
     * fixed-width records as they are.
     */
    private static void checkBatchFiles(Case evolution, Random random, String schema) throws Exception {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int n = 0; n < VALUES_PER_RECORD; n++) {
            Map<String, Object> values = new java.util.HashMap<>();
            for (Field field : evolution.fields()) {
                values.put(field.name(), field.optional() && random.nextInt(3) == 0 ? null
                        : field.kind().value().apply(random));
            }
            rows.add(values);
        }
        for (int writer = 1; writer <= 3; writer++) {
            Object written = evolution.type(writer, "RBatch").getConstructor().newInstance();
            List<byte[]> records = new ArrayList<>();
            for (Map<String, Object> row : rows) {
                records.add(encode(evolution, writer, row));
                invoke(written, "add", evolution.type(writer, "R"), bean(evolution, writer, row));
            }
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            invoke(written, "writeTo", java.nio.channels.WritableByteChannel.class,
                    java.nio.channels.Channels.newChannel(file));
            java.nio.file.Path path = java.nio.file.Files.createTempFile("evolution", ".sdob");
            try {
                java.nio.file.Files.write(path, file.toByteArray());
                checkGenericFile(evolution, writer, path, records, schema);
                for (int reader = 1; reader <= 3; reader++) {
                    checkBatchFile(evolution, writer, reader, file.toByteArray(), path, records, rows, schema);
                }
            } finally {
                java.nio.file.Files.delete(path);
            }
        }
    }

    /**
     * Each version's file read by the schema it carries, with no generated code ({@link GenericBatch}): its record
     * has the fields of the writer's version, each as the writer's own code reads it.
     */
    private static void checkGenericFile(Case evolution, int writer, java.nio.file.Path path, List<byte[]> records,
            String schema) throws Exception {
        String what = schema + ", file of version " + writer + " read by its own schema";
        GenericBatch generic = GenericBatch.open(path);
        List<Field> written = evolution.fields().stream().filter(field -> field.since() <= writer).toList();
        assertThat(generic.record().fields()).as(what).extracting(FieldDescriptor::name)
                .containsExactlyElementsOf(written.stream().map(Field::name).toList());
        assertThat(generic.size()).as(what).isEqualTo(records.size());
        for (int i = 0; i < records.size(); i++) {
            GenericRecord read = generic.get(i);
            Object own = wrap(evolution, writer, records.get(i), null);
            for (Field field : written) {
                assertThat(generic(read.get(field.name()))).as("%s, record %d, field %s", what, i, field.name())
                        .isEqualTo(generic(normalised(get(own, field))));
            }
        }
    }

    /** A value as the generic reader gives it: integers as {@code Long}, an enum's constant by name, lists copied. */
    private static Object generic(Object value) {
        if (value instanceof Byte || value instanceof Short || value instanceof Integer || value instanceof BigInteger) {
            return ((Number) value).longValue();
        } else if (value instanceof String text && text.startsWith("E:")) {
            return text.substring(2);
        } else if (value instanceof List<?> list) {
            return list.stream().map(SchemaEvolutionPropertiesTest::generic).toList();
        } else if (value instanceof byte[] bytes) {
            return "bytes" + Arrays.toString(bytes);
        }
        return value;
    }

    private static void checkBatchFile(Case evolution, int writer, int reader, byte[] file, java.nio.file.Path path,
            List<byte[]> records, List<Map<String, Object>> rows, String schema) throws Exception {
        Class<?> batchType = evolution.type(reader, "RBatch");
        Method readFrom = batchType.getMethod("readFrom", java.nio.channels.ReadableByteChannel.class);
        Method map = batchType.getMethod("map", java.nio.file.Path.class);
        String what = schema + ", file of version " + writer + " read by version " + reader;
        for (int attempt = 0; attempt < 2; attempt++) {
            Object batch;
            try {
                batch = attempt == 0
                        ? readFrom.invoke(null, java.nio.channels.Channels.newChannel(new ByteArrayInputStream(file)))
                        : map.invoke(null, path);
            } catch (InvocationTargetException e) {
                assertThat(attempt).as(what + ": " + e.getCause()).isEqualTo(1);
                assertThat(evolution.variable(writer)).as(what + ": " + e.getCause())
                        .isNotEqualTo(evolution.variable(reader));
                assertThat(e.getCause()).as(what).isInstanceOf(dev.sdo.runtime.batch.IncompatibleBatchException.class)
                        .hasMessageContaining("variable-size records").hasMessageContaining("XBatch.readFrom");
                continue;
            }
            boolean converted = evolution.variable(writer) != evolution.variable(reader);
            assertThat(attempt == 1 && converted).as(what + " was mapped").isFalse();
            assertThat(invoke(batch, "size")).as(what).isEqualTo(records.size());
            boolean toFixedWidth = converted && evolution.variable(writer);
            boolean knowsWriter = reader > 1 || evolution.variable(1) || toFixedWidth;
            List<byte[]> visited = new ArrayList<>();
            ((Iterable<?>) batch).forEach(cursor -> visited.add(knowsWriter ? (byte[]) call(cursor, "toByteArray")
                    : new byte[0]));
            assertThat(visited).as(what).hasSize(records.size());
            for (int i = 0; i < records.size(); i++) {
                Object view = invoke(batch, "get", int.class, i);
                Object own = wrap(evolution, writer, records.get(i), null);
                for (Field field : evolution.fields()) {
                    if (field.since() <= reader) {
                        Object expected = field.since() > writer ? (field.optional() ? null : field.kind().zero())
                                : get(own, field);
                        assertThat(normalised(get(view, field))).as("%s, record %d, field %s", what, i, field.name())
                                .isEqualTo(normalised(expected));
                    }
                }
                if (knowsWriter) {
                    byte[] copy = toFixedWidth ? encode(evolution, reader, rows.get(i)) : records.get(i);
                    assertThat((byte[]) call(view, "toByteArray")).as(what).isEqualTo(copy);
                    assertThat(visited.get(i)).as(what + ", cursor").isEqualTo(copy);
                }
            }
        }
    }

    private static Object bean(Case evolution, int version, Map<String, Object> values) throws Exception {
        Object bean = evolution.type(version, "RBean").getConstructor().newInstance();
        for (Field field : evolution.fields()) {
            if (field.since() <= version) {
                Object value = values.get(field.name());
                if (value instanceof String text && text.startsWith("E:")) {
                    value = enumConstant(evolution, version, text.substring(2));
                }
                Method setter = Arrays.stream(bean.getClass().getMethods())
                        .filter(m -> m.getName().equals("set" + Character.toUpperCase(field.name().charAt(0))
                                + field.name().substring(1))).findFirst().orElseThrow();
                setter.invoke(bean, value);
            }
        }
        return bean;
    }

    private static Object invoke(Object target, String method, Object... typesThenArguments) {
        int half = typesThenArguments.length / 2;
        Class<?>[] types = new Class<?>[half];
        Object[] arguments = new Object[half];
        for (int i = 0; i < half; i++) {
            types[i] = (Class<?>) typesThenArguments[i];
            arguments[i] = typesThenArguments[half + i];
        }
        try {
            return applicable(target.getClass(), method, types).invoke(target, arguments);
        } catch (InvocationTargetException e) {
            throw new AssertionError(method + " threw", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * The public method {@code name} that takes arguments of {@code types}, as Java picks it: the batch's
     * {@code add(X)} is inherited from a generic runtime class, where it erases to {@code add(Object)}.
     */
    private static java.lang.reflect.Method applicable(Class<?> type, String name, Class<?>[] types)
            throws NoSuchMethodException {
        for (java.lang.reflect.Method method : type.getMethods()) {
            Class<?>[] parameters = method.getParameterTypes();
            if (method.getName().equals(name) && !method.isBridge() && parameters.length == types.length
                    && java.util.stream.IntStream.range(0, types.length)
                            .allMatch(i -> parameters[i].isAssignableFrom(types[i]))) {
                return method;
            }
        }
        throw new NoSuchMethodException(type.getName() + "." + name + java.util.Arrays.toString(types));
    }

    /**
     * The writer's own view, serialised and read back by every version's code: every version but the first reads
     * what it shares with the writer (and zero values for what the writer lacked); the first reads its own fields,
     * or, for a record with variable-length fields, refuses a later version's serial form.
     */
    private static void checkSerialForm(Case evolution, Object own, int writer, String schema,
            Map<String, Object> values) throws Exception {
        byte[] form = serialise(own);
        for (int reader = 1; reader <= 3; reader++) {
            if (reader == 1 && writer > 1 && evolution.variable(1)) {
                int version = reader;
                assertThatThrownBy(() -> deserialise(evolution, version, form)).as(schema)
                        .isInstanceOf(InvalidObjectException.class);
                continue;
            }
            Object read = deserialise(evolution, reader, form);
            for (Field field : evolution.fields()) {
                if (field.since() <= reader) {
                    Object expected = field.since() > writer ? (field.optional() ? null : field.kind().zero())
                            : get(own, field);
                    assertThat(normalised(get(read, field)))
                            .as("serialised: %s, field %s, by version %d, read by version %d, values %s", schema,
                                    field.name(), writer, reader, values)
                            .isEqualTo(normalised(expected));
                }
            }
        }
    }

    private static byte[] serialise(Object sdo) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(sdo);
        }
        return bytes.toByteArray();
    }

    /** Reads a serial form with the classes of version {@code version}. */
    private static Object deserialise(Case evolution, int version, byte[] form) throws Exception {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(form)) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                return desc.getName().startsWith(evolution.packageName() + ".")
                        ? evolution.type(version, desc.getName().substring(evolution.packageName().length() + 1))
                        : super.resolveClass(desc);
            }
        }) {
            return in.readObject();
        }
    }

    /** The record as version {@code version}'s code encodes {@code values}: its fields only. */
    private static byte[] encode(Case evolution, int version, Map<String, Object> values) throws Exception {
        Object bean = bean(evolution, version, values);
        Object sdo = evolution.type(version, "RSdo").getMethod("of", evolution.type(version, "R")).invoke(null, bean);
        return (byte[]) call(sdo, "toByteArray");
    }

    private static Object enumConstant(Case evolution, int version, String name) {
        return Arrays.stream(evolution.type(version, "E").getEnumConstants())
                .filter(c -> ((Enum<?>) c).name().equals(name)).findFirst().orElseThrow();
    }

    /** The {@code WriterVersion} of data of {@code version}, from the newest code's table. */
    private static WriterVersion writerVersion(Case evolution, int version) throws ReflectiveOperationException {
        VersionTable table = (VersionTable) evolution.type(3, "RSdo").getField("VERSIONS").get(null);
        return table.writer(version);
    }

    /**
     * {@code RSdo.wrap} of version {@code version} over exactly {@code bytes}: without a writer, the plain wrap;
     * with one, the versioned wrap, given the record's size when a newer version wrote it (only the container knows
     * it when that version added variable-length fields).
     */
    private static Object wrap(Case evolution, int version, byte[] bytes, WriterVersion writer) throws Exception {
        Class<?> sdo = evolution.type(version, "RSdo");
        ByteBuffer buffer = ByteBuffer.wrap(bytes.clone());
        try {
            if (writer == null) {
                return sdo.getMethod("wrap", ByteBuffer.class, int.class).invoke(null, buffer, 0);
            }
            if (writer.version() > version) {
                return sdo.getMethod("wrap", ByteBuffer.class, int.class, WriterVersion.class, int.class)
                        .invoke(null, buffer, 0, writer, bytes.length);
            }
            return sdo.getMethod("wrap", ByteBuffer.class, int.class, WriterVersion.class)
                    .invoke(null, buffer, 0, writer);
        } catch (InvocationTargetException e) {
            throw new AssertionError("wrap by version " + version + " of data written by " + writer, e.getCause());
        }
    }

    private static Object get(Object sdo, Field field) {
        String capitalised = Character.toUpperCase(field.name().charAt(0)) + field.name().substring(1);
        String getter = field.kind().text().equals("bool") && !field.optional() ? "is" + capitalised
                : "get" + capitalised;
        return call(sdo, getter);
    }

    private static Object call(Object target, String method) {
        try {
            Method found = target.getClass().getMethod(method);
            return found.invoke(target);
        } catch (InvocationTargetException e) {
            throw new AssertionError(method + " threw", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** Values compared across class loaders and by content: enums by name, arrays and lists by their elements. */
    private static Object normalised(Object value) {
        if (value instanceof Enum<?> constant) {
            return "E:" + constant.name();
        } else if (value instanceof byte[] bytes) {
            return "bytes" + Arrays.toString(bytes);
        } else if (value instanceof List<?> list) {
            return new ArrayList<>(list);
        }
        return value;
    }
}
