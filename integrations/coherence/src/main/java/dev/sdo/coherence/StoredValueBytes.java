package dev.sdo.coherence;

import com.tangosol.io.ExternalizableLite;
import com.tangosol.io.pof.PofReader;
import com.tangosol.io.pof.PofWriter;
import com.tangosol.io.pof.PortableObject;
import com.tangosol.util.BinaryEntry;
import com.tangosol.util.InvocableMap;
import java.io.DataInput;
import java.io.DataOutput;

/**
 * An aggregator that sums the sizes of the stored (serialised) values on the storage members: what a cache's
 * values cost in memory, whatever the serializer. Stateless on the wire, so it travels through {@link SdoSerializer}
 * as well as through POF (register it as a POF user type to use it on a POF service).
 */
public final class StoredValueBytes implements InvocableMap.StreamingAggregator<Object, Object, Long, Long>,
        ExternalizableLite, PortableObject {
    private static final long serialVersionUID = 1L;

    private transient long bytes;

    @Override
    public InvocableMap.StreamingAggregator<Object, Object, Long, Long> supply() {
        return new StoredValueBytes();
    }

    @Override
    public boolean accumulate(InvocableMap.Entry<?, ?> entry) {
        if (!(entry instanceof BinaryEntry<?, ?> binaryEntry)) {
            throw new IllegalStateException("StoredValueBytes runs on storage members only, got a "
                    + entry.getClass().getName());
        }
        bytes += binaryEntry.getBinaryValue().length();
        return true;
    }

    @Override
    public boolean combine(Long partial) {
        bytes += partial;
        return true;
    }

    @Override
    public Long getPartialResult() {
        return bytes;
    }

    @Override
    public Long finalizeResult() {
        return bytes;
    }

    @Override
    public int characteristics() {
        return PARALLEL | PRESENT_ONLY;
    }

    @Override
    public void readExternal(DataInput in) {
        // no state travels
    }

    @Override
    public void writeExternal(DataOutput out) {
        // no state travels
    }

    @Override
    public void readExternal(PofReader in) {
        // no state travels
    }

    @Override
    public void writeExternal(PofWriter out) {
        // no state travels
    }
}
