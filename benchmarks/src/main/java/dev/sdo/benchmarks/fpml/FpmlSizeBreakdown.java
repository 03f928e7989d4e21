package dev.sdo.benchmarks.fpml;

import dev.sdo.examples.fpml.ImportedDocuments;
import dev.sdo.runtime.CompactSlots;
import dev.sdo.runtime.SharedStrings;
import dev.sdo.runtime.batch.VariableRecordStore;
import dev.sdo.runtime.generic.FieldDescriptor;
import dev.sdo.runtime.generic.FieldType;
import dev.sdo.runtime.generic.GenericList;
import dev.sdo.runtime.generic.GenericRecord;
import dev.sdo.runtime.generic.GenericUnion;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Where the SDO bytes of FpML's published documents go, walked record by record through the generic engine: the
 * fixed parts of the records stored as their own encoding, the compact records' slot tables, the lists' counts and
 * end offsets (docs/record-format.md sections 3 and 8.5), strings' and blobs' bytes (a string field that repeats one
 * before it in its document counted as the 3-byte reference that section 8.6 stores, its first occurrence as its
 * bytes), and the rest (the bits of unions stored on their own, unbounded numbers). For each part it also prints what
 * its strings hold: the distinct strings' bytes, which any format that keeps a string as its UTF-8 bytes must store.
 * A measuring aid for issue #15, not a product feature.
 *
 * <p>Usage: {@code java -cp benchmarks.jar dev.sdo.benchmarks.fpml.FpmlSizeBreakdown}
 */
public final class FpmlSizeBreakdown {
    private long fixed;
    private long slots;
    private long listNumbers;
    private long numbersCount;
    private long text;
    private long references;
    private long records;
    private long lists;
    /** The current document's string fields met so far, as section 8.6's encoder meets them. */
    private final java.util.Set<String> documentStrings = new java.util.HashSet<>();
    /** Every distinct string of each document (documents' sets summed), and how many there are. */
    private long distinctBytes;
    private long distinctStrings;
    private long stringValues;

    private FpmlSizeBreakdown() {}

    public static void main(String[] args) throws IOException {
        FpmlGeneric generic = FpmlGeneric.load();
        FpmlSizeBreakdown all = new FpmlSizeBreakdown();
        FpmlSizeBreakdown swap = new FpmlSizeBreakdown();
        long total = 0;
        long swapTotal = 0;
        for (FpmlCorpus.Document document : FpmlCorpus.all(ImportedDocuments.load())) {
            FpmlGeneric.Root root = generic.rootOf(document.root());
            VariableRecordStore store = root.read(document.xml(), document.path());
            for (long i = 0; i < store.size(); i++) {
                GenericRecord record = root.record(store, i);
                total += record.byteSize();
                all.document(record);
                if (document.path().equals(FpmlCorpus.VANILLA_SWAP)) {
                    swapTotal += record.byteSize();
                    swap.document(record);
                }
            }
        }
        all.print("all 142 documents", total);
        swap.print("ird-ex01-vanilla-swap", swapTotal);
    }

    private void print(String what, long total) {
        long rest = total - fixed - slots - listNumbers - text;
        System.out.printf("%s: %,d bytes in %,d records and %,d non-empty lists%n", what, total, records, lists);
        System.out.printf("  fixed parts        %,9d  %5.1f%%%n", fixed, 100.0 * fixed / total);
        System.out.printf("  slot tables        %,9d  %5.1f%%%n", slots, 100.0 * slots / total);
        System.out.printf("  list counts+ends   %,9d  %5.1f%%  (%,d numbers; %,d bytes at 4 bytes each)%n",
                listNumbers, 100.0 * listNumbers / total, numbersCount, 4 * numbersCount);
        System.out.printf("  strings and bytes  %,9d  %5.1f%%%n", text, 100.0 * text / total);
        System.out.printf("  string references  %,9d  %5.1f%%  (%,d repeated strings at 3 bytes each)%n", references,
                100.0 * references / total, references / SharedStrings.REFERENCE_BYTES);
        System.out.printf("  rest               %,9d  %5.1f%%%n", rest - references, 100.0 * (rest - references) / total);
        System.out.printf("  its %,d string values hold %,d distinct strings (per document) of %,d bytes%n",
                stringValues, distinctStrings, distinctBytes);
    }

    /** A record at the top of a document: its strings are shared with each other, not with other documents'. */
    private void document(GenericRecord record) {
        documentStrings.clear();
        record(record);
    }

