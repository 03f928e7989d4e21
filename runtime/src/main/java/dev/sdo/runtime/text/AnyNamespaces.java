package dev.sdo.runtime.text;

import java.util.HashSet;
import java.util.Set;

/**
 * The namespaces the element of a raw XML field ({@code @xml(any = true)}) may be in: XML Schema's namespace
 * constraint of {@code xsd:any}, as {@code @xml(namespace)} of such a field writes it. {@code ##any} (what a field
 * without {@code @xml(namespace)} takes) is every namespace and none; {@code ##other} every namespace but the
 * target namespace and none; otherwise a list of URIs, {@code ##targetNamespace} and {@code ##local} (no namespace),
 * separated by white space. The target namespace is that of the record or union the field belongs to.
 *
 * <p>A constraint keeps a raw XML field from taking an element the schema does describe: in XML Schema, an element
 * outside the wildcard's namespaces is never the wildcard's, and an element that a later particle would take is
 * not either (its Unique Particle Attribution rule).
 */
public final class AnyNamespaces {
    /** {@code ##any}. */
    static final AnyNamespaces ALL = new AnyNamespaces(true, null, Set.of());

    private final boolean all;
    /** With {@code ##other}, the namespace it excludes besides none; else null. */
    private final String otherThan;
    private final Set<String> listed;

    private AnyNamespaces(boolean all, String otherThan, Set<String> listed) {
        this.all = all;
        this.otherThan = otherThan;
        this.listed = listed;
    }

    /**
     * The namespaces {@code constraint} allows in a record or union whose namespace is {@code target} ("" for none).
     *
     * @throws IllegalArgumentException when {@code constraint} is not an XML Schema namespace constraint
     */
    public static AnyNamespaces of(String constraint, String target) {
        String[] tokens = constraint.strip().split("\\s+");
        if (tokens.length == 1 && tokens[0].equals("##any")) {
            return ALL;
        }
        if (tokens.length == 1 && tokens[0].equals("##other")) {
            return new AnyNamespaces(false, target, Set.of());
        }
        Set<String> listed = new HashSet<>();
        for (String token : tokens) {
            switch (token) {
                case "##targetNamespace" -> listed.add(target);
                case "##local" -> listed.add("");
                default -> {
                    if (token.isEmpty() || token.startsWith("##")) {
                        throw new IllegalArgumentException("\"" + constraint + "\" is not a namespace constraint of "
                                + "xsd:any: ##any, ##other, or a list of URIs, ##targetNamespace and ##local");
                    }
                    listed.add(token);
                }
            }
        }
        return new AnyNamespaces(false, null, Set.copyOf(listed));
    }

    /** Whether an element in namespace {@code uri} ("" for none) may be the field's. */
    public boolean accepts(String uri) {
        if (all) {
            return true;
        }
        if (otherThan != null) {
            return !uri.isEmpty() && !uri.equals(otherThan);
        }
        return listed.contains(uri);
    }

    /** How messages name them, after "any element". */
    String describe() {
        if (all) {
            return "";
        }
        if (otherThan != null) {
            return otherThan.isEmpty() ? " in a namespace" : " in a namespace other than \"" + otherThan + "\"";
        }
        return " in " + String.join(" or ", listed.stream().sorted().map(uri -> uri.isEmpty() ? "no namespace"
                : "namespace \"" + uri + "\"").toList());
    }
}
