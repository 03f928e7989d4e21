package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import dev.sdo.compiler.layout.RecordLayout;
import java.util.List;
import java.util.Optional;

/**
 * What an SDO's code does about records other versions of its schema wrote (docs/record-format.md, "Versions"), one
 * implementation per kind of record: a record with {@code @since} fields reads every version's
 * ({@link VersionedSdoMembers}); version 1 of a record with variable-length data reads later versions' records, whose
 * data starts further on ({@link FirstVersionSdoMembers}); version 1 of a fixed-width record needs nothing, since a
 * later version's record starts with its bits, and neither does a compact record, which has no other versions
 * (docs/record-format.md 8) ({@link #NONE}). The SDO emitter asks, never tests which it has.
 */
interface OtherVersions {
    /** Version 1 of a fixed-width record, and a compact record: only its own members. */
    OtherVersions NONE = new OtherVersions() {};

    /** The members a record's SDO needs for other versions' records. */
    static OtherVersions of(RecordLayout layout, long[] fingerprints, ClassName sdoName) {
        if (layout.versioned()) {
            return VersionedSdoMembers.of(layout, fingerprints, sdoName);
        }
        return layout.hasVariableData() && !layout.compact() ? new FirstVersionSdoMembers(layout, sdoName) : NONE;
    }

    /** The Javadoc of {@code serialVersionUID}, the fingerprint of version 1's layout. */
    default String serialVersionDoc() {
        return "A fingerprint of the layout: bytes serialised under another layout are refused.\n";
    }

    /** Static fields: the version tables and the serial fields that name the writer. */
    default List<FieldSpec> constants() {
        return List.of();
    }

    /** Instance fields: what the view knows of the record's writer. */
    default List<FieldSpec> state() {
        return List.of();
    }

    /** The statements by which a view's constructors say that this code's own version wrote the record. */
    default CodeBlock currentWriter() {
        return CodeBlock.builder().build();
    }

    /** The methods that read other versions' records: cursors and {@code wrap} overloads for a writer. */
    default List<MethodSpec> methods() {
        return List.of();
    }

    /** What {@code wrap(buffer, offset)}'s Javadoc adds about the version of the record it shows. */
    default CodeBlock wrapDoc() {
        return CodeBlock.builder().build();
    }

    /** The statements {@code moveTo(chunk, offset)} adds: a later version's record moved to has no known size. */
    default CodeBlock unsizedMove() {
        return CodeBlock.builder().build();
    }

    /**
     * For a record with variable-length data, the first statements of {@code byteSize()} (a later version's record
     * has its container's size); empty when {@link #methods()} has a {@code byteSize()} of its own.
     */
    default Optional<CodeBlock> byteSizePrefix() {
        return Optional.of(CodeBlock.builder().build());
    }

    /** The bits of a fixed-width record's bytes, which {@code equals} and {@code hashCode} compare. */
    default CodeBlock fixedBits() {
        return CodeBlock.of("BITS");
    }

    /** What {@code equals} compares beyond the bits: the writer's version, where records of two versions differ. */
    default String equalWriters() {
        return "";
    }

    /** {@code writeObject} and {@code readObject}, when the serial form names its writer; else the SDO's own. */
    default Optional<List<MethodSpec>> serialForm() {
        return Optional.empty();
    }
}
