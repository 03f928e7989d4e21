package dev.sdo.runtime.generic;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The first field of a version that differs between two descriptors of a record, and how: what a reader says when it
 * refuses a batch file by fingerprint ({@code field amount1: decimal(18, 2) in the file, decimal(18, 4) in this
 * schema}), from the schema the file carries and the reader's own. The rules are those of the layout fingerprint
 * (docs/schema-reference.md, "Versions"), which {@code sdoc compat} applies to the two schemas' source; this works
 * from the descriptors alone. It compares each field's current name, not its {@code @alias}, and enum constants
 * without their {@code @since} (which descriptors of version 1 do not carry, and version 2 does). So a field renamed
 * without changing its layout, and enum constants added at the end within the enum's bits, may be fingerprint-neutral
 * ({@code @alias}, {@code @since}): they are named only when nothing else differs, as the cause the fingerprints then
 * must have. A union field's optionality is compared only when both descriptors are of version 2.
 */
public final class DescriptorDifference {
    private final SchemaDescriptor file;
    private final SchemaDescriptor reader;
    /** The pairs of records (file's index, reader's) compared or being compared: records may hold each other. */
    private final Set<List<Integer>> visited = new HashSet<>();
    /** The first difference that may leave the fingerprints alone, named when nothing else differs. */
    private String neutral;

    private DescriptorDifference(SchemaDescriptor file, SchemaDescriptor reader) {
        this.file = file;
        this.reader = reader;
    }

    /**
     * The first field of {@code version} (the fields with {@code since <= version}) that differs between the file's
     * record ({@code file}'s first) and the reader's, and how; empty when the descriptors lay it out alike.
     */
    public static Optional<String> of(SchemaDescriptor file, SchemaDescriptor reader, int version) {
        DescriptorDifference difference = new DescriptorDifference(file, reader);
        Optional<String> found = difference.records("", 0, 0, version);
        return found.isPresent() ? found : Optional.ofNullable(difference.neutral);
    }

    /** The fields up to {@code version} of the file's record {@code fileIndex} and the reader's {@code readerIndex}. */
    private Optional<String> records(String path, int fileIndex, int readerIndex, int version) {
        if (!visited.add(List.of(fileIndex, readerIndex))) {
            return Optional.empty();
        }
        RecordDescriptor before = file.records().get(fileIndex);
        RecordDescriptor now = reader.records().get(readerIndex);
        if ((before.slotBits() > 0) != (now.slotBits() > 0)) {
            // Laid out compact on one side only (docs/record-format.md, section 8): every field's place differs.
            String where = path.isEmpty() ? "" : "field " + path.substring(0, path.length() - 1) + ": ";
            return Optional.of(where + "record " + now.simpleName() + ": " + (before.slotBits() > 0
                    ? "@compact in the file, not in this schema" : "@compact in this schema, not in the file"));
        }
        List<FieldDescriptor> old = before.fields().stream().filter(f -> f.since() <= version).toList();
        List<FieldDescriptor> current = now.fields().stream().filter(f -> f.since() <= version).toList();
        for (int i = 0; i < Math.max(old.size(), current.size()); i++) {
            Optional<String> difference;
            if (i >= old.size()) {
                difference = Optional.of(only(path, current.get(i), before, false));
            } else if (i >= current.size()) {
                difference = Optional.of(only(path, old.get(i), now, true));
            } else if (!old.get(i).name().equals(current.get(i).name())) {
                difference = named(path, old.get(i), current.get(i), before, now);
            } else {
                difference = field(path + old.get(i).name(), old.get(i), current.get(i));
            }
            if (difference.isPresent()) {
                return difference;
            }
        }
        return Optional.empty();
    }

    /**
     * A field of one side's version that the other's lacks ({@code inFile}: the file has it): absent there, or there
     * with another version.
     */
    private static String only(String path, FieldDescriptor field, RecordDescriptor other, boolean inFile) {
        String name = "field " + path + field.name() + ": ";
        int index = other.indexOf(field.name());
        if (index < 0) {
            return name + "absent in " + (inFile ? "this schema" : "the file");
        }
        int there = other.field(index).since();
        return name + "since version " + (inFile ? field.since() : there) + " in the file, "
                + (inFile ? there : field.since()) + " here";
    }

