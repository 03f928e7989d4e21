package dev.sdo.runtime.batch;

/**
 * A damaged or missing part of a batch file found by {@link BatchFileRecovery}.
 *
 * @param offset the byte offset in the file where the damage starts
 * @param length how many bytes it covers
 * @param recordsLost records of the file that are not recovered because of it (0 for damage outside the
 *     records, such as a damaged footer or padding)
 * @param description what is wrong, naming the block and byte offsets
 */
public record Damage(long offset, long length, long recordsLost, String description) {}
