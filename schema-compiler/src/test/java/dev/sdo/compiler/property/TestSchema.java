package dev.sdo.compiler.property;

import java.util.List;

/**
 * One generated schema file: its package, its declarations (records in dependency order, nested ones first) and
 * the {@code .sdo} text that declares them.
 */
record TestSchema(String fileName, String packageName, List<TestEnum> enums, List<TestRecord> records,
        String text) {

    TestSchema {
        enums = List.copyOf(enums);
        records = List.copyOf(records);
    }
}
