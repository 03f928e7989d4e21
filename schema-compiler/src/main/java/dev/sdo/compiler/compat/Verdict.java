package dev.sdo.compiler.compat;

/** Whether code of one schema reads the data of the other. */
public enum Verdict {
    /** Every record the other writes. */
    YES("yes"),
    /**
     * Every record, except those holding an enum constant the reader does not know, which it
     * refuses where it reads them, naming the field (never misreads them).
     */
    YES_EXCEPT_UNKNOWN("yes, except records holding an enum constant it does not know"),
    /** None: the layouts both know differ, and readers refuse the data by fingerprint. */
    NO("no");

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    /** Whether the reader reads the data (some records of it refused by value, never by layout). */
    public boolean reads() {
        return this != NO;
    }

    @Override
    public String toString() {
        return text;
    }
}
