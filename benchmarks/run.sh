#!/usr/bin/env bash
# Runs the whole benchmark suite and writes the README's tables and charts.
#
#   benchmarks/run.sh short   about 12 minutes on 2 cores: 1 fork, short iterations (results/short/)
#   benchmarks/run.sh long    for publication, about 1 h 30 min on 2 cores (88 min on 2026-11-22): 3 forks of 10 measured 1 s
#                             iterations, 10 million trades too, 6 points of each field-position curve (results/long/)
#
# The long mode's time, from its JMH options (JVM start and @Setup add about 3 s per fork; 2026-11 counts):
#   main:          47 benchmark x param cases x 3 forks x (5 + 10) x 1 s   = 47 x 54 s  ~ 42 min
#   serialisation: 27 cases (peers x 3 + Java serialisation) x 3 forks x (10 + 10) x 1 s  = 27 x 69 s ~ 31 min
#   curves:        24 cases (2 benchmarks x 2 kinds x 6 fields) x 3 forks x 15 x 1 s     = 24 x 54 s ~ 22 min
#   memory:        4 cases x 2 forks x 4 single shots (10 million trades: about 15 s a shot)         ~  5 min
#   sizes, heap (4 JVMs), no-op build, package                                                       ~  5 min
# The short mode: 93 cases x (2 x 0.5 + 3 x 1 s) ~ 6.2 min, then 27 serialisation cases x (5 + 3) x 1 s ~ 3.6 min,
# plus JVM starts, set-ups and the steps after JMH: 11 min 10 s measured with 88 + 27 cases; the 10 added since
# (SdoEncodeBenchmark, the two TradeBatch cursor queries, WriterBenchmark's 5) take about a minute more, and 5 x 54 s
# (about 5 min) more in the long mode.
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
    jmh_options=(-f 3 -wi 5 -w 1s -i 10 -r 1s)
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
# Serialisation (Java's above all) needs seconds of warm-up to reach its steady state; the rest does not, and
# giving everything that warm-up would not fit the short mode's 15 minutes.
serialisation='SerializationBenchmark|PeerBenchmark'
# FpML against JAXB has its own script and results: fpml.sh.
fpml='\.fpml\.'
# FieldPositionBenchmark and VariableFieldPositionBenchmark: one curve is flat, the other a straight line.
curves='FieldPositionBenchmark'
if [ $# -gt 0 ]; then
  jmh jmh "${jmh_options[@]}" "$@"
elif [ "$mode" = short ]; then
  jmh jmh "${jmh_options[@]}" -e "$serialisation|$fpml"
  jmh jmh-serialisation -f 1 -wi 5 -w 1s -i 3 -r 1s "$serialisation"
else
  jmh jmh "${jmh_options[@]}" -e "$serialisation|$curves|MemoryBenchmark|$fpml"
  jmh jmh-serialisation -f 3 -wi 10 -w 1s -i 10 -r 1s "$serialisation"
  # Six points show a flat line and a straight one as well as eleven, in half the time.
  jmh jmh-curves "${jmh_options[@]}" -p field=1,4,16,64,256,1024 "$curves"
  # Single shots (each builds all the trades): two forks of one warm-up and three measured shots.
  jmh jmh-memory -f 2 -wi 1 -i 3 -p tradeCount=1000000,10000000 MemoryBenchmark
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
