package dev.sdo.compiler.property;

import dev.sdo.compiler.model.Limits;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Generates random schemas from a seeded {@link Random}: every fixed-width type with random parameters (ranges
 * anywhere in int64, tiny and full ones; decimals of every precision and scale; bounded dates; char fields on the
 * default and on random alphabets written with ranges), enums of 1 to 300 constants, records nested several
 * levels deep and shared by several parents, optional fields and legal {@code as} clauses; records mostly small,
 * some wide, some sized so that their last field ends right at or across a 64-bit boundary. A third of the
 * records also have {@code string}, {@code bytes} and {@code list<T>} fields, required and optional, T any type:
 * strings, blobs, records of fixed width and with variable-length data, lists of lists, chars wider than 64 bits.
 * Records with variable-length data are nested and listed like any other; one schema in ten chains them, so that
 * they nest two levels deep and more and lists of lists of them turn up.
 *
 * <p>Two schemas in five also use the constructs of docs/unions-and-extension.md: unions of 1 to 20 alternatives of
 * every kind (scalars, enums, chars, strings, bytes, lists, small and wide records of fixed width and records with
 * variable-length data, unbounded numbers, other unions and abstract records) used as required and optional fields,
 * list elements, and in records nested in others and in alternatives; abstract records with concrete extensions one and two levels down (through
 * an abstract intermediate sometimes) and fields and lists of the abstract type; records that extend concrete
 * records; defaults on scalar, char and string fields; and {@code decimal} and {@code integer} without bounds.
 *
 * <p>One record in eight of the usual profile is recursive (docs/record-format.md 2.4): it holds itself through an
 * optional field, a list, a list of lists or a union of itself and a string. Five schemas in eight use
 * {@code @compact} (section 8): three of them on every record, five on records at random (two in three of those with
 * variable-length fields, one in six of the others), never with {@code @since}, which random schemas do not use.
 */
final class RandomSchemas {

    /** How big the generated records get. */
    enum Profile {
        /** Mostly one to three records of a handful of fields, sometimes up to five records, up to 300 fields. */
        NORMAL,
        /** One or two records of 300 fields to the most a record may have ({@link Limits#MAX_FIELDS}). */
        WIDE
    }

    /** Field names that are type words or contextual Java keywords: legal, and likely to trip a parser. */
    /** The digits of a second of the time units: ms, us, ns. */
    private static final int[] UNIT_DIGITS = {3, 6, 9};
    private static final List<String> TRICKY_FIELD_NAMES = List.of("date", "time", "timestamp", "bool", "int8",
            "uint32", "uint64", "localtimestamp", "decimal", "udecimal", "optional", "as", "record", "string", "list",
            "bytes", "value", "var",
            "yield", "sealed", "permits", "module", "enumValue", "size", "of", "wrap", "URL", "_under", "aBc",
            "x_", "bytesValue");
    private static final List<String> FIELD_STEMS = List.of("f", "amount", "tradeDate", "x", "qty", "a_b",
            "sideOf", "v");
    /** Doc comments; those that stress the Javadoc a generator writes are in {@link GeneratedJavaEdgeCasesTest}. */
    private static final String[] DOCS = {"The amount.", "Settlement date, <b>bold</b> & more.",
        "Uses 50% of {@code x}.", "Line one.\nLine two."};

    /** Records of more fields than this are not list elements: values of such lists would cost too much time. */
    private static final int MAX_FIELDS_OF_LIST_ELEMENT = 30;

    /** Alternative names, tricky ones included (a Java keyword is a legal name in the schema). */
    private static final List<String> ALTERNATIVE_STEMS = List.of("alt", "a", "choice", "v_", "x");

    private final Random random;
    private final SpecLayout layout = new SpecLayout();
    /** Whether the schema being generated chains records with variable-length data (see {@link #schema}). */
    private boolean chained;
    /** Whether the schema being generated uses unions, extension, defaults and unbounded numbers. */
    private boolean extended;
    /**
     * How the schema being generated uses {@code @compact} (docs/record-format.md section 8): 0 on no record, 1 on
     * every record (as {@code sdoc import-xsd} writes it), 2 on records at random, mostly those with
     * variable-length fields.
     */
    private int compactMode;
    /** The unions the schema being generated declares, which a recursive record's own union joins. */
    private List<TestUnion> schemaUnions = new ArrayList<>();
    /** The unions fields of the schema being generated may use: declared ones and abstract records'. */
    private final List<TestUnion> usableUnions = new ArrayList<>();

    RandomSchemas(Random random) {
        this.random = random;
    }

    /** A schema with no imports. */
    TestSchema schema(String fileName, String packageName, Profile profile) {
        return schema(fileName, packageName, profile, "", List.of(), List.of(), List.of());
    }

