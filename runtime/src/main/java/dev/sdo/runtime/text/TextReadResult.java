package dev.sdo.runtime.text;

/**
 * What a read of CSV or XML records did.
 *
 * @param records the records read and appended
 * @param skipped the bad rows or elements skipped (only when skipping was asked for)
 */
public record TextReadResult(long records, long skipped) {}
