package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.sdo.compiler.binding.FieldBinding;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.batch.RecordStore;
import dev.sdo.runtime.text.CsvBinding;
import dev.sdo.runtime.text.TextInputException;
import dev.sdo.runtime.text.XmlBinding;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Emits a record's CSV or XML binding class ({@code XCsv}, {@code XXml}): a holder of the runtime binding, built
 * from constants (offsets, widths, ranges, patterns) the compiler computed, with static methods that read text
 * straight into an {@code XBatch} and write a batch back as text. The parsing itself is the runtime's, shared
 * with {@code sdoc convert}.
 */
final class TextBindingEmitter {
    private static final ClassName RECORD_STORE = ClassName.get(RecordStore.class);

    /** What differs between the CSV and the XML binding class. */
    record Kind(String suffix, String format, ClassName runtimeBinding) {
        static final Kind CSV = new Kind(GeneratedNames.CSV, "CSV", ClassName.get(CsvBinding.class));
        static final Kind XML = new Kind(GeneratedNames.XML, "XML", ClassName.get(XmlBinding.class));
    }

    private final RecordLayout layout;
    private final Kind kind;
    private final CodeBlock bindingArguments;
    private final ClassName className;
    private final ClassName batchName;
    private final ClassName sdoName;

    /** @param bindingArguments the arguments of the runtime binding's constructor */
    TextBindingEmitter(RecordLayout layout, Kind kind, CodeBlock bindingArguments) {
        this.layout = layout;
        this.kind = kind;
        this.bindingArguments = bindingArguments;
        ClassName type = GeneratedNames.type(layout.record().name());
        this.className = type.peerClass(type.simpleName() + kind.suffix());
        this.batchName = GeneratedNames.batch(layout.record().name());
        this.sdoName = GeneratedNames.sdo(layout.record().name());
    }

    /** The Java list expression of the fields' runtime bindings. */
    static CodeBlock fieldList(List<FieldBinding> fields) {
        CodeBlock.Builder list = CodeBlock.builder().add("$T.of(\n", List.class).indent();
        for (int i = 0; i < fields.size(); i++) {
            list.add(fields.get(i).code()).add(i + 1 < fields.size() ? ",\n" : "");
        }
        return list.unindent().add(")").build();
    }

    /** A Java list expression of constants such as column names or flags. */
    static CodeBlock constants(List<?> values) {
        return CodeBlock.of("$T.of($L)", List.class, values.stream()
                .map(v -> v instanceof String ? CodeBlock.of("$S", v) : CodeBlock.of("$L", v))
                .collect(CodeBlock.joining(", ")));
    }

    TypeSpec emit() {
        String record = layout.record().name().simpleName();
        return TypeSpec.classBuilder(className)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("Reads $L records from $L straight into a {@link $T}, with no bean and no string per field,\n"
                        + "and writes batches back as $L.\n", record, kind.format(), batchName, kind.format())
                .addField(FieldSpec.builder(kind.runtimeBinding(), "BINDING", Modifier.PRIVATE, Modifier.STATIC,
                                Modifier.FINAL)
                        .initializer("new $T($L)", kind.runtimeBinding(), bindingArguments)
                        .build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethod(BatchIoMethods.binding(kind.runtimeBinding(), CodeBlock.of(
                        "The runtime binding, to read into or write from a store of $L records.\n", record)))
                .addMethods(BatchIoMethods.readBatch(batchName,
                        CodeBlock.of("Reads every record of {@code in} (named {@code source} in messages) into a new batch.\n"
                                + "\n@throws $T at the first bad $L, as {@code SOURCE:LINE:COLUMN: error: MESSAGE}\n"
                                + "    naming the field\n", ClassName.get(TextInputException.class),
                                kind == Kind.CSV ? "row" : "element"),
                        CodeBlock.of("Reads the records of {@code in} into a new batch, failing at or skipping bad input as\n"
                                + "{@code policy} says.\n"),
                        CodeBlock.builder()
                                .addStatement("$T store = $T.heap($T.BYTES)", RECORD_STORE, RECORD_STORE, sdoName)
                                .addStatement("BINDING.read(in, source, store, policy)")
                                .addStatement("return $T.over(store)", batchName)
                                .build(),
                        CodeBlock.of("Reads every record of {@code file} into a new batch.\n")))
                .addMethods(BatchIoMethods.writeBatch(batchName, kind.format(),
                        CodeBlock.of("Writes the records of {@code batch} to {@code out} as $L.\n", kind.format()),
                        CodeBlock.of("BINDING.write(batch.store(), out)")))
                .build();
    }
}
