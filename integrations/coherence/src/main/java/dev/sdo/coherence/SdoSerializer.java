package dev.sdo.coherence;

import com.tangosol.io.ClassLoaderAware;
import com.tangosol.io.DefaultSerializer;
import com.tangosol.io.ReadBuffer;
import com.tangosol.io.Serializer;
import com.tangosol.io.WriteBuffer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A Coherence {@link Serializer} that stores generated SDOs ({@code XSdo}) as their bytes and nothing else, so that
 * a partitioned cache holds each record exactly as the flyweight reads it and {@link SdoExtractor} can read any
 * field there in place.
 *
 * <p>Stream format (Coherence itself puts its one-byte {@code FMT_EXT} marker in front of every value a custom
 * serializer writes):
 * <pre>
 *   [tag: 1 byte][record bytes: exactly XSdo.BYTES]      for an XSdo registered at position tag (0..254)
 *   [255][Coherence's default (Java / ExternalizableLite) serialization]   for anything else
 * </pre>
 * The one-byte tag cannot be avoided: a service's serializer carries not only the cache values but the keys, the
 * filters, extractors and aggregators sent to the storage members and their results, so the stream must say which
 * of these it holds; and a cache may hold more than one record type. One byte is the least that can say it. The
 * tag is the record class's position in the list this serializer is configured with, so every member of a service
 * must be configured with the same list in the same order (the cache configuration is normally shared anyway).
 *
 * <p>Only instances of the registered {@code XSdo} classes are stored as records; a bean ({@code XBean}) goes
 * through the fallback like any other object. Convert with {@code XSdo.of(bean)} to store it as an SDO.
 *
 * <p>The classes are resolved by name when first needed: to write a value, the value's own class; to read one back,
 * the configured name. A storage member that only holds the bytes and runs {@link SdoFilter},
 * {@link SdoKeyExtractor} and {@link SdoAggregators} never needs them on its class path.
 *
 * <p>Configuration, in a cache configuration's {@code <distributed-scheme>}:
 * <pre>{@code
 * <serializer>
 *   <instance>
 *     <class-name>dev.sdo.coherence.SdoSerializer</class-name>
 *     <init-params>
 *       <init-param>
 *         <param-type>string</param-type>
 *         <param-value>com.example.trade.TradeSdo, com.example.other.OtherSdo</param-value>
 *       </init-param>
 *     </init-params>
 *   </instance>
 * </serializer>
 * }</pre>
 */
public final class SdoSerializer implements Serializer, ClassLoaderAware {
    /** The tag in front of an object that is not a registered SDO. */
    static final int OTHER = 255;
    /** At most this many record types, one tag each. */
    static final int MAX_TYPES = OTHER;

    /** The configured SDO class names, in tag order: all that members must agree on. */
    private final List<String> names;
    private final Map<String, Integer> tags;
    /** Each tag's class, resolved when first needed: a member that never deserialises a value never loads it. */
    private final AtomicReferenceArray<SdoType> types;
    private volatile ClassLoader classLoader;
    private volatile DefaultSerializer fallback;

    /**
     * For a cache configuration: a comma-separated list of generated SDO class names. A name whose class is not on
     * this member's class path is accepted: storage members that only hold values and run {@link SdoFilter} and
     * {@link SdoAggregators} never need the class; deserialising such a value fails with an {@link IOException} that
     * names it.
     *
     * @throws IllegalArgumentException if a name is empty or listed twice, or names a class on the class path that is
     *     not a generated SDO class
     */
    public SdoSerializer(String sdoClassNames) {
        this(names(sdoClassNames), null);
        ClassLoader loader = defaultClassLoader();
        for (String name : names) {
            Class<?> type = loadIfPresent(name, loader);
            if (type != null) {
                types.set(tags.get(name), SdoType.of(type));
            }
        }
    }

    /**
     * For code: the generated SDO classes this serializer stores as records, in tag order.
     *
     * @throws IllegalArgumentException if a class is not a generated SDO class, is listed twice, or there are more
     *     than 255
     */
    public SdoSerializer(Class<?>... sdoClasses) {
        this(Arrays.stream(sdoClasses).map(Class::getName).toList(),
                Arrays.stream(sdoClasses).map(SdoType::of).toList());
    }

    private SdoSerializer(List<String> names, List<SdoType> resolved) {
        if (names.size() > MAX_TYPES) {
            throw new IllegalArgumentException("SdoSerializer takes at most " + MAX_TYPES + " SDO classes, got "
                    + names.size());
        }
        Map<String, Integer> tags = new HashMap<>();
        for (int tag = 0; tag < names.size(); tag++) {
            if (tags.putIfAbsent(names.get(tag), tag) != null) {
                throw new IllegalArgumentException("SdoSerializer: " + names.get(tag) + " is listed twice");
            }
        }
        this.names = List.copyOf(names);
        this.tags = Map.copyOf(tags);
        this.types = new AtomicReferenceArray<>(names.size());
        if (resolved != null) {
            for (int tag = 0; tag < resolved.size(); tag++) {
                types.set(tag, resolved.get(tag));
            }
        }
        setContextClassLoader(defaultClassLoader());
    }

    private static List<String> names(String sdoClassNames) {
        Objects.requireNonNull(sdoClassNames, "sdoClassNames");
        List<String> names = new ArrayList<>();
        for (String name : sdoClassNames.split(",", -1)) {
            if (name.isBlank()) {
                throw new IllegalArgumentException("SdoSerializer: empty class name in \"" + sdoClassNames + "\"");
            }
            names.add(name.strip());
        }
        return names;
    }

    private static Class<?> loadIfPresent(String name, ClassLoader loader) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError absent) {
            return null;
        }
    }

    private static ClassLoader defaultClassLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : SdoSerializer.class.getClassLoader();
    }

    @Override
    public void serialize(WriteBuffer.BufferOutput out, Object value) throws IOException {
        Integer tag = value == null ? null : tags.get(value.getClass().getName());
        if (tag == null) {
            out.writeByte(OTHER);
            fallback.serialize(out, value);
        } else {
            out.writeByte(tag);
            out.write(typeOf(tag, value.getClass()).toByteArray(value));
        }
    }

    /** The type of tag {@code tag}, for a value of {@code sdoClass} (which has the configured name). */
    private SdoType typeOf(int tag, Class<?> sdoClass) {
        SdoType type = types.get(tag);
        if (type == null || type.sdoClass() != sdoClass) {
            type = SdoType.of(sdoClass);
            types.set(tag, type);
        }
        return type;
    }

    @Override
    public Object deserialize(ReadBuffer.BufferInput in) throws IOException {
        int tag = in.readUnsignedByte();
        if (tag == OTHER) {
            return fallback.deserialize(in);
        }
        SdoType type = typeForTag(tag);
        byte[] bytes = new byte[type.bytes()];
        in.readFully(bytes);
        return type.wrap(ByteBuffer.wrap(bytes), 0);
    }

    /** The record type stored under {@code tag}; an unknown tag means the stream was written by another configuration. */
    SdoType typeForTag(int tag) throws IOException {
        if (tag >= names.size()) {
            throw new IOException("SdoSerializer: type tag " + tag + " is not one of the " + names.size()
                    + " configured SDO classes " + names + "; was the value written by a member configured"
                    + " with a different list?");
        }
        SdoType type = types.get(tag);
        if (type == null) {
            Class<?> sdoClass = loadIfPresent(names.get(tag), classLoader);
            if (sdoClass == null) {
                throw new IOException("SdoSerializer: cannot deserialise a stored " + names.get(tag) + ": the class is"
                        + " not on this member's class path. Storage members need it only to deserialise values"
                        + " (SdoExtractor, entry processors, getters); SdoFilter, SdoKeyExtractor and SdoAggregators"
                        + " read the stored bytes without it");
            }
            type = typeOf(tag, sdoClass);
        }
        return type;
    }

    /** The tag that values of the class named {@code sdoClassName} are stored under, or -1 if not configured. */
    int tagOf(String sdoClassName) {
        Integer tag = tags.get(sdoClassName);
        return tag == null ? -1 : tag;
    }

    @Override
    public ClassLoader getContextClassLoader() {
        return classLoader;
    }

    @Override
    public void setContextClassLoader(ClassLoader loader) {
        this.classLoader = loader;
        this.fallback = new DefaultSerializer(loader);
    }

    @Override
    public String getName() {
        return "sdo";
    }

    /** Equal when configured with the same SDO classes in the same order, which is what members must agree on. */
    @Override
    public boolean equals(Object other) {
        return other instanceof SdoSerializer that && names.equals(that.names);
    }

    @Override
    public int hashCode() {
        return names.hashCode();
    }

    @Override
    public String toString() {
        return "SdoSerializer" + names;
    }
}
