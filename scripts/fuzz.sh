#!/usr/bin/env bash
# Runs every fuzz target of the module for FUZZTIME each (default 5s).
# Usage: scripts/fuzz.sh [FUZZTIME]
#
# Go fuzzes one target of one package at a time, so targets are found by
# their declarations (`func FuzzXxx(f *testing.F)` in a _test.go file, which
# is how `go test` finds them too; reading the files is quicker than linking
# a test binary per package for `go test -list`) and run one after the other.
#
# Go 1.26's fuzz coordinator can report a bare "context deadline exceeded"
# failure when -fuzztime expires while a worker is mid-call (golang/go#75804,
# fixed in Go 1.27). A real finding always writes a reproducer under
# testdata/fuzz/<target> and says "Failing input written to". So a run fails
# on a new reproducer or on any failure text besides that deadline line; the
# bare deadline race is reported as a flake and the target is run once more.
set -euo pipefail
fuzztime=${1:-5s}
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
found=0
flakes=0

# run_target PKG DIR TARGET: 0 passed, 1 real failure, 2 deadline flake.
run_target() {
	local pkg=$1 dir=$2 target=$3 corpus="$2/testdata/fuzz/$3" before after
	before=$(ls "$corpus" 2>/dev/null | sort || true)
	if go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$pkg" >"$log" 2>&1; then
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

for dir in $(find . -name '*_test.go' -not -path '*/testdata/*' -not -path './.git/*' | xargs -r dirname | sed 's#^\./##' | sort -u); do
	pkg=./$dir
	for target in $(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*\*testing\.F).*/\1/p' "$dir"/*_test.go); do
		found=$((found + 1))
		echo "fuzz $pkg $target ($fuzztime)"
		status=0
		run_target "$pkg" "$dir" "$target" || status=$?
		if [ "$status" = 2 ]; then
			flakes=$((flakes + 1))
			echo "  Go's fuzztime deadline race (golang/go#75804), no finding; running once more"
			status=0
			run_target "$pkg" "$dir" "$target" || status=$?
			[ "$status" = 2 ] && { echo "  the deadline race again, no finding"; status=0; }
		fi
		if [ "$status" != 0 ]; then
			cat "$log"
			echo "fuzz: $pkg $target failed; the failing input is under $dir/testdata/fuzz/$target" >&2
			exit 1
		fi
	done
done
echo "fuzz: $found target(s), $fuzztime each, $flakes deadline race(s) of Go's fuzzer tolerated"
