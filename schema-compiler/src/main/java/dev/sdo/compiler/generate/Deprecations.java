package dev.sdo.compiler.generate;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.model.Annotation;
import dev.sdo.compiler.model.Field;

/**
 * {@code @deprecated} fields and enum constants (docs/schema-reference.md, "Versions"): they stay in the layout, so
 * that data of every version reads alike, and their generated accessors are marked {@code @Deprecated}, so that
 * code still using them is warned at compile time. The generated classes themselves use them (beans copy them,
 * {@code equals} compares them), so a schema with any gets {@code @SuppressWarnings("deprecation")} on its types.
 */
final class Deprecations {
    private static final String KEPT = "kept in the layout so that data written with it still reads";

    private Deprecations() {}

    /**
     * Marks an accessor of {@code field} {@code @Deprecated} when the field is; returns the builder. The Javadoc's
     * {@code @deprecated} tag, which must follow the description, is the interface's ({@link #tag}).
     */
    static MethodSpec.Builder mark(MethodSpec.Builder method, Field field) {
        return field.deprecation().isPresent() ? method.addAnnotation(Deprecated.class) : method;
    }

    /** The Javadoc {@code @deprecated} tag of a deprecated field's getter in its interface; empty otherwise. */
    static String tag(Field field) {
        return field.deprecation().map(annotation -> "\n@deprecated " + note(annotation) + "\n").orElse("");
    }

    /** Marks an enum constant deprecated when it is. */
    static TypeSpec.Builder mark(TypeSpec.Builder constant, boolean deprecated) {
        return deprecated ? constant.addAnnotation(Deprecated.class).addJavadoc("\n@deprecated $L\n", KEPT)
                : constant;
    }

    /** Whether anything in the schema is deprecated, so that its generated types suppress the warnings. */
    static boolean any(CodecModel model) {
        return model.records().stream().flatMap(r -> r.record().fields().stream())
                .anyMatch(f -> f.deprecation().isPresent())
                || model.unions().stream().flatMap(u -> u.alternatives().stream())
                        .anyMatch(f -> f.deprecation().isPresent())
                || model.enums().stream().flatMap(e -> e.constants().stream()).anyMatch(c -> c.deprecated());
    }

    /** {@code @SuppressWarnings("deprecation")}, for the types of a schema with deprecated parts. */
    static AnnotationSpec suppression() {
        return AnnotationSpec.builder(SuppressWarnings.class).addMember("value", "$S", "deprecation").build();
    }

    private static String note(Annotation annotation) {
        Object text = annotation.arguments().get("value");
        return text == null ? KEPT : text + " (" + KEPT + ")";
    }
}
