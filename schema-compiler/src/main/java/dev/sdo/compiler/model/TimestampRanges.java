package dev.sdo.compiler.model;

import dev.sdo.runtime.TimePrecision;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * The counts of units a {@code timestamp(unit, lo..hi)} stores: from the first unit of day {@code lo} to the last of
 * day {@code hi}, both in UTC (a {@code localtimestamp}'s days are local, counted alike).
 */
public final class TimestampRanges {
    private TimestampRanges() {}

    /** {@code {first, last}} count of the type's range, or null when they do not fit a {@code long}. */
    public static long[] counts(FieldType.TimestampType type) {
        return counts(type.precision(), type.lo(), type.hi());
    }

    /** {@code {first, last}} count of the days {@code lo..hi} in {@code precision}, or null beyond a {@code long}. */
    public static long[] counts(TimePrecision precision, LocalDate lo, LocalDate hi) {
        try {
            long first = Math.multiplyExact(lo.atStartOfDay().toEpochSecond(ZoneOffset.UTC), precision.perSecond());
            long last = Math.addExact(Math.multiplyExact(hi.plusDays(1).atStartOfDay().toEpochSecond(ZoneOffset.UTC),
                    precision.perSecond()), -1);
            return new long[] {first, last};
        } catch (ArithmeticException tooFar) {
            return null;
        }
    }

    /** The widest range of whole days a unit's 64-bit count holds, as the schema writes it. */
    public static String widest(TimePrecision precision) {
        LocalDate first = precision.localDateTime(Long.MIN_VALUE).toLocalDate().plusDays(1);
        LocalDate last = precision.localDateTime(Long.MAX_VALUE).toLocalDate().minusDays(1);
        LocalDate min = first.isBefore(FieldType.DateType.MIN) ? FieldType.DateType.MIN : first;
        LocalDate max = last.isAfter(FieldType.DateType.MAX) ? FieldType.DateType.MAX : last;
        return min + ".." + max;
    }
}
