package dev.sdo.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FingerprintTest {

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void equalPartsGiveEqualFingerprints() {
        String first = new Fingerprint().add("k", "v").addContent("f", utf8("x")).hex();
        String second = new Fingerprint().add("k", "v").addContent("f", utf8("x")).hex();

        assertThat(first).isEqualTo(second).hasSize(64);
    }

    @Test
    void partsDoNotRunIntoEachOther() {
        assertThat(new Fingerprint().add("ab", "c").hex()).isNotEqualTo(new Fingerprint().add("a", "bc").hex());
        assertThat(new Fingerprint().addContent("f", utf8("")).hex())
                .as("an empty file is not a missing one")
                .isNotEqualTo(new Fingerprint().addContent("f", null).hex());
        assertThat(new Fingerprint().addContent("f", utf8("x")).hex())
                .isNotEqualTo(new Fingerprint().addContent("f", utf8("y")).hex());
    }
}
