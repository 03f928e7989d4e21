package dev.sdo.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class XmlDocumentComparisonTest {
    private static final String ORIGINAL = "<d xmlns='urn:a' xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'"
            + " xsi:schemaLocation='urn:a a.xsd'><t id='x' scheme='s'><n>50000000.00</n><c>EUR</c></t><p/></d>";

    @Test
    void theSameDataIsNoDifference() {
        assertThat(differences(ORIGINAL, "<a:d xmlns:a='urn:a'><a:t id='x' scheme='s'><a:n>50000000</a:n>"
                + "<a:c> EUR </a:c></a:t><a:p/></a:d>")).isEmpty();
    }

    @Test
    void anAttributeLeftOutIsItsDefaultButOneAddedOrChangedIsADifference() {
        assertThat(differences(ORIGINAL, "<d xmlns='urn:a'><t id='x'><n>50000000</n><c>EUR</c></t><p/></d>"))
                .isEmpty();
        assertThat(differences(ORIGINAL, "<d xmlns='urn:a'><t id='y' scheme='s' more='1'><n>5E7</n><c>EUR</c></t>"
                + "<p/></d>")).containsExactly("/d/t[0]/@{}id: x came back as y", "/d/t[0]/@{}more: added");
    }

    @Test
    void elementsMissingAddedRenamedOrWithOtherValuesAreDifferences() {
        assertThat(differences(ORIGINAL, "<d xmlns='urn:a'><t id='x' scheme='s'><n>5</n></t><p/><q/></d>"))
                .containsExactly("/d/t[0]/n[0]: \"50000000.00\" came back as \"5\"", "/d/t[0]: <c> missing",
                        "/d: <q> added");
        assertThat(differences(ORIGINAL, "<d xmlns='urn:b'/>")).containsExactly("/d: <{urn:b}d> written for <{urn:a}d>");
    }

    @Test
    void aDocumentThatIsNotXmlIsRefused() {
        assertThatThrownBy(() -> differences(ORIGINAL, "<d>")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("not a well-formed document");
    }

    private static java.util.List<String> differences(String original, String written) {
        return XmlDocumentComparison.differences(original.getBytes(StandardCharsets.UTF_8),
                written.getBytes(StandardCharsets.UTF_8));
    }
}
