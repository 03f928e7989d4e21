package dev.sdo.compiler.generate;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.compiler.binding.XmlTreeShape;
import dev.sdo.compiler.diagnostics.SourcePosition;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.UnionType;
import dev.sdo.runtime.Generated;
import dev.sdo.runtime.batch.EmbeddedSchema;
import dev.sdo.runtime.generic.DescriptorException;
import dev.sdo.runtime.generic.SchemaDescriptor;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Generates the Java sources of a checked schema: per enum a Java enum; per record its interface, its bean, its
 * SDO, its batch and, for a record of fixed width, its writer. The output depends on nothing but the schema and is sorted by qualified name, so the same schema always
 * gives byte-identical sources.
 */
public final class JavaGenerator {
    private static final String INDENT = "    ";
    /** The generator's name in {@code @Generated}: no date or version, so that the output stays byte-identical. */
    private static final String GENERATOR = "sdoc";
    /** On every generated type, so that coverage and static-analysis tools skip it. */
    private static final AnnotationSpec GENERATED = AnnotationSpec.builder(Generated.class)
            .addMember("value", "$S", GENERATOR)
            .build();

    private final CodecModel model;

    /** @param model a schema the check stage passed, laid out */
    public JavaGenerator(CodecModel model) {
        this.model = model;
    }

    /** One class to generate, and the schema file it comes from. */
    private record Unit(String packageName, TypeSpec type, SourcePosition declaredAt) {}

    /** Every source, sorted by qualified name. */
    public List<GeneratedSource> generate() {
        List<Unit> units = new ArrayList<>();
        for (EnumType type : model.enums()) {
            units.add(new Unit(type.name().packageName(), new EnumEmitter(type).emit(), type.position()));
        }
        for (UnionType union : model.unions()) {
            for (TypeSpec type : new UnionEmitter(model, union).emit()) {
                units.add(new Unit(union.name().packageName(), type, union.position()));
            }
        }
        for (RecordLayout layout : model.records()) {
            if (layout.record().isAbstract()) {
                units.add(new Unit(layout.record().name().packageName(), new InterfaceEmitter(layout).emit(),
                        layout.record().position()));
                continue;
            }
            long fingerprint = model.fingerprint(layout.record().name());
            long[] versionFingerprints = model.versionFingerprints(layout.record().name());
            String packageName = layout.record().name().packageName();
            SourcePosition position = layout.record().position();
            units.add(new Unit(packageName, new InterfaceEmitter(layout).emit(), position));
            units.add(new Unit(packageName, new BeanEmitter(layout).emit(), position));
            units.add(new Unit(packageName, new SdoEmitter(model, layout, versionFingerprints).emit(), position));
            units.add(new Unit(packageName, new BatchEmitter(layout, fingerprint).emit(), position));
            if (FieldsEmitter.applies(layout)) {
                units.add(new Unit(packageName, new FieldsEmitter(layout).emit(), position));
            }
            if (WriterEmitter.applies(layout)) {
                units.add(new Unit(packageName, new WriterEmitter(model, layout).emit(), position));
            }
            new TextBindingEmitters(model, layout).emit()
                    .forEach(type -> units.add(new Unit(packageName, type, position)));
        }
        // One descriptor of each package's records, which their batches take theirs from.
        Map<String, SourcePosition> firstOf = new java.util.LinkedHashMap<>();
        for (RecordLayout layout : model.records()) {
            if (!layout.record().isAbstract()) {
                firstOf.putIfAbsent(layout.record().name().packageName(), layout.record().position());
            }
        }
        firstOf.keySet().forEach(packageName -> {
            List<RecordLayout> layouts = model.packageRecords(packageName);
            byte[] descriptor = model.descriptorOfAll(layouts);
            units.add(new Unit(packageName, new DescriptorsEmitter(packageName, descriptor,
                    xmlShape(model, layouts, descriptor)).emit(), firstOf.get(packageName)));
        });
        Map<String, String[]> hidingNames = javaLangHidingNames(units);
        boolean deprecations = Deprecations.any(model);
        List<GeneratedSource> sources = new ArrayList<>();
        for (Unit unit : units) {
            sources.add(source(unit, hidingNames.get(unit.packageName()), deprecations));
        }
        sources.sort(Comparator.comparing(GeneratedSource::qualifiedName));
        return List.copyOf(sources);
    }

    /**
     * The XML shape of a package's descriptor ({@code XmlTreeShape}), which its {@code XXml} classes build their
     * bindings from; null when none of its records is bound to XML as a tree.
     */
    private static String xmlShape(CodecModel model, List<RecordLayout> layouts, byte[] descriptor) {
        if (layouts.stream().noneMatch(l -> XmlRecordBinding.declared(l) && !XmlRecordBinding.flat(l))) {
            return null;
        }
        try {
            return new XmlTreeShape(model).describe(SchemaDescriptor.parse(EmbeddedSchema.of(descriptor)));
        } catch (DescriptorException e) {
            throw new IllegalStateException("the descriptor of package " + layouts.get(0).record().name().packageName()
                    + " does not read back", e);
        }
    }

    /**
     * For each package, the names of its generated classes that are also names of {@code java.lang} classes, which
     * they hide from every class of the package. Only these are passed to JavaPoet's {@code alwaysQualify}, whose
     * cost grows with the square of the names it is given (a schema of 1,000 records has 4,000 classes).
     */
    private static Map<String, String[]> javaLangHidingNames(List<Unit> units) {
        Map<String, String[]> names = new HashMap<>();
        for (Unit unit : units) {
            names.computeIfAbsent(unit.packageName(), packageName -> units.stream()
                    .filter(u -> u.packageName().equals(packageName))
                    .map(u -> u.type().name())
                    .filter(JavaGenerator::namesJavaLangClass)
                    .toArray(String[]::new));
        }
        return names;
    }

    /** Whether {@code java.lang} has a public class of this simple name (in the JDK that runs the compiler). */
    private static boolean namesJavaLangClass(String simpleName) {
        try {
            return Modifier.isPublic(Class.forName("java.lang." + simpleName, false, null).getModifiers());
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /**
     * The source of one class, marked {@code @Generated}. A generated class named like a {@code java.lang} class
     * ({@code record String}) hides that class in its package, so every class of the package names such classes by
     * their qualified names.
     */
    private static GeneratedSource source(Unit unit, String[] samePackageNames, boolean deprecations) {
        TypeSpec.Builder builder = unit.type().toBuilder().addAnnotation(GENERATED);
        if (deprecations) {
            builder.addAnnotation(Deprecations.suppression());
        }
        TypeSpec type = builder.alwaysQualify(samePackageNames).build();
        JavaFile file = JavaFile.builder(unit.packageName(), type)
                .addFileComment("Generated by sdoc from $L. Do not edit.", fileName(unit.declaredAt()))
                .skipJavaLangImports(true)
                .indent(INDENT)
                .build();
        String qualifiedName = unit.packageName().isEmpty() ? type.name() : unit.packageName() + "." + type.name();
        return new GeneratedSource(qualifiedName, qualifiedName.replace('.', '/') + ".java", file.toString());
    }

    /** The schema file's name without its directories, which depend on where the user ran the compiler. */
    private static String fileName(SourcePosition position) {
        String file = position.file().replace('\\', '/');
        return file.substring(file.lastIndexOf('/') + 1);
    }
}
