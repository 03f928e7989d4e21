package dev.sdo.compiler.xsd;

/**
 * An XML Schema that the importer cannot read or map, with the one-line message the user sees:
 * {@code FILE:LINE: error: WHAT}, naming the construct.
 */
public final class XsdException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    XsdException(String message) {
        super(message, null, false, false);
    }

    /** An error at a node of a schema document. */
    static XsdException at(XmlNode node, String what) {
        return new XsdException(node.file() + ":" + node.line() + ": error: " + what);
    }
}