    /**
     * A schema that may also use enums and records of imported files.
     *
     * @param nameSuffix appended to every declared name, to keep them apart from the imported ones
     * @param imports the file names to import, relative to this file
     */
    TestSchema schema(String fileName, String packageName, Profile profile, String nameSuffix,
            List<String> imports, List<TestEnum> importedEnums, List<TestRecord> importedRecords) {
        List<TestEnum> enums = new ArrayList<>();
        int enumCount = random.nextInt(4);
        for (int i = 0; i < enumCount; i++) {
            enums.add(enumType("E" + i + nameSuffix));
        }
        List<TestEnum> usableEnums = new ArrayList<>(importedEnums);
        usableEnums.addAll(enums);
        List<TestRecord> records = new ArrayList<>();
        List<TestRecord> usableRecords = new ArrayList<>(importedRecords);
        // One schema in ten chains records with variable-length data: nested in, and listed by, the next ones.
        chained = profile == Profile.NORMAL && random.nextInt(10) == 0;
        compactMode = switch (random.nextInt(8)) {
            case 0, 1, 2 -> 0;
            case 3, 4 -> 1;
            default -> 2;
        };
        // -Dsdo.props.compact=none|all|mixed: every schema so (the draw above keeps the schemas otherwise the same)
        String forced = System.getProperty("sdo.props.compact");
        if (forced != null) {
            compactMode = List.of("none", "all", "mixed").indexOf(forced);
            if (compactMode < 0) {
                throw new IllegalArgumentException("sdo.props.compact is none, all or mixed, not " + forced);
            }
        }
        extended = profile == Profile.NORMAL && nameSuffix.isEmpty() && random.nextInt(5) < 2;
        usableUnions.clear();
        List<TestUnion> unions = new ArrayList<>();
        schemaUnions = unions;
        int recordCount = profile == Profile.WIDE ? 1 + random.nextInt(2)
                : chained || random.nextInt(10) == 0 ? 4 + random.nextInt(2) : 1 + random.nextInt(3);
        for (int i = 0; i < recordCount; i++) {
            String name = "R" + i + nameSuffix;
            boolean last = i == recordCount - 1;
            if (extended) {
                declareExtensions(i, nameSuffix, usableEnums, usableRecords, records, unions);
            }
            TestRecord record = profile == Profile.NORMAL && random.nextInt(8) == 0
                    ? recursiveRecord(name, usableEnums, usableRecords)
                    : record(name, fieldCount(profile, last), usableEnums, usableRecords);
            records.add(record);
            usableRecords.add(record);
        }
        String text = new SchemaText(random).render(packageName, imports, enums, unions, records);
        return new TestSchema(fileName, packageName, enums, unions, records, text);
    }

    /**
     * Before record {@code index} of an extended schema, sometimes: a union of the types declared so far; an
     * abstract record with concrete extensions (one or two levels down, sometimes through an abstract one); a
     * record that extends a concrete record.
     */
    private void declareExtensions(int index, String nameSuffix, List<TestEnum> enums, List<TestRecord> usable,
            List<TestRecord> records, List<TestUnion> unions) {
        if (random.nextInt(5) < 3) {
            TestUnion union = union("U" + index + nameSuffix, enums, usable);
            unions.add(union);
            usableUnions.add(union);
        }
        if (random.nextInt(5) < 2) {
            List<TestField> baseFields = fields(1 + random.nextInt(3), enums, usable, List.of());
            TestRecord base = new TestRecord("A" + index + nameSuffix, null, true, baseFields,
                    compact(baseFields));
            records.add(base);
            List<TestRecord> family = new ArrayList<>(List.of(base)); // records extensions may extend
            List<TestRecord> concrete = new ArrayList<>();
            int extensions = 1 + random.nextInt(4);
            for (int e = 0; e < extensions; e++) {
                TestRecord parent = family.get(random.nextInt(family.size()));
                boolean isAbstract = e < extensions - 1 && random.nextInt(5) == 0;
                List<TestField> own = fields(1 + random.nextInt(3), enums, usable, parent.fields());
                TestRecord extension = new TestRecord("B" + index + "x" + e + nameSuffix, parent, isAbstract, own,
                        compact(all(parent, own)));
                records.add(extension);
                family.add(extension);
                if (!isAbstract) {
                    concrete.add(extension);
                    usable.add(extension);
                }
            }
            // an abstract record with no concrete extension cannot be a field's type
            if (!concrete.isEmpty()) {
                usableUnions.add(TestUnion.ofAbstract(base, concrete));
            }
        }
        // not below an abstract record: the extension would join its union, which is already fixed
        List<TestRecord> concreteBases = usable.stream()
                .filter(r -> r.fields().size() <= MAX_FIELDS_OF_LIST_ELEMENT && !belowAbstract(r)).toList();
        if (!concreteBases.isEmpty() && random.nextInt(4) == 0) {
            TestRecord base = concreteBases.get(random.nextInt(concreteBases.size()));
            List<TestField> own = fields(1 + random.nextInt(4), enums, usable, base.fields());
            TestRecord extension = new TestRecord("C" + index + nameSuffix, base, false, own,
                    compact(all(base, own)));
            records.add(extension);
            usable.add(extension);
        }
    }

