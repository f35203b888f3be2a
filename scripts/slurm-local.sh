#!/usr/bin/env bash
# A one-node SLURM cluster on this machine, for testing the cluster profile (tests/test_cluster.py,
# make test-cluster). Debian's slurm-wlm 22.05 with accounting (sacct needs slurmdbd, which needs a
# MariaDB database: slurm 22.05 has no file-based accounting storage), munge for authentication.
#
#   scripts/slurm-local.sh start DIR   install the packages (root, apt) if missing, write every config,
#                                      key, database and log under DIR, start munged, mariadbd,
#                                      slurmdbd, slurmctld and slurmd in the background, record their
#                                      process ids in DIR/pids, wait until the node is idle
#   scripts/slurm-local.sh stop DIR    stop exactly the processes listed in DIR/pids
#   scripts/slurm-local.sh env DIR     print the environment the SLURM commands need (SLURM_CONF)
#
# Nothing is written outside DIR (no system service) but two symlinks, removed by stop, from the
# default paths of munge's socket and of slurm.conf to DIR's (some commands look only there); start
# refuses to run when a real munged or SLURM configuration owns those paths. The node declares SLURM_LOCAL_CPUS CPUs and SLURM_LOCAL_MEM_MB MB
# (default 8 and 65536, SlurmdParameters=config_overrides) so that the cluster profile's requests fit
# on a small machine; nothing enforces them (no cgroups), they are bookkeeping for the test.
set -euo pipefail

cmd=${1:-}
DIR=${2:-/tmp/wordgames-slurm}
CPUS=${SLURM_LOCAL_CPUS:-8}
MEM_MB=${SLURM_LOCAL_MEM_MB:-65536}
PACKAGES=(slurm-wlm slurmdbd munge mariadb-server)
NODE=$(hostname -s)
DB_PORT=${SLURM_LOCAL_DB_PORT:-3317}
BASE_PORT=${SLURM_LOCAL_PORT:-6917}   # slurmctld; slurmd +1, slurmdbd +2

die() { echo "slurm-local: $*" >&2; exit 1; }

install_packages() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  [ "$(id -u)" -eq 0 ] || die "missing ${missing[*]}: run as root (apt-get install ${missing[*]})"
  echo "slurm-local: installing ${missing[*]}" >&2
  apt-get update -qq
  # policy-rc.d or no init: the packages' own services are not started (we start ours in DIR)
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

record() { echo "$2 $1" >> "$DIR/pids"; }   # "pid name"
# Daemons run in the foreground (-D) under setsid, in the background of this script: $! is their
# process id (setsid execs them in place), and they outlive the shell that started them.

wait_for() {  # wait_for SECONDS DESCRIPTION COMMAND...
  local deadline=$((SECONDS + $1)) what=$2; shift 2
  while [ $SECONDS -lt $deadline ]; do
    timeout 10 "$@" >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  die "$what did not come up within $1 s (logs in $DIR/log)"
}

# Two default paths some commands look at and nothing else: munge's socket (sacctmgr's connection to
# slurmdbd ignores AuthInfo=socket=...) and /etc/slurm/slurm.conf (the slurm-jobstep executor drops
# every SLURM_* variable, SLURM_CONF included, before it calls srun inside a job). While the cluster
# runs they point at DIR's, unless something real owns them; stop removes them.
DEFAULT_MUNGE_SOCKET=/run/munge/munge.socket.2
DEFAULT_SLURM_CONF=/etc/slurm/slurm.conf
link_default() {  # link_default DEFAULT_PATH OUR_PATH
  local link=$1 target=$2
  if [ -e "$link" ] || [ -L "$link" ]; then
    [ "$(readlink "$link")" = "$target" ] || die "$link exists and is not ours: a real munge or SLURM setup is there"
  else
    mkdir -p "$(dirname "$link")"
    ln -s "$target" "$link"
  fi
  echo "$link $target" >> "$DIR/links"
}

