package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.text.TextInputException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The generated CSV and XML bindings, compiled in memory: the sample files read into batches whose records are
 * byte for byte {@code XSdo.of(bean)} of beans built from the same text by the test itself, and written back.
 */
class TextBindingGenerationTest {
    private static final DateTimeFormatter DAY_MONTH_YEAR = DateTimeFormatter.ofPattern("dd/MM/yyyy");

    private static final Generated GENERATED = Generated.compile(Map.of(
            "trade.sdo", resource("/schemas/trade.sdo"),
            "reset-frequency.sdo", resource("/schemas/reset-frequency.sdo")));

    @Test
    void csvRowsBecomeTheRecordsThatOfBeanEncodes() throws Exception {
        String csv = resource("/data/trades.csv");
        Object batch = readBatch("com.example.trade.TradeCsv", csv);
        List<String> rows = csv.lines().skip(1).toList();
        assertThat(Generated.call(batch, "size")).isEqualTo(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            Object expected = GENERATED.of("com.example.trade.Trade", tradeBean(rows.get(i).split(",")));
            Object actual = Generated.call(batch, "get", i);
            assertThat((byte[]) Generated.call(actual, "toByteArray"))
                    .as("row %d", i + 1).isEqualTo((byte[]) Generated.call(expected, "toByteArray"));
        }
    }

    @Test
    void aBatchWrittenAsCsvReadsBackTheSameAndKeepsTheColumns() throws Exception {
        Object batch = readBatch("com.example.trade.TradeCsv", resource("/data/trades.csv"));
        String written = writeBatch("com.example.trade.TradeCsv", batch);
        // The schema names the first column after its field, id; reading matched the file's ID ignoring case.
        assertThat(written.lines().findFirst()).hasValue(
                "id,TradeDate,BuySell,Currency1,Amount1,Exchange Rate,Currency2,Amount2,Settlement Date");
        // Row 3 as the talk prints it, with the amounts at the schema's scales.
        assertThat(written.lines().skip(3).findFirst()).hasValue(
                "3,22/07/2014,Buy,GBP,7000000.00,172.990000,JPY,1210930000.00,05/08/2014");
        Object back = readBatch("com.example.trade.TradeCsv", written);
        for (int i = 0; i < 10; i++) {
            assertThat((byte[]) Generated.call(Generated.call(back, "get", i), "toByteArray"))
                    .isEqualTo((byte[]) Generated.call(Generated.call(batch, "get", i), "toByteArray"));
        }
    }

    @Test
    void aBadRowStopsTheReadNamingLineColumnAndField() {
        String csv = resource("/data/trades.csv").replace("1.8366", "1.83661234");
        assertThatThrownBy(() -> readBatch("com.example.trade.TradeCsv", csv))
                .isInstanceOf(TextInputException.class)
                .hasMessageStartingWith("trades.csv:10:")
                .hasMessageContaining("Trade.exchangeRate")
                .hasMessageContaining("more than 6 decimals");
    }

    @Test
    void theFpmlResetFrequencyIsTheSpecsByte() throws Exception {
        Object batch = readBatch("org.fpml.sdo.ResetFrequencyXml", resource("/data/reset-frequency.xml"));
        assertThat(Generated.call(batch, "size")).isEqualTo(1);
        Object record = Generated.call(batch, "get", 0);
        // Spec section 3: (6 - 1) | (2 << 5).
        assertThat((byte[]) Generated.call(record, "toByteArray")).containsExactly(0x45);
        assertThat(Generated.call(record, "getPeriodMultiplier")).isEqualTo(BigInteger.valueOf(6));

        String written = writeBatch("org.fpml.sdo.ResetFrequencyXml", batch);
        assertThat(written).contains("<resetFrequency xmlns=\"http://www.fpml.org/FpML-5/confirmation\">")
                .contains("<periodMultiplier>6</periodMultiplier>").contains("<period>M</period>");
        Object back = readBatch("org.fpml.sdo.ResetFrequencyXml", written);
        assertThat((byte[]) Generated.call(Generated.call(back, "get", 0), "toByteArray")).containsExactly(0x45);
    }

    @Test
    void aBoundRecordsBindingClassMayNotClashAndNestedRecordsAreNotBound() {
        var compilation = new dev.sdo.compiler.SchemaCompiler().compile(Map.of("t.sdo", String.join("\n",
                "package p;",
                "record Money { cents: int64; }",
                "@csv record Trade { id: uint32; fee: Money; }",
                "record TradeCsv { id: uint32; }",
                "record Plain { fee: Money; }")), List.of("t.sdo"));
        assertThat(compilation.diagnostics()).extracting(Object::toString).containsExactly(
                "t.sdo:3:33: error: field 'fee' holds record 'Money', which a CSV column cannot: a row is one line"
                        + " of single values, and @csv does not flatten a record into columns; bind the record to"
                        + " XML, or declare the values as fields of 'Trade'",
                "t.sdo:4:8: error: record 'TradeCsv' clashes with class TradeCsv generated for record 'Trade' "
                        + "(line 3)");
    }

    private Object tradeBean(String[] cells) {
        return GENERATED.bean("com.example.trade.Trade", Map.of(
                "id", Long.parseLong(cells[0]),
                "tradeDate", LocalDate.parse(cells[1], DAY_MONTH_YEAR),
                "buySell", GENERATED.enumConstant("com.example.trade.Side", cells[2]),
                "currency1", cells[3],
                "amount1", new BigDecimal(cells[4]),
                "exchangeRate", new BigDecimal(cells[5]),
                "currency2", cells[6],
                "amount2", new BigDecimal(cells[7]),
                "settlementDate", LocalDate.parse(cells[8], DAY_MONTH_YEAR)));
    }

    private static Object readBatch(String binding, String text) throws Exception {
        Method read = GENERATED.type(binding).getMethod("readBatch", InputStream.class, String.class);
        String source = binding.endsWith("Csv") ? "trades.csv" : "reset-frequency.xml";
        return invoke(read, new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), source);
    }

    private static String writeBatch(String binding, Object batch) throws Exception {
        Method write = GENERATED.type(binding).getMethod("writeBatch", batch.getClass(), OutputStream.class);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        invoke(write, batch, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static Object invoke(Method method, Object... args) throws Exception {
        try {
            return method.invoke(null, args);
        } catch (InvocationTargetException e) {
            throw (Exception) e.getCause();
        }
    }

    private static String resource(String name) {
        try (InputStream in = TextBindingGenerationTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
