package dev.sdo.compiler.property;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * The generated classes of one record ({@code X}, {@code XBean}, {@code XSdo}), driven by reflection. Calls
 * rethrow what the generated code threw, unwrapped.
 */
final class GeneratedRecord {
    final TestRecord record;
    final Class<?> api;
    final Class<?> bean;
    final Class<?> sdo;
    private final GeneratedSchema schema;
    private final Constructor<?> beanConstructor;
    private final List<Method> getters = new ArrayList<>();
    private final List<Method> presence = new ArrayList<>();
    private final List<Method> setters = new ArrayList<>();
    private final Method of;
    private final Method wrap;
    private final Method toBean;
    private final Method toByteArray;
    private final Method writeTo;

    /**
     * @param packageName where the record's classes are
     * @param schema the bindings of nested records and unions, and the generated types by simple name
     */
    GeneratedRecord(TestRecord record, String packageName, ClassLoader loader, GeneratedSchema schema)
            throws ReflectiveOperationException {
        this.record = record;
        this.schema = schema;
        String name = packageName + "." + record.name();
        api = Class.forName(name, true, loader);
        bean = Class.forName(name + "Bean", true, loader);
        sdo = Class.forName(name + "Sdo", true, loader);
        beanConstructor = bean.getConstructor();
        for (TestField field : record.fields()) {
            getters.add(api.getMethod(field.getterName()));
            presence.add(field.hasPresenceTest() ? api.getMethod(field.hasName()) : null);
            setters.add(setter(field));
        }
        of = sdo.getMethod("of", api);
        // A compact record's size is its container's: its wrap takes the record's length (record-format.md 8.2).
        wrap = record.compactLayout() ? sdo.getMethod("wrap", ByteBuffer.class, int.class, int.class)
                : sdo.getMethod("wrap", ByteBuffer.class, int.class);
        toBean = sdo.getMethod("toBean");
        toByteArray = sdo.getMethod("toByteArray");
        writeTo = sdo.getMethod("writeTo", ByteBuffer.class, int.class);
    }

    private Method setter(TestField field) throws NoSuchMethodException {
        for (Method method : bean.getMethods()) {
            if (method.getName().equals(field.setterName()) && method.getParameterCount() == 1) {
                return method;
            }
        }
        throw new NoSuchMethodException(bean.getName() + "." + field.setterName());
    }

    Method getter(int field) {
        return getters.get(field);
    }

    Method presence(int field) {
        return presence.get(field);
    }

    Method setter(int field) {
        return setters.get(field);
    }

    Function<String, Class<?>> types() {
        return schema::type;
    }

    GeneratedRecord nestedBinding(TestRecord nestedRecord) {
        return schema.record(nestedRecord);
    }

    GeneratedUnion unionBinding(TestUnion union) {
        return schema.union(union);
    }

    /** The optional {@code static int encodedSize(X)} of a record with variable-length data (null otherwise). */
    Method encodedSize() {
        return optionalMethod(sdo, "encodedSize", api);
    }

    /** {@code int byteSize()} (null for a record of fixed width that has none). */
    Method byteSize() {
        Method method = optionalMethod(sdo, "byteSize");
        // Flyweight's default (-1: the record does not say its size) is no byteSize of the SDO's own.
        return method == null || method.getDeclaringClass() == dev.sdo.runtime.Flyweight.class ? null : method;
    }

    /** {@code static int sizeOf(ByteBuffer, int)} (null for a record of fixed width that has none). */
    Method sizeOf() {
        return optionalMethod(sdo, "sizeOf", ByteBuffer.class, int.class);
    }

