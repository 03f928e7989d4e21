package dev.sdo.compiler.generate;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.RecordType;
import javax.lang.model.element.Modifier;

/**
 * Emits a record's interface, the API application code is written against, which its bean and its SDO implement.
 *
 * <p>The interface extends {@link java.io.Serializable}. Beans are the Java-serialisation baseline and hold nested
 * records through their interfaces; with a non-serialisable interface a bean's nested-record fields would be
 * non-serialisable fields of a serialisable class, which {@code -Xlint:serial} rightly warns about and which fail
 * at run time when the value is not serialisable. Every generated implementation is serialisable anyway.
 */
final class InterfaceEmitter {
    private final RecordType record;

    private final RecordLayout layout;

    InterfaceEmitter(RecordLayout layout) {
        this.layout = layout;
        this.record = layout.record();
    }

    TypeSpec emit() {
        String name = record.name().simpleName();
        TypeSpec.Builder builder = TypeSpec.interfaceBuilder(name)
                .addModifiers(Modifier.PUBLIC)
                .addSuperinterface(record.base() == null ? JavaTypes.SERIALIZABLE : GeneratedNames.type(record.base()))
                .addJavadoc(Docs.of(record.doc(), "The fields of the schema record {@code $L}.", name));
        if (record.isAbstract()) {
            builder.addJavadoc("\n<p>Abstract: implemented by the beans and SDOs of the records that extend it.\n");
        } else {
            builder.addJavadoc("\n<p>Implemented by {@link $T}, a mutable bean, and {@link $T}, a view of the binary form.\n",
                    GeneratedNames.bean(record.name()), GeneratedNames.sdo(record.name()));
        }
        for (FieldLayout placed : layout.fields()) {
            Field field = placed.field();
            builder.addMethod(Deprecations.mark(MethodSpec.methodBuilder(GeneratedNames.getter(field))
                    .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                    .returns(JavaTypes.getterType(placed))
                    .addJavadoc(getterDoc(field)), field)
                    .build());
            if (field.optional()) {
                builder.addMethod(MethodSpec.methodBuilder(GeneratedNames.presence(field))
                        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                        .returns(boolean.class)
                        .addJavadoc("Whether the optional field {@code $L} is present.\n", field.name())
                        .build());
            }
        }
        return builder.build();
    }

    private static CodeBlock getterDoc(Field field) {
        CodeBlock.Builder doc = CodeBlock.builder()
                .add(Docs.of(field.doc(), "The field {@code $L}.", field.name()));
        if (field.optional()) {
            doc.add("\n@return the value, or {@code null} when the field is absent\n");
        }
        return doc.add("$L", Deprecations.tag(field)).build();
    }
}
