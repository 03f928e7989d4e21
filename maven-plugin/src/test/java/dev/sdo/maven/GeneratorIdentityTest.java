package dev.sdo.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sdo.compiler.SchemaCompiler;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class GeneratorIdentityTest {

    @Test
    void theSameCodeGivesTheSameIdentityAndOtherCodeAnother() throws IOException {
        String current = GeneratorIdentity.current();

        assertThat(GeneratorIdentity.current()).isEqualTo(current).hasSize(64);
        assertThat(GeneratorIdentity.of(List.of(GeneratorIdentity.class, SchemaCompiler.class))).isEqualTo(current);
        assertThat(GeneratorIdentity.of(List.of(SchemaCompiler.class))).isNotEqualTo(current);
        assertThat(GeneratorIdentity.of(List.of(GeneratorIdentityTest.class))).as("the test classes' folder")
                .isNotEqualTo(current);
    }
}
