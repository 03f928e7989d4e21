package dev.sdo.compiler.property;

import dev.sdo.compiler.Compilation;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.VariableList;
import dev.sdo.runtime.batch.BatchFileDescription;
import dev.sdo.runtime.generic.FieldDescriptor;
import dev.sdo.runtime.generic.GenericBatch;
import dev.sdo.runtime.generic.RecordDescriptor;
import dev.sdo.runtime.generic.SchemaDescriptor;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

/**
 * The properties every compiled schema must have, checked against the spec's reference layout and encoder with
 * random values drawn from a seed. Each check throws an {@link AssertionError} that names the schema, the record,
 * the value and the difference.
 */
final class SchemaChecks {
    /** Field values checked per record: many for small records, fewer for wide ones. */
    private static final int FIELD_VALUES_PER_RECORD = 8_000;
    private static final int MAX_VALUES_PER_RECORD = 400;
    private static final int MIN_VALUES_PER_RECORD = 20;
    /** Random byte patterns read per record by the corrupt-data check. */
    private static final int CORRUPT_SAMPLES = 100;
    /** Valid values damaged, and damages per value, per record with variable-length data. */
    private static final int CORRUPT_VALUES = 4;
    private static final int CORRUPT_SAMPLES_PER_VALUE = 15;
    /** Records per batch (and {@code .sdob} file) checked per record type. */
    private static final int BATCH_RECORDS = 40;

    private final TestSchema schema;
    private final Compilation compilation;
    private final GeneratedSchema generated;
    private final long seed;
    private final String reproduction;
    private final SpecLayout layout = new SpecLayout();
    private final ReferenceEncoder encoder = new ReferenceEncoder(layout);
    private final Map<TestRecord, List<RecordValue>> values = new IdentityHashMap<>();

    SchemaChecks(TestSchema schema, Compilation compilation, GeneratedSchema generated, long seed,
            String reproduction) {
        this.schema = schema;
        this.compilation = compilation;
        this.generated = generated;
        this.seed = seed;
        this.reproduction = reproduction;
    }

    /** Layouts reported by the compiler and {@code XSdo.BYTES} equal the reference's. */
    void layoutsAndSizes() throws ReflectiveOperationException {
        for (TestRecord record : schema.concreteRecords()) {
            RecordLayout actual = compilation.layouts().stream()
                    .filter(l -> l.record().name().packageName().equals(schema.packageName())
                            && l.record().name().simpleName().equals(record.name()))
                    .findFirst()
                    .orElseThrow(() -> fail("no layout for record " + record.name()));
            List<SpecLayout.Slot> expected = layout.slots(record);
            if (actual.fields().size() != expected.size()) {
                throw fail(record.name() + ": " + actual.fields().size() + " field layouts, expected "
                        + expected.size());
            }
            for (int i = 0; i < expected.size(); i++) {
                SpecLayout.Slot want = expected.get(i);
                FieldLayout got = actual.fields().get(i);
                if (!got.field().name().equals(want.field().name()) || got.presenceBit() != want.presenceBit()
                        || got.offset() != want.offset() || got.width() != want.width()
                        || got.slotOffset() != want.endSlot() || got.slotBit() != want.slotBit()) {
                    throw fail(record.name() + "." + want.field().name() + ": layout (name " + got.field().name()
                            + ", presence " + got.presenceBit() + ", offset " + got.offset() + ", width "
                            + got.width() + ", end slot " + got.slotOffset() + ", slot bit " + got.slotBit()
                            + "), expected (presence " + want.presenceBit() + ", offset " + want.offset()
                            + ", width " + want.width() + ", end slot " + want.endSlot() + ", slot bit "
                            + want.slotBit() + ")");
                }
            }
            if (actual.compact() != record.compactLayout()
                    || actual.slotBitCount() != (record.compactLayout() ? SpecLayout.variableFields(record).size() : 0)) {
                throw fail(record.name() + ": the layout is " + (actual.compact() ? "" : "not ") + "compact with "
                        + actual.slotBitCount() + " slot bits, expected " + (record.compactLayout() ? "" : "not ")
                        + "compact with " + SpecLayout.variableFields(record).size() + " variable-length fields");
            }
            if (actual.totalBits() != layout.totalBits(record) || actual.bytes() != layout.bytes(record)) {
                throw fail(record.name() + ": " + actual.totalBits() + " bits / " + actual.bytes()
                        + " bytes, expected " + layout.totalBits(record) + " / " + layout.bytes(record));
            }
            int constant = generated.record(record).bytesConstant();
            if (constant != layout.bytes(record)) {
                throw fail(record.name() + "Sdo.BYTES is " + constant + ", expected " + layout.bytes(record));
            }
        }
    }

    /** Getters, presence tests and setters have the Java types of the spec's table. */
    void javaTypes() {
        for (TestRecord record : schema.concreteRecords()) {
            GeneratedRecord binding = generated.record(record);
            for (int i = 0; i < record.fields().size(); i++) {
                TestField field = record.fields().get(i);
                Class<?> want = JavaTypes.getterType(field, binding.types());
                Method getter = binding.getter(i);
                if (getter.getReturnType() != want) {
                    throw fail(record.name() + "." + field.name() + ": " + getter.getName() + "() returns "
                            + getter.getReturnType().getName() + ", expected " + want.getName());
                }
                if (field.hasPresenceTest() && binding.presence(i).getReturnType() != boolean.class) {
                    throw fail(record.name() + "." + field.hasName() + "() does not return boolean");
                }
                Class<?> parameter = binding.setter(i).getParameterTypes()[0];
                if (parameter != want) {
                    throw fail(record.name() + "Bean." + field.setterName() + " takes " + parameter.getName()
                            + ", expected " + want.getName());
                }
            }
        }
    }

