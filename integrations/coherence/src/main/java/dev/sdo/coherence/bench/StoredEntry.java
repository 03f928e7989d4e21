package dev.sdo.coherence.bench;

import com.tangosol.io.Serializer;
import com.tangosol.net.cache.BackingMapBinaryEntry;
import com.tangosol.util.Binary;

/**
 * A storage-side entry outside a cluster, for measuring extractors in one JVM: Coherence's own
 * {@link BackingMapBinaryEntry} with the serializer given directly instead of through a running service.
 */
final class StoredEntry extends BackingMapBinaryEntry {
    private final Serializer serializer;

    StoredEntry(Binary key, Binary value, Serializer serializer) {
        super(key, value, null, null);
        this.serializer = serializer;
    }

    @Override
    public Serializer getSerializer() {
        return serializer;
    }
}
