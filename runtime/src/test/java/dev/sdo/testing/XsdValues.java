package dev.sdo.testing;

import dev.sdo.testing.XsdModel.SimpleTypeDef;
import dev.sdo.testing.XsdModel.Variety;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Random lexical values of XML Schema simple types (Datatypes part 2): the built-in types, restricted by the facets
 * enumeration, pattern (through {@link XsdRegex}), length, minLength, maxLength, the four numeric bounds,
 * totalDigits and fractionDigits, and lists and unions of them. Each value is checked against the type here before
 * it is returned (lexical space, facets), so that a value the generator gets wrong fails here with the type named,
 * not only in the validator. ID and IDREF values come from {@link Ids}. Bounds on dates and durations, QName,
 * NOTATION and ENTITY are not supported and fail with {@link UnsupportedOperationException}.
 */
final class XsdValues {
    /** Where ID values come from and IDREF values go to. */
    interface Ids {
        /** A new NCName unique in the document. */
        String newId();

        /** A stand-in for a reference to an ID of the document, filled in when the document is complete. */
        String reference();
    }

    private static final Set<String> INTEGERS = Set.of("integer", "long", "int", "short", "byte",
            "nonNegativeInteger", "positiveInteger", "nonPositiveInteger", "negativeInteger", "unsignedLong",
            "unsignedInt", "unsignedShort", "unsignedByte");
    private static final Set<String> STRINGS = Set.of("string", "normalizedString", "token", "anySimpleType",
            "anyAtomicType");
    private static final Set<String> KNOWN = Set.of("string", "normalizedString", "token", "anySimpleType",
            "anyAtomicType", "Name", "NCName", "ID", "IDREF", "NMTOKEN", "language", "anyURI", "boolean", "decimal",
            "float", "double", "date", "dateTime", "time", "gYear", "gYearMonth", "gMonthDay", "gDay", "gMonth",
            "duration", "hexBinary", "base64Binary", "integer", "long", "int", "short", "byte",
            "nonNegativeInteger", "positiveInteger", "nonPositiveInteger", "negativeInteger", "unsignedLong",
            "unsignedInt", "unsignedShort", "unsignedByte", "NMTOKENS", "IDREFS", "QName", "NOTATION", "ENTITY",
            "ENTITIES", "dateTimeStamp", "dayTimeDuration", "yearMonthDuration");
    private static final Map<String, BigDecimal[]> INTEGER_BOUNDS = Map.ofEntries(
            Map.entry("long", range(Long.MIN_VALUE, Long.MAX_VALUE)),
            Map.entry("int", range(Integer.MIN_VALUE, Integer.MAX_VALUE)),
            Map.entry("short", range(Short.MIN_VALUE, Short.MAX_VALUE)),
            Map.entry("byte", range(Byte.MIN_VALUE, Byte.MAX_VALUE)),
            Map.entry("nonNegativeInteger", new BigDecimal[] {BigDecimal.ZERO, null}),
            Map.entry("positiveInteger", new BigDecimal[] {BigDecimal.ONE, null}),
            Map.entry("nonPositiveInteger", new BigDecimal[] {null, BigDecimal.ZERO}),
            Map.entry("negativeInteger", new BigDecimal[] {null, BigDecimal.ONE.negate()}),
            Map.entry("unsignedLong", new BigDecimal[] {BigDecimal.ZERO, new BigDecimal("18446744073709551615")}),
            Map.entry("unsignedInt", range(0, 4294967295L)),
            Map.entry("unsignedShort", range(0, 65535)),
            Map.entry("unsignedByte", range(0, 255)));

