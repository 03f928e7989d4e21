package dev.sdo.maven;

import java.io.File;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.codehaus.plexus.util.Scanner;
import org.sonatype.plexus.build.incremental.BuildContext;

/** A build context that records what the goals tell the IDE: refreshed files and markers. */
final class RecordingBuildContext implements BuildContext {
    record Message(File file, int line, int column, String message, int severity) {
    }

    final List<File> refreshed = new ArrayList<>();
    final List<Message> messages = new ArrayList<>();
    final List<File> messagesRemoved = new ArrayList<>();
    boolean incremental;

    @Override
    public void refresh(File file) {
        refreshed.add(file);
    }

    @Override
    public void addMessage(File file, int line, int column, String message, int severity, Throwable cause) {
        messages.add(new Message(file, line, column, message, severity));
    }

    @Override
    public void removeMessages(File file) {
        messagesRemoved.add(file);
        messages.removeIf(message -> message.file().equals(file));
    }

    @Override
    public boolean isIncremental() {
        return incremental;
    }

    // What follows the goals do not use: calling it is a test failure.

    @Override
    public boolean hasDelta(String relpath) {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean hasDelta(File file) {
        throw new UnsupportedOperationException();
    }

    @Override
    @SuppressWarnings("rawtypes")
    public boolean hasDelta(List relpaths) {
        throw new UnsupportedOperationException();
    }

    @Override
    public OutputStream newFileOutputStream(File file) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Scanner newScanner(File basedir) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Scanner newDeleteScanner(File basedir) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Scanner newScanner(File basedir, boolean ignoreDelta) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void setValue(String key, Object value) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Object getValue(String key) {
        throw new UnsupportedOperationException();
    }

    @Override
    @Deprecated
    public void addWarning(File file, int line, int column, String message, Throwable cause) {
        throw new UnsupportedOperationException();
    }

    @Override
    @Deprecated
    public void addError(File file, int line, int column, String message, Throwable cause) {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean isUptodate(File target, File source) {
        throw new UnsupportedOperationException();
    }
}
