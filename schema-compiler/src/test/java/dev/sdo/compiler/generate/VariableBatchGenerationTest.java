package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.batch.BatchFileException;
import dev.sdo.runtime.batch.BatchFileRecovery;
import dev.sdo.runtime.batch.RecoveredVariableBatch;
import dev.sdo.runtime.batch.RecordIdentity;
import dev.sdo.runtime.batch.RecordType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import dev.sdo.testing.PropertyRunner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated batch of records with {@code string}, {@code bytes} and {@code list} fields: the API of a fixed-size
 * batch over records of variable size, and version-2 {@code .sdob} files of them.
 */
class VariableBatchGenerationTest {
    private static final String PERSON = "vbatch.Person";
    private static final String SCHEMA = """
            package vbatch;
            record Person {
                id:     uint32;
                name:   string;
                photo:  bytes optional;
                tags:   list<string>;
                scores: list<int(0..1000)>;
                age:    uint8;
            }
            """;

    private static Generated generated;

    @BeforeAll
    static void compile() {
        generated = Generated.compile(Map.of("people.sdo", SCHEMA));
    }

    private static Object person(long id, String name, byte[] photo, List<String> tags, List<Integer> scores,
            int age) {
        Map<String, Object> values = new HashMap<>();
        values.put("id", id);
        values.put("name", name);
        values.put("photo", photo);
        values.put("tags", tags);
        values.put("scores", scores);
        values.put("age", age);
        return generated.bean(PERSON, values);
    }

