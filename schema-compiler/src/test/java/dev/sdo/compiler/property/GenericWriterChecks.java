package dev.sdo.compiler.property;

import dev.sdo.runtime.batch.RecordIdentity;
import dev.sdo.runtime.batch.RecordType;
import dev.sdo.runtime.generic.DescriptorException;
import dev.sdo.runtime.generic.GenericBatchBuilder;
import dev.sdo.runtime.generic.GenericRecord;
import dev.sdo.runtime.generic.GenericUnion;
import dev.sdo.runtime.generic.GenericWriter;
import dev.sdo.runtime.generic.RecordDescriptor;
import dev.sdo.runtime.generic.RecordValues;
import dev.sdo.runtime.generic.SchemaDescriptor;
import dev.sdo.runtime.generic.UnionDescriptor;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * The generic writer ({@link GenericWriter}) against generated code, both ways: the same values, given as
 * {@link RecordValues}, encode to exactly the bytes of the generated {@code XSdo.of(bean)}, also at an offset of a
 * buffer full of other bytes; those bytes read back through the generated getters and through {@link GenericRecord}
 * as the values; a batch built generically ({@link GenericBatchBuilder}) is a {@code .sdob} file the generated
 * {@code XBatch} reads; and every value {@code of} refuses, the generic writer refuses with the same message.
 */
final class GenericWriterChecks {
    private final GeneratedSchema generated;
    private final Function<String, AssertionError> fail;

    /** @param fail makes the failure of a check, naming the schema */
    GenericWriterChecks(GeneratedSchema generated, Function<String, AssertionError> fail) {
        this.generated = generated;
        this.fail = fail;
    }

    /** The writer of {@code binding}'s record, by the descriptor its generated batch writes into its files. */
    Writer writer(GeneratedRecord binding) {
        try {
            Class<?> batchType = Class.forName(binding.sdo.getName().replaceFirst("Sdo$", "Batch"), true,
                    binding.sdo.getClassLoader());
            RecordIdentity identity = ((RecordType<?, ?>) batchType.getField("TYPE").get(null)).identity();
            SchemaDescriptor schema = SchemaDescriptor.parse(identity.schema());
            return new Writer(identity, batchType, schema, GenericWriter.of(schema));
        } catch (ReflectiveOperationException | DescriptorException e) {
            throw fail.apply(binding.record.name() + ": no descriptor from its generated batch: " + e);
        }
    }

    /** A generic writer, and where its descriptor came from. */
    record Writer(RecordIdentity identity, Class<?> batchType, SchemaDescriptor schema, GenericWriter writer) {}

    /**
     * {@code value} written generically is the bytes of {@code of(bean)}, also at an odd offset of a buffer of other
     * bytes, which it leaves alone around the record; the bytes read back as the values through the generated
     * getters and through a {@link GenericRecord}.
     */
    void writesTheBytesOfOf(GeneratedRecord binding, Writer writer, RecordValue value, Random random) {
        RecordValues values = values(writer.schema(), value);
        byte[] expected = binding.toByteArray(binding.of(binding.newBean(value, null)));
        byte[] actual;
        try {
            actual = writer.writer().toByteArray(values);
        } catch (RuntimeException e) {
            throw failure("the generic writer threw " + e + " for the valid value", value, e);
        }
        if (!Arrays.equals(actual, expected)) {
            throw failure("the generic writer wrote " + RecordValue.hex(actual) + ", of(bean) "
                    + RecordValue.hex(expected), value, null);
        }
        int offset = 1 + 2 * random.nextInt(5);
        byte[] noise = new byte[offset + expected.length + 9];
        random.nextBytes(noise);
        ByteBuffer buffer = ByteBuffer.wrap(noise.clone());
        int size = writer.writer().encode(values, buffer, offset);
        byte[] around = noise.clone();
        System.arraycopy(expected, 0, around, offset, expected.length);
        if (size != expected.length || !Arrays.equals(buffer.array(), around)) {
            throw failure("encode at offset " + offset + " of a buffer of other bytes gave " + size + " bytes "
                    + RecordValue.hex(buffer.array()) + ", expected " + RecordValue.hex(around), value, null);
        }
        String difference = ContentCheck.firstDifference(binding, binding.wrap(ByteBuffer.wrap(actual), 0,
                actual.length), value, binding.record.name());
        if (difference != null) {
            throw failure("the generated getters read the generic bytes as other values: " + difference, value, null);
        }
        GenericRecord read = GenericRecord.of(writer.schema()).moveTo(ByteBuffer.wrap(actual), 0, actual.length);
        difference = new GenericComparison(generated).difference(new TestType.RecordRef(binding.record), false,
                binding.wrap(ByteBuffer.wrap(expected), 0, expected.length), read, binding.record.name());
        if (difference != null) {
            throw failure("the generic reader reads the generic bytes as other values: " + difference, value, null);
        }
    }

