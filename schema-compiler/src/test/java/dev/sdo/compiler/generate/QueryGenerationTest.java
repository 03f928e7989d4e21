package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.Flyweight;
import dev.sdo.runtime.batch.RecordBatch;
import dev.sdo.runtime.batch.RecordSelection;
import dev.sdo.runtime.query.CharsField;
import dev.sdo.runtime.query.DateField;
import dev.sdo.runtime.query.DecimalField;
import dev.sdo.runtime.query.EnumField;
import dev.sdo.runtime.query.IntegerField;
import dev.sdo.runtime.query.Match;
import dev.sdo.runtime.query.RecordPredicate;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A batch's queries ({@code count}, {@code sum}, {@code min}, {@code max}, {@code countBy}, {@code sumBy},
 * {@code where}) with the generated field handles, against the same answers worked out from the getters, in sequence
 * and in parallel (over more records than one parallel slice holds), on fixed-width records, on variable-size records
 * and on a batch mapped from its file. Every operator of every handle against the getters on random schemas is
 * {@code QueryChecks} of the random-schema property test.
 */
class QueryGenerationTest {
    private static final long SEED = 20261127;
    /** More than two parallel slices (2^16 records each). */
    private static final int FILLS = 150_000;
    private static final String FILL = "query.Fill";
    private static final LocalDate FIRST_DAY = LocalDate.of(2020, 1, 1);

    /** Compiled before the handles below are read from its classes. */
    private static final Generated generated = compileSchema();
    private static RecordBatch<Object, Flyweight, ?> fills;
    /** What the getters say of each fill, in order. */
    private static List<FillValues> values;

    /** One fill's values as its getters return them. */
    private record FillValues(long id, String venue, String symbol, BigDecimal price, int qty, LocalDate day,
            BigDecimal fee, int lot) {}

    private static Generated compileSchema() {
        return Generated.compile(Map.of("query.sdo", """
                package query;
                enum Venue { XLON, XPAR, XETR, XNYS, XNAS }
                record Fill {
                    id: uint32;
                    venue: Venue;
                    symbol: char(4, "A-Z");
                    price: decimal(9, 4);
                    qty: int(1..1000000);
                    day: date(2020-01-01..2030-12-31);
                    fee: udecimal(7, 2) optional;
                    lot: int(1..50) = 10;
                }
                record Note { id: uint32; venue: Venue; text: string; }
                """));
    }

    @BeforeAll
    static void fill() {
        fills = batch("query.FillBatch");
        values = new ArrayList<>();
        Random random = new Random(SEED);
        String[] symbols = {"VOD", "BP", "HSBA", "AZN", "ULVR", "A", ""};
        Object bean = generated.bean(FILL, Map.of());
        for (int i = 0; i < FILLS; i++) {
            String venue = List.of("XLON", "XPAR", "XETR", "XNYS", "XNAS").get(random.nextInt(5));
            FillValues v = new FillValues(i, venue, symbols[random.nextInt(symbols.length)],
                    BigDecimal.valueOf(random.nextLong(-99_999_9999L, 99_999_9999L), 4), 1 + random.nextInt(1_000_000),
                    FIRST_DAY.plusDays(random.nextInt(4018)),
                    random.nextInt(4) == 0 ? null : BigDecimal.valueOf(random.nextInt(9_999_999), 2),
                    random.nextInt(3) == 0 ? 10 : 1 + random.nextInt(50));
            generated.set(bean, "id", v.id());
            generated.set(bean, "venue", generated.enumConstant("query.Venue", venue));
            generated.set(bean, "symbol", v.symbol());
            generated.set(bean, "price", v.price());
            generated.set(bean, "qty", v.qty());
            generated.set(bean, "day", v.day());
            generated.set(bean, "fee", v.fee());
            generated.set(bean, "lot", v.lot());
            Generated.call(fills, "add", bean);
            values.add(v);
        }
    }

