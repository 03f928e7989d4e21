package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldType.BoolType;
import dev.sdo.compiler.model.QualifiedName;
import java.util.Locale;

/** The Java names the generator derives from schema names: classes, accessors and constants. */
public final class Names {
    private Names() {}

    /** The generated enum or record interface for a declared type. */
    static ClassName type(QualifiedName name) {
        return ClassName.get(name.packageName(), name.simpleName());
    }

    /** The mutable bean class of a record. */
    static ClassName bean(QualifiedName record) {
        return ClassName.get(record.packageName(), record.simpleName() + "Bean");
    }

    /** The flyweight class of a record. */
    static ClassName sdo(QualifiedName record) {
        return ClassName.get(record.packageName(), record.simpleName() + "Sdo");
    }

    /** The batch container of a record. */
    static ClassName batch(QualifiedName record) {
        return ClassName.get(record.packageName(), record.simpleName() + "Batch");
    }

    /** {@code amount1} becomes {@code Amount1}. */
    static String capitalized(String name) {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    /** The getter of a field in the generated interface: {@code isX} for a required bool, else {@code getX}. */
    public static String getter(Field field) {
        boolean plainBoolean = field.type() instanceof BoolType && !field.optional();
        return (plainBoolean ? "is" : "get") + capitalized(field.name());
    }

    static String setter(Field field) {
        return "set" + capitalized(field.name());
    }

    static String presence(Field field) {
        return "has" + capitalized(field.name());
    }

    /**
     * A name in constant style: {@code exchangeRate} becomes {@code EXCHANGE_RATE}. Two names may meet
     * ({@code a_b} and {@code aB}); callers that need unique names make them so.
     */
    static String constant(String name) {
        StringBuilder result = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c) && i > 0 && !Character.isUpperCase(name.charAt(i - 1))
                    && name.charAt(i - 1) != '_') {
                result.append('_');
            }
            result.append(c);
        }
        return result.toString().toUpperCase(Locale.ROOT);
    }

    /** The field as error messages name it: {@code Trade.amount1}. */
    static String qualifiedField(QualifiedName record, Field field) {
        return record.simpleName() + "." + field.name();
    }
}
