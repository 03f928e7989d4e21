package dev.sdo.compiler.property;

/** A field of a generated record. */
record TestField(String name, TestType type, boolean optional, JavaAs as, String doc) {

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