start() {
  [ "$(id -u)" -eq 0 ] || die "run as root (the daemons run as root here)"
  install_packages
  [ -e "$DIR/pids" ] && die "$DIR/pids exists: stop that cluster first ($0 stop $DIR)"
  mkdir -p "$DIR"/{log,state,spool,munge,mysql}
  : > "$DIR/pids"

  # munge: a fresh key, a private socket
  dd if=/dev/urandom of="$DIR/munge/munge.key" bs=1024 count=1 status=none
  chmod 700 "$DIR/munge"; chmod 400 "$DIR/munge/munge.key"
  munged --force --key-file="$DIR/munge/munge.key" --socket="$DIR/munge/munge.socket" \
    --pid-file="$DIR/munge/munged.pid" --log-file="$DIR/log/munged.log" \
    --seed-file="$DIR/munge/munged.seed"
  wait_for 10 munged test -s "$DIR/munge/munged.pid"
  record munged "$(cat "$DIR/munge/munged.pid")"
  link_default "$DEFAULT_MUNGE_SOCKET" "$DIR/munge/munge.socket"

  # the accounting database
  mariadb-install-db --datadir="$DIR/mysql" --user=root --auth-root-authentication-method=socket \
    --skip-test-db >"$DIR/log/mariadb-install.log" 2>&1
  setsid mariadbd --datadir="$DIR/mysql" --user=root --socket="$DIR/mysql.sock" --port="$DB_PORT" \
    --bind-address=127.0.0.1 --pid-file="$DIR/mariadb.pid" --log-error="$DIR/log/mariadb.log" \
    --innodb-buffer-pool-size=128M --innodb-lock-wait-timeout=900 >/dev/null 2>&1 &
  record mariadbd $!
  wait_for 60 mariadbd mariadb --socket="$DIR/mysql.sock" -u root -e "select 1"
  mariadb --socket="$DIR/mysql.sock" -u root -e \
    "CREATE USER IF NOT EXISTS 'slurm'@'127.0.0.1' IDENTIFIED BY 'slurm';
     GRANT ALL ON slurm_acct_db.* TO 'slurm'@'127.0.0.1'; FLUSH PRIVILEGES;"

  cat > "$DIR/slurmdbd.conf" <<EOF
AuthType=auth/munge
AuthInfo=socket=$DIR/munge/munge.socket
DbdHost=localhost
DbdPort=$((BASE_PORT + 2))
SlurmUser=root
LogFile=$DIR/log/slurmdbd.log
PidFile=$DIR/slurmdbd.pid
StorageType=accounting_storage/mysql
StorageHost=127.0.0.1
StoragePort=$DB_PORT
StorageUser=slurm
StoragePass=slurm
StorageLoc=slurm_acct_db
EOF
  chmod 600 "$DIR/slurmdbd.conf"
  # slurmdbd reads slurmdbd.conf beside $SLURM_CONF
  SLURM_CONF="$DIR/slurm.conf" setsid slurmdbd -D >/dev/null 2>&1 &
  record slurmdbd $!

  cat > "$DIR/slurm.conf" <<EOF
ClusterName=wordgames
SlurmctldHost=$NODE
SlurmctldPort=$BASE_PORT
SlurmdPort=$((BASE_PORT + 1))
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$DIR/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SlurmdParameters=config_overrides
JobAcctGatherType=jobacct_gather/linux
JobAcctGatherFrequency=30
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=localhost
AccountingStoragePort=$((BASE_PORT + 2))
JobCompType=jobcomp/none
# sacct shows the executor plugin's --comment (rule_<name>_wildcards_<values>)
AccountingStoreFlags=job_comment
MinJobAge=300
NodeName=$NODE CPUs=$CPUS RealMemory=$MEM_MB State=UNKNOWN
PartitionName=main Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF="$DIR/slurm.conf"
  link_default "$DEFAULT_SLURM_CONF" "$DIR/slurm.conf"
  wait_for 90 slurmdbd sacctmgr -n list cluster
  sacctmgr -i add cluster wordgames >/dev/null 2>&1 || true
  sacctmgr -i add account wordgames Cluster=wordgames >/dev/null 2>&1 || true
  sacctmgr -i add user root Account=wordgames >/dev/null 2>&1 || true
  setsid slurmctld -D -f "$DIR/slurm.conf" >/dev/null 2>&1 &
  record slurmctld $!
  wait_for 30 slurmctld scontrol ping
  setsid slurmd -D -f "$DIR/slurm.conf" -N "$NODE" >/dev/null 2>&1 &
  record slurmd $!
  wait_for 60 "the node" bash -c "sinfo -h -N -o %T | grep -qx idle"
  echo "slurm-local: cluster up in $DIR (export SLURM_CONF=$DIR/slurm.conf); pids in $DIR/pids" >&2
}

stop() {
  [ -e "$DIR/pids" ] || die "no $DIR/pids: nothing started there"
  # in reverse order of starting: the node first, the key daemon last
  tac "$DIR/pids" | while read -r pid name; do
    if kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
      if kill -0 "$pid" 2>/dev/null; then
        echo "slurm-local: $name ($pid) ignored TERM: KILL" >&2
        kill -9 "$pid" || true
      fi
    fi
  done
  rm -f "$DIR/pids"
  if [ -e "$DIR/links" ]; then
    while read -r link target; do
      [ "$(readlink "$link")" = "$target" ] && rm -f "$link"
    done < "$DIR/links"
    rm -f "$DIR/links"
  fi
  echo "slurm-local: stopped the daemons started in $DIR" >&2
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  env) echo "export SLURM_CONF=$DIR/slurm.conf" ;;
  *) die "usage: $0 start|stop|env [DIR]" ;;
esac
