package dev.sdo.runtime.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** XML Schema's namespace constraints of {@code xsd:any}, as a raw XML field's {@code @xml(namespace)} gives them. */
class AnyNamespacesTest {
    @Test
    void anyTakesEveryNamespaceAndNone() {
        AnyNamespaces any = AnyNamespaces.of("##any", "urn:t");
        assertThat(any.accepts("urn:t")).isTrue();
        assertThat(any.accepts("urn:x")).isTrue();
        assertThat(any.accepts("")).isTrue();
    }

    @Test
    void otherTakesEveryNamespaceButTheTargetAndNone() {
        AnyNamespaces other = AnyNamespaces.of(" ##other ", "urn:t");
        assertThat(other.accepts("urn:x")).isTrue();
        assertThat(other.accepts("urn:t")).isFalse();
        assertThat(other.accepts("")).isFalse();
        assertThat(other.describe()).isEqualTo(" in a namespace other than \"urn:t\"");

        AnyNamespaces noTarget = AnyNamespaces.of("##other", "");
        assertThat(noTarget.accepts("urn:t")).isTrue();
        assertThat(noTarget.accepts("")).isFalse();
    }

    @Test
    void aListTakesItsUrisTheTargetAndNoneAsNamed() {
        AnyNamespaces listed = AnyNamespaces.of("urn:a\n ##targetNamespace\t##local", "urn:t");
        assertThat(listed.accepts("urn:a")).isTrue();
        assertThat(listed.accepts("urn:t")).isTrue();
        assertThat(listed.accepts("")).isTrue();
        assertThat(listed.accepts("urn:b")).isFalse();
        assertThat(listed.describe()).isEqualTo(" in no namespace or namespace \"urn:a\" or namespace \"urn:t\"");

        AnyNamespaces uris = AnyNamespaces.of("urn:a urn:b", "urn:t");
        assertThat(uris.accepts("urn:t")).isFalse();
        assertThat(uris.accepts("")).isFalse();
        assertThat(uris.accepts("urn:b")).isTrue();
    }

    @Test
    void anythingElseIsRefused() {
        for (String bad : new String[] {"", "  ", "##others", "##any urn:a", "urn:a ##other", "##Local"}) {
            assertThatThrownBy(() -> AnyNamespaces.of(bad, "urn:t")).as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("is not a namespace constraint of xsd:any");
        }
    }
}
