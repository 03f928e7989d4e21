package dev.sdo.compiler.property;

import java.util.List;

/** A generated enum declaration; identity-compared on purpose (schemas share it by reference). */
final class TestEnum {
    private final String name;
    private final List<String> constants;

    TestEnum(String name, List<String> constants) {
        this.name = name;
        this.constants = List.copyOf(constants);
    }

    String name() {
        return name;
    }

    List<String> constants() {
        return constants;
    }

    @Override
    public String toString() {
        return name;
    }
}
