package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.runtime.CorruptDataException;
import dev.sdo.runtime.batch.ChunkAllocation;
import dev.sdo.runtime.batch.VariableRecordStore;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Shared strings (docs/record-format.md, section 8.6), as the generated code of compact records reads, copies and
 * writes them: getters, byte views, {@code toBean} and {@code toString} resolving references in bytes made by hand
 * from the section's rule; a nested view, a part of its document, copied on its own as the record encoded anew;
 * a writer refusing to change a shareable string in place and writing a new record's bytes as {@code of} does.
 */
class CompactSharedStringsTest {
    private static final String P = "test.shared.";
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

    /**
     * {@code Doc{x="abcdef", y="abcdef", inner=Inner{a=1, s="abcdef"}, inners=[], n=5}} with y and inner.s references
     * to x, by section 8.6: w = 0, slot bits x, y, inner 1 and inners 0 (empty), n = 5 at bits 6..13
     * ({@code 5C 01}); two 1-byte slots, x ending at 10 and y at 13; x's 6 bytes from byte 4; y, at byte 10, the
     * reference {@code 82 06 00} (6 - 4 = 2 bytes more than 4, 6 bytes back: byte 4); inner to the size, 5 bytes: w = 0,
     * s's slot bit, a = 1 ({@code 0C 00}), then s at byte 15, {@code 82 0B 00}: 11 bytes back, byte 4 again.
     */
    private static final String SHARED_DOC = "5C 01 0A 0D 61 62 63 64 65 66 82 06 00 0C 00 82 0B 00";

    private static Generated generated;

    @BeforeAll
    static void compile() {
        generated = Generated.compile(Map.of("shared.sdo", """
                package test.shared;
                @compact record Inner { a: uint8; s: string; }
                @compact record Doc { x: string; y: string optional; inner: Inner; inners: list<Inner>; n: uint8; }
                @compact record Pair { p: string; q: string; }
                @compact record Opt { o: Inner optional; t: string; }
                @compact record NoStrings { a: uint8; b: bytes optional; }
                @compact record Holder { h: NoStrings; t: list<string>; }
                record Plain { s: string; t: string; }
                """));
    }

    // Reading references

    @Test
    void gettersByteViewsToBeanAndToStringReadReferencedStrings() {
        byte[] bytes = HEX.parseHex(SHARED_DOC);
        Object doc = wrap("Doc", bytes);
        assertThat(Generated.call(doc, "getX")).isEqualTo("abcdef");
        assertThat(Generated.call(doc, "getY")).isEqualTo("abcdef");
        assertThat(text((ByteBuffer) Generated.call(doc, "getXBuffer"))).isEqualTo("abcdef");
        assertThat(text((ByteBuffer) Generated.call(doc, "getYBuffer"))).isEqualTo("abcdef");
        Object inner = Generated.call(doc, "getInner");
        assertThat(Generated.call(inner, "getA")).isEqualTo(1);
        assertThat(Generated.call(inner, "getS")).isEqualTo("abcdef");
        assertThat(text((ByteBuffer) Generated.call(inner, "getSBuffer"))).isEqualTo("abcdef");
        assertThat(Generated.call(doc, "toBean")).isEqualTo(docBean("abcdef", "abcdef", inner(1, "abcdef"), List.of(), 5));
        assertThat(doc.toString()).contains("y=abcdef").contains("s=abcdef");
        assertThat(inner.toString()).isEqualTo("Inner{a=1, s=abcdef}");
        // A whole document is copied as its bytes, references and all.
        assertThat(Generated.call(doc, "toByteArray")).isEqualTo(bytes);
    }

