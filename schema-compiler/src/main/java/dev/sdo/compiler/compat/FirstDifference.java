package dev.sdo.compiler.compat;

import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.EnumType.EnumConstant;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.FieldDefault;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The first field of a version both schemas know whose layout differs, and how: what makes readers refuse the
 * data by fingerprint, said in the schema's terms. It compares what the layout fingerprint describes (each field's
 * name as the layout knows it, presence, default, bits and encoding), field by field in layout order, so that what
 * it names is exactly why the fingerprints differ.
 */
final class FirstDifference {
    private final CodecModel oldModel;
    private final CodecModel newModel;
    private final RecordLayout oldLayout;
    private final RecordLayout newLayout;

    FirstDifference(CodecModel oldModel, RecordLayout oldLayout, CodecModel newModel, RecordLayout newLayout) {
        this.oldModel = oldModel;
        this.newModel = newModel;
        this.oldLayout = oldLayout;
        this.newLayout = newLayout;
    }

    /**
     * The first difference between the layouts of {@code version}, which both schemas have; empty when none.
     * {@code common}, the newest version both have, is what a field added to NEW must come after.
     */
    Optional<Finding> of(int version, int common) {
        List<FieldLayout> before = oldLayout.upTo(version).fields();
        List<FieldLayout> after = newLayout.upTo(version).fields();
        for (int i = 0; i < Math.max(before.size(), after.size()); i++) {
            if (i >= before.size()) {
                return Optional.of(added(after.get(i), version, common));
            }
            if (i >= after.size()) {
                return Optional.of(gone(before.get(i), version));
            }
            Optional<Finding> difference = compare(before.get(i), after.get(i), common);
            if (difference.isPresent()) {
                return difference;
            }
        }
        return Optional.empty();
    }

    private Finding added(FieldLayout field, int version, int common) {
        Optional<Field> later = oldLayout.record().fields().stream()
                .filter(f -> f.layoutName().equals(field.field().layoutName())).findFirst();
        if (later.isPresent()) {
            return new Finding(field.field().position(), "field '" + field.field().name() + "' is in version "
                    + later.get().since() + " in OLD but in version " + field.field().since() + " in NEW: a field's"
                    + " version cannot change");
        }
        return new Finding(field.field().position(), "field '" + field.field().name() + "' is added to version "
                + field.field().since() + ", which OLD's data of version " + version + " was written without: add it"
                + " at the end with @since(" + (common + 1) + ") or later");
    }

    private Finding gone(FieldLayout field, int version) {
        Optional<Field> later = newLayout.record().fields().stream()
                .filter(f -> f.layoutName().equals(field.field().layoutName())).findFirst();
        if (later.isPresent()) {
            return new Finding(later.get().position(), "field '" + later.get().name() + "' is in version "
                    + field.field().since() + " in OLD but in version " + later.get().since() + " in NEW: a field's"
                    + " version cannot change");
        }
        return new Finding(field.field().position(), "field '" + field.field().name() + "' of version "
                + field.field().since() + " is gone from NEW: a field stays in the layout once data is written with it (mark it"
                + " @deprecated instead)");
    }

    private Optional<Finding> compare(FieldLayout before, FieldLayout after, int version) {
        Field old = before.field();
        Field now = after.field();
        if (!old.layoutName().equals(now.layoutName())) {
            return Optional.of(named(before, after, version));
        }
        String name = "field '" + now.name() + "'";
        if (old.optional() != now.optional()) {
            return found(now, name + " is " + (old.optional() ? "optional" : "required") + " in OLD, "
                    + (now.optional() ? "optional" : "required") + " in NEW");
        }
        if (!Objects.equals(text(old.defaultValue()), text(now.defaultValue()))) {
            return found(now, name + " has " + describe(old.defaultValue()) + " in OLD, "
                    + describe(now.defaultValue()) + " in NEW: data stores no value where it holds its default");
        }
        String oldType = oldModel.describe(oldLayout.record().name(), before.encoding());
        String newType = newModel.describe(newLayout.record().name(), after.encoding());
        if (!oldType.equals(newType)) {
            return Optional.of(new Finding(now.type().position(), typeChange(name, before.encoding(),
                    after.encoding(), oldType, newType)));
        }
        if (before.offset() != after.offset() || before.width() != after.width()
                || before.presenceBit() != after.presenceBit()) {
            return found(now, name + " moved: bits " + bits(before) + " in OLD, " + bits(after) + " in NEW");
        }
        return Optional.empty();
    }

