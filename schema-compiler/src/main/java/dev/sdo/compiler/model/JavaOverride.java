package dev.sdo.compiler.model;

/** The Java type an {@code as JavaType} clause asks a getter to return. */
public enum JavaOverride {
    INT("int"),
    LONG("long"),
    BIG_INTEGER("java.math.BigInteger");

    private final String javaName;

    JavaOverride(String javaName) {
        this.javaName = javaName;
    }

    public String javaName() {
        return javaName;
    }
}
