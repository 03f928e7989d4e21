package dev.sdo.runtime.text;

import java.nio.charset.StandardCharsets;

/**
 * The name of an element or attribute that a mapping writes, its bytes prepared once (as JAXB's reference
 * implementation prepares its names): {@code <local}, {@code </local>} and {@code  local="} in UTF-8, for
 * {@link Utf8XmlOutput}. Elements are written without a prefix (their namespace is the default one where they are),
 * attributes in no namespace without one; names in other namespaces take the general way.
 */
final class XmlName {
    final String local;
    final String namespace;
    /** {@code <local}. */
    final byte[] open;
    /** {@code <local>}: the start tag of an element without attributes. */
    final byte[] openTag;
    /** {@code </local>}. */
    final byte[] close;
    /** {@code  local="}: a space, the name, {@code =} and the opening quote. */
    final byte[] attribute;

    XmlName(String local, String namespace) {
        this.local = local;
        this.namespace = namespace;
        this.open = ("<" + local).getBytes(StandardCharsets.UTF_8);
        this.openTag = ("<" + local + ">").getBytes(StandardCharsets.UTF_8);
        this.close = ("</" + local + ">").getBytes(StandardCharsets.UTF_8);
        this.attribute = (" " + local + "=\"").getBytes(StandardCharsets.UTF_8);
    }
}
