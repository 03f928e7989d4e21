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

    private final List<SdoType> types;
    private final Map<Class<?>, Integer> tags;
    private volatile ClassLoader classLoader;
    private volatile DefaultSerializer fallback;

    /**
     * For a cache configuration: a comma-separated list of generated SDO class names.
     *
     * @throws IllegalArgumentException if a name is not on the class path or not a generated SDO class
     */
    public SdoSerializer(String sdoClassNames) {
        this(load(sdoClassNames, defaultClassLoader()));
    }

    /**
     * For code: the generated SDO classes this serializer stores as records, in tag order.
     *
     * @throws IllegalArgumentException if a class is not a generated SDO class, is listed twice, or there are more
     *     than 255
     */
    public SdoSerializer(Class<?>... sdoClasses) {
        this(Arrays.stream(sdoClasses).map(SdoType::of).toList());
    }

    private SdoSerializer(List<SdoType> types) {
        if (types.size() > MAX_TYPES) {
            throw new IllegalArgumentException("SdoSerializer takes at most " + MAX_TYPES + " SDO classes, got "
                    + types.size());
        }
        Map<Class<?>, Integer> tags = new HashMap<>();
        for (int tag = 0; tag < types.size(); tag++) {
            Class<?> type = types.get(tag).sdoClass();
            if (tags.putIfAbsent(type, tag) != null) {
                throw new IllegalArgumentException("SdoSerializer: " + type.getName() + " is listed twice");
            }
        }
        this.types = List.copyOf(types);
        this.tags = Map.copyOf(tags);
        setContextClassLoader(defaultClassLoader());
    }

    private static List<SdoType> load(String sdoClassNames, ClassLoader loader) {
        Objects.requireNonNull(sdoClassNames, "sdoClassNames");
        List<SdoType> types = new ArrayList<>();
        for (String name : sdoClassNames.split(",", -1)) {
            if (name.isBlank()) {
                throw new IllegalArgumentException("SdoSerializer: empty class name in \"" + sdoClassNames + "\"");
            }
            types.add(SdoType.forName(name, loader));
        }
        return types;
    }

    private static ClassLoader defaultClassLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : SdoSerializer.class.getClassLoader();
    }

    @Override
    public void serialize(WriteBuffer.BufferOutput out, Object value) throws IOException {
        Integer tag = value == null ? null : tags.get(value.getClass());
        if (tag == null) {
            out.writeByte(OTHER);
            fallback.serialize(out, value);
        } else {
            out.writeByte(tag);
            out.write(types.get(tag).toByteArray(value));
        }
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
        if (tag >= types.size()) {
            throw new IOException("SdoSerializer: type tag " + tag + " is not one of the " + types.size()
                    + " configured SDO classes " + classNames() + "; was the value written by a member configured"
                    + " with a different list?");
        }
        return types.get(tag);
    }

    /** The tag that values of {@code sdoClass} are stored under, or -1 if this serializer does not store them as records. */
    int tagOf(Class<?> sdoClass) {
        Integer tag = tags.get(sdoClass);
        return tag == null ? -1 : tag;
    }

    private List<String> classNames() {
        return types.stream().map(type -> type.sdoClass().getName()).toList();
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
        return other instanceof SdoSerializer that && classNames().equals(that.classNames());
    }

    @Override
    public int hashCode() {
        return classNames().hashCode();
    }

    @Override
    public String toString() {
        return "SdoSerializer" + classNames();
    }
}
