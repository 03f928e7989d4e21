#!/usr/bin/env bash
# Times a no-op incremental build of the examples module (which runs the sdo-maven-plugin): builds once so that
# everything is up to date, then times the same build again. Writes {"command":..., "seconds":...} to $1.
set -euo pipefail
output="${1:?usage: noop-build.sh OUTPUT.json}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
command=(mvn -B -q -o -pl examples -am package -DskipTests)
cd "$root"
"${command[@]}" > /dev/null
start=$(date +%s%N)
"${command[@]}" > /dev/null
end=$(date +%s%N)
millis=$(( (end - start) / 1000000 ))
printf '{"command": "%s", "seconds": %d.%03d}\n' "${command[*]}" $((millis / 1000)) $((millis % 1000)) > "$output"
cat "$output"
