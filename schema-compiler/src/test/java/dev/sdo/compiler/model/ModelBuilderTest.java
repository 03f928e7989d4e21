package dev.sdo.compiler.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.diagnostics.SourcePosition;
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
import dev.sdo.compiler.testing.FrontEnd;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Valid schemas through parse and model: the model holds exactly what the schema says. */
class ModelBuilderTest {

    private static SourcePosition at(int line, int column) {
        return new SourcePosition("test.sdo", line, column);
    }

    private static FieldType typeOf(String type) {
        Schema schema = FrontEnd.valid("package p;\nrecord R {\n    f: " + type + ";\n}\n");
        return schema.records().get(0).fields().get(0).type();
    }

    @Test
    void everyFixedWidthTypeWordMapsToItsModelType() {
        assertThat(typeOf("bool")).isEqualTo(new BoolType(at(3, 8)));
        for (IntegerKind kind : IntegerKind.values()) {
            assertThat(typeOf(kind.schemaName())).isEqualTo(new IntegerType(kind, at(3, 8)));
        }
        assertThat(typeOf("float32")).isEqualTo(new FloatType(32, at(3, 8)));
        assertThat(typeOf("float64")).isEqualTo(new FloatType(64, at(3, 8)));
        assertThat(typeOf("time")).isEqualTo(new TimeType(at(3, 8)));
        assertThat(typeOf("timestamp")).isEqualTo(new TimestampType(at(3, 8)));
        assertThat(typeOf("date")).isEqualTo(
                new DateType(LocalDate.of(1, 1, 1), LocalDate.of(9999, 12, 31), false, at(3, 8), at(3, 8), at(3, 8)));
    }

    @Test
    void integerRangesKeepTheirBoundsAndPositions() {
        assertThat(typeOf("int(1..31)")).isEqualTo(new RangeType(1, 31, at(3, 8), at(3, 12), at(3, 15)));
        assertThat(typeOf("int(-5..5)")).isEqualTo(new RangeType(-5, 5, at(3, 8), at(3, 12), at(3, 16)));
        assertThat(typeOf("int(1_000..2_000_000)"))
                .isEqualTo(new RangeType(1000, 2000000, at(3, 8), at(3, 12), at(3, 19)));
        assertThat(typeOf("int(-9223372036854775808..9223372036854775807)")).isEqualTo(new RangeType(
                Long.MIN_VALUE, Long.MAX_VALUE, at(3, 8), at(3, 12), at(3, 34)));
    }

    @Test
    void decimalsKeepPrecisionScaleAndSign() {
        assertThat(typeOf("decimal(15, 2)")).isEqualTo(new DecimalType(true, 15, 2, at(3, 8), at(3, 16), at(3, 20)));
        assertThat(typeOf("udecimal(12,2)")).isEqualTo(new DecimalType(false, 12, 2, at(3, 8), at(3, 17), at(3, 20)));
    }

    @Test
    void dateRangesAreBounded() {
        assertThat(typeOf("date(2000-01-01..2099-12-31)")).isEqualTo(new DateType(LocalDate.of(2000, 1, 1),
                LocalDate.of(2099, 12, 31), true, at(3, 8), at(3, 13), at(3, 25)));
    }

    @Test
    void charWithoutAlphabetUsesPrintableAscii() {
        CharType type = (CharType) typeOf("char(10)");
        assertThat(type.length()).isEqualTo(10);
        assertThat(type.alphabetSource()).isNull();
        assertThat(type.alphabet()).hasSize(95).startsWith(" !\"#").endsWith("|}~");
        assertThat(type.lengthPosition()).isEqualTo(at(3, 13));
    }

