package dev.sdo.benchmarks.peers;

import java.math.BigDecimal;

/**
 * How every peer that stores a decimal as an unscaled long gets it from the bean. {@code unscaledValue()}
 * allocates a {@code BigInteger} on each call (24 bytes per decimal that the JIT cannot remove); moved to scale 0,
 * a {@code BigDecimal} of at most 18 digits hands out its unscaled long without, and the JIT removes the
 * intermediate {@code BigDecimal}. The SDO's generated encoder converts this way, so the peers do too: the
 * comparison is then of the codecs, not of two ways of reading a {@code BigDecimal}.
 */
final class Decimals {
    private Decimals() {}

    /** {@code value.unscaledValue().longValue()} without the {@code BigInteger}. */
    static long unscaled(BigDecimal value) {
        return value.scaleByPowerOfTen(value.scale()).longValueExact();
    }
}