    /** Two fields at the same place under different names: renamed, removed, inserted or moved. */
    private Optional<String> named(String path, FieldDescriptor old, FieldDescriptor now, RecordDescriptor before,
            RecordDescriptor after) {
        boolean oldKept = after.indexOf(old.name()) >= 0;
        boolean nowKnown = before.indexOf(now.name()) >= 0;
        if (!oldKept && !nowKnown) {
            if (field(path + now.name(), old, now).isEmpty()) {
                // Renamed with the layout kept: with @alias the fingerprints agree, without they do not.
                noteNeutral("field " + path + now.name() + ": named " + old.name() + " in the file, renamed without"
                        + " @alias(\"" + old.name() + "\"), which keeps the fingerprint");
                return Optional.empty();
            }
            return Optional.of("field " + path + old.name() + ": absent in this schema, which has " + now.name()
                    + " in its place");
        } else if (!oldKept) {
            return Optional.of("field " + path + old.name() + ": absent in this schema");
        } else if (!nowKnown) {
            return Optional.of("field " + path + now.name() + ": absent in the file");
        }
        return Optional.of("field " + path + now.name() + ": moved: before " + old.name() + " here, after it in the"
                + " file");
    }

    /** Two fields of the same name (or at the same place): version, presence, default, type, then place. */
    private Optional<String> field(String name, FieldDescriptor old, FieldDescriptor now) {
        String field = "field " + name + ": ";
        if (old.since() != now.since()) {
            return Optional.of(field + "since version " + old.since() + " in the file, " + now.since() + " here");
        }
        // A version-1 descriptor takes every union field as optional: it does not say.
        boolean unsaid = old.type() instanceof FieldType.Union
                && (file.version() < DescriptorFormat.SECOND_VERSION
                        || reader.version() < DescriptorFormat.SECOND_VERSION);
        if (old.optional() != now.optional() && !unsaid) {
            return Optional.of(field + presence(old) + " in the file, " + presence(now) + " in this schema");
        }
        if (!Objects.equals(old.defaultText(), now.defaultText())) {
            return Optional.of(field + defaultOf(old) + " in the file, " + defaultOf(now) + " in this schema");
        }
        Optional<String> type = type(name, old.type(), now.type());
        if (type.isPresent()) {
            return type;
        }
        if (old.offset() != now.offset() || old.type().bits() != now.type().bits()
                || old.presenceBit() != now.presenceBit()) {
            return Optional.of(field + "moved: bits " + bits(old) + " in the file, " + bits(now) + " here");
        }
        return Optional.empty();
    }

    /** How two types differ, looking into lists, enums, unions and nested records. */
    private Optional<String> type(String name, FieldType old, FieldType now) {
        while (old instanceof FieldType.ListOf oldList && now instanceof FieldType.ListOf newList) {
            old = oldList.element();
            now = newList.element();
        }
        String oldText = TypeText.of(old, file);
        String newText = TypeText.of(now, reader);
        String field = "field " + name + ": ";
        if (!oldText.equals(newText)) {
            return Optional.of(field + oldText + " in the file, " + newText + " in this schema");
        }
        if (old instanceof FieldType.Enumeration oldEnum && now instanceof FieldType.Enumeration newEnum) {
            return constants(field, oldEnum, newEnum);
        }
        if (old instanceof FieldType.Nested oldRecord && now instanceof FieldType.Nested newRecord) {
            Optional<String> inner = records(name + ".", oldRecord.record(), newRecord.record(), Integer.MAX_VALUE);
            if (inner.isPresent() || oldRecord.variableLength() == newRecord.variableLength()
                    && oldRecord.bits() == newRecord.bits()) {
                return inner;
            }
            return Optional.of(field + "record " + newText + " of " + oldRecord.bits() + " bits in the file, "
                    + newRecord.bits() + " here");
        }
        if (old instanceof FieldType.Union oldUnion && now instanceof FieldType.Union newUnion) {
            return alternatives(name, file.unions().get(oldUnion.union()), reader.unions().get(newUnion.union()));
        }
        return old.equals(now) ? Optional.empty()
                : Optional.of(field + oldText + " stored as " + old + " in the file, as " + now + " here");
    }

