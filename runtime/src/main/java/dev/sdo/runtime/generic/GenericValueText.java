package dev.sdo.runtime.generic;

import dev.sdo.runtime.BigNumbers;
import dev.sdo.runtime.text.XmlText;
import dev.sdo.runtime.text.XmlValueText;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * The XML text of one value field of a {@link GenericRecord}, written straight from the record's bytes by the
 * field's position: integers, decimals and ISO dates as digits into the writer's reused buffer, strings decoded from
 * UTF-8 into it, enum constants as their texts, with no {@code String}, boxed number or {@code BigDecimal} per
 * value. The text is exactly what the field's {@link GenericTextValues text value} formats from
 * {@link GenericRecord#get}; anything else (a value it would refuse, a malformed string, a float, a time, a value
 * of more than 64 bits) is left to that way ({@link XmlValueText#OTHER}).
 */
final class GenericValueText implements XmlValueText<Object> {
    private static final int INTEGER = 0;
    private static final int UNSIGNED = 1;
    private static final int BOOL = 2;
    private static final int DECIMAL = 3;
    private static final int DATE = 4;
    private static final int ENUM = 5;
    private static final int STRING = 6;
    private static final int ANY_DECIMAL = 7;
    private static final int ANY_INTEGER = 8;
    /** A union bound as one text: the text of the alternative it holds. */
    private static final int UNION = 9;
    /** Characters of an alphabet ({@code char(n)}), at most {@link #max} of them. */
    private static final int CHARS = 10;

    private final int index;
    private final int kind;
    /** An integer's bounds; for characters, {@code max} is how many there may be. */
    private final long min;
    private final long max;
    /** A bounded decimal's scale. */
    private final int scale;
    /** An enum's constants' texts, by ordinal. */
    private final String[] constants;
    /** A union's alternatives' texts, by position; null for one written the getter's way. */
    private final GenericValueText[] alternatives;
    /** A string field's default as UTF-8, which a value equal to is not written ({@link #DEFAULT}); else null. */
    private final byte[] defaultBytes;
    /**
     * Whether an unbounded number's field has a default, which a value equal to is not written: its unscaled value
     * {@link #defaultUnscaled} and its scale {@link #defaultScale}, trailing zeros stripped (as
     * {@code BigDecimal.stripTrailingZeros} makes them: numbers equal by {@code compareTo} have the same).
     */
    private final boolean numberDefault;
    private final long defaultUnscaled;
    private final int defaultScale;

    private GenericValueText(int index, int kind, long min, long max, int scale, String[] constants) {
        this(index, kind, min, max, scale, constants, null);
    }

    private GenericValueText(int index, int kind, long min, long max, int scale, String[] constants,
            GenericValueText[] alternatives) {
        this(index, kind, min, max, scale, constants, alternatives, null);
    }

    private GenericValueText(int index, int kind, long min, long max, int scale, String[] constants,
            GenericValueText[] alternatives, byte[] defaultBytes) {
        this(index, kind, min, max, scale, constants, alternatives, defaultBytes, false, 0, 0);
    }

    private GenericValueText(int index, int kind, long min, long max, int scale, String[] constants,
            GenericValueText[] alternatives, byte[] defaultBytes, boolean numberDefault, long defaultUnscaled,
            int defaultScale) {
        this.defaultBytes = defaultBytes;
        this.numberDefault = numberDefault;
        this.defaultUnscaled = defaultUnscaled;
        this.defaultScale = defaultScale;
        this.index = index;
        this.kind = kind;
        this.min = min;
        this.max = max;
        this.scale = scale;
        this.constants = constants;
        this.alternatives = alternatives;
    }

    /**
     * The text of field {@code index}, a union bound as one text ({@code @xml(text = true)} on the union: what
     * {@code sdoc import-xsd} makes of {@code xsd:date}), whose alternatives, by position, have the texts
     * {@code alternatives} (null for one that has no text here): the alternative it holds is written as the
     * union's text value writes it ({@code UnionTextValue}), from the record's bytes.
     */
    static GenericValueText ofUnion(int index, GenericValueText[] alternatives) {
        return new GenericValueText(index, UNION, 0, 0, 0, null, alternatives.clone());
    }

    /**
     * The text of field {@code index} of type {@code type} (a single value, not a list's), or null where there is
     * none here (floats, times, timestamps, characters, bytes, dates in a pattern of their own). With {@code index}
     * -1, the text of a list's items or of a union's alternative of that type, found where they are.
     *
     * @param constantTexts an enum's constants' texts, null for their names
     */
    static GenericValueText of(int index, FieldType type, String pattern, List<String> constantTexts) {
        if (type instanceof FieldType.Int i) {
            return new GenericValueText(index, INTEGER, i.min(), i.max(), 0, null);
        } else if (type instanceof FieldType.Range r) {
            return new GenericValueText(index, INTEGER, r.lo(), r.hi(), 0, null);
        } else if (type instanceof FieldType.Unsigned64) {
            return new GenericValueText(index, UNSIGNED, 0, 0, 0, null);
        } else if (type instanceof FieldType.Bool) {
            return new GenericValueText(index, BOOL, 0, 0, 0, null);
        } else if (type instanceof FieldType.Decimal d) {
            return new GenericValueText(index, DECIMAL, 0, 0, d.scale(), null);
        } else if (type instanceof FieldType.Date && pattern == null) {
            return new GenericValueText(index, DATE, 0, 0, 0, null);
        } else if (type instanceof FieldType.Enumeration e) {
            List<String> texts = constantTexts == null ? e.constants() : constantTexts;
            return new GenericValueText(index, ENUM, 0, 0, 0, texts.toArray(String[]::new));
        } else if (type instanceof FieldType.Text) {
            return new GenericValueText(index, STRING, 0, 0, 0, null);
        } else if (type instanceof FieldType.AnyDecimal) {
            return new GenericValueText(index, ANY_DECIMAL, 0, 0, 0, null);
        } else if (type instanceof FieldType.AnyInteger) {
            return new GenericValueText(index, ANY_INTEGER, 0, 0, 0, null);
        } else if (type instanceof FieldType.Chars c) {
            return new GenericValueText(index, CHARS, 0, c.length(), 0, null);
        }
        return null;
    }

    /**
     * This text for a field whose default's text is {@code defaultText}: a string's and an unbounded number's tell a
     * value equal to it ({@link #DEFAULT}: not stored, or stored as the same bytes, or as the same number); any
     * other's is null (left to the getter's way, which compares the Java values), as is a number's whose default has
     * more than 64 bits.
     */
    GenericValueText withDefault(String defaultText) {
        if (kind == STRING) {
            return new GenericValueText(index, kind, min, max, scale, constants, alternatives,
                    defaultText.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } else if (kind != ANY_INTEGER && kind != ANY_DECIMAL) {
            return null;
        }
        BigDecimal number = new BigDecimal(defaultText);
        number = number.signum() == 0 ? BigDecimal.ZERO : number.stripTrailingZeros();
        if (number.unscaledValue().bitLength() >= Long.SIZE) {
            return null;
        }
        return new GenericValueText(index, kind, min, max, scale, constants, alternatives, null, true,
                number.unscaledValue().longValue(), number.scale());
    }

    @Override
    public boolean tellsDefault() {
        return defaultBytes != null || numberDefault;
    }

    /** Whether the number {@code unscaled} at {@code scale} equals the field's default ({@link #numberDefault}). */
    private boolean isDefaultNumber(long unscaled, long scale) {
        while (unscaled != 0 && unscaled % 10 == 0) {
            unscaled /= 10;
            scale--;
        }
        return unscaled == defaultUnscaled && (unscaled == 0 || scale == defaultScale);
    }

    @Override
    public int text(Object record, XmlText text) {
        if (!(record instanceof GenericRecord read)) {
            return record instanceof Views.UnionView union ? alternativeText(union, text) : OTHER;
        }
        RecordShape shape = read.shape();
        ByteBuffer buffer = read.buffer();
        int base = read.base();
        FieldReader field = shape.field(index);
        if (kind == UNION) {
            return unionText(field, shape, buffer, base, read.size(), text);
        } else if (kind == CHARS) {
            ScalarField scalar = field.scalar();
            return scalar.present(buffer, base) ? charsText(scalar, buffer, base, text) : ABSENT;
        } else if (kind >= STRING) {
            long span = field.dataSpan(shape, buffer, base, read.size());
            if (span == FieldReader.NOT_STORED) {
                // A field with a default that is not stored holds it.
                return tellsDefault() ? DEFAULT : ABSENT;
            } else if (defaultBytes != null && isDefault(span, buffer, base)) {
                return DEFAULT;
            }
            return dataText(span, buffer, base, text);
        }
        ScalarField scalar = field.scalar();
        if (!scalar.present(buffer, base)) {
            return ABSENT;
        }
        return scalarText(scalar.longValue(buffer, base), text);
    }

    /** The text of the alternative the union field holds, where it has one here: an inline scalar, or data. */
    private int unionText(FieldReader field, RecordShape shape, ByteBuffer buffer, int base, int size, XmlText text) {
        int tag = field.tag(buffer, base);
        if (tag == 0) {
            return ABSENT;
        }
        GenericValueText alternative = alternatives[tag - 1];
        if (alternative == null) {
            return OTHER;
        }
        long place = field.alternativePlace(shape, buffer, base, size, tag - 1);
        if (place == FieldReader.INLINE) {
            return alternative.kind < STRING
                    ? alternative.scalarText(field.alternativeScalar(tag - 1).longValue(buffer, base), text)
                    : OTHER;
        } else if (place == FieldReader.NOT_STORED || alternative.kind < STRING) {
            return OTHER;
        }
        return alternative.dataText(place, buffer, base, text);
    }

    /**
     * The text of a union's alternative of this kind that the XML writer's view of the union left in its bytes
     * ({@link Views#unionInBytes}): a scalar in the union's inline place, or data.
     */
    private int alternativeText(Views.UnionView union, XmlText text) {
        if (union.scalar != null) {
            return scalarItemText(union.scalar, union.buffer, union.start, text);
        } else if (union.data != null && kind >= STRING && kind <= ANY_INTEGER) {
            return dataText(span(union.start, union.end), union.buffer, 0, text);
        }
        return OTHER;
    }

    /**
     * Whether the string at {@code span} is the field's default: its bytes are the default's UTF-8, which is
     * exactly when the string read from them equals the default (a well-formed string has one encoding).
     */
    private boolean isDefault(long span, ByteBuffer buffer, int base) {
        int start = base + (span == FieldReader.EMPTY ? 0 : FieldReader.spanStart(span));
        int length = span == FieldReader.EMPTY ? 0 : FieldReader.spanEnd(span) - FieldReader.spanStart(span);
        if (length != defaultBytes.length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (buffer.get(start + i) != defaultBytes[i]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int itemText(List<?> list, int index, XmlText text) {
        return list instanceof GenericList read ? read.itemText(this, index, text) : OTHER;
    }

    /**
     * The text of a scalar of this kind that {@code scalar} reads at {@code base}: a list's packed element, a union's
     * alternative in its inline place.
     */
    int scalarItemText(ScalarField scalar, ByteBuffer buffer, int base, XmlText text) {
        if (kind == CHARS) {
            return charsText(scalar, buffer, base, text);
        }
        return kind < STRING ? scalarText(scalar.longValue(buffer, base), text) : OTHER;
    }

    /**
     * The text of a list's element of this kind whose data, read by {@code reader}, is bytes {@code start .. end - 1}
     * of {@code buffer}: a string, an unbounded number, or a union bound as one text stored on its own.
     */
    int dataItemText(DataReader reader, ByteBuffer buffer, int start, int end, XmlText text) {
        if (kind == UNION) {
            UnionReader union = reader.union();
            int tag = union == null ? -1 : union.standaloneTag(buffer, start, end);
            if (tag < 0 || alternatives[tag - 1] == null) {
                return OTHER;
            }
            GenericValueText alternative = alternatives[tag - 1];
            ScalarField scalar = union.inlineScalar(tag - 1);
            if (scalar != null) {
                return alternative.scalarItemText(scalar, buffer, start, text);
            } else if (!union.behindSlot(tag - 1) || alternative.kind < STRING || alternative.kind == UNION) {
                return OTHER;
            }
            return alternative.dataText(span(start + union.standaloneBytes(), end), buffer, 0, text);
        }
        return kind < STRING || kind == CHARS ? OTHER : dataText(span(start, end), buffer, 0, text);
    }

    /** Bytes {@code start .. end - 1} of a buffer as a span of {@link FieldReader#dataSpan} from byte 0. */
    private static long span(int start, int end) {
        return (long) start << Integer.SIZE | end;
    }

    /** The text of a scalar of this kind whose value ({@link ScalarField#longValue}) is {@code value}. */
    private int scalarText(long value, XmlText text) {
        switch (kind) {
            case INTEGER:
                if (value < min || value > max) {
                    return OTHER;
                }
                text.length = XmlNumbers.putLong(value, text.ensure(XmlNumbers.LONG_CHARS), 0);
                return CHARS;
            case UNSIGNED:
                if (value < 0) {
                    return OTHER;
                }
                text.length = XmlNumbers.putLong(value, text.ensure(XmlNumbers.LONG_CHARS), 0);
                return CHARS;
            case BOOL:
                text.constant = value != 0 ? "true" : "false";
                return CONSTANT;
            case DECIMAL:
                return decimal(value, scale, text);
            case DATE:
                int length = XmlNumbers.putIsoDate(value, text.ensure(XmlNumbers.DATE_CHARS), 0);
                if (length < 0) {
                    return OTHER;
                }
                text.length = length;
                return CHARS;
            default:
                text.constant = constants[(int) value];
                return CONSTANT;
        }
    }

    /** The text of characters of an alphabet ({@code char(n)}) that {@code scalar} reads at {@code base}. */
    private int charsText(ScalarField scalar, ByteBuffer buffer, int base, XmlText text) {
        int length = scalar.chars(buffer, base, text.ensure((int) max));
        if (length == 0) {
            // The very call the slow way makes for an empty string.
            text.constant = "";
            return CONSTANT;
        }
        text.length = length;
        return CHARS;
    }

    private static int decimal(long unscaled, int scale, XmlText text) {
        int length = XmlNumbers.putPlainDecimal(unscaled, scale,
                text.ensure(XmlNumbers.plainDecimalChars(scale)), 0);
        if (length < 0) {
            return OTHER;
        }
        text.length = length;
        return CHARS;
    }

    /** A string's or unbounded number's text, from its data at {@code span} ({@link FieldReader#dataSpan}). */
    private int dataText(long span, ByteBuffer buffer, int base, XmlText text) {
        if (span == FieldReader.EMPTY) {
            if (kind != STRING) {
                return OTHER;
            }
            // The very call the slow way makes for an empty string.
            text.constant = "";
            return CONSTANT;
        }
        int start = base + FieldReader.spanStart(span);
        int end = base + FieldReader.spanEnd(span);
        if (kind == STRING) {
            if (!buffer.hasArray()) {
                return OTHER;
            }
            int offset = buffer.arrayOffset();
            byte[] array = buffer.array();
            if (end > start && XmlNumbers.printableAscii(array, offset + start, offset + end)) {
                // Copied to the document as it is (but for escaping).
                text.bytes = array;
                text.offset = offset + start;
                text.length = end - start;
                return UTF8;
            }
            int length = XmlNumbers.decodeUtf8(array, offset + start, offset + end,
                    text.ensure(end - start));
            if (length <= 0) {
                if (length < 0) {
                    return OTHER;
                }
                text.constant = "";
                return CONSTANT;
            }
            text.length = length;
            return CHARS;
        }
        // As BigNumbers reads an integer, or a decimal's scale and then its unscaled value, of up to 8 bytes.
        int at = start;
        long scale = 0;
        if (kind == ANY_DECIMAL) {
            int scaleBytes = BigNumbers.scaleBytes(buffer, start, end);
            if (scaleBytes < 0) {
                return OTHER;
            }
            scale = BigNumbers.scale(buffer, start, scaleBytes);
            at += scaleBytes;
        }
        int length = end - at;
        if (length <= 0 || length > Long.BYTES) {
            return OTHER;
        }
        long value = BigNumbers.longOf(buffer, at, length);
        if (numberDefault && isDefaultNumber(value, scale)) {
            return DEFAULT;
        } else if (kind == ANY_INTEGER) {
            text.length = XmlNumbers.putLong(value, text.ensure(XmlNumbers.LONG_CHARS), 0);
            return CHARS;
        } else if (scale > XmlNumbers.MAX_PLAIN_SCALE || scale < -XmlNumbers.MAX_PLAIN_SCALE) {
            return OTHER;
        }
        return decimal(value, (int) scale, text);
    }
}
