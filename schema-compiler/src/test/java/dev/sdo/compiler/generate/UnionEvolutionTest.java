package dev.sdo.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sdo.compiler.SchemaCompiler;
import dev.sdo.compiler.diagnostics.Diagnostic;
import dev.sdo.runtime.CorruptDataException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A version that adds an alternative to a union reads the previous version's files, and is read by it: every record
 * whose alternative both versions know reads the same, and one holding the new alternative is refused where it is
 * read, never misread. An alternative that would change the union's bits cannot be added.
 */
class UnionEvolutionTest {
    private static final String RECORD = "test.uevo.Order";
    private static final String V1 = """
            package test.uevo;
            union Price { limit: decimal(9, 2); note: string; }
            record Order { id: uint16; price: Price; tail: string; }
            """;
    private static final String V2 = V1.replace("note: string; }", "note: string; market: bool @since(2); }");
    private static Generated v1;
    private static Generated v2;

    @TempDir
    Path dir;

    @BeforeAll
    static void compile() {
        v1 = Generated.compile(Map.of("u.sdo", V1));
        v2 = Generated.compile(Map.of("u.sdo", V2));
    }

    private static Object order(Generated code, int id, String alternative, Object value) {
        Object price = code.bean("test.uevo.Price", Map.of());
        code.set(price, alternative, value);
        return code.bean(RECORD, Map.of("id", id, "price", price, "tail", "t" + id));
    }

    private Path write(Generated code, List<Object> orders, String name) throws IOException {
        Object batch = code.callStatic(RECORD + "Batch", "direct");
        orders.forEach(order -> Generated.call(batch, "add", order));
        Path file = dir.resolve(name);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            Generated.call(batch, "writeTo", channel);
        }
        return file;
    }

    private static Object read(Generated code, Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file)) {
            return code.callStatic(RECORD + "Batch", "readFrom", channel);
        }
    }

    @Test
    void theNewVersionReadsTheOldOnesFiles() throws IOException {
        Path file = write(v1, List.of(order(v1, 1, "limit", new java.math.BigDecimal("9.99")),
                order(v1, 2, "note", "at best")), "v1.sdob");
        Object batch = read(v2, file);
        assertThat(Generated.call(Generated.call(Generated.call(batch, "get", 0), "getPrice"), "getLimit"))
                .isEqualTo(new java.math.BigDecimal("9.99"));
        assertThat(Generated.call(Generated.call(Generated.call(batch, "get", 1), "getPrice"), "getNote"))
                .isEqualTo("at best");
    }

    @Test
    void theOldVersionReadsTheNewOnesFilesAndRefusesOnlyTheNewAlternative() throws IOException {
        Path file = write(v2, List.of(order(v2, 1, "note", "x"), order(v2, 2, "market", true),
                order(v2, 3, "limit", new java.math.BigDecimal("-1.00"))), "v2.sdob");
        Object batch = read(v1, file);
        assertThat(Generated.call(Generated.call(Generated.call(batch, "get", 0), "getPrice"), "getNote"))
                .isEqualTo("x");
        Object second = Generated.call(batch, "get", 1);
        assertThat(Generated.call(second, "getTail")).isEqualTo("t2");
        assertThatThrownBy(() -> Generated.call(second, "getPrice")).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("Order.price: stored tag 3 names no alternative of union Price, which has 2");
        assertThat(Generated.call(Generated.call(Generated.call(batch, "get", 2), "getPrice"), "getLimit"))
                .isEqualTo(new java.math.BigDecimal("-1.00"));
    }

    @Test
    void anAlternativeThatChangesTheUnionsBitsCannotBeAdded() {
        String wider = V1.replace("note: string; }", "note: string; big: int64 @since(2); third: bool @since(2); }");
        List<String> errors = new SchemaCompiler().compile(Map.of("u.sdo", wider), List.of("u.sdo")).diagnostics()
                .stream().map(Diagnostic::toString).toList();
        assertThat(errors).singleElement().asString().startsWith("u.sdo:2:51: error: alternative 'big' added in version 2"
                + " changes the bits of union 'Price' (2-bit tag, 31 inline bits, a slot before, 3-bit tag, 64 inline"
                + " bits, a slot with it)");
    }
}
