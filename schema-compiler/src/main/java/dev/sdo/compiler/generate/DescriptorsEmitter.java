package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.sdo.runtime.generic.PackageSchema;
import dev.sdo.runtime.generic.XmlShape;
import java.util.Base64;
import javax.lang.model.element.Modifier;

/**
 * The {@code SdoDescriptors} class of a package: the schema descriptor of all its records (and everything they
 * reference), embedded once, from which each {@code XBatch} takes the descriptor its batch files carry
 * ({@code SdoDescriptors.SCHEMA.of(name, fingerprint)}). One per package rather than one per record, because a
 * record's descriptor holds every record it references: FpML's records, each embedding its own, took 74 MB of
 * generated source.
 */
final class DescriptorsEmitter {
    private static final ClassName PACKAGE_SCHEMA = ClassName.get(PackageSchema.class);
    /** Base64 characters per string literal, one literal a line. */
    private static final int LINE_CHARACTERS = 100;
    /**
     * Base64 characters per argument of {@code ofBase64}: javac folds each argument's literals into one constant,
     * which a class file holds only up to 65,535 bytes.
     */
    private static final int PART_CHARACTERS = 60_000;

    /** Characters of the XML shape's text per argument of {@code XmlShape.of}: a constant's 65,535 bytes of UTF-8. */
    private static final int SHAPE_PART_CHARACTERS = 20_000;
    private static final ClassName XML_SHAPE = ClassName.get(XmlShape.class);

    private final String packageName;
    private final byte[] descriptor;
    private final String xmlShape;

    /**
     * @param xmlShape the text of the XML shape of the descriptor's records and unions ({@code XmlTreeShape}), for a
     *     package with records bound to XML as trees; else null
     */
    DescriptorsEmitter(String packageName, byte[] descriptor, String xmlShape) {
        this.packageName = packageName;
        this.descriptor = descriptor.clone();
        this.xmlShape = xmlShape;
    }

    /** The class of {@code packageName}. */
    static ClassName className(String packageName) {
        return ClassName.get(packageName, GeneratedNames.DESCRIPTORS);
    }

    TypeSpec emit() {
        TypeSpec.Builder type = TypeSpec.classBuilder(className(packageName))
                .addModifiers(Modifier.FINAL)
                .addJavadoc("The schema descriptor of this package's records and of everything they reference, which their\n"
                        + "batch files carry (docs/batch-file-format.md, \"Schema descriptor\").\n")
                .addField(FieldSpec.builder(PACKAGE_SCHEMA, "SCHEMA", Modifier.STATIC, Modifier.FINAL)
                        .initializer(schema())
                        .build());
        if (xmlShape != null) {
            type.addField(FieldSpec.builder(XML_SHAPE, "XML", Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("How the same records and unions look in XML, from which the {@code XXml} classes build"
                            + " their\nbindings ({@code XmlShapeBinding}); read on first use.\n")
                    .initializer(shape())
                    .build());
        }
        return type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build()).build();
    }

    /** {@code XmlShape.of(...)}: one literal a line of the text, in parts that each fit a constant. */
    private CodeBlock shape() {
        CodeBlock.Builder code = CodeBlock.builder().add("$T.of(", XML_SHAPE).indent().indent();
        String[] lines = xmlShape.split("(?<=\n)");
        int partCharacters = 0;
        for (int i = 0; i < lines.length; i++) {
            if (i == 0) {
                code.add("\n$S", lines[i]);
            } else if (partCharacters + lines[i].length() > SHAPE_PART_CHARACTERS) {
                code.add(",\n$S", lines[i]);
                partCharacters = 0;
            } else {
                code.add("\n+ $S", lines[i]);
            }
            partCharacters += lines[i].length();
        }
        return code.add(")").unindent().unindent().build();
    }

    /** {@code PackageSchema.ofBase64(...)}: lines of base64, in parts that each fit a constant. */
    private CodeBlock schema() {
        String text = Base64.getEncoder().encodeToString(descriptor);
        CodeBlock.Builder code = CodeBlock.builder().add("$T.ofBase64(", PACKAGE_SCHEMA).indent().indent();
        for (int part = 0; part < text.length(); part += PART_CHARACTERS) {
            String chunk = text.substring(part, Math.min(text.length(), part + PART_CHARACTERS));
            code.add(part == 0 ? "\n" : ",\n");
            for (int line = 0; line < chunk.length(); line += LINE_CHARACTERS) {
                code.add(line == 0 ? "$S" : "\n+ $S",
                        chunk.substring(line, Math.min(chunk.length(), line + LINE_CHARACTERS)));
            }
        }
        return code.add(")").unindent().unindent().build();
    }
}
