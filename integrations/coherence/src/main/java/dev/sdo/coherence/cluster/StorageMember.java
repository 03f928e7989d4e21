package dev.sdo.coherence.cluster;

import com.tangosol.net.Coherence;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.TimeUnit;

/**
 * The main class of a storage member JVM started by {@link LoopbackCluster}: a Coherence cluster member with local
 * storage, configured entirely by the system properties its parent passes. It stops by itself when its parent
 * closes its standard input (the parent ended, however it ended) or when its lifetime, the only argument, in
 * seconds, is over, so that no member outlives a test or a demo.
 */
public final class StorageMember {
    /** The line a member prints on standard output once its services run. */
    public static final String READY = "SDO-STORAGE-MEMBER-READY";
    /** Exit status when the lifetime ran out. */
    static final int EXPIRED = 3;

    private StorageMember() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: StorageMember LIFETIME_SECONDS");
            System.exit(2);
        }
        long lifetimeSeconds = Long.parseLong(args[0]);
        daemon("parent-watch", () -> {
            waitForEndOfInput(System.in);
            Runtime.getRuntime().halt(0);
        });
        daemon("lifetime", () -> {
            try {
                TimeUnit.SECONDS.sleep(lifetimeSeconds);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            System.err.println("storage member: lifetime of " + lifetimeSeconds + " s is over, stopping");
            Runtime.getRuntime().halt(EXPIRED);
        });
        Coherence coherence = Coherence.clusterMember();
        coherence.start().get(2, TimeUnit.MINUTES);
        System.out.println(READY);
        System.out.flush();
        coherence.whenClosed().join();
    }

    private static void waitForEndOfInput(InputStream in) {
        try {
            while (in.read() >= 0) {
                // the parent never writes; reading only tells us when it is gone
            }
        } catch (IOException e) {
            // a broken pipe means the same: the parent is gone
        }
    }

    private static void daemon(String name, Runnable task) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
    }
}
