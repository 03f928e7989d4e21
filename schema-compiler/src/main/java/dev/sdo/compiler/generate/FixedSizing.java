package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import dev.sdo.compiler.layout.RecordLayout;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The SDO of a fixed-width record: always {@code BYTES} long, so it encodes without sizing first, copies its bits
 * into a buffer of its own where an enclosing record holds it off a byte boundary, and serialises as its bytes.
 */
final class FixedSizing implements Sizing {
    private final RecordLayout layout;
    private final ClassName sdoName;
    private final ClassName interfaceName;
    private final String recordName;

    FixedSizing(RecordLayout layout, ClassName sdoName, ClassName interfaceName) {
        this.layout = layout;
        this.sdoName = sdoName;
        this.interfaceName = interfaceName;
        this.recordName = layout.record().name().simpleName();
    }

    @Override
    public String classDocTail() {
        return "";
    }

    @Override
    public String bytesDoc() {
        return "The record's size in bytes.\n";
    }

    @Override
    public CodeBlock wrapRest() {
        return CodeBlock.builder().addStatement("return new $T(buffer, offset)", sdoName).build();
    }

    @Override
    public CodeBlock recordBits(OtherVersions versions) {
        return versions.fixedBits();
    }

    @Override
    public List<MethodSpec> methods(OtherVersions versions) {
        return List.of(copyOf(), of(), encodeAtOffset());
    }

    private MethodSpec copyOf() {
        return MethodSpec.methodBuilder("copyOf")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(sdoName)
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "base")
                .addParameter(long.class, "bitOffset")
                .addJavadoc("A copy of the $L whose bits start at bit {@code bitOffset} of the record at byte\n"
                        + "{@code base}: how an enclosing record reads this one where it does not start on a byte.\n",
                        recordName)
                .addStatement("$T copy = $T.allocate(BYTES)", JavaTypes.BYTE_BUFFER, JavaTypes.BYTE_BUFFER)
                .addStatement("$T.copyBits(buffer, base, bitOffset, copy, 0, 0, BITS)", JavaTypes.BIT_FIELDS)
                .addStatement("return new $T(copy, 0)", sdoName)
                .build();
    }

    private MethodSpec of() {
        return MethodSpec.methodBuilder("of")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(sdoName)
                .addParameter(interfaceName, "source")
                .addJavadoc("Encodes any {@link $T} into a new $L of its own {@link #BYTES} bytes.\n", interfaceName,
                        sdoName.simpleName())
                .addJavadoc("\n@throws IllegalArgumentException naming the field, the value and what is allowed, when a\n"
                        + "    value does not fit its field or a required field is null; nothing is truncated or rounded\n")
                .addStatement("$T buffer = $T.allocate(BYTES)", JavaTypes.BYTE_BUFFER, JavaTypes.BYTE_BUFFER)
                .addStatement("encode(source, buffer, 0, 0)")
                .addStatement("return new $T(buffer, 0)", sdoName)
                .build();
    }

    private MethodSpec encodeAtOffset() {
        return MethodSpec.methodBuilder("encode")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(interfaceName, "source")
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "offset")
                .addJavadoc("Writes {@code source} as the record at byte {@code offset} of {@code buffer}: its\n"
                        + "{@link #BITS} bits$L.\n", layout.totalBits() % Byte.SIZE == 0 ? ""
                                : ", and 0 in the unused high bits of its last byte")
                .addJavadoc("\n@throws IllegalArgumentException as {@link #of} does\n")
                .addStatement("encode(source, buffer, offset, 0)")
                .addCode(clearUnusedBits(layout))
                .build();
    }

    /**
     * Clears the bits after a record's fields in the last byte of its fixed part, which a buffer used before may
     * hold: the record's bytes are then the same however it was written ({@code equals}, {@code hashCode} and
     * files compare them). Nothing for a record whose fields fill their bytes.
     */
    static CodeBlock clearUnusedBits(RecordLayout layout) {
        if (layout.totalBits() % Byte.SIZE == 0) {
            return CodeBlock.builder().build();
        }
        return CodeBlock.builder().addStatement("$T.clear(buffer, offset, BITS, $T.SIZE * BYTES - BITS)",
                JavaTypes.BIT_FIELDS, Byte.class).build();
    }

    /** Public: enclosing records encode a fixed-width record in place, at any bit. */
    @Override
    public MethodSpec.Builder encodeFields(boolean byWords) {
        return MethodSpec.methodBuilder("encode")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(interfaceName, "source")
                .addParameter(JavaTypes.BYTE_BUFFER, "buffer")
                .addParameter(int.class, "base")
                .addParameter(long.class, "bitOffset")
                .addJavadoc("Writes {@code source} as the $L bits that start at bit {@code bitOffset} of the record at\n"
                        + "byte {@code base} of {@code buffer}, leaving every other bit as it was: how {@link #of} and\n"
                        + "enclosing records encode a $L. The buffer's position, limit and byte order do not change.\n",
                        layout.totalBits(), recordName)
                .addJavadoc(byWords ? "\n@throws IllegalArgumentException as {@link #of} does; nothing is written then\n"
                        : "\n@throws IllegalArgumentException as {@link #of} does; the bits of the fields before the\n"
                                + "    offending one are then written already\n")
                .addStatement("$T.requireNonNull(source, $S)", JavaTypes.OBJECTS, "source");
    }

    @Override
    public String toByteArrayDoc() {
        return "A copy of the record's {@link #BYTES} bytes, the unused high bits of the last one 0.\n";
    }

    @Override
    public String writeToDoc() {
        return "Copies the record's {@link #BYTES} bytes to {@code destination} at\n"
                + "{@code destinationOffset}, the unused high bits of the last one 0, without changing either\n"
                + "buffer's position.\n";
    }

    @Override
    public CodeBlock sameKind(ClassName sdo) {
        return CodeBlock.of("other instanceof $T that", sdo);
    }

    @Override
    public List<MethodSpec> serialForm() {
        return List.of(SerialMethods.writeObject("Serialises the record as its {@link #BYTES} bytes.\n")
                        .addStatement("out.defaultWriteObject()")
                        .addStatement("out.write(toByteArray())")
                        .build(),
                SerialMethods.readObject("Reads the {@link #BYTES} bytes {@link #writeObject} wrote into a buffer of its own.\n")
                        .addStatement("in.defaultReadObject()")
                        .addStatement("byte[] bytes = new byte[BYTES]")
                        .addStatement("in.readFully(bytes)")
                        .addStatement("buffer = $T.wrap(bytes)", JavaTypes.BYTE_BUFFER)
                        .addStatement("offset = 0")
                        .build());
    }
}
