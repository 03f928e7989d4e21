package dev.sdo.compiler.xsd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.Compilation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Imports the whole FpML 5.11 confirmation view that {@code examples/fpml} vendors (34 FpML files and W3C's
 * XML Signature schema): every file is written, the output is the same on every run, and every type a file names
 * is declared once, in that file or in one it imports.
 */
class FpmlImportTest {
    /** The vendored schema, relative to this module's folder (where Maven runs the tests). */
    static final Path FPML = Path.of("../examples/fpml/src/main/xsd/confirmation");
    static final Path ROOT = FPML.resolve("fpml-main-5-11.xsd");

    private static final Pattern DECLARATION =
            Pattern.compile("(?m)^(?:abstract )?(record|union|enum) (\\w+)(?: extends (\\w+))?");
    private static final Pattern IMPORT = Pattern.compile("(?m)^import \"([^\"]+)\";");
    private static final Pattern MEMBER_TYPE = Pattern.compile("(?m)^    \\w+: ([^;=@]+?)(?: optional)?(?: = [^@;]+)?(?: @.*)?;$");
    private static final Pattern NAME = Pattern.compile("\\b[A-Za-z_]\\w*\\b");
    private static final Set<String> TYPE_WORDS = Set.of("bool", "int8", "int16", "int32", "int64", "uint8",
            "uint16", "uint32", "int", "float32", "float64", "decimal", "udecimal", "integer", "date", "time",
            "timestamp", "char", "string", "bytes", "list");

    @Test
    void importsTheWholeConfirmationViewTheSameWayEveryTime() throws IOException {
        XsdImport first = new XsdImporter().importSchema(ROOT, null);
        XsdImport second = new XsdImporter().importSchema(ROOT, null);

        System.out.printf("FpML 5.11 confirmation view: %d .sdo files, %d records, %d unions, %d enums"
                + "%n", first.files().size(), first.records(), first.unions(), first.enums());
        assertThat(second.files()).isEqualTo(first.files());
        List<String> expected;
        try (Stream<Path> xsds = Files.list(FPML)) {
            expected = xsds.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".xsd"))
                    .map(n -> n.replace(".xsd", ".sdo")).sorted().toList();
        }
        assertThat(first.files().keySet()).containsExactlyInAnyOrderElementsOf(expected).hasSize(35);
        assertThat(first.files().keySet()).first().isEqualTo("fpml-main-5-11.sdo");
        // About 1,400 complex types, some anonymous, and the records made for sequences, groups and roots.
        assertThat(first.records()).isGreaterThan(1_400);
        assertThat(first.unions()).isGreaterThan(300);
        assertThat(first.enums()).isGreaterThan(100);
        assertThat(first.files().get("fpml-ird-5-11.sdo"))
                .startsWith("// == Copyright (c) 2018-2020 All rights reserved.\n")
                .contains("package org.fpml.fpml_5.confirmation;\n")
                .contains("@xml(name = \"swap\", namespace = \"http://www.fpml.org/FpML-5/confirmation\")\n"
                        + "record Swap extends Product {\n");
        assertThat(first.files().get("xmldsig-core-schema.sdo"))
                .contains("Copyright 2001 The Internet Society and W3C")
                .contains("@xml(name = \"Signature\", namespace = \"http://www.w3.org/2000/09/xmldsig#\")\n"
                        + "record SignatureType {\n");
        assertThat(first.files().get("fpml-msg-5-11.sdo"))
                .contains("signature: list<SignatureType> @xml(name = \"Signature\", "
                        + "namespace = \"http://www.w3.org/2000/09/xmldsig#\");");
    }

    @Test
    void theCompilerReadsEveryFileWrittenWithoutADiagnosticAndGeneratesEveryClass() {
        Compilation compilation = ImportedSchemaCompilation.confirmationView();

        // Every record an interface, a bean and an SDO at least; compiled and run in examples/fpml.
        assertThat(compilation.sources().size()).isGreaterThan(3 * 1_700);
    }

    @Test
    void everyTypeNamedIsDeclaredOnceInTheFileOrAFileItImports() {
        Map<String, String> files = new XsdImporter().importSchema(ROOT, null).files();
        Map<String, String> fileOfType = new HashMap<>();
        Set<String> lowerCaseNames = new HashSet<>();
        for (Map.Entry<String, String> file : files.entrySet()) {
            Matcher declarations = DECLARATION.matcher(file.getValue());
            while (declarations.find()) {
                String name = declarations.group(2);
                assertThat(lowerCaseNames.add(name.toLowerCase(Locale.ROOT))).as("declared once: " + name).isTrue();
                fileOfType.put(name, file.getKey());
            }
        }
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, String> file : files.entrySet()) {
            Set<String> visible = new HashSet<>(Set.of(file.getKey()));
            Matcher imports = IMPORT.matcher(file.getValue());
            while (imports.find()) {
                assertThat(files).as(file.getKey() + " imports").containsKey(imports.group(1));
                visible.add(imports.group(1));
            }
            List<String> named = new ArrayList<>();
            Matcher declarations = DECLARATION.matcher(file.getValue());
            while (declarations.find()) {
                if (declarations.group(3) != null) {
                    named.add(declarations.group(3));
                }
            }
            Matcher members = MEMBER_TYPE.matcher(file.getValue());
            while (members.find()) {
                Matcher names = NAME.matcher(members.group(1));
                while (names.find()) {
                    if (!TYPE_WORDS.contains(names.group())) {
                        named.add(names.group());
                    }
                }
            }
            for (String type : named) {
                String declaring = fileOfType.get(type);
                if (declaring == null || !visible.contains(declaring)) {
                    problems.add(file.getKey() + ": " + type + (declaring == null ? " is declared nowhere"
                            : " is declared in " + declaring + ", which it does not import"));
                }
            }
        }
        assertThat(problems).isEmpty();
        assertThat(fileOfType).hasSizeGreaterThan(1_800);
    }
}
