#!/usr/bin/env bash
# The GPU device checks: run on a machine with an NVIDIA GPU, from the repository's root, after a build
# (mvn -DskipTests install). Writes everything into OUT (default out/device-check):
#   gpu.txt          the GPU, driver and CUDA version (nvidia-smi), the CPU and the JVM
#   junit/           the GPU bundle's tests run on the device (JUnit XML), tests.txt their summary; among them
#                    GpuPipelineTest, the lidar pipeline's kernels against the Java pipeline (the *OnHostTest
#                    classes, the same code compiled for the CPU, run in the build instead)
#   gpu-bench.txt    GpuBenchmark: closest hit Grays/s on scene v1 (end to end and kernel alone, by CUDA events),
#                    where one query's time goes, the lidar's trace stage on the GPU in Mrays/s against Java on 1 and
#                    all threads, and its trace, divergence and selection stages with only the returns brought back, upload and update cost with 1,000 moving bodies, CPU of the same run
#   bench-gpu.json   `sensorsim bench` with the CUDA backend registered (the lidar and demo pick it: ranking 100) and
#                    the lidar section's trace stage on the GPU (--lidar-backend gpu): the OS1-128 2048x10 frames/s
#   bench-cpu.json   the same with CUDA hidden (CUDA_VISIBLE_DEVICES=""): the CPU figures of the same machine
#   ncu.txt          Nsight Compute's view of one closestHit launch, where ncu is installed
#   demo-*.txt       the README's main command from a fresh JVM, with and without the GPU; demo-same.txt: the
#                    files that differ between the two runs (none expected); demo-pipeline.txt: the demo with its
#                    lidar's trace stage on the GPU (backend: gpu), whose summary must say so
# Each step has its own time limit, cut to what is left of the script's budget (DEADLINE seconds, default 470: the
# whole check ends within 8 minutes); a failing step is reported and the next one runs, and a step the budget no longer
# reaches is reported as skipped. Exit status: non-zero when a step failed or was skipped. Variables: JAVA (default
# java), JAR (default distro/target/sensorsim.jar), JUNIT (the JUnit Platform console launcher jar; default: from the
# local Maven repository), BENCH (extra bench options), ONLY (the steps to run, e.g. "tests gpu-bench"; default all),
# DEADLINE (the budget in seconds).
set -uo pipefail
OUT=${1:-out/device-check}
JAVA=${JAVA:-java}
JAR=${JAR:-distro/target/sensorsim.jar}
JUNIT=${JUNIT:-$HOME/.m2/repository/org/junit/platform/junit-platform-console-standalone/1.14.4/junit-platform-console-standalone-1.14.4.jar}
TESTS=${TESTS:-sensor.lidar.gpu/target/test-classes}
BENCH=${BENCH:-}
mkdir -p "$OUT"
failed=0
DEADLINE=${DEADLINE:-470}
step() { # $1 name, $2 seconds, rest: command; output to $OUT/$1.txt
  local name=$1 limit=$2; shift 2
  case " ${ONLY:-$name} " in *" $name "*) ;; *) return ;; esac
  local left=$((DEADLINE - SECONDS))
  if [ "$left" -le 0 ]; then
    echo "step $name: skipped, the check's budget of $DEADLINE s is spent" | tee -a "$OUT/steps.txt"
    failed=1
    return
  fi
  [ "$limit" -le "$left" ] || limit=$left
  local t0=$SECONDS
  timeout "$limit" "$@" >"$OUT/$name.txt" 2>&1
  local rc=$?
  echo "step $name: exit $rc after $((SECONDS - t0)) s" | tee -a "$OUT/steps.txt"
  [ $rc -eq 0 ] || failed=1
}

{
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
  nvidia-smi | sed -n 3p
  lscpu | grep -E 'Model name|^CPU\(s\)'
  grep -o -w -E 'avx2|avx512f' /proc/cpuinfo | sort -u | tr '\n' ' '; echo
  "$JAVA" -version 2>&1
} >"$OUT/gpu.txt" 2>&1

# the bundles of the distribution (the GPU bundle with its embedded JCuda, the API, the CPU backend, the bench)
lib=$(mktemp -d)
if command -v unzip >/dev/null; then (cd "$lib" && unzip -q -o "$OLDPWD/$JAR" 'jar/*.jar')
else python3 -c 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); z.extractall(sys.argv[2], [n for n in z.namelist() if n.startswith("jar/")])' "$JAR" "$lib"
fi
cp=$TESTS:$(ls "$lib"/jar/*.jar | tr '\n' ':')
step tests 150 "$JAVA" -jar "$JUNIT" execute -cp "$cp" --select-package sensor.lidar.gpu \
  --exclude-classname '.*PtxInJarTest' --exclude-classname '.*OnHostTest' --reports-dir "$OUT/junit" --details=summary --disable-banner
step gpu-bench 150 "$JAVA" -Xms4g -Xmx8g -cp "$cp" sensor.lidar.gpu.GpuBenchmark 10
# shellcheck disable=SC2086
step bench-gpu 240 "$JAVA" -jar "$JAR" bench --backend cuda-bvh --lidar-backend gpu --json "$OUT/bench-gpu.json" $BENCH
# Nsight Compute, where present: the first closestHit launch's speed-of-light and occupancy sections
if command -v ncu >/dev/null; then
  step ncu 150 ncu --target-processes all -k closestHit -c 1 --section SpeedOfLight --section Occupancy \
    --section LaunchStats "$JAVA" -Xmx8g -cp "$cp" sensor.lidar.gpu.GpuBenchmark 1
fi
work=$(mktemp -d)
step demo-gpu 90 "$JAVA" -jar "$JAR" run distro/scenarios/demo.yaml --out "$work/gpu"
step demo-cpu 90 env CUDA_VISIBLE_DEVICES= "$JAVA" -jar "$JAR" run distro/scenarios/demo.yaml --out "$work/cpu"
# the same files from both runs: the GPU's hits equal the CPU's bit for bit (the manifest holds timings)
step demo-same 60 diff -r -q -x run-manifest.json "$work/gpu" "$work/cpu"
# the demo with its lidar's trace stage on the GPU: backend gpu stops the run unless the GPU ran it
sed 's/^\(      mode: 1024x10\)$/\1\n      backend: gpu/' distro/scenarios/demo.yaml > distro/scenarios/demo-gpu-pipeline.yaml
step demo-pipeline 90 "$JAVA" -jar "$JAR" run distro/scenarios/demo-gpu-pipeline.yaml --out "$work/pipeline"
if [ -f "$OUT/demo-pipeline.txt" ] && ! grep -q "trace stage on the GPU" "$OUT/demo-pipeline.txt"; then
  echo "demo-pipeline: the summary names no GPU trace stage" | tee -a "$OUT/steps.txt"
  failed=1
fi
rm -f distro/scenarios/demo-gpu-pipeline.yaml
# shellcheck disable=SC2086
step bench-cpu 240 env CUDA_VISIBLE_DEVICES= "$JAVA" -jar "$JAR" bench --json "$OUT/bench-cpu.json" $BENCH
rm -rf "$lib" "$work"
exit $failed
