package dev.sdo.compiler.xsd;

/** A namespace-qualified name of a schema component; {@code namespace} is {@code ""} for none. */
record QName(String namespace, String localName) {
    @Override
    public String toString() {
        return namespace.isEmpty() ? localName : "{" + namespace + "}" + localName;
    }
}