    @SuppressWarnings("unchecked")
    private static RecordBatch<Object, Flyweight, ?> batch(String name) {
        try {
            return (RecordBatch<Object, Flyweight, ?>) generated.type(name).getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static <H> H handle(String record, String constant) {
        try {
            return (H) generated.type(record + "Fields").getField(constant).get(null);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static final IntegerField<Object> ID = handle(FILL, "ID");
    private static final EnumField<Object, ?> VENUE = handle(FILL, "VENUE");
    private static final CharsField<Object> SYMBOL = handle(FILL, "SYMBOL");
    private static final DecimalField<Object> PRICE = handle(FILL, "PRICE");
    private static final IntegerField<Object> QTY = handle(FILL, "QTY");
    private static final DateField<Object> DAY = handle(FILL, "DAY");
    private static final DecimalField<Object> FEE = handle(FILL, "FEE");
    private static final IntegerField<Object> LOT = handle(FILL, "LOT");

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static RecordPredicate<Object> venueIs(String venue) {
        return ((EnumField) VENUE).eq(generated.enumConstant("query.Venue", venue));
    }

    /** A predicate, and the same condition on the getters' values. */
    private record Case(String name, RecordPredicate<Object> predicate, Predicate<FillValues> expected) {}

    private static List<Case> cases() {
        BigDecimal zero = BigDecimal.ZERO;
        LocalDate mid = LocalDate.of(2025, 6, 30);
        return List.of(
                new Case("all", RecordPredicate.all(), v -> true),
                new Case("venue XPAR and symbol VOD", venueIs("XPAR").and(SYMBOL.eq("VOD")),
                        v -> v.venue().equals("XPAR") && v.symbol().equals("VOD")),
                new Case("price < 0 or qty between 10 and 5000", PRICE.lt(zero).or(QTY.between(10L, 5000L)),
                        v -> v.price().signum() < 0 || v.qty() >= 10 && v.qty() <= 5000),
                new Case("day >= mid and fee present", DAY.ge(mid).and(FEE.isPresent()),
                        v -> !v.day().isBefore(mid) && v.fee() != null),
                new Case("fee <= 100.005", FEE.le(new BigDecimal("100.005")),
                        v -> v.fee() != null && v.fee().compareTo(new BigDecimal("100.005")) <= 0),
                new Case("lot == 10 (the default) negated", LOT.eq(10L).negate(), v -> v.lot() != 10),
                new Case("symbol in (A, empty, BP) and not XNAS",
                        SYMBOL.in("A", "", "BP").and(venueIs("XNAS").negate()),
                        v -> List.of("A", "", "BP").contains(v.symbol()) && !v.venue().equals("XNAS")));
    }

    @Test
    void countsSumsAndExtremesAreThoseOfTheGetters() {
        for (Case c : cases()) {
            List<FillValues> matching = values.stream().filter(c.expected()).toList();
            for (boolean parallel : new boolean[] {false, true}) {
                RecordSelection<Object, Flyweight> selection = fills.where(c.predicate());
                if (parallel) {
                    selection = selection.parallel();
                }
                String what = c.name() + (parallel ? " (parallel)" : "") + ", seed " + SEED;
                assertThat(selection.count()).as(what).isEqualTo(matching.size());
                assertThat(selection.sum(QTY)).as(what).isEqualTo(matching.stream().mapToLong(FillValues::qty).sum());
                assertThat(selection.sum(PRICE)).as(what).isEqualTo(
                        matching.stream().map(FillValues::price).reduce(BigDecimal.ZERO.setScale(4), BigDecimal::add));
                assertThat(selection.sum(FEE)).as(what).isEqualTo(matching.stream().map(FillValues::fee)
                        .filter(fee -> fee != null).reduce(BigDecimal.ZERO.setScale(2), BigDecimal::add));
                assertThat(selection.sum(LOT)).as(what).isEqualTo(matching.stream().mapToLong(FillValues::lot).sum());
                assertThat(selection.min(DAY)).as(what)
                        .isEqualTo(matching.stream().map(FillValues::day).min(LocalDate::compareTo));
                assertThat(selection.max(PRICE)).as(what)
                        .isEqualTo(matching.stream().map(FillValues::price).max(BigDecimal::compareTo));
                assertThat(selection.max(SYMBOL)).as(what)
                        .isEqualTo(matching.stream().map(FillValues::symbol).max(String::compareTo));
                assertThat(selection.min(FEE)).as(what).isEqualTo(matching.stream().map(FillValues::fee)
                        .filter(fee -> fee != null).min(BigDecimal::compareTo));
            }
        }
    }

    @Test
    void groupsAreThoseOfTheGettersInTheFieldsOrder() {
        RecordPredicate<Object> cheap = PRICE.lt(BigDecimal.valueOf(1000));
        List<FillValues> matching = values.stream().filter(v -> v.price().compareTo(BigDecimal.valueOf(1000)) < 0)
                .toList();
        Map<String, Long> counts = new TreeMap<>(matching.stream()
                .collect(Collectors.groupingBy(FillValues::venue, Collectors.counting())));
        Map<String, BigDecimal> prices = new TreeMap<>(matching.stream().collect(Collectors.groupingBy(
                FillValues::venue, Collectors.reducing(BigDecimal.ZERO.setScale(4), FillValues::price,
                        BigDecimal::add))));

        for (RecordSelection<Object, Flyweight> selection : List.of(fills.where(cheap), fills.where(cheap).parallel())) {
            Map<?, Long> byVenue = selection.countBy(VENUE);
            assertThat(byVenue.keySet().stream().map(String::valueOf).toList())
                    .as("enum order").containsExactly("XLON", "XPAR", "XETR", "XNYS", "XNAS");
            assertThat(byVenue.entrySet().stream().collect(Collectors.toMap(e -> e.getKey().toString(),
                    Map.Entry::getValue))).isEqualTo(counts);
            assertThat(new TreeMap<>(selection.sumBy(VENUE, PRICE).entrySet().stream().collect(
                    Collectors.toMap(e -> e.getKey().toString(), Map.Entry::getValue)))).isEqualTo(prices);
        }
        Map<Long, Long> byLot = fills.where(RecordPredicate.all()).countBy(LOT);
        assertThat(new ArrayList<>(byLot.keySet())).isSorted();
        assertThat(byLot).isEqualTo(new TreeMap<>(values.stream()
                .collect(Collectors.groupingBy(v -> (long) v.lot(), Collectors.counting()))));
    }

    @Test
    void theMatchingRecordsComeInOrderThroughStreamForEachAndOneCursor() {
        RecordPredicate<Object> p = venueIs("XETR").and(QTY.gt(990_000L));
        List<Long> expected = values.stream().filter(v -> v.venue().equals("XETR") && v.qty() > 990_000)
                .map(FillValues::id).toList();
        assertThat(expected).isNotEmpty();

        assertThat(fills.where(p).stream().map(f -> (Long) Generated.call(f, "getId")).toList()).isEqualTo(expected);
        assertThat(fills.where(p).parallel().stream().map(f -> (Long) Generated.call(f, "getId")).toList())
                .isEqualTo(expected);
        List<Long> viaCursor = new ArrayList<>();
        fills.where(p).forEachCursor(f -> viaCursor.add((Long) Generated.call(f, "getId")));
        assertThat(viaCursor).isEqualTo(expected);
        List<Object> views = new ArrayList<>();
        fills.where(p).forEach(views::add);
        assertThat(views).doesNotHaveDuplicates().hasSize(expected.size());
        assertThat(fills.where(p).size()).isEqualTo(expected.size());
    }

    @Test
    void valuesAFieldCannotHoldAreAnsweredWithoutReadingARecord() {
        assertThat(SYMBOL.eq("TOOLONG").match()).isSameAs(Match.NONE);
        assertThat(SYMBOL.eq("vod").match()).isSameAs(Match.NONE);
        assertThat(DAY.lt(LocalDate.of(2019, 12, 31)).match()).isSameAs(Match.NONE);
        assertThat(DAY.le(LocalDate.of(2031, 1, 1)).match()).isSameAs(Match.ALL);
        assertThat(PRICE.eq(new BigDecimal("1.00001")).match()).isSameAs(Match.NONE);
        assertThat(QTY.eq(0L).match()).isSameAs(Match.NONE);
        assertThat(fills.count(SYMBOL.eq("TOOLONG").or(QTY.gt(1_000_000L)))).isZero();
        assertThat(fills.where(DAY.lt(FIRST_DAY)).min(DAY)).isEqualTo(Optional.empty());

        assertThatThrownBy(() -> SYMBOL.lt("vod"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("symbol: \"vod\" is not a value of char(4");
    }

    @Test
    void equalitiesInOneWordCompileToOneMaskedCompare() {
        // venue (3 bits at 32) and symbol (20 bits at 35) lie in one 8-byte load: one test, not two.
        assertThat(venueIs("XPAR").and(SYMBOL.eq("VOD")).toString()).startsWith("(word@4 &").doesNotContain("and");
    }

    @Test
    void variableSizeRecordsAreQueriedOnTheirFixedPart() {
        RecordBatch<Object, Flyweight, ?> notes = batch("query.NoteBatch");
        Object bean = generated.bean("query.Note", Map.of());
        for (int i = 0; i < 1000; i++) {
            generated.set(bean, "id", (long) i);
            generated.set(bean, "venue", generated.enumConstant("query.Venue", i % 3 == 0 ? "XPAR" : "XLON"));
            generated.set(bean, "text", "note " + "x".repeat(i % 17));
            Generated.call(notes, "add", bean);
        }
        IntegerField<Object> id = handle("query.Note", "ID");
        @SuppressWarnings({"unchecked", "rawtypes"})
        RecordPredicate<Object> xpar = ((EnumField) handle("query.Note", "VENUE"))
                .eq(generated.enumConstant("query.Venue", "XPAR"));

        assertThat(notes.count(xpar)).isEqualTo(334);
        assertThat(notes.sum(id, xpar)).isEqualTo(java.util.stream.IntStream.range(0, 1000).filter(i -> i % 3 == 0)
                .asLongStream().sum());
        assertThat(notes.where(xpar).parallel().count()).isEqualTo(334);
        List<String> texts = new ArrayList<>();
        notes.where(xpar.and(id.lt(7L))).forEachCursor(n -> texts.add((String) Generated.call(n, "getText")));
        assertThat(texts).containsExactly("note ", "note xxx", "note xxxxxx");
    }

    @Test
    void aBatchMappedFromItsFileIsQueriedInPlace(@TempDir Path directory) throws IOException {
        Path file = directory.resolve("fills.sdob");
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            Generated.call(fills, "writeTo", out);
        }
        @SuppressWarnings("unchecked")
        RecordBatch<Object, Flyweight, ?> mapped =
                (RecordBatch<Object, Flyweight, ?>) generated.callStatic("query.FillBatch", "map", file);
        for (Case c : cases()) {
            assertThat(mapped.count(c.predicate())).as(c.name()).isEqualTo(fills.count(c.predicate()));
            assertThat(mapped.sum(PRICE, c.predicate())).as(c.name()).isEqualTo(fills.sum(PRICE, c.predicate()));
        }
    }

    @Test
    void aSumBeyondALongIsRefusedNotWrapped() {
        Generated wide = Generated.compile(Map.of("wide.sdo", "package wide; record Big { n: int64; }"));
        RecordBatch<Object, Flyweight, ?> big;
        try {
            @SuppressWarnings("unchecked")
            RecordBatch<Object, Flyweight, ?> b =
                    (RecordBatch<Object, Flyweight, ?>) wide.type("wide.BigBatch").getConstructor().newInstance();
            big = b;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
        Object bean = wide.bean("wide.Big", Map.of("n", Long.MAX_VALUE));
        Generated.call(big, "add", bean);
        Generated.call(big, "add", bean);
        IntegerField<Object> n;
        try {
            @SuppressWarnings("unchecked")
            IntegerField<Object> h = (IntegerField<Object>) wide.type("wide.BigFields").getField("N").get(null);
            n = h;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }

        assertThatThrownBy(() -> big.sum(n, RecordPredicate.all())).isInstanceOf(ArithmeticException.class);
        assertThat(big.where(n.gt(0L)).count()).isEqualTo(2);
        assertThat(big.max(n, RecordPredicate.all())).contains(Long.MAX_VALUE);
    }
}
