package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.runtime.BitFields;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The two worked examples of the schema-language spec: the trades CSV record and FpML's ResetFrequency. */
class TradeGenerationTest {
    private static final String TRADE = "com.example.trade.Trade";
    private static final String RESET_FREQUENCY = "org.fpml.sdo.ResetFrequency";
    private static final LocalDate FIRST_DAY = LocalDate.of(2000, 1, 1);

    private static Generated generated;

    @BeforeAll
    static void compile() {
        generated = Generated.compile(Map.of("trade.sdo", """
                package com.example.trade;

                /** A buy or sell side. Doc comments become Javadoc. */
                enum Side { Buy, Sell }

                /** One row of the trades CSV. */
                @csv(header = true)
                record Trade {
                    id:             uint32;
                    tradeDate:      date(2000-01-01..2099-12-31)   @csv(column = "TradeDate", format = "dd/MM/yyyy");
                    buySell:        Side                           @csv(column = "BuySell");
                    currency1:      char(3, "A-Z")                 @csv(column = "Currency1");
                    amount1:        udecimal(12, 2)                @csv(column = "Amount1");
                    exchangeRate:   udecimal(10, 6)                @csv(column = "Exchange Rate");
                    currency2:      char(3, "A-Z")                 @csv(column = "Currency2");
                    amount2:        udecimal(12, 2)                @csv(column = "Amount2");
                    /** The day the trade settles, as in C:\\users\\settlement\\u0041. */
                    settlementDate: date(2000-01-01..2099-12-31)   @csv(column = "Settlement Date", format = "dd/MM/yyyy");
                }
                """, "reset-frequency.sdo", """
                package org.fpml.sdo;

                enum PeriodEnum { D, W, M, Q, Y }

                @xml(name = "resetFrequency", namespace = "http://www.fpml.org/FpML-5/confirmation")
                record ResetFrequency {
                    periodMultiplier: int(1..31) as BigInteger;   // 5 bits; getter returns BigInteger, as JAXB would
                    period:           PeriodEnum;                 // 3 bits
                }
                """));
    }

    /** {@code 1,21/07/2014,Buy,EUR,50000000.00,1.344,USD,67200000.00,28/07/2014}. */
    private static Map<String, Object> firstRow() {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", 1L);
        row.put("tradeDate", LocalDate.of(2014, 7, 21));
        row.put("buySell", generated.enumConstant("com.example.trade.Side", "Buy"));
        row.put("currency1", "EUR");
        row.put("amount1", new BigDecimal("50000000.00"));
        row.put("exchangeRate", new BigDecimal("1.344"));
        row.put("currency2", "USD");
        row.put("amount2", new BigDecimal("67200000.00"));
        row.put("settlementDate", LocalDate.of(2014, 7, 28));
        return row;
    }

    @Test
    void tradeIs27Bytes() {
        assertThat(generated.bytes(TRADE)).isEqualTo(27);
    }

    @Test
    void everyGetterOfTheEncodedFirstRowReturnsTheBeansValue() {
        Object bean = generated.bean(TRADE, firstRow());
        Object sdo = generated.of(TRADE, bean);

        firstRow().forEach((name, value) -> {
            Object read = Generated.call(sdo, "get" + Character.toUpperCase(name.charAt(0)) + name.substring(1));
            if (value instanceof BigDecimal decimal) {
                assertThat((BigDecimal) read).as(name).isEqualByComparingTo(decimal);
            } else {
                assertThat(read).as(name).isEqualTo(value);
            }
        });
        assertThat(Generated.call(sdo, "getExchangeRate")).isEqualTo(new BigDecimal("1.344000"));
        assertThat(Generated.call(sdo, "toBean")).isEqualTo(bean);
    }

    @Test
    void theFirstRowsBitsAreWhereSectionThreeSaysTheyAre() {
        Object sdo = generated.of(TRADE, generated.bean(TRADE, firstRow()));
        ByteBuffer bytes = ByteBuffer.wrap((byte[]) Generated.call(sdo, "toByteArray"));

        assertThat(bytes.capacity()).isEqualTo(27);
        assertThat(BitFields.read(bytes, 0, 0, 32)).isEqualTo(1);
        assertThat(BitFields.read(bytes, 0, 32, 16)).isEqualTo(ChronoUnit.DAYS.between(FIRST_DAY, LocalDate.of(2014, 7, 21)));
        assertThat(BitFields.read(bytes, 0, 48, 1)).isZero();
        assertThat(BitFields.read(bytes, 0, 49, 15)).isEqualTo(0x4AA5);
        assertThat(BitFields.read(bytes, 0, 64, 40)).isEqualTo(5_000_000_000L);
        assertThat(BitFields.read(bytes, 0, 104, 34)).isEqualTo(1_344_000L);
        assertThat(BitFields.read(bytes, 0, 138, 15)).isEqualTo(('U' - 'A' + 1) | ('S' - 'A' + 1) << 5 | ('D' - 'A' + 1) << 10);
        assertThat(BitFields.read(bytes, 0, 153, 40)).isEqualTo(6_720_000_000L);
        assertThat(BitFields.read(bytes, 0, 193, 16)).isEqualTo(ChronoUnit.DAYS.between(FIRST_DAY, LocalDate.of(2014, 7, 28)));
        assertThat(bytes.get(26) & 0xFE).as("unused high bits of the last byte").isZero();
    }

    @Test
    void resetFrequencySixMonthsIsTheSingleByte0x45() {
        Object bean = generated.bean(RESET_FREQUENCY, Map.of("periodMultiplier", BigInteger.valueOf(6),
                "period", generated.enumConstant("org.fpml.sdo.PeriodEnum", "M")));
        Object sdo = generated.of(RESET_FREQUENCY, bean);

        assertThat((byte[]) Generated.call(sdo, "toByteArray")).containsExactly(0x45);
        assertThat(Generated.call(sdo, "getPeriodMultiplier")).isEqualTo(BigInteger.valueOf(6));
        assertThat(Generated.call(sdo, "getPeriod")).hasToString("M");
        assertThat(generated.bytes(RESET_FREQUENCY)).isEqualTo(1);
    }

    @Test
    void schemaDocCommentsBecomeJavadoc() {
        assertThat(generated.source("com.example.trade.Side")).contains("/**\n * A buy or sell side. Doc comments become Javadoc.\n */");
        assertThat(generated.source(TRADE)).contains(" * One row of the trades CSV.").contains(" * The day the trade settles, as in C:&#92;users&#92;settlement&#92;u0041.");
        assertThat(generated.source(TRADE)).startsWith("// Generated by sdoc from trade.sdo. Do not edit.\n");
        assertThat(generated.source(TRADE + "Sdo")).contains("Stored in bits 49..63 of the record.")
                .contains(" * The day the trade settles, as in C:&#92;users&#92;settlement&#92;u0041.\n     *\n"
                        + "     * <p>Stored in bits 193..208 of the record.");
    }

    @Test
    void beanAndSdoPrintTheSameWay() {
        Object bean = generated.bean(RESET_FREQUENCY, Map.of("periodMultiplier", BigInteger.valueOf(6),
                "period", generated.enumConstant("org.fpml.sdo.PeriodEnum", "M")));

        assertThat(bean).hasToString("ResetFrequency{periodMultiplier=6, period=M}");
        assertThat(generated.of(RESET_FREQUENCY, bean)).hasToString("ResetFrequency{periodMultiplier=6, period=M}");
    }
}
