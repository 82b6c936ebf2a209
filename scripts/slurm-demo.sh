#!/usr/bin/env bash
# The render-farm recipe of docs/ECOSYSTEM.md#render-farms run for real: a one-node Slurm on
# localhost, configured in a temporary folder, runs the array job (`--shard K/10`) over a
# 24-frame sequence; every output frame must exist once and equal, byte for byte, what a
# single `edrcube apply` over the whole sequence writes. Slurm is stopped and the folder
# removed at the end, whatever happens.
#
#   sudo bash scripts/slurm-demo.sh [EDRCUBE]      (default .build/debug/edrcube)
#
# Needs root: it installs `slurm-wlm` and `munge` with apt when missing and runs munged,
# slurmctld and slurmd (as root, on ports 16817/16818, state in the temporary folder; nothing
# in /etc is touched). Not part of CI (.ci/run) for that reason.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "${1:-.build/debug/edrcube}")
look=$(realpath luts/warm_sdr.cube)
frames=24
shards=10
if [ "$(id -u)" != 0 ]; then
  echo "slurm-demo: run as root (it installs slurm-wlm and munge and starts their daemons)" >&2
  exit 2
fi
[ -x "$binary" ] || { echo "slurm-demo: no edrcube at $binary (swift build first)" >&2; exit 2; }
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null \
  || ! command -v munged >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends slurm-wlm munge
fi

work=$(mktemp -d /tmp/edrcube-slurm.XXXXXX)
chmod 755 "$work"
mkdir -p "$work"/{munge,state,spool,logs,plates,graded,reference}
chmod 700 "$work/munge"
stop() {
  for pidfile in "$work/slurmd.pid" "$work/slurmctld.pid" "$work/munge/munged.pid"; do
    if [ -s "$pidfile" ]; then kill "$(cat "$pidfile")" 2>/dev/null || true; fi
  done
  sleep 1
  rm -rf "$work"
}
trap stop EXIT
report() {
  echo "slurm-demo: $1; the daemons' logs:" >&2
  tail -n 20 "$work"/*.log "$work"/munge/*.log 2>/dev/null >&2 || true
  exit 1
}

# munge: a fresh key and its own socket (no system munged needed or touched).
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
socket="$work/munge/munge.socket"
munged --force --key-file="$work/munge/munge.key" --socket="$socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" \
  --seed-file="$work/munge/munged.seed" || report "munged did not start"

# Slurm: one node (this machine, all its CPUs), one partition, no cgroups, no accounting.
node=$(hostname -s)
export SLURM_CONF="$work/slurm.conf"
cat >"$SLURM_CONF" <<CONF
ClusterName=edrcube-demo
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=demo Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -c || report "slurmctld did not start"
slurmd -N "$node" || report "slurmd did not start"
for _ in $(seq 60); do
  if sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then break; fi
  sleep 1
done
sinfo -h -o '%T' | grep -qE '^(idle|mixed|allocated)' || report "the node never became idle"

# 24 frames that differ (the test chart at headroom 2, 2.25, …), 64×36 each.
for i in $(seq 0 $((frames - 1))); do
  "$binary" pattern "$work/plates/plate.$((1001 + i)).exr" --width 64 --height 36 \
    --headroom "$(awk -v i="$i" 'BEGIN { print 2 + i / 4 }')" --quiet
done
last=$((1000 + frames))

# The array job of docs/ECOSYSTEM.md#render-farms, on this sequence (one CPU per task, so that
# tasks run side by side on a small machine).
cat >"$work/job.sh" <<JOB
#!/bin/bash
#SBATCH --array=1-$shards
#SBATCH --cpus-per-task=1
#SBATCH --output=$work/logs/task-%a.out
#SBATCH --error=$work/logs/task-%a.err
"$binary" apply "$work/plates/plate.%04d.exr" --frames 1001-$last \\
  --shard \${SLURM_ARRAY_TASK_ID}/$shards --timing --threads 1 \\
  --lut "$look" -o "$work/graded/plate.%04d.exr"
JOB
start=$(date +%s)
timeout 600 sbatch --wait "$work/job.sh" || report "the array job failed or timed out"
echo "slurm-demo: the array job of $shards tasks finished in $(($(date +%s) - start)) s"

# The reference: one process, every frame.
"$binary" apply "$work/plates/plate.%04d.exr" --frames 1001-$last --lut "$look" \
  -o "$work/reference/plate.%04d.exr" --quiet

failures=0
written=$(find "$work/graded" -type f | wc -l)
if [ "$written" != "$frames" ]; then
  echo "slurm-demo: $written files in graded/, expected $frames" >&2
  failures=$((failures + 1))
fi
for frame in $(seq 1001 "$last"); do
  name="plate.$frame.exr"
  # Each frame read by exactly one task (--timing prints one read line per file, naming it at the end).
  readers=$(cat "$work"/logs/task-*.err | grep -F "($work/plates/$name)" | grep -c "^timing: read " || true)
  if [ "$readers" != 1 ]; then
    echo "slurm-demo: $name was processed $readers times" >&2
    failures=$((failures + 1))
  fi
  if ! cmp -s "$work/graded/$name" "$work/reference/$name"; then
    echo "slurm-demo: graded/$name differs from the single-process run (or is missing)" >&2
    failures=$((failures + 1))
  fi
done
if [ "$failures" != 0 ]; then report "$failures check(s) failed"; fi
echo "slurm-demo: ok: $frames frames over $shards shards, each written once, identical to one process"
