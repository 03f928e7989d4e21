package dev.sdo.runtime.text;

import java.util.Arrays;

/**
 * The names a thread's readers have met, by their bytes: open addressing over a power-of-two table. Bounded: a
 * document of many distinct names (an attack, or not records) starts it afresh rather than growing it forever.
 */
final class ParsedNames {
    private static final int MAX_NAMES = 1 << 14;
    private ParsedName[] table = new ParsedName[1 << 10];
    private int size;

    ParsedName find(byte[] bytes, int from, int to, int hash) {
        ParsedName[] names = table;
        int mask = names.length - 1;
        int length = to - from;
        for (int slot = mix(hash) & mask; ; slot = slot + 1 & mask) {
            ParsedName name = names[slot];
            if (name == null) {
                return null;
            }
            if (name.hash == hash && name.is(bytes, from, length)) {
                return name;
            }
        }
    }

    /** Adds the name in bytes {@code from} to {@code to}, whose text (checked by the reader) is {@code qualified}. */
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
        put(name);
        return name;
    }

    private void put(ParsedName name) {
        int mask = table.length - 1;
        int slot = mix(name.hash) & mask;
        while (table[slot] != null) {
            slot = slot + 1 & mask;
        }
        table[slot] = name;
    }

    private static int mix(int hash) {
        int h = hash * 0x9E3779B9;
        return h ^ h >>> 16;
    }
}
