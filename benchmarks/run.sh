#!/usr/bin/env bash
# Runs the whole benchmark suite and writes the README's tables and charts.
#
#   benchmarks/run.sh short   about 15 minutes on 2 cores: 1 fork, short iterations (results/short/)
#   benchmarks/run.sh long    for publication: 3 forks, long iterations, 10 million trades too (results/long/)
#
# Needs only a JDK 17+ and Maven; with /usr/bin/flatc installed the FlatBuffers peer is built and run too.
# Steps: build the shaded jar, JMH with -prof gc (jmh*.json), sizes (sizes.json), heap kept and GC pauses in
# separate JVMs (heap.json), a no-op incremental Maven build (noop-build.json), then ReportWriter into README.md.
# Extra arguments go to JMH, e.g. `run.sh short PeerBenchmark` to run only the peers.
set -euo pipefail

mode="${1:-short}"
shift || true
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
jar="$here/target/benchmarks.jar"
results="$here/results/$mode"

case "$mode" in
  short)
    jmh_options=(-f 1 -wi 2 -w 500ms -i 3 -r 1s)
    heap_counts=(1000000 10000000)
    ;;
  long)
    jmh_options=(-f 3 -wi 5 -w 2s -i 10 -r 2s -p tradeCount=1000000,10000000)
    heap_counts=(1000000 10000000)
    ;;
  *)
    echo "usage: $0 short|long [JMH arguments]" >&2
    exit 2
    ;;
esac

echo "== building $jar"
(cd "$root" && mvn -B -q -pl benchmarks -am package -DskipTests)
mkdir -p "$results"

codecs="$(java -cp "$jar" dev.sdo.benchmarks.peers.TradeCodecs)"
jmh() {
  local name="$1"
  shift
  java -jar "$jar" -p codec="$codecs" -prof gc -rf json -rff "$results/$name.json" "$@" | tee "$results/$name.log"
}
rm -f "$results"/jmh*.json "$results"/jmh*.log
echo "== JMH ($mode), peers: $codecs"
if [ $# -gt 0 ]; then
  jmh jmh "${jmh_options[@]}" "$@"
elif [ "$mode" = short ]; then
  # Serialisation (Java's above all) needs seconds of warm-up to reach its steady state; the rest does not, and
  # giving everything that warm-up would not fit the short mode's 15 minutes.
  serialisation='SerializationBenchmark|PeerBenchmark'
  jmh jmh "${jmh_options[@]}" -e "$serialisation"
  jmh jmh-serialisation -f 1 -wi 5 -w 1s -i 3 -r 1s "$serialisation"
else
  jmh jmh "${jmh_options[@]}"
fi

echo "== sizes"
java -Djdk.attach.allowAttachSelf=true --add-opens java.base/jdk.internal.misc=ALL-UNNAMED -cp "$jar" dev.sdo.benchmarks.SizeReport "$results/sizes.json"

echo "== heap kept and GC pauses, one JVM per case, same heap"
rm -f "$results/heap.json"
for count in "${heap_counts[@]}"; do
  for kind in beans batch; do
    java -Xms6g -Xmx6g -XX:+UseG1GC -cp "$jar" dev.sdo.benchmarks.HeapReport "$kind" "$count" "$results/heap.json"
  done
done

echo "== no-op incremental build"
"$here/scripts/noop-build.sh" "$results/noop-build.json"

printf '{"mode": "%s", "seconds": %d, "cpus": %d}\n' "$mode" "$SECONDS" "$(nproc 2>/dev/null || echo 0)" \
  > "$results/run.json"

echo "== report"
java -cp "$jar" dev.sdo.benchmarks.report.ReportWriter "$results" "$here/README.md"
