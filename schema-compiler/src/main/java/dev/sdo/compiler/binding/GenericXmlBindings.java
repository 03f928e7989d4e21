package dev.sdo.compiler.binding;

import dev.sdo.compiler.layout.CodecModel;
import dev.sdo.compiler.layout.RecordLayout;
import dev.sdo.runtime.generic.PackageSchema;
import dev.sdo.runtime.generic.XmlShape;
import dev.sdo.runtime.generic.XmlShapeBinding;
import java.util.HashMap;
import java.util.Map;

/**
 * The XML tree bindings of a model's records built from the schema alone ({@link GenericXmlBinding}), those of one
 * package sharing one set of mappings, readers and encoders, over the descriptor of the package's records and its XML
 * shape, exactly as a generated package's {@code XXml} classes share theirs ({@code SdoDescriptors.SCHEMA} and
 * {@code .XML}): what {@code sdoc convert} and {@code sdoc dump} use, so that documents of many roots (FpML's) build
 * each record's mapping once. Each package's set is made when one of its records is first bound.
 */
public final class GenericXmlBindings {
    private final CodecModel model;
    /** The descriptor and the XML shape of each package, by package name. */
    private final Map<String, Shared> packages = new HashMap<>();
    private final Map<RecordLayout, GenericXmlBinding> bindings = new HashMap<>();

    /** A package's descriptor, whose mappings its records' bindings share, and its XML shape. */
    private record Shared(PackageSchema schema, XmlShape shape) {}

    private GenericXmlBindings(CodecModel model) {
        this.model = model;
    }

    /** The bindings of {@code model}'s records, none made yet. */
    public static GenericXmlBindings of(CodecModel model) {
        return new GenericXmlBindings(model);
    }

    /** The binding of {@code layout}'s records, which must be declared {@code @xml}; made once. */
    public GenericXmlBinding binding(RecordLayout layout) {
        return bindings.computeIfAbsent(layout, l -> {
            String record = l.record().name().toString();
            Shared shared = packages.computeIfAbsent(l.record().name().packageName(), this::shared);
            return new GenericXmlBinding(XmlShapeBinding.of(record, shared.shape(), shared.schema()));
        });
    }

    /**
     * The descriptor of the package's records ({@link CodecModel#packageRecords}) and its XML shape, as the generated
     * {@code SdoDescriptors} of the package embeds them.
     */
    private Shared shared(String packageName) {
        PackageSchema schema = PackageSchema.of(model.descriptorOfAll(model.packageRecords(packageName)));
        return new Shared(schema, XmlShape.of(new XmlTreeShape(model).describe(schema.schema())));
    }
}