    /**
     * A batch built by {@link GenericBatchBuilder} from {@code rows} writes a {@code .sdob} file that the generated
     * {@code XBatch.readFrom} reads, each record with the bytes of {@code of(bean)}; the file is that of a second
     * batch sharing the first one's writer ({@link GenericBatchBuilder#newBatch}), which starts empty.
     */
    void batchFileReadByGeneratedBatch(GeneratedRecord binding, Writer writer, List<RecordValue> rows)
            throws Exception {
        GenericBatchBuilder first = GenericBatchBuilder.of(writer.identity());
        for (RecordValue row : rows) {
            first.add(values(writer.schema(), row));
        }
        GenericBatchBuilder batch = first.newBatch();
        if (batch.size() != 0 || batch.recordBytes() != 0) {
            throw fail.apply(binding.record.name() + ": a new batch sharing a writer holds " + batch.size()
                    + " records");
        }
        for (RecordValue row : rows) {
            batch.add(values(writer.schema(), row));
        }
        if (batch.recordBytes() != first.recordBytes()) {
            throw fail.apply(binding.record.name() + ": the same rows take " + batch.recordBytes() + " bytes in a"
                    + " batch sharing the writer, " + first.recordBytes() + " in the first");
        }
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        batch.writeTo(Channels.newChannel(file));
        Object read = GeneratedRecord.call(writer.batchType().getMethod("readFrom", ReadableByteChannel.class), null,
                Channels.newChannel(new ByteArrayInputStream(file.toByteArray())));
        Method get = read.getClass().getMethod("get", int.class);
        if (((Number) GeneratedRecord.call(read.getClass().getMethod("size"), read)).intValue() != rows.size()) {
            throw fail.apply(binding.record.name() + ": the generated batch reads a generic file of " + rows.size()
                    + " records as another number of records");
        }
        for (int i = 0; i < rows.size(); i++) {
            byte[] expected = binding.toByteArray(binding.of(binding.newBean(rows.get(i), null)));
            byte[] actual = binding.toByteArray(GeneratedRecord.call(get, read, i));
            if (!Arrays.equals(actual, expected)) {
                throw failure("record " + i + " of the generic .sdob file reads as " + RecordValue.hex(actual)
                        + ", expected " + RecordValue.hex(expected), rows.get(i), null);
            }
        }
    }

    /**
     * Every value {@code of} refuses (each field's invalid values, and the first invalid value of each field of a
     * nested record), the generic writer refuses with the same message.
     */
    void refusesWhatOfRefuses(GeneratedRecord binding, Writer writer, RecordValue base) {
        Object bean = binding.newBean(base, null);
        List<TestField> fields = binding.record.fields();
        for (int i = 0; i < fields.size(); i++) {
            TestField field = fields.get(i);
            for (InvalidValues.Invalid invalid : InvalidValues.of(field)) {
                RecordValues values = values(writer.schema(), base);
                values.set(i, convert(writer.schema(), field.type(), invalid.value()));
                sameRefusal(binding, writer, SchemaChecks.withField(binding, bean, i, invalid.value()), values,
                        binding.record.name() + "." + field.name() + " = " + invalid.value() + " [" + invalid.why()
                                + "]", base);
            }
            if (field.type() instanceof TestType.RecordRef ref && base.value(i) != null) {
                GeneratedRecord nested = generated.record(ref.type());
                RecordValue nestedBase = (RecordValue) base.value(i);
                Object nestedBean = nested.newBean(nestedBase, null);
                for (int j = 0; j < ref.type().fields().size(); j++) {
                    TestField inner = ref.type().fields().get(j);
                    for (InvalidValues.Invalid invalid : InvalidValues.of(inner).stream().limit(1).toList()) {
                        RecordValues values = values(writer.schema(), base);
                        RecordValues nestedValues = (RecordValues) values.get(i);
                        nestedValues.set(j, convert(writer.schema(), inner.type(), invalid.value()));
                        Object badNested = SchemaChecks.withField(nested, nestedBean, j, invalid.value());
                        sameRefusal(binding, writer, SchemaChecks.withField(binding, bean, i, badNested), values,
                                binding.record.name() + "." + field.name() + "." + inner.name() + " = "
                                        + invalid.value() + " [" + invalid.why() + "]", base);
                    }
                }
            }
        }
    }

