package dev.sdo.runtime.text;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import javax.xml.XMLConstants;
import javax.xml.namespace.NamespaceContext;
import javax.xml.namespace.QName;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The runtime's own XML parser: a namespace-aware StAX reader of UTF-8 bytes, read from a stream through a buffer
 * (documents larger than memory stream through it). Reading records is mostly parsing, and a general parser works
 * for what records never need: it decodes every name and text into characters, and the white space between elements
 * into text nobody reads. This one matches element and attribute names against a table of the names it has met
 * (their bytes, so a known name costs one comparison and no string), makes a value's string straight from its bytes,
 * and only looks at the white space between elements.
 *
 * <p>What it reads, and how it tells it:
 * <ul>
 *   <li>Events: {@code START_ELEMENT}, {@code END_ELEMENT}, {@code CHARACTERS}, {@code COMMENT},
 *       {@code PROCESSING_INSTRUCTION}, {@code END_DOCUMENT}. Text, character and entity references and CDATA
 *       sections next to each other are one {@code CHARACTERS} event (as with {@code IS_COALESCING}); white space
 *       outside the root element is no event. Line ends are read as {@code \n}, attribute values normalised as XML
 *       1.0 says.</li>
 *   <li>Names and namespace URIs are interned strings, so that bindings compare them by reference.</li>
 *   <li>{@link #getLocation} is where the JDK's reader puts it: just after the event, a text's after the start
 *       of the markup that ends it ({@code <}, {@code </}, {@code <?} or {@code <!--}); columns count
 *       characters.</li>
 *   <li>Refused, with an {@link XMLStreamException} at the line and column: anything not well-formed (tags that do
 *       not match, a second root, an undeclared prefix, a repeated attribute, a reference to an undefined entity,
 *       bytes that are not UTF-8, characters XML does not allow, {@code ]]>} in text), and any DTD: records are data,
 *       and a DTD is the door to entity expansion and external entities.</li>
 *   <li>A document in another encoding (a UTF-16 byte order mark, or another encoding declared) is decoded and read
 *       as UTF-8 ({@link Utf8Transcoder}).</li>
 * </ul>
 *
 * <p>Not safe for use by several threads. {@link #close} gives its buffers back to its thread for the next reader.
 */
public final class Utf8XmlReader implements XMLStreamReader {
    private static final String XML_NAMESPACE = XMLConstants.XML_NS_URI;
    private static final String XMLNS_NAMESPACE = XMLConstants.XMLNS_ATTRIBUTE_NS_URI;
    /** Bytes read from the stream at a time, and the buffer's first size: it grows for a longer token. */
    private static final int CHUNK = 1 << 16;
    private static final int MAX_BUFFER = Integer.MAX_VALUE - 64;
    /**
     * Byte classes: what may be in a name (ASCII letters, digits, {@code _ - . :}, and any byte of a UTF-8 sequence,
     * checked by the name rules when a name is first met).
     */
    private static final boolean[] NAME_BYTE = new boolean[256];
    /**
     * Byte classes in text: {@code SPACE} (a space or a tab), {@code SPECIAL} (a line end, {@code < & ]}, a
     * control character, a byte of a UTF-8 sequence: looked at one by one) or text as it is (0).
     */
    private static final byte[] TEXT_BYTE = new byte[256];
    private static final byte SPACE = 1;
    private static final byte SPECIAL = 2;
    private static final ThreadLocal<Scratch> SCRATCH = new ThreadLocal<>();

    static {
        for (int b = 0; b < 256; b++) {
            NAME_BYTE[b] = b >= 0x80 || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
                    || b == '_' || b == '-' || b == '.' || b == ':';
            TEXT_BYTE[b] = b == ' ' || b == '\t' ? SPACE
                    : b >= 0x80 || b < 0x20 || b == '<' || b == '&' || b == ']' ? SPECIAL : 0;
        }
    }

    private InputStream in;
    private final Scratch scratch;
    private boolean closed;
    private byte[] buf;
    /** The next byte to parse, and the end of the bytes read. */
    private int pos;
    private int limit;
    private boolean eof;
    /** The first byte the current event needs kept in the buffer; the bytes before it may be dropped. */
    private int mark;
    /** How many bytes of the input were dropped before {@code buf[0]}. */
    private long dropped;

    /**
     * The current line (from 1), the index of its first byte, the characters of it already dropped, and whether
     * all of its bytes read so far are ASCII (its columns are then bytes).
     */
    private int line = 1;
    private int lineStart;
    private int columnCarry;
    private boolean lineAscii = true;

    private int event = START_DOCUMENT;
    /** Element names open, from the root's at 0; {@code depth} of them. */
    private ParsedName[] elements;
    private String[] elementUris;
    /** Index into the namespace declarations where each open element's own begin. */
    private int[] elementDeclarations;
    private int depth;
    /** Whether the start tag just read was empty ({@code <a/>}): its end element is the next event. */
    private boolean emptyElement;
    private boolean rootSeen;

    /** Namespace declarations in scope: prefix ({@code ""} for the default namespace) and URI. */
    private String[] declaredPrefixes;
    private String[] declaredUris;
    private int declarations;

    /** The current start element's attributes: names, namespace URIs (null for none), values. */
    private ParsedName[] attributeNames;
    private String[] attributeUris;
    private String[] attributeValues;
    private int attributes;

    /**
     * The current text, comment or processing instruction's data: bytes {@code textFrom} to {@code textTo} of
     * {@code textBytes} (the buffer, or the scratch's {@link DecodedBytes} bytes where references, line ends or CDATA
     * sections were resolved), its string made when asked ({@code text}).
     */
    private byte[] textBytes;
    private int textFrom;
    private int textTo;
    private String text;
    private char[] textChars;
    private boolean whiteSpace;
    private String piTarget;
    /** Characters past the event's end that the location counts: the start of the markup that ends a text. */
    private int lookahead;
    /** The index just after the last name {@link #nameAt} read. */
    private int nameEnd;

    private String version;
    private String declaredEncoding;
    private Boolean standalone;

    /** Reads the XML of {@code in} (UTF-8, or the encoding it declares), which it does not close. */
    public Utf8XmlReader(InputStream in) throws XMLStreamException {
        Scratch reused = SCRATCH.get();
        SCRATCH.set(null);
        this.scratch = reused != null ? reused : new Scratch();
        this.buf = scratch.buffer;
        this.elements = scratch.elements;
        this.elementUris = scratch.elementUris;
        this.elementDeclarations = scratch.elementDeclarations;
        this.declaredPrefixes = scratch.declaredPrefixes;
        this.declaredUris = scratch.declaredUris;
        this.attributeNames = scratch.attributeNames;
        this.attributeUris = scratch.attributeUris;
        this.attributeValues = scratch.attributeValues;
        this.in = in;
        try {
            start();
        } catch (Transcode transcode) {
            restart(transcode);
        } catch (XMLStreamException | RuntimeException e) {
            // No reader to close: the thread's buffers go back now.
            close();
            throw e;
        }
    }

    /** Reads the document again through a transcoder, from its first byte. */
    private void restart(Transcode transcode) throws XMLStreamException {
        try {
            // The bytes read so far (the declaration at most: nothing was dropped), then the rest, decoded.
            InputStream again = new SequenceInputStream(new ByteArrayInputStream(Arrays.copyOf(buf, limit)), in);
            this.in = new Utf8Transcoder(again, transcode.charset);
            pos = 0;
            limit = 0;
            mark = 0;
            eof = false;
            line = 1;
            lineStart = 0;
            start();
            declaredEncoding = transcode.declared != null ? transcode.declared : declaredEncoding;
        } catch (XMLStreamException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Reads the XML in {@code xml} (UTF-8, or the encoding it declares). */
    public Utf8XmlReader(byte[] xml) throws XMLStreamException {
        this(new ByteArrayInputStream(xml));
    }

    /** Reads the byte order mark and XML declaration; a document in another encoding is read again as UTF-8. */
    private void start() throws XMLStreamException {
        fill(6);
        boolean transcoded = in instanceof Utf8Transcoder;
        if (!transcoded && limit >= 2 && (buf[0] == (byte) 0xFE && buf[1] == (byte) 0xFF
                || buf[0] == (byte) 0xFF && buf[1] == (byte) 0xFE)) {
            throw new Transcode(StandardCharsets.UTF_16, null);
        }
        if (!transcoded && limit >= 4 && buf[0] == 0 && buf[1] == '<' && buf[2] == 0 && buf[3] == '?') {
            throw new Transcode(StandardCharsets.UTF_16BE, null);
        }
        if (!transcoded && limit >= 4 && buf[0] == '<' && buf[1] == 0 && buf[2] == '?' && buf[3] == 0) {
            throw new Transcode(StandardCharsets.UTF_16LE, null);
        }
        if (limit >= 3 && buf[0] == (byte) 0xEF && buf[1] == (byte) 0xBB && buf[2] == (byte) 0xBF) {
            pos = 3;
            lineStart = 3;
            mark = 3;
            fill(6); // the declaration's first bytes after the mark too, however few bytes the first reads gave
        }
        if (pos + 6 <= limit && matches(pos, "<?xml") && isSpace(buf[pos + 5])) {
            readDeclaration();
        }
    }

    // ---------------------------------------------------------------------------------------------- events

    @Override
    public int next() throws XMLStreamException {
        if (emptyElement) {
            emptyElement = false;
            attributes = 0;
            return event = END_ELEMENT;
        }
        if (event == END_ELEMENT) {
            depth--;
            declarations = elementDeclarations[depth];
        } else if (event == END_DOCUMENT) {
            throw new IllegalStateException("next() at the end of the document");
        }
        text = null;
        textChars = null;
        lookahead = 0;
        while (true) {
            mark = pos;
            if (!have(1)) {
                return endOfInput();
            }
            if (buf[pos] == '<') {
                if (!have(2)) {
                    throw error(pos, "the document ends in a tag");
                }
                byte c = buf[pos + 1];
                if (c == '/') {
                    return readEndTag();
                } else if (c == '?') {
                    return readProcessingInstruction();
                } else if (c == '!') {
                    return readBang();
                }
                return readStartTag();
            }
            if (depth > 0) {
                return readText(false);
            }
            skipOutsideRoot();
        }
    }

    private int endOfInput() throws XMLStreamException {
        if (depth > 0) {
            throw error(pos, "the document ends inside element <" + elements[depth - 1].qualified + ">");
        }
        if (!rootSeen) {
            throw error(pos, "the document has no root element");
        }
        return event = END_DOCUMENT;
    }

    /** White space before or after the root element; anything else there is refused. */
    private void skipOutsideRoot() throws XMLStreamException {
        int i = pos;
        while (true) {
            if (i == limit) {
                mark = i;
                i -= fill(1);
                if (i == limit) {
                    break;
                }
            }
            byte b = buf[i];
            if (b == '<') {
                break;
            } else if (b == '\n') {
                newLine(i);
            } else if (b == '\r') {
                i = carriageReturn(i);
            } else if (b != ' ' && b != '\t') {
                throw error(i, rootSeen ? "text after the root element" : "text before the root element");
            }
            i++;
        }
        pos = i;
    }

    /** {@code <!--}, {@code <![CDATA[} or {@code <!DOCTYPE} at {@link #pos}. */
    private int readBang() throws XMLStreamException {
        have(9);
        if (pos + 4 <= limit && matches(pos, "<!--")) {
            return readComment();
        }
        if (pos + 9 <= limit && matches(pos, "<![CDATA[")) {
            if (depth == 0) {
                throw error(pos, "a CDATA section outside the root element");
            }
            return readText(true);
        }
        if (pos + 9 <= limit && matches(pos, "<!DOCTYPE")) {
            throw error(pos, "a DTD (<!DOCTYPE>) is not read: records are data, and a DTD can expand entities and"
                    + " reach external ones");
        }
        throw error(pos, "markup that is not a comment, a CDATA section or an element");
    }

    private int readComment() throws XMLStreamException {
        int i = pos + 4;
        while (true) {
            if (i + 2 >= limit) {
                i = ensure(i, 3);
                if (i + 2 >= limit) {
                    throw error(mark, "the document ends in a comment");
                }
            }
            byte b = buf[i];
            if (b >= 0x20 && b != '-') {
                i++;
                continue;
            }
            if (b == '-' && buf[i + 1] == '-') {
                if (buf[i + 2] != '>') {
                    throw error(i, "\"--\" in a comment");
                }
                break;
            }
            i = lineEnd(i, b);
            i = checkCharacter(i);
        }
        textBytes = buf;
        textFrom = mark + 4;
        textTo = i;
        pos = i + 3;
        return event = COMMENT;
    }

    private int readProcessingInstruction() throws XMLStreamException {
        int targetEnd = pos + 2;
        while (true) {
            while (targetEnd < limit && NAME_BYTE[buf[targetEnd] & 0xFF]) {
                targetEnd++;
            }
            if (targetEnd < limit || eof) {
                break;
            }
            targetEnd -= fill(targetEnd + 1 - mark);
        }
        ParsedName target = nameAt(pos + 2);
        if (target == null) {
            throw error(pos, "the document ends in a processing instruction");
        }
        int i = nameEnd;
        if (target.qualified.equalsIgnoreCase("xml")) {
            throw error(mark, "an XML declaration that is not at the start of the document");
        }
        if (!target.prefix.isEmpty()) {
            throw error(mark + 2, "a processing instruction's target with a colon: " + target.qualified);
        }
        int dataOffset = -1;
        while (true) {
            if (i + 1 >= limit) {
                i = ensure(i, 2);
                if (i + 1 >= limit) {
                    throw error(mark, "the document ends in a processing instruction");
                }
            }
            byte b = buf[i];
            if (b == '?' && buf[i + 1] == '>') {
                break;
            }
            if (dataOffset < 0) {
                if (isSpace(b)) {
                    i = lineEnd(i, b) + 1;
                    continue;
                }
                if (i == nameEnd) {
                    throw error(i, "no space after the target of processing instruction " + target.qualified);
                }
                dataOffset = i - mark;
            }
            i = lineEnd(i, b);
            i = checkCharacter(i);
        }
        piTarget = target.qualified;
        textBytes = buf;
        textFrom = dataOffset < 0 ? i : mark + dataOffset;
        textTo = i;
        pos = i + 2;
        return event = PROCESSING_INSTRUCTION;
    }

    /** Counts the line that ends at byte {@code b} at {@code i}, if one does; returns {@code i}. */
    private int lineEnd(int i, byte b) throws XMLStreamException {
        if (b == '\n') {
            newLine(i);
        } else if (b == '\r') {
            // Counted at the '\n' after it, if there is one.
            i = ensure(i, 2);
            if (i + 1 >= limit || buf[i + 1] != '\n') {
                newLine(i);
            }
        }
        return i;
    }

    // ------------------------------------------------------------------------------------------------ tags

    /**
     * The name whose first byte is at {@code from}, up to a byte that cannot be in a name, which must be in the
     * buffer: null when the buffer ends first. Sets {@link #nameEnd}.
     */
    private ParsedName nameAt(int from) throws XMLStreamException {
        int i = from;
        int bits = 0;
        byte[] bytes = buf;
        int end = limit;
        while (true) {
            if (i == end) {
                return null;
            }
            int b = bytes[i];
            if (!NAME_BYTE[b & 0xFF]) {
                break;
            }
            bits |= b;
            i++;
        }
        if (i == from) {
            throw error(from, "a name was expected");
        }
        if (bits < 0) {
            lineAscii = false;
        }
        nameEnd = i;
        int hash = ParsedName.hash(bytes, from, i);
        ParsedName name = scratch.names.find(bytes, from, i, hash);
        return name != null ? name : newName(from, i, hash);
    }

    /** The name in bytes {@code from} to {@code to}, met for the first time: checked, and added to the table. */
    private ParsedName newName(int from, int to, int hash) throws XMLStreamException {
        checkUtf8(from, to);
        String qualified = new String(buf, from, to - from, StandardCharsets.UTF_8);
        int colon = qualified.indexOf(':');
        boolean named = colon < 0 ? ParsedName.isNcName(qualified)
                : ParsedName.isNcName(qualified.substring(0, colon))
                        && ParsedName.isNcName(qualified.substring(colon + 1));
        if (!named) {
            throw error(from, "\"" + qualified + "\" is not a name");
        }
        return scratch.names.add(buf, from, to, hash, qualified);
    }

    /**
     * A start tag, parsed from the bytes in the buffer; when it does not end there, parsed again once more of the
     * input is read (the tags of a document fit in the buffer, the buffer grows for one that does not).
     */
    private int readStartTag() throws XMLStreamException {
        if (depth == 0 && rootSeen) {
            throw error(pos, "a second root element");
        }
        int declaredBefore = declarations;
        int lineBefore = line;
        int lineStartBefore = lineStart;
        int carryBefore = columnCarry;
        boolean asciiBefore = lineAscii;
        while (true) {
            int read = parseStartTag(declaredBefore);
            if (read >= 0) {
                return read;
            }
            declarations = declaredBefore;
            line = lineBefore;
            lineStart = lineStartBefore;
            columnCarry = carryBefore;
            lineAscii = asciiBefore;
            emptyElement = false;
            int had = limit - pos;
            fill(limit - mark + 1);
            if (limit - pos <= had) {
                throw error(pos, "the document ends in a tag");
            }
            lineStartBefore = lineStart;
            carryBefore = columnCarry;
        }
    }

    /** {@link #readStartTag} over the bytes in the buffer: the event, or -1 when the tag does not end in them. */
    private int parseStartTag(int declaredBefore) throws XMLStreamException {
        ParsedName name = nameAt(pos + 1);
        if (name == null) {
            return -1;
        }
        int i = nameEnd;
        attributes = 0;
        while (true) {
            int spaceFrom = i;
            i = skipSpace(i);
            if (i >= limit - 1) {
                return -1;
            }
            byte b = buf[i];
            if (b == '>') {
                pos = i + 1;
                break;
            }
            if (b == '/') {
                if (buf[i + 1] != '>') {
                    throw error(i, "\"/\" in a tag, not followed by \">\"");
                }
                emptyElement = true;
                pos = i + 2;
                break;
            }
            if (i == spaceFrom) {
                throw error(i, "no space before an attribute in <" + name.qualified + ">");
            }
            ParsedName attribute = nameAt(i);
            if (attribute == null) {
                return -1;
            }
            i = skipSpace(nameEnd);
            if (i >= limit) {
                return -1;
            }
            if (buf[i] != '=') {
                throw error(i, "no \"=\" after attribute " + attribute.qualified + " in <" + name.qualified + ">");
            }
            i = skipSpace(i + 1);
            if (i >= limit) {
                return -1;
            }
            byte quote = buf[i];
            if (quote != '"' && quote != '\'') {
                throw error(i, "the value of attribute " + attribute.qualified + " is not in quotes");
            }
            int close = valueEnd(i + 1, quote);
            if (close < 0) {
                return -1;
            }
            String value = attributeValue(i + 1, close);
            i = close + 1;
            if (attribute.isNamespaceDeclaration()) {
                declare(attribute, value, declaredBefore, i);
            } else {
                addAttribute(attribute, value);
            }
        }
        if (depth == elements.length) {
            elements = Arrays.copyOf(elements, depth * 2);
            elementUris = Arrays.copyOf(elementUris, depth * 2);
            elementDeclarations = Arrays.copyOf(elementDeclarations, depth * 2);
        }
        elements[depth] = name;
        elementDeclarations[depth] = declaredBefore;
        elementUris[depth] = resolve(name, true, mark);
        if (attributes > 0) {
            resolveAttributes(name);
        }
        depth++;
        rootSeen = true;
        return event = START_ELEMENT;
    }

    /**
     * Past white space in a tag, counting lines; {@link #limit} (or past it) when the buffer ends in it, or in a line
     * end whose second byte it does not hold.
     */
    private int skipSpace(int from) {
        int i = from;
        byte[] bytes = buf;
        int end = limit;
        while (i < end) {
            byte b = bytes[i];
            if (b == ' ' || b == '\t') {
                i++;
            } else if (b == '\n') {
                newLine(i);
                i++;
            } else if (b == '\r') {
                if (i + 1 == end) {
                    return end;
                }
                if (bytes[i + 1] != '\n') {
                    newLine(i);
                }
                i++;
            } else {
                return i;
            }
        }
        return i;
    }

    /**
     * The index of the {@code quote} that closes an attribute value from {@code from}, counting its lines and
     * noting in {@link #plainValue} whether it needs no normalising; -1 when the buffer ends first.
     */
    private int valueEnd(int from, byte quote) throws XMLStreamException {
        int i = from;
        boolean plain = true;
        boolean ascii = true;
        byte[] bytes = buf;
        int end = limit;
        while (true) {
            if (i + 1 >= end) {
                return -1;
            }
            byte b = bytes[i];
            if (b == quote) {
                break;
            }
            if (b < 0x27) {
                if (b == '&' || b == '\t') {
                    plain = false;
                } else if (b == '\n') {
                    plain = false;
                    newLine(i);
                } else if (b == '\r') {
                    plain = false;
                    if (bytes[i + 1] != '\n') {
                        newLine(i);
                    }
                } else if (b < 0) {
                    ascii = false;
                } else if (b < 0x20) {
                    checkCharacter(i);
                }
            } else if (b == '<') {
                throw error(i, "\"<\" in an attribute value");
            }
            i++;
        }
        plainValue = plain;
        asciiValue = ascii;
        return i;
    }

    /**
     * Whether the last attribute value {@link #valueEnd} found needs no normalising, and whether its bytes are all
     * ASCII (no UTF-8 sequence to check).
     */
    private boolean plainValue;
    private boolean asciiValue;

    /** The value of an attribute from {@code from} to {@code i}, normalised and its references read. */
    private String attributeValue(int from, int i) throws XMLStreamException {
        if (!asciiValue) {
            // Once, on the bytes as written: what references add is UTF-8 of characters already checked.
            checkUtf8(from, i);
        }
        if (plainValue) {
            return new String(buf, from, i - from, StandardCharsets.UTF_8);
        }
        DecodedBytes out = scratch.decoded.reset();
        int run = from;
        for (int j = from; j < i; j++) {
            byte b = buf[j];
            if (b == '&' || b == '\t' || b == '\n' || b == '\r') {
                out.append(buf, run, j);
                if (b == '&') {
                    j = readReference(j, out, i);
                } else {
                    out.append((byte) ' ');
                    if (b == '\r' && j + 1 < i && buf[j + 1] == '\n') {
                        j++;
                    }
                }
                run = j + 1;
            }
        }
        out.append(buf, run, i);
        return new String(out.bytes, 0, out.size, StandardCharsets.UTF_8);
    }

    private void declare(ParsedName attribute, String value, int declaredBefore, int at) throws XMLStreamException {
        String prefix = attribute.prefix.isEmpty() ? "" : attribute.local;
        if (!prefix.isEmpty() && value.isEmpty()) {
            throw error(at, "the prefix " + prefix + " declared with no namespace");
        }
        if (prefix.equals("xmlns") || prefix.equals("xml") && !value.equals(XML_NAMESPACE)
                || !prefix.equals("xml") && (value.equals(XML_NAMESPACE) || value.equals(XMLNS_NAMESPACE))) {
            throw error(at, "a reserved prefix or namespace declared: " + attribute.qualified + "=\"" + value + "\"");
        }
        if (prefix.equals("xml")) {
            // Bound from the start: declaring it again declares nothing.
            return;
        }
        for (int d = declaredBefore; d < declarations; d++) {
            if (declaredPrefixes[d] == prefix) {
                throw error(at, "attribute " + attribute.qualified + " repeated");
            }
        }
        if (declarations == declaredPrefixes.length) {
            declaredPrefixes = Arrays.copyOf(declaredPrefixes, declarations * 2);
            declaredUris = Arrays.copyOf(declaredUris, declarations * 2);
        }
        declaredPrefixes[declarations] = prefix;
        declaredUris[declarations] = scratch.uris.intern(value);
        declarations++;
    }

    private void addAttribute(ParsedName attribute, String value) {
        if (attributes == attributeNames.length) {
            attributeNames = Arrays.copyOf(attributeNames, attributes * 2);
            attributeUris = Arrays.copyOf(attributeUris, attributes * 2);
            attributeValues = Arrays.copyOf(attributeValues, attributes * 2);
        }
        attributeNames[attributes] = attribute;
        attributeValues[attributes] = value;
        attributes++;
    }

    /** The attributes' namespaces, and no two attributes of {@code element} with the same name. */
    private void resolveAttributes(ParsedName element) throws XMLStreamException {
        for (int a = 0; a < attributes; a++) {
            ParsedName attribute = attributeNames[a];
            String uri = attribute.prefix.isEmpty() ? null : resolve(attribute, false, mark);
            attributeUris[a] = uri;
            for (int b = 0; b < a; b++) {
                // Names compared by their interned strings: a name need not be the table's one object.
                if (attributeNames[b].qualified == attribute.qualified
                        || uri != null && attributeNames[b].local == attribute.local && attributeUris[b] == uri) {
                    throw error(mark, "attribute " + attribute.qualified + " repeated in <" + element.qualified
                            + ">");
                }
            }
        }
    }

    /** The namespace URI of {@code name}, {@code ""} for none; an element's takes the default namespace. */
    private String resolve(ParsedName name, boolean element, int at) throws XMLStreamException {
        String prefix = name.prefix;
        for (int d = declarations - 1; d >= 0; d--) {
            if (declaredPrefixes[d] == prefix) {
                return declaredUris[d];
            }
        }
        if (prefix.isEmpty()) {
            return "";
        }
        if (prefix.equals("xml")) {
            return XML_NAMESPACE;
        }
        throw error(at, "the prefix " + prefix + " of " + (element ? "element <" : "attribute ") + name.qualified
                + (element ? ">" : "") + " is not declared");
    }

    private int readEndTag() throws XMLStreamException {
        if (depth == 0) {
            throw error(pos, "an end tag with no element open");
        }
        ParsedName open = elements[depth - 1];
        byte[] expected = open.bytes;
        int end = ensure(pos + 2 + expected.length, 1);
        int from = end - expected.length;
        if (end >= limit || !open.is(buf, from, expected.length) || NAME_BYTE[buf[end] & 0xFF]) {
            throw mismatched(open);
        }
        lineAscii &= open.qualified.length() == expected.length; // a non-ASCII name: columns are no longer bytes
        int i = end;
        while (true) {
            if (i == limit) {
                i = ensure(i, 1);
                if (i == limit) {
                    throw error(mark, "the document ends in an end tag");
                }
            }
            byte b = buf[i];
            if (b == '>') {
                break;
            } else if (b == '\n' || b == '\r') {
                i = lineEnd(i, b);
            } else if (b != ' ' && b != '\t') {
                throw error(i, "the end tag of <" + open.qualified + "> was expected");
            }
            i++;
        }
        pos = i + 1;
        attributes = 0;
        return event = END_ELEMENT;
    }

    /** The refusal of an end tag at {@link #pos} that does not end element {@code open}, naming both. */
    private XMLStreamException mismatched(ParsedName open) throws XMLStreamException {
        int i = pos + 2;
        while (i < limit && NAME_BYTE[buf[i] & 0xFF] && i - pos < 200) {
            i++;
        }
        String found = new String(buf, pos + 2, i - pos - 2, StandardCharsets.UTF_8);
        return error(pos, "</" + found + "> where the end tag of <" + open.qualified + "> was expected");
    }

    // ------------------------------------------------------------------------------------------------ text

    /**
     * Text from {@link #pos} (where the event began: {@link #mark}) up to the next tag, comment or processing
     * instruction, with the CDATA sections in it ({@code cdata}: it begins with one). Indices held across a read of
     * more input are kept from the mark.
     */
    private int readText(boolean cdata) throws XMLStreamException {
        int i = pos;
        boolean white = true;
        DecodedBytes out = null;
        int run = 0;
        while (true) {
            // Bytes that are text as they are, in a loop of their own; two bytes kept at hand for the rest.
            byte[] bytes = buf;
            int end = limit - 1;
            int kind;
            while (i < end && (kind = TEXT_BYTE[bytes[i] & 0xFF]) != SPECIAL) {
                white &= kind == SPACE;
                i++;
            }
            if (i >= end) {
                i = ensure(i, 2);
                if (i + 1 >= limit) {
                    throw error(i, "the document ends inside element <" + elements[depth - 1].qualified + ">");
                }
                continue;
            }
            byte b = bytes[i];
            if (b == '\n') {
                newLine(i);
                i++;
                // The indentation of the next line, most of the white space between elements.
                while (i < end - Long.BYTES && ByteWords.at(bytes, i) == ByteWords.SPACES) {
                    i += Long.BYTES;
                }
                while (i < end && bytes[i] == ' ') {
                    i++;
                }
            } else if (b == '<') {
                if (!cdata && bytes[i + 1] != '!') {
                    break;
                }
                i = ensure(i, 9);
                if (!cdata && !(i + 9 <= limit && matches(i, "<![CDATA["))) {
                    break;
                }
                cdata = false;
                if (out == null) {
                    out = scratch.decoded.reset();
                }
                out.append(buf, mark + run, i);
                i = readCdata(i, out);
                white = false;
                run = i - mark;
            } else if (b == '\r' || b == '&') {
                if (out == null) {
                    out = scratch.decoded.reset();
                }
                out.append(buf, mark + run, i);
                if (b == '\r') {
                    i = carriageReturn(i);
                    out.append((byte) '\n');
                } else {
                    i = readReference(i, out, -1);
                    white = false;
                }
                i++;
                run = i - mark;
            } else if (b == ']') {
                i = ensure(i, 3);
                if (i + 2 < limit && buf[i + 1] == ']' && buf[i + 2] == '>') {
                    throw error(i, "\"]]>\" in text");
                }
                white = false;
                i++;
            } else {
                i = checkCharacter(i);
                white = false;
            }
        }
        // Where the JDK's reader is once it knows what follows: past "<", "</", "<?" or "<!--".
        byte after = buf[i + 1];
        lookahead = after == '/' || after == '?' ? 2 : after == '!' ? 4 : 1;
        pos = i;
        whiteSpace = white;
        if (out == null) {
            textBytes = buf;
            textFrom = mark;
            textTo = i;
        } else {
            out.append(buf, mark + run, i);
            textBytes = out.bytes;
            textFrom = 0;
            textTo = out.size;
        }
        return event = CHARACTERS;
    }

    /** The CDATA section at {@code at}, its content appended to {@code out}; returns the index after it. */
    private int readCdata(int at, DecodedBytes out) throws XMLStreamException {
        int i = at + 9;
        int runOffset = i - mark;
        while (true) {
            if (i + 2 >= limit) {
                i = ensure(i, 3);
                if (i + 2 >= limit) {
                    throw error(mark, "the document ends in a CDATA section");
                }
            }
            byte b = buf[i];
            if (b == ']' && buf[i + 1] == ']' && buf[i + 2] == '>') {
                break;
            }
            if (b == '\r') {
                out.append(buf, mark + runOffset, i);
                i = carriageReturn(i);
                out.append((byte) '\n');
                i++;
                runOffset = i - mark;
                continue;
            }
            if (b == '\n') {
                newLine(i);
            }
            i = checkCharacter(i);
        }
        out.append(buf, mark + runOffset, i);
        return i + 3;
    }

    /**
     * The reference at {@code at} ({@code &name;} or {@code &#...;}), its character appended to {@code out}; returns
     * the index of its {@code ;}. {@code end}: where an attribute's value ends (the whole value in the buffer), or -1
     * in text (more input read as needed).
     */
    private int readReference(int at, DecodedBytes out, int end) throws XMLStreamException {
        int i = at + 1;
        while (true) {
            if (i == limit || i == end) {
                if (end >= 0) {
                    throw error(at, "a reference without its \";\"");
                }
                int shift = fill(i + 1 - mark);
                i -= shift;
                at -= shift;
                if (i == limit) {
                    throw error(at, "the document ends in a reference");
                }
            }
            byte b = buf[i];
            if (b == ';') {
                break;
            }
            if (i - at > 12 || !(NAME_BYTE[b & 0xFF] || b == '#')) {
                throw error(at, "a reference without its \";\"");
            }
            i++;
        }
        String name = new String(buf, at + 1, i - at - 1, StandardCharsets.ISO_8859_1);
        int c = switch (name) {
            case "amp" -> '&';
            case "lt" -> '<';
            case "gt" -> '>';
            case "quot" -> '"';
            case "apos" -> '\'';
            default -> characterReference(name, at);
        };
        out.appendCodePoint(c);
        return i;
    }

    private int characterReference(String name, int at) throws XMLStreamException {
        if (!name.startsWith("#")) {
            throw error(at, "a reference to the entity \"" + name + "\", which is not defined");
        }
        boolean hex = name.startsWith("#x");
        String digits = name.substring(hex ? 2 : 1);
        int c = -1;
        if (!digits.isEmpty() && digits.length() <= 8
                && digits.chars().allMatch(d -> hex ? Character.digit(d, 16) >= 0 : d >= '0' && d <= '9')) {
            c = (int) Math.min(Integer.MAX_VALUE, Long.parseLong(digits, hex ? 16 : 10));
        }
        if (!isXmlCharacter(c)) {
            throw error(at, "the character reference &" + name + "; to no character XML allows");
        }
        return c;
    }

    private static boolean isXmlCharacter(int c) {
        return c == 0x9 || c == 0xA || c == 0xD || c >= 0x20 && c <= 0xD7FF || c >= 0xE000 && c <= 0xFFFD
                || c >= 0x10000 && c <= 0x10FFFF;
    }

    // --------------------------------------------------------------------------------- bytes and characters

    /**
     * Checks the character whose first byte is at {@code i} (one XML allows, in well-formed UTF-8); returns the
     * index after it, moved as the buffer moved if more input was read.
     */
    private int checkCharacter(int i) throws XMLStreamException {
        int b = buf[i];
        if (b >= 0x20) {
            return i + 1;
        }
        if (b >= 0) {
            if (b == '\t' || b == '\n' || b == '\r') {
                return i + 1;
            }
            throw error(i, String.format("the character U+%04X, which XML does not allow", b));
        }
        lineAscii = false;
        int length = (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 1;
        i = ensure(i, length);
        int c = utf8(buf, i, limit);
        if (c < 0 || !isXmlCharacter(c)) {
            throw error(i, c < 0 ? "bytes that are not UTF-8"
                    : String.format("the character U+%04X, which XML does not allow", c));
        }
        return i + length;
    }

    /** The code point of the UTF-8 sequence at {@code i} (before {@code end}), -1 where it is not UTF-8. */
    private static int utf8(byte[] bytes, int i, int end) {
        int b = bytes[i] & 0xFF;
        if (b < 0x80) {
            return b;
        }
        int length;
        int c;
        int min;
        if (b >= 0xC2 && b <= 0xDF) {
            length = 2;
            c = b & 0x1F;
            min = 0x80;
        } else if (b >= 0xE0 && b <= 0xEF) {
            length = 3;
            c = b & 0x0F;
            min = 0x800;
        } else if (b >= 0xF0 && b <= 0xF4) {
            length = 4;
            c = b & 0x07;
            min = 0x10000;
        } else {
            return -1;
        }
        if (i + length > end) {
            return -1;
        }
        for (int k = 1; k < length; k++) {
            int next = bytes[i + k];
            if ((next & 0xC0) != 0x80) {
                return -1;
            }
            c = c << 6 | next & 0x3F;
        }
        if (c < min || c > 0x10FFFF || c >= 0xD800 && c <= 0xDFFF) {
            return -1;
        }
        return c;
    }

    /**
     * Refuses bytes {@code from} to {@code to} of the buffer that are not UTF-8 or not characters XML allows, at
     * {@code from}.
     */
    private void checkUtf8(int from, int to) throws XMLStreamException {
        byte[] bytes = buf;
        for (int i = from; i < to; i++) {
            if (bytes[i] < 0) {
                lineAscii = false;
                int c = utf8(bytes, i, to);
                if (c < 0 || !isXmlCharacter(c)) {
                    throw error(from, c < 0 ? "bytes that are not UTF-8"
                            : String.format("the character U+%04X, which XML does not allow", c));
                }
                i += c >= 0x10000 ? 3 : c >= 0x800 ? 2 : 1;
            }
        }
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\n' || b == '\t' || b == '\r';
    }

    /** Whether the bytes at {@code at} are {@code prefix} (ASCII); the caller made sure they are in the buffer. */
    private boolean matches(int at, String prefix) {
        for (int k = 0; k < prefix.length(); k++) {
            if (buf[at + k] != prefix.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** A line ends at the {@code \n} at {@code i}. */
    private void newLine(int i) {
        line++;
        lineStart = i + 1;
        columnCarry = 0;
        lineAscii = true;
    }

    /** A line ends at the {@code \r} at {@code i}, or at the {@code \n} after it; returns the index of the last. */
    private int carriageReturn(int i) throws XMLStreamException {
        i = ensure(i, 2);
        if (i + 1 < limit && buf[i + 1] == '\n') {
            i++;
        }
        newLine(i);
        return i;
    }

    /** Whether the buffer holds {@code count} bytes from {@link #pos}, reading more of the input if it must. */
    private boolean have(int count) throws XMLStreamException {
        if (pos + count > limit) {
            fill(pos + count - mark);
        }
        return pos + count <= limit;
    }

    /**
     * Index {@code i}, with {@code count} bytes from it in the buffer if the input has them: more of it read if it
     * must, which may move the buffer's bytes (the index returned is where byte {@code i} is now).
     */
    private int ensure(int i, int count) throws XMLStreamException {
        return i + count <= limit ? i : i - fill(i + count - mark);
    }

    /**
     * Reads more of the input after the bytes read until {@code wanted} bytes from {@link #mark} are in the buffer (or
     * the input ends), keeping those from the mark on: moved to the buffer's start when there is no room after them,
     * the buffer grown when they fill it. Returns how far they moved, by which the caller's indices go down.
     */
    private int fill(int wanted) throws XMLStreamException {
        int shift = 0;
        while (!eof && limit - mark < wanted) {
            if (limit == buf.length) {
                if (mark > 0) {
                    shift += compact();
                } else {
                    if (buf.length >= MAX_BUFFER) {
                        throw error(mark, "a token of more than " + MAX_BUFFER + " bytes");
                    }
                    buf = Arrays.copyOf(buf, (int) Math.min(MAX_BUFFER, (long) buf.length * 2));
                }
            }
            int read;
            try {
                read = in.read(buf, limit, Math.min(buf.length - limit, CHUNK));
            } catch (CharacterCodingException e) {
                String encoding = in instanceof Utf8Transcoder transcoder ? transcoder.encoding() : "UTF-8";
                throw new XMLStreamException("bytes that are not in the document's encoding (" + encoding + ")",
                        location(limit), e);
            } catch (IOException e) {
                throw new XMLStreamException("reading the XML: " + e.getMessage(), location(limit), e);
            }
            if (read < 0) {
                eof = true;
            } else {
                limit += read;
            }
        }
        return shift;
    }

    /** Drops the bytes before the mark; returns how many. */
    private int compact() {
        int shift = mark;
        if (lineStart < mark) {
            columnCarry += characters(buf, lineStart, mark);
            lineStart = mark;
        }
        System.arraycopy(buf, mark, buf, 0, limit - mark);
        limit -= shift;
        pos -= shift;
        mark = 0;
        lineStart -= shift;
        dropped += shift;
        return shift;
    }

    /** The characters (UTF-16 units, as columns count them) of the UTF-8 bytes from {@code from} to {@code to}. */
    private static int characters(byte[] bytes, int from, int to) {
        int count = 0;
        for (int i = from; i < to; i++) {
            int b = bytes[i];
            if ((b & 0xC0) != 0x80) {
                count += (b & 0xF8) == 0xF0 ? 2 : 1;
            }
        }
        return count;
    }

    // -------------------------------------------------------------------------------------------- declaration

    private void readDeclaration() throws XMLStreamException {
        int end = pos;
        while (true) {
            if (end + 1 >= limit) {
                end = ensure(end, 2);
                if (end + 1 >= limit) {
                    throw error(pos, "the document ends in the XML declaration");
                }
            }
            if (buf[end] == '?' && buf[end + 1] == '>') {
                break;
            }
            end++;
        }
        String declaration = new String(buf, pos + 5, end - pos - 5, StandardCharsets.ISO_8859_1);
        for (int i = pos; i < end; i++) {
            lineEnd(i, buf[i]);
        }
        XmlDeclaration parsed = new XmlDeclaration(declaration);
        String failure = parsed.parse();
        if (failure != null) {
            throw error(pos, "the XML declaration is not well-formed: " + failure);
        }
        version = parsed.version;
        if (!version.equals("1.0")) {
            throw error(pos, "XML " + version + ": only XML 1.0 is read");
        }
        String encoding = parsed.encoding;
        standalone = parsed.standalone;
        pos = end + 2;
        if (encoding != null) {
            declaredEncoding = encoding;
            String upper = encoding.toUpperCase(Locale.ROOT);
            if (!upper.equals("UTF-8") && !upper.equals("UTF8") && !upper.equals("US-ASCII")
                    && !upper.equals("ASCII") && !(in instanceof Utf8Transcoder)) {
                Charset charset;
                try {
                    charset = Charset.forName(encoding);
                } catch (RuntimeException e) {
                    throw error(pos, "the encoding " + encoding + ", which this Java does not have");
                }
                throw new Transcode(charset, encoding);
            }
        }
    }

    // ------------------------------------------------------------------------------------------------ errors

    /** A refusal at byte {@code at} of the buffer, on the current line. */
    private XMLStreamException error(int at, String message) {
        return new XMLStreamException(message, location(at));
    }

    private Location location(int at) {
        int on = Math.max(lineStart, Math.min(at, limit));
        return new Position(line, columnCarry + characters(buf, lineStart, on) + 1, dropped + at);
    }

    /**
     * Where the reader is, as {@link #getLocation} says: the line in the high 32 bits, the column in the low ones,
     * with no object made.
     */
    long lineAndColumn() {
        int characters = lineAscii ? pos - lineStart : characters(buf, lineStart, pos);
        int column = columnCarry + characters + lookahead + 1;
        return (long) line << 32 | column & 0xFFFF_FFFFL;
    }

    /**
     * The namespace URI of the element at a start or end tag, interned, {@code ""} for none (where
     * {@link #getNamespaceURI()} says null).
     */
    String elementNamespace() {
        requireElement();
        return elementUris[depth - 1];
    }

    /** Whether the current text is white space only: a flag the parser kept, no text made. */
    boolean isWhiteSpaceText() {
        return whiteSpace;
    }

    // --------------------------------------------------------------------------------- XMLStreamReader: state

    @Override
    public int getEventType() {
        return event;
    }

    @Override
    public boolean hasNext() {
        return event != END_DOCUMENT;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (scratch.buffer.length < buf.length && buf.length <= 1 << 20) {
            scratch.buffer = buf;
        }
        scratch.elements = elements;
        scratch.elementUris = elementUris;
        scratch.elementDeclarations = elementDeclarations;
        scratch.declaredPrefixes = declaredPrefixes;
        scratch.declaredUris = declaredUris;
        scratch.attributeNames = attributeNames;
        scratch.attributeUris = attributeUris;
        scratch.attributeValues = attributeValues;
        if (SCRATCH.get() == null) {
            SCRATCH.set(scratch);
        }
    }

    @Override
    public Location getLocation() {
        if (event == START_DOCUMENT) {
            return location(pos);
        }
        if (event == END_DOCUMENT) {
            return new Position(-1, -1, -1);
        }
        long at = lineAndColumn();
        return new Position((int) (at >>> 32), (int) at, dropped + pos);
    }

    @Override
    public boolean isStartElement() {
        return event == START_ELEMENT;
    }

    @Override
    public boolean isEndElement() {
        return event == END_ELEMENT;
    }

    @Override
    public boolean isCharacters() {
        return event == CHARACTERS;
    }

    @Override
    public boolean isWhiteSpace() {
        return event == CHARACTERS && whiteSpace;
    }

    @Override
    public boolean hasName() {
        return event == START_ELEMENT || event == END_ELEMENT;
    }

    @Override
    public boolean hasText() {
        return event == CHARACTERS || event == COMMENT;
    }

    @Override
    public void require(int type, String namespaceURI, String localName) throws XMLStreamException {
        if (type != event) {
            throw error(pos, "event " + type + " was required, not " + event);
        }
        if (namespaceURI != null && !namespaceURI.equals(getNamespaceURI())) {
            throw error(pos, "namespace " + namespaceURI + " was required, not " + getNamespaceURI());
        }
        if (localName != null && !localName.equals(getLocalName())) {
            throw error(pos, "element " + localName + " was required, not " + getLocalName());
        }
    }

    @Override
    public String getElementText() throws XMLStreamException {
        if (event != START_ELEMENT) {
            throw error(pos, "getElementText() not at a start tag");
        }
        StringBuilder content = new StringBuilder();
        while (true) {
            int e = next();
            if (e == END_ELEMENT) {
                return content.toString();
            } else if (e == CHARACTERS) {
                content.append(getText());
            } else if (e == START_ELEMENT) {
                throw error(pos, "an element inside an element read as text");
            }
        }
    }

    @Override
    public int nextTag() throws XMLStreamException {
        while (true) {
            int e = next();
            if (e == START_ELEMENT || e == END_ELEMENT) {
                return e;
            }
            if (e == CHARACTERS && !whiteSpace) {
                throw error(pos, "text where a tag was expected");
            }
            if (e == END_DOCUMENT) {
                throw error(pos, "the end of the document where a tag was expected");
            }
        }
    }

    @Override
    public Object getProperty(String name) {
        return null;
    }

    // --------------------------------------------------------------------------------- XMLStreamReader: names

    private ParsedName currentName() {
        requireElement();
        return elements[depth - 1];
    }

    private void requireElement() {
        if (event != START_ELEMENT && event != END_ELEMENT) {
            throw new IllegalStateException("no element at event " + event);
        }
    }

    @Override
    public String getLocalName() {
        return currentName().local;
    }

    @Override
    public String getPrefix() {
        return currentName().prefix;
    }

    @Override
    public QName getName() {
        ParsedName name = currentName();
        return new QName(elementUris[depth - 1], name.local, name.prefix);
    }

    @Override
    public String getNamespaceURI() {
        if (event != START_ELEMENT && event != END_ELEMENT) {
            return null;
        }
        String uri = elementUris[depth - 1];
        return uri.isEmpty() ? null : uri;
    }

    @Override
    public String getNamespaceURI(String prefix) {
        if (prefix == null) {
            throw new IllegalArgumentException("prefix null");
        }
        for (int d = declarations - 1; d >= 0; d--) {
            if (declaredPrefixes[d].equals(prefix)) {
                return declaredUris[d].isEmpty() ? null : declaredUris[d];
            }
        }
        return prefix.equals("xml") ? XML_NAMESPACE : prefix.equals("xmlns") ? XMLNS_NAMESPACE : null;
    }

    @Override
    public int getNamespaceCount() {
        requireElement();
        return declarations - elementDeclarations[depth - 1];
    }

    @Override
    public String getNamespacePrefix(int index) {
        String prefix = declaredPrefixes[elementDeclarations[depth - 1] + index];
        return prefix.isEmpty() ? null : prefix;
    }

    @Override
    public String getNamespaceURI(int index) {
        return declaredUris[elementDeclarations[depth - 1] + index];
    }

    @Override
    public NamespaceContext getNamespaceContext() {
        String[] prefixes = Arrays.copyOf(declaredPrefixes, declarations);
        String[] uris = Arrays.copyOf(declaredUris, declarations);
        return new NamespaceContext() {
            @Override
            public String getNamespaceURI(String prefix) {
                for (int d = prefixes.length - 1; d >= 0; d--) {
                    if (prefixes[d].equals(prefix)) {
                        return uris[d];
                    }
                }
                return prefix.equals("xml") ? XML_NAMESPACE : prefix.equals("xmlns") ? XMLNS_NAMESPACE : "";
            }

            @Override
            public String getPrefix(String namespaceURI) {
                Iterator<String> all = getPrefixes(namespaceURI);
                return all.hasNext() ? all.next() : null;
            }

            @Override
            public Iterator<String> getPrefixes(String namespaceURI) {
                java.util.List<String> found = new java.util.ArrayList<>();
                for (int d = prefixes.length - 1; d >= 0; d--) {
                    if (uris[d].equals(namespaceURI) && getNamespaceURI(prefixes[d]).equals(namespaceURI)
                            && !found.contains(prefixes[d])) {
                        found.add(prefixes[d]);
                    }
                }
                return found.iterator();
            }
        };
    }

    // ---------------------------------------------------------------------------- XMLStreamReader: attributes

    private void requireStart() {
        if (event != START_ELEMENT) {
            throw new IllegalStateException("attributes are read at a start tag, not at event " + event);
        }
    }

    @Override
    public int getAttributeCount() {
        requireStart();
        return attributes;
    }

    @Override
    public String getAttributeValue(String namespaceURI, String localName) {
        requireStart();
        for (int a = 0; a < attributes; a++) {
            String uri = attributeUris[a] == null ? "" : attributeUris[a];
            if (attributeNames[a].local.equals(localName)
                    && (namespaceURI == null || namespaceURI.equals(uri))) {
                return attributeValues[a];
            }
        }
        return null;
    }

    @Override
    public QName getAttributeName(int index) {
        requireStart();
        ParsedName name = attributeNames[index];
        return new QName(attributeUris[index] == null ? "" : attributeUris[index], name.local, name.prefix);
    }

    @Override
    public String getAttributeNamespace(int index) {
        requireStart();
        return attributeUris[index];
    }

    @Override
    public String getAttributeLocalName(int index) {
        requireStart();
        return attributeNames[index].local;
    }

    @Override
    public String getAttributePrefix(int index) {
        requireStart();
        return attributeNames[index].prefix;
    }

    @Override
    public String getAttributeType(int index) {
        requireStart();
        return "CDATA";
    }

    @Override
    public String getAttributeValue(int index) {
        requireStart();
        return attributeValues[index];
    }

    @Override
    public boolean isAttributeSpecified(int index) {
        requireStart();
        return true;
    }

    // --------------------------------------------------------------------------------- XMLStreamReader: text

    @Override
    public String getText() {
        if (event != CHARACTERS && event != COMMENT) {
            throw new IllegalStateException("no text at event " + event);
        }
        String made = text;
        if (made == null) {
            made = new String(textBytes, textFrom, textTo - textFrom, StandardCharsets.UTF_8);
            if (event == COMMENT) {
                made = lineEnds(made);
            }
            text = made;
        }
        return made;
    }

    @Override
    public char[] getTextCharacters() {
        char[] chars = textChars;
        if (chars == null) {
            chars = getText().toCharArray();
            textChars = chars;
        }
        return chars;
    }

    @Override
    public int getTextCharacters(int sourceStart, char[] target, int targetStart, int length) {
        char[] chars = getTextCharacters();
        int count = Math.max(0, Math.min(length, chars.length - sourceStart));
        System.arraycopy(chars, sourceStart, target, targetStart, count);
        return count;
    }

    @Override
    public int getTextStart() {
        getTextCharacters();
        return 0;
    }

    @Override
    public int getTextLength() {
        return getTextCharacters().length;
    }

    @Override
    public String getEncoding() {
        return declaredEncoding != null ? declaredEncoding : "UTF-8";
    }

    @Override
    public String getVersion() {
        return version;
    }

    @Override
    public boolean isStandalone() {
        return standalone != null && standalone;
    }

    @Override
    public boolean standaloneSet() {
        return standalone != null;
    }

    @Override
    public String getCharacterEncodingScheme() {
        return declaredEncoding;
    }

    @Override
    public String getPITarget() {
        return event == PROCESSING_INSTRUCTION ? piTarget : null;
    }

    @Override
    public String getPIData() {
        return event == PROCESSING_INSTRUCTION
                ? lineEnds(new String(textBytes, textFrom, textTo - textFrom, StandardCharsets.UTF_8)) : null;
    }

    /** A comment's or processing instruction's text with its line ends read as {@code \n}, as text's are. */
    private static String lineEnds(String raw) {
        return raw.indexOf('\r') < 0 ? raw : raw.replace("\r\n", "\n").replace('\r', '\n');
    }

    // ----------------------------------------------------------------------------------------------- parts

    /** A line and column, and the byte offset: what {@link #getLocation} gives. */
    private record Position(int getLineNumber, int getColumnNumber, long offset) implements Location {
        @Override
        public int getCharacterOffset() {
            return (int) Math.min(Integer.MAX_VALUE, offset);
        }

        @Override
        public String getPublicId() {
            return null;
        }

        @Override
        public String getSystemId() {
            return null;
        }
    }

    /** Namespace URIs a thread's readers have met, interned: one string per URI however often declared. */
    private static final class Uris {
        private static final int MAX_URIS = 1 << 10;
        private final java.util.HashMap<String, String> interned = new java.util.HashMap<>();

        String intern(String uri) {
            String known = interned.get(uri);
            if (known == null) {
                if (interned.size() >= MAX_URIS) {
                    interned.clear();
                }
                known = uri.intern();
                interned.put(known, known);
            }
            return known;
        }
    }

    /** What a thread's readers reuse: the buffer, the names met, the bytes of decoded text, the stacks. */
    private static final class Scratch {
        byte[] buffer = new byte[CHUNK];
        ParsedName[] elements = new ParsedName[32];
        String[] elementUris = new String[32];
        int[] elementDeclarations = new int[32];
        String[] declaredPrefixes = new String[16];
        String[] declaredUris = new String[16];
        ParsedName[] attributeNames = new ParsedName[8];
        String[] attributeUris = new String[8];
        String[] attributeValues = new String[8];
        final ParsedNames names = new ParsedNames();
        final Uris uris = new Uris();
        final DecodedBytes decoded = new DecodedBytes();
    }

    /** Thrown by a reader that met a document not in UTF-8: it is read again through a transcoder. */
    private static final class Transcode extends XMLStreamException {
        final Charset charset;
        final String declared;

        Transcode(Charset charset, String declared) {
            super("the document is in " + charset.name());
            this.charset = charset;
            this.declared = declared;
        }
    }
}