    /** Characters of strings: mostly plain, some XML-special, some not ASCII (an emoji is one character). */
    private static final String[] PLAIN = {"a", "b", "c", "x", "Y", "Z", "0", "1", "7", "-", "_", ".", ",", "/"};
    private static final String[] SPECIAL = {"<", "&", ">", "\"", "'", "é", "日", "本", "ß", "€", "😀", ";",
        "]]>"};
    private static final String[] NAME_START = {"a", "b", "z", "Q", "_", "é", "日"};
    private static final String[] NAME_CHARS = {"a", "k", "Z", "0", "9", "-", ".", "_", "é"};
    private static final String[] URIS = {"http://www.fpml.org/coding-scheme/a", "http://example.com/x?y=1&z=2",
        "urn:example:scheme", "https://example.org/path/é", "relative/path", "#frag", "mailto:someone@example.com",
        "http://example.com/a%20b"};

    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)");
    private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");
    private static final Pattern TZ = Pattern.compile("(Z|[+-](\\d\\d):(\\d\\d))?");
    private static final Pattern TIME = Pattern.compile("(\\d\\d):(\\d\\d):(\\d\\d)(\\.\\d+)?" + TZ);
    private static final Pattern DATE = Pattern.compile("(-?\\d{4,})-(\\d\\d)-(\\d\\d)" + TZ);
    private static final Pattern NCNAME = Pattern.compile("[\\p{L}_][\\p{L}\\p{Nd}._\\-\\u00B7\\p{Mn}]*");

    private XsdValues() {
    }

    private static BigDecimal[] range(long min, long max) {
        return new BigDecimal[] {BigDecimal.valueOf(min), BigDecimal.valueOf(max)};
    }

    /** The built-in simple type of that local name in the XSD namespace. */
    static SimpleTypeDef builtin(String localName) {
        if (!KNOWN.contains(localName)) {
            throw new IllegalArgumentException("no built-in simple type xsd:" + localName);
        }
        SimpleTypeDef t = new SimpleTypeDef(new javax.xml.namespace.QName(XsdModel.XS, localName));
        switch (localName) {
            case "NMTOKENS", "IDREFS", "ENTITIES" -> {
                t.variety = Variety.LIST;
                t.itemType = builtin(localName.substring(0, localName.length() - 1));
                t.minLength = 1;
            }
            default -> t.builtin = localName;
        }
        return t;
    }

    static boolean isNumeric(String builtin) {
        return "decimal".equals(builtin) || "float".equals(builtin) || "double".equals(builtin)
                || INTEGERS.contains(builtin);
    }

    /** A random valid lexical value of {@code type}. */
    static String generate(SimpleTypeDef type, SplittableRandom random, Ids ids) {
        for (int attempt = 0; attempt < 500; attempt++) {
            String value = candidate(type, random, ids);
            if (value != null && (value.indexOf(XsdInstances.REF_MARK) >= 0
                    || value.indexOf(XsdInstances.ID_MARK) >= 0 || valid(type, value))) {
                return value;
            }
        }
        throw new IllegalStateException("no valid value of " + type + " in 500 attempts (facets too tight?)");
    }

    private static String candidate(SimpleTypeDef type, SplittableRandom random, Ids ids) {
        if (type.enumeration != null) {
            return type.enumeration.get(random.nextInt(type.enumeration.size()));
        }
        if (!type.patterns.isEmpty()) {
            List<String> last = type.patterns.get(type.patterns.size() - 1);
            return XsdRegex.parse(last.get(random.nextInt(last.size()))).generate(random);
        }
        switch (type.variety) {
            case UNION -> {
                return generate(type.members.get(random.nextInt(type.members.size())), random, ids);
            }
            case LIST -> {
                int min = type.length != null ? type.length : type.minLength != null ? type.minLength : 0;
                int max = type.length != null ? type.length : type.maxLength != null ? type.maxLength : min + 3;
                int n = min + random.nextInt(Math.min(max, min + 3) - min + 1);
                List<String> items = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    String item = generate(type.itemType, random, ids);
                    if (item.isEmpty() || item.chars().anyMatch(Character::isWhitespace)) {
                        return null;
                    }
                    items.add(item);
                }
                return String.join(" ", items);
            }
            default -> {
                return atomic(type, random, ids);
            }
        }
    }

    private static String atomic(SimpleTypeDef type, SplittableRandom random, Ids ids) {
        String b = type.builtin;
        if (isNumeric(b)) {
            return "float".equals(b) || "double".equals(b) ? floating(type, random) : decimal(type, random);
        }
        return switch (b) {
            case "string", "anySimpleType", "anyAtomicType" -> text(type, random, true, false);
            case "normalizedString" -> text(type, random, false, false);
            case "token" -> text(type, random, false, true);
            case "ID" -> ids.newId();
            case "IDREF" -> ids.reference();
            case "NCName", "Name", "NMTOKEN", "ENTITY" -> {
                if ("ENTITY".equals(b)) {
                    throw new UnsupportedOperationException("xsd:ENTITY values");
                }
                yield ncname(random, 1 + random.nextInt(12));
            }
            case "language" -> pick(random, "en", "fr", "en-GB", "de-CH-1901", "ja", "x-private", "i-klingon");
            case "anyURI" -> random.nextInt(10) == 0 ? "" : pick(random, URIS);
            case "boolean" -> pick(random, "true", "false", "1", "0");
            case "date" -> date(random) + timezone(random);
            case "dateTime", "dateTimeStamp" -> date(random) + "T" + time(random) + ("dateTimeStamp".equals(b)
                    ? "Z" : timezone(random));
            case "time" -> time(random) + timezone(random);
            case "gYear" -> year(random) + timezone(random);
            case "gYearMonth" -> year(random) + "-" + two(1 + random.nextInt(12)) + timezone(random);
            case "gMonthDay" -> {
                int month = 1 + random.nextInt(12);
                yield "--" + two(month) + "-" + two(1 + random.nextInt(YearMonth.of(2000, month).lengthOfMonth()))
                        + timezone(random);
            }
            case "gDay" -> "---" + two(1 + random.nextInt(31)) + timezone(random);
            case "gMonth" -> "--" + two(1 + random.nextInt(12)) + timezone(random);
            case "duration", "dayTimeDuration", "yearMonthDuration" -> duration(random, b);
            case "hexBinary" -> {
                String hex = HexFormat.of().formatHex(bytes(type, random));
                yield random.nextBoolean() ? hex.toUpperCase(java.util.Locale.ROOT) : hex;
            }
            case "base64Binary" -> Base64.getEncoder().encodeToString(bytes(type, random));
            default -> throw new UnsupportedOperationException("values of xsd:" + b);
        };
    }

    @SafeVarargs
    private static <T> T pick(SplittableRandom random, T... options) {
        return options[random.nextInt(options.length)];
    }

    private static int[] lengthRange(SimpleTypeDef type, int cap) {
        int min = type.length != null ? type.length : type.minLength != null ? type.minLength : 0;
        int max = type.length != null ? type.length : type.maxLength != null ? type.maxLength : Integer.MAX_VALUE;
        return new int[] {min, Math.max(min, Math.min(max, min + cap))};
    }

    private static byte[] bytes(SimpleTypeDef type, SplittableRandom random) {
        int[] r = lengthRange(type, 12);
        byte[] bytes = new byte[r[0] + random.nextInt(r[1] - r[0] + 1)];
        random.nextBytes(bytes);
        return bytes;
    }

    /** A string of a length its facets allow: some empty, some with XML-special and non-ASCII characters. */
    private static String text(SimpleTypeDef type, SplittableRandom random, boolean controls, boolean token) {
        int[] r = lengthRange(type, 40);
        int length = random.nextInt(4) == 0 ? r[0] : r[0] + random.nextInt(r[1] - r[0] + 1);
        if (random.nextInt(3) == 0) {
            length = Math.min(length, r[0] + random.nextInt(6));
        }
        boolean special = random.nextInt(3) == 0;
        StringBuilder out = new StringBuilder();
        int count = 0;
        while (count < length) {
            String piece;
            int roll = random.nextInt(10);
            if (roll == 0 && count > 0 && count < length - 1 && !(token && out.charAt(out.length() - 1) == ' ')) {
                piece = " ";
            } else if (roll == 1 && controls && random.nextInt(4) == 0) {
                piece = random.nextBoolean() ? "\n" : "\t";
            } else if (roll < 4 && special) {
                piece = pick(random, SPECIAL);
            } else {
                piece = pick(random, PLAIN);
            }
            int pieceLength = piece.codePointCount(0, piece.length());
            if (count + pieceLength > length) {
                continue;
            }
            out.append(piece);
            count += pieceLength;
        }
        return out.toString();
    }

    private static String ncname(SplittableRandom random, int length) {
        StringBuilder out = new StringBuilder(pick(random, NAME_START));
        for (int i = 1; i < length; i++) {
            out.append(pick(random, NAME_CHARS));
        }
        return out.toString();
    }

    private static String two(int n) {
        return n < 10 ? "0" + n : Integer.toString(n);
    }

    private static String year(SplittableRandom random) {
        int y = switch (random.nextInt(4)) {
            case 0 -> 1 + random.nextInt(9999);
            case 1 -> pick(random, 1, 999, 1000, 1899, 2259, 9999, 1582);
            default -> 1990 + random.nextInt(60);
        };
        return String.format("%04d", y);
    }

    private static String date(SplittableRandom random) {
        String year = year(random);
        int month = 1 + random.nextInt(12);
        int days = YearMonth.of(Integer.parseInt(year), month).lengthOfMonth();
        return year + "-" + two(month) + "-" + two(random.nextInt(5) == 0 ? days : 1 + random.nextInt(days));
    }

    private static String time(SplittableRandom random) {
        String t = two(random.nextInt(24)) + ":" + two(random.nextInt(60)) + ":" + two(random.nextInt(60));
        return switch (random.nextInt(4)) {
            case 0 -> t + "." + (1 + random.nextInt(999));
            case 1 -> t + ".5";
            default -> t;
        };
    }

    private static String timezone(SplittableRandom random) {
        return switch (random.nextInt(6)) {
            case 0 -> "Z";
            case 1 -> pick(random, "+05:30", "-12:00", "+14:00", "-03:30", "+00:00", "+01:00");
            default -> "";
        };
    }

    private static String duration(SplittableRandom random, String builtin) {
        StringBuilder out = new StringBuilder(random.nextInt(5) == 0 ? "-P" : "P");
        boolean yearMonth = !"dayTimeDuration".equals(builtin);
        boolean dayTime = !"yearMonthDuration".equals(builtin);
        int before = out.length();
        if (yearMonth && random.nextBoolean()) {
            out.append(random.nextInt(30)).append('Y');
        }
        if (yearMonth && random.nextBoolean()) {
            out.append(random.nextInt(13)).append('M');
        }
        if (dayTime && random.nextBoolean()) {
            out.append(random.nextInt(400)).append('D');
        }
        if (dayTime && random.nextBoolean()) {
            out.append('T').append(random.nextInt(24)).append('H');
            if (random.nextBoolean()) {
                out.append(random.nextInt(60)).append("M");
            }
            if (random.nextBoolean()) {
                out.append(random.nextInt(60)).append(random.nextBoolean() ? ".25S" : "S");
            }
        }
        if (out.length() == before) {
            out.append(dayTime ? "0D" : "0M");
        }
        return out.toString();
    }

    private static String floating(SimpleTypeDef type, SplittableRandom random) {
        boolean bounded = type.minInclusive != null || type.maxInclusive != null || type.minExclusive != null
                || type.maxExclusive != null;
        if (!bounded && random.nextInt(8) == 0) {
            return pick(random, "INF", "-INF", "NaN", "-0", "0");
        }
        if (bounded) {
            return decimal(type, random);
        }
        double v = (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(20) - 6);
        boolean single = "float".equals(type.builtin);
        return switch (random.nextInt(3)) {
            case 0 -> single ? Float.toString((float) v) : Double.toString(v);
            case 1 -> new BigDecimal(single ? Float.toString((float) v) : Double.toString(v)).stripTrailingZeros()
                    .toPlainString();
            default -> Integer.toString(random.nextInt(2001) - 1000);
        };
    }

    /** A decimal (or integer) in the type's bounds, digits and implicit range. */
    private static String decimal(SimpleTypeDef type, SplittableRandom random) {
        boolean integer = INTEGERS.contains(type.builtin);
        BigDecimal[] implicit = INTEGER_BOUNDS.getOrDefault(type.builtin, new BigDecimal[2]);
        BigDecimal lo = max(implicit[0], type.minInclusive, type.minExclusive);
        BigDecimal hi = min(implicit[1], type.maxInclusive, type.maxExclusive);
        int scale = integer ? 0 : pick(random, 0, 0, 1, 2, 2, 3, 6, 10);
        if (type.fractionDigits != null) {
            scale = Math.min(scale, type.fractionDigits);
        }
        BigDecimal v = switch (random.nextInt(6)) {
            case 0 -> BigDecimal.valueOf(random.nextInt(3) - 1);
            case 1 -> new BigDecimal(new BigInteger(70, new java.util.Random(random.nextLong())))
                    .movePointLeft(scale);
            case 2 -> BigDecimal.valueOf(random.nextLong(1_000_000_000L), scale).negate();
            default -> BigDecimal.valueOf(random.nextLong(100_000), scale);
        };
        if (random.nextBoolean()) {
            v = v.negate();
        }
        if (type.totalDigits != null && v.precision() > type.totalDigits) {
            v = v.movePointLeft(v.precision() - type.totalDigits).setScale(Math.min(scale,
                    Math.max(0, type.totalDigits - 1)), RoundingMode.DOWN);
            if (v.precision() > type.totalDigits) {
                v = BigDecimal.valueOf(random.nextInt(10));
            }
        }
        if (lo != null && hi != null) {
            BigDecimal span = hi.subtract(lo);
            BigDecimal u = BigDecimal.valueOf(random.nextInt(1_000_001), 6);
            v = lo.add(span.multiply(u)).setScale(scale, RoundingMode.DOWN);
            if (random.nextInt(8) == 0) {
                v = random.nextBoolean() ? lo : hi;
            }
        } else if (lo != null) {
            v = lo.add(v.abs());
        } else if (hi != null) {
            v = hi.subtract(v.abs());
        }
        if (integer) {
            v = v.setScale(0, lo != null ? RoundingMode.CEILING : RoundingMode.FLOOR);
        }
        if (type.minExclusive != null && v.compareTo(type.minExclusive) <= 0) {
            v = hi == null ? type.minExclusive.add(BigDecimal.ONE) : type.minExclusive.add(hi).divide(
                    BigDecimal.valueOf(2), integer ? 0 : Math.max(scale, 1) + 1, RoundingMode.DOWN);
        }
        if (type.maxExclusive != null && v.compareTo(type.maxExclusive) >= 0) {
            v = lo == null ? type.maxExclusive.subtract(BigDecimal.ONE) : type.maxExclusive.add(lo).divide(
                    BigDecimal.valueOf(2), integer ? 0 : Math.max(scale, 1) + 1, RoundingMode.UP);
        }
        return v.toPlainString();
    }

    private static BigDecimal max(BigDecimal... values) {
        BigDecimal out = null;
        for (BigDecimal v : values) {
            if (v != null && (out == null || v.compareTo(out) > 0)) {
                out = v;
            }
        }
        return out;
    }

    private static BigDecimal min(BigDecimal... values) {
        BigDecimal out = null;
        for (BigDecimal v : values) {
            if (v != null && (out == null || v.compareTo(out) < 0)) {
                out = v;
            }
        }
        return out;
    }

    // ------------------------------------------------------------------------------------------------ checking

    /** Whether {@code value} is in the lexical space of {@code type} and satisfies its facets (as far as known). */
    static boolean valid(SimpleTypeDef type, String value) {
        if (type.enumeration != null && !type.enumeration.contains(value)) {
            return false;
        }
        for (List<String> step : type.patterns) {
            boolean any = false;
            for (String p : step) {
                any |= Pattern.compile(p).matcher(value).matches();
            }
            if (!any) {
                return false;
            }
        }
        switch (type.variety) {
            case UNION -> {
                for (SimpleTypeDef m : type.members) {
                    if (valid(m, value)) {
                        return true;
                    }
                }
                return false;
            }
            case LIST -> {
                String[] items = value.isEmpty() ? new String[0] : value.split(" ");
                if (!lengthOk(type, items.length)) {
                    return false;
                }
                for (String item : items) {
                    if (!valid(type.itemType, item)) {
                        return false;
                    }
                }
                return true;
            }
            default -> {
                return atomicValid(type, value);
            }
        }
    }

    private static boolean lengthOk(SimpleTypeDef type, int length) {
        return (type.length == null || length == type.length) && (type.minLength == null || length >= type.minLength)
                && (type.maxLength == null || length <= type.maxLength);
    }

    /**
     * Length facets count characters (code points) in the spec, UTF-16 units in the JDK's validator: a value must
     * fit both, so a character outside the BMP only goes where two would fit too.
     */
    private static boolean textLengthOk(SimpleTypeDef type, String value) {
        return lengthOk(type, value.codePointCount(0, value.length())) && lengthOk(type, value.length());
    }

    private static boolean atomicValid(SimpleTypeDef type, String value) {
        String b = type.builtin;
        if (isNumeric(b)) {
            if (("float".equals(b) || "double".equals(b)) && Set.of("INF", "-INF", "NaN").contains(value)) {
                return true;
            }
            if (!(INTEGERS.contains(b) ? INTEGER : ("decimal".equals(b) ? DECIMAL
                    : Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?"))).matcher(value).matches()) {
                return false;
            }
            BigDecimal v = new BigDecimal(value.startsWith("+") ? value.substring(1) : value);
            BigDecimal[] implicit = INTEGER_BOUNDS.getOrDefault(b, new BigDecimal[2]);
            return (implicit[0] == null || v.compareTo(implicit[0]) >= 0)
                    && (implicit[1] == null || v.compareTo(implicit[1]) <= 0)
                    && (type.minInclusive == null || v.compareTo(type.minInclusive) >= 0)
                    && (type.maxInclusive == null || v.compareTo(type.maxInclusive) <= 0)
                    && (type.minExclusive == null || v.compareTo(type.minExclusive) > 0)
                    && (type.maxExclusive == null || v.compareTo(type.maxExclusive) < 0)
                    && (type.totalDigits == null || v.stripTrailingZeros().precision() <= type.totalDigits)
                    && (type.fractionDigits == null || Math.max(0, v.stripTrailingZeros().scale())
                        <= type.fractionDigits);
        }
        return switch (b) {
            case "string", "anySimpleType", "anyAtomicType" -> textLengthOk(type, value);
            case "normalizedString" -> value.chars().noneMatch(c -> c == '\t' || c == '\n' || c == '\r')
                    && textLengthOk(type, value);
            case "token" -> value.equals(value.strip()) && !value.contains("  ")
                    && value.chars().noneMatch(c -> c == '\t' || c == '\n' || c == '\r')
                    && textLengthOk(type, value);
            case "NCName", "ID", "IDREF", "Name" -> NCNAME.matcher(value).matches();
            case "time" -> timeValid(value);
            case "date" -> dateValid(value);
            case "dateTime" -> {
                int t = value.indexOf('T');
                yield t > 0 && dateValid(value.substring(0, t) + tzOf(value.substring(t + 1)))
                        && timeValid(value.substring(t + 1));
            }
            case "anyURI" -> textLengthOk(type, value);
            case "hexBinary" -> value.length() % 2 == 0 && lengthOk(type, value.length() / 2);
            case "base64Binary" -> lengthOk(type, Base64.getDecoder().decode(value).length);
            default -> true;
        };
    }

    private static String tzOf(String time) {
        Matcher m = TIME.matcher(time);
        return m.matches() && m.group(5) != null ? m.group(5) : "";
    }

    private static boolean timeValid(String value) {
        Matcher m = TIME.matcher(value);
        if (!m.matches()) {
            return false;
        }
        int h = Integer.parseInt(m.group(1));
        int min = Integer.parseInt(m.group(2));
        int s = Integer.parseInt(m.group(3));
        return h < 24 && min < 60 && s < 60 && tzValid(m.group(6), m.group(7));
    }

    private static boolean dateValid(String value) {
        Matcher m = DATE.matcher(value);
        if (!m.matches()) {
            return false;
        }
        int year = Integer.parseInt(m.group(1));
        int month = Integer.parseInt(m.group(2));
        int day = Integer.parseInt(m.group(3));
        return year != 0 && month >= 1 && month <= 12 && day >= 1
                && day <= YearMonth.of(year, month).lengthOfMonth() && tzValid(m.group(5), m.group(6));
    }

    private static boolean tzValid(String hours, String minutes) {
        if (hours == null) {
            return true;
        }
        int h = Integer.parseInt(hours);
        int m = Integer.parseInt(minutes);
        return m < 60 && (h < 14 || h == 14 && m == 0);
    }
}
