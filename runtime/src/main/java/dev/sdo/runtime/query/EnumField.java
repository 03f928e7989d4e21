package dev.sdo.runtime.query;

import java.math.BigDecimal;

/**
 * An enum field, stored as the constant's ordinal; constants order as Java orders them, by ordinal.
 *
 * @param <R> the records' interface
 * @param <E> the enum
 */
public final class EnumField<R, E extends Enum<E>> extends OrderedField<R, E> {
    private static final long serialVersionUID = 1L;

    private final E[] constants;

    private EnumField(FieldBits bits, E[] constants, Long defaultRaw) {
        super(bits, KeyOrder.STORED, 0, constants.length - 1, defaultRaw);
        this.constants = constants;
    }

    /** The constants of {@code type}, stored as their ordinals. */
    public static <R, E extends Enum<E>> EnumField<R, E> of(FieldBits bits, Class<E> type) {
        return new EnumField<>(bits, type.getEnumConstants(), null);
    }

    /** This field, with records that store no value read as {@code value}. */
    public EnumField<R, E> withDefault(E value) {
        return new EnumField<>(bits(), constants, exactRaw(value));
    }

    @Override
    Long rawOf(E value) {
        return (long) value.ordinal();
    }

    @Override
    BigDecimal position(E value) {
        return BigDecimal.valueOf(value.ordinal());
    }

    @Override
    public E valueOf(long raw) {
        return constants[(int) raw];
    }

    /** How many constants the enum has: stored ordinals are below it. */
    int constantCount() {
        return constants.length;
    }
}
