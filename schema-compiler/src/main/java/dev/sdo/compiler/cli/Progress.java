package dev.sdo.compiler.cli;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Opens an input file, with a progress bar on standard error when sdoc runs at a terminal and the file is large
 * enough to take a while; quiet otherwise (pipes, redirections, tests).
 */
final class Progress {
    /** Files smaller than this read in well under a second: no bar. */
    private static final long MIN_BYTES = 16L << 20;
    private static final int BUFFER = 1 << 16;

    private Progress() {}

    static InputStream of(Path file, String task) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(file), BUFFER);
        long size = Files.size(file);
        if (System.console() == null || size < MIN_BYTES) {
            return in;
        }
        return ProgressBar.wrap(in, new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(size)
                .setUnit(" MB", 1L << 20)
                .setStyle(ProgressBarStyle.ASCII)
                .setConsumer(new ConsoleProgressBarConsumer(System.err)));
    }
}
