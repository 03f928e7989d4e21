package dev.sdo.runtime.text;

import dev.sdo.runtime.batch.RecordStore;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * A record of a {@link RecordStore} as {@link XmlBinding} reads and writes it through the one XML engine
 * ({@link XmlTreeBinding}): its bits, at {@link #base} of {@link #chunk}, and its index, for messages. The bean and the
 * interface of a record of values that {@link XmlMember.Bits} read and write straight: one per read or write, moved
 * from record to record.
 */
final class XmlBits {
    ByteBuffer chunk;
    int base;
    long index;

    /**
     * A record of zeros of {@code bytes} (the room its fields' reads may touch beyond: {@link RecordStore#SLACK}
     * more), into which a read puts each record's fields before the store takes a copy.
     */
    static XmlBits scratch(int bytes) {
        XmlBits bits = new XmlBits();
        bits.chunk = ByteBuffer.allocate(bytes + RecordStore.SLACK);
        return bits;
    }

    /** This scratch record, its bits all 0 again: the next record read. */
    XmlBits cleared() {
        Arrays.fill(chunk.array(), (byte) 0);
        return this;
    }

    /** The records of {@code store} in order, as one record moved from each to the next. */
    static Iterable<XmlBits> of(RecordStore store) {
        return () -> new Iterator<>() {
            private final XmlBits at = new XmlBits();
            private long next;

            @Override
            public boolean hasNext() {
                return next < store.size();
            }

            @Override
            public XmlBits next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                at.chunk = store.chunkOf(next);
                at.base = store.offsetOf(next);
                at.index = next++;
                return at;
            }
        };
    }
}