    /**
     * bean -> of -> getters equal the bean's; toBean equals the bean; and, on a sample, toString is not empty and
     * of(another SDO) keeps the bytes.
     */
    void roundTrip() {
        forEachValue((record, binding, value, random) -> {
            Object bean = binding.newBean(value, random);
            Object sdo = encode(binding, bean, value);
            String difference = ContentCheck.firstDifference(binding, sdo, value, record.name());
            if (difference != null) {
                throw fail("of(bean) then getters: " + difference + "\nvalue: " + value.describe());
            }
            Object back = binding.toBean(sdo);
            if (back == null || back.getClass() != binding.bean) {
                throw fail("toBean() returned " + (back == null ? null : back.getClass()) + "\nvalue: " + value);
            }
            difference = ContentCheck.firstDifference(binding, back, value, record.name());
            if (difference != null) {
                throw fail("toBean() then getters: " + difference + "\nvalue: " + value.describe());
            }
            Object canonical = binding.newBean(value, null);
            if (!back.equals(canonical) || back.hashCode() != canonical.hashCode()) {
                throw fail("toBean() is not equal to (or hashes differently from) a bean of the same values\nvalue: "
                        + value.describe() + "\ntoBean: " + back + "\nbean:   " + canonical);
            }
            if (random.nextInt(8) != 0) {
                return; // the rest, on a sample: building strings is slow, and of(SDO) is checked by wrap too
            }
            try {
                if (sdo.toString().isEmpty() || back.toString().isEmpty()) {
                    throw fail("toString() is empty\nvalue: " + value.describe());
                }
            } catch (RuntimeException e) {
                throw fail("toString() threw " + e + "\nvalue: " + value.describe(), e);
            }
            Object again = binding.of(sdo);
            if (!Arrays.equals(binding.toByteArray(again), binding.toByteArray(sdo))) {
                throw fail("of(sdo) has other bytes than sdo\nvalue: " + value.describe());
            }
        });
    }

    /**
     * The allocation-free getters beside the object ones: {@code long getNameUnscaled()} for decimals and
     * {@code int getNameEpochDay()} for dates, checked where the field is present.
     */
    void primitiveGetters() {
        forEachValue((record, binding, value, random) -> {
            Object sdo = encode(binding, binding.newBean(value, null), value);
            for (int i = 0; i < record.fields().size(); i++) {
                TestField field = record.fields().get(i);
                Object want = value.value(i);
                if (want == null) {
                    continue;
                }
                String suffix;
                Object expected;
                if (field.type() instanceof TestType.Decimal) {
                    suffix = "Unscaled";
                    expected = ((BigDecimal) want).unscaledValue().longValueExact();
                } else if (field.type() instanceof TestType.Date) {
                    suffix = "EpochDay";
                    expected = Math.toIntExact(((LocalDate) want).toEpochDay());
                } else {
                    continue;
                }
                String getter = field.getterName() + suffix;
                Object actual;
                try {
                    actual = GeneratedRecord.call(binding.sdo.getMethod(getter), sdo);
                } catch (NoSuchMethodException e) {
                    throw fail(binding.sdo.getSimpleName() + " has no " + getter + "()");
                }
                if (!expected.equals(actual)) {
                    throw fail(record.name() + "Sdo." + getter + "() is " + actual + ", expected " + expected
                            + "\nvalue: " + value.describe());
                }
            }
        });
    }

