package dev.sdo.compiler.model;

/** The Java-visible name of a declared enum or record: the schema's package plus the declaration's name. */
public record QualifiedName(String packageName, String simpleName) implements Comparable<QualifiedName> {

    @Override
    public String toString() {
        return packageName.isEmpty() ? simpleName : packageName + "." + simpleName;
    }

    @Override
    public int compareTo(QualifiedName other) {
        return toString().compareTo(other.toString());
    }
}
