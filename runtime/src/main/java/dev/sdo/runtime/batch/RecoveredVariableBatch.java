package dev.sdo.runtime.batch;

import java.util.List;

/**
 * What {@link BatchFileRecovery#recoverVariable} got back from a damaged or unfinished batch file of
 * variable-size records; the components mean what they mean in {@link RecoveredBatch}.
 *
 * @param records the records of every intact block, in file order
 * @param intactBlocks the numbers of the blocks recovered, ascending
 * @param damages every damaged or missing part of the file, in file order; empty for an intact file
 * @param recordsLost how many records of the file are not in {@code records}: exact with an intact footer; without
 *     one, the estimate for damage at the end of the file assumes records of the least size, so it is an upper
 *     bound there
 * @param lossIsExact true when the footer survived, so {@code recordsLost} is exact
 * @param writer what the file says wrote the records (its header, or with a damaged header its footer): their
 *     schema version and record size, which code of another version needs to read them
 */
public record RecoveredVariableBatch(VariableRecordStore records, List<Integer> intactBlocks, List<Damage> damages,
        long recordsLost, boolean lossIsExact, RecordIdentity writer) {
    public RecoveredVariableBatch {
        intactBlocks = List.copyOf(intactBlocks);
        damages = List.copyOf(damages);
    }

    /** True if nothing was damaged. */
    public boolean isIntact() {
        return damages.isEmpty();
    }
}
