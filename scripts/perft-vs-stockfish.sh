#!/usr/bin/env bash
# Compares al's perft speed with Stockfish's "go perft" on the same machine in
# one run: the start position and the KRK, KBBK and KPK positions of the chess
# benchmarks. Both count leaves in bulk at the last ply and run one thread.
# Times are user CPU seconds (the machine may be shared), each the best of
# REPEAT runs. Needs stockfish (Debian: apt-get install stockfish).
# Usage: scripts/perft-vs-stockfish.sh [REPEAT]
set -euo pipefail
repeat=${1:-3}
cd "$(dirname "$0")/.."
sf=$(command -v stockfish || echo /usr/games/stockfish)
[ -x "$sf" ] || { echo "stockfish not found" >&2; exit 1; }
al=$(mktemp -d)/al
go build -o "$al" ./cmd/al
TIMEFORMAT=%U
best() { # best user time of $repeat runs of "$@"
	local b=""
	for _ in $(seq "$repeat"); do
		t=$( { time "$@" >/dev/null 2>&1; } 2>&1 )
		if [ -z "$b" ] || [ "$(echo "$t < $b" | bc)" = 1 ]; then b=$t; fi
	done
	echo "$b"
}
sfperft() { printf 'position fen %s\ngo perft %s\nquit\n' "$1" "$2" | "$sf"; }
printf '%-6s %5s %12s %10s %10s %8s %8s %6s\n' position depth nodes al-s sf-s al-Mn/s sf-Mn/s ratio
while IFS='|' read -r name fen depth; do
	nodes=$("$al" perft --pos "$fen" --depth "$depth" --json | sed -n 's/.*"nodes": \([0-9]*\).*/\1/p')
	sfnodes=$(sfperft "$fen" "$depth" | sed -n 's/^Nodes searched: //p')
	[ "$nodes" = "$sfnodes" ] || { echo "$name: al counts $nodes, stockfish $sfnodes" >&2; exit 1; }
	ta=$(best "$al" perft --pos "$fen" --depth "$depth")
	ts=$(best sfperft "$fen" "$depth")
	printf '%-6s %5s %12s %10s %10s %8.1f %8.1f %6.2f\n' "$name" "$depth" "$nodes" "$ta" "$ts" \
		"$(echo "$nodes/$ta/1000000" | bc -l)" "$(echo "$nodes/$ts/1000000" | bc -l)" "$(echo "$ta/$ts" | bc -l)"
done <<'POS'
start|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|6
KRK|8/8/8/4k3/8/8/8/R3K3 w - - 0 1|8
KBBK|8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1|8
KPK|8/8/8/1K2k3/8/3P4/8/8 w - - 0 1|9
POS
