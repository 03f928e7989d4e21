package dev.sdo.examples.fpml;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.fpml.sdo.AdjustableDateBean;
import org.fpml.sdo.BusinessCenter;
import org.fpml.sdo.BusinessCenterBean;
import org.fpml.sdo.BusinessCentersBean;
import org.fpml.sdo.BusinessCentersOrReferenceBean;
import org.fpml.sdo.BusinessDayAdjustments;
import org.fpml.sdo.BusinessDayAdjustmentsBean;
import org.fpml.sdo.BusinessDayConventionEnum;
import org.fpml.sdo.CalculationBean;
import org.fpml.sdo.CalculationPeriodAmountBean;
import org.fpml.sdo.CalculationPeriodDatesBean;
import org.fpml.sdo.CalculationPeriodFrequencyBean;
import org.fpml.sdo.CurrencyBean;
import org.fpml.sdo.DateReferenceBean;
import org.fpml.sdo.DayCountFractionBean;
import org.fpml.sdo.DayTypeEnum;
import org.fpml.sdo.FloatingRateCalculationBean;
import org.fpml.sdo.FloatingRateIndexBean;
import org.fpml.sdo.InterestRateStream;
import org.fpml.sdo.InterestRateStreamBean;
import org.fpml.sdo.NotionalScheduleBean;
import org.fpml.sdo.NotionalStepScheduleBean;
import org.fpml.sdo.Party;
import org.fpml.sdo.PartyBean;
import org.fpml.sdo.PartyIdBean;
import org.fpml.sdo.PartyReferenceBean;
import org.fpml.sdo.PartyTradeIdentifier;
import org.fpml.sdo.PartyTradeIdentifierBean;
import org.fpml.sdo.PayRelativeToEnum;
import org.fpml.sdo.PaymentDatesBean;
import org.fpml.sdo.PeriodBean;
import org.fpml.sdo.PeriodEnum;
import org.fpml.sdo.ProductBean;
import org.fpml.sdo.RelativeDateOffsetBean;
import org.fpml.sdo.ResetDatesBean;
import org.fpml.sdo.ResetFrequencyBean;
import org.fpml.sdo.ResetRelativeToEnum;
import org.fpml.sdo.ScheduleBean;
import org.fpml.sdo.SwapBean;
import org.fpml.sdo.TradeBean;
import org.fpml.sdo.TradeHeaderBean;
import org.fpml.sdo.TradeIdBean;

/**
 * Realistic FpML interest rate swaps, the same for the same seed: vanilla fixed-for-floating swaps and (one in
 * eight) floating-for-floating basis swaps between two of a dozen dealers, in five currencies with their own
 * indexes, business centres and day counts, of 1 to 30 years, 1 to 500 million notional.
 *
 * <p>{@link #write(int, OutputStream)} writes them as one FpML {@code dataDocument} ({@link FpmlDocument}).
 */
public final class FpmlTradeGenerator {
    /** The dealers: names and their legal entity identifiers (made up, in the LEI format of 20 characters). */
    private static final String[][] DEALERS = {
        {"Northbridge Bank plc", "2138NB8X4V0Q5T7KZL21"},
        {"Banque Lemaire SA", "969500BL3M4RQ0E2PW17"},
        {"Hanseatic Kreditbank AG", "529900HK7Z1SX5RT2N44"},
        {"Pacific Crown Securities", "353800PC9QW2L6F0HJ83"},
        {"Kestrel Capital Markets LLC", "549300KC5D7MT2YVX106"},
        {"Alpenrand Bank AG", "506700AB1N8CE4QW7G52"},
        {"Sakura Trust Bank Ltd", "353800ST2K5HJ9R1DB68"},
        {"Meridian Global Bank NA", "549300MG8P3ZL0W6QF95"},
        {"Banco Atlantico SA", "959800BA6T2VN8KM4S30"},
        {"Nordvik Finans ASA", "5967007NF4LX9QK2R8E1"},
        {"Thames & Hudson Securities", "2138THS7Q2W9E4R6T8Y0"},
        {"Corvina Investment Bank", "815600CI3R7B1X5M9K47"},
    };