    /** How an enum's constants differ: an ordinal's meaning, the bits, or constants added at the end. */
    private Optional<String> constants(String field, FieldType.Enumeration old, FieldType.Enumeration now) {
        String prefix = field + "enum " + TypeText.of(now, reader) + ": ";
        List<String> before = old.constants();
        List<String> after = now.constants();
        for (int i = 0; i < Math.min(before.size(), after.size()); i++) {
            if (!before.get(i).equals(after.get(i))) {
                String constant = before.get(i);
                int here = after.indexOf(constant);
                return Optional.of(prefix + "constant " + constant + (here >= 0 ? " has ordinal " + i + " in the"
                        + " file, " + here + " here" : " (ordinal " + i + " in the file) is absent here, where"
                        + " ordinal " + i + " is " + after.get(i)));
            }
        }
        if (old.bits() != now.bits()) {
            return Optional.of(prefix + count(old.bits(), "bit") + " (" + count(before.size(), "constant")
                    + ") in the file, " + count(now.bits(), "bit") + " (" + count(after.size(), "constant") + ") here");
        }
        if (before.size() != after.size()) {
            // Constants added at the end within the bits: with @since the fingerprints agree, without they do not.
            List<String> more = before.size() > after.size() ? before.subList(after.size(), before.size())
                    : after.subList(before.size(), after.size());
            noteNeutral(prefix + "constant" + (more.size() > 1 ? "s " : " ") + String.join(", ", more) + " only "
                    + (before.size() > after.size() ? "in the file" : "here") + ", added without @since");
        }
        return Optional.empty();
    }

    /** How a union's alternatives differ. */
    private Optional<String> alternatives(String name, UnionDescriptor old, UnionDescriptor now) {
        for (int i = 0; i < Math.max(old.alternatives().size(), now.alternatives().size()); i++) {
            if (i >= old.alternatives().size() || i >= now.alternatives().size()) {
                UnionDescriptor.Alternative extra = i >= old.alternatives().size() ? now.alternatives().get(i)
                        : old.alternatives().get(i);
                return Optional.of("field " + name + ": union alternative " + extra.name() + " absent in "
                        + (i >= old.alternatives().size() ? "the file" : "this schema"));
            }
            UnionDescriptor.Alternative before = old.alternatives().get(i);
            UnionDescriptor.Alternative after = now.alternatives().get(i);
            if (!before.name().equals(after.name())) {
                return Optional.of("field " + name + ": union alternative " + i + " is " + before.name()
                        + " in the file, " + after.name() + " here");
            }
            Optional<String> type = type(name + "." + after.name(), before.type(), after.type());
            if (type.isPresent()) {
                return type;
            }
        }
        if (old.tagBits() != now.tagBits() || old.inlineBits() != now.inlineBits() || old.hasSlot() != now.hasSlot()) {
            return Optional.of("field " + name + ": union " + now.name().substring(now.name().lastIndexOf('.') + 1)
                    + " of " + old.totalBits() + " bits in the file, " + now.totalBits() + " here");
        }
        return Optional.empty();
    }

    private void noteNeutral(String difference) {
        if (neutral == null) {
            neutral = difference;
        }
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static String presence(FieldDescriptor field) {
        return field.optional() ? "optional" : "required";
    }

    private static String defaultOf(FieldDescriptor field) {
        return field.defaultText() == null ? "no default" : "default " + field.defaultText();
    }

    private static String bits(FieldDescriptor field) {
        return field.offset() + ".." + (field.offset() + field.type().bits() - 1)
                + (field.presenceBit() >= 0 ? " (presence bit " + field.presenceBit() + ")" : "");
    }
}
