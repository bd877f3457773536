#!/usr/bin/env bash
# The workflow on a real one-node SLURM cluster (issue 35), started here without systemd.
#
# As root, where apt can install Debian's slurm-wlm, slurmdbd, munge and mariadb-server (or they
# are installed): start munged, mariadbd, slurmdbd, slurmctld and slurmd directly (each in the
# foreground of its own background process, its PID recorded, every one stopped at the end, on
# failure too), all in one scratch directory with their own socket and ports, so that nothing
# outside it (/etc/slurm, /etc/munge, a running cluster) is read or changed. Then
#   1. the tiny configuration locally (`snakemake --cores 2`), in a copy of the clone;
#   2. the same with exactly the README's SLURM command (read from README.md), in another copy:
#      every file under results/ and figures/ must be byte-identical to the local run's, the run
#      must stay within the issue's goal (3 minutes, 30 SLURM jobs), and sacct must list every
#      SLURM job Snakemake submitted, COMPLETED;
#   3. accounting switched off (AccountingStorageType=accounting_storage/none, no slurmdbd):
#      the README's command for one small target must stop within a minute with a message
#      saying what to do, and the README's command for a cluster without accounting must build
#      that target, byte-identical to the local run.
# Where the packages cannot be installed (not root, no apt, no package) it prints a SKIP line and
# exits 0; any other failure exits non-zero. Usage (CI runs it after the tests):
#   bash tests/cluster/slurm.sh            # SMALLTREES_MIRROR, else ../shared/uci-mirror
set -euo pipefail
cd "$(dirname "$0")/../.."
CLONE=$PWD
MIRROR=$(realpath "${SMALLTREES_MIRROR:-../shared/uci-mirror}")
TINY=tests/config/tiny.yaml
TARGET=results/auer95/sky/IR.json   # the small target of the runs without accounting: one fit
# (a SLURM job; what is built from the fits, e.g. Table 1, runs on the login node)
MAX_SECONDS=180 MAX_JOBS=30 MAX_STOP_SECONDS=60
PACKAGES=(slurm-wlm slurmdbd munge mariadb-server)
START=$(date +%s)

skip() { echo "SKIP: $*: the SLURM cluster test did not run"; exit 0; }
fail() { echo "FAIL: $*" >&2; exit 1; }
say() { echo "[cluster $(($(date +%s) - START)) s] $*"; }

[ -f "$MIRROR/MANIFEST.tsv" ] || fail "no UCI mirror at $MIRROR (set SMALLTREES_MIRROR)"
[ "$(id -u)" = 0 ] || skip "not root (the daemons run as root)"
missing() { for p in munged mariadbd mariadb-install-db slurmdbd slurmctld slurmd sacctmgr; do
    command -v "$p" >/dev/null 2>&1 || PATH=$PATH:/usr/sbin command -v "$p" >/dev/null 2>&1 ||
        return 0; done; return 1; }
PATH=$PATH:/usr/sbin
if missing; then
    command -v apt-get >/dev/null 2>&1 || skip "apt-get is not available to install ${PACKAGES[*]}"
    say "installing ${PACKAGES[*]} with apt"
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
            --no-install-recommends "${PACKAGES[@]}" >/dev/null; }; then
        skip "apt-get could not install ${PACKAGES[*]}"
    fi
    missing && skip "${PACKAGES[*]} installed, but a daemon or tool is still missing"
fi
python -c "import snakemake_executor_plugin_slurm" 2>/dev/null ||
    fail "snakemake-executor-plugin-slurm is not installed: pip install -e '.[slurm]'"

# -- the cluster -------------------------------------------------------------------------------
# The configuration must be where every SLURM command looks by default: inside a job the SLURM
# plugin's job step deletes SLURM_* variables (SLURM_CONF too) before it calls srun.
ETC=/etc/slurm
SLURM_CONF=$ETC/slurm.conf
[ -e "$SLURM_CONF" ] || [ -e "$ETC/slurmdbd.conf" ] &&
    skip "$ETC already holds a SLURM configuration (this machine's own cluster?); not replaced"
