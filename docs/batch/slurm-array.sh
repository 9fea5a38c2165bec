#!/bin/bash
# A SLURM job array running a batch manifest in 8 shards: task k (1..8) runs `batch --shard k/8`.
# Submit from a folder on the cluster's shared file system holding sensorsim.jar, the manifest and its scenario:
#   sbatch docs/batch/slurm-array.sh
# A task that fails or is preempted can be resubmitted alone (sbatch --array=K ...): it skips finished variations.
#SBATCH --job-name=sensorsim-fog-seeds
#SBATCH --array=1-8
#SBATCH --cpus-per-task=2
#SBATCH --mem=6G
#SBATCH --time=02:00:00
#SBATCH --output=logs/sensorsim-%A-%a.log
set -euo pipefail
java -Xmx4g -jar sensorsim.jar batch batches/fog-seeds.yaml --out out/fog-seeds \
  --shard "${SLURM_ARRAY_TASK_ID}/${SLURM_ARRAY_TASK_COUNT}" --jobs 1 --threads "${SLURM_CPUS_PER_TASK}"
