package dev.sdo.compiler.generate;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeSpec;
import dev.sdo.compiler.binding.CsvRecordBinding;
import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.RecordLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The text binding classes of a record: {@code XCsv} when it is annotated {@code @csv}, {@code XXml} for
 * {@code @xml}: straight into bits for a flat record, into beans for one with nested records, lists, strings or
 * blobs (CSV: strings and blobs only). XML's two kinds of {@code XXml} hold two ways into the runtime's one XML
 * engine: a flat record's {@code XmlBinding} (its fields' {@code TextField}s) and the others' {@code XmlShapeBinding}.
 */
final class TextBindingEmitters {
    private final CodecModel model;
    private final RecordLayout layout;

    TextBindingEmitters(CodecModel model, RecordLayout layout) {
        this.model = model;
        this.layout = layout;
    }

    List<TypeSpec> emit() {
        List<TypeSpec> types = new ArrayList<>();
        if (CsvRecordBinding.declared(layout) && !CsvRecordBinding.flat(layout)) {
            types.add(new CsvBeanBindingEmitter(layout).emit());
        } else if (CsvRecordBinding.declared(layout)) {
            CsvRecordBinding csv = CsvRecordBinding.of(layout);
            CodeBlock arguments = CodeBlock.of("$L,\n$L, $L, '$L'", TextBindingEmitter.fieldList(csv.fields()),
                    TextBindingEmitter.constants(csv.columns()), csv.header(), charLiteral(csv.delimiter()));
            if (!csv.laterColumns().isEmpty() || !csv.formerColumns().isEmpty()) {
                arguments = CodeBlock.of("$L,\n$L", arguments, TextBindingEmitter.constants(csv.laterColumns()));
            }
            if (!csv.formerColumns().isEmpty()) {
                arguments = CodeBlock.of("$L,\n$L", arguments, formerNames(csv.formerColumns()));
            }
            types.add(new TextBindingEmitter(layout, TextBindingEmitter.Kind.CSV, arguments).emit());
        }
        if (XmlRecordBinding.declared(layout) && !XmlRecordBinding.flat(layout)) {
            types.add(new XmlTreeBindingEmitter(layout.record(), layout.compact()).emit());
        } else if (XmlRecordBinding.declared(layout)) {
            XmlRecordBinding xml = XmlRecordBinding.of(layout);
            CodeBlock arguments = CodeBlock.of("$S, $S,\n$L,\n$L, $L", xml.element(), xml.namespace(),
                    TextBindingEmitter.fieldList(xml.fields()), TextBindingEmitter.constants(xml.names()),
                    TextBindingEmitter.constants(xml.attributes()));
            if (!xml.formerNames().isEmpty()) {
                arguments = CodeBlock.of("$L,\n$L", arguments, formerNames(xml.formerNames()));
            }
            types.add(new TextBindingEmitter(layout, TextBindingEmitter.Kind.XML, arguments).emit());
        }
        return types;
    }

    /**
     * {@code Map.ofEntries(Map.entry("cost", "price"), ...)}: renamed fields' columns, elements or attributes and
     * their former names.
     */
    private static CodeBlock formerNames(Map<String, String> formerNames) {
        return CodeBlock.of("$T.ofEntries($L)", Map.class, formerNames.entrySet().stream()
                .map(e -> CodeBlock.of("$T.entry($S, $S)", Map.class, e.getKey(), e.getValue()))
                .collect(CodeBlock.joining(", ")));
    }

    /** The delimiter inside a Java char literal's quotes. */
    static String charLiteral(char c) {
        return switch (c) {
            case '\'' -> "\\'";
            case '\\' -> "\\\\";
            case '\t' -> "\\t";
            default -> c < 0x20 || c > 0x7E ? String.format("\\u%04x", (int) c) : String.valueOf(c);
        };
    }
}
