package dev.sdo.compiler.cli;

import dev.sdo.runtime.generic.FieldDescriptor;
import dev.sdo.runtime.generic.FieldType;
import dev.sdo.runtime.generic.GenericTextValues;
import dev.sdo.runtime.generic.GenericUnion;
import dev.sdo.runtime.generic.RecordDescriptor;
import dev.sdo.runtime.generic.RecordValues;
import dev.sdo.runtime.generic.SchemaDescriptor;
import dev.sdo.runtime.generic.UnionDescriptor;
import dev.sdo.runtime.text.BadInputPolicy;
import dev.sdo.runtime.text.TextInputException;
import dev.sdo.runtime.text.TextReadResult;
import dev.sdo.runtime.text.TextValue;
import dev.sdo.runtime.text.TextValueException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Records read from JSON in the form {@code sdoc dump --format json} writes ({@link JsonWriter}), by a schema
 * descriptor: an array of objects, one per record, each member a field by name (in any order; a field without a
 * member is absent, {@code null} too); nested records as objects, lists as arrays, a union as an object of one
 * member, its alternative's name and value; numbers as JSON numbers (a float's {@code "NaN"} and infinities as
 * strings), dates, times, timestamps, characters, enum constants and base64 blobs as strings. Each value is read by
 * the text value generated bindings use for its type ({@link GenericTextValues}), so it is checked where it is and a
 * bad one is reported at its line and column, naming the field; the record then goes to a sink (the generic writer),
 * whose refusal is reported at the record's first character.
 */
final class JsonRecords {
    private final SchemaDescriptor schema;
    private final Map<FieldType, TextValue<?>> values = new IdentityHashMap<>();
    private JsonInput json;
    /** The first problem of the record being read; null while it has none. */
    private TextInputException problem;

    JsonRecords(SchemaDescriptor schema) {
        this.schema = schema;
    }

