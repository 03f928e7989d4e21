package dev.sdo.compiler.xsd;

import dev.sdo.compiler.model.JavaNames;

/** Java names made from XML names: kept as they are where Java allows them, mended where it does not. */
final class Identifiers {
    private Identifiers() {}

    /**
     * A Java identifier close to an XML name: characters Java does not allow become {@code _}, a name starting
     * with a digit gets a {@code _} in front, and a keyword gets one behind ({@code return} to {@code return_}).
     */
    static String identifier(String xmlName) {
        StringBuilder name = new StringBuilder();
        for (int i = 0; i < xmlName.length(); i++) {
            char c = xmlName.charAt(i);
            name.append(Character.isLetterOrDigit(c) && c < 128 || c == '_' ? c : '_');
        }
        if (name.isEmpty() || Character.isDigit(name.charAt(0))) {
            name.insert(0, '_');
        }
        String result = name.toString();
        if (JavaNames.isReserved(result) || JavaNames.isRestrictedTypeName(result) || result.matches("_+")) {
            result = result + "_";
        }
        return result;
    }

    /** A type name from an XML name: {@code Product.model} to {@code ProductModel}, first letter upper case. */
    static String typeName(String xmlName) {
        StringBuilder name = new StringBuilder();
        boolean upper = true;
        for (int i = 0; i < xmlName.length(); i++) {
            char c = xmlName.charAt(i);
            if (Character.isLetterOrDigit(c) && c < 128) {
                name.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            } else if (c == '_') {
                name.append(c);
            } else {
                upper = true;
            }
        }
        return identifier(name.toString());
    }

    /** A field name from an XML name: the first letter lower case ({@code Signature} to {@code signature}). */
    static String fieldName(String xmlName) {
        String name = identifier(xmlName);
        if (name.length() > 1 && Character.isUpperCase(name.charAt(0)) && Character.isUpperCase(name.charAt(1))) {
            return identifier(name); // an acronym (URI, HMACOutputLength): keep as written
        }
        return identifier(Character.toLowerCase(name.charAt(0)) + name.substring(1));
    }

    /** A string literal of the schema language: only {@code \"} and {@code \\} are escapes. */
    static String literal(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
