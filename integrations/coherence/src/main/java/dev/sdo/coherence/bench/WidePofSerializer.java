package dev.sdo.coherence.bench;

import com.tangosol.io.pof.PofReader;
import com.tangosol.io.pof.PofSerializer;
import com.tangosol.io.pof.PofWriter;
import dev.sdo.coherence.bench.wide.WideBean;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * POF for the benchmark's 128-field record: field {@code fNNN} is POF property {@code NNN - 1}, as a hand-written
 * serializer would number them. Reflection keeps it short; only the stored bytes matter to the benchmark.
 */
public final class WidePofSerializer implements PofSerializer<WideBean> {
    /** The number of fields. */
    public static final int FIELDS = 128;

    private static final Method[] GETTERS = new Method[FIELDS];
    private static final Method[] SETTERS = new Method[FIELDS];

    static {
        try {
            for (int i = 0; i < FIELDS; i++) {
                GETTERS[i] = WideBean.class.getMethod(getterName(i + 1));
                SETTERS[i] = WideBean.class.getMethod("set" + getterName(i + 1).substring(3), int.class);
            }
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The getter of field number {@code position} (1-based): {@code getF001} .. {@code getF128}. */
    public static String getterName(int position) {
        return String.format("getF%03d", position);
    }

    @Override
    public void serialize(PofWriter out, WideBean wide) throws IOException {
        try {
            for (int i = 0; i < FIELDS; i++) {
                out.writeInt(i, (Integer) GETTERS[i].invoke(wide));
            }
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IOException("cannot read a WideBean", e);
        }
        out.writeRemainder(null);
    }

    @Override
    public WideBean deserialize(PofReader in) throws IOException {
        WideBean wide = new WideBean();
        try {
            for (int i = 0; i < FIELDS; i++) {
                SETTERS[i].invoke(wide, in.readInt(i));
            }
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IOException("cannot fill a WideBean", e);
        }
        in.readRemainder();
        return wide;
    }

    /** Wide record number {@code i}: field {@code p} holds {@code (i * 31 + p) % 10000}, so every field varies. */
    public static WideBean wide(int i) {
        WideBean wide = new WideBean();
        try {
            for (int p = 1; p <= FIELDS; p++) {
                SETTERS[p - 1].invoke(wide, value(i, p));
            }
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(e);
        }
        return wide;
    }

    /** The value of field {@code position} in wide record number {@code i}. */
    public static int value(int i, int position) {
        return (i * 31 + position) % 10000;
    }
}