    private static Optional<Finding> found(Field field, String message) {
        return Optional.of(new Finding(field.position(), message));
    }

    /** Two fields at the same place under different names: renamed, removed, inserted or moved. */
    private Finding named(FieldLayout before, FieldLayout after, int version) {
        String oldName = before.field().layoutName();
        Field now = after.field();
        Set<String> newNames = names(newLayout);
        Set<String> oldNames = names(oldLayout);
        boolean oldKept = newNames.contains(oldName);
        boolean newKnown = oldNames.contains(now.layoutName()) || oldNames.contains(now.name());
        if (!oldKept && !newKnown) {
            return new Finding(now.position(), "field '" + oldName + "' is renamed '" + now.name() + "' without"
                    + " @alias(\"" + oldName + "\"), which keeps the layout");
        } else if (!oldKept) {
            return gone(before, version);
        } else if (!newKnown) {
            return new Finding(now.position(), "field '" + now.name() + "' is inserted before '" + oldName
                    + "' in version " + now.since() + ": fields added later go at the end, with @since("
                    + (version + 1) + ") or later");
        }
        return new Finding(now.position(), "field '" + now.name() + "' moved: it comes before '" + oldName
                + "' in NEW, after it in OLD");
    }

    /** Every name the layout knows a record's fields by: their names and aliases. */
    private static Set<String> names(RecordLayout layout) {
        return layout.record().fields().stream().flatMap(f -> java.util.stream.Stream.of(f.name(), f.layoutName()))
                .collect(Collectors.toSet());
    }

    private String typeChange(String name, Encoding before, Encoding after, String oldType, String newType) {
        while (before instanceof Encoding.ListOf oldList && after instanceof Encoding.ListOf newList) {
            // The elements of two lists: what differs is in them.
            before = oldList.element();
            after = newList.element();
        }
        if (before instanceof Encoding.Enumeration oldEnum && after instanceof Encoding.Enumeration newEnum
                && oldEnum.name().equals(newEnum.name())) {
            return name + " holds enum '" + newEnum.name().simpleName() + "', whose " + enumChange(oldEnum.type(),
                    newEnum.type());
        }
        if (before instanceof Encoding.Nested oldRecord && after instanceof Encoding.Nested newRecord
                && oldRecord.name().equals(newRecord.name())) {
            return name + " holds record '" + newRecord.name().simpleName() + "', whose layout differs (see "
                    + newRecord.name() + ")";
        }
        return name + " changed from " + oldType + " to " + newType;
    }

    /** How an enum's constants of its first version differ, which is what the layout fingerprint names. */
    private static String enumChange(EnumType before, EnumType after) {
        List<EnumConstant> old = before.firstConstants();
        List<EnumConstant> now = after.firstConstants();
        for (int i = 0; i < Math.max(old.size(), now.size()); i++) {
            if (i >= old.size()) {
                return "constant '" + now.get(i).name() + "' (at " + now.get(i).position() + ") is added without"
                        + " @since: constants added later need @since(2) or later (and must fit the enum's bits)";
            }
            if (i >= now.size()) {
                return "constant '" + old.get(i).name() + "' is gone from NEW: its ordinal " + i + " would mean"
                        + " nothing (mark it @deprecated instead)";
            }
            if (!old.get(i).name().equals(now.get(i).name())) {
                return "constant " + i + " is '" + old.get(i).name() + "' in OLD, '" + now.get(i).name()
                        + "' in NEW (at " + now.get(i).position() + "): stored ordinals would change meaning";
            }
        }
        return "constants are alike";
    }

    private static String text(FieldDefault value) {
        return value == null ? null : value.text();
    }

    private static String describe(FieldDefault value) {
        return value == null ? "no default" : "default " + value.text();
    }

    private static String bits(FieldLayout field) {
        return field.offset() + ".." + (field.offset() + field.width() - 1)
                + (field.presenceBit() >= 0 ? " (presence bit " + field.presenceBit() + ")" : "");
    }
}
