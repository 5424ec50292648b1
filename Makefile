# The targets every developer and CI use. `make test` is the README's test
# command (quick: about a minute); .ci/run calls `make test` and then
# `make race`. The exhaustive runs are `make verify`.
GO          ?= go
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
VERSION     := $(shell git describe --always --dirty 2>/dev/null || echo devel)
FUZZTIME    ?= 1s
LONGFUZZ    ?= 2m

.PHONY: all build test fmtcheck vet unit race fuzz-short fuzz bench lint clean verify slowtest cross

all: build

# Without cgo the binary is static: no dynamic loader at start-up (al needs
# no C; kong's os/user falls back to pure Go).
build:
	CGO_ENABLED=0 $(GO) build -ldflags "-X main.version=$(VERSION)" -o bin/al ./cmd/al

# gofmt check, go vet, the tests (without the race detector; the slow ones
# are skipped unless AL_SLOW is set) and a short run of every fuzz target.
test: fmtcheck vet unit fuzz-short

fmtcheck:
	@out=$$(find . -name '*.go' -not -path './bin/*' -not -path './.git/*' | xargs gofmt -l); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

# -vet=off: `go vet` has run every analyzer already (go test's own vet
# step runs a subset of them again).
unit:
	$(GO) test -count=1 -vet=off -timeout 30m ./...

# The same tests under the race detector (needs cgo, so a C compiler: gcc
# or clang). Minutes; .ci/run runs it after `make test`. cmd/al's took
# 1,290 s of a clean clone's CI on 2 cores in the fourth session (the
# definitions' tables fill 2^18 entries under the detector too): the
# package timeout is 60 minutes, not 30.
race:
	$(GO) test -race -count=1 -vet=off -timeout 60m ./...

fuzz-short:
	./scripts/fuzz.sh $(FUZZTIME)

# Longer fuzzing, for a developer's machine.
fuzz:
	./scripts/fuzz.sh $(LONGFUZZ)

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# The tests that are too slow for `make test` (AL_SLOW=1: every KBBK
# position against its successors, the KBBK samples, each shipped base on
# the vocabularies against the same base on the Go predicates over the
# whole endgame (TestVocabularyFigures), ...).
slowtest:
	AL_SLOW=1 $(GO) test -count=1 -vet=off -timeout 60m ./...

# The exhaustive runs: the slow tests, then the full verification of every
# shipped knowledge base against the tablebase (minutes; not run by CI:
# `make test` runs sampled ones in internal/chessverify, proved_test.go for
# the knowledge that claims to be right everywhere). Figures in
# docs/verify.md and the README. The tables are verified under the
# fifty-move rule, and each report gives the figures without it too;
# kqkr.al3 over the whole endgame: about 49 CPU minutes (docs/verify.md);
# the learned KBBK table needs 4 million nodes a search where the default
# million leaves 44 starts undetermined (docs/learning.md): its advice
# say so (`nodes 4000000`), as krk-short.al1's mate within seven says it
# needs ten million.
verify: slowtest build
	./bin/al verify knowledge/krk.al1 --endgame krk --fifty-move
	./bin/al verify knowledge/bratko.al1 --endgame krk --fifty-move
	./bin/al verify knowledge/al0-krk.al1 --endgame krk --fifty-move
	./bin/al verify knowledge/krk-proved.al1 --endgame krk --fifty-move
	./bin/al verify knowledge/krk-proved.al1 --endgame kqk --fifty-move
	./bin/al verify knowledge/krk-short.al1 --endgame krk --fifty-move
	./bin/al verify knowledge/kqk-proved.al1 --endgame kqk --fifty-move
	./bin/al verify knowledge/kqk-short.al1 --endgame kqk --fifty-move
	./bin/al verify knowledge/kbbk.al1 --endgame kbbk --fifty-move
	./bin/al verify knowledge/kbbk-proved.al1 --endgame kbbk --fifty-move
	./bin/al verify knowledge/kbbk-short.al1 --endgame kbbk --fifty-move
	./bin/al verify knowledge/kbbk-drive.al1 --endgame kbbk --fifty-move
	./bin/al verify knowledge/learned/krk-induced.al1 --endgame krk --fifty-move
	./bin/al verify knowledge/learned/kqk-induced.al1 --endgame kqk --fifty-move
	./bin/al verify knowledge/learned/kbbk-induced.al1 --endgame kbbk --fifty-move
	./bin/al verify knowledge/kpk.al3 --endgame kpk --truth TABLAS=draw
	./bin/al verify knowledge/kpk-complete.al3 --endgame kpk --truth TABLAS=draw
	./bin/al verify knowledge/kqkr.al3 --endgame kqkr --truth TABLAS=draw

lint:
	$(GO) run $(STATICCHECK) ./...

# The programs built for the other systems a user may have (not their
# tests, which use Unix's signals and FIFOs): what is Unix-only in cmd/al
# lives in *_unix.go with a fallback beside it. .ci/run runs it.
cross:
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(GO) build ./...
	GOOS=darwin GOARCH=arm64 CGO_ENABLED=0 $(GO) build ./...

clean:
	rm -rf bin
