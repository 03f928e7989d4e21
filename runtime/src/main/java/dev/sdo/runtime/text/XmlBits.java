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
     * What a read of a scratch record holds of each field until the record's element is read (the mapping's state:
     * {@link XmlRecordMapping.Builder#stateIn}), one array for every record of the read; null for writing.
     */
    Object[] state;

    /**
     * A record of zeros of {@code bytes} (and the room its fields' reads may touch beyond: {@link RecordStore#SLACK}
     * more) and a state of {@code fields} values, into which a read puts each record's fields before the store takes
     * a copy.
     */
    static XmlBits scratch(int bytes, int fields) {
        XmlBits bits = new XmlBits();
        bits.chunk = ByteBuffer.allocate(bytes + RecordStore.SLACK);
        bits.state = new Object[fields];
        return bits;
    }

    /**
     * This scratch record, its bits all 0 and its state empty again (as a record read to its end leaves it, but not
     * one found bad): the next record read.
     */
    XmlBits cleared() {
        Arrays.fill(chunk.array(), (byte) 0);
        Arrays.fill(state, null);
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
