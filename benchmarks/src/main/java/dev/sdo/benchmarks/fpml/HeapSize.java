package dev.sdo.benchmarks.fpml;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.openjdk.jol.vm.VM;
import org.openjdk.jol.vm.VirtualMachine;

/**
 * The deep size of an object graph on the heap, as JOL measures each object, without what the graph shares with the
 * rest of the program: class objects (a {@code JAXBElement} names its declared type and scope) and enum constants
 * are neither counted nor followed. JOL's own {@code GraphLayout} follows class objects into their class loader and
 * every class it loaded, which is both wrong here and slow.
 */
final class HeapSize {
    private static final VirtualMachine VM_ACCESS = VM.current();
    private static final Map<Class<?>, List<Field>> REFERENCE_FIELDS = new ConcurrentHashMap<>();

    private HeapSize() {}

    /** The bytes of {@code root} and of every object it reaches, less class objects and enum constants. */
    static long of(Object root) {
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Object> pending = new ArrayDeque<>();
        pending.push(root);
        long bytes = 0;
        while (!pending.isEmpty()) {
            Object object = pending.pop();
            if (object instanceof Class<?> || object instanceof Enum<?> || !seen.add(object)) {
                continue;
            }
            bytes += VM_ACCESS.sizeOf(object);
            Class<?> type = object.getClass();
            if (type.isArray()) {
                if (!type.getComponentType().isPrimitive()) {
                    for (int i = 0, n = Array.getLength(object); i < n; i++) {
                        push(pending, Array.get(object, i));
                    }
                }
            } else {
                for (Field field : referenceFields(type)) {
                    push(pending, VM_ACCESS.getObject(object, VM_ACCESS.fieldOffset(field)));
                }
            }
        }
        return bytes;
    }

    private static void push(Deque<Object> pending, Object reference) {
        if (reference != null) {
            pending.push(reference);
        }
    }

    /** The instance fields of {@code type} and its superclasses that hold references. */
    private static List<Field> referenceFields(Class<?> type) {
        return REFERENCE_FIELDS.computeIfAbsent(type, t -> {
            List<Field> fields = new ArrayList<>();
            for (Class<?> c = t; c != null; c = c.getSuperclass()) {
                for (Field field : c.getDeclaredFields()) {
                    if (!Modifier.isStatic(field.getModifiers()) && !field.getType().isPrimitive()) {
                        fields.add(field);
                    }
                }
            }
            return List.copyOf(fields);
        });
    }
}