    private void sameRefusal(GeneratedRecord binding, Writer writer, Object source, RecordValues values, String what,
            RecordValue base) {
        String expected;
        try {
            binding.of(source);
            return; // of accepts it (a value the reference does not refuse here): the rejection check says so
        } catch (IllegalArgumentException e) {
            expected = e.getMessage();
        }
        try {
            byte[] bytes = writer.writer().toByteArray(values);
            throw fail.apply("the generic writer accepted " + what + ", which of() refuses with \"" + expected
                    + "\", writing " + RecordValue.hex(bytes) + "\nother fields: " + base.describe());
        } catch (IllegalArgumentException e) {
            if (!expected.equals(e.getMessage())) {
                throw fail.apply("the generic writer refused " + what + " with \"" + e.getMessage()
                        + "\", of() with \"" + expected + "\"\nother fields: " + base.describe());
            }
        }
    }

    /** {@code value} of {@code record} as the generic writer takes it. */
    static RecordValues values(SchemaDescriptor schema, RecordValue value) {
        RecordValues values = RecordValues.of(schema, recordIndex(schema, value.record().name()));
        List<TestField> fields = value.record().fields();
        for (int i = 0; i < fields.size(); i++) {
            values.set(i, convert(schema, fields.get(i).type(), value.value(i)));
        }
        return values;
    }

    /** A value of the test's terms as {@link RecordValues} holds it: enums by name, records and unions generic. */
    static Object convert(SchemaDescriptor schema, TestType type, Object value) {
        if (value instanceof RecordValue nested) {
            return values(schema, nested);
        } else if (value instanceof RecordValue.EnumValue constant) {
            return constant.constant();
        } else if (value instanceof RecordValue.UnionValue union) {
            Object held = convert(schema, union.field().type(), union.value());
            if (union.union().abstractRecord() != null && union.alternative() % 2 == 0) {
                return held; // an abstract record's union also takes the concrete record's values
            }
            return GenericUnion.of(unionDescriptor(schema, union.union().name()), union.alternative(), held);
        } else if (value instanceof List<?> list) {
            TestType element = type instanceof TestType.ListOf l ? l.element() : null;
            List<Object> converted = new ArrayList<>(list.size());
            for (Object item : list) {
                converted.add(convert(schema, element, item));
            }
            return converted;
        }
        return value;
    }

    private static int recordIndex(SchemaDescriptor schema, String simpleName) {
        List<RecordDescriptor> records = schema.records();
        for (int i = 0; i < records.size(); i++) {
            if (records.get(i).simpleName().equals(simpleName)) {
                return i;
            }
        }
        throw new AssertionError("the descriptor has no record " + simpleName);
    }

    private static UnionDescriptor unionDescriptor(SchemaDescriptor schema, String simpleName) {
        for (UnionDescriptor union : schema.unions()) {
            if (union.name().substring(union.name().lastIndexOf('.') + 1).equals(simpleName)) {
                return union;
            }
        }
        throw new AssertionError("the descriptor has no union " + simpleName);
    }

    private AssertionError failure(String message, RecordValue value, Throwable cause) {
        AssertionError error = fail.apply(message + "\nvalue: " + value.describe());
        if (cause != null) {
            error.initCause(cause);
        }
        return error;
    }
}
