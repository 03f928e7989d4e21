package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.runtime.BeanValues;
import javax.lang.model.element.Modifier;

/** {@code toString} shared by beans and SDOs, so that both print a record the same way. */
final class ObjectMethods {
    private ObjectMethods() {}

    /**
     * {@code Trade{id=1, tradeDate=2014-07-21, ...}}, each value as its getter returns it. One statement per field
     * keeps records of a thousand fields within what javac can compile.
     */
    static MethodSpec toStringMethod(RecordLayout layout) {
        RecordType record = layout.record();
        MethodSpec.Builder method = MethodSpec.methodBuilder("toString")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(String.class)
                .addStatement("$T text = new $T($S)", StringBuilder.class, StringBuilder.class,
                        record.name().simpleName() + "{");
        String separator = "";
        for (FieldLayout placed : layout.fields()) {
            Field field = placed.field();
            if (placed.encoding() instanceof Encoding.Blob) {
                // A blob shows its bytes, not the array's identity.
                method.addStatement("text.append($S).append($T.toString($N()))", separator + field.name() + "=",
                        ClassName.get("java.util", "Arrays"), GeneratedNames.getter(field));
                separator = ", ";
                continue;
            }
            if (placed.encoding() instanceof Encoding.ListOf list && list.holdsBlobs()) {
                method.addStatement("text.append($S).append($T.listText($N()))", separator + field.name() + "=",
                        ClassName.get(BeanValues.class), GeneratedNames.getter(field));
                separator = ", ";
                continue;
            }
            method.addStatement("text.append($S).append($N())", separator + field.name() + "=", GeneratedNames.getter(field));
            separator = ", ";
        }
        return method.addStatement("return text.append('}').toString()").build();
    }
}
