package dev.sdo.compiler.xsd;

import dev.sdo.compiler.xsd.SdoDeclarations.Declaration;
import dev.sdo.compiler.xsd.SdoDeclarations.Member;
import dev.sdo.compiler.xsd.SdoDeclarations.Record;
import dev.sdo.compiler.xsd.SdoDeclarations.Union;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Imports an XML Schema (with everything it includes and imports) as {@code .sdo} schema text: one {@code .sdo}
 * file per {@code .xsd} file, with {@code import} lines for the files it includes or imports and for the files
 * whose declarations it uses. The output is a function of the input alone: the same schema gives the same bytes.
 * It is a front end of its own: it writes schema text, which the compiler then reads like any other.
 *
 * <p>An XSD construct that has no mapping is an {@link XsdException} naming the file, line and construct.
 */
public final class XsdImporter {
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /**
     * Imports {@code xsd}.
     *
     * @param packageName the package of every file written; null for one made from the root schema's target
     *     namespace ({@code http://www.fpml.org/FpML-5/confirmation} to {@code org.fpml.fpml_5.confirmation})
     * @throws XsdException for a schema that cannot be read or has a construct the importer does not map
     */
    public XsdImport importSchema(Path xsd, String packageName) {
        XsdSchemaSet set = XsdSchemaSet.load(xsd);
        ImportContext context = new ImportContext(set);
        context.reserveGlobalNames();
        SimpleTypeMapper simpleTypes = new SimpleTypeMapper(context);
        ComplexTypeMapper complexTypes = new ComplexTypeMapper(context, simpleTypes);
        for (XsdFile file : set.files()) {
            for (XmlNode child : ImportContext.content(file.schema())) {
                switch (child.localName()) {
                    case "complexType" -> complexTypes.record(child);
                    case "simpleType" -> simpleTypes.of(set.nameOf(child), child);
                    default -> { }
                }
            }
        }
        complexTypes.rootElements();
        String pkg = packageName != null ? packageName : packageOf(set.root().targetNamespace());
        return write(set, context.declarations(), pkg);
    }

    private static XsdImport write(XsdSchemaSet set, List<Declaration> declarations, String packageName) {
        Map<XsdFile, List<Declaration>> byFile = new LinkedHashMap<>();
        Map<String, XsdFile> fileOfName = new HashMap<>();
        for (XsdFile file : set.files()) {
            byFile.put(file, new ArrayList<>());
        }
        int records = 0;
        int unions = 0;
        for (Declaration declaration : declarations) {
            byFile.get(declaration.place.file()).add(declaration);
            fileOfName.put(declaration.name, declaration.place.file());
            if (declaration instanceof Record) {
                records++;
            } else if (declaration instanceof Union) {
                unions++;
            }
        }
        Map<String, String> files = new LinkedHashMap<>();
        for (Map.Entry<XsdFile, List<Declaration>> entry : byFile.entrySet()) {
            XsdFile file = entry.getKey();
            List<Declaration> inFile = new ArrayList<>(entry.getValue());
            // Declarations in the order of the XSD constructs they come from (the sort is stable).
            inFile.sort(Comparator.comparingInt(d -> d.place.line()));
            List<String> imports = imports(file, inFile, fileOfName, set);
            files.put(file.sdoName(), SdoWriter.write(file, packageName, imports, inFile));
        }
        return new XsdImport(files, records, unions, declarations.size() - records - unions);
    }

    /** The files included or imported as written, then every other file whose declarations this one uses. */
    private static List<String> imports(XsdFile file, List<Declaration> declarations, Map<String, XsdFile> fileOfName,
            XsdSchemaSet set) {
        Set<XsdFile> used = new LinkedHashSet<>();
        for (Declaration declaration : declarations) {
            List<String> types = new ArrayList<>();
            if (declaration instanceof Record record) {
                if (record.base != null) {
                    types.add(record.base);
                }
                record.fields.stream().map(Member::type).forEach(types::add);
            } else if (declaration instanceof Union union) {
                union.alternatives.stream().map(Member::type).forEach(types::add);
            }
            for (String type : types) {
                Matcher names = NAME.matcher(type);
                while (names.find()) {
                    XsdFile declaring = fileOfName.get(names.group());
                    if (declaring != null && declaring != file) {
                        used.add(declaring);
                    }
                }
            }
        }
        List<String> imports = new ArrayList<>();
        for (XsdFile referenced : file.references()) {
            imports.add(relative(file, referenced));
        }
        for (XsdFile other : set.files()) {
            if (used.contains(other) && !file.references().contains(other)) {
                imports.add(relative(file, other));
            }
        }
        return imports;
    }

    /** The path of {@code to}'s .sdo file relative to {@code from}'s, as an import line names it. */
    private static String relative(XsdFile from, XsdFile to) {
        Path fromFolder = Path.of(from.sdoName()).getParent();
        Path target = Path.of(to.sdoName());
        Path relative = fromFolder == null ? target : fromFolder.relativize(target);
        return relative.toString().replace('\\', '/');
    }

    /**
     * A Java package from a namespace URI, as JAXB makes them: the host's parts reversed (without {@code www}),
     * then the path's segments, each a lower-case Java identifier; null for no namespace.
     */
    static String packageOf(String namespace) {
        if (namespace == null || namespace.isEmpty()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        String path = namespace;
        try {
            URI uri = URI.create(namespace);
            if (uri.getHost() != null) {
                List<String> host = new ArrayList<>(List.of(uri.getHost().split("\\.")));
                if (!host.isEmpty() && host.get(0).equals("www")) {
                    host.remove(0);
                }
                for (int i = host.size() - 1; i >= 0; i--) {
                    parts.add(host.get(i));
                }
                path = uri.getPath() == null ? "" : uri.getPath();
            } else if (uri.getScheme() != null) {
                path = uri.getSchemeSpecificPart();
            }
        } catch (IllegalArgumentException e) {
            // not a URI: its segments make the name
        }
        for (String segment : path.split("[/:#]")) {
            if (!segment.isBlank()) {
                parts.add(segment);
            }
        }
        List<String> identifiers = new ArrayList<>();
        for (String part : parts) {
            identifiers.add(Identifiers.identifier(part.toLowerCase(Locale.ROOT)));
        }
        return identifiers.isEmpty() ? null : String.join(".", identifiers);
    }
}
