package dev.sdo.compiler.compat;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code sdoc compat} says of one record: whether code of NEW reads OLD's data and OLD's code reads NEW's, and
 * the findings behind it: for a refusal, the first field that differs and how; for readable data, what a reader
 * should know (fields added, renames, constants the other side refuses).
 *
 * @param record the record's qualified name
 * @param versions what the record's versions are, e.g. "OLD version 1, NEW version 2"
 */
public record RecordCompatibility(String record, String versions, Verdict newReadsOld, Verdict oldReadsNew,
        List<Finding> findings) {

    public RecordCompatibility {
        findings = List.copyOf(findings);
    }

    /** Whether each reads the other's data. */
    public boolean compatible() {
        return newReadsOld.reads() && oldReadsNew.reads();
    }

    /** The report's lines: the verdicts, then each finding indented. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add(record + " (" + versions + "): NEW reads OLD's data: " + newReadsOld + "; OLD reads NEW's data: "
                + oldReadsNew);
        findings.forEach(finding -> lines.add("  " + finding));
        return lines;
    }
}
