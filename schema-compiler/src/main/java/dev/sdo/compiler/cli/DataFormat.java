package dev.sdo.compiler.cli;

import java.nio.file.Path;
import java.util.Locale;

/** The text formats the data commands read and write. */
enum DataFormat {
    csv, xml, json;

    /** The format a file's extension names: {@code .xml} is XML, anything else CSV. */
    static DataFormat ofInput(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".xml") ? xml : csv;
    }
}
