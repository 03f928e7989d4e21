package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.runtime.UnionValues;
import java.util.function.Supplier;

/**
 * The code that sizes and writes a value stored as data in the variable part (docs/record-format.md, sections 2 to
 * 5): the same calls wherever such a value is stored, as a field's data, a list's element or a union's alternative
 * behind its slot. Values of one run of bits are never data and have none.
 */
final class DataCode {
    private static final ClassName UNION_VALUES = ClassName.get(UnionValues.class);

    private final String qualifiedName;
    private final Supplier<ListCodec> list;
    /** Whether the code is a compact encode's, with a {@code CompactSizes} log in scope ({@link CompactLog}). */
    private final boolean logged;
    /**
     * Whether the value is a compact record's field, a string of which is shared through the log's
     * {@code sharing()} (docs/record-format.md, section 8.6); a list's element or a union's alternative is not.
     */
    private final boolean field;

    /**
     * @param qualifiedName the value as error messages name it ({@code Record.field}, {@code Union.alternative})
     * @param list the codec of the value when it is a list
     */
    DataCode(String qualifiedName, Supplier<ListCodec> list) {
        this(qualifiedName, list, false);
    }

    /**
     * @param logged whether the code is a compact encode's sizing or writing pass, with the log
     *     {@link CompactLog#SIZES} in scope: a value that takes it ({@link CompactLog#uses}) is sized into it and
     *     written from it (the list's codec says so itself)
     */
    DataCode(String qualifiedName, Supplier<ListCodec> list, boolean logged) {
        this(qualifiedName, list, logged, false);
    }

    /**
     * @param field whether the value is a field of the compact record being encoded, with the log in scope: a string
     *     is then sized and written through the sharing of its document (docs/record-format.md, section 8.6)
     */
    DataCode(String qualifiedName, Supplier<ListCodec> list, boolean logged, boolean field) {
        this.qualifiedName = qualifiedName;
        this.list = list;
        this.logged = logged;
        this.field = logged && field;
    }

    /** Whether a value of {@code encoding} is sized into the log and written from it here. */
    private boolean logs(Encoding encoding) {
        return logged && CompactLog.uses(encoding);
    }

    /**
     * The value whose data is bytes {@code start .. end - 1} after byte {@code base} of {@code buffer}, each checked to
     * lie within the buffer and the value's own data; {@code name} names it in errors.
     */
    CodeBlock read(Encoding encoding, CodeBlock name, String base, CodeBlock start, CodeBlock end) {
        return encoding.accept(new Reads(name, base, start, end));
    }

    /** The bytes the non-null {@code value} takes as data: a {@code long} or {@code int} expression. */
    CodeBlock size(Encoding encoding, CodeBlock value) {
        return encoding.accept(new Sizes(value));
    }

    /**
     * Writes the non-null {@code value} as data at byte {@code at} of {@code buffer}: an {@code int} expression, the
     * bytes written. Its size was computed (and checked to fit a record) first.
     */
    CodeBlock write(Encoding encoding, CodeBlock value, CodeBlock at) {
        return encoding.accept(new Writes(value, at));
    }

    private static IllegalArgumentException notData(Encoding encoding) {
        return new IllegalArgumentException("not stored as data: " + encoding);
    }

    private final class Reads extends NoBits<CodeBlock> {
        private final CodeBlock name;
        private final String base;
        private final CodeBlock start;
        private final CodeBlock end;

        Reads(CodeBlock name, String base, CodeBlock start, CodeBlock end) {
            this.name = name;
            this.base = base;
            this.start = start;
            this.end = end;
        }

        @Override
        public CodeBlock record(Encoding.Nested encoding) {
            ClassName sdo = GeneratedNames.sdo(encoding.name());
            if (encoding.variableLength() && encoding.record().compact()) {
                // One walk of the nested record's slot table checks it and that it takes exactly its data.
                return CodeBlock.of("$T.wrapNested($L, -1, buffer, $N,$W$L, $L)", sdo, name, base, start, end);
            }
            if (encoding.variableLength()) {
                return CodeBlock.of("$T.wrap(buffer,$W$T.nested($L, buffer, $N, $L, $L, $T.BYTES, $T::sizeOf))", sdo,
                        JavaTypes.VARIABLE_DATA, name, base, start, end, sdo, sdo);
            }
            return CodeBlock.of("$T.wrap(buffer,$W$T.fixed($L, buffer, $N, $L, $L, $T.BYTES))", sdo, UNION_VALUES,
                    name, base, start, end, sdo);
        }

        @Override
        public CodeBlock string(Encoding.Text encoding) {
            return CodeBlock.of("$T.string($L, buffer, $N, $L, $L)", JavaTypes.VARIABLE_DATA, name, base, start, end);
        }

        @Override
        public CodeBlock bytes(Encoding.Blob encoding) {
            return CodeBlock.of("$T.bytes($L, buffer, $N, $L, $L)", JavaTypes.VARIABLE_DATA, name, base, start, end);
        }

        @Override
        public CodeBlock list(Encoding.ListOf encoding) {
            return list.get().view(name, base, start, end);
        }

        @Override
        public CodeBlock union(Encoding.Union encoding) {
            // The union stored on its own; its range is checked first, as a list checks an element's.
            return CodeBlock.of("$T.readAlone($L, buffer, $N + $L,$W$T.length($L, buffer, $N, $L, $L))",
                    GeneratedNames.sdo(encoding.name()), name, base, start, JavaTypes.VARIABLE_DATA, name, base, start,
                    end);
        }

        @Override
        public CodeBlock bigDecimal(Encoding.AnyDecimal encoding) {
            return BigNumberCode.read(encoding, name, base, start, end);
        }