    @Test
    void aReferenceBeforeTheBufferOrNotEndingBeforeItselfIsCorruptNamingTheField() {
        byte[] beforeBuffer = HEX.parseHex(SHARED_DOC);
        beforeBuffer[11] = 11; // 11 bytes back from byte 10
        assertThatThrownBy(() -> Generated.call(wrap("Doc", beforeBuffer), "getY"))
                .isInstanceOf(CorruptDataException.class).hasMessageStartingWith("Doc.y: its reference");
        assertThatThrownBy(() -> Generated.call(wrap("Doc", beforeBuffer), "getYBuffer"))
                .isInstanceOf(CorruptDataException.class).hasMessageStartingWith("Doc.y: its reference");
        byte[] overlapping = HEX.parseHex(SHARED_DOC);
        overlapping[11] = 5; // 6 bytes from 5 back would end after the reference's first byte
        assertThatThrownBy(() -> Generated.call(wrap("Doc", overlapping), "getY"))
                .isInstanceOf(CorruptDataException.class).hasMessageStartingWith("Doc.y: its reference");
        byte[] nested = HEX.parseHex(SHARED_DOC);
        nested[17] = 1; // 256 + 11 bytes back from byte 15
        Object inner = Generated.call(wrap("Doc", nested), "getInner");
        assertThatThrownBy(() -> Generated.call(inner, "getS"))
                .isInstanceOf(CorruptDataException.class).hasMessageStartingWith("Inner.s: its reference");
        assertThatThrownBy(() -> Generated.call(wrap("Doc", nested), "toBean"))
                .isInstanceOf(CorruptDataException.class).hasMessageContaining("Inner.s");
        // Three bytes of text that do not start with 10xxxxxx are text, as before.
        Object plain = generated.of(P + "Pair", pair("abc", "abc"));
        assertThat(Generated.call(plain, "getQ")).isEqualTo("abc");
    }

    @Test
    void onlyCompactRecordsWhoseDocumentsHoldStringFieldsReadAndCopyThemAsShared() {
        assertThat(generated.source(P + "DocSdo")).contains("SharedStrings.string(\"Doc.y\"").contains("boolean part");
        assertThat(generated.source(P + "InnerSdo")).contains("sdo.part = true");
        // No string field in its document (a list<string> element is not one): its code is as before.
        for (String record : List.of("NoStringsSdo", "HolderSdo", "PlainSdo", "NoStringsWriter", "HolderWriter")) {
            assertThat(generated.source(P + record)).as(record).doesNotContain("SharedStrings")
                    .doesNotContain("boolean part").doesNotContain("SHARING");
        }
        assertThat(generated.source(P + "DocWriter"))
                .contains("SHARING = {SHARING_STRING, SHARING_STRING, SHARING_PART,").contains("super(\"Doc\", VARIABLE, SHARING)")
                .contains("protected int encodeAnew(int size)");
    }

    // A part of a document, copied on its own

    @Test
    void aNestedViewReferringToItsParentsStringIsCopiedAsAWholeDocument() throws Exception {
        Object doc = wrap("Doc", HEX.parseHex(SHARED_DOC));
        Object inner = Generated.call(doc, "getInner");
        Object innerBean = inner(1, "abcdef");
        byte[] whole = (byte[]) Generated.call(generated.of(P + "Inner", innerBean), "toByteArray");
        // One string in Inner's own document: nothing to share, its bytes in full.
        assertThat(HEX.formatHex(whole)).isEqualTo("0C 00 61 62 63 64 65 66");
        assertThat(Generated.call(inner, "byteSize")).isEqualTo(5);
        assertPartCopiesAsWhole("Inner", inner, innerBean, whole);
    }

