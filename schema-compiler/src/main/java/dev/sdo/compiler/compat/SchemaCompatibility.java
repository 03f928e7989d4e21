package dev.sdo.compiler.compat;

import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.EnumType.EnumConstant;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.QualifiedName;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether code of one schema (NEW) reads the data of another (OLD) and back, record by record: the rules readers
 * apply (docs/schema-reference.md, "Compatibility"), worked out from the two layouts before any data is written.
 * Readers of versions R and W compare the layout fingerprints of version min(R, W); when they agree each reads the
 * other's data, fields the reader does not know ignored and fields the writer did not have read as absent, default
 * or zero. When they differ, {@link FirstDifference} names the first field that differs and how. Enum constants
 * added later ({@code @since}) leave the fingerprints alone: the reader that does not know one refuses a record
 * holding it, naming the field and the ordinal, which is said here too. {@code sdoc compat} and the Maven plugin's
 * check both print this.
 */
public final class SchemaCompatibility {
    private SchemaCompatibility() {}

    /** Every concrete record of OLD and NEW, in NEW's order, then the records only OLD has. */
    public static List<RecordCompatibility> compare(CodecModel oldModel, CodecModel newModel) {
        Map<QualifiedName, RecordLayout> old = new LinkedHashMap<>();
        oldModel.records().stream().filter(r -> !r.record().isAbstract()).forEach(r -> old.put(r.record().name(), r));
        List<RecordCompatibility> result = new ArrayList<>();
        for (RecordLayout now : newModel.records()) {
            if (now.record().isAbstract()) {
                continue;
            }
            RecordLayout before = old.remove(now.record().name());
            result.add(before == null ? onlyNew(now) : compare(oldModel, before, newModel, now));
        }
        old.values().forEach(before -> result.add(onlyOld(before)));
        return List.copyOf(result);
    }

    private static RecordCompatibility onlyNew(RecordLayout now) {
        return new RecordCompatibility(now.record().name().toString(), "only in NEW", Verdict.YES, Verdict.YES,
                List.of());
    }

    private static RecordCompatibility onlyOld(RecordLayout before) {
        return new RecordCompatibility(before.record().name().toString(), "only in OLD", Verdict.NO, Verdict.YES,
                List.of(new Finding(before.record().position(), "record '" + before.record().name().simpleName()
                        + "' is gone from NEW, whose code cannot read OLD's data of it")));
    }

    private static RecordCompatibility compare(CodecModel oldModel, RecordLayout before, CodecModel newModel,
            RecordLayout now) {
        QualifiedName name = now.record().name();
        String versions = "OLD version " + before.version() + ", NEW version " + now.version();
        int common = Math.min(before.version(), now.version());
        // Data of every version up to the newest both have may be read by the other side, which compares the
        // fingerprints of the writer's version: each must agree, not only the newest's.
        List<Integer> shared = java.util.stream.Stream.concat(before.versions().stream(), now.versions().stream())
                .filter(v -> v <= common).distinct().sorted().toList();
        for (int version : shared) {
            if (oldModel.fingerprint(name, version) != newModel.fingerprint(name, version)) {
                Finding why = new FirstDifference(oldModel, before, newModel, now).of(version, common)
                        .orElse(new Finding(now.record().position(), "the layout of version " + version + " differs"
                                + " in a record that '" + name.simpleName() + "' holds through a cycle"));
                return new RecordCompatibility(name.toString(), versions, Verdict.NO, Verdict.NO, List.of(why));
            }
        }
        List<Finding> findings = new ArrayList<>();
        renames(before, now, findings);
        added(before, now, findings);
        boolean newKnowsMore = constants(oldModel, before, newModel, now, "OLD", findings);
        boolean oldKnowsMore = constants(newModel, now, oldModel, before, "NEW", findings);
        return new RecordCompatibility(name.toString(), versions,
                oldKnowsMore ? Verdict.YES_EXCEPT_UNKNOWN : Verdict.YES,
                newKnowsMore ? Verdict.YES_EXCEPT_UNKNOWN : Verdict.YES, findings);
    }

