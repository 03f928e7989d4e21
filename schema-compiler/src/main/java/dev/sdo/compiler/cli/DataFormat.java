package dev.sdo.compiler.cli;

import java.nio.file.Path;
import java.util.Locale;

/** The text formats the data commands read and write. */
enum DataFormat {
    csv, xml, json;

    /** The format a file's extension names: {@code .xml} is XML, {@code .json} JSON, anything else CSV. */
    static DataFormat ofInput(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".xml") ? xml : name.endsWith(".json") ? json : csv;
    }
}