    /**
     * Reads every record of {@code in} (the schema's first record) and hands each to {@code sink}, which refuses a
     * record with an {@link IllegalArgumentException}.
     *
     * @throws TextInputException for text that is not JSON or not an array of records (always), and for a bad record
     *     (unless {@code policy} skips it)
     */
    TextReadResult read(InputStream in, String source, BadInputPolicy policy, Consumer<RecordValues> sink)
            throws IOException {
        json = new JsonInput(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()), source);
        if (json.peek() < 0) {
            return new TextReadResult(0, 0);
        }
        json.expect('[', "an array of records, as sdoc dump --format json writes");
        long records = 0;
        long skipped = 0;
        if (json.peek() == ']') {
            json.expect(']', "']'");
        } else {
            do {
                if (json.peek() != '{') {
                    throw json.error("expected a record (a JSON object), found " + json.found());
                }
                long line = json.line();
                long column = json.column();
                problem = null;
                RecordValues record = record(0, schema.record().simpleName());
                if (problem == null) {
                    try {
                        sink.accept(record);
                    } catch (IllegalArgumentException e) {
                        problem = new TextInputException(source, line, column, e.getMessage());
                    }
                }
                if (problem == null) {
                    records++;
                } else {
                    policy.handle(problem);
                    skipped++;
                }
            } while (json.separator(']'));
        }
        if (json.peek() >= 0) {
            throw json.error("text after the array of records: " + json.found());
        }
        return new TextReadResult(records, skipped);
    }

    /**
     * An object as the values of record {@code index} of the schema, its fields named in messages after
     * {@code path} (the record's name, or where it is: {@code Trade.legs[1]}).
     */
    private RecordValues record(int index, String path) throws IOException {
        RecordValues record = RecordValues.of(schema, index);
        RecordDescriptor descriptor = record.descriptor();
        boolean[] seen = new boolean[descriptor.fields().size()];
        json.expect('{', "'{'");
        if (json.peek() == '}') {
            json.expect('}', "'}'");
            return record;
        }
        do {
            if (json.peek() != '"') {
                throw json.error("expected a member's name (a field of " + descriptor.simpleName() + "), found "
                        + json.found());
            }
            long line = json.line();
            long column = json.column();
            String name = json.string();
            json.expect(':', "':' after a member's name");
            int field = descriptor.indexOf(name);
            if (field < 0 || seen[field]) {
                problem(line, column, path + (field < 0 ? " has no field " + name
                        : "." + name + " is given twice"));
                json.skipValue();
                continue;
            }
            seen[field] = true;
            FieldDescriptor described = descriptor.field(field);
            record.set(field, value(described.type(), path + "." + name));
        } while (json.separator('}'));
        return record;
    }

    /** A value of {@code type}, or null for {@code null} (and for a bad value, whose problem is noted). */
    private Object value(FieldType type, String label) throws IOException {
        int c = json.peek();
        if (c == 'n') {
            json.literal();
            return null;
        } else if (type instanceof FieldType.Nested nested) {
            return c == '{' ? record(nested.record(), label) : wrongKind(label, "a record (a JSON object)");
        } else if (type instanceof FieldType.ListOf list) {
            return c == '[' ? list(list.element(), label) : wrongKind(label, "a list (a JSON array)");
        } else if (type instanceof FieldType.Union union) {
            return c == '{' ? union(schema.unions().get(union.union()), label)
                    : wrongKind(label, "a union (a JSON object of one member, its alternative)");
        } else if (type instanceof FieldType.Bool) {
            if (c != 't' && c != 'f') {
                return wrongKind(label, "true or false");
            }
            return Boolean.valueOf(json.literal());
        } else if (type instanceof FieldType.Text) {
            return c == '"' ? json.string() : wrongKind(label, "a string");
        } else if (type instanceof FieldType.Chars) {
            // Characters as they are: an alphabet may hold the white space a text value would trim.
            return c == '"' ? json.string() : wrongKind(label, "a string");
        }
        boolean number = numeric(type);
        boolean floating = type instanceof FieldType.Floating;
        long line = json.line();
        long column = json.column();
        String text;
        if (c == '"' && (!number || floating)) {
            text = json.string();
        } else if ((c == '-' || c >= '0' && c <= '9') && number) {
            text = json.number();
        } else {
            return wrongKind(label, floating ? "a number, or \"NaN\", \"Infinity\" or \"-Infinity\""
                    : number ? "a number" : "a string");
        }
        try {
            return values.computeIfAbsent(type, t -> GenericTextValues.of(t, null, false)).parse(text, label);
        } catch (TextValueException e) {
            problem(line, column, e.getMessage());
            return null;
        }
    }

    /** Whether values of {@code type} are JSON numbers. */
    private static boolean numeric(FieldType type) {
        return type instanceof FieldType.Int || type instanceof FieldType.Range
                || type instanceof FieldType.Unsigned64 || type instanceof FieldType.Floating
                || type instanceof FieldType.Decimal || type instanceof FieldType.AnyDecimal
                || type instanceof FieldType.AnyInteger;
    }

    private List<Object> list(FieldType element, String label) throws IOException {
        json.expect('[', "'['");
        List<Object> list = new ArrayList<>();
        if (json.peek() == ']') {
            json.expect(']', "']'");
            return list;
        }
        do {
            list.add(value(element, label + "[" + list.size() + "]"));
        } while (json.separator(']'));
        return list;
    }

    private GenericUnion union(UnionDescriptor union, String label) throws IOException {
        json.expect('{', "'{'");
        String simpleName = union.name().substring(union.name().lastIndexOf('.') + 1);
        if (json.peek() != '"') {
            problem(label + ": union " + simpleName + " holds one alternative, a member named after it");
            json.expect('}', "'}' or an alternative's name");
            return null;
        }
        String name = json.string();
        json.expect(':', "':' after a member's name");
        int alternative = -1;
        for (int i = 0; i < union.alternatives().size(); i++) {
            if (union.alternatives().get(i).name().equals(name)) {
                alternative = i;
            }
        }
        GenericUnion value = null;
        if (alternative < 0) {
            problem(label + ": union " + simpleName + " has no alternative " + name + "; its alternatives: "
                    + String.join(", ", union.alternatives().stream().map(UnionDescriptor.Alternative::name)
                    .toList()));
            json.skipValue();
        } else {
            Object held = value(union.alternatives().get(alternative).type(), label + "." + name);
            value = held == null ? null : GenericUnion.of(union, alternative, held);
        }
        if (json.separator('}')) {
            problem(label + ": union " + simpleName + " holds one alternative, not several");
            do {
                json.string();
                json.expect(':', "':' after a member's name");
                json.skipValue();
            } while (json.separator('}'));
        }
        return value;
    }

    /** Notes that the value at hand is not of the kind its field takes, skips it, and returns null. */
    private Object wrongKind(String label, String expected) throws IOException {
        problem(label + ": expected " + expected + ", found " + json.found());
        json.skipValue();
        return null;
    }

    /** Notes {@code reason} at the token at hand, unless the record has a problem already. */
    private void problem(String reason) {
        problem(json.line(), json.column(), reason);
    }

    private void problem(long line, long column, String reason) {
        if (problem == null) {
            problem = new TextInputException(json.source(), line, column, reason);
        }
    }
}
