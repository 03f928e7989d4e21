package dev.sdo.benchmarks.peers;

import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;

/** Finds the codecs by name; the FlatBuffers one exists only when the build had {@code flatc}. */
public final class TradeCodecs {
    /** The FlatBuffers codec's class, compiled only by the {@code flatbuffers} Maven profile. */
    static final String FLATBUFFERS_CLASS = "dev.sdo.benchmarks.peers.FlatBuffersCodec";

    private TradeCodecs() {
    }

    /** Prints the codecs in this build, comma-separated, for {@code run.sh}'s {@code -p codec=...}. */
    public static void main(String[] args) {
        System.out.println(String.join(",", available()));
    }

    /** A new codec called {@code name}; throws naming the known ones if there is none such. */
    public static TradeCodec create(String name) {
        return switch (name) {
            case "sdo" -> new SdoCodec();
            case "sbe" -> new SbeCodec();
            case "protobuf" -> new ProtobufCodec();
            case "kryo" -> new KryoCodec();
            case "java" -> new JavaSerialisationCodec();
            case "bean" -> new BeanCopyCodec();
            case "flatbuffers" -> flatBuffers();
            default -> throw new IllegalArgumentException("unknown codec '" + name + "'; known: " + available());
        };
    }

    /** The names of the codecs in this build, SDO first. */
    public static List<String> available() {
        List<String> names = new ArrayList<>(List.of("sdo", "sbe", "protobuf", "kryo", "java", "bean"));
        if (flatBuffersPresent()) {
            names.add(2, "flatbuffers");
        }
        return names;
    }

    static boolean flatBuffersPresent() {
        try {
            Class.forName(FLATBUFFERS_CLASS);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private static TradeCodec flatBuffers() {
        try {
            return (TradeCodec) Class.forName(FLATBUFFERS_CLASS).getConstructor().newInstance();
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("this build has no FlatBuffers codec: install flatc "
                    + "(apt-get install flatbuffers-compiler) and rebuild", e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create the FlatBuffers codec", e instanceof
                    InvocationTargetException ite ? ite.getCause() : e);
        }
    }
}
