# The targets every developer and CI use. `make test` is the README's test
# command and what .ci/run calls.
GO          ?= go
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
VERSION     := $(shell git describe --always --dirty 2>/dev/null || echo devel)
FUZZTIME    ?= 5s
LONGFUZZ    ?= 2m

.PHONY: all build test fmtcheck vet unit fuzz-short fuzz bench lint clean verify

all: build

# Without cgo the binary is static: no dynamic loader at start-up (al needs
# no C; kong's os/user falls back to pure Go).
build:
	CGO_ENABLED=0 $(GO) build -ldflags "-X main.version=$(VERSION)" -o bin/al ./cmd/al

# gofmt check, go vet, the tests with the race detector, and a short run of
# every fuzz target.
test: fmtcheck vet unit fuzz-short

fmtcheck:
	@out=$$(find . -name '*.go' -not -path './bin/*' -not -path './.git/*' | xargs gofmt -l); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

unit:
	$(GO) test -race -count=1 ./...

fuzz-short:
	./scripts/fuzz.sh $(FUZZTIME)

# Longer fuzzing, for a developer's machine.
fuzz:
	./scripts/fuzz.sh $(LONGFUZZ)

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# The full verification of every shipped knowledge base against the
# tablebase (minutes; not run by CI: `make test` runs sampled ones in
# internal/chessverify, proved_test.go for the knowledge that claims to be
# right everywhere). Figures in docs/verify.md and the README.
verify: build
	./bin/al verify knowledge/krk.al1 --endgame krk
	./bin/al verify knowledge/bratko.al1 --endgame krk
	./bin/al verify knowledge/krk-proved.al1 --endgame krk
	./bin/al verify knowledge/krk-proved.al1 --endgame kqk
	./bin/al verify knowledge/kbbk.al1 --endgame kbbk
	./bin/al verify knowledge/kbbk-proved.al1 --endgame kbbk
	./bin/al verify knowledge/kpk.al3 --endgame kpk --truth TABLAS=draw
	./bin/al verify knowledge/kpk-complete.al3 --endgame kpk --truth TABLAS=draw

lint:
	$(GO) run $(STATICCHECK) ./...

clean:
	rm -rf bin
