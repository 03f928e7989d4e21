package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.query.BoolField;
import dev.sdo.runtime.query.CharsField;
import dev.sdo.runtime.query.DateField;
import dev.sdo.runtime.query.DecimalField;
import dev.sdo.runtime.query.EnumField;
import dev.sdo.runtime.query.FieldBits;
import dev.sdo.runtime.query.FloatField;
import dev.sdo.runtime.query.IntegerField;
import dev.sdo.runtime.query.LocalTimestampField;
import dev.sdo.runtime.query.TimeField;
import dev.sdo.runtime.query.TimestampField;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * Emits a record's field handles, {@code XFields}: one constant per fixed-width field of at most 64 bits
 * ({@code TradeFields.CURRENCY1}), typed by the field's Java type, that knows where the field's bits are and how its
 * values are stored. Predicates made from them ({@code CURRENCY1.eq("EUR")}) and a batch's queries read the stored
 * bits directly (docs/queries.md). Nested records, unions and variable-length fields have no handle.
 */
final class FieldsEmitter {
    private final RecordLayout layout;
    private final ClassName recordType;

    FieldsEmitter(RecordLayout layout) {
        this.layout = layout;
        this.recordType = GeneratedNames.type(layout.record().name());
    }

    /** Whether {@code layout}'s record has a field that a handle can query. */
    static boolean applies(RecordLayout layout) {
        return layout.fields().stream().anyMatch(field -> handle(field, ClassName.OBJECT).isPresent());
    }

