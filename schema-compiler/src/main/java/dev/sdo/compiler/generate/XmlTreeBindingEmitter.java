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
import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.Encoding;
import dev.sdo.compiler.layout.FieldLayout;
import dev.sdo.compiler.model.EnumType;
import dev.sdo.compiler.model.Field;
import dev.sdo.compiler.model.QualifiedName;
import dev.sdo.compiler.model.RecordType;
import dev.sdo.compiler.model.UnionType;
import dev.sdo.compiler.model.XmlOptions;
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
 * <p>Namespaces: a record's elements are in its own {@code @xml(namespace)}, or else in the namespace of the record
 * at the top; a field a record has from its base is in the base's; a field's (or alternative's)
 * {@code @xml(namespace)} overrides both. Attributes are in no namespace unless they say so.
 */
final class XmlTreeBindingEmitter {
    private static final ClassName TREE_BINDING = ClassName.get(XmlTreeBinding.class);
    private static final ClassName MAPPING = ClassName.get(XmlRecordMapping.class);
    private static final ClassName UNION_MAPPING = ClassName.get(XmlUnionMapping.class);

    private final CodecModel model;
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
     * binding of a record that holds it: a record bound as a tree that names its namespace, so that its elements'
     * namespace does not depend on the record at the top. Without this, each binding would build the mappings of
     * all the records it reaches again (an FpML message reaches a thousand).
     */
    private boolean sharesMapping(RecordType mapped) {
        return !mapped.isAbstract() && XmlOptions.of(mapped).declared()
                && XmlRecordBinding.recordNamespace(mapped).isPresent()
                && !XmlRecordBinding.flat(model.record(mapped));
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

    /** The namespace of a record's own elements: its {@code @xml(namespace)}, else the top record's. */
    private String namespaceOf(RecordType mapped) {
        return XmlRecordBinding.recordNamespace(mapped).orElse(topNamespace);
    }

    /** The record that declares field {@code index} of {@code mapped}: a base's fields come first. */
    private RecordType declaring(RecordType mapped, int index) {
        RecordType declaring = mapped;
        while (declaring.base() != null) {
            RecordType base = model.record(declaring.base()).record();
            if (index >= base.fields().size()) {
                break;
            }
            declaring = base;
        }
        return declaring;
    }

    /** The concrete record an alternative of a union made from an abstract record holds. */
    private RecordType extension(Field alternative) {
        return ((Encoding.Nested) model.encoding(alternative)).record();
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
        String namespace = namespaceOf(mapped);
        CodeBlock.Builder code = CodeBlock.builder()
                .add("$T.<$T, $T>builder($T::new, $N)\n", MAPPING, iface, bean, bean, namespaceConstant(namespace))
                .indent().indent();
        List<FieldLayout> fields = model.record(mapped).fields();
        for (int i = 0; i < fields.size(); i++) {
            FieldLayout placed = fields.get(i);
            Field field = placed.field();
            String fieldNamespace = XmlRecordBinding.fieldNamespace(field).orElse(null);
            String declared = namespaceOf(declaring(mapped, i));
            if (fieldNamespace == null && !XmlRecordBinding.attribute(field) && !declared.equals(namespace)) {
                fieldNamespace = declared;
            }
            String alternatives = fieldNamespace != null ? fieldNamespace : declared;
            code.add(".$L\n", member(placed, alternatives, bean, iface));
            if (fieldNamespace != null) {
                code.add(".namespace($N)\n", namespaceConstant(fieldNamespace));
            }
            Encoding element = placed.encoding() instanceof Encoding.ListOf l ? l.element() : placed.encoding();
            if (!(element instanceof Encoding.Union)) {
                XmlRecordBinding.formerName(field).ifPresent(former -> code.add(".formerName($S)\n", former));
            }
            if (field.defaultValue() != null) {
                code.add(".byDefault($L)\n", DefaultCode.value(placed));
            }
        }
        return code.add(".build()").unindent().unindent().build();
    }

    /** The builder call that adds {@code field}, whose union's alternatives default to {@code namespace}. */
    private CodeBlock member(FieldLayout placed, String namespace, ClassName bean, ClassName iface) {
        Field field = placed.field();
        Encoding type = placed.encoding();
        boolean list = type instanceof Encoding.ListOf;
        Encoding element = type instanceof Encoding.ListOf l ? l.element() : type;
        CodeBlock accessors = CodeBlock.of("$T::$L,$W$T::$L", bean, GeneratedNames.setter(field), iface, GeneratedNames.getter(field));
        String kind;
        CodeBlock arguments;
        if (XmlRecordBinding.any(field)) {
            kind = list ? "anys" : "any";
            arguments = CodeBlock.of("$S,$W$L", field.name(), accessors);
        } else if (XmlRecordBinding.text(field)) {
            kind = "text";
            arguments = CodeBlock.of("$S,$W$L,$W$L", field.name(), textValue(field, type), accessors);
        } else if (element instanceof Encoding.Union union) {
            kind = list ? "unions" : "union";
            arguments = CodeBlock.of("$S,$W$L,$W$L", field.name(),
                    unionMapping(union.union(), namespace), accessors);
        } else if (element instanceof Encoding.Nested nested && XmlRecordBinding.inline(field)) {
            kind = list ? "inlines" : "inline";
            arguments = CodeBlock.of("$S,$W$L,$W$L", field.name(), recordMapping(nested.name(), false), accessors);
        } else if (element instanceof Encoding.Nested nested) {
            kind = list ? "records" : "record";
            arguments = CodeBlock.of("$S, $S,$W$L,$W$L", field.name(), XmlRecordBinding.name(field),
                    recordMapping(nested.name(), true), accessors);
        } else {
            kind = list ? "values" : XmlRecordBinding.attribute(field) ? "attribute" : "value";
            arguments = CodeBlock.of("$S, $S,$W$L,$W$L", field.name(), XmlRecordBinding.name(field),
                    textValue(field, type), accessors);
        }
        return CodeBlock.of("$L($L)", field.optional() ? "optional" + GeneratedNames.capitalized(kind) : kind, arguments);
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
        if (union.fromAbstract()) {
            code.add("$T.<$T>extensions($S, $N)\n", UNION_MAPPING, iface, union.name().simpleName(),
                    namespaceConstant(namespace)).indent().indent();
            // Extensions named by their own @xml(name) first: an element that another one's record name would
            // give too (a type that has an element of its own, in an XML Schema) reads as theirs.
            List<Field> ordered = new ArrayList<>(union.alternatives());
            ordered.sort(java.util.Comparator.comparing(a -> !XmlRecordBinding.extensionNamed(extension(a))));
            for (Field alternative : ordered) {
                RecordType extension = extension(alternative);
                code.add(".record($S, $S,$W$L,$W$T.class)\n", alternative.name(),
                        XmlRecordBinding.extensionElement(extension), recordMapping(extension.name(), true),
                        GeneratedNames.type(extension.name()));
                XmlRecordBinding.recordNamespace(extension).filter(ns -> !ns.equals(namespace))
                        .ifPresent(ns -> code.add(".namespace($N)\n", namespaceConstant(ns)));
            }
        } else {
            ClassName bean = GeneratedNames.bean(union.name());
            code.add("$T.<$T, $T>builder($S, $N, $T::new, $T::which)\n", UNION_MAPPING, iface, bean,
                    union.name().simpleName(), namespaceConstant(namespace), bean, iface).indent().indent();
            for (Field declared : union.alternatives()) {
                // As the union's interface has it: every alternative may be null.
                Field alternative = new Field(declared.name(), declared.type(), true, declared.javaOverride(),
                        declared.javaOverridePosition(), declared.since(), declared.annotations(), declared.doc(),
                        declared.position());
                Encoding type = model.encoding(declared);
                Encoding element = type instanceof Encoding.ListOf l ? l.element() : type;
                CodeBlock accessors = CodeBlock.of("$T::$L,$W$T::$L", bean, GeneratedNames.setter(alternative), iface,
                        GeneratedNames.getter(alternative));
                String name = XmlRecordBinding.name(alternative);
                if (XmlRecordBinding.any(alternative)) {
                    code.add(".any($S,$W$L)\n", alternative.name(), accessors);
                } else if (element instanceof Encoding.Union inner) {
                    // No element of its own: the inner union's alternatives' elements, in this one's namespace.
                    code.add(".$L($S,$W$L,$W$L)\n", type instanceof Encoding.ListOf ? "unions" : "union", alternative.name(),
                            unionMapping(inner.union(),
                                    XmlRecordBinding.fieldNamespace(alternative).orElse(namespace)), accessors);
                    continue;
                } else if (element instanceof Encoding.Nested nested && XmlRecordBinding.inline(alternative)) {
                    code.add(".$L($S,$W$L,$W$L)\n", type instanceof Encoding.ListOf ? "inlines" : "inline", alternative.name(),
                            recordMapping(nested.name(), false), accessors);
                } else if (element instanceof Encoding.Nested nested) {
                    code.add(".$L($S, $S,$W$L,$W$L)\n", type instanceof Encoding.ListOf ? "records" : "record",
                            alternative.name(), name, recordMapping(nested.name(), true), accessors);
                } else {
                    code.add(".$L($S, $S,$W$L,$W$L)\n", type instanceof Encoding.ListOf ? "values" : "value",
                            alternative.name(), name, textValue(alternative, type), accessors);
                }
                XmlRecordBinding.fieldNamespace(alternative)
                        .ifPresent(ns -> code.add(".namespace($N)\n", namespaceConstant(ns)));
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
