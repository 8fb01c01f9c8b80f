#!/usr/bin/env bash
# A single-node Slurm cluster on this machine, for the shard tests and for trying the docs' batch
# script (docs/slurm.md). Facts it relies on: ../shared/docs/slurm-local.md.
#
#   scripts/slurm-local.sh start    install slurm-wlm + munge if missing, start munged (unless one
#                                   runs), slurmctld and slurmd; wait until the node is idle
#   scripts/slurm-local.sh stop     stop the daemons this script started (by the pids it wrote), wait
#                                   until each has exited; a munged it found running stays
#   scripts/slurm-local.sh status   whether the cluster answers
#   scripts/slurm-local.sh env      the line to source for the client commands: export SLURM_CONF=…
#
# Idempotent: start on a running cluster and stop on a stopped one do nothing and exit 0.
# Everything of the cluster's lives under $SUDOKU_LENS_SLURM_DIR (default .slurm/ in the
# repository, git-ignored): its slurm.conf, spool and state directories, logs and pid files. The
# system's /etc/slurm is not touched, and its ports are not ours (16817/16818), so a real Slurm
# installation on the machine keeps working. Needs root (the daemons run as root, as in CI).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="${SUDOKU_LENS_SLURM_DIR:-$ROOT/.slurm}"
CONF="$DIR/slurm.conf"
CTLD_PID="$DIR/slurmctld.pid"
SLURMD_PID="$DIR/slurmd.pid"
MUNGE_PID=/run/munge/munged.pid
OUR_MUNGE="$DIR/munged.started"   # present when this script started munged (and so stops it)

log() { printf '[slurm-local] %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

# Polls a condition until it holds or the deadline passes: the daemons give no event to wait on.
until_true() {
  local what="$1" seconds="$2"; shift 2
  local end=$((SECONDS + seconds))
  until "$@"; do
    [ "$SECONDS" -lt "$end" ] || return 1
    sleep 0.2
  done
  log "$what"
}

install() {
  command -v slurmctld >/dev/null && command -v munged >/dev/null && return 0
  [ "$(id -u)" = 0 ] || die "slurm-wlm and munge are not installed, and installing them needs root"
  log "installing slurm-wlm and munge (Debian packages)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq slurm-wlm munge >/dev/null
}

write_conf() {
  local cpus mem
  cpus="$(nproc)"
  mem="$(awk '/MemTotal/ { printf "%d", $2 / 1024 * 0.8 }' /proc/meminfo)"
  mkdir -p "$DIR/spool/ctld" "$DIR/spool/d" "$DIR/log"
  cat >"$CONF.new" <<EOF
# Written by scripts/slurm-local.sh: a single-node cluster for Sudoku Lens's shard tests.
ClusterName=sudokulens
SlurmctldHost=localhost
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MailProg=/bin/true
ReturnToService=2
StateSaveLocation=$DIR/spool/ctld
SlurmdSpoolDir=$DIR/spool/d
SlurmctldPidFile=$CTLD_PID
SlurmdPidFile=$SLURMD_PID
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
NodeName=localhost CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
  mv "$CONF.new" "$CONF"
}

munge_ok() { munge -n 2>/dev/null | unmunge >/dev/null 2>&1; }
node_idle() { SLURM_CONF="$CONF" sinfo -h -N -o '%t' 2>/dev/null | grep -qE '^(idle|mix|alloc)'; }

start() {
  [ "$(id -u)" = 0 ] || die "the daemons run as root; run this as root (or with sudo)"
  install
  if alive "$CTLD_PID" && alive "$SLURMD_PID" && node_idle; then
    log "already running (SLURM_CONF=$CONF)"
    return 0
  fi
  write_conf
  if ! munge_ok; then
    mkdir -p /run/munge /var/log/munge /var/lib/munge
    chown munge:munge /run/munge /var/log/munge /var/lib/munge
    [ -f /etc/munge/munge.key ] || runuser -u munge -- /usr/sbin/mungekey --create
    runuser -u munge -- /usr/sbin/munged
    touch "$OUR_MUNGE"
    until_true "munged answers" 20 munge_ok || die "munged did not start (see /var/log/munge/munged.log)"
  fi
  alive "$CTLD_PID" || slurmctld -f "$CONF" || die "slurmctld did not start (see $DIR/log/slurmctld.log)"
  alive "$SLURMD_PID" || slurmd -f "$CONF" || die "slurmd did not start (see $DIR/log/slurmd.log)"
  until_true "node idle (SLURM_CONF=$CONF)" 60 node_idle \
    || die "the node did not become idle within 60 s: $(tail -n 3 "$DIR/log/slurmctld.log" "$DIR/log/slurmd.log" 2>/dev/null)"
}

stop_pid() {
  local file="$1" name="$2"
  alive "$file" || { rm -f "$file"; return 0; }
  local pid
  pid="$(cat "$file")"
  kill "$pid"
  until_true "$name stopped" 30 bash -c "! kill -0 $pid 2>/dev/null" || { kill -9 "$pid" 2>/dev/null || true; }
  rm -f "$file"
}

stop() {
  stop_pid "$SLURMD_PID" slurmd
  stop_pid "$CTLD_PID" slurmctld
  if [ -f "$OUR_MUNGE" ]; then
    stop_pid "$MUNGE_PID" munged
    rm -f "$OUR_MUNGE"
  fi
}

status() {
  if alive "$CTLD_PID" && node_idle; then
    SLURM_CONF="$CONF" sinfo
  else
    log "not running"
    return 1
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  env) echo "export SLURM_CONF=$CONF" ;;
  *) echo "usage: $0 start|stop|status|env" >&2; exit 2 ;;
esac