STATE=$(mktemp -d /tmp/smalltrees-slurm.XXXXXX)
mkdir -p "$ETC" "$STATE/log" "$STATE/ctld" "$STATE/spool" "$STATE/mysql"
PIDS=()                                     # "name:pid", in start order

started() { PIDS+=("$1:$2"); say "$1 started (PID $2)"; }

stop_daemon() {  # name pid: SIGTERM, up to 30 s, then SIGKILL
    local name=$1 pid=$2 i
    kill -0 "$pid" 2>/dev/null || return 0
    kill "$pid" 2>/dev/null || true
    for i in $(seq 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    if kill -0 "$pid" 2>/dev/null; then
        echo "$name (PID $pid) did not stop in 30 s: killed" >&2
        kill -9 "$pid" 2>/dev/null || true
    fi
    say "$name stopped (PID $pid)"
}

stop_named() {  # stop the daemons named in "$@" (newest first) and forget them
    local keep=() i entry
    for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
        entry=${PIDS[i]}
        if [[ " $* " == *" ${entry%%:*} "* ]]; then stop_daemon "${entry%%:*}" "${entry#*:}"
        else keep=("$entry" "${keep[@]}"); fi
    done
    PIDS=("${keep[@]}")
}

cleanup() {
    local rc=$? i entry
    trap - EXIT INT TERM
    [ -f "$SLURM_CONF" ] &&
        timeout 10 scancel --full --user root >/dev/null 2>&1 || true
    for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
        entry=${PIDS[i]}
        stop_daemon "${entry%%:*}" "${entry#*:}"
    done
    if [ "$rc" != 0 ]; then
        echo "The daemons' logs (last lines):" >&2
        for log in "$STATE"/log/*; do echo "== $log" >&2; tail -n 15 "$log" >&2 || true; done
    fi
    rm -f "$SLURM_CONF" "$ETC/slurmdbd.conf"
    rm -rf "$STATE"
    say "done (exit $rc)"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

wait_for() {  # description seconds command...: poll until the command succeeds
    local what=$1 seconds=$2
    shift 2
    local end=$(($(date +%s) + seconds))
    while [ "$(date +%s)" -lt "$end" ]; do timeout 10 "$@" >/dev/null 2>&1 && return 0; sleep 0.5; done
    fail "$what not ready after $seconds s"
}

free_port() { python - <<'EOF'
import socket
with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    print(s.getsockname()[1])
EOF
}
CTLD_PORT=$(free_port) SLURMD_PORT=$(free_port) DBD_PORT=$(free_port) DB_PORT=$(free_port)
MUNGE_SOCKET=$STATE/munge.socket
NODE=$(slurmd -C | head -n 1)            # NodeName=<host> CPUs=... RealMemory=... of this machine
HOST=$(hostname -s)

write_slurm_conf() {  # accounting: slurmdbd | none
    cat >"$SLURM_CONF" <<EOF
ClusterName=smalltrees
SlurmctldHost=$HOST
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$MUNGE_SOCKET
StateSaveLocation=$STATE/ctld
SlurmdSpoolDir=$STATE/spool
SlurmctldPidFile=$STATE/slurmctld.pid
SlurmdPidFile=$STATE/slurmd.pid
SlurmctldLogFile=$STATE/log/slurmctld.log
SlurmdLogFile=$STATE/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/linux
AccountingStorageType=accounting_storage/$1
AccountingStorageHost=localhost
AccountingStoragePort=$DBD_PORT
AccountingStoragePass=$MUNGE_SOCKET
$NODE State=UNKNOWN
PartitionName=MYPARTITION Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
EOF
}

say "starting munged, mariadbd, slurmdbd, slurmctld and slurmd in $STATE"
mungekey --create --keyfile "$STATE/munge.key" 2>/dev/null ||
    dd if=/dev/urandom of="$STATE/munge.key" bs=1024 count=1 2>/dev/null
chmod 600 "$STATE/munge.key"
munged --foreground --force --socket "$MUNGE_SOCKET" --key-file "$STATE/munge.key" \
    --pid-file "$STATE/munged.pid" --seed-file "$STATE/munged.seed" \
    --log-file "$STATE/log/munged.log" >"$STATE/log/munged.out" 2>&1 &
started munged $!
wait_for munged 20 test -S "$MUNGE_SOCKET"

mariadb-install-db --no-defaults --datadir="$STATE/mysql" --user=root \
    >"$STATE/log/mariadb-install.log" 2>&1 || fail "mariadb-install-db (see above)"
mariadbd --no-defaults --datadir="$STATE/mysql" --user=root --socket="$STATE/mysql.sock" \
    --port="$DB_PORT" --bind-address=127.0.0.1 --pid-file="$STATE/mariadbd.pid" \
    --log-error="$STATE/log/mariadbd.log" --innodb-buffer-pool-size=64M >"$STATE/log/mariadbd.out" 2>&1 &
started mariadbd $!
DB=(mariadb --no-defaults --socket="$STATE/mysql.sock" --user=root)
wait_for mariadbd 60 "${DB[@]}" -e "SELECT 1"
for host in localhost %; do  # (mariadb-install-db's anonymous user would win for localhost)
    "${DB[@]}" -e "CREATE USER 'slurm'@'$host' IDENTIFIED BY 'smalltrees';
        GRANT ALL ON slurm_acct_db.* TO 'slurm'@'$host';"
done

cat >"$ETC/slurmdbd.conf" <<EOF
AuthType=auth/munge
AuthInfo=socket=$MUNGE_SOCKET
DbdHost=localhost
DbdPort=$DBD_PORT
SlurmUser=root
LogFile=$STATE/log/slurmdbd.log
PidFile=$STATE/slurmdbd.pid
StorageType=accounting_storage/mysql
StorageHost=127.0.0.1
StoragePort=$DB_PORT
StorageUser=slurm
StoragePass=smalltrees
StorageLoc=slurm_acct_db
EOF
chmod 600 "$ETC/slurmdbd.conf"
write_slurm_conf slurmdbd
slurmdbd -D >"$STATE/log/slurmdbd.out" 2>&1 &
started slurmdbd $!
wait_for slurmdbd 60 sacctmgr --immediate show cluster
sacctmgr --immediate add cluster smalltrees >/dev/null
# the README's placeholders are this cluster's account and partition
sacctmgr --immediate add account myaccount Cluster=smalltrees >/dev/null
sacctmgr --immediate add user root Account=myaccount Cluster=smalltrees >/dev/null

start_slurm() {
    slurmctld -D -i >>"$STATE/log/slurmctld.out" 2>&1 &
    started slurmctld $!
    wait_for slurmctld 60 scontrol ping
    slurmd -D >>"$STATE/log/slurmd.out" 2>&1 &
    started slurmd $!
    wait_for "the node" 60 bash -c "sinfo --noheader --states=idle --format=%N | grep -q ."
}
start_slurm
say "cluster up: $(sinfo --noheader --format='%P %D %c %m %t')"

# -- the runs ----------------------------------------------------------------------------------
copy_clone() {  # a fresh copy of the clone's files (tracked and new, not ignored ones)
    mkdir -p "$1"
    git -C "$CLONE" ls-files -z --cached --others --exclude-standard |
        (cd "$CLONE" && xargs -0 cp --parents -t "$1")
}
readme_command() {  # the README's fenced command under heading "$1" that starts with "$2",
    # as the shell would split it into words (NUL-separated)
    python - "$1" "$2" <<'EOF'
import re, shlex, sys
from pathlib import Path
text = Path("README.md").read_text()
section = text.split(f"\n## {sys.argv[1]}\n", 1)[1].split("\n## ", 1)[0]
for block in re.findall(r"```bash\n(.*?)```", section, re.S):
    for command in block.replace("\\\n", " ").splitlines():
        command = re.sub(r"\s+#.*$", "", " ".join(command.split()))
        if command.startswith(sys.argv[2]):
            print("\0".join(shlex.split(command)), end="\0")
            sys.exit(0)
sys.exit(f"README.md: no command starting {sys.argv[2]!r} under '## {sys.argv[1]}'")
EOF
}
command_words() {  # name heading prefix: the array name := the README's command
    local -n words=$1
    mapfile -d '' words < <(readme_command "$2" "$3")
    [ "${#words[@]}" -gt 0 ] || fail "README.md has no command '$3...' under '## $2'"
}
command_words TINY_COMMAND "Run" "snakemake --cores 2 --configfile $TINY"
command_words SLURM_COMMAND "Run on a SLURM cluster" "snakemake --profile profiles/slurm --default"
command_words NOACCT_COMMAND "Run on a SLURM cluster" \
    "snakemake --profile profiles/slurm --slurm-status-command squeue"
TINY_ARGS=("${TINY_COMMAND[@]:3}")        # --configfile ... --config mirrors=...
# the runs' copies of the clone have the mirror where the README's relative path expects it
WORK=$STATE/runs
mkdir -p "$WORK/shared"
ln -s "$MIRROR" "$WORK/shared/uci-mirror"

say "local run, the README's: ${TINY_COMMAND[*]}"
copy_clone "$WORK/local"
t0=$(date +%s)
(cd "$WORK/local" && "${TINY_COMMAND[@]}" >"$STATE/log/local.log" 2>&1) ||
    { tail -n 40 "$STATE/log/local.log"; fail "the local run failed"; }
say "local run: $(($(date +%s) - t0)) s"

compare() {  # copy: every file under results/ and figures/ as in the local run
    local dir
    for dir in results figures; do
        diff -r --brief "$WORK/local/$dir" "$WORK/$1/$dir" ||
            fail "$1: $dir/ differs from the local run's"
    done
    say "$1: results/ and figures/ byte-identical to the local run's" \
        "($(find "$WORK/$1/results" "$WORK/$1/figures" -type f | wc -l) files)"
}

say "SLURM run of $TINY, the README's command: ${SLURM_COMMAND[*]} ${TINY_ARGS[*]}"
copy_clone "$WORK/slurm"
t0=$(date +%s)
(cd "$WORK/slurm" && "${SLURM_COMMAND[@]}" "${TINY_ARGS[@]}" >"$STATE/log/slurm-run.log" 2>&1) ||
    { tail -n 60 "$STATE/log/slurm-run.log"; fail "the SLURM run failed"; }
seconds=$(($(date +%s) - t0))
compare slurm
mapfile -t SUBMITTED < <(sed -n 's/.*has been submitted with SLURM jobid \([0-9]*\).*/\1/p' \
    "$STATE/log/slurm-run.log")
mapfile -t ACCOUNTED < <(sacct --allocations --noheader --parsable2 --format=JobID,State \
    --starttime now-1days --endtime now | grep -v '^$')
completed=$(printf '%s\n' "${ACCOUNTED[@]}" | grep -c '|COMPLETED$' || true)
say "SLURM run: ${#SUBMITTED[@]} SLURM jobs, $seconds s; sacct: ${#ACCOUNTED[@]} jobs," \
    "$completed COMPLETED"
[ "${#SUBMITTED[@]}" -gt 0 ] || fail "no job was submitted to SLURM"
# the CPU time of the run's SLURM jobs (what a busy machine leaves comparable, unlike the wall)
# (a job's own line sums its steps' CPU; with --allocations it would be 0)
say "SLURM run: its SLURM jobs used $(sacct --noheader --parsable2 --format=JobID,TotalCPU \
    --starttime now-1days --endtime now | python -c 'import sys
seconds = 0.0
for line in sys.stdin:
    job, _, cpu = line.strip().partition("|")
    if "." in job or not cpu:
        continue  # a step, counted in the line of its job
    days, _, clock = cpu.rpartition("-")
    parts = [float(x) for x in clock.split(":")] if clock else []
    seconds += 86400 * int(days or 0) + sum(x * 60 ** i for i, x in enumerate(reversed(parts)))
print(f"{seconds:.1f}")') CPU-s (sacct TotalCPU)"
for id in "${SUBMITTED[@]}"; do
    printf '%s\n' "${ACCOUNTED[@]}" | grep -qx "$id|COMPLETED" ||
        fail "SLURM job $id is not COMPLETED in sacct: $(sacct -X -n -P -j "$id" -o JobID,State)"
done
[ "${#ACCOUNTED[@]}" = "${#SUBMITTED[@]}" ] ||
    fail "sacct lists ${#ACCOUNTED[@]} jobs, Snakemake submitted ${#SUBMITTED[@]}"
[ "${#SUBMITTED[@]}" -le "$MAX_JOBS" ] ||
    fail "${#SUBMITTED[@]} SLURM jobs, more than the goal of $MAX_JOBS"
[ "$seconds" -le "$MAX_SECONDS" ] ||
    echo "NOTE: the SLURM run took $seconds s, over the goal of $MAX_SECONDS s (a busy machine?)"

say "accounting off: AccountingStorageType=accounting_storage/none, slurmdbd stopped"
stop_named slurmd slurmctld slurmdbd
write_slurm_conf none
start_slurm
sacct --noheader >/dev/null 2>&1 && fail "sacct still works with accounting off"

say "without accounting, the README's command for $TARGET: ${SLURM_COMMAND[*]}"
copy_clone "$WORK/noacct-default"
t0=$(date +%s)
if (cd "$WORK/noacct-default" && timeout $((MAX_STOP_SECONDS + 30)) "${SLURM_COMMAND[0]}" \
        "$TARGET" "${SLURM_COMMAND[@]:1}" "${TINY_ARGS[@]}" >"$STATE/log/noacct-default.log" 2>&1)
then
    fail "the README's command succeeded without accounting: expected a stop with advice"
fi
seconds=$(($(date +%s) - t0))
[ "$seconds" -le "$MAX_STOP_SECONDS" ] ||
    { tail -n 30 "$STATE/log/noacct-default.log"; fail "no stop within $MAX_STOP_SECONDS s"; }
grep -q -- "--slurm-status-command squeue" "$STATE/log/noacct-default.log" ||
    { tail -n 30 "$STATE/log/noacct-default.log"; fail "the stop does not say what to do"; }
say "stopped after $seconds s, saying: $(grep -m 1 -B 2 -- '--slurm-status-command squeue' \
    "$STATE/log/noacct-default.log" | tr '\n' ' ')"

say "without accounting, the README's command for it: ${NOACCT_COMMAND[*]}"
copy_clone "$WORK/noacct"
t0=$(date +%s)
(cd "$WORK/noacct" && timeout 600 "${NOACCT_COMMAND[0]}" "$TARGET" "${NOACCT_COMMAND[@]:1}" \
    "${TINY_ARGS[@]}" >"$STATE/log/noacct.log" 2>&1) ||
    { tail -n 40 "$STATE/log/noacct.log"; fail "the run without accounting failed"; }
cmp "$WORK/local/$TARGET" "$WORK/noacct/$TARGET" || fail "$TARGET differs from the local run's"
grep -q "has been submitted with SLURM jobid" "$STATE/log/noacct.log" ||
    fail "the run without accounting submitted no SLURM job"
say "built $TARGET through SLURM without accounting in $(($(date +%s) - t0)) s, identical"
say "PASS"
