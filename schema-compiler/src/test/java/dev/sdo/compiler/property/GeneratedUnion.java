package dev.sdo.compiler.property;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * The generated classes of one declared union ({@code U} with its {@code U.Kind}, {@code UBean}), driven by
 * reflection: {@code which()}, a getter per alternative on the interface, a setter per alternative on the bean.
 */
final class GeneratedUnion {
    final TestUnion union;
    final Class<?> api;
    final Class<?> bean;
    final Class<?> kind;
    final Method which;
    private final Constructor<?> beanConstructor;
    private final List<Method> getters = new ArrayList<>();
    private final List<Method> setters = new ArrayList<>();

    GeneratedUnion(TestUnion union, String packageName, ClassLoader loader) throws ReflectiveOperationException {
        this.union = union;
        String name = packageName + "." + union.name();
        api = Class.forName(name, true, loader);
        bean = Class.forName(name + "Bean", true, loader);
        kind = Class.forName(name + "$Kind", true, loader);
        which = api.getMethod("which");
        beanConstructor = bean.getConstructor();
        for (TestField alternative : union.alternatives()) {
            getters.add(api.getMethod(alternative.getterName()));
            setters.add(setter(alternative));
        }
    }

    private Method setter(TestField alternative) throws NoSuchMethodException {
        for (Method method : bean.getMethods()) {
            if (method.getName().equals(alternative.setterName()) && method.getParameterCount() == 1) {
                return method;
            }
        }
        throw new NoSuchMethodException(bean.getName() + "." + alternative.setterName());
    }

    Method getter(int alternative) {
        return getters.get(alternative);
    }

    Method setter(int alternative) {
        return setters.get(alternative);
    }

    /** A new bean holding {@code value} as alternative {@code alternative}. */
    Object newBean(int alternative, Object value) {
        Object instance;
        try {
            instance = beanConstructor.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("cannot make a " + bean.getName(), e);
        }
        GeneratedRecord.call(setters.get(alternative), instance, value);
        return instance;
    }
}
