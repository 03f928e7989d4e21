package dev.sdo.compiler.xsd;

/** A particle's {@code minOccurs} and {@code maxOccurs} ({@link #UNBOUNDED} for {@code unbounded}). */
record Occurs(int min, int max) {
    static final int UNBOUNDED = Integer.MAX_VALUE;

    static Occurs of(XmlNode particle) {
        int min = count(particle, "minOccurs");
        String max = particle.attribute("maxOccurs", "1").strip();
        return new Occurs(min, max.equals("unbounded") ? UNBOUNDED : count(particle, "maxOccurs"));
    }

    private static int count(XmlNode particle, String attribute) {
        String value = particle.attribute(attribute, "1").strip();
        try {
            int count = Integer.parseInt(value);
            if (count >= 0) {
                return count;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw XsdException.at(particle, attribute + " must be a count, not \"" + value + "\"");
    }

    /** Exactly once. */
    boolean single() {
        return min == 1 && max == 1;
    }

    /** More than once: a list. */
    boolean repeated() {
        return max > 1;
    }

    /** At most once, possibly not at all: optional. */
    boolean optional() {
        return min == 0 && max == 1;
    }

    /** This particle's occurrences inside one that occurs {@code outer}: both must allow it. */
    Occurs within(Occurs outer) {
        long max = (long) this.max * outer.max;
        return new Occurs(this.min * outer.min, max >= UNBOUNDED ? UNBOUNDED : (int) max);
    }

    /** The type as a field holds it: a list when repeated. */
    String wrap(String type) {
        return repeated() ? "list<" + type + ">" : type;
    }
}
