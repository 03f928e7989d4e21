package dev.sdo.compiler.check;

import dev.sdo.compiler.diagnostics.Diagnostic;
import dev.sdo.compiler.model.Alphabets;
import dev.sdo.compiler.model.FieldType;
import dev.sdo.compiler.model.FieldType.CharType;
import dev.sdo.compiler.model.FieldType.DateType;
import dev.sdo.compiler.model.FieldType.DecimalType;
import dev.sdo.compiler.model.FieldType.RangeType;
import dev.sdo.compiler.model.Limits;
import dev.sdo.compiler.model.TimestampRanges;
import java.util.ArrayList;
import java.util.List;

/** The limits on a type's arguments (spec section 2): lo &lt; hi, 1 &lt;= p &lt;= 18, 0 &lt;= s &lt;= p, char lengths and alphabets. */
final class TypeArguments {
    private TypeArguments() {}

    /** What is wrong with the type's own arguments (not those of a list's element), in reading order. */
    static List<Diagnostic> problems(FieldType type) {
        List<Diagnostic> problems = new ArrayList<>();
        if (type instanceof RangeType range && range.lo() >= range.hi()) {
            problems.add(new Diagnostic(range.hiPosition(), "upper bound " + range.hi()
                    + " must be greater than lower bound " + range.lo()));
        } else if (type instanceof DateType date && date.bounded() && !date.lo().isBefore(date.hi())) {
            problems.add(new Diagnostic(date.hiPosition(), "end date " + date.hi() + " must be after start date "
                    + date.lo()));
        } else if (type instanceof FieldType.TimestampType timestamp && timestamp.bounded()) {
            if (timestamp.lo().isAfter(timestamp.hi())) {
                problems.add(new Diagnostic(timestamp.hiPosition(), "end date " + timestamp.hi()
                        + " must not be before start date " + timestamp.lo()));
            } else if (TimestampRanges.counts(timestamp) == null) {
                problems.add(new Diagnostic(timestamp.loPosition(), "the range " + timestamp.lo() + ".."
                        + timestamp.hi() + " does not fit 64-bit " + timestamp.precision().noun() + "s since "
                        + "1970-01-01; allowed: " + TimestampRanges.widest(timestamp.precision())));
            }
        } else if (type instanceof DecimalType decimal) {
            if (decimal.precision() < 1 || decimal.precision() > Limits.MAX_PRECISION) {
                problems.add(new Diagnostic(decimal.precisionPosition(),
                        Limits.precisionOutOfRange(decimal.precision())));
            }
            if (decimal.scale() < 0 || decimal.scale() > decimal.precision()) {
                problems.add(new Diagnostic(decimal.scalePosition(),
                        Limits.scaleOutOfRange(decimal.scale(), decimal.precision())));
            }
        } else if (type instanceof CharType chars) {
            if (chars.length() < 1 || chars.length() > Limits.MAX_CHAR_LENGTH) {
                problems.add(new Diagnostic(chars.lengthPosition(), Limits.charLengthOutOfRange(chars.length())));
            }
            if (chars.alphabetSource() != null) {
                for (String problem : Alphabets.problems(chars.alphabetSource())) {
                    problems.add(new Diagnostic(chars.alphabetPosition(), problem));
                }
            }
        }
        return problems;
    }
}
