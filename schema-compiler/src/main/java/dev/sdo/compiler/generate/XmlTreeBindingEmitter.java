package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import dev.sdo.compiler.binding.XmlRecordBinding;
import dev.sdo.compiler.binding.XmlTreeShape;
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.UnionType;
import dev.sdo.runtime.text.XmlRecordMapping;
import dev.sdo.runtime.text.XmlTreeBinding;
import dev.sdo.runtime.text.XmlUnionMapping;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * Emits the {@code XXml} class of an {@code @xml} record that is not flat (it has nested records, lists, strings,
 * blobs, unions or XML-only bindings): a {@code dev.sdo.runtime.text.XmlTreeBinding} built from one
 * {@code XmlRecordMapping} per record it reaches and one {@code XmlUnionMapping} per union, with static methods that
 * read XML into beans and write records back.
 *
 * <p>What each field and alternative is in XML, and in which namespace, is {@link XmlTreeShape}'s to decide; this
 * class writes it down as Java.
 */
final class XmlTreeBindingEmitter {
    private static final ClassName TREE_BINDING = ClassName.get(XmlTreeBinding.class);
    private static final ClassName MAPPING = ClassName.get(XmlRecordMapping.class);
    private static final ClassName UNION_MAPPING = ClassName.get(XmlUnionMapping.class);

    private final CodecModel model;
    private final XmlTreeShape shape;
    private final RecordType record;
    private final ClassName className;
    private final ClassName interfaceName;
    private final ClassName beanName;
    private final ClassName batchName;
    private final String topNamespace;
    /** The constant of each namespace the mappings name, the top record's first. */
    private final Map<String, String> namespaces = new LinkedHashMap<>();
    /** The constant of each record's mapping and each union's (by union and default namespace). */
    private final Map<Object, String> constants = new LinkedHashMap<>();
    /** The mapping constants, each after those it uses. */
    private final List<FieldSpec> mappingFields = new ArrayList<>();
    private final Set<String> taken = new HashSet<>();
    /**
     * The records and unions (by {@link UnionKey}) whose mappings are being built: a mapping they hold refers back to
     * them through a supplier.
     */
    private final Set<Object> building = new HashSet<>();
    private final CodeBlock topMapping;

