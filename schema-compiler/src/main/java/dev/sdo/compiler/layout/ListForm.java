package dev.sdo.compiler.layout;

/** The forms of a list's data (docs/record-format.md, section 3), by its element's encoding. */
public enum ListForm {
    /** {@code list<string>}: an end-offset table, then UTF-8. */
    STRINGS,
    /** Fixed-width values of at most 64 bits, packed at their width. */
    PACKED,
    /** Fixed-width values wider than 64 bits ({@code char(n)} of many characters), packed at their width. */
    WIDE,
    /** Records of fixed width, each at a byte boundary, {@code BYTES} apart. */
    RECORDS,
    /** Blobs, lists, unions and records with variable-length data: an end-offset table, then their encodings. */
    VARIABLE
}
