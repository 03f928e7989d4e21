package dev.sdo.compiler.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Schema texts the command-line tests compile, written into a test's temporary directory. */
final class Schemas {
    private Schemas() {}

    /** The Trade schema of the schema-language spec, section 1. */
    static final String TRADE = """
            // trade.sdo
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
                settlementDate: date(2000-01-01..2099-12-31)   @csv(column = "Settlement Date", format = "dd/MM/yyyy");
            }
            """;

    /** The FpML ResetFrequency schema of the spec: one byte. */
    static final String RESET_FREQUENCY = """
            package org.fpml.sdo;

            enum PeriodEnum { D, W, M, Q, Y }

            @xml(name = "resetFrequency", namespace = "http://www.fpml.org/FpML-5/confirmation")
            record ResetFrequency {
                periodMultiplier: int(1..31) as BigInteger;
                period:           PeriodEnum;
            }
            """;

    static Path write(Path directory, String name, String text) {
        try {
            Path file = directory.resolve(name);
            Files.createDirectories(file.getParent());
            return Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