    /** {@code count} people of varied sizes; person i has id i and age {@code (i * 7) % 100}. */
    private static List<Object> people(int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Object> people = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            StringBuilder name = new StringBuilder();
            for (int c = random.nextInt(20); c > 0; c--) {
                name.append("aZé😀".charAt(random.nextInt(3)));
            }
            byte[] photo = random.nextInt(3) == 0 ? null : new byte[random.nextInt(40)];
            if (photo != null) {
                random.nextBytes(photo);
            }
            List<String> tags = new ArrayList<>();
            for (int t = random.nextInt(4); t > 0; t--) {
                tags.add("t" + random.nextInt(1000));
            }
            List<Integer> scores = new ArrayList<>();
            for (int s = random.nextInt(6); s > 0; s--) {
                scores.add(random.nextInt(1001));
            }
            people.add(person(i, name.toString(), photo, tags, scores, (i * 7) % 100));
        }
        return people;
    }

    private static Object newBatch() {
        try {
            return generated.type(PERSON + "Batch").getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static Object batchOf(List<Object> people) {
        Object batch = newBatch();
        people.forEach(p -> Generated.call(batch, "add", p));
        return batch;
    }

    private static List<Object> beans(Object batch) {
        List<Object> beans = new ArrayList<>();
        int size = (int) Generated.call(batch, "size");
        for (int i = 0; i < size; i++) {
            beans.add(Generated.call(Generated.call(batch, "get", i), "toBean"));
        }
        return beans;
    }

    /** Calls {@code name(parameterType)}, which {@link Generated#call} cannot tell from its overloads. */
    private static Object callTyped(Object target, String name, Class<?> parameterType, Object argument) {
        try {
            Method method = target.getClass().getMethod(name, parameterType);
            return method.invoke(target, argument);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new AssertionError(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void recordsOfVariableSizeAreAddedAndFoundByIndex() {
        List<Object> people = people(300, 1);
        Object batch = batchOf(people);

        assertThat(Generated.call(batch, "size")).isEqualTo(300);
        assertThat(beans(batch)).containsExactlyElementsOf(people);
        assertThat(Generated.call(batch, "get", 123)).isEqualTo(generated.of(PERSON, people.get(123)));
        long bytes = people.stream().mapToLong(p -> (int) Generated.call(generated.of(PERSON, p), "byteSize")).sum();
        assertThat(Generated.call(batch, "recordBytes")).isEqualTo(bytes);
        assertThat((long) Generated.call(batch, "indexBytes")).isEqualTo(4L * 300 + 4);
        Generated.call(batch, "trimToSize");
        assertThat(Generated.call(batch, "allocatedBytes")).isEqualTo(bytes + 4L * 301 + 8);
        assertThatThrownBy(() -> Generated.call(batch, "get", 300)).isInstanceOf(IndexOutOfBoundsException.class);

        Object direct = generated.callStatic(PERSON + "Batch", "direct");
        people.forEach(p -> Generated.call(direct, "add", p));
        assertThat(((dev.sdo.runtime.batch.VariableRecordStore) Generated.call(direct, "store")).chunk(0).isDirect())
                .isTrue();
        assertThat(beans(direct)).containsExactlyElementsOf(people);
    }

    /**
     * A person encoded into a buffer whose bytes are all ones has exactly the bytes of one encoded into a new
     * buffer: the unused high bits of the fixed part's last byte, of a packed list's last byte, and an absent photo's
     * slot are written as 0, not left as they were, and the bytes around the record are untouched.
     */
    @Test
    void encodingIntoAUsedBufferGivesTheBytesOfANewRecord() {
        for (Object person : people(200, 11)) {
            Object fresh = generated.of(PERSON, person);
            byte[] expected = (byte[]) Generated.call(fresh, "toByteArray");
            ByteBuffer used = ByteBuffer.allocate(expected.length + 4);
            while (used.hasRemaining()) {
                used.put((byte) 0xFF);
            }
            int size = (int) generated.callStatic(PERSON + "Sdo", "encode", person, used, 2);
            assertThat(size).isEqualTo(expected.length);
            byte[] written = new byte[size];
            used.get(2, written);
            assertThat(written).containsExactly(expected);
            assertThat(used.get(1)).isEqualTo((byte) 0xFF);
            assertThat(used.get(2 + size)).isEqualTo((byte) 0xFF);
            Object view = generated.wrap(PERSON, used, 2);
            assertThat(view).isEqualTo(fresh).hasSameHashCodeAs(fresh);
        }
    }

    @Test
    void aRejectedRecordLeavesTheBatchUnchanged() {
        Object batch = batchOf(people(3, 2));
        Object noName = person(9, null, null, List.of(), List.of(), 1);
        Object badScore = person(9, "x", null, List.of(), List.of(1001), 1);

        assertThatThrownBy(() -> Generated.call(batch, "add", noName)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Person.name");
        assertThatThrownBy(() -> Generated.call(batch, "add", badScore)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Person.scores");
        assertThat(Generated.call(batch, "size")).isEqualTo(3);
        Object good = person(10, "ok", new byte[] {1}, List.of("a"), List.of(5), 2);
        Generated.call(batch, "add", good);
        assertThat(beans(batch)).hasSize(4).last().isEqualTo(good);
    }

    @Test
    @SuppressWarnings("unchecked")
    void iterationGivesViewsOfTheirOwnForEachCursorOneCursorAndStreamsHoldEveryRecord() throws Exception {
        List<Object> people = people(200, 3);
        Object batch = batchOf(people);
        List<Object> visited = new ArrayList<>();
        List<Object> kept = new ArrayList<>();
        Set<Object> cursors = Collections.newSetFromMap(new IdentityHashMap<>());

        batch.getClass().getMethod("forEachCursor", Consumer.class).invoke(batch, (Consumer<Object>) record -> {
            visited.add(Generated.call(record, "toBean"));
            cursors.add(record);
        });
        for (Object record : (Iterable<Object>) batch) {
            kept.add(record);
        }
        assertThat(visited).containsExactlyElementsOf(people);
        assertThat(cursors).hasSize(1);
        assertThat(kept.stream().map(r -> Generated.call(r, "toBean")).toList()).containsExactlyElementsOf(people);
        assertThat(((Stream<?>) Generated.call(batch, "stream")).map(r -> Generated.call(r, "toBean")).toList())
                .containsExactlyElementsOf(people);
        assertThat(((Stream<?>) Generated.call(batch, "parallelStream")).map(r -> Generated.call(r, "getName"))
                .collect(Collectors.toSet()))
                .isEqualTo(people.stream().map(p -> Generated.call(p, "getName")).collect(Collectors.toSet()));
    }

    @Test
    void sortedByAPrimitiveKeyOrAComparatorIsStableAndSortByReplacesTheRecords() {
        List<Object> people = people(150, 4);
        Object batch = batchOf(people);
        ToLongFunction<Object> age = p -> ((Number) Generated.call(p, "getAge")).longValue();
        Comparator<Object> byName = Comparator.comparing(p -> (String) Generated.call(p, "getName"));
        List<Object> byAge = people.stream().sorted(Comparator.comparingLong(age)).toList();
        List<Object> byNameExpected = people.stream().sorted(byName).toList();

        assertThat(beans(callTyped(batch, "sortedBy", ToLongFunction.class, age))).containsExactlyElementsOf(byAge);
        assertThat(beans(callTyped(batch, "sortedBy", Comparator.class, byName)))
                .containsExactlyElementsOf(byNameExpected);
        assertThat(beans(batch)).containsExactlyElementsOf(people);
        callTyped(batch, "sortBy", ToLongFunction.class, age);
        assertThat(beans(batch)).containsExactlyElementsOf(byAge);
    }

    @Test
    void batchesRoundTripThroughChannelsMappedFilesAndSerialisation(@TempDir Path directory) throws Exception {
        List<Object> people = people(500, 5);
        Object batch = batchOf(people);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Generated.call(batch, "writeTo", Channels.newChannel(bytes));
        Path file = Files.write(directory.resolve("people.sdob"), bytes.toByteArray());
        assertThat(ByteBuffer.wrap(bytes.toByteArray()).order(ByteOrder.LITTLE_ENDIAN).getInt(8)).isEqualTo(3);

        Object read = generated.callStatic(PERSON + "Batch", "readFrom",
                Channels.newChannel(new ByteArrayInputStream(bytes.toByteArray())));
        Object mapped = generated.callStatic(PERSON + "Batch", "map", file);
        ByteArrayOutputStream serialised = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(serialised)) {
            out.writeObject(batch);
        }
        Object deserialised;
        try (ObjectInputStream in = new LoaderObjectInputStream(serialised.toByteArray())) {
            deserialised = in.readObject();
        }
        for (Object copy : List.of(read, mapped, deserialised)) {
            assertThat(beans(copy)).containsExactlyElementsOf(people);
            assertThat(Generated.call(copy, "recordBytes")).isEqualTo(Generated.call(batch, "recordBytes"));
        }
        assertThatThrownBy(() -> callTyped(mapped, "sortBy", ToLongFunction.class, (ToLongFunction<Object>) p -> 0))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> Generated.call(mapped, "add", people.get(0)))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aDamagedFileIsRefusedNamingFileBlockAndOffsetAndRecoveryKeepsTheOtherBlocks(@TempDir Path directory)
            throws IOException {
        List<Object> people = people(20_000, 6); // several blocks of about 1 MiB
        Object batch = batchOf(people);
        Path file = directory.resolve("people.sdob");
        try (var channel = Files.newByteChannel(file, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.WRITE)) {
            Generated.call(batch, "writeTo", channel);
        }
        byte[] bytes = Files.readAllBytes(file);
        ByteBuffer le = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        // Block 0 follows the header and its schema part (whose length is at the version table's second word).
        int blocksStart = le.getInt(12) + ((le.getInt(((56 + le.getInt(28) + 7) & ~7) + 4) + 7) & ~7);
        int damagedAt = blocksStart + 40 + 1000; // in block 0's records
        bytes[damagedAt] ^= 0x10;
        Files.write(file, bytes);

        assertThatThrownBy(() -> generated.callStatic(PERSON + "Batch", "map", file))
                .isInstanceOf(BatchFileException.class)
                .hasMessageStartingWith(file + ": block 0 at byte offset " + blocksStart + ": payload CRC32C");
        assertThatThrownBy(() -> generated.callStatic(PERSON + "Batch", "readFrom",
                Channels.newChannel(new ByteArrayInputStream(bytes))))
                .isInstanceOf(BatchFileException.class).hasMessageStartingWith("input: block 0 at byte offset");
        RecordIdentity identity = identity();
        RecoveredVariableBatch recovered = BatchFileRecovery.recoverVariable(file, identity);
        assertThat(recovered.intactBlocks()).doesNotContain(0).isNotEmpty();
        assertThat(recovered.records().size() + recovered.recordsLost()).isEqualTo(20_000);
        Object rest = generated.callStatic(PERSON + "Batch", "over", recovered.records());
        assertThat(beans(rest)).containsExactlyElementsOf(people.subList((int) recovered.recordsLost(), 20_000));
    }

    /** The identity the generated batch writes, from its record type: what recovering its files needs. */
    private static RecordIdentity identity() {
        try {
            return ((RecordType<?, ?>) generated.type(PERSON + "Batch").getField("TYPE").get(null)).identity();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void anyPeopleRoundTripThroughABatchAndItsFile() {
        PropertyRunner.forAll(30, draw -> anyPeopleRoundTripThroughABatchAndItsFile(draw.ints(0, 400),
                draw.anyLong()));
    }

    private static void anyPeopleRoundTripThroughABatchAndItsFile(int count, long seed) throws IOException {
        List<Object> people = people(count, seed);
        Object batch = batchOf(people);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Generated.call(batch, "writeTo", Channels.newChannel(bytes));
        Object read = generated.callStatic(PERSON + "Batch", "readFrom",
                Channels.newChannel(new ByteArrayInputStream(bytes.toByteArray())));

        assertThat(beans(batch)).containsExactlyElementsOf(people);
        assertThat(beans(read)).containsExactlyElementsOf(people);
    }

    /** Resolves classes through the in-memory compiler's loader. */
    private static final class LoaderObjectInputStream extends ObjectInputStream {
        LoaderObjectInputStream(byte[] bytes) throws IOException {
            super(new ByteArrayInputStream(bytes));
        }

        @Override
        protected Class<?> resolveClass(java.io.ObjectStreamClass description) throws IOException,
                ClassNotFoundException {
            return Class.forName(description.getName(), false, generated.type(PERSON).getClassLoader());
        }
    }
}
