#!/usr/bin/env bash
# FpML against JAXB, over every document FpML publishes for its 5.11 confirmation view (examples/fpml vendors them):
# the model sdo imports from FpML's XSD against the classes xjc generates from the same XSD.
#
#   benchmarks/fpml.sh     about 15 minutes on 2 cores; results in benchmarks/results/fpml/
#
# Steps: build the shaded jar; FpmlSizeReport (XML, SDO, and JOL's heap sizes of the JAXB objects and of sdo's
# beans) into sizes.txt; JMH with -prof gc (FpmlXmlBenchmark: XML to SDO and back against JAXB's unmarshal and
# marshal, sdo's generated and generic paths, JAXB on the JDK's parsers and on Aalto's; FpmlFieldsBenchmark: five fields of
# a trade) into jmh.json and jmh.log. Extra arguments go to JMH (-p stax=aalto, say).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
jar="$here/target/benchmarks.jar"
results="$here/results/fpml"

echo "== building $jar"
(cd "$root" && mvn -B -q -pl benchmarks -am package -DskipTests)
mkdir -p "$results"

echo "== sizes"
java -Djdk.attach.allowAttachSelf=true -cp "$jar" dev.sdo.benchmarks.fpml.FpmlSizeReport | tee "$results/sizes.txt"

echo "== JMH"
java -jar "$jar" -prof gc -rf json -rff "$results/jmh.json" "$@" '\.fpml\.' | tee "$results/jmh.log"