    private static boolean belowAbstract(TestRecord record) {
        for (TestRecord r = record.base(); r != null; r = r.base()) {
            if (r.isAbstract()) {
                return true;
            }
        }
        return false;
    }

    /** {@code count} fields of any type, named apart from {@code inherited}'s. */
    private List<TestField> fields(int count, List<TestEnum> enums, List<TestRecord> records,
            List<TestField> inherited) {
        List<String> names = new ArrayList<>(inherited.stream().map(TestField::name).toList());
        List<TestField> fields = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            TestType type = random.nextInt(4) == 0 ? variableLengthType(enums, records, count)
                    : type(enums, records, count);
            fields.add(field(fieldName(inherited.size() + i, names), type));
        }
        return fields;
    }

    /**
     * A union of 1 to 20 alternatives (mostly up to 5) of every kind a union holds: fixed-width scalars, enums and
     * chars of at most 64 bits, strings, blobs, lists, unbounded numbers, unions declared before it and abstract
     * records, and recent records of fixed width (inline when at most 64 bits) or with variable-length data.
     */
    private TestUnion union(String name, List<TestEnum> enums, List<TestRecord> records) {
        int count = switch (random.nextInt(8)) {
            case 0 -> 1;
            case 1 -> 6 + random.nextInt(15);
            default -> 2 + random.nextInt(4);
        };
        // a union in four holds only inline alternatives: it has no slot, and a record of it stays fixed-width
        boolean inlineOnly = random.nextInt(4) == 0;
        List<TestField> alternatives = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String altName = ALTERNATIVE_STEMS.get(random.nextInt(ALTERNATIVE_STEMS.size())) + i;
            if (random.nextInt(15) == 0) {
                String tricky = TRICKY_FIELD_NAMES.get(random.nextInt(TRICKY_FIELD_NAMES.size()));
                altName = names.contains(tricky) ? altName : tricky;
            }
            names.add(altName);
            alternatives.add(new TestField(altName, alternativeType(enums, records, inlineOnly), true,
                    TestField.JavaAs.NONE, null));
        }
        return new TestUnion(name, withDistinctElements(alternatives));
    }

    /**
     * The alternatives, those that are unions replaced by strings where their elements would meet another
     * alternative's: an alternative that is a union has no XML element of its own, its alternatives' elements stand
     * in its place, and the compiler refuses a union whose element could not pick one alternative.
     */
    private static List<TestField> withDistinctElements(List<TestField> alternatives) {
        Set<String> taken = new HashSet<>();
        alternatives.stream().filter(a -> !(a.type() instanceof TestType.UnionRef)).forEach(a -> taken.add(a.name()));
        List<TestField> kept = new ArrayList<>();
        for (TestField alternative : alternatives) {
            if (alternative.type() instanceof TestType.UnionRef ref) {
                Set<String> elements = elements(ref.union());
                if (elements.stream().anyMatch(taken::contains)) {
                    // renamed when an earlier union alternative's elements took its name
                    String name = alternative.name();
                    while (taken.contains(name)) {
                        name += "_";
                    }
                    alternative = new TestField(name, new TestType.Str(), true, TestField.JavaAs.NONE, null);
                    taken.add(alternative.name());
                } else {
                    taken.addAll(elements);
                }
            }
            kept.add(alternative);
        }
        return kept;
    }

    /** The XML elements that stand for a union: its alternatives' names, or its concrete records' (lower-cased). */
    private static Set<String> elements(TestUnion union) {
        Set<String> elements = new HashSet<>();
        for (TestField alternative : union.alternatives()) {
            if (union.abstractRecord() != null) {
                String record = ((TestType.RecordRef) alternative.type()).type().name();
                elements.add(Character.toLowerCase(record.charAt(0)) + record.substring(1));
            } else if (alternative.type() instanceof TestType.UnionRef ref) {
                elements.addAll(elements(ref.union()));
            } else {
                elements.add(alternative.name());
            }
        }
        return elements;
    }

    private TestType alternativeType(List<TestEnum> enums, List<TestRecord> records, boolean inlineOnly) {
        List<TestRecord> small = records.stream()
                .filter(r -> !r.variableLength() && layout.totalBits(r) <= 64).toList();
        if (!inlineOnly && !usableUnions.isEmpty() && random.nextInt(5) == 0) {
            // declared before this one, or an abstract record's: unions in unions, never in themselves
            return new TestType.UnionRef(usableUnions.get(random.nextInt(usableUnions.size())));
        }
        while (true) {
            int roll = random.nextInt(20);
            if (roll < 3 && !inlineOnly) {
                return new TestType.Str();
            } else if (roll < 4 && !inlineOnly) {
                return new TestType.Blob();
            } else if (roll < 6 && !inlineOnly) {
                return new TestType.ListOf(listElement(enums, records, 5, 1));
            } else if (roll < 7 && !inlineOnly) {
                return new TestType.Unbounded(random.nextBoolean());
            } else if (roll < 9 && !inlineOnly) {
                if (!records.isEmpty()) {
                    TestRecord record = recent(records);
                    if (record.fields().size() <= MAX_FIELDS_OF_LIST_ELEMENT) {
                        return new TestType.RecordRef(record); // of variable size, or wide, or small
                    }
                }
            } else if (roll < 11) {
                if (!small.isEmpty()) {
                    return new TestType.RecordRef(small.get(random.nextInt(small.size()))); // inline
                }
            } else {
                TestType type = fixedType(enums, List.of(), 5);
                if (layout.width(type) <= 64) { // a char wider than 64 bits is not an alternative yet
                    return type;
                }
            }
        }
    }

    /** A default for a field that can have one, a third of the time in an extended schema; else the field. */
    private TestField withDefault(TestField field) {
        TestType type = field.type();
        boolean eligible = type instanceof TestType.Bool || type instanceof TestType.Integral
                || type instanceof TestType.Floating || type instanceof TestType.Decimal
                || type instanceof TestType.Date || type instanceof TestType.Time
                || type instanceof TestType.Timestamp || type instanceof TestType.Chars
                || type instanceof TestType.EnumRef || type instanceof TestType.Str;
        if (!extended || field.optional() || !eligible || random.nextInt(3) != 0) {
            return field;
        }
        Object value;
        String text;
        if (type instanceof TestType.Floating t) {
            // exactly representable, and neither zero (-0.0 == 0.0) nor NaN: equality is then plain
            double d = new double[] {2, -1, 0.5, 1.25, -3.75, 1e10, 1024}[random.nextInt(7)];
            value = t.bits() == 32 ? (Object) (float) d : (Object) d;
            text = d == Math.rint(d) && Math.abs(d) < 1e9 && random.nextBoolean() ? Long.toString((long) d)
                    : SchemaText.literal(Double.toString(d));
        } else if (type instanceof TestType.Timestamp t && !t.bounded() && t.digits() == 3 && !t.local()) {
            Instant instant = Instant.ofEpochMilli(random.nextLong(4_000_000_000_000L));
            value = instant;
            text = SchemaText.literal(instant.toString());
        } else if (type instanceof TestType.Timestamp t) {
            value = new RandomValues(random).value(field);
            text = SchemaText.literal(value.toString());
        } else {
            value = new RandomValues(random).value(field);
            if (type instanceof TestType.Bool) {
                text = value.toString();
            } else if (type instanceof TestType.FixedInt t && t.unsigned64()) {
                text = Long.toUnsignedString(ReferenceEncoder.integral(value));
            } else if (type instanceof TestType.Integral) {
                text = Long.toString(ReferenceEncoder.integral(value));
            } else if (type instanceof TestType.Decimal) {
                text = SchemaText.literal(((BigDecimal) value).toPlainString());
            } else if (type instanceof TestType.EnumRef) {
                text = ((RecordValue.EnumValue) value).constant();
            } else if (type instanceof TestType.Str) {
                value = defaultText();
                text = SchemaText.literal((String) value);
            } else {
                text = SchemaText.literal(value.toString()); // dates, times and chars
            }
        }
        return new TestField(field.name(), type, false, field.as(), field.doc(), value, text);
    }

    /** A string default: often a URI as FpML's schemes have, sometimes empty, quotes and backslashes too. */
    private String defaultText() {
        return switch (random.nextInt(5)) {
            case 0 -> "";
            case 1 -> "a \"quoted\" \\ back";
            case 2 -> "Zoë 😀 ünïcödé";
            default -> "http://www.fpml.org/coding-scheme/business-center-" + random.nextInt(1000);
        };
    }

    private int fieldCount(Profile profile, boolean last) {
        if (profile == Profile.WIDE && last) {
            return 300 + random.nextInt(Limits.MAX_FIELDS - 300 + 1);
        }
        int roll = random.nextInt(100);
        if (roll < 75) {
            return 1 + random.nextInt(6);
        } else if (roll < 93) {
            return 7 + random.nextInt(24);
        } else if (roll < 99) {
            return 31 + random.nextInt(70);
        }
        return 101 + random.nextInt(200);
    }

    private TestEnum enumType(String name) {
        int roll = random.nextInt(10);
        int size;
        if (roll < 2) {
            size = 1 + random.nextInt(2);
        } else if (roll < 6) {
            size = 3 + random.nextInt(8);
        } else if (roll < 9) {
            size = (1 << (2 + random.nextInt(7))) + random.nextInt(3) - 1; // 3..257, around powers of two
        } else {
            size = 1 + random.nextInt(300);
        }
        int style = random.nextInt(3);
        List<String> constants = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            constants.add(switch (style) {
                case 0 -> "C" + i;
                case 1 -> "v" + i;
                default -> i == 0 ? "record" : i == 1 ? "var" : "Value_" + i;
            });
        }
        return new TestEnum(name, constants);
    }

    private TestRecord record(String name, int fieldCount, List<TestEnum> enums, List<TestRecord> records) {
        List<TestField> fields = new ArrayList<>();
        List<String> names = new ArrayList<>();
        long bits = 0;
        // A third of the records have string, bytes and list fields; records that nest them have variable data too.
        boolean variableLength = chained || random.nextInt(3) == 0;
        int surelyVariable = variableLength ? random.nextInt(fieldCount) : -1; // so that it has one at least
        for (int i = 0; i < fieldCount; i++) {
            TestType type = variableLength && (i == surelyVariable || random.nextInt(6) == 0)
                    ? variableLengthType(enums, records, fieldCount)
                    : type(enums, records, fieldCount);
            TestField field = field(fieldName(i, names), type);
            fields.add(field);
            bits += (field.hasPresenceBit() ? 1 : 0) + layout.width(type);
        }
        if (random.nextInt(5) < 2) {
            // make the last field end exactly at, one bit before, or a few bits after a 64-bit boundary
            long target = (bits / 64 + 1) * 64 + new int[] {0, 0, -1, 1, -8, 8, -3, 5}[random.nextInt(8)];
            long width = target - bits;
            if (width >= 1 && width <= 64) {
                fields.add(new TestField(fieldName(fieldCount, names), rangeOfWidth((int) width, false), false,
                        TestField.JavaAs.NONE, null));
            }
        }
        return new TestRecord(name, null, false, fields, compact(fields));
    }

    /**
     * A recursive record (docs/record-format.md 2.4): a few fields of any type, and one or two that hold the record
     * itself: optional, a list of it (or of lists of it), or a union of it and a string (required or optional),
     * declared with the schema's unions and usable by the records after it.
     */
    private TestRecord recursiveRecord(String name, List<TestEnum> enums, List<TestRecord> records) {
        int plain = random.nextInt(5);
        int selves = 1 + random.nextInt(2);
        int[] kinds = new int[selves];
        for (int k = 0; k < selves; k++) {
            kinds[k] = random.nextInt(10);
        }
        List<TestField> others = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < plain; i++) {
            TestType type = random.nextInt(3) == 0 ? variableLengthType(enums, records, plain)
                    : type(enums, records, plain);
            others.add(field(fieldName(i, names), type));
        }
        List<String> selfNames = new ArrayList<>();
        for (int k = 0; k < selves; k++) {
            selfNames.add(fieldName(plain + k, names));
        }
        List<Integer> places = new ArrayList<>();
        for (int k = 0; k < selves; k++) {
            places.add(random.nextInt(plain + 1));
        }
        boolean compact = compactMode == 1 || compactMode == 2 && random.nextInt(3) != 0;
        List<TestUnion> ownUnion = new ArrayList<>();
        TestRecord record = new TestRecord(name, self -> {
            List<TestField> fields = new ArrayList<>(others);
            for (int k = selves - 1; k >= 0; k--) {
                TestType ref = new TestType.RecordRef(self);
                TestField field = switch (kinds[k]) {
                    case 0, 1, 2, 3 -> new TestField(selfNames.get(k), ref, true, TestField.JavaAs.NONE, null);
                    case 4, 5, 6 -> new TestField(selfNames.get(k), new TestType.ListOf(ref), kinds[k] == 6,
                            TestField.JavaAs.NONE, null);
                    case 7 -> new TestField(selfNames.get(k), new TestType.ListOf(new TestType.ListOf(ref)), false,
                            TestField.JavaAs.NONE, null);
                    default -> {
                        if (ownUnion.isEmpty()) {
                            ownUnion.add(new TestUnion("U" + name, List.of(
                                    new TestField("node", ref, true, TestField.JavaAs.NONE, null),
                                    new TestField("leaf", new TestType.Str(), true, TestField.JavaAs.NONE, null))));
                        }
                        yield new TestField(selfNames.get(k), new TestType.UnionRef(ownUnion.get(0)),
                                kinds[k] == 9, TestField.JavaAs.NONE, null);
                    }
                };
                fields.add(Math.min(places.get(k), fields.size()), field);
            }
            return fields;
        }, compact);
        schemaUnions.addAll(ownUnion);
        usableUnions.addAll(ownUnion);
        return record;
    }

    /** Whether a record of these fields is {@code @compact}, by the schema's {@link #compactMode}. */
    private boolean compact(List<TestField> fields) {
        return switch (compactMode) {
            case 0 -> false;
            case 1 -> true;
            default -> fields.stream().anyMatch(f -> TestType.variableLength(f.type())) ? random.nextInt(3) != 0
                    : random.nextInt(6) == 0;
        };
    }

    /** A base's fields, then an extension's own. */
    private static List<TestField> all(TestRecord base, List<TestField> own) {
        List<TestField> all = new ArrayList<>(base.fields());
        all.addAll(own);
        return all;
    }

    private String fieldName(int index, List<String> taken) {
        String name;
        if (random.nextInt(12) == 0) {
            name = TRICKY_FIELD_NAMES.get(random.nextInt(TRICKY_FIELD_NAMES.size()));
            if (taken.contains(name)) {
                name = "f" + index;
            }
        } else {
            name = FIELD_STEMS.get(random.nextInt(FIELD_STEMS.size())) + index;
        }
        taken.add(name);
        return name;
    }

    private TestField field(String name, TestType type) {
        boolean optional = random.nextInt(4) == 0;
        TestField.JavaAs as = TestField.JavaAs.NONE;
        List<TestField.JavaAs> legal = JavaTypes.legalOverrides(type);
        if (!legal.isEmpty() && random.nextInt(6) == 0) {
            as = legal.get(random.nextInt(legal.size()));
        }
        String doc = random.nextInt(15) == 0 ? DOCS[random.nextInt(DOCS.length)] : null;
        return withDefault(new TestField(name, type, optional, as, doc));
    }

    /** A string, bytes or list: of any type (lists of lists of lists at most). */
    private TestType variableLengthType(List<TestEnum> enums, List<TestRecord> records, int fieldCount) {
        return switch (random.nextInt(4)) {
            case 0 -> new TestType.Str();
            case 1 -> new TestType.Blob();
            default -> new TestType.ListOf(listElement(enums, records, fieldCount, 2));
        };
    }

    /**
     * A list's element type: a string, a blob, a recent small record (of fixed width or not), a list (while
     * {@code depth} allows), or any fixed-width type, chars wider than 64 bits included.
     */
    private TestType listElement(List<TestEnum> enums, List<TestRecord> records, int fieldCount, int depth) {
        int roll = random.nextInt(20);
        if (roll < 4) {
            return new TestType.Str();
        } else if (roll < 6) {
            return new TestType.Blob();
        } else if (roll < 11 && !records.isEmpty()) {
            TestRecord element = recent(records);
            if (element.fields().size() <= MAX_FIELDS_OF_LIST_ELEMENT) {
                return new TestType.RecordRef(element);
            }
        } else if (roll < 13 && depth > 0) {
            return new TestType.ListOf(listElement(enums, records, fieldCount, depth - 1));
        } else if (roll < 14 && !usableUnions.isEmpty() && random.nextBoolean()) {
            return new TestType.UnionRef(usableUnions.get(random.nextInt(usableUnions.size())));
        } else if (roll < 14) {
            // wider than 64 bits: more than 64 / 7 printable ASCII characters
            return new TestType.Chars(10 + random.nextInt(30), null, TestType.PRINTABLE_ASCII);
        }
        return type(enums, List.of(), fieldCount);
    }

    private TestType type(List<TestEnum> enums, List<TestRecord> records, int fieldCount) {
        if (extended && !usableUnions.isEmpty() && random.nextInt(5) == 0) {
            return new TestType.UnionRef(usableUnions.get(random.nextInt(usableUnions.size())));
        }
        if (extended && random.nextInt(25) == 0) {
            return new TestType.Unbounded(random.nextBoolean());
        }
        return fixedType(enums, records, fieldCount);
    }

    private TestType fixedType(List<TestEnum> enums, List<TestRecord> records, int fieldCount) {
        while (true) {
            int roll = random.nextInt(100);
            if (roll < 7) {
                return new TestType.Bool();
            } else if (roll < 17) {
                int bits = 8 << random.nextInt(4);
                boolean signed = random.nextBoolean();
                return new TestType.FixedInt(bits, signed);
            } else if (roll < 33) {
                return range();
            } else if (roll < 39) {
                return new TestType.Floating(random.nextBoolean() ? 32 : 64);
            } else if (roll < 50) {
                int precision = 1 + random.nextInt(18);
                return new TestType.Decimal(precision, random.nextInt(precision + 1), random.nextBoolean());
            } else if (roll < 58) {
                return date();
            } else if (roll < 62) {
                return new TestType.Time(UNIT_DIGITS[random.nextInt(UNIT_DIGITS.length)]);
            } else if (roll < 66) {
                return timestamp();
            } else if (roll < 78) {
                return chars(fieldCount);
            } else if (roll < 88) {
                if (!enums.isEmpty()) {
                    return new TestType.EnumRef(enums.get(random.nextInt(enums.size())));
                }
            } else if (!records.isEmpty()) {
                // small enough to nest; the most recent records are the deepest, so prefer them
                TestRecord nested = recent(records);
                if (layout.totalBits(nested) <= (fieldCount > 100 ? 600 : 6000)) {
                    return new TestType.RecordRef(nested);
                }
            }
        }
    }

    /**
     * One of the three most recent records (the deepest), half the time one with variable-length data when there
     * is one, so that such records nest and are listed often.
     */
    private TestRecord recent(List<TestRecord> records) {
        List<TestRecord> recent = records.subList(Math.max(0, records.size() - 3), records.size());
        List<TestRecord> variable = recent.stream().filter(TestRecord::variableLength).toList();
        if (!variable.isEmpty() && (chained || random.nextBoolean())) {
            return variable.get(random.nextInt(variable.size()));
        }
        return recent.get(recent.size() - 1 - random.nextInt(recent.size()));
    }

    private TestType.Range range() {
        boolean underscores = random.nextInt(4) == 0;
        switch (random.nextInt(10)) {
            case 0:
                return new TestType.Range(Long.MIN_VALUE, Long.MAX_VALUE, underscores);
            case 1:
            case 2: {
                long lo = anywhere();
                int extra = 1 + random.nextInt(4);
                return lo > Long.MAX_VALUE - extra ? new TestType.Range(Long.MAX_VALUE - extra, Long.MAX_VALUE,
                        underscores) : new TestType.Range(lo, lo + extra, underscores);
            }
            case 3: {
                long a = random.nextInt();
                long b = random.nextInt();
                if (a == b) {
                    b = a == Integer.MAX_VALUE ? a - 1 : a + 1;
                }
                return new TestType.Range(Math.min(a, b), Math.max(a, b), underscores);
            }
            default:
                return rangeOfWidth(1 + random.nextInt(64), underscores);
        }
    }

    /** A range whose width is exactly {@code width} bits (between 2^(width-1) + 1 and 2^width values). */
    private TestType.Range rangeOfWidth(int width, boolean underscores) {
        BigInteger maxCount = BigInteger.ONE.shiftLeft(width);
        BigInteger minCount = BigInteger.ONE.shiftLeft(width - 1).add(BigInteger.ONE);
        BigInteger count = random.nextBoolean() ? maxCount
                : minCount.add(new BigInteger(width + 8, random).mod(maxCount.subtract(minCount).add(BigInteger.ONE)));
        BigInteger span = count.subtract(BigInteger.ONE);
        BigInteger lowest = BigInteger.valueOf(Long.MIN_VALUE);
        BigInteger room = BigInteger.valueOf(Long.MAX_VALUE).subtract(span).subtract(lowest); // lo in lowest..lowest+room
        BigInteger lo;
        switch (random.nextInt(4)) {
            case 0:
                lo = BigInteger.ZERO.max(lowest).min(lowest.add(room));
                break;
            case 1:
                lo = lowest;
                break;
            case 2:
                lo = lowest.add(room);
                break;
            default:
                lo = lowest.add(new BigInteger(66, random).mod(room.add(BigInteger.ONE)));
                break;
        }
        return new TestType.Range(lo.longValueExact(), lo.add(span).longValueExact(), underscores);
    }

    private long anywhere() {
        return switch (random.nextInt(5)) {
            case 0 -> Long.MIN_VALUE + random.nextInt(3);
            case 1 -> Long.MAX_VALUE - random.nextInt(8);
            case 2 -> random.nextInt(2001) - 1000;
            default -> random.nextLong();
        };
    }

    /**
     * A timestamp or localtimestamp of a random unit: a third of the time plain, else with a range of a few days, of
     * random days, or the widest the unit's 64 bits hold (for nanoseconds, 64 bits of offset).
     */
    private TestType.Timestamp timestamp() {
        int digits = UNIT_DIGITS[random.nextInt(UNIT_DIGITS.length)];
        boolean local = random.nextInt(3) == 0;
        if (random.nextInt(3) == 0) {
            return new TestType.Timestamp(digits, local, null, null);
        }
        // The days whose every unit a 64-bit count holds: 1677-09-22..2262-04-10 in nanoseconds.
        long first = digits == 9 ? LocalDate.of(1677, 9, 22).toEpochDay() : TestType.FIRST_DAY.toEpochDay();
        long last = digits == 9 ? LocalDate.of(2262, 4, 10).toEpochDay() : TestType.LAST_DAY.toEpochDay();
        switch (random.nextInt(3)) {
            case 0:
                return new TestType.Timestamp(digits, local, LocalDate.ofEpochDay(first), LocalDate.ofEpochDay(last));
            case 1: {
                long lo = first + (long) (random.nextDouble() * (last - first));
                long hi = Math.min(last, lo + random.nextInt(3));
                return new TestType.Timestamp(digits, local, LocalDate.ofEpochDay(lo), LocalDate.ofEpochDay(hi));
            }
            default: {
                long a = first + (long) (random.nextDouble() * (last - first + 1));
                long b = first + (long) (random.nextDouble() * (last - first + 1));
                return new TestType.Timestamp(digits, local, LocalDate.ofEpochDay(Math.min(a, b)),
                        LocalDate.ofEpochDay(Math.max(a, b)));
            }
        }
    }

    private TestType.Date date() {
        long first = TestType.FIRST_DAY.toEpochDay();
        long last = TestType.LAST_DAY.toEpochDay();
        switch (random.nextInt(6)) {
            case 0:
                return new TestType.Date(TestType.FIRST_DAY, TestType.LAST_DAY, false);
            case 1:
                return new TestType.Date(TestType.FIRST_DAY, TestType.LAST_DAY, true);
            case 2: {
                long lo = random.nextBoolean() ? first + random.nextInt(3) : last - 1 - random.nextInt(3);
                if (random.nextBoolean()) {
                    lo = first + (long) (random.nextDouble() * (last - first));
                }
                long hi = Math.min(last, lo + 1 + random.nextInt(3));
                return new TestType.Date(LocalDate.ofEpochDay(lo), LocalDate.ofEpochDay(hi), true);
            }
            case 3:
                return new TestType.Date(LocalDate.of(2000, 1, 1), LocalDate.of(2099, 12, 31), true);
            default: {
                long a = first + (long) (random.nextDouble() * (last - first + 1));
                long b = first + (long) (random.nextDouble() * (last - first + 1));
                if (a == b) {
                    b = a == last ? a - 1 : a + 1;
                }
                return new TestType.Date(LocalDate.ofEpochDay(Math.min(a, b)), LocalDate.ofEpochDay(Math.max(a, b)),
                        true);
            }
        }
    }

    private TestType.Chars chars(int fieldCount) {
        int length = random.nextInt(10) == 0 && fieldCount < 100 ? 1 + random.nextInt(255) : 1 + random.nextInt(12);
        if (random.nextInt(5) < 2) {
            return new TestType.Chars(length, null, TestType.PRINTABLE_ASCII);
        }
        return alphabet(length);
    }

    /**
     * A random alphabet written as ranges and single characters, a leading '-' sometimes, never a duplicate;
     * mostly printable ASCII, sometimes Latin-1 letters, Greek capitals or CJK ideographs.
     */
    private TestType.Chars alphabet(int length) {
        BitSet used = new BitSet();
        StringBuilder written = new StringBuilder();
        StringBuilder expanded = new StringBuilder();
        if (random.nextInt(5) == 0) {
            written.append('-');
            expanded.append('-');
            used.set('-');
        }
        char from = 0x20;
        char to = random.nextInt(8) == 0 ? (char) 0xFF : (char) 0x7E;
        int segments = 1 + random.nextInt(6);
        for (int s = 0; s < segments; s++) {
            char start = (char) (from + random.nextInt(to - from + 1));
            if (used.get(start) || start == '-' || (start >= 0x7F && start < 0xA1)) {
                continue;
            }
            char end = start;
            int wanted = random.nextInt(3) == 0 ? 0 : random.nextInt(30);
            while (wanted-- > 0 && end < to && !used.get(end + 1) && end + 1 != '-'
                    && !(end + 1 >= 0x7F && end + 1 < 0xA1)) {
                end++;
            }
            written.append(start);
            if (end > start) {
                written.append('-').append(end);
            }
            for (char c = start; c <= end; c++) {
                expanded.append(c);
                used.set(c);
            }
        }
        if (random.nextInt(10) == 0) {
            // beyond Latin-1: Greek capitals (24 letters), or enough CJK ideographs for 8- or 9-bit codes
            char start = random.nextBoolean() ? '\u0391' : '\u4e00';
            char end = start == '\u0391' ? '\u03a9' : (char) (start + 100 + random.nextInt(300));
            written.append(start).append('-').append(end);
            for (char c = start; c <= end; c++) {
                expanded.append(c); // U+03A2 is unassigned, but a range is every character between its ends
            }
        }
        if (expanded.length() == 0) {
            written.append('Z');
            expanded.append('Z');
        }
        return new TestType.Chars(length, written.toString(), expanded.toString());
    }
}
