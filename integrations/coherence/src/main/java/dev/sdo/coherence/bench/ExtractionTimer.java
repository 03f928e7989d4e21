package dev.sdo.coherence.bench;

import com.tangosol.io.ExternalizableLite;
import com.tangosol.io.pof.PofReader;
import com.tangosol.io.pof.PofWriter;
import com.tangosol.io.pof.PortableObject;
import com.tangosol.util.ExternalizableHelper;
import com.tangosol.util.InvocableMap;
import com.tangosol.util.InvocableMapHelper;
import com.tangosol.util.Streamer;
import com.tangosol.util.ValueExtractor;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Objects;

/**
 * Times an extractor where it runs in production: on the storage members, against the real stored entries. For
 * each entry it extracts the field {@code repetitions} times, as Coherence's filters do
 * ({@link InvocableMapHelper#extractFromEntry}), and returns the total CPU nanoseconds and the number of extractions,
 * leaving out the query's fixed costs (messages, threads, result) that a timed filter would add.
 */
public final class ExtractionTimer implements InvocableMap.StreamingAggregator<Object, Object, long[], long[]>,
        ExternalizableLite, PortableObject {
    private static final long serialVersionUID = 1L;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private ValueExtractor<Object, ?> extractor;
    private int repetitions;

    private transient long nanos;
    private transient long extractions;
    /** Folds every value in so that the extractions cannot be optimised away. */
    private transient int sink;

    /** For deserialisation only. */
    public ExtractionTimer() {
    }

    public ExtractionTimer(ValueExtractor<Object, ?> extractor, int repetitions) {
        this.extractor = Objects.requireNonNull(extractor, "extractor");
        this.repetitions = repetitions;
    }

    @Override
    public InvocableMap.StreamingAggregator<Object, Object, long[], long[]> supply() {
        return new ExtractionTimer(extractor, repetitions);
    }

    /**
     * Times a whole partition's entries in this thread's CPU time, which leaves out the time the thread waits for a
     * core: on a loaded machine wall-clock time would measure the other processes.
     */
    @Override
    public boolean accumulate(Streamer<? extends InvocableMap.Entry<?, ?>> streamer) {
        long start = THREADS.getCurrentThreadCpuTime();
        while (streamer.hasNext()) {
            accumulate(streamer.next());
        }
        nanos += THREADS.getCurrentThreadCpuTime() - start;
        return true;
    }

    @Override
    public boolean accumulate(InvocableMap.Entry<?, ?> entry) {
        for (int i = 0; i < repetitions; i++) {
            sink += Objects.hashCode(InvocableMapHelper.extractFromEntry(extractor, entry));
        }
        extractions += repetitions;
        return true;
    }

    @Override
    public boolean combine(long[] partial) {
        nanos += partial[0];
        extractions += partial[1];
        return true;
    }

    /** {nanoseconds, extractions, sink}: the sink travels so that no JIT may drop the work. */
    @Override
    public long[] getPartialResult() {
        return new long[] {nanos, extractions, sink};
    }

    @Override
    public long[] finalizeResult() {
        return new long[] {nanos, extractions, sink};
    }

    @Override
    public int characteristics() {
        return PARALLEL | PRESENT_ONLY;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void readExternal(DataInput in) throws IOException {
        extractor = (ValueExtractor<Object, ?>) ExternalizableHelper.readObject(in);
        repetitions = in.readInt();
    }

    @Override
    public void writeExternal(DataOutput out) throws IOException {
        ExternalizableHelper.writeObject(out, extractor);
        out.writeInt(repetitions);
    }

    @Override
    public void readExternal(PofReader in) throws IOException {
        extractor = in.readObject(0);
        repetitions = in.readInt(1);
    }

    @Override
    public void writeExternal(PofWriter out) throws IOException {
        out.writeObject(0, extractor);
        out.writeInt(1, repetitions);
    }
}
