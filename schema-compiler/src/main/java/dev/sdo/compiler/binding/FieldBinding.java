package dev.sdo.compiler.binding;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.runtime.Alphabet;
import dev.sdo.runtime.TimePrecision;
import dev.sdo.runtime.text.BoolField;
import dev.sdo.runtime.text.CharField;
import dev.sdo.runtime.text.DateField;
import dev.sdo.runtime.text.DatePattern;
import dev.sdo.runtime.text.DecimalField;
import dev.sdo.runtime.text.EnumField;
import dev.sdo.runtime.text.FloatField;
import dev.sdo.runtime.text.IntegerField;
import dev.sdo.runtime.text.TextField;
import dev.sdo.runtime.text.TimeField;
import dev.sdo.runtime.text.TimestampField;
import dev.sdo.runtime.text.Unsigned64Field;
import java.time.LocalDate;
import java.util.List;

/**
 * How one field is read and written as text: the runtime {@link TextField} with its constants (label, offsets,
 * widths, ranges, patterns). The same description gives the runtime object, for {@code sdoc convert}, and the
 * Java expression that builds it, for generated bindings, so that both parse and format alike.
 */
public sealed interface FieldBinding {

    /** The runtime field. */
    TextField create();

    /** A Java expression that creates the same runtime field. */
    CodeBlock code();

    /** Where every binding starts: the field's label, presence bit (-1 when required) and value offset. */
    record Place(String label, long presenceBit, long offset) {}

    record Bool(Place at) implements FieldBinding {
        public TextField create() {
            return new BoolField(at.label(), at.presenceBit(), at.offset());
        }

        public CodeBlock code() {
            return CodeBlock.of("new $T($S, $LL, $LL)", BoolField.class, at.label(), at.presenceBit(), at.offset());
        }
    }

    record Int(Place at, int width, long min, long max, long bias) implements FieldBinding {
        public TextField create() {
            return new IntegerField(at.label(), at.presenceBit(), at.offset(), width, min, max, bias);
        }

        public CodeBlock code() {
            return CodeBlock.of("new $T($S, $LL, $LL, $L, $L, $L, $L)", IntegerField.class, at.label(),
                    at.presenceBit(), at.offset(), width, longLiteral(min), longLiteral(max), longLiteral(bias));
        }
    }

    record Unsigned64(Place at) implements FieldBinding {
        public TextField create() {
            return new Unsigned64Field(at.label(), at.presenceBit(), at.offset());
        }

        public CodeBlock code() {
            return CodeBlock.of("new $T($S, $LL, $LL)", Unsigned64Field.class, at.label(), at.presenceBit(),
                    at.offset());
        }
    }

    record Floating(Place at, int bits) implements FieldBinding {
        public TextField create() {
            return new FloatField(at.label(), at.presenceBit(), at.offset(), bits);
        }

        public CodeBlock code() {
            return CodeBlock.of("new $T($S, $LL, $LL, $L)", FloatField.class, at.label(), at.presenceBit(),
                    at.offset(), bits);
        }
    }

    record Decimal(Place at, int width, int precision, int scale, boolean signed) implements FieldBinding {
        public TextField create() {
            return new DecimalField(at.label(), at.presenceBit(), at.offset(), width, precision, scale, signed);
        }

        public CodeBlock code() {
            return CodeBlock.of("new $T($S, $LL, $LL, $L, $L, $L, $L)", DecimalField.class, at.label(),
                    at.presenceBit(), at.offset(), width, precision, scale, signed);
        }
    }

    /** @param pattern a {@code java.time} pattern; the binding's default is ISO {@code uuuu-MM-dd} */
    record Date(Place at, int width, LocalDate lo, LocalDate hi, String pattern) implements FieldBinding {
        public TextField create() {
            return new DateField(at.label(), at.presenceBit(), at.offset(), width, lo, hi, new DatePattern(pattern));
        }

        public CodeBlock code() {
            return CodeBlock.of("new $T($S, $LL, $LL, $L, $T.of($L, $L, $L), $T.of($L, $L, $L), new $T($S))",
                    DateField.class, at.label(), at.presenceBit(), at.offset(), width,
                    LocalDate.class, lo.getYear(), lo.getMonthValue(), lo.getDayOfMonth(),
                    LocalDate.class, hi.getYear(), hi.getMonthValue(), hi.getDayOfMonth(),
                    DatePattern.class, pattern);
        }
    }

    /** @param pattern a {@code java.time} pattern, or null for ISO */
    record Time(Place at, String pattern, TimePrecision precision) implements FieldBinding {
        public TextField create() {
            return new TimeField(at.label(), at.presenceBit(), at.offset(), pattern, precision);
        }

        public CodeBlock code() {
            if (precision == TimePrecision.MILLIS) {
                return CodeBlock.of("new $T($S, $LL, $LL, $S)", TimeField.class, at.label(), at.presenceBit(),
                        at.offset(), pattern);
            }
            return CodeBlock.of("new $T($S, $LL, $LL, $S, $T.$L)", TimeField.class, at.label(), at.presenceBit(),
                    at.offset(), pattern, TimePrecision.class, precision.name());
        }
    }

    record Timestamp(Place at, Encoding.Timestamp encoding) implements FieldBinding {
        public TextField create() {
            return new TimestampField(at.label(), at.presenceBit(), at.offset(), (int) encoding.bits(),
                    encoding.precision(), encoding.lo(), encoding.hi(), encoding.local());
        }

        public CodeBlock code() {
            if (encoding.plain()) {
                return CodeBlock.of("new $T($S, $LL, $LL)", TimestampField.class, at.label(), at.presenceBit(),
                        at.offset());
            }
            return CodeBlock.of("new $T($S, $LL, $LL, $L, $T.$L, $LL, $LL, $L)", TimestampField.class, at.label(),
                    at.presenceBit(), at.offset(), encoding.bits(), TimePrecision.class, encoding.precision().name(),
                    encoding.lo(), encoding.hi(), encoding.local());
        }
    }

    record Char(Place at, String alphabet, int length) implements FieldBinding {
        public TextField create() {
            return new CharField(at.label(), at.presenceBit(), at.offset(), new Alphabet(alphabet), length);
        }

        public CodeBlock code() {
            return CodeBlock.of("new $T($S, $LL, $LL, new $T($S), $L)", CharField.class, at.label(),
                    at.presenceBit(), at.offset(), Alphabet.class, alphabet, length);
        }
    }

    /** @param constants the enum's constant names in declaration order */
    record Enumerated(Place at, int width, List<String> constants) implements FieldBinding {
        public Enumerated {
            constants = List.copyOf(constants);
        }

        public TextField create() {
            return new EnumField(at.label(), at.presenceBit(), at.offset(), width, constants);
        }

        public CodeBlock code() {
            CodeBlock names = constants.stream().map(c -> CodeBlock.of("$S", c)).collect(CodeBlock.joining(", "));
            return CodeBlock.of("new $T($S, $LL, $LL, $L, $T.of($L))", EnumField.class, at.label(),
                    at.presenceBit(), at.offset(), width, ClassName.get(List.class), names);
        }
    }

    /** A long literal that compiles for every value, Long.MIN_VALUE included. */
    private static String longLiteral(long value) {
        return value == Long.MIN_VALUE ? "Long.MIN_VALUE" : value + "L";
    }
}