    TypeSpec emit() {
        List<FieldSpec> constants = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (FieldLayout field : layout.fields()) {
            handle(field, recordType).ifPresent(handle -> {
                String name = GeneratedNames.constant(field.field().name());
                while (!names.add(name)) {
                    // Two schema names in constant style can meet (a_b and aB): the later one takes a suffix.
                    name = name + "_";
                }
                constants.add(FieldSpec.builder(handle.type(), name, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc(Docs.of(field.field().doc(), "The field {@code $L}.", field.field().name()))
                        .addJavadoc("\n<p>{@code $L}: $L at bit $L$L.\n", handle.description(),
                                field.width() == 1 ? "1 bit" : field.width() + " bits", field.offset(),
                                field.optional() ? ", present when bit " + field.presenceBit() + " is set" : "")
                        .initializer(handle.initializer())
                        .build());
            });
        }
        return TypeSpec.classBuilder(GeneratedNames.fields(layout.record().name()))
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("The fields of {@link $T} as query handles: predicates made from them\n"
                        + "({@code $L.eq(...)}, {@code lt}, {@code between}, {@code in}, combined with {@code and}, {@code or},\n"
                        + "{@code negate()}) and the batch's queries ({@code count}, {@code sum}, {@code where}) compare the records'\n"
                        + "stored bits, without making an object per record.\n", recordType, constants.get(0).name())
                .addFields(constants)
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .build();
    }

    /** A field's handle: its type, what it says of the field, and the expression that makes it. */
    private record Handle(TypeName type, String description, CodeBlock initializer) {}

    /** The handle of {@code field}, on records of {@code record}, or empty when the field has none. */
    private static Optional<Handle> handle(FieldLayout field, ClassName record) {
        Encoding encoding = field.encoding();
        if (!encoding.scalar() || encoding.bits() > Long.SIZE) {
            return Optional.empty();
        }
        CodeBlock bits = field.optional()
                ? CodeBlock.of("$T.optional($S, $L, $L, $L)", FieldBits.class, field.field().name(),
                        Constants.longLiteral(field.offset()), encoding.bits(), Constants.longLiteral(field.presenceBit()))
                : CodeBlock.of("$T.required($S, $L, $L)", FieldBits.class, field.field().name(),
                        Constants.longLiteral(field.offset()), encoding.bits());
        return Optional.ofNullable(encoding.accept(new Encoding.Visitor<Handle>() {
            @Override
            public Handle bool(Encoding.Bool encoding) {
                return made(BoolField.class, "bool", "of", bits);
            }

            @Override
            public Handle integer(Encoding.Int encoding) {
                return made(IntegerField.class, encoding.kind().schemaName(),
                        encoding.kind().signed() ? "signed" : encoding.kind().unsigned64() ? "unsigned64" : "unsigned",
                        bits);
            }

            @Override
            public Handle range(Encoding.Range encoding) {
                return made(IntegerField.class, "int(" + encoding.lo() + ".." + encoding.hi() + ")",
                        "range", CodeBlock.of("$L, $L, $L", bits, Constants.longLiteral(encoding.lo()),
                                Constants.longLiteral(encoding.hi())));
            }

            @Override
            public Handle floating(Encoding.Floating encoding) {
                return made(FloatField.class, "float" + encoding.bits(), "of", bits);
            }

            @Override
            public Handle decimal(Encoding.Decimal encoding) {
                return made(DecimalField.class, (encoding.signed() ? "" : "u") + "decimal("
                                + encoding.precision() + ", " + encoding.scale() + ")",
                        "of", CodeBlock.of("$L, $L, $L, $L", bits, encoding.precision(), encoding.scale(),
                                encoding.signed()));
            }

            @Override
            public Handle date(Encoding.Date encoding) {
                return made(DateField.class, "date(" + encoding.lo() + ".." + encoding.hi() + ")",
                        "of", CodeBlock.of("$L, $L, $L", bits, date(encoding.lo()), date(encoding.hi())));
            }

            @Override
            public Handle time(Encoding.Time encoding) {
                if (encoding.millis()) {
                    return made(TimeField.class, "time", "of", bits);
                }
                return made(TimeField.class, "time(" + encoding.precision().symbol() + ")", "of",
                        CodeBlock.of("$L, $T.$L", bits, JavaTypes.TIME_PRECISION, encoding.precision().name()));
            }

            @Override
            public Handle timestamp(Encoding.Timestamp encoding) {
                if (encoding.plain()) {
                    return made(TimestampField.class, "timestamp", "of", bits);
                }
                return made(encoding.local() ? LocalTimestampField.class : TimestampField.class,
                        (encoding.local() ? "localtimestamp(" : "timestamp(") + encoding.precision().symbol() + ")",
                        "of",
                        CodeBlock.of("$L, $T.$L, $L, $L", bits, JavaTypes.TIME_PRECISION, encoding.precision().name(),
                                count(encoding.lo()), count(encoding.hi())));
            }

            private CodeBlock count(long count) {
                return count == Long.MIN_VALUE ? CodeBlock.of("$T.MIN_VALUE", Long.class)
                        : count == Long.MAX_VALUE ? CodeBlock.of("$T.MAX_VALUE", Long.class)
                        : CodeBlock.of("$L", Constants.longLiteral(count));
            }

            @Override
            public Handle chars(Encoding.Chars encoding) {
                return made(CharsField.class, "char(" + encoding.length() + ")",
                        "of", CodeBlock.of("$L, $S, $L", bits, encoding.alphabet(), encoding.length()));
            }

            @Override
            public Handle enumeration(Encoding.Enumeration encoding) {
                ClassName type = GeneratedNames.type(encoding.name());
                return new Handle(ParameterizedTypeName.get(ClassName.get(EnumField.class), record, type),
                        encoding.name().simpleName(), initializer(EnumField.class, CodeBlock.of("$T, $T", record, type),
                                "of", CodeBlock.of("$L, $T.class", bits, type)));
            }

            @Override
            public Handle record(Encoding.Nested encoding) {
                return null;
            }

            @Override
            public Handle string(Encoding.Text encoding) {
                return null;
            }

            @Override
            public Handle bytes(Encoding.Blob encoding) {
                return null;
            }

            @Override
            public Handle list(Encoding.ListOf encoding) {
                return null;
            }

            @Override
            public Handle union(Encoding.Union encoding) {
                return null;
            }

            @Override
            public Handle bigDecimal(Encoding.AnyDecimal encoding) {
                return null;
            }

            @Override
            public Handle bigInteger(Encoding.AnyInteger encoding) {
                return null;
            }

            private CodeBlock date(LocalDate date) {
                return CodeBlock.of("$T.of($L, $L, $L)", JavaTypes.LOCAL_DATE, date.getYear(), date.getMonthValue(),
                        date.getDayOfMonth());
            }

            private Handle made(Class<?> handleClass, String description, String factory, CodeBlock arguments) {
                return new Handle(ParameterizedTypeName.get(ClassName.get(handleClass), record), description,
                        initializer(handleClass, CodeBlock.of("$T", record), factory, arguments));
            }

            /**
             * {@code Handle.factory(arguments)}, then {@code .withDefault(value)} for a field with a default, which
             * needs the type arguments spelt out: javac infers none for the receiver of a chained call.
             */
            private CodeBlock initializer(Class<?> handleClass, CodeBlock typeArguments, String factory,
                    CodeBlock arguments) {
                Object value = field.defaultValue();
                if (value == null) {
                    return CodeBlock.of("$T.$L($L)", handleClass, factory, arguments);
                }
                CodeBlock literal = value instanceof Long number ? CodeBlock.of("$L", Constants.longLiteral(number))
                        : DefaultCode.value(field);
                return CodeBlock.of("$T.<$L>$L($L).withDefault($L)", handleClass, typeArguments, factory, arguments,
                        literal);
            }
        }));
    }
}
