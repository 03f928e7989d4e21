package dev.sdo.compiler.binding;

import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.CsvOptions;
import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.TypeNotation;
import java.util.List;

/** Derives each field's {@link FieldBinding} from the record's layout and the field's annotations. */
public final class FieldBindings {
    private FieldBindings() {}

    /**
     * The bindings of a record's fields, in declaration order.
     *
     * @throws UnsupportedBindingException for a nested record or a variable-length field
     */
    public static List<FieldBinding> of(RecordLayout layout) {
        return layout.fields().stream().map(field -> field.encoding().accept(new Binder(layout, field))).toList();
    }

    /** One field's binding, from its encoding: the flat bindings carry the values stored as one run of bits. */
    private static final class Binder implements Encoding.Visitor<FieldBinding> {
        private final RecordLayout layout;
        private final Field field;
        private final FieldBinding.Place at;
        private final int width;
        private final String format;

        Binder(RecordLayout layout, FieldLayout placed) {
            this.layout = layout;
            this.field = placed.field();
            this.at = new FieldBinding.Place(layout.record().name().simpleName() + "." + field.name(),
                    placed.presenceBit(), placed.offset());
            this.width = Math.toIntExact(placed.width());
            this.format = CsvOptions.of(field).format().orElse(null);
        }

        @Override
        public FieldBinding bool(Encoding.Bool encoding) {
            return new FieldBinding.Bool(at);
        }

        @Override
        public FieldBinding integer(Encoding.Int encoding) {
            if (encoding.kind().unsigned64()) {
                return new FieldBinding.Unsigned64(at);
            }
            return new FieldBinding.Int(at, width, encoding.kind().min(), encoding.kind().max(), 0);
        }

        @Override
        public FieldBinding range(Encoding.Range encoding) {
            return new FieldBinding.Int(at, width, encoding.lo(), encoding.hi(), encoding.lo());
        }

        @Override
        public FieldBinding floating(Encoding.Floating encoding) {
            return new FieldBinding.Floating(at, Math.toIntExact(encoding.bits()));
        }

        @Override
        public FieldBinding decimal(Encoding.Decimal encoding) {
            return new FieldBinding.Decimal(at, width, encoding.precision(), encoding.scale(), encoding.signed());
        }

        @Override
        public FieldBinding date(Encoding.Date encoding) {
            return new FieldBinding.Date(at, width, encoding.lo(), encoding.hi(), format == null ? "uuuu-MM-dd" : format);
        }

        @Override
        public FieldBinding time(Encoding.Time encoding) {
            return new FieldBinding.Time(at, format, encoding.precision());
        }

        @Override
        public FieldBinding timestamp(Encoding.Timestamp encoding) {
            return new FieldBinding.Timestamp(at, encoding);
        }

        @Override
        public FieldBinding chars(Encoding.Chars encoding) {
            return new FieldBinding.Char(at, encoding.alphabet(), encoding.length());
        }

        @Override
        public FieldBinding enumeration(Encoding.Enumeration encoding) {
            return new FieldBinding.Enumerated(at, width,
                    encoding.type().constants().stream().map(EnumType.EnumConstant::name).toList());
        }

        @Override
        public FieldBinding record(Encoding.Nested encoding) {
            throw unsupported("a nested record (" + encoding.record().name().simpleName() + ")");
        }

        @Override
        public FieldBinding string(Encoding.Text encoding) {
            throw unsupported(notation());
        }

        @Override
        public FieldBinding bytes(Encoding.Blob encoding) {
            throw unsupported(notation());
        }

        @Override
        public FieldBinding list(Encoding.ListOf encoding) {
            throw unsupported(notation());
        }

        @Override
        public FieldBinding union(Encoding.Union encoding) {
            throw unsupported(notation());
        }

        @Override
        public FieldBinding bigDecimal(Encoding.AnyDecimal encoding) {
            throw unsupported(notation());
        }

        @Override
        public FieldBinding bigInteger(Encoding.AnyInteger encoding) {
            throw unsupported(notation());
        }

        private String notation() {
            return "a " + TypeNotation.of(field.type());
        }

        private UnsupportedBindingException unsupported(String what) {
            return new UnsupportedBindingException(field.position(), "field '" + field.name() + "' of record '"
                    + layout.record().name().simpleName() + "' is " + what
                    + "; the flat CSV and XML bindings carry fixed-width values only");
        }
    }
}