    private static Method optionalMethod(Class<?> type, String name, Class<?>... parameters) {
        try {
            return type.getMethod(name, parameters);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /** {@code XSdo.BYTES}, which must be a static final int. */
    int bytesConstant() throws ReflectiveOperationException {
        var constant = sdo.getField("BYTES");
        if (constant.getType() != int.class || !Modifier.isStatic(constant.getModifiers())
                || !Modifier.isFinal(constant.getModifiers())) {
            throw new AssertionError(sdo.getName() + ".BYTES is not a static final int");
        }
        return constant.getInt(null);
    }

    /**
     * A new bean holding {@code value}. With {@code variants}, decimals are sometimes given at another exact
     * scale (fewer decimals, or trailing zeros), which encoding must accept as the same value, and nested records
     * sometimes as SDOs (made by {@code of} or wrapped at an odd offset) instead of beans.
     */
    Object newBean(RecordValue value, Random variants) {
        Object instance = call(beanConstructor);
        for (int i = 0; i < record.fields().size(); i++) {
            TestField field = record.fields().get(i);
            Object v = value.value(i);
            if (variants != null && ReferenceEncoder.isDefault(field, v)) {
                // a new bean holds the default already; null stands for it where the setter takes an object
                int how = variants.nextInt(3);
                if (how == 0) {
                    continue;
                } else if (how == 1 && !setters.get(i).getParameterTypes()[0].isPrimitive()) {
                    call(setters.get(i), instance, (Object) null);
                    continue;
                }
            }
            call(setters.get(i), instance, javaValue(field.type(), v, variants));
        }
        return instance;
    }

    /** The Java value of {@code value}, a value of {@code type}. */
    private Object javaValue(TestType type, Object value, Random variants) {
        if (value instanceof RecordValue.UnionValue union) {
            TestType alternative = union.field().type();
            if (union.union().abstractRecord() != null) {
                return javaValue(alternative, union.value(), variants); // the concrete extension's bean or SDO
            }
            return schema.union(union.union()).newBean(union.alternative(),
                    javaValue(alternative, union.value(), variants));
        } else if (value instanceof RecordValue nestedValue) {
            GeneratedRecord nestedRecord = schema.record(nestedValue.record());
            Object nestedBean = nestedRecord.newBean(nestedValue, variants);
            if (variants != null && variants.nextInt(3) == 0) {
                // the setter takes the interface: any implementation will do, an SDO too
                Object sdoValue = nestedRecord.of(nestedBean);
                if (variants.nextBoolean()) {
                    byte[] bytes = nestedRecord.toByteArray(sdoValue);
                    int offset = 1 + 2 * variants.nextInt(8);
                    ByteBuffer buffer = ByteBuffer.allocate(offset + bytes.length);
                    buffer.put(offset, bytes);
                    return nestedRecord.wrap(buffer, offset, bytes.length);
                }
                return sdoValue;
            }
            return nestedBean;
        } else if (value instanceof RecordValue.EnumValue e) {
            return enumConstant(e);
        } else if (value instanceof List<?> list) {
            List<Object> elements = new ArrayList<>(list.size());
            for (Object element : list) {
                elements.add(javaValue(((TestType.ListOf) type).element(), element, variants));
            }
            return elements;
        } else if (value instanceof BigDecimal decimal && variants != null && type instanceof TestType.Decimal) {
            // a decimal of fixed scale takes any value it holds exactly; an unbounded one keeps its scale
            return switch (variants.nextInt(4)) {
                case 0 -> decimal.stripTrailingZeros();
                case 1 -> decimal.setScale(decimal.scale() + 1 + variants.nextInt(3));
                default -> decimal;
            };
        }
        return value;
    }

    Object enumConstant(RecordValue.EnumValue e) {
        return schema.type(e.type().name()).getEnumConstants()[e.ordinal()];
    }

    Object of(Object source) {
        return call(of, null, source);
    }

    /**
     * {@code XSdo.wrap} of the record of {@code length} bytes at byte {@code offset}: a compact record's takes the
     * length, any other finds it in the record.
     */
    Object wrap(ByteBuffer buffer, int offset, int length) {
        return record.compactLayout() ? call(wrap, null, buffer, offset, length) : call(wrap, null, buffer, offset);
    }

    Object toBean(Object sdoInstance) {
        return call(toBean, sdoInstance);
    }

    byte[] toByteArray(Object sdoInstance) {
        return (byte[]) call(toByteArray, sdoInstance);
    }

    void writeTo(Object sdoInstance, ByteBuffer dst, int offset) {
        call(writeTo, sdoInstance, dst, offset);
    }

    static Object call(Method method, Object target, Object... args) {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw rethrow(e.getCause());
        } catch (IllegalAccessException e) {
            throw new AssertionError("cannot call " + method, e);
        }
    }

    private static Object call(Constructor<?> constructor) {
        try {
            return constructor.newInstance();
        } catch (InvocationTargetException e) {
            throw rethrow(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("cannot call " + constructor, e);
        }
    }

    private static RuntimeException rethrow(Throwable cause) {
        if (cause instanceof RuntimeException runtime) {
            throw runtime;
        } else if (cause instanceof Error error) {
            throw error;
        }
        throw new AssertionError("checked exception from generated code", cause);
    }
}
