package dev.sdo.compiler.xsd;

import java.util.ArrayList;
import java.util.List;

/**
 * What the importer writes, before it becomes text: records, unions and enums with their members, each placed in
 * the {@code .sdo} file of the {@code .xsd} that declares its XSD construct, at that construct's line.
 */
final class SdoDeclarations {
    private SdoDeclarations() {}

    /** An annotation as written: {@code @xml(name = "ACT/360")}; arguments are already rendered. */
    record Annotation(String name, List<String> arguments) {
        static Annotation xml(String... arguments) {
            return new Annotation("xml", List.of(arguments));
        }

        String text() {
            return "@" + name + "(" + String.join(", ", arguments) + ")";
        }
    }

    /** Where a declaration goes: its file, and the line of the XSD construct it comes from (its order there). */
    record Place(XsdFile file, int line) {}

    /** A declaration of a record, union or enum. */
    abstract static sealed class Declaration permits Record, Union, Enumeration {
        final String name;
        final Place place;
        final String doc;

        Declaration(String name, Place place, String doc) {
            this.name = name;
            this.place = place;
            this.doc = doc;
        }
    }

    /** A field of a record or an alternative of a union ({@code optional} and {@code defaultValue} only fields). */
    record Member(String name, String type, boolean optional, String defaultValue, List<Annotation> annotations,
            String doc) {}

    static final class Record extends Declaration {
        boolean isAbstract;
        String base;
        /** The record's {@code @xml} namespace, and its element name when it is a document's root element. */
        String xmlNamespace = "";
        String xmlRootName;
        final List<Member> fields = new ArrayList<>();

        Record(String name, Place place, String doc) {
            super(name, place, doc);
        }
    }

    static final class Union extends Declaration {
        final List<Member> alternatives = new ArrayList<>();
        /** Whether the union is bound to XML as one text ({@code @xml(text = true)}), not by its alternatives' elements. */
        boolean xmlText;

        Union(String name, Place place, String doc) {
            super(name, place, doc);
        }
    }

    /** A constant of an enum: its Java name, the XML value when that differs, its doc. */
    record Constant(String name, String xmlValue, String doc) {}

    static final class Enumeration extends Declaration {
        final List<Constant> constants = new ArrayList<>();

        Enumeration(String name, Place place, String doc) {
            super(name, place, doc);
        }
    }
}
