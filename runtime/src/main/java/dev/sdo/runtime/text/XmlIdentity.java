package dev.sdo.runtime.text;

/**
 * What a string value is to the other values of its record in XML ({@code @xml(id)}, {@code @xml(idref)}): XML
 * Schema's {@code xsd:ID} and {@code xsd:IDREF}. Reading a record checks that no two of its ids are the same and
 * that each reference is the id of one of its elements, and refuses the record, at the value's line and column,
 * when not.
 */
public enum XmlIdentity {
    /** A plain value. */
    NONE,
    /** An id: no other value of the record's ids may be the same. */
    ID,
    /** A reference: it must be one of the record's ids. */
    IDREF;

    /** The identity's token in an XML shape's text ({@code id}, {@code idref}); {@code -} for none. */
    public String token() {
        return this == NONE ? "-" : name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The identity whose {@link #token} is {@code token}. */
    public static XmlIdentity of(String token) {
        return token.equals("-") ? NONE : valueOf(token.toUpperCase(java.util.Locale.ROOT));
    }
}
