package dev.sdo.compiler.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;

/**
 * The static methods of a generated binding class that reads records into beans and writes any implementation of the
 * record's interface, over its {@code BINDING} constant: {@code XCsv} of a record with strings or blobs. It offers
 * reads (into beans, into a sink with a bad-input policy, into a new batch) and writes (a batch, any records), each
 * also for a file, as {@link BatchIoMethods} builds them for every binding class.
 *
 * @param record the record's interface
 * @param bean its bean
 * @param batch its batch
 * @param bindingType the type of {@code BINDING}
 * @param records the type of the records {@code write} takes
 * @param unit what one record is in the input, for the Javadoc: {@code row}, {@code Trade element}
 * @param format the format's name: {@code CSV}, {@code XML}
 * @param bindingUse what else the runtime binding serves, ending {@code binding()}'s Javadoc sentence
 * @param fieldNaming how an error names the field, ending the {@code @throws} sentence
 * @param writeBatch the statement that writes a batch {@code batch} to {@code out}
 * @param writeDoc {@code write}'s Javadoc
 */
record BeanBindingMethods(ClassName record, ClassName bean, ClassName batch, TypeName bindingType, TypeName records,
        String unit, String format, String bindingUse, String fieldNaming, CodeBlock writeBatch, CodeBlock writeDoc) {
    List<MethodSpec> methods() {
        List<MethodSpec> methods = new ArrayList<>();
        methods.add(BatchIoMethods.binding(bindingType, CodeBlock.of("The runtime binding, to read or write $L records $L.\n",
                record.simpleName(), bindingUse)));
        methods.addAll(BatchIoMethods.read(bean, unit, fieldNaming,
                CodeBlock.builder().addStatement("return BINDING.read(in, source)").build(),
                CodeBlock.of("Reads the $L records of {@code in} one at a time, handing each bean to {@code sink},\n"
                        + "failing at or skipping a bad $L as {@code policy} says.\n", record.simpleName(), unit),
                CodeBlock.builder().addStatement("return BINDING.read(in, source, policy, sink)").build()));
        methods.addAll(BatchIoMethods.readBatch(batch, unit,
                CodeBlock.of("Reads the $L records of {@code in} into a new batch, one bean at a time, each encoded and\n"
                        + "dropped before the next is read.\n"
                        + "\n@throws IllegalArgumentException when a record read cannot be encoded, as {@link $T#of}\n",
                        record.simpleName(), record.peerClass(record.simpleName() + GeneratedNames.SDO)),
                CodeBlock.builder()
                        .addStatement("$T batch = new $T()", batch, batch)
                        .addStatement("BINDING.read(in, source, policy, batch::add)")
                        .addStatement("return batch")
                        .build()));
        methods.addAll(BatchIoMethods.writeBatch(batch, format,
                CodeBlock.of("Writes the records of {@code batch} to {@code out} as $L.\n", format), writeBatch));
        methods.addAll(BatchIoMethods.writing("write", records, "records", writeDoc,
                CodeBlock.of("BINDING.write(records, out)"),
                CodeBlock.of("Writes {@code records} to {@code file} as $L.\n", format)));
        return methods;
    }
}
