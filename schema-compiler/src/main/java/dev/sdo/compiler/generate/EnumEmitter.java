package dev.sdo.compiler.generate;

import com.palantir.javapoet.TypeSpec;
import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.EnumType.EnumConstant;
import javax.lang.model.element.Modifier;

/** Emits the Java enum of a schema enum: its constants in declaration order, which is their stored ordinal. */
final class EnumEmitter {
    private final EnumType type;

    EnumEmitter(EnumType type) {
        this.type = type;
    }

    TypeSpec emit() {
        TypeSpec.Builder builder = TypeSpec.enumBuilder(type.name().simpleName())
                .addModifiers(Modifier.PUBLIC)
                .addJavadoc(Docs.of(type.doc(), "The constants of the schema enum {@code $L}, in stored ordinal order.",
                        type.name().simpleName()));
        for (EnumConstant constant : type.constants()) {
            builder.addEnumConstant(constant.name(), Deprecations.mark(TypeSpec.anonymousClassBuilder("")
                    .addJavadoc(Docs.of(constant.doc(), "The constant {@code $L}.", constant.name())),
                    constant.deprecated()).build());
        }
        return builder.build();
    }
}