    @Test
    void alphabetRangesExpandInWrittenOrder() {
        CharType type = (CharType) typeOf("char(3, \"A-Z0-9\")");
        assertThat(type.alphabet()).isEqualTo("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
        assertThat(type.alphabet().indexOf('A')).isZero();
        assertThat(type.alphabet().indexOf('0')).isEqualTo(26);
        assertThat(type.alphabetSource()).isEqualTo("A-Z0-9");
        assertThat(type.alphabetPosition()).isEqualTo(at(3, 16));
    }

    @Test
    void aLeadingDashIsALiteralDash() {
        assertThat(((CharType) typeOf("char(1, \"-A-C\")")).alphabet()).isEqualTo("-ABC");
        assertThat(((CharType) typeOf("char(1, \"-\")")).alphabet()).isEqualTo("-");
        assertThat(((CharType) typeOf("char(1, \"a-cxyz\")")).alphabet()).isEqualTo("abcxyz");
    }

    @Test
    void alphabetStringEscapesAreResolved() {
        CharType type = (CharType) typeOf("char(1, \"\\\"\\\\ab\")");
        assertThat(type.alphabet()).isEqualTo("\"\\ab");
        assertThat(type.alphabetSource()).isEqualTo("\"\\ab");
    }

    @Test
    void namedTypesResolveToEnumsAndRecordsDeclaredLater() {
        Schema schema = FrontEnd.valid("""
                package com.example;
                record Outer { side: Side; inner: Inner; }
                record Inner { x: int8; }
                enum Side { Buy, Sell }
                """);
        List<Field> fields = schema.records().get(0).fields();
        assertThat(fields.get(0).type())
                .isEqualTo(new EnumRef(new QualifiedName("com.example", "Side"), at(2, 22)));
        assertThat(fields.get(1).type())
                .isEqualTo(new RecordRef(new QualifiedName("com.example", "Inner"), at(2, 35)));
        assertThat(schema.enums()).extracting(EnumType::name)
                .containsExactly(new QualifiedName("com.example", "Side"));
        assertThat(schema.enums().get(0).constants()).extracting(EnumType.EnumConstant::name)
                .containsExactly("Buy", "Sell");
        assertThat(schema.records()).extracting(r -> r.name().simpleName()).containsExactly("Outer", "Inner");
    }

    @Test
    void variableLengthTypesParseAndResolve() {
        FrontEnd.Result result = FrontEnd.run("""
                package p;
                enum E { A }
                record R { s: string; b: bytes; l: list<E>; }
                """);
        List<Field> fields = result.schema().records().get(0).fields();
        assertThat(fields.get(0).type()).isEqualTo(new StringType(at(3, 15)));
        assertThat(fields.get(1).type()).isEqualTo(new BytesType(at(3, 26)));
        assertThat(fields.get(2).type()).isEqualTo(
                new ListType(new EnumRef(new QualifiedName("p", "E"), at(3, 41)), at(3, 36)));
        assertThat(result.messages()).isEmpty();
    }

    @Test
    void typeWordsAndKeywordsOfTheSchemaLanguageCanNameFields() {
        Schema schema = FrontEnd.valid("""
                package p;
                record R {
                    date: date; time: time; timestamp: timestamp; record: int8; list: bool; string: int16;
                    bytes: uint8; optional: bool optional; as: int8 as long; decimal: decimal(3, 1);
                    bool: bool; uint8: uint8;
                }
                """);
        assertThat(schema.records().get(0).fields()).extracting(Field::name).containsExactly("date", "time",
                "timestamp", "record", "list", "string", "bytes", "optional", "as", "decimal", "bool", "uint8");
        assertThat(schema.records().get(0).fields().get(0).type()).isInstanceOf(DateType.class);
        Field optional = schema.records().get(0).fields().get(7);
        assertThat(optional.optional()).isTrue();
        assertThat(optional.type()).isInstanceOf(BoolType.class);
        Field as = schema.records().get(0).fields().get(8);
        assertThat(as.javaOverride()).isEqualTo(JavaOverride.LONG);
    }

    @Test
    void optionalAndAsClausesAreKept() {
        Schema schema = FrontEnd.valid("""
                package p;
                record R {
                    a: int32;
                    b: int32 optional;
                    c: int(1..31) as BigInteger;
                    d: uint32 optional as java.math.BigInteger;
                    e: int(0..1000) as long;
                    f: int16 as int;
                }
                """);
        List<Field> fields = schema.records().get(0).fields();
        assertThat(fields).extracting(Field::optional).containsExactly(false, true, false, true, false, false);
        assertThat(fields).extracting(Field::javaOverride).containsExactly(null, null, JavaOverride.BIG_INTEGER,
                JavaOverride.BIG_INTEGER, JavaOverride.LONG, JavaOverride.INT);
        assertThat(fields).extracting(Field::javaOverridePosition).containsExactly(null, null, at(5, 22),
                at(6, 27), at(7, 24), at(8, 17));
        assertThat(fields).extracting(Field::position).containsExactly(at(3, 5), at(4, 5), at(5, 5), at(6, 5),
                at(7, 5), at(8, 5));
    }

    @Test
    void docCommentsLandOnTheDeclarationsThatFollowThem() {
        Schema schema = FrontEnd.valid("""
                package p;

                /** The side. */
                enum Side {
                    /** Buying. */ Buy,
                    // not a doc comment
                    Sell,
                    /**
                     * Short selling,
                     *   over two lines.
                     */
                    Short
                }

                /* a block comment, not a doc comment */
                enum Plain { A }

                /** Ignored: another doc comment follows. */
                /**
                 * One trade.
                 *
                 * With a second paragraph.
                 */
                @csv(header = true)
                record Trade {
                    /** The id. */
                    id: uint32;
                    side: Side; /** The amount, after its comment-less neighbour. */ amount: udecimal(12, 2);
                }

                @xml(name = "late")
                /** Written after the annotation. */
                record Late { x: int8; }
                """);
        EnumType side = schema.enums().get(0);
        assertThat(side.doc()).isEqualTo("The side.");
        assertThat(side.constants()).extracting(EnumType.EnumConstant::doc)
                .containsExactly("Buying.", "", "Short selling,\n  over two lines.");
        assertThat(schema.enums().get(1).doc()).isEmpty();
        RecordType trade = schema.records().get(0);
        assertThat(trade.doc()).isEqualTo("One trade.\n\nWith a second paragraph.");
        assertThat(trade.fields()).extracting(Field::doc)
                .containsExactly("The id.", "", "The amount, after its comment-less neighbour.");
        assertThat(schema.records().get(1).doc()).isEqualTo("Written after the annotation.");
    }

    @Test
    void sinceSetsTheFieldsVersionAndDefaultsToOne() {
        RecordType record = FrontEnd.valid("""
                package p;
                record R { a: int8; b: int8 optional @since(2); c: bool @since(3) @csv(column = "C"); }
                """).records().get(0);
        assertThat(record.fields()).extracting(Field::since).containsExactly(1, 2, 3);
        assertThat(record.version()).isEqualTo(3);
        assertThat(record.fields().get(1).annotations()).containsExactly(
                new Annotation("since", Map.of("value", 2L), at(2, 39)));
    }

    @Test
    void annotationArgumentsKeepTheirTypesAndOrder() {
        RecordType record = FrontEnd.valid("""
                package p;
                @csv(header = true, delimiter = ";")
                @xml(name = "trade", namespace = "urn:x")
                record R {
                    d: date @csv(column = "Trade \\"Date\\"", format = "dd/MM/yyyy") @xml(attribute = false);
                    x: int8 @xml(name = "ex", namespace = "urn:y", attribute = true) @since(1_0);
                }
                """).records().get(0);
        assertThat(record.annotations()).extracting(Annotation::name, Annotation::position)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("csv", at(2, 2)),
                        org.assertj.core.groups.Tuple.tuple("xml", at(3, 2)));
        assertThat(record.annotations().get(0).arguments()).containsExactly(Map.entry("header", true),
                Map.entry("delimiter", ";"));
        assertThat(record.annotations().get(1).arguments()).containsExactly(Map.entry("name", "trade"),
                Map.entry("namespace", "urn:x"));
        Field d = record.fields().get(0);
        assertThat(d.annotations().get(0).arguments()).containsExactly(Map.entry("column", "Trade \"Date\""),
                Map.entry("format", "dd/MM/yyyy"));
        assertThat(d.annotations().get(1).arguments()).containsExactly(Map.entry("attribute", false));
        Field x = record.fields().get(1);
        assertThat(x.annotations().get(0).arguments()).containsExactly(Map.entry("name", "ex"),
                Map.entry("namespace", "urn:y"), Map.entry("attribute", true));
        assertThat(x.annotations().get(1).arguments()).containsExactly(Map.entry("value", 10L));
        assertThat(x.since()).isEqualTo(10);
    }

    @Test
    void windowsLineEndingsAndAByteOrderMarkDoNotShiftPositions() {
        FrontEnd.Result result = FrontEnd.run("\uFEFFpackage p;\r\n/**\r\n * Doc.\r\n */\r\nrecord R { x: Nope; }\r\n");

        assertThat(result.messages()).containsExactly("test.sdo:5:15: error: unknown type 'Nope'");
        assertThat(result.schema().records().get(0).doc()).isEqualTo("Doc.");
        assertThat(result.schema().records().get(0).position()).isEqualTo(at(5, 8));
    }

    @Test
    void enumsAllowATrailingComma() {
        EnumType e = FrontEnd.valid("package p;\nenum E { A, B, C, }\n").enums().get(0);
        assertThat(e.constants()).extracting(EnumType.EnumConstant::name, EnumType.EnumConstant::position)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("A", at(2, 10)),
                        org.assertj.core.groups.Tuple.tuple("B", at(2, 13)),
                        org.assertj.core.groups.Tuple.tuple("C", at(2, 16)));
        assertThat(e.position()).isEqualTo(at(2, 6));
    }
}
