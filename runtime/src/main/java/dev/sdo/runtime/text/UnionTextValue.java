package dev.sdo.runtime.text;

import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * The text value of a union bound to XML as one text ({@code @xml(text = true)} on the union, docs/csv-and-xml.md:
 * what {@code sdoc import-xsd} makes of {@code xsd:date}, {@code union XsdDate { date: date(...); text: string; }}).
 * Reading tries the alternatives in order and takes the first that reads the text <em>and writes it back exactly as
 * it was written</em>: {@code 2001-04-27} is a {@code date}, but {@code 2001-04-27Z}, {@code 12001-04-27},
 * {@code -0044-03-15} or {@code " 2001-04-27"} (which the date would read, trimmed, and write otherwise) go on to
 * the next alternative, {@code text}. So a union whose last alternative is a {@code string} takes every text and
 * gives it back unchanged; a text that no alternative takes is an error naming the field, the text and the
 * alternatives tried. Writing writes the alternative present with its own text value.
 *
 * <p>The union's values are the caller's ({@code GenericUnion}s for the generic engine): {@code make} builds one from
 * an alternative's position (in the order given here) and value, {@code which} and {@code value} take it apart.
 *
 * @param <U> the union's Java type
 */
public final class UnionTextValue<U> extends TextValue<U> {
    private final String union;
    private final List<String> names;
    private final List<TextValue<Object>> alternatives;
    private final BiFunction<Integer, Object, U> make;
    private final ToIntFunction<U> which;
    private final Function<U, Object> value;
    private final boolean empty;

    @SuppressWarnings("unchecked")
    private UnionTextValue(String union, List<String> names, List<? extends TextValue<?>> alternatives,
            BiFunction<Integer, Object, U> make, ToIntFunction<U> which, Function<U, Object> value) {
        if (names.size() != alternatives.size() || alternatives.isEmpty()) {
            throw new IllegalArgumentException("a union needs one name per alternative, and an alternative");
        }
        this.union = union;
        this.names = List.copyOf(names);
        this.alternatives = List.copyOf((List<TextValue<Object>>) alternatives);
        this.make = make;
        this.which = which;
        this.value = value;
        this.empty = alternatives.stream().anyMatch(TextValue::hasEmptyValue);
    }

    /**
     * The text value of union {@code union} whose alternatives, in the order reading tries them, are named
     * {@code names} and read and written by {@code alternatives}.
     *
     * @param make the union holding alternative i (its position in these lists) with its value
     * @param which the position (in these lists) of the alternative a union holds
     * @param value the value of the alternative a union holds
     */
    public static <U> UnionTextValue<U> of(String union, List<String> names, List<? extends TextValue<?>> alternatives,
            BiFunction<Integer, Object, U> make, ToIntFunction<U> which, Function<U, Object> value) {
        return new UnionTextValue<>(union, names, alternatives, make, which, value);
    }

    @Override
    public U parse(String text, String field) {
        for (int i = 0; i < alternatives.size(); i++) {
            TextValue<Object> alternative = alternatives.get(i);
            Object read;
            try {
                read = alternative.parseAsWritten(text, field);
            } catch (TextValueException | IllegalArgumentException e) {
                continue;
            }
            if (read != null) {
                return make.apply(i, read);
            }
            // Read, but not as written: a later alternative keeps the text.
        }
        throw invalid(field, text, "is no value of union " + union + " as written: none of its alternatives ("
                + String.join(", ", names) + ") reads it and writes it back unchanged");
    }

    @Override
    public String format(U union, String field) {
        int i = which.applyAsInt(union);
        if (i < 0 || i >= alternatives.size()) {
            throw new IllegalArgumentException(field + ": the union " + this.union + " holds no alternative");
        }
        return alternatives.get(i).format(value.apply(union), field);
    }

    @Override
    public boolean hasEmptyValue() {
        return empty;
    }
}
