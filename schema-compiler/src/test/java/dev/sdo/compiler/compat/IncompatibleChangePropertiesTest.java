package dev.sdo.compiler.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.testing.PropertyRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * One random incompatible change of a random record (a field's type changed, a field removed, renamed without
 * {@code @alias}, inserted without {@code @since}, made optional or required, its default changed; an enum's
 * constants reordered or one added without {@code @since}) is reported by {@link SchemaCompatibility} as refused in
 * both directions, with one finding at the line of the change: in NEW, or in OLD for a field that is gone. The
 * fingerprints readers compare differ too, so that data is refused rather than misread, and a reader of NEW refuses
 * a batch file OLD wrote naming the changed field.
 */
class IncompatibleChangePropertiesTest {
    private static final List<String> TYPES = List.of("bool", "uint8", "int16", "int32", "int64", "int(0..9)",
            "decimal(7, 2)", "date", "char(3)", "E", "string", "list<int32>");

    /** A schema's lines: the package, the enum, the record's header, its fields, its end. */
    private static final int FIRST_FIELD_LINE = 4;

    @Test
    void everyIncompatibleChangeIsReportedAtItsLine() {
        PropertyRunner.forAll(300, draw -> {
            List<String> fields = new ArrayList<>();
            for (int i = draw.ints(1, 6); i > 0; i--) {
                fields.add("f" + fields.size() + ": " + draw.of(TYPES.toArray(String[]::new)));
            }
            List<String> changed = new ArrayList<>(fields);
            String enumBefore = "BUY, SELL, SHORT";
            String enumAfter = enumBefore;
            int at = draw.ints(0, fields.size() - 1);
            String change = draw.of("type", "remove", "rename", "insert", "presence", "default", "enum-order",
                    "enum-grow");
            boolean inOld = false;
            switch (change) {
                case "type" -> changed.set(at, "f" + at + ": " + (fields.get(at).endsWith("int64") ? "int32" : "int64"));
                case "remove" -> {
                    changed.remove(at);
                    inOld = true;
                }
                case "rename" -> changed.set(at, fields.get(at).replace("f" + at + ":", "g" + at + ":"));
                case "insert" -> changed.add(at, "inserted: int8");
                case "presence" -> changed.set(at, fields.get(at) + " optional");
                case "default" -> {
                    fields.set(at, "f" + at + ": int(0..9) = 3");
                    changed.set(at, "f" + at + ": int(0..9) = 4");
                }
                case "enum-order", "enum-grow" -> {
                    fields.set(at, "f" + at + ": E");
                    changed.set(at, "f" + at + ": E");
                    enumAfter = change.equals("enum-order") ? "BUY, SHORT, SELL" : enumBefore + ", CROSS";
                }
                default -> throw new AssertionError(change);
            }
            String oldText = text(enumBefore, fields);
            String newText = text(enumAfter, changed);
            CodecModel oldModel = model("old.sdo", oldText);
            CodecModel newModel = model("new.sdo", newText);

            List<RecordCompatibility> report = SchemaCompatibility.compare(oldModel, newModel);

            String file = inOld ? "old.sdo" : "new.sdo";
            // An enum's change shows first in the first field that holds it.
            int line = FIRST_FIELD_LINE + (change.startsWith("enum") ? firstEnumField(fields) : at);
            String context = change + " at field " + at + "\nOLD:\n" + oldText + "NEW:\n" + newText;
            assertThat(report).as(context).singleElement().satisfies(record -> {
                assertThat(record.newReadsOld()).isEqualTo(Verdict.NO);
                assertThat(record.oldReadsNew()).isEqualTo(Verdict.NO);
                assertThat(record.findings()).singleElement().satisfies(finding -> {
                    assertThat(finding.position().file()).isEqualTo(file);
                    assertThat(finding.position().line()).isEqualTo(line);
                });
            });
            assertThat(newModel.fingerprint(newModel.records().get(0).record().name(), 1)).as(context)
                    .isNotEqualTo(oldModel.fingerprint(oldModel.records().get(0).record().name(), 1));
            // A reader of NEW refuses OLD's file naming the field that changed (an enum's, the first that holds it).
            String field = switch (change) {
                case "rename" -> "g" + at;
                case "insert" -> "inserted";
                case "enum-order", "enum-grow" -> "f" + firstEnumField(fields);
                default -> "f" + at;
            };
            if (!changed.isEmpty()) { // a record of no bytes has no batch files
                assertThat(Refusals.message(oldModel, newModel, "R", UnaryOperator.identity())).as(context)
                        .contains("): field " + field + ": ");
            }
        });
    }

    private static int firstEnumField(List<String> fields) {
        for (int i = 0; ; i++) {
            if (fields.get(i).endsWith(": E")) {
                return i;
            }
        }
    }

    private static String text(String constants, List<String> fields) {
        StringBuilder text = new StringBuilder("package p;\nenum E { " + constants + " }\nrecord R {\n");
        fields.forEach(field -> text.append("    ").append(field).append(";\n"));
        return text.append("}\n").toString();
    }

    private static CodecModel model(String name, String text) {
        return Refusals.model(name, text);
    }
}
