package dev.sdo.compiler.xsd;

import dev.sdo.compiler.xsd.SdoDeclarations.Annotation;
import dev.sdo.compiler.xsd.SdoDeclarations.Constant;
import dev.sdo.compiler.xsd.SdoDeclarations.Declaration;
import dev.sdo.compiler.xsd.SdoDeclarations.Enumeration;
import dev.sdo.compiler.xsd.SdoDeclarations.Member;
import dev.sdo.compiler.xsd.SdoDeclarations.Record;
import dev.sdo.compiler.xsd.SdoDeclarations.Union;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the declarations of one {@code .sdo} file as text a person can read: the schema's licence notice, the
 * package, the imports, then each declaration with its doc comment, wrapped to {@value #WIDTH} columns.
 */
final class SdoWriter {
    static final int WIDTH = 118;
    private static final String INDENT = "    ";

    private final StringBuilder out = new StringBuilder();

    private SdoWriter() {}

    static String write(XsdFile file, String packageName, List<String> imports, List<Declaration> declarations) {
        SdoWriter writer = new SdoWriter();
        writer.header(file, packageName, imports);
        for (Declaration declaration : declarations) {
            writer.out.append('\n');
            writer.declaration(declaration);
        }
        return writer.out.toString();
    }

    private void header(XsdFile file, String packageName, List<String> imports) {
        for (String comment : file.leadingComments()) {
            for (String line : comment.strip().split("\\R")) {
                out.append(("// " + line.strip()).stripTrailing()).append('\n');
            }
            out.append('\n');
        }
        out.append("// Imported from ").append(fileName(file.shownName()))
                .append(" by sdoc import-xsd: edit as you like, or import again.\n");
        if (packageName != null) {
            out.append("package ").append(packageName).append(";\n");
        }
        if (!imports.isEmpty()) {
            out.append('\n');
            for (String imported : imports) {
                out.append("import ").append(Identifiers.literal(imported)).append(";\n");
            }
        }
    }

    private static String fileName(String path) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return path.substring(slash + 1);
    }

    private void declaration(Declaration declaration) {
        doc(declaration.doc, "");
        if (declaration instanceof Record record) {
            record(record);
        } else if (declaration instanceof Union union) {
            if (union.xmlText) {
                out.append(Annotation.xml("text = true").text()).append('\n');
            }
            out.append("union ").append(union.name).append(" {\n");
            for (Member alternative : union.alternatives) {
                member(alternative);
            }
            out.append("}\n");
        } else if (declaration instanceof Enumeration enumeration) {
            enumeration(enumeration);
        }
    }

    private void record(Record record) {
        List<String> xml = new ArrayList<>();
        if (record.xmlRootName != null) {
            xml.add("name = " + Identifiers.literal(record.xmlRootName));
        }
        if (!record.xmlNamespace.isEmpty()) {
            xml.add("namespace = " + Identifiers.literal(record.xmlNamespace));
        }
        List<String> annotations = new ArrayList<>();
        if (!record.fields.isEmpty()) {
            // XML documents are sparse trees of small records: end slots only for the elements present, sized by the
            // record (docs/record-format.md, section 8).
            annotations.add("@compact");
        }
        if (!xml.isEmpty()) {
            annotations.add(new Annotation("xml", xml).text());
        }
        if (!annotations.isEmpty()) {
            out.append(String.join(" ", annotations)).append('\n');
        }
        out.append(record.isAbstract ? "abstract record " : "record ").append(record.name);
        if (record.base != null) {
            out.append(" extends ").append(record.base);
        }
        if (record.fields.isEmpty()) {
            out.append(" {}\n");
            return;
        }
        out.append(" {\n");
        for (Member field : record.fields) {
            member(field);
        }
        out.append("}\n");
    }

    private void member(Member member) {
        doc(member.doc(), INDENT);
        out.append(INDENT).append(member.name()).append(": ").append(member.type());
        if (member.optional()) {
            out.append(" optional");
        }
        if (member.defaultValue() != null) {
            out.append(" = ").append(member.defaultValue());
        }
        for (Annotation annotation : member.annotations()) {
            out.append(' ').append(annotation.text());
        }
        out.append(";\n");
    }

    private void enumeration(Enumeration enumeration) {
        out.append("enum ").append(enumeration.name).append(" {\n");
        for (int i = 0; i < enumeration.constants.size(); i++) {
            Constant constant = enumeration.constants.get(i);
            doc(constant.doc(), INDENT);
            out.append(INDENT).append(constant.name());
            if (constant.xmlValue() != null) {
                out.append(" @xml(name = ").append(Identifiers.literal(constant.xmlValue())).append(')');
            }
            out.append(i + 1 < enumeration.constants.size() ? ",\n" : "\n");
        }
        out.append("}\n");
    }

    /** A doc comment: on one line when it fits, else wrapped with a {@code *} before each line. */
    private void doc(String doc, String indent) {
        if (doc == null || doc.isBlank()) {
            return;
        }
        String safe = doc.replace("*/", "*&#47;");
        List<String> paragraphs = new ArrayList<>();
        for (String paragraph : safe.split("\\n\\s*\\n")) {
            paragraphs.add(String.join(" ", paragraph.strip().split("\\s+")));
        }
        if (paragraphs.size() == 1 && indent.length() + paragraphs.get(0).length() + 7 <= WIDTH) {
            out.append(indent).append("/** ").append(paragraphs.get(0)).append(" */\n");
            return;
        }
        out.append(indent).append("/**\n");
        for (int p = 0; p < paragraphs.size(); p++) {
            if (p > 0) {
                out.append(indent).append(" *\n");
            }
            wrap(paragraphs.get(p), indent);
        }
        out.append(indent).append(" */\n");
    }

    private void wrap(String paragraph, String indent) {
        int room = WIDTH - indent.length() - 3;
        StringBuilder line = new StringBuilder();
        for (String word : paragraph.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > room) {
                out.append(indent).append(" * ").append(line).append('\n');
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
        }
        if (line.length() > 0) {
            out.append(indent).append(" * ").append(line).append('\n');
        }
    }
}