    XmlTreeBindingEmitter(CodecModel model, RecordType record) {
        this.model = model;
        this.shape = new XmlTreeShape(model);
        this.record = record;
        this.interfaceName = GeneratedNames.type(record.name());
        this.className = GeneratedNames.xml(record.name());
        this.beanName = GeneratedNames.bean(record.name());
        this.batchName = GeneratedNames.batch(record.name());
        this.topNamespace = XmlRecordBinding.namespace(record);
        namespaces.put(topNamespace, "NAMESPACE");
        taken.add("NAMESPACE");
        if (sharesMapping(record)) {
            building.add(record.name());
            CodeBlock own = mapping(record);
            building.remove(record.name());
            TypeName type = ParameterizedTypeName.get(MAPPING, interfaceName, beanName);
            mappingFields.add(FieldSpec.builder(type, "MAPPING", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("The content of {@code <$L>}, and of every element that holds a {@link $T}.\n",
                            XmlRecordBinding.element(record), interfaceName)
                    .initializer(own)
                    .build());
            this.topMapping = CodeBlock.of("MAPPING");
        } else {
            this.topMapping = mapping(record);
        }
    }

    /**
     * Whether a record's mapping is defined once, in its own {@code XXml} class, and used from there by every
     * binding of a record that holds it ({@link XmlTreeShape#sharesMapping}). Without this, each binding would build
     * the mappings of all the records it reaches again (an FpML message reaches a thousand).
     */
    private boolean sharesMapping(RecordType mapped) {
        return shape.sharesMapping(mapped);
    }

    /** The key of a union's mapping: alternatives without a namespace of their own default to {@code namespace}. */
    private record UnionKey(QualifiedName union, String namespace) {}

    TypeSpec emit() {
        String name = record.name().simpleName();
        TypeName bindingType = ParameterizedTypeName.get(TREE_BINDING, interfaceName, beanName);
        TypeName records = ParameterizedTypeName.get(JavaTypes.LIST, WildcardTypeName.subtypeOf(interfaceName));
        TypeSpec.Builder type = TypeSpec.classBuilder(className)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("Reads $L records from XML into beans, nested records and lists included, and writes $L\n"
                        + "records (beans and SDOs alike) back as XML: {@code <$L>} in the namespace {@code $L}.\n",
                        name, name, XmlRecordBinding.element(record), namespaceForDocs());
        namespaces.forEach((uri, constant) -> type.addField(FieldSpec.builder(String.class, constant, Modifier.PRIVATE,
                        Modifier.STATIC, Modifier.FINAL)
                .addJavadoc(uri.equals(topNamespace)
                        ? CodeBlock.of("The namespace of {@code <$L>}, and of the elements of the records it holds that"
                                + " name none.\n", XmlRecordBinding.element(record))
                        : CodeBlock.of("A namespace that some of the elements or attributes are in.\n"))
                .initializer("$S", uri)
                .build()));
        mappingFields.forEach(type::addField);
        return type.addField(FieldSpec.builder(bindingType, "BINDING", Modifier.PRIVATE, Modifier.STATIC,
                                Modifier.FINAL)
                        .initializer(CodeBlock.builder()
                                .add("new $T<>($S, $S, $N,\n", TREE_BINDING, name, XmlRecordBinding.element(record),
                                        namespaces.get(topNamespace))
                                .indent().indent().add(topMapping).add(")").unindent().unindent()
                                .build())
                        .build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethods(sharesMapping(record) ? List.of(MethodSpec.methodBuilder("mapping")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(ParameterizedTypeName.get(MAPPING, interfaceName, beanName))
                        .addJavadoc("The mapping of a $L element's content, which the bindings of the records that hold a $L\n"
                                + "use.\n", name, name)
                        .addStatement("return MAPPING")
                        .build()) : List.of())
                .addMethods(new BeanBindingMethods(interfaceName, beanName, batchName, bindingType, records,
                        name + " element", "XML", "within other documents",
                        "naming the field by its path, such as {@code " + name + "." + record.fields().get(0).name()
                                + "}",
                        CodeBlock.of("BINDING.write(batch, batch.size(), out)"),
                        CodeBlock.of("Writes {@code records} to {@code out} as XML: one record as the root element,"
                                + " several inside\n{@code <records>}.\n")).methods())
                .build();
    }

    private String namespaceForDocs() {
        String namespace = XmlRecordBinding.namespace(record);
        return namespace.isEmpty() ? "(none)" : namespace;
    }

    /** The constant holding a namespace URI, defined on first use. */
    private String namespaceConstant(String uri) {
        return namespaces.computeIfAbsent(uri, u -> unique("NAMESPACE"));
    }

    private String unique(String name) {
        String unique = name;
        for (int n = 2; !taken.add(unique); n++) {
            unique = name + "_" + n;
        }
        return unique;
    }

    /**
     * A nested record's mapping: a shared one from its own {@code XXml} ({@code XXml::mapping} where the builder
     * takes a supplier, as a record element's does, so that no class needs another initialised first;
     * {@code XXml.mapping()} for an inline record, which is needed as it is built, and which cannot lead back here:
     * the checker refuses inline cycles). Any other is a constant of this class, defined (after those it uses) on
     * first use; within its own definition, where a record holds itself, a supplier of it (a static final field
     * cannot name itself).
     */
    private CodeBlock recordMapping(QualifiedName name, boolean supplier) {
        RecordType nested = model.record(name).record();
        if (sharesMapping(nested)) {
            ClassName xml = GeneratedNames.xml(name);
            return supplier ? CodeBlock.of("$T::mapping", xml) : CodeBlock.of("$T.mapping()", xml);
        }
        String constant = constants.get(name);
        if (constant != null) {
            return building.contains(name) ? CodeBlock.of("() -> $T.$N", className, constant)
                    : CodeBlock.of("$N", constant);
        }
        // Records of the same simple name from two packages get distinct constants.
        constant = unique(GeneratedNames.constant(name.simpleName()) + "_MAPPING");
        constants.put(name, constant);
        building.add(name);
        CodeBlock initializer = mapping(nested);
        building.remove(name);
        TypeName type = ParameterizedTypeName.get(MAPPING, GeneratedNames.type(name), GeneratedNames.bean(name));
        mappingFields.add(FieldSpec.builder(type, constant, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The content of the elements that hold a {@link $T}.\n", GeneratedNames.type(name))
                .initializer(initializer)
                .build());
        return CodeBlock.of("$N", constant);
    }

    /** The expression that builds the mapping of {@code mapped}'s fields, one builder call per field. */
    private CodeBlock mapping(RecordType mapped) {
        ClassName iface = GeneratedNames.type(mapped.name());
        ClassName bean = GeneratedNames.bean(mapped.name());
        CodeBlock.Builder code = CodeBlock.builder()
                .add("$T.<$T, $T>builder($T::new, $N)\n", MAPPING, iface, bean, bean,
                        namespaceConstant(XmlTreeShape.namespaceOf(mapped, topNamespace)))
                .indent().indent();
        for (XmlTreeShape.Member member : shape.members(mapped, topNamespace)) {
            code.add(".$L\n", member(member, bean, iface));
            if (member.namespace() != null) {
                code.add(".namespace($N)\n", namespaceConstant(member.namespace()));
            }
            if (member.formerName() != null) {
                code.add(".formerName($S)\n", member.formerName());
            }
            if (member.hasDefault()) {
                code.add(".byDefault($L)\n", DefaultCode.value(member.placed()));
            }
        }
        return code.add(".build()").unindent().unindent().build();
    }

    /** The builder call that adds a member. */
    private CodeBlock member(XmlTreeShape.Member member, ClassName bean, ClassName iface) {
        Field field = member.field();
        Encoding type = member.placed().encoding();
        CodeBlock accessors = CodeBlock.of("$T::$L,$W$T::$L", bean, GeneratedNames.setter(field), iface,
                GeneratedNames.getter(field));
        CodeBlock arguments = switch (member.kind()) {
            case ANY, ANYS -> CodeBlock.of("$S,$W$L", field.name(), accessors);
            case TEXT -> CodeBlock.of("$S,$W$L,$W$L", field.name(), textValue(field, type), accessors);
            case UNION, UNIONS -> CodeBlock.of("$S,$W$L,$W$L", field.name(),
                    unionMapping(XmlTreeShape.union(type), member.unionNamespace()), accessors);
            case INLINE, INLINES -> CodeBlock.of("$S,$W$L,$W$L", field.name(),
                    recordMapping(XmlTreeShape.nested(type), false), accessors);
            case RECORD, RECORDS -> CodeBlock.of("$S, $S,$W$L,$W$L", field.name(), member.element(),
                    recordMapping(XmlTreeShape.nested(type), true), accessors);
            case VALUE, ATTRIBUTE, VALUES -> CodeBlock.of("$S, $S,$W$L,$W$L", field.name(), member.element(),
                    textValue(field, type), accessors);
        };
        return CodeBlock.of("$L($L)", member.kind().method(field.optional()), arguments);
    }

    /** The constant of a union's mapping, its alternatives defaulting to {@code namespace}; defined on first use. */
    private CodeBlock unionMapping(UnionType union, String namespace) {
        UnionKey key = new UnionKey(union.name(), namespace);
        String constant = constants.get(key);
        if (constant != null) {
            return building.contains(key) ? CodeBlock.of("() -> $T.$N", className, constant)
                    : CodeBlock.of("$N", constant);
        }
        constant = unique(GeneratedNames.constant(union.name().simpleName()) + "_UNION");
        constants.put(key, constant);
        building.add(key);
        ClassName iface = GeneratedNames.type(union.name());
        CodeBlock.Builder code = CodeBlock.builder();
        List<XmlTreeShape.Alternative> alternatives = shape.alternatives(union, namespace);
        if (union.fromAbstract()) {
            code.add("$T.<$T>extensions($S, $N)\n", UNION_MAPPING, iface, union.name().simpleName(),
                    namespaceConstant(namespace)).indent().indent();
            for (XmlTreeShape.Alternative alternative : alternatives) {
                RecordType extension = alternative.extension();
                code.add(".record($S, $S,$W$L,$W$T.class)\n", alternative.field().name(), alternative.element(),
                        recordMapping(extension.name(), true), GeneratedNames.type(extension.name()));
                if (alternative.namespace() != null) {
                    code.add(".namespace($N)\n", namespaceConstant(alternative.namespace()));
                }
            }
        } else {
            ClassName bean = GeneratedNames.bean(union.name());
            code.add("$T.<$T, $T>builder($S, $N, $T::new, $T::which)\n", UNION_MAPPING, iface, bean,
                    union.name().simpleName(), namespaceConstant(namespace), bean, iface).indent().indent();
            for (XmlTreeShape.Alternative alternative : alternatives) {
                Field field = alternative.field();
                Encoding type = alternative.encoding();
                CodeBlock accessors = CodeBlock.of("$T::$L,$W$T::$L", bean, GeneratedNames.setter(field), iface,
                        GeneratedNames.getter(field));
                String method = alternative.kind().method(false);
                switch (alternative.kind()) {
                    case ANY -> code.add(".any($S,$W$L)\n", field.name(), accessors);
                    case UNION, UNIONS -> code.add(".$L($S,$W$L,$W$L)\n", method, field.name(),
                            unionMapping(XmlTreeShape.union(type), alternative.unionNamespace()), accessors);
                    case INLINE, INLINES -> code.add(".$L($S,$W$L,$W$L)\n", method, field.name(),
                            recordMapping(XmlTreeShape.nested(type), false), accessors);
                    case RECORD, RECORDS -> code.add(".$L($S, $S,$W$L,$W$L)\n", method, field.name(),
                            alternative.element(), recordMapping(XmlTreeShape.nested(type), true), accessors);
                    default -> code.add(".$L($S, $S,$W$L,$W$L)\n", method, field.name(), alternative.element(),
                            textValue(field, type), accessors);
                }
                if (alternative.namespace() != null) {
                    code.add(".namespace($N)\n", namespaceConstant(alternative.namespace()));
                }
            }
        }
        code.add(".build()").unindent().unindent();
        building.remove(key);
        mappingFields.add(FieldSpec.builder(ParameterizedTypeName.get(UNION_MAPPING, iface), constant,
                        Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The elements that stand for a {@link $T}$L.\n", iface,
                        union.fromAbstract() ? ": those of its concrete extensions" : ", one per alternative")
                .initializer(code.build())
                .build());
        return CodeBlock.of("$N", constant);
    }

    /** The text value of a value field or alternative (or of its list's items). */
    private CodeBlock textValue(Field field, Encoding encoding) {
        String format = XmlRecordBinding.format(field);
        Encoding type = encoding instanceof Encoding.ListOf list ? list.element() : encoding;
        TypeName javaType = encoding instanceof Encoding.ListOf ? JavaTypes.naturalType(type)
                : JavaTypes.valueType(field, encoding);
        if (type instanceof Encoding.Enumeration ref) {
            EnumType enumType = ref.type();
            if (XmlRecordBinding.renamesConstants(enumType)) {
                CodeBlock names = XmlRecordBinding.constantNames(enumType).stream().map(n -> CodeBlock.of("$S", n))
                        .collect(CodeBlock.joining(",$W"));
                return CodeBlock.of("$T.enumeration($T.values(),$W$L)", TextValueCode.TEXT_VALUES,
                        GeneratedNames.type(ref.name()), names);
            }
        }
        return TextValueCode.of(type, javaType, format);
    }
}
