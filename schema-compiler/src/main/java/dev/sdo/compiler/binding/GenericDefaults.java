package dev.sdo.compiler.binding;

import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;

/**
 * Fields' defaults as the generic engine ({@code dev.sdo.runtime.generic}) has its values, for the bindings built
 * from the schema alone; their text values are {@link dev.sdo.runtime.generic.GenericTextValues}.
 */
public final class GenericDefaults {
    private GenericDefaults() {}

    /**
     * A field's default as the generic engine has it: {@link FieldLayout#defaultValue}'s value but a
     * {@code float32}'s as a {@code Float}, as {@code GenericRecord.get} reads one.
     */
    public static Object defaultOf(FieldLayout placed) {
        Object value = placed.defaultValue();
        if (value instanceof Double number && placed.encoding() instanceof Encoding.Floating floating
                && floating.bits() == Float.SIZE) {
            return number.floatValue();
        }
        return value;
    }
}
