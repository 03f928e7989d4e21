package dev.sdo.compiler.generate;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.RecordType;
import javax.lang.model.element.Modifier;

/** {@code toString} shared by beans and SDOs, so that both print a record the same way. */
final class ObjectMethods {
    private ObjectMethods() {}

    /** {@code Trade{id=1, tradeDate=2014-07-21, ...}}, each value as its getter returns it. */
    static MethodSpec toStringMethod(RecordType record) {
        CodeBlock.Builder body = CodeBlock.builder().add("return $S", record.name().simpleName() + "{");
        body.indent().indent();
        String separator = "";
        for (Field field : record.fields()) {
            body.add("\n+ $S + $L()", separator + field.name() + "=", Names.getter(field));
            separator = ", ";
        }
        body.add("\n+ $S;\n", "}");
        body.unindent().unindent();
        return MethodSpec.methodBuilder("toString")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(String.class)
                .addCode(body.build())
                .build();
    }
}
