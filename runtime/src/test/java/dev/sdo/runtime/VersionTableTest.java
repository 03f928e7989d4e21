package dev.sdo.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class VersionTableTest {
    // Versions 1 (40 bits), 3 (41 bits) and 10 (74 bits): versions 2 and 4..9 added no field.
    private static final VersionTable TABLE = new VersionTable("Q", new int[] {1, 3, 10},
            new long[] {0xA1L, 0xA3L, 0xAAL}, new long[] {40, 41, 74}, false);

    @Test
    void aVersionThatAddedNoFieldHasTheLayoutOfTheOneBeforeIt() {
        assertThat(TABLE.latest()).isEqualTo(10);
        assertThat(TABLE.fingerprint(1)).isEqualTo(0xA1L);
        assertThat(TABLE.fingerprint(2)).isEqualTo(0xA1L);
        assertThat(TABLE.fingerprint(3)).isEqualTo(0xA3L);
        assertThat(TABLE.fingerprint(9)).isEqualTo(0xA3L);
        assertThat(TABLE.fingerprint(10)).isEqualTo(0xAAL);
        assertThat(TABLE.fixedBytes(2)).isEqualTo(5);
        assertThat(TABLE.fixedBytes(5)).isEqualTo(6);
        assertThat(TABLE.fixedBytes(10)).isEqualTo(10);
        assertThat(TABLE.writer(7)).isEqualTo(new WriterVersion(7, 6));
        assertThat(TABLE.fingerprints()).isEqualTo(Map.of(1, 0xA1L, 3, 0xA3L, 10, 0xAAL));
        assertThatThrownBy(() -> TABLE.fingerprint(11)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Q has versions 1..10, not 11");
        assertThatThrownBy(() -> TABLE.fingerprint(0)).hasMessage("Q has versions 1..10, not 0");
    }

    @Test
    void writtenBitsAreTheWritersFieldsOrANewerWritersWholeFixedPart() {
        assertThat(TABLE.writtenBits(2, 5)).isEqualTo(40);
        assertThat(TABLE.writtenBits(10, 10)).isEqualTo(74);
        assertThat(TABLE.writtenBits(12, 13)).isEqualTo(104);
    }

    @Test
    void aWriterMustHaveTheFixedSizeOfItsVersion() {
        TABLE.checkWriter(new WriterVersion(4, 6));
        TABLE.checkWriter(new WriterVersion(11, 10));
        assertThatThrownBy(() -> TABLE.checkWriter(new WriterVersion(4, 5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Q: version 4 of the record has a 6-byte fixed part, not 5: the data was written by "
                        + "another schema, or its container is wrong");
        assertThatThrownBy(() -> TABLE.checkWriter(new WriterVersion(11, 9)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Q: a record of version 11 has at least the 10-byte fixed part of version 10, not 9 bytes");
    }

    @Test
    void tablesAndWriterVersionsRefuseWhatCannotBe() {
        assertThatThrownBy(() -> new VersionTable("Q", new int[] {2}, new long[] {1}, new long[] {8}, false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("starts at version 1");
        assertThatThrownBy(() -> new VersionTable("Q", new int[] {1, 1}, new long[] {1, 2}, new long[] {8, 9}, false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must ascend");
        assertThatThrownBy(() -> new VersionTable("Q", new int[] {1, 2}, new long[] {1, 2}, new long[] {9, 8}, false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only grow");
        assertThatThrownBy(() -> new WriterVersion(0, 8)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a schema version is at least 1, not 0");
        assertThatThrownBy(() -> new WriterVersion(1, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new WriterVersion(2, 16)).hasToString("version 2 (16-byte fixed part)");
    }
}
