package dev.sdo.compiler.model;

import java.util.List;
import java.util.Optional;

/** Reading validated annotations' arguments: only {@link XmlOptions} and {@link CsvOptions} do. */
final class Annotations {
    private Annotations() {}

    static Optional<Annotation> named(List<Annotation> annotations, String name) {
        return annotations.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    static Optional<String> string(Optional<Annotation> annotation, String key) {
        return annotation.map(a -> a.arguments().get(key)).map(Object::toString);
    }

    static boolean flag(Optional<Annotation> annotation, String key, boolean absent) {
        return string(annotation, key).map(Boolean::parseBoolean).orElse(absent);
    }
}
