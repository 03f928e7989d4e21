package dev.sdo.coherence;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;

/**
 * One generated SDO class ({@code XSdo}) as the Coherence integration needs it: its fixed size and handles on its
 * static {@code wrap(ByteBuffer, int)} and its {@code toByteArray()}, found by reflection once so that nothing here depends on a particular
 * record.
 */
final class SdoType {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.publicLookup();

    private final Class<?> sdoClass;
    private final int bytes;
    private final MethodHandle wrap;
    private final MethodHandle toByteArray;

    private SdoType(Class<?> sdoClass, int bytes, MethodHandle wrap, MethodHandle toByteArray) {
        this.sdoClass = sdoClass;
        this.bytes = bytes;
        this.wrap = wrap;
        this.toByteArray = toByteArray;
    }

    /** Looks the class up by name; a name that is not a generated SDO class is reported as such. */
    static SdoType forName(String className, ClassLoader loader) {
        Class<?> type;
        try {
            type = Class.forName(className.strip(), true, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("SDO class " + className.strip() + " is not on the class path", e);
        }
        return of(type);
    }

    /** Checks that {@code sdoClass} has what every generated {@code XSdo} has: {@code BYTES} and {@code wrap}. */
    static SdoType of(Class<?> sdoClass) {
        try {
            Field bytesField = sdoClass.getField("BYTES");
            if (!Modifier.isStatic(bytesField.getModifiers()) || bytesField.getType() != int.class) {
                throw new NoSuchFieldException("BYTES is not a static int");
            }
            MethodHandle wrap = LOOKUP.findStatic(sdoClass, "wrap",
                    MethodType.methodType(sdoClass, ByteBuffer.class, int.class));
            MethodHandle toByteArray = LOOKUP.findVirtual(sdoClass, "toByteArray", MethodType.methodType(byte[].class));
            return new SdoType(sdoClass, bytesField.getInt(null), wrap, toByteArray);
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(sdoClass.getName() + " is not a generated SDO class (it needs a public"
                    + " static int BYTES and a public static wrap(ByteBuffer, int)): " + e.getMessage(), e);
        }
    }

    Class<?> sdoClass() {
        return sdoClass;
    }

    /** The record's size in bytes: every value of this type is exactly this long. */
    int bytes() {
        return bytes;
    }

    /** {@code (ByteBuffer, int) -> XSdo}. */
    MethodHandle wrap() {
        return wrap;
    }

    /** Exactly the record's bytes. */
    byte[] toByteArray(Object sdo) {
        try {
            return (byte[]) toByteArray.invoke(sdo);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("unexpected checked exception from " + sdoClass.getName() + ".toByteArray", e);
        }
    }

    /** A view of the record whose bytes start at {@code offset} in {@code buffer}. */
    Object wrap(ByteBuffer buffer, int offset) {
        try {
            return wrap.invoke(buffer, offset);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("unexpected checked exception from " + sdoClass.getName() + ".wrap", e);
        }
    }
}
