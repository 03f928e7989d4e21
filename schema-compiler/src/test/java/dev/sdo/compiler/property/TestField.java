package dev.sdo.compiler.property;

/**
 * A field of a generated record (or an alternative of a union, which is written like a required field and read like
 * an optional one).
 *
 * @param defaultValue the field's default as its getter returns it, or null when it has none
 * @param defaultText the default as the schema writes it after {@code =}
 */
record TestField(String name, TestType type, boolean optional, JavaAs as, String doc, Object defaultValue,
        String defaultText) {

    TestField(String name, TestType type, boolean optional, JavaAs as, String doc) {
        this(name, type, optional, as, doc, null, null);
    }

    boolean hasDefault() {
        return defaultValue != null;
    }

    /**
     * Whether the field stores a presence bit: an optional one (but not an optional union: its tag 0 is its
     * absence), or one with a default (0 when it holds its default).
     */
    boolean hasPresenceBit() {
        return optional && !(type instanceof TestType.UnionRef) || hasDefault();
    }

    /** The {@code as} clause of a field. */
    enum JavaAs {
        NONE(null), INT("int"), LONG("long"), BIG_INTEGER("BigInteger"), QUALIFIED_BIG_INTEGER("java.math.BigInteger");

        final String written;

        JavaAs(String written) {
            this.written = written;
        }
    }

    /** The getter's name: {@code isName} for a required bool, {@code getName} otherwise. */
    String getterName() {
        return (type instanceof TestType.Bool && !optional ? "is" : "get") + capitalized();
    }

    /** {@code hasName()}: optional fields have it, fields with a default do not need it. */
    boolean hasPresenceTest() {
        return optional;
    }

    String setterName() {
        return "set" + capitalized();
    }

    String hasName() {
        return "has" + capitalized();
    }

    private String capitalized() {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }
}