    /** What a currency's swaps use: floating index, business centres, day counts, fixed and floating frequencies. */
    private record Market(String currency, String index, List<String> centers, String fixedDayCount,
            String floatDayCount, int fixedMonths, int floatMonths) {}

    private static final Market[] MARKETS = {
        new Market("EUR", "EUR-EURIBOR-Telerate", List.of("EUTA"), "30E/360", "ACT/360", 12, 6),
        new Market("USD", "USD-SOFR-COMPOUND", List.of("USNY", "GBLO"), "30/360", "ACT/360", 6, 3),
        new Market("GBP", "GBP-SONIA-COMPOUND", List.of("GBLO"), "ACT/365.FIXED", "ACT/365.FIXED", 12, 6),
        new Market("JPY", "JPY-TONA-OIS-COMPOUND", List.of("JPTO", "GBLO"), "ACT/365.FIXED", "ACT/365.FIXED", 6, 6),
        new Market("CHF", "CHF-SARON-OIS-COMPOUND", List.of("CHZU"), "30/360", "ACT/360", 12, 3),
    };
    /** How often each market is picked: EUR and USD most. */
    private static final int[] MARKET_WEIGHTS = {35, 35, 15, 8, 7};
    private static final int[] TENOR_YEARS = {1, 2, 3, 5, 7, 10, 15, 20, 30};
    private static final LocalDate FIRST_TRADE_DATE = LocalDate.of(2015, 1, 1);
    private static final int TRADE_DATE_DAYS = 11 * 365;
    /** Spot: the swap starts two days after the trade. */
    private static final int SPOT_DAYS = 2;
    private static final int BASIS_SWAP_ONE_IN = 8;
    private static final int SPREAD_PERCENT = 30;
    /**
     * The coding scheme FpML's published examples give their party ids; the schemes of currencies, floating rate
     * indices, business centres and day counts are left at the schema's defaults, as the published examples mostly
     * leave them.
     */
    private static final String PARTY_ID_SCHEME = "http://www.fpml.org/coding-scheme/external";

    private final SplittableRandom random;
    private final List<PartyBean> parties = new ArrayList<>();
    private int trades;

    public FpmlTradeGenerator(long seed) {
        this.random = new SplittableRandom(seed);
        for (int i = 0; i < DEALERS.length; i++) {
            PartyBean party = new PartyBean();
            party.setId("party" + (i + 1));
            party.setPartyName(DEALERS[i][0]);
            PartyIdBean partyId = new PartyIdBean();
            partyId.setPartyIdScheme(PARTY_ID_SCHEME);
            partyId.setValue(DEALERS[i][1]);
            party.setPartyId(partyId);
            parties.add(party);
        }
    }

    /** The dealers every trade is between, the {@code <party>} elements of the document. */
    public List<PartyBean> parties() {
        return List.copyOf(parties);
    }

