#!/usr/bin/env bash
# Runs every fuzz target of the module for FUZZTIME each (default 5s).
# Usage: scripts/fuzz.sh [FUZZTIME]
#
# Go fuzzes one target of one package at a time, so targets are found by
# their declarations (`func FuzzXxx(f *testing.F)` in a _test.go file, which
# is how `go test` finds them too; reading the files is quicker than linking
# a test binary per package for `go test -list`). FUZZJOBS targets (default:
# the number of cores) run at once, each with cores/FUZZJOBS fuzzing workers
# (at least one): a short run spends much of its time building and starting
# a target, which leaves cores idle when targets run one after the other.
# The first target runs alone with every core, to build the instrumented
# packages once.
#
# Go 1.26's fuzz coordinator can report a bare "context deadline exceeded"
# failure when -fuzztime expires while a worker is mid-call (golang/go#75804,
# fixed in Go 1.27). A real finding always writes a reproducer under
# testdata/fuzz/<target> and says "Failing input written to". So a run fails
# on a new reproducer or on any failure text besides that deadline line; the
# bare deadline race is reported as a flake and the target is run once more.
set -euo pipefail
self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$0")/.."

# run_target PKG DIR TARGET LOG: 0 passed, 1 real failure, 2 deadline flake.
run_target() {
	local pkg=$1 dir=$2 target=$3 log=$4 corpus="$2/testdata/fuzz/$3" before after
	before=$(ls "$corpus" 2>/dev/null | sort || true)
	if go test -run '^$' -fuzz "^${target}\$" -fuzztime "$FUZZTIME" -parallel "$FUZZWORKERS" "$pkg" >"$log" 2>&1; then
		return 0
	fi
	after=$(ls "$corpus" 2>/dev/null | sort || true)
	if [ "$before" = "$after" ] && grep -q 'context deadline exceeded' "$log" &&
		! grep -q 'Failing input written to' "$log" &&
		! grep -Eq 'panic:|fuzz_test.go|_test.go:[0-9]+:' "$log"; then
		return 2
	fi
	return 1
}

# --one PKG DIR TARGET: fuzz one target (once more after a deadline flake)
# and print one line saying how it went, or its log when it failed.
if [ "${1:-}" = --one ]; then
	pkg=$2 dir=$3 target=$4
	log=$(mktemp)
	trap 'rm -f "$log"' EXIT
	status=0
	run_target "$pkg" "$dir" "$target" "$log" || status=$?
	note=""
	if [ "$status" = 2 ]; then
		note=" (Go's fuzztime deadline race, golang/go#75804, no finding; ran once more)"
		status=0
		run_target "$pkg" "$dir" "$target" "$log" || status=$?
		[ "$status" = 2 ] && { note=" (the deadline race twice, no finding)"; status=0; }
	fi
	if [ "$status" != 0 ]; then
		cat "$log"
		echo "fuzz: $pkg $target failed; the failing input is under $dir/testdata/fuzz/$target" >&2
		exit 1
	fi
	echo "fuzz $pkg $target ($FUZZTIME): ok$note"
	exit 0
fi

export FUZZTIME=${1:-5s}
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
jobs=${FUZZJOBS:-$cores}
export FUZZWORKERS=$((cores / jobs > 0 ? cores / jobs : 1))

targets=$(mktemp)
out=$(mktemp)
trap 'rm -f "$targets" "$out"' EXIT
for dir in $(find . -name '*_test.go' -not -path '*/testdata/*' -not -path './.git/*' | xargs -r dirname | sed 's#^\./##' | sort -u); do
	for target in $(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*\*testing\.F).*/\1/p' "$dir"/*_test.go); do
		echo "./$dir $dir $target" >>"$targets"
	done
done
found=$(wc -l <"$targets")
# The first target runs alone, and it is one whose package has the most
# dependencies: fuzzing instruments every package a target links, and two
# go commands building the same packages at once would both build them.
first=$(go list -f '{{len .Deps}} {{.Dir}}' $(cut -d' ' -f1 "$targets" | sort -u) |
	sort -rn | head -1 | cut -d' ' -f2-)
first=$(grep -m1 " ${first#"$PWD"/} " "$targets")
status=0
{
	echo "$first" | FUZZWORKERS=$cores xargs -L 1 "$self" --one &&
		grep -vxF "$first" "$targets" | xargs -P "$jobs" -L 1 "$self" --one
} | tee "$out" || status=$?
flakes=$(grep -c 'deadline race' "$out" || true)
if [ "$status" != 0 ]; then
	echo "fuzz: a target failed (above)" >&2
	exit 1
fi
echo "fuzz: $found target(s), $FUZZTIME each, $jobs at a time with $FUZZWORKERS worker(s) each, $flakes deadline race(s) of Go's fuzzer tolerated"