    @Test
    void listElementsAndNestedRecordsAreCopiedAsWholeDocuments() throws Exception {
        Object innerBean = inner(3, "abcdef");
        Object bean = docBean("abcdef", null, inner(2, "zz"), List.of(innerBean, inner(4, "abcdef")), 1);
        byte[] bytes = (byte[]) Generated.call(generated.of(P + "Doc", bean), "toByteArray");
        Object doc = wrap("Doc", bytes);
        assertThat(Generated.call(doc, "toBean")).isEqualTo(bean);
        byte[] whole = (byte[]) Generated.call(generated.of(P + "Inner", innerBean), "toByteArray");
        Object element = ((List<?>) Generated.call(doc, "getInners")).get(0);
        assertPartCopiesAsWhole("Inner", element, innerBean, whole);
        Object last = ((List<?>) Generated.call(doc, "getInners")).get(1);
        assertThat(last).isNotEqualTo(element);
        Object nested = Generated.call(doc, "getInner");
        assertPartCopiesAsWhole("Inner", nested, inner(2, "zz"),
                (byte[]) Generated.call(generated.of(P + "Inner", inner(2, "zz")), "toByteArray"));
    }

    /**
     * {@code part}, a view a getter gave, has {@code whole}'s bytes, the record {@code bean} encoded anew, in every
     * copy: toByteArray, writeTo, equals and hashCode against the whole document's view, the serial form, a batch.
     */
    private static void assertPartCopiesAsWhole(String record, Object part, Object bean, byte[] whole)
            throws Exception {
        byte[] copy = (byte[]) Generated.call(part, "toByteArray");
        assertThat(copy).isEqualTo(whole);
        Object alone = wrap(record, copy);
        assertThat(Generated.call(alone, "toBean")).isEqualTo(bean);
        assertThat(Generated.call(part, "toBean")).isEqualTo(bean);

        ByteBuffer destination = ByteBuffer.allocate(whole.length + 4);
        Generated.call(part, "writeTo", destination, 2);
        assertThat(Arrays.copyOfRange(destination.array(), 2, 2 + whole.length)).isEqualTo(whole);

        Object of = generated.of(P + record, bean);
        assertThat(part).isEqualTo(alone).isEqualTo(of);
        assertThat(alone).isEqualTo(part);
        assertThat(of).isEqualTo(part);
        assertThat(part.hashCode()).isEqualTo(alone.hashCode()).isEqualTo(of.hashCode());

        Object read = deserialise(serialise(part));
        assertThat(read).isEqualTo(of);
        assertThat(Generated.call(read, "toByteArray")).isEqualTo(whole);
        assertThat(Generated.call(read, "toBean")).isEqualTo(bean);

        // A batch adds the record encoded anew, its size the new one.
        Object batch = generated.callStatic(P + record + "Batch", "over",
                VariableRecordStore.create(generated.bytes(P + record), ChunkAllocation.HEAP, 64));
        Generated.call(batch, "add", part);
        VariableRecordStore store = (VariableRecordStore) Generated.call(batch, "store");
        assertThat(store.toByteArray(0)).isEqualTo(whole);
        assertThat(Generated.call(Generated.call(batch, "get", 0), "toBean")).isEqualTo(bean);
    }

    // The writer

