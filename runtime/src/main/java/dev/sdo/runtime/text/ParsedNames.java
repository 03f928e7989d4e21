package dev.sdo.runtime.text;

import java.util.Arrays;

/**
 * The names a thread's readers have met, by their bytes: open addressing over a power-of-two table. Bounded, against
 * documents made to be slow: a document of many distinct names starts the table afresh rather than growing it
 * forever, and a name is looked for in at most {@code MAX_PROBES} slots, so that names whose hashes collide (easy to
 * make) cost a name made anew each time they are met, not a search through all the others.
 */
final class ParsedNames {
    private static final int MAX_NAMES = 1 << 14;
    private static final int MAX_PROBES = 16;
    private ParsedName[] table = new ParsedName[1 << 10];
    private int size;

    ParsedName find(byte[] bytes, int from, int to, int hash) {
        ParsedName[] names = table;
        int mask = names.length - 1;
        int length = to - from;
        int slot = mix(hash) & mask;
        for (int probe = 0; probe < MAX_PROBES; probe++, slot = slot + 1 & mask) {
            ParsedName name = names[slot];
            if (name == null) {
                return null;
            }
            if (name.hash == hash && name.is(bytes, from, length)) {
                return name;
            }
        }
        return null;
    }

    /**
     * The name in bytes {@code from} to {@code to}, whose text (checked by the reader) is {@code qualified}, added to
     * the table if {@link #find} can find it there.
     */
    ParsedName add(byte[] bytes, int from, int to, int hash, String qualified) {
        if (size >= MAX_NAMES) {
            table = new ParsedName[1 << 10];
            size = 0;
        }
        ParsedName name = new ParsedName(Arrays.copyOfRange(bytes, from, to), hash, qualified);
        if (++size * 2 > table.length) {
            ParsedName[] old = table;
            table = new ParsedName[old.length * 2];
            for (ParsedName kept : old) {
                if (kept != null) {
                    put(kept);
                }
            }
        }
        if (!put(name)) {
            size--;
        }
        return name;
    }

    /** Puts {@code name} in the first free slot of its first {@code MAX_PROBES}; whether there was one. */
    private boolean put(ParsedName name) {
        int mask = table.length - 1;
        int slot = mix(name.hash) & mask;
        for (int probe = 0; probe < MAX_PROBES; probe++, slot = slot + 1 & mask) {
            if (table[slot] == null) {
                table[slot] = name;
                return true;
            }
        }
        return false;
    }

    private static int mix(int hash) {
        int h = hash * 0x9E3779B9;
        return h ^ h >>> 16;
    }
}
