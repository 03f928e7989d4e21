package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.RecordType;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Emits a record's bean: the classic mutable Java bean, one private field per schema field, which is what the
 * SDO is measured against. It checks nothing; values are checked when an SDO is encoded from it.
 */
final class BeanEmitter {
    private static final ClassName BEAN_VALUES = ClassName.get("dev.sdo.runtime", "BeanValues");
    private static final ClassName ARRAYS = ClassName.get("java.util", "Arrays");
    private static final ClassName ARRAY_LIST = ClassName.get("java.util", "ArrayList");
    private static final int FIELDS_PER_CONDITION = 16;

    private final RecordLayout layout;
    private final RecordType record;
    private final ClassName beanName;

    BeanEmitter(RecordLayout layout) {
        this.layout = layout;
        this.record = layout.record();
        this.beanName = GeneratedNames.bean(record.name());
    }

    TypeSpec emit() {
        ClassName interfaceName = GeneratedNames.type(record.name());
        TypeSpec.Builder builder = TypeSpec.classBuilder(beanName)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(interfaceName)
                .addJavadoc("A mutable {@link $T}: a plain Java bean with a field per schema field.\n", interfaceName)
                .addField(FieldSpec.builder(long.class, "serialVersionUID",
                        Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL).initializer("1L").build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PUBLIC)
                        .addJavadoc("An empty $L: numbers 0, booleans false$L, everything else null$L.\n",
                                record.name().simpleName(), layout.fields().stream().anyMatch(BeanEmitter::startsEmpty)
                                        ? ", required lists empty" : "", record.fields().stream()
                                        .anyMatch(f -> f.defaultValue() != null) ? ", fields with a default hold it" : "")
                        .build());
        for (FieldLayout placed : layout.fields()) {
            Field field = placed.field();
            TypeName type = JavaTypes.getterType(placed);
            if (field.defaultValue() != null) {
                // A new bean holds the default, as an SDO does when nothing else was stored.
                builder.addField(FieldSpec.builder(type, field.name(), Modifier.PRIVATE)
                        .initializer(DefaultCode.value(placed)).build());
            } else if (startsEmpty(placed)) {
                // A required list starts empty, ready to add to, as the record it becomes must have one.
                builder.addField(FieldSpec.builder(type, field.name(), Modifier.PRIVATE)
                        .initializer("new $T<>()", ARRAY_LIST).build());
            } else {
                builder.addField(type, field.name(), Modifier.PRIVATE);
            }
            builder.addMethod(Deprecations.mark(MethodSpec.methodBuilder(GeneratedNames.getter(field))
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(type)
                    .addStatement("return $N", field.name()), field)
                    .build());
            if (field.optional()) {
                builder.addMethod(MethodSpec.methodBuilder(GeneratedNames.presence(field))
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(boolean.class)
                        .addStatement("return $N != null", field.name())
                        .build());
            }
            builder.addMethod(Deprecations.mark(MethodSpec.methodBuilder(GeneratedNames.setter(field))
                    .addModifiers(Modifier.PUBLIC)
                    .addParameter(type, field.name())
                    .addJavadoc("Sets the field {@code $L}$L.\n", field.name(),
                            field.optional() ? "; null makes it absent" : "")
                    .addStatement("this.$N = $N", field.name(), field.name()), field)
                    .build());
        }
        return builder.addMethod(equalsMethod())
                .addMethod(hashCodeMethod())
                .addMethod(ObjectMethods.toStringMethod(layout))
                .build();
    }

    /** Whether the field is a required list without a default, which a new bean holds empty. */
    private static boolean startsEmpty(FieldLayout field) {
        return field.encoding() instanceof Encoding.ListOf && !field.field().optional()
                && field.field().defaultValue() == null;
    }

    private MethodSpec equalsMethod() {
        MethodSpec.Builder method = MethodSpec.methodBuilder("equals")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(boolean.class)
                .addParameter(Object.class, "other")
                .addJavadoc("Equal to another $T whose fields hold the same values; decimals compare by numeric value.\n",
                        beanName)
                .beginControlFlow("if (this == other)")
                .addStatement("return true")
                .endControlFlow();
        if (record.fields().isEmpty()) {
            return method.addStatement("return other instanceof $T", beanName).build();
        }
        method.beginControlFlow("if (!(other instanceof $T that))", beanName)
                .addStatement("return false")
                .endControlFlow();
        // Conditions in groups, so that a record of a thousand fields is no expression too deep for javac.
        List<FieldLayout> fields = layout.fields();
        for (int start = 0; start < fields.size(); start += FIELDS_PER_CONDITION) {
            CodeBlock condition = conjunction(fields.subList(start, Math.min(fields.size(), start + FIELDS_PER_CONDITION)));
            if (start + FIELDS_PER_CONDITION >= fields.size()) {
                method.addStatement("return $L", condition);
            } else {
                method.beginControlFlow("if (!($L))", condition).addStatement("return false").endControlFlow();
            }
        }
        return method.build();
    }

    private static CodeBlock conjunction(List<FieldLayout> fields) {
        CodeBlock.Builder conjunction = CodeBlock.builder();
        String and = "";
        for (FieldLayout field : fields) {
            conjunction.add(and).add(fieldEquality(field));
            and = "\n&& ";
        }
        return conjunction.build();
    }

    /** One field's comparison; {@code this.} keeps a field named {@code other} or {@code that} apart from the locals. */
    private static CodeBlock fieldEquality(FieldLayout field) {
        String name = field.field().name();
        TypeName type = JavaTypes.getterType(field);
        if (field.encoding() instanceof Encoding.Decimal) {
            return CodeBlock.of("$T.equalDecimals(this.$N, that.$N)", BEAN_VALUES, name, name);
        } else if (field.encoding() instanceof Encoding.ListOf list && list.holdsBlobs()) {
            return CodeBlock.of("$T.equalLists(this.$N, that.$N)", BEAN_VALUES, name, name);
        } else if (type.equals(TypeName.FLOAT)) {
            return CodeBlock.of("$T.compare(this.$N, that.$N) == 0", Float.class, name, name);
        } else if (type.equals(TypeName.DOUBLE)) {
            return CodeBlock.of("$T.compare(this.$N, that.$N) == 0", Double.class, name, name);
        } else if (type.isPrimitive()) {
            return CodeBlock.of("this.$N == that.$N", name, name);
        } else if (type.equals(JavaTypes.BYTE_ARRAY)) {
            return CodeBlock.of("$T.equals(this.$N, that.$N)", ARRAYS, name, name);
        }
        return CodeBlock.of("$T.equals(this.$N, that.$N)", JavaTypes.OBJECTS, name, name);
    }

    private MethodSpec hashCodeMethod() {
        CodeBlock.Builder values = CodeBlock.builder();
        String comma = "";
        for (FieldLayout field : layout.fields()) {
            String name = field.field().name();
            values.add(comma);
            if (field.encoding() instanceof Encoding.Decimal) {
                values.add("$T.decimalHash($N)", BEAN_VALUES, name);
            } else if (field.encoding() instanceof Encoding.Blob) {
                values.add("$T.hashCode($N)", ARRAYS, name);
            } else if (field.encoding() instanceof Encoding.ListOf list && list.holdsBlobs()) {
                values.add("$T.listHash($N)", BEAN_VALUES, name);
            } else {
                values.add("$N", name);
            }
            comma = ",$W";
        }
        return MethodSpec.methodBuilder("hashCode")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(int.class)
                .addJavadoc("A hash code consistent with {@link #equals}.\n")
                .addStatement("return $T.hash($L)", JavaTypes.OBJECTS, values.build())
                .build();
    }
}
