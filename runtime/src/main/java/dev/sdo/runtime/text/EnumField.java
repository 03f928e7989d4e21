package dev.sdo.runtime.text;

import dev.sdo.runtime.BitFields;
import dev.sdo.runtime.CorruptDataException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/** An enum field as the constant's name, exactly as declared; stored as the ordinal. */
public final class EnumField extends TextField {
    private final int width;
    private final String[] names;
    private final byte[][] nameBytes;

    /** @param names the enum's constants in declaration order */
    public EnumField(String label, long presenceBit, long offset, int width, List<String> names) {
        super(label, presenceBit, offset);
        this.width = width;
        this.names = names.toArray(String[]::new);
        this.nameBytes = names.stream().map(n -> n.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
    }

    @Override
    protected void parse(byte[] text, int start, int end, ByteBuffer record, int base) {
        for (int ordinal = 0; ordinal < nameBytes.length; ordinal++) {
            if (Arrays.equals(nameBytes[ordinal], 0, nameBytes[ordinal].length, text, start, end)) {
                BitFields.write(record, base, offset(), width, ordinal);
                return;
            }
        }
        throw invalid(text, start, end, "is no constant of the enum; allowed: " + String.join(", ", names));
    }

    @Override
    protected void format(ByteBuffer record, int base, StringBuilder out) {
        out.append(stored(record, base));
    }

    @Override
    protected String stored(ByteBuffer record, int base) {
        long ordinal = BitFields.read(record, base, offset(), width);
        if (ordinal >= names.length) {
            throw new CorruptDataException(label() + ": ordinal " + ordinal + " is beyond the enum's "
                    + names.length + " constants: a constant added by a later schema version, or damaged data");
        }
        return names[(int) ordinal];
    }
}
