package dev.sdo.coherence;

import com.tangosol.io.ExternalizableLite;
import com.tangosol.util.Binary;
import com.tangosol.util.BinaryEntry;
import com.tangosol.util.ExternalizableHelper;
import com.tangosol.util.extractor.AbstractExtractor;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Objects;

/**
 * Extracts one field of a generated record for Coherence filters, indexes, aggregators and queries, reading the
 * field's bits in place in the stored value on the storage member: no deserialisation, O(1) whatever the field's
 * position. It calls the generated {@code XSdo} getter through a {@link MethodHandle} on a {@code wrap} of the
 * entry's binary value, so it works for any field of any record, with no generated code of its own.
 *
 * <p>In place reading needs the cache's service to use {@link SdoSerializer} with the record's class registered.
 * Anywhere else (a deserialised value on a client, a continuous query, a cache with another serializer) it calls
 * the same getter on the value object, which may then be any implementation of the record's interface ({@code X},
 * e.g. {@code XBean}) when the getter is declared there.
 *
 * <pre>{@code
 * ValueExtractor<Trade, String> currency1 = SdoExtractor.of(TradeSdo.class, "getCurrency1", String.class);
 * cache.entrySet(Filters.equal(currency1, "EUR"));
 * cache.addIndex(currency1);
 * }</pre>
 *
 * <p>Its canonical name is the property name ({@code currency1} for {@code getCurrency1}), as Coherence's own
 * extractors use, so it is equal to any extractor of the same property and an index built with one serves the other.
 *
 * @param <T> the record's type (the cache's value type)
 * @param <E> the field's type as the getter returns it (boxed)
 */
public final class SdoExtractor<T, E> extends AbstractExtractor<T, E> implements ExternalizableLite {
    private static final long serialVersionUID = 1L;
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.publicLookup();
    /** Coherence's marker byte, then SdoSerializer's tag byte, then the record. */
    private static final int HEADER = 2;

    private String sdoClassName;
    private String getterName;

    /** Resolved on first use in each JVM: the handles and the tag, which are not sent over the wire. */
    private transient volatile Access access;

    /** For deserialisation only. */
    public SdoExtractor() {
    }

    private SdoExtractor(String sdoClassName, String getterName) {
        this.sdoClassName = sdoClassName;
        this.getterName = getterName;
        m_nTarget = VALUE;
        m_sNameCanon = propertyName(getterName);
    }

    /**
     * An extractor of the field that {@code sdoClass}'s public no-argument getter {@code getterName} returns,
     * e.g. {@code of(TradeSdo.class, "getAmount1Unscaled", Long.class)}.
     *
     * @throws IllegalArgumentException if {@code sdoClass} is not a generated SDO class, has no such getter, or the
     *     getter's (boxed) return type is not {@code fieldType}
     */
    public static <T, E> SdoExtractor<T, E> of(Class<?> sdoClass, String getterName, Class<E> fieldType) {
        Objects.requireNonNull(fieldType, "fieldType");
        SdoExtractor<T, E> extractor = new SdoExtractor<>(sdoClass.getName(), getterName);
        Access access = Access.resolve(SdoType.of(sdoClass), getterName);
        Class<?> returned = access.returnType();
        if (boxed(returned) != fieldType) {
            throw new IllegalArgumentException(sdoClass.getSimpleName() + "." + getterName + "() returns "
                    + returned.getName() + ", not " + fieldType.getName());
        }
        extractor.access = access;
        return extractor;
    }

    /** The generated SDO class this extractor reads. */
    public String sdoClassName() {
        return sdoClassName;
    }

    /** The getter whose value this extractor returns. */
    public String getterName() {
        return getterName;
    }

    /** Reads the field from the stored bytes when the entry holds this record as {@link SdoSerializer} wrote it. */
    @Override
    @SuppressWarnings("unchecked")
    public E extractFromEntry(Map.Entry entry) {
        if (entry instanceof BinaryEntry<?, ?> binaryEntry
                && binaryEntry.getSerializer() instanceof SdoSerializer serializer) {
            Binary value = binaryEntry.getBinaryValue();
            Access access = access();
            if (value != null) {
                Binary record = ExternalizableHelper.getUndecorated(value);
                if (access.isStoredRecord(record, serializer)) {
                    ByteBuffer buffer = record.toByteBuffer();
                    return (E) access.readInPlace(buffer, buffer.position() + HEADER);
                }
            }
        }
        return super.extractFromEntry(entry);
    }

    /** Calls the getter on a value object (an SDO, or a bean when the getter belongs to the record's interface). */
    @Override
    @SuppressWarnings("unchecked")
    public E extract(T target) {
        if (target == null) {
            return null;
        }
        return (E) access().readObject(target, sdoClassName, getterName);
    }

