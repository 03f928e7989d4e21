package dev.sdo.runtime.batch;

import java.util.List;

/**
 * What {@link BatchFileRecovery} got back from a damaged or unfinished batch file.
 *
 * @param records the records of every intact block, in file order
 * @param intactBlocks the numbers of the blocks recovered, ascending
 * @param damages every damaged or missing part of the file, in file order; empty for an intact file
 * @param recordsLost how many records of the file are not in {@code records}
 * @param lossIsExact true when {@code recordsLost} is known exactly (from the footer or block numbers); false when
 *     the file ends in damage that no footer describes, so the count is estimated from the bytes left
 */
public record RecoveredBatch(RecordStore records, List<Integer> intactBlocks, List<Damage> damages, long recordsLost,
        boolean lossIsExact) {
    public RecoveredBatch {
        intactBlocks = List.copyOf(intactBlocks);
        damages = List.copyOf(damages);
    }

    /** True if nothing was damaged. */
    public boolean isIntact() {
        return damages.isEmpty();
    }
}
