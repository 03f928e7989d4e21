package dev.sdo.benchmarks.peers;

import dev.sdo.benchmarks.trade.TradeBean;

/**
 * One way of turning a trade into bytes and back, so that every peer is measured by the same benchmark code on
 * the same trades. A codec keeps the bytes of its last {@link #encode} so {@link #decode} has something to read.
 */
public interface TradeCodec {
    /** The name used in benchmark parameters and reports. */
    String name();

    /** Encodes {@code trade} into the codec's reusable buffer and returns the number of bytes it took. */
    int encode(TradeBean trade);

    /** Decodes the last encoded bytes into the codec's readable form (a flyweight, a message or a bean). */
    Object decode();

    /**
     * Decodes the last encoded bytes and reads every field the way a user of that codec would, folding the
     * values into one number so that nothing can be optimised away.
     */
    long decodeAndReadAll();
}
