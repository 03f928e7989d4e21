package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import dev.sdo.compiler.layout.RecordLayout;
import java.util.List;

/**
 * How an SDO finds, encodes, copies and serialises its record's bytes, one implementation per kind of record: a
 * fixed-width record is always {@code BYTES} long ({@link FixedSizing}); a record with variable-length data reads its
 * size from its last end slot ({@link VariableSizing}). With {@link OtherVersions}, which says how an SDO reads other
 * versions' records, it is the whole shape of an SDO: the SDO emitter asks both, never tests which it has.
 */
interface Sizing {
    static Sizing of(RecordLayout layout, ClassName sdoName, ClassName interfaceName, SdoContext context) {
        return layout.hasVariableData() ? new VariableSizing(layout, sdoName, interfaceName, context)
                : new FixedSizing(layout, sdoName, interfaceName);
    }

    /** What the class's Javadoc adds after "N bits in M bytes of a ByteBuffer". */
    String classDocTail();

    /** The Javadoc of {@code BYTES}. */
    String bytesDoc();

    /** The rest of {@code wrap(buffer, offset)} after the fixed part's bounds: what it checks, and its return. */
    CodeBlock wrapRest();

    /** The bits the record's bytes take, which copies, {@code equals} and {@code hashCode} cover. */
    CodeBlock recordBits(OtherVersions versions);

    /** The static factories and encoders ({@code of}, {@code encode}, sizes) and, where its own, {@code byteSize()}. */
    List<MethodSpec> methods(OtherVersions versions);

    /**
     * The method that writes the fields at a bit offset, up to its per-field statements; {@code byWords} when they
     * keep the fields' bits for {@link WordEncoder}, which writes nothing before every value is checked.
     */
    MethodSpec.Builder encodeFields(boolean byWords);

    /** The Javadoc of {@code toByteArray()}. */
    String toByteArrayDoc();

    /** The Javadoc of {@code writeTo(destination, destinationOffset)}. */
    String writeToDoc();

    /** What {@code equals} compares before the bits: the class of the other object, and its size where sizes vary. */
    CodeBlock sameKind(ClassName sdoName);

    /** {@code writeObject} and {@code readObject} of an SDO whose serial form is this version's bytes. */
    List<MethodSpec> serialForm();
}
