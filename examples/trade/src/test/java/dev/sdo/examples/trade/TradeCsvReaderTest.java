package dev.sdo.examples.trade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class TradeCsvReaderTest {
    private static final String HEADER =
            "ID,TradeDate,BuySell,Currency1,Amount1,Exchange Rate,Currency2,Amount2,Settlement Date\n";

    @Test
    void aWrongHeaderIsRejected() {
        assertThatThrownBy(() -> TradeCsvReader.read(new StringReader("ID,Date\n1,2\n")))
                .isInstanceOf(IOException.class).hasMessageStartingWith("line 1: expected the header ID,TradeDate,");
    }

    @Test
    void aShortRowIsRejectedWithItsLineNumber() {
        assertThatThrownBy(() -> TradeCsvReader.read(new StringReader(HEADER + "1,21/07/2014,Buy\n")))
                .isInstanceOf(IOException.class).hasMessage("line 2: expected 9 columns but found 3");
    }

    @Test
    void badValuesNameTheirLineAndColumn() {
        String row = "1,21/07/2014,%s,EUR,%s,1.344,USD,67200000.00,%s\n";

        assertThatThrownBy(() -> read(row.formatted("Hold", "1.00", "28/07/2014")))
                .hasMessageStartingWith("line 2, column BuySell: cannot read 'Hold': not one of [Buy, Sell]");
        assertThatThrownBy(() -> read(row.formatted("Buy", "1.005", "28/07/2014")))
                .hasMessageStartingWith("line 2, column Amount1: cannot read '1.005': more than 2 decimals");
        assertThatThrownBy(() -> read(row.formatted("Buy", "1.00", "2014-07-28")))
                .hasMessageStartingWith("line 2, column Settlement Date: cannot read '2014-07-28'");
    }

    @Test
    void decimalsAreBroughtToTheSchemasScaleAndBlankLinesSkipped() throws IOException {
        var trades = TradeCsvReader.read(new StringReader(
                HEADER + "7,25/07/2014,Sell,JPY,150000000,0.6513,EUR,97695000.0,08/08/2014\n\n"));

        assertThat(trades).hasSize(1);
        assertThat(trades.get(0).getAmount1().toPlainString()).isEqualTo("150000000.00");
        assertThat(trades.get(0).getExchangeRate().toPlainString()).isEqualTo("0.651300");
        assertThat(trades.get(0).getAmount2().toPlainString()).isEqualTo("97695000.00");
    }

    private static void read(String row) throws IOException {
        TradeCsvReader.read(new StringReader(HEADER + row));
    }
}
