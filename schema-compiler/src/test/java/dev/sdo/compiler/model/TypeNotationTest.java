package dev.sdo.compiler.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.model.FieldType.BoolType;
import dev.sdo.compiler.model.FieldType.BytesType;
import dev.sdo.compiler.model.FieldType.CharType;
import dev.sdo.compiler.model.FieldType.DateType;
import dev.sdo.compiler.model.FieldType.DecimalType;
import dev.sdo.compiler.model.FieldType.EnumRef;
import dev.sdo.compiler.model.FieldType.FloatType;
import dev.sdo.compiler.model.FieldType.IntegerType;
import dev.sdo.compiler.model.FieldType.ListType;
import dev.sdo.compiler.model.FieldType.RangeType;
import dev.sdo.compiler.model.FieldType.RecordRef;
import dev.sdo.compiler.model.FieldType.StringType;
import dev.sdo.compiler.model.FieldType.TimeType;
import dev.sdo.compiler.model.FieldType.TimestampType;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The type column of {@code sdoc layout}: each model type back in the notation of the schema-language spec. */
class TypeNotationTest {

    @Test
    void scalarTypes() {
        assertThat(TypeNotation.of(new BoolType(null))).isEqualTo("bool");
        assertThat(TypeNotation.of(new IntegerType(IntegerKind.UINT32, null))).isEqualTo("uint32");
        assertThat(TypeNotation.of(new IntegerType(IntegerKind.INT8, null))).isEqualTo("int8");
        assertThat(TypeNotation.of(new RangeType(-5, 1_000, null, null, null))).isEqualTo("int(-5..1000)");
        assertThat(TypeNotation.of(new FloatType(64, null))).isEqualTo("float64");
        assertThat(TypeNotation.of(new TimeType(null))).isEqualTo("time");
        assertThat(TypeNotation.of(new TimestampType(null))).isEqualTo("timestamp");
    }

    @Test
    void decimals() {
        assertThat(TypeNotation.of(new DecimalType(false, 12, 2, null, null, null))).isEqualTo("udecimal(12, 2)");
        assertThat(TypeNotation.of(new DecimalType(true, 15, 0, null, null, null))).isEqualTo("decimal(15, 0)");
    }

    @Test
    void datesShowTheirRangeOnlyWhenOneWasWritten() {
        assertThat(TypeNotation.of(new DateType(DateType.MIN, DateType.MAX, false, null, null, null)))
                .isEqualTo("date");
        assertThat(TypeNotation.of(new DateType(LocalDate.of(2000, 1, 1), LocalDate.of(2099, 12, 31), true,
                null, null, null))).isEqualTo("date(2000-01-01..2099-12-31)");
    }

    @Test
    void charsShowTheAlphabetAsWrittenWithEscapes() {
        assertThat(TypeNotation.of(new CharType(3, "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "A-Z", null, null, null)))
                .isEqualTo("char(3, \"A-Z\")");
        assertThat(TypeNotation.of(new CharType(8, CharType.PRINTABLE_ASCII, null, null, null, null)))
                .isEqualTo("char(8)");
        assertThat(TypeNotation.of(new CharType(1, "\"\\", "\"\\", null, null, null)))
                .isEqualTo("char(1, \"\\\"\\\\\")");
    }

    @Test
    void declaredTypesByTheirSimpleName() {
        assertThat(TypeNotation.of(new EnumRef(new QualifiedName("com.example", "Side"), null))).isEqualTo("Side");
        assertThat(TypeNotation.of(new RecordRef(new QualifiedName("com.example", "Leg"), null))).isEqualTo("Leg");
    }

    @Test
    void variableLengthTypes() {
        assertThat(TypeNotation.of(new StringType(null))).isEqualTo("string");
        assertThat(TypeNotation.of(new BytesType(null))).isEqualTo("bytes");
        assertThat(TypeNotation.of(new ListType(new ListType(new IntegerType(IntegerKind.INT16, null), null), null)))
                .isEqualTo("list<list<int16>>");
    }

    @Test
    void fieldsAddOptionalAndTheirJavaOverride() {
        FieldType range = new RangeType(1, 31, null, null, null);

        assertThat(TypeNotation.of(field(range, false, null))).isEqualTo("int(1..31)");
        assertThat(TypeNotation.of(field(range, false, JavaOverride.BIG_INTEGER)))
                .isEqualTo("int(1..31) as BigInteger");
        assertThat(TypeNotation.of(field(range, true, JavaOverride.LONG))).isEqualTo("int(1..31) optional as long");
    }

    private static Field field(FieldType type, boolean optional, JavaOverride override) {
        return new Field("f", type, optional, override, null, 1, List.of(), "", null);
    }
}