    /** The next {@code count} trades. */
    public List<TradeBean> trades(int count) {
        List<TradeBean> list = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            list.add(next());
        }
        return list;
    }

    /** The next trade. */
    public TradeBean next() {
        int number = ++trades;
        String prefix = "trade" + number;
        int payer = random.nextInt(parties.size());
        int receiver = (payer + 1 + random.nextInt(parties.size() - 1)) % parties.size();
        PartyBean payerOfFixed = parties.get(payer);
        PartyBean receiverOfFixed = parties.get(receiver);
        Market market = market();
        LocalDate tradeDate = businessDay(FIRST_TRADE_DATE.plusDays(random.nextInt(TRADE_DATE_DAYS)));
        LocalDate effective = tradeDate.plusDays(SPOT_DAYS);
        LocalDate termination = effective.plusYears(TENOR_YEARS[random.nextInt(TENOR_YEARS.length)]);
        BigDecimal notional = BigDecimal.valueOf(1 + random.nextInt(500)).multiply(BigDecimal.valueOf(1_000_000))
                .setScale(2);

        TradeHeaderBean header = new TradeHeaderBean();
        header.setPartyTradeIdentifier(List.<PartyTradeIdentifier>of(
                tradeIdentifier(payerOfFixed, "IRS" + String.format("%07d", number)),
                tradeIdentifier(receiverOfFixed, String.format("%s-%06d", market.currency(), random.nextInt(1_000_000)))));
        header.setTradeDate(tradeDate);

        boolean basis = random.nextInt(BASIS_SWAP_ONE_IN) == 0;
        Terms terms = new Terms(market, effective, termination, notional);
        InterestRateStreamBean first = basis
                ? floating(prefix + "-leg1", payerOfFixed, receiverOfFixed, terms, market.floatMonths(), false)
                : fixed(prefix + "-fixedLeg", payerOfFixed, receiverOfFixed, terms);
        InterestRateStreamBean second = basis
                // The other leg of a basis swap pays a shorter tenor and the spread.
                ? floating(prefix + "-leg2", receiverOfFixed, payerOfFixed, terms, shorter(market.floatMonths()), true)
                : floating(prefix + "-floatingLeg", receiverOfFixed, payerOfFixed, terms, market.floatMonths(),
                        random.nextInt(100) < SPREAD_PERCENT);
        SwapBean swap = new SwapBean();
        swap.setProductType(List.of());
        swap.setProductId(List.of());
        swap.setSwapStream(List.<InterestRateStream>of(first, second));
        ProductBean product = new ProductBean();
        product.setSwap(swap);

        TradeBean trade = new TradeBean();
        trade.setTradeHeader(header);
        trade.setProduct(product);
        return trade;
    }

    /** What both streams of a swap share. */
    private record Terms(Market market, LocalDate effective, LocalDate termination, BigDecimal notional) {}

    private Market market() {
        int pick = random.nextInt(100);
        for (int i = 0; i < MARKETS.length; i++) {
            pick -= MARKET_WEIGHTS[i];
            if (pick < 0) {
                return MARKETS[i];
            }
        }
        throw new AssertionError("the weights add up to 100");
    }

    private static int shorter(int months) {
        return months > 1 ? months / 2 : 1;
    }

    /** The date, or the Monday after it when it falls on a weekend. */
    private static LocalDate businessDay(LocalDate date) {
        DayOfWeek day = date.getDayOfWeek();
        return day == DayOfWeek.SATURDAY ? date.plusDays(2) : day == DayOfWeek.SUNDAY ? date.plusDays(1) : date;
    }

    private static PartyTradeIdentifierBean tradeIdentifier(Party party, String tradeId) {
        PartyTradeIdentifierBean identifier = new PartyTradeIdentifierBean();
        identifier.setPartyReference(partyReference(party));
        TradeIdBean id = new TradeIdBean();
        id.setTradeIdScheme("http://www." + party.getPartyName().toLowerCase(java.util.Locale.ROOT)
                .replaceAll("[^a-z0-9]+", "") + ".com/swaps/trade-id");
        id.setValue(tradeId);
        identifier.setTradeId(id);
        return identifier;
    }

    private static PartyReferenceBean partyReference(Party party) {
        PartyReferenceBean reference = new PartyReferenceBean();
        reference.setHref(party.getId());
        return reference;
    }

    private static DateReferenceBean dateReference(String id) {
        DateReferenceBean reference = new DateReferenceBean();
        reference.setHref(id);
        return reference;
    }

    private InterestRateStreamBean fixed(String id, Party payer, Party receiver, Terms terms) {
        ScheduleBean rate = new ScheduleBean();
        rate.setStep(List.of());
        // 0.50 % to 6.00 %, to a thousandth of a percent.
        rate.setInitialValue(BigDecimal.valueOf(500 + random.nextInt(5501), 5).setScale(8));
        CalculationBean calculation = calculation(terms, terms.market().fixedDayCount());
        calculation.setFixedRateSchedule(rate);
        return stream(id, payer, receiver, terms, terms.market().fixedMonths(), calculation);
    }

    private InterestRateStreamBean floating(String id, Party payer, Party receiver, Terms terms, int months,
            boolean spread) {
        FloatingRateCalculationBean rate = new FloatingRateCalculationBean();
        FloatingRateIndexBean index = new FloatingRateIndexBean();
        index.setValue(terms.market().index());
        rate.setFloatingRateIndex(index);
        rate.setIndexTenor(period(months));
        // A swap's floating rate has no cap or floor.
        rate.setCapRateSchedule(List.of());
        rate.setFloorRateSchedule(List.of());
        if (spread) {
            ScheduleBean schedule = new ScheduleBean();
            schedule.setStep(List.of());
            // -0.50 % to +1.50 %, in basis points.
            schedule.setInitialValue(BigDecimal.valueOf(random.nextInt(-50, 151), 4).setScale(8));
            rate.setSpreadSchedule(schedule);
        }
        CalculationBean calculation = calculation(terms, terms.market().floatDayCount());
        calculation.setFloatingRateCalculation(rate);
        InterestRateStreamBean stream = stream(id, payer, receiver, terms, months, calculation);
        stream.setResetDates(resetDates(id + "-resetDates", id + "-calculationPeriodDates", terms, months));
        return stream;
    }

    private static CalculationBean calculation(Terms terms, String dayCount) {
        NotionalStepScheduleBean step = new NotionalStepScheduleBean();
        step.setInitialValue(terms.notional());
        CurrencyBean currency = new CurrencyBean();
        currency.setValue(terms.market().currency());
        step.setCurrency(currency);
        NotionalScheduleBean notional = new NotionalScheduleBean();
        notional.setNotionalStepSchedule(step);
        CalculationBean calculation = new CalculationBean();
        calculation.setNotionalSchedule(notional);
        DayCountFractionBean dayCountFraction = new DayCountFractionBean();
        dayCountFraction.setValue(dayCount);
        calculation.setDayCountFraction(dayCountFraction);
        return calculation;
    }

    private static InterestRateStreamBean stream(String id, Party payer, Party receiver, Terms terms, int months,
            CalculationBean calculation) {
        String datesId = id + "-calculationPeriodDates";
        List<String> centers = terms.market().centers();
        CalculationPeriodDatesBean dates = new CalculationPeriodDatesBean();
        dates.setId(datesId);
        dates.setEffectiveDate(adjustableDate(terms.effective(), adjustments(BusinessDayConventionEnum.NONE, List.of())));
        dates.setTerminationDate(adjustableDate(terms.termination(), modifiedFollowing(centers)));
        dates.setCalculationPeriodDatesAdjustments(modifiedFollowing(centers));
        CalculationPeriodFrequencyBean frequency = new CalculationPeriodFrequencyBean();
        PeriodBean period = period(months);
        frequency.setPeriodMultiplier(period.getPeriodMultiplier());
        frequency.setPeriod(period.getPeriod());
        LocalDate effective = terms.effective();
        frequency.setRollConvention(effective.getDayOfMonth() >= 30 || effective.getDayOfMonth() == effective.lengthOfMonth()
                ? "EOM" : String.valueOf(effective.getDayOfMonth()));
        dates.setCalculationPeriodFrequency(frequency);

        PaymentDatesBean payments = new PaymentDatesBean();
        payments.setCalculationPeriodDatesReference(dateReference(datesId));
        payments.setPaymentFrequency(period(months));
        payments.setPayRelativeTo(PayRelativeToEnum.CalculationPeriodEndDate);
        payments.setPaymentDatesAdjustments(modifiedFollowing(centers));

        CalculationPeriodAmountBean amount = new CalculationPeriodAmountBean();
        amount.setCalculation(calculation);

        InterestRateStreamBean stream = new InterestRateStreamBean();
        stream.setId(id);
        stream.setPayerPartyReference(partyReference(payer));
        stream.setReceiverPartyReference(partyReference(receiver));
        stream.setCalculationPeriodDates(dates);
        stream.setPaymentDates(payments);
        stream.setCalculationPeriodAmount(amount);
        return stream;
    }

    private static ResetDatesBean resetDates(String id, String datesId, Terms terms, int months) {
        List<String> centers = terms.market().centers();
        RelativeDateOffsetBean fixing = new RelativeDateOffsetBean();
        // Sterling fixes on the day; the others two business days before.
        fixing.setPeriodMultiplier(BigInteger.valueOf(terms.market().currency().equals("GBP") ? 0 : -2));
        fixing.setPeriod(PeriodEnum.D);
        fixing.setDayType(DayTypeEnum.Business);
        fixing.setBusinessDayConvention(BusinessDayConventionEnum.NONE);
        fixing.setBusinessCenters(businessCenters(centers));
        fixing.setDateRelativeTo(dateReference(id));
        ResetFrequencyBean frequency = new ResetFrequencyBean();
        frequency.setPeriodMultiplier(BigInteger.valueOf(months));
        frequency.setPeriod(PeriodEnum.M);
        ResetDatesBean reset = new ResetDatesBean();
        reset.setId(id);
        reset.setCalculationPeriodDatesReference(dateReference(datesId));
        reset.setResetRelativeTo(ResetRelativeToEnum.CalculationPeriodStartDate);
        reset.setFixingDates(fixing);
        reset.setResetFrequency(frequency);
        reset.setResetDatesAdjustments(modifiedFollowing(centers));
        return reset;
    }

    /** Months as FpML writes them: 12 months is one year. */
    private static PeriodBean period(int months) {
        PeriodBean period = new PeriodBean();
        period.setPeriodMultiplier(BigInteger.valueOf(months == 12 ? 1 : months));
        period.setPeriod(months == 12 ? PeriodEnum.Y : PeriodEnum.M);
        return period;
    }

    private static AdjustableDateBean adjustableDate(LocalDate date, BusinessDayAdjustments adjustments) {
        AdjustableDateBean adjustable = new AdjustableDateBean();
        adjustable.setUnadjustedDate(date);
        adjustable.setDateAdjustments(adjustments);
        return adjustable;
    }

    private static BusinessDayAdjustmentsBean modifiedFollowing(List<String> centers) {
        return adjustments(BusinessDayConventionEnum.MODFOLLOWING, centers);
    }

    /** The convention, with the business centres unless there are none (the convention NONE needs none). */
    private static BusinessDayAdjustmentsBean adjustments(BusinessDayConventionEnum convention, List<String> centers) {
        BusinessDayAdjustmentsBean adjustments = new BusinessDayAdjustmentsBean();
        adjustments.setBusinessDayConvention(convention);
        if (!centers.isEmpty()) {
            adjustments.setBusinessCenters(businessCenters(centers));
        }
        return adjustments;
    }

    private static BusinessCentersOrReferenceBean businessCenters(List<String> centers) {
        List<BusinessCenter> codes = new ArrayList<>(centers.size());
        for (String code : centers) {
            BusinessCenterBean center = new BusinessCenterBean();
            center.setValue(code);
            codes.add(center);
        }
        BusinessCentersBean businessCenters = new BusinessCentersBean();
        businessCenters.setBusinessCenter(codes);
        BusinessCentersOrReferenceBean centersOrReference = new BusinessCentersOrReferenceBean();
        centersOrReference.setBusinessCenters(businessCenters);
        return centersOrReference;
    }

    /**
     * Writes the next {@code count} trades as an FpML {@code dataDocument}, one at a time (a document of a million
     * trades needs no more memory than one), then the parties.
     */
    public void write(int count, OutputStream out) throws IOException {
        FpmlDocument.write(Stream.generate(this::next).limit(count).iterator(), parties, out);
    }
}
