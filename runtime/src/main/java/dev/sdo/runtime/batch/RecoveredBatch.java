package dev.sdo.runtime.batch;

import java.util.List;

/**
 * What {@link BatchFileRecovery} got back from a damaged or unfinished batch file.
 *
 * @param records the records of every intact block, in file order
 * @param intactBlocks the numbers of the blocks recovered, ascending
 * @param damages every damaged or missing part of the file, in file order; empty for an intact file
 * @param recordsLost how many records of the file are not in {@code records}: exact with an intact footer;
 *     without one, the records of damaged blocks whose headers survived, of blocks missing between intact ones
 *     (every block but the last is full), and an estimate from the size of damage at the end of the file
 * @param lossIsExact true when the footer survived, so {@code recordsLost} is exact; false when the file has no
 *     intact footer (a writer that did not finish, a truncated file), so records written after the last
 *     evidence may be lost without trace
 * @param writer what the file says wrote the records (its header, or with a damaged header its footer): their
 *     schema version and record size, which code of another version needs to read them
 */
public record RecoveredBatch(RecordStore records, List<Integer> intactBlocks, List<Damage> damages, long recordsLost,
        boolean lossIsExact, RecordIdentity writer) {
    public RecoveredBatch {
        intactBlocks = List.copyOf(intactBlocks);
        damages = List.copyOf(damages);
    }

    /** True if nothing was damaged. */
    public boolean isIntact() {
        return damages.isEmpty();
    }
}