    /** Fields NEW renamed with {@code @alias}, which keeps the layout. */
    private static void renames(RecordLayout before, RecordLayout now, List<Finding> findings) {
        for (Field field : now.record().fields()) {
            before.record().fields().stream()
                    .filter(f -> f.layoutName().equals(field.layoutName()) && !f.name().equals(field.name()))
                    .findFirst()
                    .ifPresent(f -> findings.add(new Finding(field.position(), "field '" + f.name() + "' is renamed '"
                            + field.name() + "' (@alias keeps the layout)")));
        }
    }

    /** Fields of versions one side has and the other not: ignored by the older code, absent or zero in the newer. */
    private static void added(RecordLayout before, RecordLayout now, List<Finding> findings) {
        RecordLayout newer = now.version() >= before.version() ? now : before;
        String side = newer == now ? "NEW" : "OLD";
        String other = newer == now ? "OLD" : "NEW";
        int common = Math.min(before.version(), now.version());
        for (FieldLayout field : newer.fields()) {
            if (field.field().since() > common) {
                Field added = field.field();
                findings.add(new Finding(added.position(), side + " adds field '" + added.name() + "' in version "
                        + added.since() + ": " + other + "'s code ignores it, and " + side + "'s code reads "
                        + other + "'s data with it " + (added.optional() ? "absent" : added.defaultValue() != null
                                ? "at its default, " + added.defaultValue().text() : "at its zero value")));
            }
        }
    }

    /**
     * Enum constants that {@code reader}'s side does not know and the other's fields may hold (added with
     * {@code @since}): the reader refuses a record holding one. Returns whether there are any.
     */
    private static boolean constants(CodecModel readerModel, RecordLayout readerLayout, CodecModel writerModel,
            RecordLayout writerLayout, String reader, List<Finding> findings) {
        Map<QualifiedName, EnumType> known = new LinkedHashMap<>();
        enums(readerModel, readerLayout, new HashSet<>(), known);
        Map<QualifiedName, EnumType> written = new LinkedHashMap<>();
        enums(writerModel, writerLayout, new HashSet<>(), written);
        boolean any = false;
        for (EnumType type : written.values()) {
            Optional<EnumType> readers = Optional.ofNullable(known.get(type.name()));
            int count = readers.map(t -> t.constants().size()).orElse(type.constants().size());
            for (int i = count; i < type.constants().size(); i++) {
                EnumConstant constant = type.constants().get(i);
                findings.add(new Finding(constant.position(), (reader.equals("OLD") ? "NEW" : "OLD") + " has"
                        + " constant '" + constant.name() + "' of enum '" + type.name().simpleName() + "' (version "
                        + constant.since() + "), which " + reader + " does not know: " + reader + "'s code refuses a"
                        + " record holding it, naming the field and the ordinal " + i));
                any = true;
            }
        }
        return any;
    }

    /** The enums a record's fields hold, at any depth of lists, unions and nested records. */
    private static void enums(CodecModel model, RecordLayout layout, Set<QualifiedName> seen,
            Map<QualifiedName, EnumType> into) {
        if (!seen.add(layout.record().name())) {
            return;
        }
        for (FieldLayout field : layout.fields()) {
            enums(model, field.encoding(), seen, into);
        }
    }

    private static void enums(CodecModel model, Encoding encoding, Set<QualifiedName> seen,
            Map<QualifiedName, EnumType> into) {
        if (encoding instanceof Encoding.Enumeration enumeration) {
            into.putIfAbsent(enumeration.name(), enumeration.type());
        } else if (encoding instanceof Encoding.ListOf list) {
            enums(model, list.element(), seen, into);
        } else if (encoding instanceof Encoding.Nested nested) {
            enums(model, model.record(nested.name()), seen, into);
        } else if (encoding instanceof Encoding.Union union && seen.add(union.name())) {
            union.layout().alternatives().forEach(a -> enums(model, a.encoding(), seen, into));
        }
    }
}