    /** A serialised SDO reads back equal, with the same bytes. */
    void serialization() throws IOException, ClassNotFoundException {
        for (TestRecord record : schema.concreteRecords()) {
            GeneratedRecord binding = generated.record(record);
            List<RecordValue> all = values(record);
            for (RecordValue value : all.subList(0, Math.min(all.size(), 50))) {
                Object sdo = encode(binding, binding.newBean(value, null), value);
                var bytes = new ByteArrayOutputStream();
                try (var out = new ObjectOutputStream(bytes)) {
                    out.writeObject(sdo);
                }
                ClassLoader loader = binding.sdo.getClassLoader();
                Object back;
                try (var in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())) {
                    @Override
                    protected Class<?> resolveClass(ObjectStreamClass description)
                            throws IOException, ClassNotFoundException {
                        try {
                            return Class.forName(description.getName(), false, loader);
                        } catch (ClassNotFoundException e) {
                            return super.resolveClass(description);
                        }
                    }
                }) {
                    back = in.readObject();
                }
                if (!sdo.equals(back) || !Arrays.equals(binding.toByteArray(back), encoder.encode(value))) {
                    throw fail(record.name() + "Sdo does not survive serialisation\nvalue: " + value.describe());
                }
            }
        }
    }

    /** toByteArray() is exactly the reference encoder's bytes. */
    void exactBytes() {
        forEachValue((record, binding, value, random) -> {
            Object sdo = encode(binding, binding.newBean(value, random), value);
            byte[] expected = encoder.encode(value);
            byte[] actual = binding.toByteArray(sdo);
            if (!Arrays.equals(actual, expected)) {
                throw fail("toByteArray() differs from the spec's encoding"
                        + firstDifferentBit(record, actual, expected) + "\nvalue:    " + value.describe()
                        + "\nexpected: " + RecordValue.hex(expected) + "\nactual:   " + RecordValue.hex(actual));
            }
        });
    }

    /**
     * The sizes a record with variable-length data reports ({@code encodedSize(bean)}, {@code byteSize()} of the
     * SDO made and of one wrapped, {@code sizeOf(buffer, offset)}) are the reference encoding's length; a record of
     * fixed width is {@code BYTES} long.
     */
    void sizes() throws ReflectiveOperationException {
        for (TestRecord record : schema.concreteRecords()) {
            GeneratedRecord binding = generated.record(record);
            Method encodedSize = binding.encodedSize();
            Method byteSize = binding.byteSize();
            Method sizeOf = binding.sizeOf();
            // A compact record does not hold its size (record-format.md 8.2): it has no sizeOf.
            if (record.variableLength() && (encodedSize == null || byteSize == null
                    || (sizeOf == null) != record.compactLayout())) {
                throw fail(binding.sdo.getSimpleName() + " lacks encodedSize, byteSize or sizeOf, or a compact record"
                        + " has sizeOf");
            }
            int bytesConstant = binding.bytesConstant();
            for (RecordValue value : values(record)) {
                int expected = encoder.encode(value).length;
                Object bean = binding.newBean(value, null);
                Object sdo = encode(binding, bean, value);
                int offset = 3;
                ByteBuffer buffer = ByteBuffer.allocate(offset + expected + 5);
                binding.writeTo(sdo, buffer, offset);
                Object wrapped = binding.wrap(buffer, offset, expected);
                List<Object> sizes = new ArrayList<>();
                if (encodedSize != null) {
                    sizes.add(GeneratedRecord.call(encodedSize, null, bean));
                }
                if (sizeOf != null) {
                    sizes.add(GeneratedRecord.call(sizeOf, null, buffer, offset));
                }
                if (byteSize != null) {
                    sizes.add(GeneratedRecord.call(byteSize, sdo));
                    sizes.add(GeneratedRecord.call(byteSize, wrapped));
                }
                if (!record.variableLength() && expected != bytesConstant
                        || sizes.stream().anyMatch(size -> !Integer.valueOf(expected).equals(size))) {
                    throw fail(record.name() + ": sizes " + sizes + " (encodedSize, sizeOf, byteSize of of() and of"
                            + " wrap, those it has), BYTES " + bytesConstant + ", expected " + expected + "\nvalue: "
                            + value.describe());
                }
            }
        }
    }

    /**
     * A batch of random records ({@code XBatch.add}) holds each one's exact bytes; its {@code .sdob} file, read back
     * ({@code readFrom}) and mapped ({@code map}), holds them too.
     */
    void batches() throws Exception {
        for (TestRecord record : schema.concreteRecords()) {
            GeneratedRecord binding = generated.record(record);
            Class<?> batchType = Class.forName(binding.sdo.getName().replaceFirst("Sdo$", "Batch"), true,
                    binding.sdo.getClassLoader());
            Object batch = batchType.getConstructor().newInstance();
            // add(T) of the generic batch the generated one extends: erased to add(Object)
            Method add = java.util.Arrays.stream(batchType.getMethods())
                    .filter(m -> m.getName().equals("add") && m.getParameterCount() == 1
                            && m.getParameterTypes()[0].isAssignableFrom(binding.api))
                    .findFirst().orElseThrow(() -> new NoSuchMethodException(batchType.getName() + ".add"));
            List<RecordValue> all = values(record);
            List<RecordValue> rows = all.subList(0, Math.min(all.size(), BATCH_RECORDS));
            Random random = new Random(seed ^ 0xBA7C);
            for (RecordValue value : rows) {
                try {
                    GeneratedRecord.call(add, batch, binding.newBean(value, random));
                } catch (RuntimeException e) {
                    throw fail(record.name() + "Batch.add threw " + e + " for the valid value " + value.describe(), e);
                }
            }
            checkBatch(binding, batch, rows, "the batch");
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            GeneratedRecord.call(batchType.getMethod("writeTo", java.nio.channels.WritableByteChannel.class), batch,
                    java.nio.channels.Channels.newChannel(file));
            Object read = GeneratedRecord.call(batchType.getMethod("readFrom",
                    java.nio.channels.ReadableByteChannel.class), null,
                    java.nio.channels.Channels.newChannel(new ByteArrayInputStream(file.toByteArray())));
            checkBatch(binding, read, rows, "the batch read from its .sdob file");
            java.nio.file.Path path = java.nio.file.Files.createTempFile("props", ".sdob");
            try {
                java.nio.file.Files.write(path, file.toByteArray());
                Object mapped = GeneratedRecord.call(batchType.getMethod("map", java.nio.file.Path.class), null, path);
                checkBatch(binding, mapped, rows, "the batch mapped from its .sdob file");
            } finally {
                java.nio.file.Files.delete(path);
            }
        }
    }

    /**
     * Every record's {@code .sdob} file, written by its generated batch, carries a descriptor that says what the
     * compiler's layout says (names, offsets, presence bits, slots, sizes); every record is read through
     * {@link GenericBatch}, field by field at every depth (nested records, lists, unions), each value equal to the
     * generated getter's, and each integer equal through {@code getLong}.
     */
    void genericRecords() throws Exception {
        for (TestRecord record : schema.concreteRecords()) {
            GeneratedRecord binding = generated.record(record);
            RecordLayout layout = compilation.layouts().stream()
                    .filter(l -> l.record().name().packageName().equals(schema.packageName())
                            && l.record().name().simpleName().equals(record.name()))
                    .findFirst().orElseThrow(() -> fail("no layout for record " + record.name()));
            Class<?> batchType = Class.forName(binding.sdo.getName().replaceFirst("Sdo$", "Batch"), true,
                    binding.sdo.getClassLoader());
            Object batch = batchType.getConstructor().newInstance();
            Method add = java.util.Arrays.stream(batchType.getMethods())
                    .filter(m -> m.getName().equals("add") && m.getParameterCount() == 1
                            && m.getParameterTypes()[0].isAssignableFrom(binding.api))
                    .findFirst().orElseThrow(() -> new NoSuchMethodException(batchType.getName() + ".add"));
            List<RecordValue> all = values(record);
            List<RecordValue> rows = all.subList(0, Math.min(all.size(), BATCH_RECORDS));
            Random random = new Random(seed ^ 0x6E4E);
            for (RecordValue value : rows) {
                GeneratedRecord.call(add, batch, binding.newBean(value, random));
            }
            java.nio.file.Path path = java.nio.file.Files.createTempFile("generic", ".sdob");
            try (java.nio.channels.FileChannel out = java.nio.channels.FileChannel.open(path,
                    java.nio.file.StandardOpenOption.WRITE)) {
                GeneratedRecord.call(batchType.getMethod("writeTo", java.nio.channels.WritableByteChannel.class),
                        batch, out);
            }
            try {
                BatchFileDescription description = BatchFileDescription.of(path);
                SchemaDescriptor descriptor = SchemaDescriptor.parse(description.writer().schema());
                checkDescriptor(layout, descriptor.record());
                GenericBatch read = GenericBatch.open(path);
                if (read.size() != rows.size()) {
                    throw fail(record.name() + ": the generic batch holds " + read.size() + " records, expected "
                            + rows.size());
                }
                GenericComparison comparison = new GenericComparison(generated);
                Method get = batchType.getMethod("get", int.class);
                TestType.RecordRef type = new TestType.RecordRef(record);
                for (int i = 0; i < rows.size(); i++) {
                    String difference = comparison.difference(type, false, GeneratedRecord.call(get, batch, i),
                            read.get(i), record.name() + " of record " + i);
                    if (difference != null) {
                        throw fail(difference + "\nvalue: " + rows.get(i).describe());
                    }
                }
            } finally {
                java.nio.file.Files.delete(path);
            }
        }
    }

    private void checkDescriptor(RecordLayout layout, RecordDescriptor described) {
        String name = layout.record().name().toString();
        if (!described.name().equals(name) || described.fixedBytes() != layout.bytes()
                || described.totalBits() != layout.totalBits() || described.version() != layout.version()
                || described.fields().size() != layout.fields().size()
                || described.isCompact() != layout.record().compact() || described.slotBits() != layout.slotBitCount()) {
            throw fail(name + ": the descriptor describes " + described.name() + " of " + described.totalBits()
                    + " bits and " + described.fields().size() + " fields, compact " + described.isCompact() + " with "
                    + described.slotBits() + " slot bits, the layout " + layout.totalBits() + " bits and "
                    + layout.fields().size() + " fields, compact " + layout.record().compact() + " with "
                    + layout.slotBitCount() + " slot bits");
        }
        for (int i = 0; i < layout.fields().size(); i++) {
            FieldLayout field = layout.fields().get(i);
            FieldDescriptor got = described.field(i);
            if (!got.name().equals(field.field().name()) || got.offset() != field.offset()
                    || got.presenceBit() != field.presenceBit() || got.slotOffset() != field.slotOffset()
                    || got.type().bits() != field.encoding().bits() || got.since() != field.field().since()
                    || got.slotBit() != field.slotBit()) {
                throw fail(name + "." + field.field().name() + ": the descriptor says " + got + ", the layout "
                        + field);
            }
        }
    }

    private void checkBatch(GeneratedRecord binding, Object batch, List<RecordValue> rows, String what)
            throws ReflectiveOperationException {
        Method size = batch.getClass().getMethod("size");
        Method get = batch.getClass().getMethod("get", int.class);
        Object count = GeneratedRecord.call(size, batch);
        if (((Number) count).intValue() != rows.size()) {
            throw fail(binding.record.name() + ": " + what + " holds " + count + " records, expected " + rows.size());
        }
        for (int i = 0; i < rows.size(); i++) {
            Object view = GeneratedRecord.call(get, batch, i);
            byte[] expected = encoder.encode(rows.get(i));
            byte[] actual = binding.toByteArray(view);
            if (!Arrays.equals(actual, expected)) {
                throw fail(binding.record.name() + ": record " + i + " of " + what + " is " + RecordValue.hex(actual)
                        + ", expected " + RecordValue.hex(expected) + "\nvalue: " + rows.get(i).describe());
            }
            String difference = ContentCheck.firstDifference(binding, view, rows.get(i), binding.record.name());
            if (difference != null) {
                throw fail("record " + i + " of " + what + ": " + difference + "\nvalue: " + rows.get(i).describe());
            }
        }
    }

    /** Two SDOs are equal exactly when their bytes are, and equal ones hash alike. */
    void equality() {
        for (TestRecord record : schema.concreteRecords()) {
            GeneratedRecord binding = generated.record(record);
            Object previous = null;
            byte[] previousBytes = null;
            for (RecordValue value : values(record)) {
                Object sdo = binding.of(binding.newBean(value, null));
                byte[] bytes = encoder.encode(value);
                Object twin = binding.wrap(ByteBuffer.wrap(bytes.clone()), 0, bytes.length);
                if (!sdo.equals(twin) || sdo.hashCode() != twin.hashCode()) {
                    throw fail(record.name() + ": of(bean) and wrap(its bytes) are not equal or hash differently\n"
                            + "value: " + value.describe());
                }
                if (previous != null && previous.equals(sdo) != Arrays.equals(previousBytes, bytes)) {
                    throw fail(record.name() + ": equals() is " + previous.equals(sdo) + " for records whose bytes "
                            + (Arrays.equals(previousBytes, bytes) ? "are" : "are not") + " equal\nvalue: "
                            + value.describe());
                }
                previous = sdo;
                previousBytes = bytes;
            }
        }
    }

    /**
     * wrap at odd offsets in heap, direct, sliced, exactly-sized and big-endian buffers reads every field back,
     * leaves the buffer's position, limit and order alone, and re-encodes to the same bytes.
     */
    void wrap(boolean readOnly) {
        forEachValue((record, binding, value, random) -> {
            if (readOnly && random.nextInt(4) != 0) {
                return; // a sample is enough: read-only views differ from the others only in how they are read
            }
            byte[] expected = encoder.encode(value);
            int offset = random.nextInt(4) == 0 ? random.nextInt(4096) : 1 + 2 * random.nextInt(20);
            int kind = random.nextInt(5);
            int tail = kind == 1 || kind == 2 ? 0 : 1 + random.nextInt(9);
            ByteBuffer buffer = buffer(kind, offset + expected.length + tail, random);
            for (int i = 0; i < expected.length; i++) {
                buffer.put(offset + i, expected[i]);
            }
            if (kind == 1) {
                buffer.limit(offset + expected.length);
            }
            if (readOnly) {
                buffer = buffer.asReadOnlyBuffer().order(buffer.order());
            }
            buffer.position(random.nextInt(buffer.limit() + 1));
            int position = buffer.position();
            int limit = buffer.limit();
            ByteOrder order = buffer.order();
            String where = describe(buffer, kind, offset) + "\nvalue: " + value.describe();
            Object view;
            try {
                view = binding.wrap(buffer, offset, expected.length);
            } catch (RuntimeException e) {
                throw fail("wrap threw " + e + " on " + where, e);
            }
            String difference = ContentCheck.firstDifference(binding, view, value, record.name());
            if (difference != null) {
                throw fail("wrap then getters: " + difference + " on " + where);
            }
            byte[] actual = binding.toByteArray(view);
            if (!Arrays.equals(actual, expected)) {
                throw fail("wrap then toByteArray: " + RecordValue.hex(actual) + ", expected "
                        + RecordValue.hex(expected) + " on " + where);
            }
            if (buffer.position() != position || buffer.limit() != limit || buffer.order() != order) {
                throw fail("reading changed the buffer: position " + position + " -> " + buffer.position()
                        + ", limit " + limit + " -> " + buffer.limit() + ", order " + order + " -> "
                        + buffer.order() + " on " + where);
            }
            if (!Arrays.equals(binding.toByteArray(binding.of(view)), expected)) {
                throw fail("of(wrapped SDO) has other bytes on " + where);
            }
            Object encoded = binding.of(binding.newBean(value, null));
            if (!view.equals(encoded) || !encoded.equals(view) || view.hashCode() != encoded.hashCode()) {
                throw fail("the wrapped SDO and of(bean) are not equal both ways with equal hash codes on " + where);
            }
        });
    }

    /** writeTo writes exactly the reference bytes at the offset and nothing else, leaving the buffer's state. */
    void writeTo() {
        forEachValue((record, binding, value, random) -> {
            byte[] expected = encoder.encode(value);
            Object sdo = binding.of(binding.newBean(value, null));
            int offset = random.nextInt(4) == 0 ? random.nextInt(4096) : 1 + 2 * random.nextInt(20);
            int kind = random.nextInt(5);
            int tail = kind == 1 || kind == 2 ? 0 : 1 + random.nextInt(9);
            ByteBuffer buffer = buffer(kind, offset + expected.length + tail, random);
            if (kind == 1) {
                buffer.limit(offset + expected.length);
            }
            buffer.position(random.nextInt(buffer.limit() + 1));
            int position = buffer.position();
            int limit = buffer.limit();
            ByteOrder order = buffer.order();
            byte[] before = contents(buffer);
            String where = describe(buffer, kind, offset) + "\nvalue: " + value.describe();
            try {
                binding.writeTo(sdo, buffer, offset);
            } catch (RuntimeException e) {
                throw fail("writeTo threw " + e + " on " + where, e);
            }
            byte[] after = contents(buffer);
            byte[] wanted = before.clone();
            System.arraycopy(expected, 0, wanted, offset, expected.length);
            if (!Arrays.equals(after, wanted)) {
                int first = Arrays.mismatch(after, wanted);
                throw fail("writeTo wrote byte " + first + " (record byte " + (first - offset) + ") as "
                        + String.format("%02X", after[first] & 0xFF) + ", expected "
                        + String.format("%02X", wanted[first] & 0xFF) + " on " + where + "\nexpected record: "
                        + RecordValue.hex(expected));
            }
            if (buffer.position() != position || buffer.limit() != limit || buffer.order() != order) {
                throw fail("writeTo changed the buffer: position " + position + " -> " + buffer.position()
                        + ", limit " + limit + " -> " + buffer.limit() + " on " + where);
            }
        });
    }

    /**
     * Bytes that no encoder writes (random bits, all ones) are read without any exception but
     * {@code CorruptDataException}, the runtime's error for "stored bits that no encoder writes, such as an enum
     * ordinal or character code beyond its type": never an index, date-time or arithmetic exception.
     */
    void corruptBytes() {
        for (TestRecord record : schema.concreteRecords()) {
            GeneratedRecord binding = generated.record(record);
            Random random = new Random(seed ^ 0x5EED);
            int bytes = layout.bytes(record);
            for (int n = 0; n < CORRUPT_SAMPLES; n++) {
                byte[] data = new byte[bytes];
                if (n == 0) {
                    Arrays.fill(data, (byte) 0xFF);
                } else {
                    random.nextBytes(data);
                }
                String where = record.name() + " wrapped over " + RecordValue.hex(data);
                // A record with string or bytes fields reads its size from its slots: wrap may find it corrupt.
                Object view = tolerateCorruption(() -> binding.wrap(ByteBuffer.wrap(data), 0, data.length),
                        () -> where + ": wrap");
                if (view == null) {
                    continue;
                }
                readAll(binding, view, record, () -> where);
                tolerateCorruption(() -> binding.toBean(view), () -> where + ": toBean()");
                tolerateCorruption(view::toString, () -> where + ": toString()");
            }
        }
    }

    /**
     * Damaged variable-length data (an end slot, a list's count or end offset, a nested record's slot: random
     * values, off by one, all ones, or a flipped bit anywhere) is read, down to every element of every list and
     * every field of every nested record, without any exception but {@code CorruptDataException}.
     */
    void corruptData() {
        for (TestRecord record : schema.concreteRecords()) {
            if (!record.variableLength()) {
                continue;
            }
            GeneratedRecord binding = generated.record(record);
            Random random = new Random(seed ^ 0xDA7A);
            List<SpecLayout.Slot> slots = layout.slots(record).stream()
                    .filter(slot -> TestType.variableLength(slot.field().type())).toList();
            for (RecordValue value : values(record).subList(0, Math.min(CORRUPT_VALUES, values(record).size()))) {
                byte[] valid = encoder.encode(value);
                for (int n = 0; n < CORRUPT_SAMPLES_PER_VALUE; n++) {
                    byte[] data = valid.clone();
                    if (record.compactLayout()) {
                        damageCompact(data, slots, layout.bytes(record), random);
                    } else {
                        damage(data, slots.get(random.nextInt(slots.size())), layout.bytes(record), random);
                    }
                    // Described only on failure: the bytes and the value can be long.
                    Supplier<String> where = () -> record.name() + " damaged to " + RecordValue.hex(data)
                            + "\nfrom value: " + value.describe();
                    Object view = tolerateCorruption(() -> binding.wrap(ByteBuffer.wrap(data), 0, data.length),
                            () -> where.get() + ": wrap");
                    if (view == null) {
                        continue;
                    }
                    readAll(binding, view, record, where);
                    tolerateCorruption(() -> binding.toBean(view), () -> where.get() + ": toBean()");
                    tolerateCorruption(view::toString, () -> where.get() + ": toString()");
                    tolerateCorruption(view::hashCode, () -> where.get() + ": hashCode()");
                }
            }
        }
    }

    /** Damages {@code data}: {@code slot}'s end, or 32 bits of the variable part, or one bit anywhere. */
    private static void damage(byte[] data, SpecLayout.Slot slot, int fixedBytes, Random random) {
        ByteBuffer buffer = ByteBuffer.wrap(data);
        switch (random.nextInt(3)) {
            case 0 -> {
                long end = BitFields.read(buffer, 0, slot.endSlot(), 32);
                long[] candidates = {end + 1, end - 1, 0, 0xFFFF_FFFFL, data.length + 1L, fixedBytes - 1L,
                    random.nextInt() & 0xFFFF_FFFFL, random.nextInt(data.length + 8)};
                BitFields.write(buffer, 0, slot.endSlot(), 32,
                        candidates[random.nextInt(candidates.length)] & 0xFFFF_FFFFL);
            }
            case 1 -> {
                if (data.length - fixedBytes >= 4) {
                    int at = fixedBytes + random.nextInt(data.length - fixedBytes - 3);
                    long value = random.nextBoolean() ? random.nextInt() & 0xFFFF_FFFFL : random.nextInt(64);
                    BitFields.write(buffer, at, 0, 32, value);
                }
            }
            default -> data[random.nextInt(data.length)] ^= (byte) (1 << random.nextInt(8));
        }
    }

    /**
     * Damages a compact record's {@code data} (docs/record-format.md section 8): one of its slots in the table (off
     * by one, 0, all ones, beyond the record, before the table, random), its slot width code, one slot bit, 32 bits
     * of the table and data, or one bit anywhere.
     */
    private static void damageCompact(byte[] data, List<SpecLayout.Slot> variable, int fixedBytes, Random random) {
        ByteBuffer buffer = ByteBuffer.wrap(data);
        int width = (data[0] & 3) + 1;
        int count = 0;
        for (SpecLayout.Slot slot : variable) {
            count += (int) BitFields.read(buffer, 0, slot.slotBit(), 1);
        }
        switch (random.nextInt(5)) {
            case 0 -> {
                // The table holds one slot fewer than the fields with data (the last one ends at the size).
                if (count > 1) {
                    int at = fixedBytes + width * random.nextInt(count - 1);
                    long end = BitFields.read(buffer, at, 0, 8 * width);
                    long all = (1L << (8 * width)) - 1;
                    long[] candidates = {end + 1, end - 1, 0, all, data.length + 1L, fixedBytes - 1L,
                        fixedBytes + (long) (count - 1) * width - 1, random.nextLong() & all,
                        random.nextInt(data.length + 8)};
                    BitFields.write(buffer, at, 0, 8 * width, candidates[random.nextInt(candidates.length)] & all);
                }
            }
            case 1 -> data[0] = (byte) ((data[0] & ~3) | ((data[0] + 1 + random.nextInt(3)) & 3));
            case 2 -> {
                long bit = variable.get(random.nextInt(variable.size())).slotBit();
                data[(int) (bit >>> 3)] ^= (byte) (1 << (bit & 7));
            }
            case 3 -> {
                if (data.length - fixedBytes >= 4) {
                    int at = fixedBytes + random.nextInt(data.length - fixedBytes - 3);
                    long value = random.nextBoolean() ? random.nextInt() & 0xFFFF_FFFFL : random.nextInt(64);
                    BitFields.write(buffer, at, 0, 32, value);
                }
            }
            default -> data[random.nextInt(data.length)] ^= (byte) (1 << random.nextInt(8));
        }
    }

    private void readAll(GeneratedRecord binding, Object view, TestRecord record, Supplier<String> where) {
        for (int i = 0; i < record.fields().size(); i++) {
            TestField field = record.fields().get(i);
            Method getter = binding.getter(i);
            Object value = tolerateCorruption(() -> GeneratedRecord.call(getter, view), () -> where.get() + ": "
                    + record.name() + "." + getter.getName() + "() (" + field.type() + ")");
            if (field.hasPresenceTest()) {
                Method presence = binding.presence(i);
                tolerateCorruption(() -> GeneratedRecord.call(presence, view),
                        () -> where.get() + ": " + field.hasName() + "()");
            }
            if (value != null) {
                readDeep(field.type(), value, () -> where.get() + ": " + record.name() + "." + field.name());
            }
        }
    }

    /**
     * Reads every element of a list (and of the lists in it), every field of a nested record, and which alternative
     * a union holds and every alternative's getter.
     */
    private void readDeep(TestType type, Object value, Supplier<String> where) {
        if (type instanceof TestType.UnionRef ref) {
            TestUnion union = ref.union();
            if (union.abstractRecord() != null) {
                for (TestField alternative : union.alternatives()) {
                    TestRecord concrete = ((TestType.RecordRef) alternative.type()).type();
                    GeneratedRecord binding = generated.record(concrete);
                    if (value.getClass() == binding.sdo) {
                        readAll(binding, value, concrete, where);
                    }
                }
                return;
            }
            GeneratedUnion binding = generated.union(union);
            tolerateCorruption(() -> GeneratedRecord.call(binding.which, value), () -> where.get() + ".which()");
            for (int j = 0; j < union.alternatives().size(); j++) {
                Method getter = binding.getter(j);
                TestField alternative = union.alternatives().get(j);
                Object present = tolerateCorruption(() -> GeneratedRecord.call(getter, value),
                        () -> where.get() + "." + getter.getName() + "()");
                if (present != null) {
                    readDeep(alternative.type(), present, () -> where.get() + "." + alternative.name());
                }
            }
        } else if (type instanceof TestType.RecordRef nested) {
            readAll(generated.record(nested.type()), value, nested.type(), where);
        } else if (type instanceof TestType.ListOf list) {
            List<?> elements = (List<?>) value;
            for (int i = 0; i < elements.size(); i++) {
                int index = i;
                Supplier<String> at = () -> where.get() + "[" + index + "]";
                Object element = tolerateCorruption(() -> elements.get(index), at);
                if (elements instanceof VariableList<?> table) {
                    tolerateCorruption(() -> table.elementBuffer(index), () -> at.get() + " (its buffer)");
                }
                if (element != null) {
                    readDeep(list.element(), element, at);
                }
            }
        }
    }

    private Object tolerateCorruption(Supplier<Object> read, Supplier<String> what) {
        try {
            return read.get();
        } catch (CorruptDataException expected) {
            return null;
        } catch (RuntimeException e) {
            throw fail(what.get() + " threw " + e + " (expected a value or a CorruptDataException)", e);
        }
    }

    /**
     * Every value just outside its field makes of() throw an IllegalArgumentException naming Record.field, also
     * inside a nested record (named as Nested.field or as Outer.field): nothing is silently truncated.
     */
    void rejection() {
        for (TestRecord record : schema.concreteRecords()) {
            GeneratedRecord binding = generated.record(record);
            RecordValue base = values(record).get(0);
            Object bean = binding.newBean(base, null);
            for (int i = 0; i < record.fields().size(); i++) {
                TestField field = record.fields().get(i);
                String name = record.name() + "." + field.name();
                for (InvalidValues.Invalid invalid : InvalidValues.of(field)) {
                    String what = describe(name, field, invalid);
                    expectRejected(binding, withField(binding, bean, i, invalid.value()), List.of(name), what, base);
                }
                if (field.type() instanceof TestType.RecordRef ref) {
                    rejectInside(binding, bean, i, ref.type(), name, base);
                } else if (field.type() instanceof TestType.UnionRef ref && ref.union().abstractRecord() == null
                        && ref.union().alternatives().size() >= 2) {
                    rejectTwoAlternatives(binding, bean, i, ref.union(), name, base);
                }
            }
        }
    }

    /**
     * A union value that holds its first two alternatives at once (a hand-made implementation of the union's
     * interface) is refused, naming the field and the union.
     */
    private void rejectTwoAlternatives(GeneratedRecord binding, Object bean, int index, TestUnion union, String name,
            RecordValue base) {
        GeneratedUnion unionBinding = generated.union(union);
        RandomValues random = new RandomValues(new Random(seed ^ 0x2A17));
        Map<Method, Object> present = new java.util.HashMap<>();
        for (int j = 0; j < 2; j++) {
            RecordValue.UnionValue one = new RecordValue.UnionValue(union, j, random.value(union.alternatives().get(j)));
            Object oneBean = binding.newBean(new RecordValue(base.record(), replaced(base, index, one)), null);
            Object oneUnion = GeneratedRecord.call(binding.getter(index), oneBean);
            present.put(unionBinding.getter(j), GeneratedRecord.call(unionBinding.getter(j), oneUnion));
        }
        Object both = Proxy.newProxyInstance(unionBinding.api.getClassLoader(), new Class<?>[] {unionBinding.api},
                (proxy, method, args) -> switch (method.getName()) {
                    case "which" -> unionBinding.kind.getEnumConstants()[0];
                    case "toString" -> "two alternatives";
                    case "hashCode" -> 0;
                    case "equals" -> proxy == args[0];
                    default -> present.get(method);
                });
        expectRejected(binding, withField(binding, bean, index, both), List.of(name),
                name + " holding both " + union.alternatives().get(0).name() + " and "
                        + union.alternatives().get(1).name() + " of union " + union.name(), base);
    }

    private static List<Object> replaced(RecordValue value, int index, Object by) {
        List<Object> values = new ArrayList<>(value.values());
        values.set(index, by);
        return values;
    }

    /** The first invalid value of each field of a nested record, given through the outer record. */
    private void rejectInside(GeneratedRecord binding, Object bean, int index, TestRecord nested, String outerName,
            RecordValue base) {
        GeneratedRecord nestedBinding = generated.record(nested);
        Object nestedBean = nestedBinding.newBean(values(nested).get(0), null);
        for (int j = 0; j < nested.fields().size(); j++) {
            TestField field = nested.fields().get(j);
            String name = nested.name() + "." + field.name();
            for (InvalidValues.Invalid invalid : InvalidValues.of(field).stream().limit(1).toList()) {
                Object badNested = withField(nestedBinding, nestedBean, j, invalid.value());
                expectRejected(binding, withField(binding, bean, index, badNested), List.of(name, outerName),
                        describe(outerName + " -> " + name, field, invalid), base);
            }
        }
    }

    private static String describe(String name, TestField field, InvalidValues.Invalid invalid) {
        return name + " (" + field.type() + (field.optional() ? " optional" : "") + " as " + field.as() + ") = "
                + invalid.value() + " [" + invalid.why() + "]";
    }

    private void expectRejected(GeneratedRecord binding, Object source, List<String> names, String what,
            RecordValue base) {
        Object accepted;
        try {
            accepted = binding.of(source);
        } catch (IllegalArgumentException e) {
            if (e.getMessage() == null || names.stream().noneMatch(e.getMessage()::contains)) {
                throw fail("of() rejected " + what + " with a message naming none of " + names + ": "
                        + e.getMessage());
            }
            return;
        } catch (RuntimeException e) {
            throw fail("of() threw " + e + " instead of an IllegalArgumentException for " + what, e);
        }
        throw fail("of() accepted " + what + ", encoding it as " + RecordValue.hex(binding.toByteArray(accepted))
                + "\nother fields: " + base.describe());
    }

    /** A view of {@code bean} whose field {@code index} returns {@code value} (and is present). */
    static Object withField(GeneratedRecord binding, Object bean, int index, Object value) {
        Method getter = binding.getter(index);
        Method presence = binding.presence(index);
        return Proxy.newProxyInstance(binding.api.getClassLoader(), new Class<?>[] {binding.api},
                (proxy, method, args) -> {
                    if (method.equals(getter)) {
                        return value;
                    } else if (method.equals(presence)) {
                        return true;
                    }
                    return GeneratedRecord.call(method, bean, args);
                });
    }

    /**
     * Every record has a generated writer that writes the bytes of {@code of(bean)} and updates a record in place
     * ({@link WriterChecks}).
     */
    void writer() {
        WriterChecks writers = new WriterChecks(this::fail);
        forEachValue((record, binding, value, random) -> {
            List<RecordValue> all = values(record);
            writers.writesTheBytesOfOf(binding, value, all.get(random.nextInt(all.size())), random);
        });
    }

    /** Each setter of a generated writer refuses what {@code of} refuses, with its message ({@link WriterChecks}). */
    void writerRejection() {
        WriterChecks writers = new WriterChecks(this::fail);
        for (TestRecord record : schema.concreteRecords()) {
            writers.refusesWhatOfRefuses(generated.record(record), values(record).get(0));
        }
    }

    /**
     * The generic writer writes the bytes of {@code of(bean)} for the same values, read back as those values by the
     * generated getters and by the generic reader, and builds {@code .sdob} files the generated batch reads
     * ({@link GenericWriterChecks}).
     */
    void genericWriter() throws Exception {
        GenericWriterChecks checks = new GenericWriterChecks(generated, this::fail);
        for (TestRecord record : schema.concreteRecords()) {
            GeneratedRecord binding = generated.record(record);
            GenericWriterChecks.Writer writer = checks.writer(binding);
            Random random = new Random(seed ^ record.name().hashCode() * 41L);
            List<RecordValue> all = values(record);
            for (RecordValue value : all) {
                checks.writesTheBytesOfOf(binding, writer, value, random);
            }
            checks.batchFileReadByGeneratedBatch(binding, writer, all.subList(0, Math.min(all.size(),
                    BATCH_RECORDS)));
        }
    }

    /** Every value {@code of} refuses, the generic writer refuses with the same message ({@link GenericWriterChecks}). */
    void genericWriterRejection() {
        GenericWriterChecks checks = new GenericWriterChecks(generated, this::fail);
        for (TestRecord record : schema.concreteRecords()) {
            GeneratedRecord binding = generated.record(record);
            checks.refusesWhatOfRefuses(binding, checks.writer(binding), values(record).get(0));
        }
    }

    /**
     * Every operator of every generated field handle ({@code XFields}) agrees, on each record's stored bits, with the
     * same comparison of the getter's value ({@link QueryChecks}).
     */
    void queries() {
        QueryChecks queries = new QueryChecks(this::fail);
        for (TestRecord record : schema.concreteRecords()) {
            queries.predicatesAgreeWithGetters(generated.record(record), values(record),
                    new Random(seed ^ record.name().hashCode() * 17L));
        }
    }

    private interface ValueCheck {
        void check(TestRecord record, GeneratedRecord binding, RecordValue value, Random random);
    }

    private void forEachValue(ValueCheck check) {
        for (TestRecord record : schema.concreteRecords()) {
            GeneratedRecord binding = generated.record(record);
            Random random = new Random(seed ^ record.name().hashCode() * 31L);
            for (RecordValue value : values(record)) {
                check.check(record, binding, value, random);
            }
        }
    }

    private Object encode(GeneratedRecord binding, Object bean, RecordValue value) {
        try {
            return binding.of(bean);
        } catch (RuntimeException e) {
            throw fail("of() threw " + e + " for the valid value " + value.describe(), e);
        }
    }

    private List<RecordValue> values(TestRecord record) {
        return values.computeIfAbsent(record, r -> {
            int count = Math.max(MIN_VALUES_PER_RECORD,
                    Math.min(MAX_VALUES_PER_RECORD, FIELD_VALUES_PER_RECORD / leafFields(r)));
            RandomValues random = new RandomValues(new Random(seed + r.name().hashCode()));
            List<RecordValue> list = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                list.add(random.record(r));
            }
            return list;
        });
    }

    private static int leafFields(TestRecord record) {
        int count = 0;
        for (TestField field : record.fields()) {
            TestType innermost = TestType.innermost(field.type());
            // a recursive record's values are trees of a few levels: count one as fifty fields
            int leaves = innermost instanceof TestType.RecordRef r ? r.type().recursive() ? 50 : leafFields(r.type())
                    : 1;
            // a list holds a few elements: count it as four of them (and a list of lists as sixteen)
            for (TestType t = field.type(); t instanceof TestType.ListOf list; t = list.element()) {
                leaves *= 4;
            }
            count += leaves;
        }
        return Math.max(1, count);
    }

    /** kinds: 0 heap big-endian, 1 heap little-endian limited at the record's end, 2 direct of exactly the
     * record's end, 3 a heap slice (array offset not 0), 4 direct little-endian. Filled with random bytes. */
    private static ByteBuffer buffer(int kind, int capacity, Random random) {
        byte[] garbage = new byte[capacity];
        random.nextBytes(garbage);
        ByteBuffer buffer = switch (kind) {
            case 0 -> ByteBuffer.allocate(capacity);
            case 1 -> ByteBuffer.allocate(capacity + 1 + random.nextInt(8)).order(ByteOrder.LITTLE_ENDIAN);
            case 2 -> ByteBuffer.allocateDirect(capacity).order(random.nextBoolean() ? ByteOrder.LITTLE_ENDIAN
                    : ByteOrder.BIG_ENDIAN);
            case 3 -> ByteBuffer.wrap(new byte[capacity + 7], 3, capacity).slice();
            default -> ByteBuffer.allocateDirect(capacity).order(ByteOrder.LITTLE_ENDIAN);
        };
        for (int i = 0; i < capacity; i++) {
            buffer.put(i, garbage[i]);
        }
        return buffer;
    }

    private static String describe(ByteBuffer buffer, int kind, int offset) {
        String[] kinds = {"heap", "heap with limit at the record's end", "direct of exactly the record's end",
            "heap slice with array offset 3", "direct"};
        return kinds[kind] + (buffer.isReadOnly() ? " read-only" : "") + " buffer (capacity " + buffer.capacity()
                + ", limit " + buffer.limit() + ", " + buffer.order() + ") at offset " + offset;
    }

    private static byte[] contents(ByteBuffer buffer) {
        ByteBuffer whole = buffer.duplicate().clear();
        byte[] bytes = new byte[whole.capacity()];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = whole.get(i);
        }
        return bytes;
    }

    private String firstDifferentBit(TestRecord record, byte[] actual, byte[] expected) {
        if (actual.length != expected.length) {
            return " (" + actual.length + " bytes, expected " + expected.length + ")";
        }
        int index = Arrays.mismatch(actual, expected);
        long bit = index * 8L + Integer.numberOfTrailingZeros((actual[index] ^ expected[index]) & 0xFF);
        if (record.compactLayout() && index >= layout.bytes(record)) {
            return " first at byte " + index + ", in the slot table or the data (BYTES " + layout.bytes(record)
                    + ", slot width code " + (expected[0] & 3) + ")";
        }
        return " first at bit " + bit + ", in " + fieldAt(record, bit, record.name());
    }

    /** The field (path) that holds bit {@code bit} of the record. */
    private String fieldAt(TestRecord record, long bit, String path) {
        if (record.compactLayout() && bit < SpecLayout.SLOT_WIDTH_CODE_BITS) {
            return path + "'s slot width code";
        }
        for (SpecLayout.Slot slot : layout.slots(record)) {
            String name = path + "." + slot.field().name();
            if (bit == slot.slotBit()) {
                return name + "'s slot bit";
            }
            if (bit == slot.presenceBit()) {
                return name + "'s presence bit";
            }
            if (bit >= slot.offset() && bit < slot.offset() + slot.width()) {
                if (slot.field().type() instanceof TestType.RecordRef nested && !nested.type().variableLength()) {
                    return fieldAt(nested.type(), bit - slot.offset(), name);
                }
                return name + " (" + slot.field().type() + ", bit " + (bit - slot.offset()) + " of "
                        + slot.width() + ")";
            }
        }
        return "the padding after the last field";
    }

    private AssertionError fail(String message) {
        return new AssertionError(message + "\n" + reproduction);
    }

    private AssertionError fail(String message, Throwable cause) {
        return new AssertionError(message + "\n" + reproduction, cause);
    }
}
