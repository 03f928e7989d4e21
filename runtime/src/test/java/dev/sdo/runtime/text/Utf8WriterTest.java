package dev.sdo.runtime.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Utf8Writer} writes the bytes a {@code BufferedWriter} over an {@code OutputStreamWriter} in UTF-8 writes,
 * over random text of every plane (unpaired surrogates, pairs split between writes included), written in random
 * pieces through each of its methods, flushed at random, from fixed seeds.
 */
class Utf8WriterTest {
    private static final int SEEDS = 300;

    private static char anyChar(SplittableRandom random) {
        return switch (random.nextInt(8)) {
            case 0, 1, 2 -> (char) random.nextInt(0x20, 0x80);
            case 3 -> (char) random.nextInt(0x80, 0x800);
            case 4 -> (char) random.nextInt(0x800, 0x10000);
            case 5 -> (char) random.nextInt(0xD800, 0xDC00);
            case 6 -> (char) random.nextInt(0xDC00, 0xE000);
            default -> "\t\n<&".charAt(random.nextInt(4));
        };
    }

    @Test
    void writesTheBytesOfAnOutputStreamWriter() throws IOException {
        for (int seed = 0; seed < SEEDS; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            ByteArrayOutputStream actual = new ByteArrayOutputStream();
            Writer reference = new BufferedWriter(new OutputStreamWriter(expected, StandardCharsets.UTF_8), 8192);
            Writer writer = new Utf8Writer(actual);
            int pieces = random.nextInt(1, 60);
            for (int p = 0; p < pieces; p++) {
                // Now and then a long run of ASCII, to cross the buffer's end.
                int length = random.nextInt(10) == 0 ? random.nextInt(20_000) : random.nextInt(30);
                char[] text = new char[length];
                for (int i = 0; i < length; i++) {
                    text[i] = length > 1000 && random.nextInt(50) != 0 ? 'a' : anyChar(random);
                }
                int offset = length == 0 ? 0 : random.nextInt(length);
                int count = length - offset;
                switch (random.nextInt(4)) {
                    case 0 -> {
                        reference.write(text, offset, count);
                        writer.write(text, offset, count);
                    }
                    case 1 -> {
                        String string = new String(text);
                        reference.write(string, offset, count);
                        writer.write(string, offset, count);
                    }
                    case 2 -> {
                        for (int i = offset; i < length; i++) {
                            reference.write(text[i]);
                            writer.write(text[i]);
                        }
                    }
                    default -> {
                        String string = new String(text, offset, count);
                        reference.append(string);
                        writer.append(string);
                    }
                }
                if (random.nextInt(8) == 0) {
                    reference.flush();
                    writer.flush();
                    assertArrayEquals(expected.toByteArray(), actual.toByteArray(), "seed " + seed + ", flushed");
                }
            }
            reference.close();
            writer.close();
            assertArrayEquals(expected.toByteArray(), actual.toByteArray(), "seed " + seed);
        }
    }
}
