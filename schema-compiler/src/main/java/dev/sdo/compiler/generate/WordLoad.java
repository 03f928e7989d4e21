package dev.sdo.compiler.generate;

import com.palantir.javapoet.TypeName;

/** A little-endian load of 1, 2, 4 or 8 bytes through {@code BitFields}. */
enum WordLoad {
    BYTE(1, "getByte", TypeName.BYTE, "Byte"),
    SHORT(2, "getShort", TypeName.SHORT, "Short"),
    INT(4, "getInt", TypeName.INT, "Integer"),
    LONG(8, "getLong", TypeName.LONG, "Long");

    private final int bytes;
    private final String method;
    private final TypeName type;
    private final String boxName;

    WordLoad(int bytes, String method, TypeName type, String boxName) {
        this.bytes = bytes;
        this.method = method;
        this.type = type;
        this.boxName = boxName;
    }

    int bytes() {
        return bytes;
    }

    int bits() {
        return bytes * Byte.SIZE;
    }

    /** The {@code BitFields} method that performs the load. */
    String method() {
        return method;
    }

    /** The Java type the load returns. */
    TypeName type() {
        return type;
    }

    /** The wrapper class whose {@code toUnsignedLong} zero-extends the load's value. */
    String boxName() {
        return boxName;
    }

    /** The smallest load of at least {@code bytes} bytes, or null when it would take more than 8. */
    static WordLoad covering(int bytes) {
        for (WordLoad load : values()) {
            if (load.bytes >= bytes) {
                return load;
            }
        }
        return null;
    }

    /** The largest load of at most {@code bytes} bytes. */
    static WordLoad within(int bytes) {
        WordLoad best = BYTE;
        for (WordLoad load : values()) {
            if (load.bytes <= bytes) {
                best = load;
            }
        }
        return best;
    }
}
