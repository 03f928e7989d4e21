package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import dev.sdo.compiler.binding.CsvRecordBinding;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.CsvOptions;
import dev.sdo.compiler.model.Field;
import dev.sdo.runtime.text.CsvBeanBinding;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Emits the {@code XCsv} class of an {@code @csv} record with {@code string} or {@code bytes} fields, which has no
 * fixed width to read rows into: a {@link CsvBeanBinding} with one column per field, read into beans (and from
 * them into an {@code XBatch}) and written from any implementation of the record's interface. Strings are the
 * text itself, blobs base64.
 */
final class CsvBeanBindingEmitter {
    private static final ClassName BEAN_BINDING = ClassName.get(CsvBeanBinding.class);

    private final RecordLayout layout;
    private final ClassName interfaceName;
    private final ClassName beanName;
    private final ClassName batchName;

    CsvBeanBindingEmitter(RecordLayout layout) {
        this.layout = layout;
        this.interfaceName = GeneratedNames.type(layout.record().name());
        this.beanName = GeneratedNames.bean(layout.record().name());
        this.batchName = GeneratedNames.batch(layout.record().name());
    }

    TypeSpec emit() {
        String name = layout.record().name().simpleName();
        ClassName className = interfaceName.peerClass(name + GeneratedNames.CSV);
        TypeName bindingType = ParameterizedTypeName.get(BEAN_BINDING, interfaceName, beanName);
        TypeName records = ParameterizedTypeName.get(ClassName.get(Iterable.class),
                WildcardTypeName.subtypeOf(interfaceName));
        return TypeSpec.classBuilder(className)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("Reads $L records from CSV into beans (or a {@link $T}), one row each, and writes $L records\n"
                        + "(beans and SDOs alike) back as CSV: strings quoted when they must be (RFC 4180), blobs in base64.\n"
                        + "An empty unquoted cell is an absent optional value; {@code \"\"} is the empty string.\n",
                        name, batchName, name)
                .addField(FieldSpec.builder(bindingType, "BINDING", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer(binding())
                        .build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethods(new BeanBindingMethods(interfaceName, beanName, batchName, bindingType, records, "row",
                        "CSV", "elsewhere", "naming the field", CodeBlock.of("BINDING.write(batch, out)"),
                        CodeBlock.of("Writes {@code records} to {@code out} as CSV, one row each.\n")).methods())
                .build();
    }

    /** The binding's builder chain: one call per field, in declaration order. */
    private CodeBlock binding() {
        CsvRecordBinding.Options options = CsvRecordBinding.options(layout);
        CodeBlock.Builder code = CodeBlock.builder()
                .add("$T.<$T, $T>builder($T::new, $L, '$L')\n", BEAN_BINDING, interfaceName, beanName, beanName,
                        options.header(), TextBindingEmitters.charLiteral(options.delimiter()))
                .indent().indent();
        for (FieldLayout placed : layout.fields()) {
            Field field = placed.field();
            code.add(".$L($S, $S,$W$L,$W$T::$L,$W$T::$L)\n", field.optional() ? "optionalValue" : "value",
                    CsvOptions.of(field).column().orElse(field.name()),
                    layout.record().name().simpleName() + "." + field.name(), value(placed), beanName,
                    GeneratedNames.setter(field), interfaceName, GeneratedNames.getter(field));
        }
        List<String> later = CsvRecordBinding.laterColumns(layout);
        if (!later.isEmpty()) {
            code.add(".laterColumns($L)\n", later.stream().map(c -> CodeBlock.of("$S", c))
                    .collect(CodeBlock.joining(", ")));
        }
        CsvRecordBinding.formerColumns(layout).forEach((column, former) ->
                code.add(".formerColumn($S, $S)\n", column, former));
        return code.add(".build()").unindent().unindent().build();
    }

    /** A field's text value: CSV's own for strings (any character), else the one the XML binding uses. */
    private static CodeBlock value(FieldLayout placed) {
        if (placed.encoding() instanceof Encoding.Text) {
            return CodeBlock.of("$T.csvString()", TextValueCode.TEXT_VALUES);
        }
        return TextValueCode.of(placed.encoding(), JavaTypes.valueType(placed),
                CsvOptions.of(placed.field()).format().orElse(null));
    }
}
