package dev.sdo.compiler.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.runtime.batch.RecordIdentity;
import org.junit.jupiter.api.Test;

/**
 * A batch reader that refuses a file of another schema version by fingerprint names the first field that differs
 * and how, from the schema the file carries and its own ({@code dev.sdo.runtime.generic.DescriptorDifference}): each
 * kind of difference, and a file without a schema (format 2), whose message stays what it was.
 */
class RefusalMessageTest {
    private static final String HEAD = "package p;\nenum Side { BUY, SELL, SHORT }\n";

    private static String refusal(String oldFields, String newFields) {
        return Refusals.message(HEAD + "record R {\n" + oldFields + "\n}\n", HEAD + "record R {\n" + newFields
                + "\n}\n", "R");
    }

    @Test
    void aTypeChangeNamesBothTypes() {
        String message = refusal("id: int32; amount1: decimal(18, 2);", "id: int32; amount1: decimal(18, 4);");
        assertThat(message).contains("they disagree on version 1 (")
                .contains("): field amount1: decimal(18, 2) in the file, decimal(18, 4) in this schema; read the file"
                        + " with code generated from the schema that wrote it")
                .doesNotContain("sdoc compat");
    }

    @Test
    void aFieldGoneOrInsertedIsAbsentOnOneSide() {
        assertThat(refusal("id: int32; venue: char(4); qty: int32;", "id: int32; qty: int32;"))
                .contains(": field venue: absent in this schema;");
        assertThat(refusal("id: int32; qty: int32;", "id: int32; venue: char(4); qty: int32;"))
                .contains(": field venue: absent in the file;");
        assertThat(refusal("id: int32; qty: int32; venue: char(4);", "id: int32; qty: int32;"))
                .contains(": field venue: absent in this schema;");
    }

    @Test
    void fieldsInAnotherOrderAreMoved() {
        assertThat(refusal("a: int32; b: int16;", "b: int16; a: int32;"))
                .contains(": field b: moved: before a here, after it in the file;");
    }

    @Test
    void presenceAndDefaultsAreNamed() {
        assertThat(refusal("qty: int32;", "qty: int32 optional;"))
                .contains(": field qty: required in the file, optional in this schema;");
        assertThat(refusal("lots: int(0..9) = 1;", "lots: int(0..9) = 2;"))
                .contains(": field lots: default 1 in the file, default 2 in this schema;");
    }

    @Test
    void anEnumConstantMovedNamesItsOrdinals() {
        String message = Refusals.message(HEAD + "record R { id: int32; side: Side; }\n",
                "package p;\nenum Side { BUY, SHORT, SELL }\nrecord R { id: int32; side: Side; }\n", "R");
        assertThat(message).contains(": field side: enum Side: constant SELL has ordinal 1 in the file, 2 here;");
    }

    @Test
    void anEnumGrownBeyondItsBitsOrWithoutSinceIsNamed() {
        String wider = Refusals.message("package p;\nenum Side { BUY, SELL }\nrecord R { side: Side; }\n",
                HEAD + "record R { side: Side; }\n", "R");
        assertThat(wider).contains(": field side: enum Side: 1 bit (2 constants) in the file, 2 bits (3 constants)"
                + " here;");
        String grown = Refusals.message(HEAD + "record R { side: Side; }\n",
                "package p;\nenum Side { BUY, SELL, SHORT, CROSS }\nrecord R { side: Side; }\n", "R");
        assertThat(grown).contains(": field side: enum Side: constant CROSS only here, added without @since;");
    }

    @Test
    void aRenameIsNamedOnlyWhenNothingElseDiffers() {
        assertThat(refusal("id: int32; price: decimal(9, 2);", "id: int32; cost: decimal(9, 2);"))
                .contains(": field cost: named price in the file, renamed without @alias(\"price\"), which keeps"
                        + " the fingerprint;");
        // With @alias the rename keeps the fingerprint: what differs is the field after it.
        assertThat(refusal("price: decimal(9, 2); qty: int32;", "cost: decimal(9, 2) @alias(\"price\"); qty: int64;"))
                .contains(": field qty: int32 in the file, int64 in this schema;");
    }

    @Test
    void nestedRecordsAndListsNameTheFieldByItsPath() {
        String leg = "record Leg { amount: decimal(9, 2); }\n";
        String wider = "record Leg { amount: decimal(12, 2); }\n";
        assertThat(Refusals.message(HEAD + leg + "record R { id: int32; leg: Leg; }\n",
                HEAD + wider + "record R { id: int32; leg: Leg; }\n", "R"))
                .contains(": field leg.amount: decimal(9, 2) in the file, decimal(12, 2) in this schema;");
        assertThat(Refusals.message(HEAD + leg + "record R { id: int32; legs: list<Leg>; }\n",
                HEAD + wider + "record R { id: int32; legs: list<Leg>; }\n", "R"))
                .contains(": field legs.amount: decimal(9, 2) in the file, decimal(12, 2) in this schema;");
    }

    @Test
    void versionsCompareTheFieldsOfTheVersionBothHave() {
        assertThat(refusal("a: int32; b: int32 optional @since(2);", "a: int32; b: int32 optional @since(3);"))
                .contains("they disagree on version 2").contains(": field b: since version 2 in the file, 3 here;");
        assertThat(refusal("a: int32; b: int32 optional @since(2);",
                "a: int64; b: int32 optional @since(2); c: int8 optional @since(3);"))
                .contains(": field a: int32 in the file, int64 in this schema;");
    }

    @Test
    void aFileWithoutASchemaIsRefusedByFingerprintsAlone() {
        String message = Refusals.message(Refusals.model("old.sdo", HEAD + "record R { qty: int32; }\n"),
                Refusals.model("new.sdo", HEAD + "record R { qty: int64; }\n"), "R", RefusalMessageTest::withoutSchema);
        assertThat(message).contains("the record was changed other than by adding fields with @since")
                .contains("(sdoc compat OLD.sdo NEW.sdo names the field that differs)").doesNotContain("field qty");
    }

    private static RecordIdentity withoutSchema(RecordIdentity identity) {
        return new RecordIdentity(identity.recordName(), identity.schemaVersion(), identity.fingerprint(),
                identity.recordSize(), identity.versionFingerprints());
    }
}
