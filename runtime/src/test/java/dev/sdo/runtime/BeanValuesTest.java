package dev.sdo.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class BeanValuesTest {

    @Test
    void decimalsAreEqualByNumericValueWithConsistentHashes() {
        BigDecimal scaled = new BigDecimal("1.500");
        BigDecimal plain = new BigDecimal("1.5");

        assertThat(BeanValues.equalDecimals(scaled, plain)).isTrue();
        assertThat(BeanValues.decimalHash(scaled)).isEqualTo(BeanValues.decimalHash(plain));
        assertThat(BeanValues.equalDecimals(new BigDecimal("0.00"), BigDecimal.ZERO)).isTrue();
        assertThat(BeanValues.decimalHash(new BigDecimal("0.00"))).isEqualTo(BeanValues.decimalHash(BigDecimal.ZERO));
        assertThat(BeanValues.equalDecimals(plain, new BigDecimal("1.51"))).isFalse();
    }

    @Test
    void nullEqualsOnlyNull() {
        assertThat(BeanValues.equalDecimals(null, null)).isTrue();
        assertThat(BeanValues.equalDecimals(null, BigDecimal.ONE)).isFalse();
        assertThat(BeanValues.equalDecimals(BigDecimal.ONE, null)).isFalse();
        assertThat(BeanValues.decimalHash(null)).isZero();
    }
}
