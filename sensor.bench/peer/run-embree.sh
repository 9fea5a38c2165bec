#!/usr/bin/env bash
# Builds and runs the Embree peer benchmark on scene v1 (docs/BENCHMARKS.md; see embree_scene_v1.cpp).
# Usage: sensor.bench/peer/run-embree.sh [--reps N] [--json FILE] [--quick]   (arguments go to the program)
# Needs g++ and Embree 3 (Debian/Ubuntu package libembree-dev, 3.13.x; installed here with apt-get if missing).
# The binary goes to sensor.bench/peer/target/ (ignored by the repository's `target/` rule).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if [[ ! -f /usr/include/embree3/rtcore.h ]]; then
    echo "Embree 3 headers missing (/usr/include/embree3/rtcore.h): installing libembree-dev with apt-get" >&2
    sudo=""
    [[ $(id -u) -ne 0 ]] && sudo="sudo"
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y libembree-dev
fi

mkdir -p "$here/target"
bin="$here/target/embree_scene_v1"
if [[ ! -x "$bin" || "$here/embree_scene_v1.cpp" -nt "$bin" ]]; then
    echo "compiling $bin" >&2
    g++ -O3 -march=native -std=c++17 -pthread -Wall -Wextra -o "$bin" "$here/embree_scene_v1.cpp" -lembree3
fi
exec "$bin" "$@"
