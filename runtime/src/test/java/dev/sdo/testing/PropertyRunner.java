package dev.sdo.testing;

/**
 * Property tests in plain JUnit 5: a property is a method body run once per try, each try drawing its values from a
 * {@link Draw} seeded with that try's own seed. A failing try fails the test with its seed in the message, and
 * {@code -Dsdo.seed=SEED} reruns just that try (with {@code -Dtest=Class#method}), so a failure reproduces exactly.
 *
 * <p>The tries' seeds derive from a fixed base so that every build runs the same cases; {@code -Dsdo.seed.base=N}
 * explores others and {@code -Dsdo.tries.factor=K} runs K times as many. {@code -Dsdo.tries.report} prints how many
 * tries each property ran. There is no shrinking: the draws keep values small where the property allows, and
 * {@link Draw} mixes in the edge values of every range so that the corners are tried on every run.
 */
public final class PropertyRunner {
    /** The base of the tries' seeds when none is given: any fixed number would do. */
    private static final long DEFAULT_BASE = 0x5D0_2026L;

    private PropertyRunner() {
    }

    /** One try of a property: draws its values, then asserts. */
    @FunctionalInterface
    public interface Property {
        void check(Draw draw) throws Exception;
    }

    /** A property of every value of a small range. */
    @FunctionalInterface
    public interface IntProperty {
        void check(int value) throws Exception;
    }

    /** Runs {@code tries} tries of {@code property}, or only the try of {@code -Dsdo.seed} when that is set. */
    public static void forAll(int tries, Property property) {
        String only = System.getProperty("sdo.seed");
        if (only != null && !only.isBlank()) {
            runTry(Long.parseLong(only.strip()), 0, 1, property);
            report(1);
            return;
        }
        long base = Long.getLong("sdo.seed.base", DEFAULT_BASE);
        int total = tries * Integer.getInteger("sdo.tries.factor", 1);
        for (int i = 0; i < total; i++) {
            runTry(Draw.mix(base + i), i, total, property);
        }
        report(total);
    }

    /** Runs {@code body} once for each value in {@code from..to}: a property over a range small enough to try whole. */
    public static void forEach(int from, int to, IntProperty body) {
        for (int value = from; value <= to; value++) {
            try {
                body.check(value);
            } catch (AssertionError | Exception failure) {
                throw new AssertionError("property failed for " + value + ": " + failure.getMessage(), failure);
            }
        }
        report(to - from + 1);
    }

    private static void runTry(long seed, int index, int total, Property property) {
        Draw draw = new Draw(seed);
        try {
            property.check(draw);
        } catch (AssertionError | Exception failure) {
            throw new AssertionError("property failed at try " + (index + 1) + " of " + total + ", seed " + seed
                    + " (rerun it alone with -Dsdo.seed=" + seed + "); values drawn: " + draw.drawn() + "\n"
                    + failure.getMessage(), failure);
        }
    }

    private static void report(int tries) {
        if (System.getProperty("sdo.tries.report") != null) {
            StackWalker.StackFrame caller = StackWalker.getInstance().walk(frames -> frames
                    .filter(frame -> !frame.getClassName().equals(PropertyRunner.class.getName())).findFirst())
                    .orElseThrow();
            String className = caller.getClassName();
            System.out.println("property " + className.substring(className.lastIndexOf('.') + 1) + ":"
                    + caller.getMethodName() + " tries = " + tries);
        }
    }
}
