package dev.sdo.runtime.text;

import javax.xml.stream.XMLStreamException;

/**
 * Where {@link XmlTreeWriter} writes: {@link Utf8XmlOutput}, UTF-8 bytes into a buffer of its own (what every
 * document {@link XmlTreeBinding} writes goes through), or {@link StaxXmlOutput}, a StAX writer a caller hands in
 * ({@link XmlTreeBinding#writeElement}). The calls are those of a StAX writer without namespace repair: an element's
 * start tag stays open for its namespace declarations and attributes until its content (or its end) comes; an empty
 * element's tag closes with {@code />} at the next call.
 */
abstract class XmlOutput {
    /** {@code <?xml version="1.0" encoding="UTF-8"?>}. */
    abstract void declaration() throws XMLStreamException;

    /** Starts an element without a prefix; an {@code empty} one takes attributes and no end. */
    abstract void start(XmlName name, boolean empty) throws XMLStreamException;

    /** Starts an element of raw XML, with its prefix ("" for none); it takes an {@link #end}. */
    abstract void start(String prefix, String local, String namespace) throws XMLStreamException;

    /** Declares the default namespace on the element just started. */
    abstract void defaultNamespace(String namespace) throws XMLStreamException;

    /** Declares {@code prefix} on the element just started. */
    abstract void namespace(String prefix, String namespace) throws XMLStreamException;

    /** An attribute in no namespace of the element just started. */
    abstract void attribute(XmlName name, String value) throws XMLStreamException;

    /** An attribute in no namespace of the element just started, its value {@code length} characters of {@code chars}. */
    abstract void attribute(XmlName name, char[] chars, int length) throws XMLStreamException;

    /**
     * An attribute in no namespace of the element just started, its value {@code length} bytes of {@code bytes} from
     * {@code offset}: well-formed UTF-8 of characters XML can hold.
     */
    abstract void attribute(XmlName name, byte[] bytes, int offset, int length) throws XMLStreamException;

    /** An attribute with a prefix ("" for none), declared already. */
    abstract void attribute(String prefix, String namespace, String local, String value) throws XMLStreamException;

    /** Text, escaped. */
    abstract void text(char[] chars, int offset, int length) throws XMLStreamException;

    /** Text, escaped. */
    abstract void text(String text) throws XMLStreamException;

    /** Text of well-formed UTF-8 of characters XML can hold, escaped. */
    abstract void text(byte[] bytes, int offset, int length) throws XMLStreamException;

    /**
     * An element of text alone on a new line at {@code depth}: {@code <name>text</name>}, escaped, in the default
     * namespace in scope.
     */
    abstract void value(int depth, XmlName name, char[] chars, int length) throws XMLStreamException;

    /** {@link #value(int, XmlName, char[], int)} of well-formed UTF-8 of characters XML can hold. */
    abstract void value(int depth, XmlName name, byte[] bytes, int offset, int length) throws XMLStreamException;

    /** {@link #value(int, XmlName, char[], int)} of a string. */
    abstract void value(int depth, XmlName name, String text) throws XMLStreamException;

    /** A new line, and two spaces for each level of {@code depth}. */
    abstract void indent(int depth) throws XMLStreamException;

    abstract void comment(String text) throws XMLStreamException;

    /** Ends the innermost element not ended yet (not an empty one). */
    abstract void end() throws XMLStreamException;

    /** Ends the document: writes out what is buffered and flushes what it is written to, which stays open. */
    abstract void finish() throws XMLStreamException;
}
