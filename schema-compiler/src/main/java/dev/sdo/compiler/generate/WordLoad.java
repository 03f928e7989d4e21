package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;

/** A little-endian load of 1, 2, 4 or 8 bytes through {@code BitFields}. */
enum WordLoad {
    BYTE(1, "getByte", TypeName.BYTE, Byte.class),
    SHORT(2, "getShort", TypeName.SHORT, Short.class),
    INT(4, "getInt", TypeName.INT, Integer.class),
    LONG(8, "getLong", TypeName.LONG, Long.class);

    private final int bytes;
    private final String method;
    private final TypeName type;
    private final ClassName boxType;

    WordLoad(int bytes, String method, TypeName type, Class<?> boxType) {
        this.bytes = bytes;
        this.method = method;
        this.type = type;
        this.boxType = ClassName.get(boxType);
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
    ClassName boxType() {
        return boxType;
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
