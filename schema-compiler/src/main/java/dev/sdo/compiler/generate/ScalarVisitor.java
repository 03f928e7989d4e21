package dev.sdo.compiler.generate;

import dev.sdo.compiler.layout.Encoding;

/**
 * A concern of values stored as one run of bits (numbers, characters, constants): a list element packed at its
 * width, a union's inline alternative. Records, unions and variable-length values never are, and are refused.
 */
abstract class ScalarVisitor<R> implements Encoding.Visitor<R> {
    @Override
    public R record(Encoding.Nested encoding) {
        throw notScalar(encoding);
    }

    @Override
    public R string(Encoding.Text encoding) {
        throw notScalar(encoding);
    }

    @Override
    public R bytes(Encoding.Blob encoding) {
        throw notScalar(encoding);
    }

    @Override
    public R list(Encoding.ListOf encoding) {
        throw notScalar(encoding);
    }

    @Override
    public R union(Encoding.Union encoding) {
        throw notScalar(encoding);
    }

    @Override
    public R bigDecimal(Encoding.AnyDecimal encoding) {
        throw notScalar(encoding);
    }

    @Override
    public R bigInteger(Encoding.AnyInteger encoding) {
        throw notScalar(encoding);
    }

    private static IllegalArgumentException notScalar(Encoding encoding) {
        return new IllegalArgumentException("not a value of one run of bits: " + encoding);
    }
}
