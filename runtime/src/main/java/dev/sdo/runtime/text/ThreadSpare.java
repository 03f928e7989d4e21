package dev.sdo.runtime.text;

import java.util.function.Supplier;

/**
 * One spare object per thread, for work that uses its object only while it runs (a document's write): taken by the
 * next such work on the thread, or made anew when none is spare (the first time, or while another holds it, as a
 * write nested in a write does), and given back when the work is done.
 *
 * @param <T> the object: buffers, stacks, views
 */
final class ThreadSpare<T> {
    private final ThreadLocal<T> spare = new ThreadLocal<>();
    private final Supplier<T> fresh;

    ThreadSpare(Supplier<T> fresh) {
        this.fresh = fresh;
    }

    /** The thread's spare object, which is then no longer spare, or a new one. */
    T take() {
        T taken = spare.get();
        if (taken == null) {
            return fresh.get();
        }
        spare.set(null);
        return taken;
    }

    /** Makes {@code done} the thread's spare object again. */
    void give(T done) {
        spare.set(done);
    }
}