    private Access access() {
        Access resolved = access;
        if (resolved == null) {
            ClassLoader context = Thread.currentThread().getContextClassLoader();
            ClassLoader loader = context != null ? context : SdoExtractor.class.getClassLoader();
            resolved = Access.resolve(SdoType.forName(sdoClassName, loader), getterName);
            access = resolved;
        }
        return resolved;
    }

    @Override
    public void readExternal(DataInput in) throws IOException {
        sdoClassName = ExternalizableHelper.readSafeUTF(in);
        getterName = ExternalizableHelper.readSafeUTF(in);
        m_nTarget = VALUE;
        m_sNameCanon = propertyName(getterName);
    }

    @Override
    public void writeExternal(DataOutput out) throws IOException {
        ExternalizableHelper.writeSafeUTF(out, sdoClassName);
        ExternalizableHelper.writeSafeUTF(out, getterName);
    }

    /** After Java deserialisation the transient canonical name must be set again. */
    private Object readResolve() {
        m_sNameCanon = propertyName(getterName);
        return this;
    }

    @Override
    public String toString() {
        return "SdoExtractor(" + sdoClassName + "." + getterName + "())";
    }

    /** {@code getCurrency1} and {@code isActive} name the properties {@code currency1} and {@code active}. */
    static String propertyName(String getterName) {
        String stem = getterName.startsWith("get") && getterName.length() > 3 ? getterName.substring(3)
                : getterName.startsWith("is") && getterName.length() > 2 ? getterName.substring(2)
                : getterName;
        return Character.toLowerCase(stem.charAt(0)) + stem.substring(1);
    }

    private static Class<?> boxed(Class<?> type) {
        return MethodType.methodType(type).wrap().returnType();
    }

    /** The resolved handles of one getter: on the stored bytes, and on a value object. */
    private record Access(SdoType type, Class<?> returnType, MethodHandle inPlace, MethodHandle onObject,
                          Class<?> objectType) {

        static Access resolve(SdoType type, String getterName) {
            Class<?> sdoClass = type.sdoClass();
            Method getter;
            try {
                getter = sdoClass.getMethod(getterName);
            } catch (NoSuchMethodException e) {
                throw new IllegalArgumentException(sdoClass.getName() + " has no public getter " + getterName + "()",
                        e);
            }
            if (getter.getReturnType() == void.class || Modifier.isStatic(getter.getModifiers())) {
                throw new IllegalArgumentException(sdoClass.getName() + "." + getterName
                        + "() is not a getter (it is static or returns nothing)");
            }
            Class<?> objectType = declaringInterface(sdoClass, getterName);
            try {
                MethodType getterType = MethodType.methodType(getter.getReturnType());
                MethodHandle onSdo = LOOKUP.findVirtual(sdoClass, getterName, getterType);
                MethodHandle inPlace = MethodHandles.filterReturnValue(type.wrap(), onSdo)
                        .asType(MethodType.methodType(Object.class, ByteBuffer.class, int.class));
                MethodHandle onObject = LOOKUP.findVirtual(objectType, getterName, getterType)
                        .asType(MethodType.methodType(Object.class, Object.class));
                return new Access(type, getter.getReturnType(), inPlace, onObject, objectType);
            } catch (ReflectiveOperationException e) {
                throw new IllegalArgumentException("cannot call " + sdoClass.getName() + "." + getterName + "()", e);
            }
        }

        /** The record interface {@code X} if it declares the getter, so that beans can be read too; else the SDO class. */
        private static Class<?> declaringInterface(Class<?> sdoClass, String getterName) {
            for (Class<?> candidate : sdoClass.getInterfaces()) {
                try {
                    candidate.getMethod(getterName);
                    return candidate;
                } catch (NoSuchMethodException e) {
                    // not this interface (Serializable, or a getter only the SDO has, like getXUnscaled)
                }
            }
            return sdoClass;
        }

        /** Whether {@code record} holds exactly one value of this type as {@code serializer} writes it. */
        boolean isStoredRecord(Binary record, SdoSerializer serializer) {
            return record.length() == HEADER + type.bytes()
                    && record.byteAt(0) == ExternalizableHelper.FMT_EXT
                    && (record.byteAt(1) & 0xFF) == serializer.tagOf(type.sdoClass().getName());
        }

        Object readInPlace(ByteBuffer buffer, int offset) {
            try {
                return (Object) inPlace.invokeExact(buffer, offset);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException("unexpected checked exception from a getter", e);
            }
        }

        Object readObject(Object target, String sdoClassName, String getterName) {
            if (!objectType.isInstance(target)) {
                throw new IllegalArgumentException("SdoExtractor(" + sdoClassName + "." + getterName + "()) cannot read a "
                        + target.getClass().getName() + ": it is not a " + objectType.getName());
            }
            try {
                return (Object) onObject.invokeExact(target);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException("unexpected checked exception from a getter", e);
            }
        }
    }
}
