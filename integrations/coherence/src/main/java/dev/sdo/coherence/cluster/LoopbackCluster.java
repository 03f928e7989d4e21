package dev.sdo.coherence.cluster;

import com.tangosol.net.CacheService;
import com.tangosol.net.Coherence;
import com.tangosol.net.DistributedCacheService;
import com.tangosol.net.NamedCache;
import com.tangosol.net.Session;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A small Coherence cluster on 127.0.0.1 only: storage members in their own JVMs ({@link StorageMember}) and this
 * JVM as a storage-disabled member (Coherence's classic "client"). Well-known addresses on loopback, no multicast,
 * a unique cluster name and a free port, so that it neither finds nor disturbs any other cluster. The child JVMs
 * stop when this one closes the cluster, dies, or their lifetime runs out.
 *
 * <p>Coherence reads its cluster settings once per JVM: start the cluster before anything else in the JVM uses
 * Coherence, and only once.
 */
public final class LoopbackCluster implements AutoCloseable {
    private static final String LOOPBACK = "127.0.0.1";

    private final List<Process> members;
    private final Coherence client;

    private LoopbackCluster(List<Process> members, Coherence client) {
        this.members = members;
        this.client = client;
    }

    /**
     * Starts {@code storageMembers} storage JVMs and joins them from this JVM, waiting until every distributed
     * service named in {@code services} has all of them as storage members.
     *
     * @param cacheConfig a cache configuration resource on the class path
     * @param memberHeap the storage members' {@code -Xmx}, e.g. {@code "256m"}
     * @param lifetime how long the storage members may live at most
     * @param logDirectory where each storage member's output goes ({@code member-N.log})
     */
    public static LoopbackCluster start(String cacheConfig, int storageMembers, String memberHeap, Duration lifetime,
                                        Path logDirectory, String... services) throws Exception {
        return start(cacheConfig, System.getProperty("java.class.path"), storageMembers, memberHeap, lifetime,
                logDirectory, services);
    }

    /**
     * {@link #start(String, int, String, Duration, Path, String...)} with storage members on their own class path,
     * e.g. one without the generated classes, to show that they need none.
     *
     * @param memberClassPath the storage members' class path; it must hold Coherence and this class's package
     */
    public static LoopbackCluster start(String cacheConfig, String memberClassPath, int storageMembers,
                                        String memberHeap, Duration lifetime, Path logDirectory, String... services)
            throws Exception {
        Map<String, String> properties = clusterProperties(cacheConfig);
        Files.createDirectories(logDirectory);
        List<Process> members = new ArrayList<>();
        CountDownLatch ready = new CountDownLatch(storageMembers);
        try {
            for (int i = 1; i <= storageMembers; i++) {
                members.add(startMember(properties, memberClassPath, memberHeap, lifetime,
                        logDirectory.resolve("member-" + i + ".log"), ready));
            }
            if (!ready.await(lifetime.toSeconds(), TimeUnit.SECONDS)) {
                throw new IllegalStateException("storage members did not start within " + lifetime.toSeconds()
                        + " s; see " + logDirectory);
            }
            properties.forEach(System::setProperty);
            System.setProperty("coherence.distributed.localstorage", "false");
            Coherence client = Coherence.clusterMember();
            client.start().get(2, TimeUnit.MINUTES);
            String joined = client.getCluster().getClusterName();
            if (!joined.equals(properties.get("coherence.cluster"))) {
                client.close();
                throw new IllegalStateException("this JVM joined cluster " + joined + ", not the loopback cluster:"
                        + " Coherence was used in this JVM before LoopbackCluster.start and kept its settings");
            }
            LoopbackCluster cluster = new LoopbackCluster(members, client);
            cluster.awaitStorage(services, storageMembers, Duration.ofMinutes(1));
            return cluster;
        } catch (Exception | Error e) {
            members.forEach(LoopbackCluster::stop);
            throw e;
        }
    }

    /** The system properties every member gets: loopback only, no multicast, a unique name, a free port. */
    private static Map<String, String> clusterProperties(String cacheConfig) throws IOException {
        String port = Integer.toString(freePort());
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("coherence.cluster", "sdo-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
        properties.put("coherence.wka", LOOPBACK);
        properties.put("coherence.clusterport", port);
        properties.put("coherence.wka.port", port);
        properties.put("coherence.localhost", LOOPBACK);
        properties.put("coherence.ttl", "0");
        properties.put("coherence.cacheconfig", cacheConfig);
        properties.put("coherence.log.level", "3");
        properties.put("java.net.preferIPv4Stack", "true");
        return properties;
    }

    /** A port free for both TCP and UDP on loopback, as Coherence's unicast listener uses both. */
    private static int freePort() throws IOException {
        InetAddress loopback = InetAddress.getByName(LOOPBACK);
        for (int attempt = 0; attempt < 50; attempt++) {
            int port;
            try (ServerSocket socket = new ServerSocket(0, 1, loopback)) {
                port = socket.getLocalPort();
            }
            try (DatagramSocket udp = new DatagramSocket(new InetSocketAddress(loopback, port))) {
                return port;
            } catch (IOException taken) {
                // try another
            }
        }
        throw new IOException("no port free for both TCP and UDP on " + LOOPBACK);
    }

    private static Process startMember(Map<String, String> properties, String classPath, String heap,
                                       Duration lifetime, Path log, CountDownLatch ready) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + heap);
        command.add("-XX:+UseParallelGC");
        properties.forEach((name, value) -> command.add("-D" + name + "=" + value));
        command.add("-Dcoherence.distributed.localstorage=true");
        command.add("-cp");
        command.add(classPath);
        command.add(StorageMember.class.getName());
        command.add(Long.toString(lifetime.toSeconds()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        Thread drain = new Thread(() -> copyOutput(process, log, ready), "drain-" + log.getFileName());
        drain.setDaemon(true);
        drain.start();
        return process;
    }

    /** Copies a member's output to its log, counting down {@code ready} when the member says it is ready. */
    private static void copyOutput(Process process, Path log, CountDownLatch ready) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
             PrintWriter out = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8), true)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                out.println(line);
                if (line.equals(StorageMember.READY)) {
                    ready.countDown();
                }
            }
        } catch (IOException e) {
            // the member was stopped while we read: its output simply ends here
        }
    }

    private void awaitStorage(String[] services, int storageMembers, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (String name : services) {
            CacheService service = (CacheService) client.getCluster().getService(name);
            if (!(service instanceof DistributedCacheService distributed)) {
                throw new IllegalStateException("no distributed service " + name + " in this cluster");
            }
            while (distributed.getOwnershipEnabledMembers().size() < storageMembers) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("service " + name + " has "
                            + distributed.getOwnershipEnabledMembers().size() + " storage members, expected "
                            + storageMembers);
                }
                TimeUnit.MILLISECONDS.sleep(100);
            }
        }
    }

    /** The session of this JVM's member. */
    public Session session() {
        return client.getSession();
    }

    /** A cache of this cluster, as the cache configuration maps its name. */
    public <K, V> NamedCache<K, V> cache(String name) {
        return session().getCache(name);
    }

    /**
     * The CPU time the storage member JVMs have used so far, all their threads together, as the operating system
     * counts it (in nanoseconds on Linux, see {@link ProcessCpuTime}); zero for a member whose count the system does
     * not report. The difference over many queries is what they cost the storage members, whatever else runs on the
     * machine.
     */
    public Duration memberCpuTime() {
        return members.stream().map(member -> ProcessCpuTime.of(member.toHandle()))
                .reduce(Duration.ZERO, Duration::plus);
    }

    /** The number of storage member JVMs still running. */
    public long runningMembers() {
        return members.stream().filter(Process::isAlive).count();
    }

    /** Leaves the cluster and stops every storage member JVM (forcibly if it does not stop within 10 s). */
    @Override
    public void close() {
        try {
            client.close();
        } finally {
            members.forEach(LoopbackCluster::stop);
        }
    }

    private static void stop(Process member) {
        member.destroy();
        try {
            if (!member.waitFor(10, TimeUnit.SECONDS)) {
                member.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            member.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
