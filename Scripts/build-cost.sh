#!/usr/bin/env bash
# The CPU a clean debug build of the Monsoon library takes, beside Swinject 2.10.0's, measured side by
# side: each is built from nothing in a scratch folder of its own, alternately, `rounds` times (default
# 2), and the best user CPU of each is compared. Swinject is cloned by its GitHub URL into a temporary
# folder (git may read it from a local copy); it never becomes a dependency of Monsoon.
#
#   Scripts/build-cost.sh [rounds] [--max RATIO]
#
# With --max, exits 1 when Monsoon's best is more than RATIO times Swinject's.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=2
max=""
while [ $# -gt 0 ]; do
    case "$1" in
        --max) max="$2"; shift 2 ;;
        *) rounds="$1"; shift ;;
    esac
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone --quiet --depth 1 --branch 2.10.0 https://github.com/Swinject/Swinject.git "$work/Swinject" 2>/dev/null \
    || git clone --quiet https://github.com/Swinject/Swinject.git "$work/Swinject"
git -C "$work/Swinject" checkout --quiet 2.10.0

# User CPU, in seconds, of a clean `swift build` of one target (the build's children included).
user_cpu() {
    local package=$1 target=$2 scratch=$work/scratch
    rm -rf "$scratch"
    # Resolving the package is not building it: done first, outside the measurement.
    swift package --package-path "$package" --scratch-path "$scratch" resolve >/dev/null 2>&1 || true
    local times_file=$work/times
    /usr/bin/env bash -c "swift build --package-path '$package' --scratch-path '$scratch' --target '$target' >/dev/null 2>&1; times >'$times_file'"
    # `times` prints the shell's and then its children's user and system time, as 0m1.234s.
    sed -n 2p "$times_file" | awk '{ split($1, t, /[ms]/); print t[1] * 60 + t[2] }'
}

best_monsoon=""
best_swinject=""
for round in $(seq "$rounds"); do
    monsoon=$(user_cpu "$PWD" Monsoon)
    swinject=$(user_cpu "$work/Swinject" Swinject)
    echo "round $round: Monsoon $monsoon s, Swinject $swinject s of user CPU"
    best_monsoon=$(printf '%s\n%s\n' "$monsoon" "${best_monsoon:-$monsoon}" | sort -g | head -n 1)
    best_swinject=$(printf '%s\n%s\n' "$swinject" "${best_swinject:-$swinject}" | sort -g | head -n 1)
done
ratio=$(awk -v m="$best_monsoon" -v s="$best_swinject" 'BEGIN { printf "%.2f", m / s }')
echo "best of $rounds: Monsoon $best_monsoon s, Swinject $best_swinject s: ${ratio}x"
if [ -n "$max" ] && awk -v r="$ratio" -v m="$max" 'BEGIN { exit !(r > m) }'; then
    echo "build-cost: a clean debug build of Monsoon takes more than ${max}x Swinject's CPU" >&2
    exit 1
fi
