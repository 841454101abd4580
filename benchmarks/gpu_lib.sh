# Shared by the GPU scripts (source it, then call gpu_setup): envcheck from this checkout, a
# deadline that every stage is cut to, a log, and timed captures. Installs nothing.
#
#   gpu_setup NAME [TOTAL_S]   root, out ($OUT or ./NAME-out), py ($PYTHON or python3), work (a
#                              fresh /tmp/NAME.XXXXXX), deadline (TOTAL_S from now; default none)
#   within LIMIT               LIMIT, or the seconds left before the deadline when fewer (>= 1)
#   log MESSAGE...             to stderr and $log_file ($work/NAME.log unless set), with the
#                              time since the start
#   timed DIR NAME LIMIT CMD...  CMD's stdout to DIR/NAME, stderr beside it (kept when not
#                              empty), exit code and wall time appended to DIR/times.txt

gpu_setup() {
    gpu_name="$1"
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
    out="${OUT:-$root/$gpu_name-out}"
    py="${PYTHON:-python3}"
    work="$(mktemp -d "/tmp/$gpu_name.XXXXXX")"
    mkdir -p "$out"
    export PYTHONPATH="$root${PYTHONPATH:+:$PYTHONPATH}"
    # pure-Python wheels carried to a machine that lacks them (see gpu_suite.sh)
    if [ -d "$root/.suite-deps" ]; then export PYTHONPATH="$PYTHONPATH:$root/.suite-deps"; fi
    export NO_COLOR=1 PYTHONUNBUFFERED=1
    started=$(date +%s)
    deadline=$((started + ${2:-100000}))
}

within() {
    local left=$((deadline - $(date +%s)))
    if [ "$left" -lt "$1" ]; then echo $((left > 1 ? left : 1)); else echo "$1"; fi
}

log() {
    printf '%s +%ss %s\n' "$(date -u +%H:%M:%S)" "$(($(date +%s) - started))" "$*" \
        | tee -a "${log_file:-$work/$gpu_name.log}" >&2
}

timed() {
    local dir="$1" name="$2" limit="$3" s rc
    shift 3
    s=$(date +%s.%N)
    timeout "$(within "$limit")" "$@" > "$dir/$name" 2> "$dir/$name.stderr" < /dev/null
    rc=$?
    printf '%s rc=%s wall_s=%s\n' "$name" "$rc" \
        "$(awk -v s="$s" -v e="$(date +%s.%N)" 'BEGIN { printf "%.3f", e - s }')" >> "$dir/times.txt"
    [ -s "$dir/$name.stderr" ] || rm -f "$dir/$name.stderr"
    return "$rc"
}
