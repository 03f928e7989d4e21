package dev.sdo.compiler.generate;

import com.palantir.javapoet.MethodSpec;
import javax.lang.model.element.Modifier;

/**
 * The two private methods by which Java serialisation writes and reads an SDO's record ({@code writeObject},
 * {@code readObject}): their signatures once, their bodies from the kind of SDO that serialises.
 */
final class SerialMethods {
    private SerialMethods() {}

    /** {@code private void writeObject(ObjectOutputStream out) throws IOException}, documented, without a body. */
    static MethodSpec.Builder writeObject(String doc) {
        return MethodSpec.methodBuilder("writeObject")
                .addModifiers(Modifier.PRIVATE)
                .addParameter(JavaTypes.OBJECT_OUTPUT, "out")
                .addException(JavaTypes.IO_EXCEPTION)
                .addJavadoc(doc);
    }

    /** {@code private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException}, without a body. */
    static MethodSpec.Builder readObject(String doc) {
        return MethodSpec.methodBuilder("readObject")
                .addModifiers(Modifier.PRIVATE)
                .addParameter(JavaTypes.OBJECT_INPUT, "in")
                .addException(JavaTypes.IO_EXCEPTION)
                .addException(ClassNotFoundException.class)
                .addJavadoc(doc);
    }
}
