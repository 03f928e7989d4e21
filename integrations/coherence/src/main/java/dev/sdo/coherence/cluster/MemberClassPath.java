package dev.sdo.coherence.cluster;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Class paths for storage members that must not see some classes: the generated records, to show that the classless
 * filters, key extractors and aggregators need none of them where the data is. This JVM's class path is copied
 * with those classes left out; an entry that holds none of them is used as it is.
 */
public final class MemberClassPath {
    private MemberClassPath() {
    }

    /**
     * This JVM's class path without the resources (jar entry or file names, {@code /}-separated, such as
     * {@code com/example/trade/TradeSdo.class}) that {@code excluded} accepts. A jar or directory that holds some is
     * copied without them into {@code directory} (replacing what an earlier run left there).
     */
    public static List<Path> withoutResources(Path directory, Predicate<String> excluded) throws IOException {
        Files.createDirectories(directory);
        List<Path> path = new ArrayList<>();
        String[] entries = System.getProperty("java.class.path").split(File.pathSeparator);
        for (int i = 0; i < entries.length; i++) {
            Path entry = Path.of(entries[i]);
            List<String> resources = resources(entry);
            if (resources.stream().noneMatch(excluded)) {
                path.add(entry);
            } else {
                Path copy = directory.resolve(i + "-" + entry.getFileName() + (Files.isDirectory(entry) ? ".jar" : ""));
                copyWithout(entry, resources, excluded, copy);
                path.add(copy);
            }
        }
        return path;
    }

    /** Whether any entry of {@code path} holds {@code resource} (a directory's file or a jar's entry). */
    public static boolean holds(List<Path> path, String resource) throws IOException {
        for (Path entry : path) {
            if (resources(entry).contains(resource)) {
                return true;
            }
        }
        return false;
    }

    /** {@code path} as the {@code -cp} argument of a JVM. */
    public static String joined(List<Path> path) {
        return String.join(File.pathSeparator, path.stream().map(Path::toString).toList());
    }

    /** The names of the files under a directory, or of a jar's entries; none for what does not exist. */
    private static List<String> resources(Path entry) throws IOException {
        if (Files.isDirectory(entry)) {
            try (Stream<Path> files = Files.walk(entry)) {
                return files.filter(Files::isRegularFile)
                        .map(file -> entry.relativize(file).toString().replace(File.separatorChar, '/')).toList();
            }
        } else if (Files.isRegularFile(entry)) {
            try (ZipFile jar = new ZipFile(entry.toFile())) {
                return jar.stream().filter(e -> !e.isDirectory()).map(ZipEntry::getName).toList();
            }
        }
        return List.of();
    }

    private static void copyWithout(Path entry, List<String> resources, Predicate<String> excluded, Path copy)
            throws IOException {
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(copy))) {
            // Speed over size: the copy lives only as long as the benchmark's members.
            out.setLevel(Deflater.BEST_SPEED);
            if (Files.isDirectory(entry)) {
                for (String resource : resources) {
                    if (!excluded.test(resource)) {
                        try (InputStream in = Files.newInputStream(entry.resolve(resource))) {
                            put(out, resource, in);
                        }
                    }
                }
                return;
            }
            try (ZipFile jar = new ZipFile(entry.toFile())) {
                Enumeration<? extends ZipEntry> jarEntries = jar.entries();
                while (jarEntries.hasMoreElements()) {
                    ZipEntry jarEntry = jarEntries.nextElement();
                    if (!jarEntry.isDirectory() && !excluded.test(jarEntry.getName())) {
                        try (InputStream in = jar.getInputStream(jarEntry)) {
                            put(out, jarEntry.getName(), in);
                        }
                    }
                }
            }
        }
    }

    private static void put(ZipOutputStream out, String name, InputStream in) throws IOException {
        out.putNextEntry(new ZipEntry(name));
        in.transferTo((OutputStream) out);
        out.closeEntry();
    }
}