    /**
     * A record stored as its own encoding: its fixed part, its slot table (a compact record's has a slot for each
     * field with data but the last, which ends at the record's size), its fields' data.
     */
    private void record(GenericRecord record) {
        records++;
        fixed += record.descriptor().fixedBytes();
        boolean compact = record.descriptor().isCompact();
        int width = compact ? CompactSlots.widthOf(record.byteSize()) : 4;
        int withData = 0;
        List<FieldDescriptor> fields = record.descriptor().fields();
        for (FieldDescriptor field : fields) {
            if (!record.has(field.index())) {
                continue;
            }
            Object value = record.get(field.index());
            FieldType type = field.type();
            if (field.defaultText() != null && String.valueOf(value).equals(field.defaultText())) {
                continue; // its default: a presence bit 0, no slot, no data
            }
            if (!field.compactSlot() && field.slotOffset() < 0) {
                continue; // within the fixed part: scalars, enums, characters, records of fixed width, inline unions
            }
            boolean hasSlot = field.compactSlot() && !(value instanceof String s && s.isEmpty()
                    || value instanceof byte[] b && b.length == 0 || value instanceof List<?> l && l.isEmpty()
                    || value instanceof GenericUnion u && !(u.value() instanceof String || u.value() instanceof byte[]
                            || u.value() instanceof GenericRecord || u.value() instanceof List<?>))
                    || field.compactSlot() && field.presenceBit() >= 0;
            if (hasSlot) {
                withData++;
            }
            if (value instanceof String string && compact && type instanceof FieldType.Text) {
                shareable(string);
                continue;
            }
            data(value, type, type instanceof FieldType.ListOf && compact ? width : 4);
        }
        slots += (long) width * (compact ? CompactSlots.tableSlots(withData) : withData);
    }

    /**
     * A compact record's string field: a reference when it is 4 to 67 bytes and repeats a string field before it in
     * its document, its bytes otherwise (docs/record-format.md, section 8.6).
     */
    private void shareable(String value) {
        int bytes = value.getBytes(StandardCharsets.UTF_8).length;
        boolean repeat = !documentStrings.add(value);
        stringValues++;
        if (!repeat) {
            distinctStrings++;
            distinctBytes += bytes;
        }
        if (repeat && bytes >= SharedStrings.MIN_LENGTH && bytes <= SharedStrings.MAX_LENGTH) {
            references += SharedStrings.REFERENCE_BYTES;
        } else {
            text += bytes;
        }
    }

    /** A value's data; a list's numbers {@code numberBytes} wide. */
    private void data(Object value, FieldType type, int numberBytes) {
        if (type instanceof FieldType.Union) {
            GenericUnion union = (GenericUnion) value;
            if (union.type() instanceof FieldType.Text || union.type() instanceof FieldType.Blob
                    || union.type() instanceof FieldType.ListOf || union.type() instanceof FieldType.Union
                    || union.type() instanceof FieldType.Nested) {
                data(union.value(), union.type(), 4);
            }
            return;
        }
        if (!(type instanceof FieldType.Text || type instanceof FieldType.Blob || type instanceof FieldType.ListOf
                || type instanceof FieldType.Nested)) {
            return; // a scalar: within a fixed part or a packed list
        }
        if (value instanceof String s) {
            int bytes = s.getBytes(StandardCharsets.UTF_8).length;
            text += bytes;
            stringValues++;
            if (documentStrings.add(s)) {
                distinctStrings++;
                distinctBytes += bytes;
            }
        } else if (value instanceof byte[] b) {
            text += b.length;
        } else if (value instanceof GenericRecord record) {
            record(record);
        } else if (value instanceof GenericList list) {
            if (list.isEmpty() && numberBytes != 4) {
                return;
            }
            lists++;
            boolean table = !list.isEmpty() && (list.get(0) instanceof String || list.get(0) instanceof byte[]
                    || list.get(0) instanceof GenericList || list.get(0) instanceof GenericUnion
                    || list.get(0) instanceof GenericRecord r && r.descriptor().slotBits() + variableFields(r) > 0);
            long numbers = table ? 1 + list.size() : 1;
            numbersCount += numbers;
            listNumbers += numbers * numberBytes;
            FieldType element = ((FieldType.ListOf) type).element();
            for (Object value2 : list) {
                data(value2, element, 4);
            }
        }
    }

    private static int variableFields(GenericRecord record) {
        int count = 0;
        for (FieldDescriptor field : record.descriptor().fields()) {
            if (field.slotOffset() >= 0) {
                count++;
            }
        }
        return count;
    }
}
