#!/bin/sh
# pgo.sh writes cmd/al/default.pgo, the CPU profile `go build ./cmd/al`
# (and `make build`) optimises al with (profile-guided optimisation,
# -pgo=auto): the profiles of two benchmarks that stand for what al
# spends its time on, merged: BenchmarkAL0Games (a game of bratko.al1,
# the searcher and the goals) and BenchmarkTableAL0 and
# BenchmarkTableKBBKOneWorker (al verify on KRK and a KBBK sample).
# Run it from the repository's root after a change to the hot code; a
# stale profile only optimises less (docs/prover.md, issue 21's
# twentieth session).
set -e
T=$(mktemp -d /tmp/pgo.XXXX)
trap 'rm -rf "$T"' EXIT
go test -c -o "$T/cp.test" ./internal/chessplay
go test -c -o "$T/cv.test" ./internal/chessverify
(cd internal/chessplay && "$T/cp.test" -test.run '^$' -test.bench '^BenchmarkAL0Games$' -test.benchtime 400x -test.cpuprofile "$T/play.pprof" >/dev/null)
(cd internal/chessverify && "$T/cv.test" -test.run '^$' -test.bench '^BenchmarkTable(AL0|KBBKOneWorker)$' -test.benchtime 2x -test.cpuprofile "$T/verify.pprof" >/dev/null)
go tool pprof -proto "$T/play.pprof" "$T/verify.pprof" > cmd/al/default.pgo
echo "wrote cmd/al/default.pgo"
