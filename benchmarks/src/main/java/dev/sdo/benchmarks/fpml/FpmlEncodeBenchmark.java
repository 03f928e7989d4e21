package dev.sdo.benchmarks.fpml;

import dev.sdo.examples.fpml.ImportedDocuments;
import dev.sdo.runtime.batch.RecordBatch;
import dev.sdo.runtime.generic.GenericWriter;
import dev.sdo.runtime.generic.RecordValues;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * FpML documents held as values encoded into their binary form: the generated code from beans (each document read
 * from XML into its root's bean once, {@code DataDocumentBean} and the like), against the generic engine from the
 * same documents' generic values ({@link FpmlGeneric}: {@code RecordValues} read from the same XML), which write the
 * same bytes. One operation is one pass over the documents: FpML's vanilla swap alone, or all of its published
 * examples of the confirmation view. Every imported record is {@code @compact} (docs/record-format.md section 8).
 *
 * <p>{@code generatedOf}: the generated {@code XSdo.of(bean)}, a new buffer of the record's size, what a user calls to
 * hold a bean as an SDO. {@code generatedEncode}: {@code XSdo.encode(bean, buffer, 0)} into one reused buffer;
 * {@code generatedSize}: {@code XSdo.encodedSize(bean)} alone, the sizing pass. {@code genericToByteArray} and
 * {@code genericEncode}: the generic writer's {@code toByteArray(values)} and {@code encode(values, buffer, 0)},
 * the baselines of the first two. The generated classes are called through method handles typed once, which cost
 * what a direct call does.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FpmlEncodeBenchmark {
    private static final MethodType SIZE = MethodType.methodType(int.class, Object.class);
    private static final MethodType OF = MethodType.methodType(Object.class, Object.class);
    private static final MethodType ENCODE = MethodType.methodType(int.class, Object.class, ByteBuffer.class,
            int.class);
    private static final MethodType NEW_BATCH = MethodType.methodType(RecordBatch.class);
    private static final MethodType ADD = MethodType.methodType(void.class, RecordBatch.class, Object.class);

    /** {@code vanilla-swap} (FpML's ird-ex01, 7.6 kB of XML) or {@code all} (every published document). */
    @Param({"vanilla-swap", "all"})
    public String documents;

    private final List<Generated> generated = new ArrayList<>();
    private final List<GenericWriter> writers = new ArrayList<>();
    private final List<RecordValues> values = new ArrayList<>();
    private ByteBuffer buffer;

    /** One document's bean, the generated SDO methods of its root record and its batch's constructor and add. */
    private record Generated(Object bean, MethodHandle encodedSize, MethodHandle of, MethodHandle encode,
            MethodHandle newBatch, MethodHandle add) {}

    @Setup
    public void setUp() throws IOException, ReflectiveOperationException {
        ImportedDocuments model = ImportedDocuments.load();
        List<FpmlCorpus.Document> corpus = switch (documents) {
            case "vanilla-swap" -> List.of(FpmlCorpus.document(model, FpmlCorpus.VANILLA_SWAP));
            case "all" -> FpmlCorpus.all(model);
            default -> throw new IllegalArgumentException("documents: vanilla-swap or all, not " + documents);
        };
        FpmlGeneric generic = FpmlGeneric.load(true);
        int largest = 0;
        for (FpmlCorpus.Document document : corpus) {
            Object bean = document.root().read(document.xml(), document.path()).get(0);
            Generated sdo = generated(bean);
            generated.add(sdo);
            FpmlGeneric.Root root = generic.rootOf(document.root());
            RecordValues record = root.values(document.xml(), document.path()).get(0);
            writers.add(root.writer());
            values.add(record);
            int size = invokeSize(sdo);
            if (size != root.writer().encodedSize(record)) {
                throw new IllegalStateException(document.path() + ": the generated and generic sizes differ");
            }
            largest = Math.max(largest, size);
        }
        buffer = ByteBuffer.allocate(largest);
    }

    /** The generated {@code encodedSize}, {@code of} and {@code encode} of the SDO of {@code bean}'s record. */
    private static Generated generated(Object bean) throws ReflectiveOperationException {
        Class<?> beanClass = bean.getClass();
        String name = beanClass.getName();
        if (!name.endsWith("Bean")) {
            throw new IllegalStateException("not a generated bean: " + name);
        }
        String stem = name.substring(0, name.length() - "Bean".length());
        Class<?> type = Class.forName(stem, true, beanClass.getClassLoader());
        Class<?> sdo = Class.forName(stem + "Sdo", true, beanClass.getClassLoader());
        Class<?> batch = Class.forName(stem + "Batch", true, beanClass.getClassLoader());
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        return new Generated(bean,
                lookup.findStatic(sdo, "encodedSize", MethodType.methodType(int.class, type)).asType(SIZE),
                lookup.findStatic(sdo, "of", MethodType.methodType(sdo, type)).asType(OF),
                lookup.findStatic(sdo, "encode", MethodType.methodType(int.class, type, ByteBuffer.class, int.class))
                        .asType(ENCODE),
                lookup.findConstructor(batch, MethodType.methodType(void.class)).asType(NEW_BATCH),
                lookup.findVirtual(batch, "add", MethodType.methodType(void.class, Object.class)).asType(ADD));
    }

    private static int invokeSize(Generated sdo) {
        try {
            return (int) sdo.encodedSize().invokeExact(sdo.bean());
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    @Benchmark
    public void generatedOf(Blackhole blackhole) throws Throwable {
        for (Generated sdo : generated) {
            blackhole.consume((Object) sdo.of().invokeExact(sdo.bean()));
        }
    }

    /**
     * {@code XBatch.add(bean)} of each document, into a new batch of its root record: the path of a user who builds
     * batches from beans, which sizes a record once and writes it (where {@code encode} sizes it again).
     */
    @Benchmark
    public long generatedBatchAdd() throws Throwable {
        long bytes = 0;
        for (Generated sdo : generated) {
            RecordBatch<?, ?, ?> batch = (RecordBatch<?, ?, ?>) sdo.newBatch().invokeExact();
            sdo.add().invokeExact(batch, sdo.bean());
            bytes += batch.recordBytes();
        }
        return bytes;
    }

    @Benchmark
    public int generatedEncode() throws Throwable {
        int bytes = 0;
        for (Generated sdo : generated) {
            bytes += (int) sdo.encode().invokeExact(sdo.bean(), buffer, 0);
        }
        return bytes;
    }

    @Benchmark
    public int generatedSize() throws Throwable {
        int bytes = 0;
        for (Generated sdo : generated) {
            bytes += (int) sdo.encodedSize().invokeExact(sdo.bean());
        }
        return bytes;
    }

    @Benchmark
    public void genericToByteArray(Blackhole blackhole) {
        for (int i = 0; i < values.size(); i++) {
            blackhole.consume(writers.get(i).toByteArray(values.get(i)));
        }
    }

    @Benchmark
    public int genericEncode() {
        int bytes = 0;
        for (int i = 0; i < values.size(); i++) {
            bytes += writers.get(i).encode(values.get(i), buffer, 0);
        }
        return bytes;
    }
}