        @Override
        public CodeBlock bigInteger(Encoding.AnyInteger encoding) {
            return BigNumberCode.read(encoding, name, base, start, end);
        }
    }

    private final class Sizes extends NoBits<CodeBlock> {
        private final CodeBlock value;

        Sizes(CodeBlock value) {
            this.value = value;
        }

        @Override
        public CodeBlock record(Encoding.Nested encoding) {
            if (logs(encoding)) {
                return CodeBlock.of("$T.encodedSize($L, $N)", GeneratedNames.sdo(encoding.name()), value,
                        CompactLog.SIZES);
            }
            return encoding.variableLength() ? CodeBlock.of("$T.encodedSize($L)", GeneratedNames.sdo(encoding.name()), value)
                    : CodeBlock.of("$T.BYTES", GeneratedNames.sdo(encoding.name()));
        }

        @Override
        public CodeBlock string(Encoding.Text encoding) {
            if (field) {
                return CodeBlock.of("$N.sharing().dataBytes($S, $L)", CompactLog.SIZES, qualifiedName, value);
            }
            return CodeBlock.of("$T.utf8Length($S, $L)", JavaTypes.VARIABLE_DATA, qualifiedName, value);
        }

        @Override
        public CodeBlock bytes(Encoding.Blob encoding) {
            return CodeBlock.of("$T.length($L)", JavaTypes.VARIABLE_DATA, value);
        }

        @Override
        public CodeBlock list(Encoding.ListOf encoding) {
            return list.get().size(value);
        }

        @Override
        public CodeBlock union(Encoding.Union encoding) {
            // Stored on its own: its bits, then its alternative's data.
            if (logs(encoding)) {
                return CodeBlock.of("$T.aloneBytes($S, $L, $N)", GeneratedNames.sdo(encoding.name()), qualifiedName,
                        value, CompactLog.SIZES);
            }
            return CodeBlock.of("$T.aloneBytes($S, $L)", GeneratedNames.sdo(encoding.name()), qualifiedName, value);
        }

        @Override
        public CodeBlock bigDecimal(Encoding.AnyDecimal encoding) {
            return BigNumberCode.length(encoding, value);
        }

        @Override
        public CodeBlock bigInteger(Encoding.AnyInteger encoding) {
            return BigNumberCode.length(encoding, value);
        }
    }

    private final class Writes extends NoBits<CodeBlock> {
        private final CodeBlock value;
        private final CodeBlock at;

        Writes(CodeBlock value, CodeBlock at) {
            this.value = value;
            this.at = at;
        }

        @Override
        public CodeBlock record(Encoding.Nested encoding) {
            if (!encoding.variableLength()) {
                // A record of fixed width is written at a bit offset, by the code that holds it.
                throw notData(encoding);
            }
            if (logs(encoding)) {
                return CodeBlock.of("$T.encode($L, buffer, $L, $N)", GeneratedNames.sdo(encoding.name()), value, at,
                        CompactLog.SIZES);
            }
            return CodeBlock.of("$T.encode($L, buffer, $L)", GeneratedNames.sdo(encoding.name()), value, at);
        }

        @Override
        public CodeBlock string(Encoding.Text encoding) {
            if (field) {
                return CodeBlock.of("$N.sharing().write($S, buffer, $L, $L)", CompactLog.SIZES, qualifiedName, at,
                        value);
            }
            return CodeBlock.of("$T.writeString($S, buffer, $L, $L)", JavaTypes.VARIABLE_DATA, qualifiedName, at,
                    value);
        }

        @Override
        public CodeBlock bytes(Encoding.Blob encoding) {
            return CodeBlock.of("$T.writeBytes(buffer, $L, $L)", JavaTypes.VARIABLE_DATA, at, value);
        }

        @Override
        public CodeBlock list(Encoding.ListOf encoding) {
            return list.get().write(value, at);
        }

        @Override
        public CodeBlock union(Encoding.Union encoding) {
            if (logs(encoding)) {
                return CodeBlock.of("$T.encodeAlone($S, $L, buffer, $L, $N)", GeneratedNames.sdo(encoding.name()),
                        qualifiedName, value, at, CompactLog.SIZES);
            }
            return CodeBlock.of("$T.encodeAlone($S, $L, buffer, $L)", GeneratedNames.sdo(encoding.name()),
                    qualifiedName, value, at);
        }

        @Override
        public CodeBlock bigDecimal(Encoding.AnyDecimal encoding) {
            return BigNumberCode.write(encoding, value, at);
        }

        @Override
        public CodeBlock bigInteger(Encoding.AnyInteger encoding) {
            return BigNumberCode.write(encoding, value, at);
        }
    }

    /** The encodings of one run of bits, which are never stored as data. */
    private abstract static class NoBits<R> implements Encoding.Visitor<R> {
        @Override
        public R bool(Encoding.Bool encoding) {
            throw notData(encoding);
        }

        @Override
        public R integer(Encoding.Int encoding) {
            throw notData(encoding);
        }

        @Override
        public R range(Encoding.Range encoding) {
            throw notData(encoding);
        }

        @Override
        public R floating(Encoding.Floating encoding) {
            throw notData(encoding);
        }

        @Override
        public R decimal(Encoding.Decimal encoding) {
            throw notData(encoding);
        }

        @Override
        public R date(Encoding.Date encoding) {
            throw notData(encoding);
        }

        @Override
        public R time(Encoding.Time encoding) {
            throw notData(encoding);
        }

        @Override
        public R timestamp(Encoding.Timestamp encoding) {
            throw notData(encoding);
        }

        @Override
        public R chars(Encoding.Chars encoding) {
            throw notData(encoding);
        }

        @Override
        public R enumeration(Encoding.Enumeration encoding) {
            throw notData(encoding);
        }
    }
}
