#!/usr/bin/env bash
# Runs every fuzz target of the module for FUZZTIME each (default 5s).
# Usage: scripts/fuzz.sh [FUZZTIME]
# Go can fuzz one target of one package at a time, so targets are found with
# `go test -list` and run one after the other.
set -euo pipefail
fuzztime=${1:-5s}
cd "$(dirname "$0")/.."
found=0
for pkg in $(go list ./...); do
	dir=$(go list -f '{{.Dir}}' "$pkg")
	# Skip packages without tests quickly.
	ls "$dir"/*_test.go >/dev/null 2>&1 || continue
	for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
		found=$((found + 1))
		echo "fuzz $pkg $target ($fuzztime)"
		go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$pkg" >/tmp/al-fuzz.$$ 2>&1 || {
			cat /tmp/al-fuzz.$$
			rm -f /tmp/al-fuzz.$$
			echo "fuzz: $pkg $target failed; the failing input is under $dir/testdata/fuzz/$target" >&2
			exit 1
		}
	done
done
rm -f /tmp/al-fuzz.$$
echo "fuzz: $found target(s), $fuzztime each"
