package dev.sdo.runtime.batch;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * What a batch file says it holds, from its header and schema part, both checked (CRC32C, lengths, the schema's
 * fingerprint): for a reader that has no generated code and takes the file's records as they are, such as the
 * generic records of {@code dev.sdo.runtime.generic} and {@code sdoc dump} without a schema.
 *
 * @param writer the writer's identity, with its schema when the file carries one (format version 3)
 * @param variableSize whether the records are of variable size
 * @param schemaOffset the file offset of the schema part (the header's length), where a descriptor's offsets count
 *     from
 */
public record BatchFileDescription(RecordIdentity writer, boolean variableSize, long schemaOffset) {

    /**
     * Reads and checks the header of {@code file}.
     *
     * @throws BatchFileException when the file is no batch file, of a format this runtime does not read, or its
     *     header or schema part is damaged or cut short
     */
    public static BatchFileDescription of(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file)) {
            FileHeader header = FileHeader.read(new ChannelInput(channel, file.toString(), 0));
            return new BatchFileDescription(header.identity(), header.variableSize(), header.length());
        }
    }
}