    @Test
    void aWriterInPlaceRefusesToChangeAStringThatMayBeSharedAndChangesAShortOne() {
        Object bean = docBean("abcdef", "ab", inner(1, "xyz"), List.of(), 5);
        byte[] bytes = (byte[]) Generated.call(generated.of(P + "Doc", bean), "toByteArray");
        ByteBuffer buffer = ByteBuffer.wrap(bytes.clone());
        Object writer = generated.callStatic(P + "DocWriter", "update", buffer, 0, bytes.length);
        assertThatThrownBy(() -> Generated.call(writer, "x", "ghijkl")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Doc.x: holds 6 bytes").hasMessageContaining("encode it anew");
        assertThatThrownBy(() -> Generated.call(writer, "inner", inner(1, "uvw")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("Doc.inner")
                .hasMessageContaining("encode it anew");
        Generated.call(writer, "y", "cd");
        Generated.call(writer, "n", 9);
        assertThatThrownBy(() -> Generated.call(writer, "y", "cde")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Doc.y: 3 bytes of data in place of 2");
        assertThat(buffer.array()).isEqualTo(Generated.call(generated.of(P + "Doc",
                docBean("abcdef", "cd", inner(1, "xyz"), List.of(), 9)), "toByteArray"));
        // The record is unchanged by the refused changes: its bytes are those of the accepted ones.

        // A reference (3 bytes, 10xxxxxx first) is refused; 3 bytes of text are not.
        byte[] shared = HEX.parseHex(SHARED_DOC);
        Object sharedWriter = generated.callStatic(P + "DocWriter", "update", ByteBuffer.wrap(shared), 0,
                shared.length);
        assertThatThrownBy(() -> Generated.call(sharedWriter, "y", "abc")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Doc.y: holds a reference").hasMessageContaining("encode it anew");
        Object innerWriter = generated.callStatic(P + "InnerWriter", "update", ByteBuffer.wrap(shared), 13, 5);
        assertThatThrownBy(() -> Generated.call(innerWriter, "s", "abc")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Inner.s: holds a reference");
        assertThat(shared).isEqualTo(HEX.parseHex(SHARED_DOC));

        // A field that holds a record with string fields but under 4 bytes of data (or none) holds no target.
        Map<String, Object> optValues = new LinkedHashMap<>();
        optValues.put("o", null);
        optValues.put("t", "t");
        byte[] opt = (byte[]) Generated.call(generated.of(P + "Opt", generated.bean(P + "Opt", optValues)),
                "toByteArray");
        Object optWriter = generated.callStatic(P + "OptWriter", "update", ByteBuffer.wrap(opt), 0, opt.length);
        Generated.call(optWriter, "clearO");
        optValues.put("o", inner(1, "x"));
        byte[] small = (byte[]) Generated.call(generated.of(P + "Opt", generated.bean(P + "Opt", optValues)),
                "toByteArray");
        Object smallWriter = generated.callStatic(P + "OptWriter", "update", ByteBuffer.wrap(small), 0, small.length);
        Generated.call(smallWriter, "o", inner(2, "y"));
        assertThat(Generated.call(Generated.call(wrap("Opt", small), "getO"), "getS")).isEqualTo("y");

        byte[] innerBytes = (byte[]) Generated.call(generated.of(P + "Inner", inner(1, "xyz")), "toByteArray");
        ByteBuffer innerBuffer = ByteBuffer.wrap(innerBytes);
        Object shortWriter = generated.callStatic(P + "InnerWriter", "update", innerBuffer, 0, innerBytes.length);
        Generated.call(shortWriter, "s", "uvw");
        assertThat(Generated.call(wrap("Inner", innerBuffer.array()), "getS")).isEqualTo("uvw");
    }

    @Test
    void aNewRecordWithRepeatedStringsHasTheBytesOfOf() {
        List<Object> beans = List.of(
                docBean("abcdef", "abcdef", inner(1, "abcdef"), List.of(inner(2, "abcdef"), inner(3, "zz")), 5),
                docBean("abcdef", null, inner(1, "ghijkl"), List.of(inner(2, "ghijkl")), 6),
                docBean("abcd", "abcde", inner(1, "x"), List.of(), 7),
                docBean("", "", inner(1, ""), List.of(), 8));
        for (Object bean : beans) {
            byte[] of = (byte[]) Generated.call(generated.of(P + "Doc", bean), "toByteArray");
            ByteBuffer buffer = filled(of.length + 200);
            Object writer = generated.callStatic(P + "DocWriter", "wrap", buffer, 3);
            writeDoc(writer, bean);
            int size = (int) Generated.call(writer, "done");
            assertThat(Generated.call(generated.callStatic(P + "DocSdo", "wrap", buffer, 3, size), "toBean"))
                    .as("values of %s", bean).isEqualTo(bean);
            assertThat(Arrays.copyOfRange(buffer.array(), 3, 3 + size)).as("bytes of %s", bean).isEqualTo(of);
            assertThat(Arrays.copyOfRange(buffer.array(), 0, 3)).containsOnly((byte) 0x5A);

            // The writer of a batch's append(), in its own buffer, then the batch's.
            Object batch = generated.callStatic(P + "DocBatch", "over",
                    VariableRecordStore.create(generated.bytes(P + "Doc"), ChunkAllocation.HEAP, 64));
            Object appended = Generated.call(batch, "append");
            writeDoc(appended, bean);
            assertThat(Generated.call(appended, "done")).isEqualTo(of.length);
            VariableRecordStore store = (VariableRecordStore) Generated.call(batch, "store");
            assertThat(store.toByteArray(0)).isEqualTo(of);
            // Done, the record is complete: its shared strings refuse to change in place.
            assertThatThrownBy(() -> Generated.call(appended, "x", "ABCDEF"))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("Doc.x");
        }

        for (List<String> values : List.of(List.of("abcd", "abcd"), List.of("abcd", "abce"), List.of("abc", "abc"),
                List.of("é".repeat(30), "é".repeat(30)), List.of("x".repeat(68), "x".repeat(68)))) {
            Object bean = pair(values.get(0), values.get(1));
            byte[] of = (byte[]) Generated.call(generated.of(P + "Pair", bean), "toByteArray");
            // Written apart with its strings in full, then shared when done: room for the record done is enough,
            // and no byte after it is written.
            ByteBuffer buffer = filled(1 + of.length + 3);
            Object writer = generated.callStatic(P + "PairWriter", "wrap", buffer, 1);
            Generated.call(writer, "p", values.get(0));
            Generated.call(writer, "q", values.get(1));
            int size = (int) Generated.call(writer, "done");
            assertThat(Arrays.copyOfRange(buffer.array(), 1, 1 + size)).as("bytes of %s", values).isEqualTo(of);
            assertThat(Arrays.copyOfRange(buffer.array(), 1 + size, buffer.capacity())).containsOnly((byte) 0x5A);
            assertThat(Generated.call(wrap("Pair", of), "toBean")).isEqualTo(bean);
        }
    }

    // Helpers

    private static void writeDoc(Object writer, Object bean) {
        for (String field : List.of("x", "y", "inner", "inners", "n")) {
            Object value = Generated.call(bean, "get" + Character.toUpperCase(field.charAt(0)) + field.substring(1));
            if (value != null) {
                Generated.call(writer, field, value);
            }
        }
    }

    private static Object inner(int a, String s) {
        return generated.bean(P + "Inner", Map.of("a", a, "s", s));
    }

    private static Object pair(String p, String q) {
        return generated.bean(P + "Pair", Map.of("p", p, "q", q));
    }

    private static Object docBean(String x, String y, Object inner, List<Object> inners, int n) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("x", x);
        values.put("y", y);
        values.put("inner", inner);
        values.put("inners", inners);
        values.put("n", n);
        return generated.bean(P + "Doc", values);
    }

    private static Object wrap(String record, byte[] bytes) {
        return generated.callStatic(P + record + "Sdo", "wrap", ByteBuffer.wrap(bytes), 0, bytes.length);
    }

    private static String text(ByteBuffer bytes) {
        byte[] copy = new byte[bytes.remaining()];
        bytes.duplicate().get(copy);
        return new String(copy, StandardCharsets.UTF_8);
    }

    private static ByteBuffer filled(int size) {
        byte[] bytes = new byte[size];
        Arrays.fill(bytes, (byte) 0x5A);
        return ByteBuffer.wrap(bytes);
    }

    private static byte[] serialise(Object sdo) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ObjectOutputStream objects = new ObjectOutputStream(out)) {
            objects.writeObject(sdo);
        }
        return out.toByteArray();
    }

    private static Object deserialise(byte[] form) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(form)) {
            @Override
            protected Class<?> resolveClass(java.io.ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                return Class.forName(desc.getName(), false, generated.type(P + "Doc").getClassLoader());
            }
        }) {
            return in.readObject();
        }
    }
}
