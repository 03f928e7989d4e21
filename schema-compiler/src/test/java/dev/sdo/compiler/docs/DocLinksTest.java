package dev.sdo.compiler.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every Markdown link of the repository's own docs (the READMEs, {@code docs/}, the manual) points at a file or
 * folder of the repository that exists, so that a clone has everything the docs refer to. Addresses on the web
 * are left alone: the vendored third-party files name their licences' pages.
 */
class DocLinksTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    @Test
    void everyRelativeLinkOfTheDocsResolvesInsideTheRepository() {
        List<String> broken = new ArrayList<>();
        List<Path> pages = pages();
        for (Path page : pages) {
            Matcher link = LINK.matcher(read(page));
            while (link.find()) {
                String target = link.group(1);
                if (target.startsWith("http:") || target.startsWith("https:") || target.startsWith("#")) {
                    continue;
                }
                Path file = page.getParent().resolve(target.replaceFirst("#.*", "")).normalize();
                if (!file.startsWith(ROOT) || !Files.exists(file)) {
                    broken.add(ROOT.relativize(page) + ": " + target);
                }
            }
        }
        assertThat(pages).as("the docs found").hasSizeGreaterThan(10);
        assertThat(broken).as("links to nothing in the repository").isEmpty();
    }

    private static List<Path> pages() {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(f -> f.toString().endsWith(".md"))
                    .filter(f -> !isBuildOutput(ROOT.relativize(f)))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Inside a build's output or Git's own folder, which hold copies and other projects' pages. */
    private static boolean isBuildOutput(Path file) {
        for (Path name : file) {
            if (name.toString().equals("target") || name.toString().equals(".git")) {
                return true;
            }
        }
        return false;
    }

    private static String read(Path page) {
        try {
            return Files.readString(page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
