package gengoals

import (
	"os"
	"testing"
)

// TestGeneratedGoalsUpToDate: kb/goals_gen.go is what the generator
// writes for today's shipped bases, kb and chess library; when it fails,
// run `go generate ./kb`.
func TestGeneratedGoalsUpToDate(t *testing.T) {
	want, err := File()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../kb/goals_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Fatalf("kb/goals_gen.go is stale (%d bytes, the generator writes %d): run `go generate ./kb`", len(got), len(want))
	}
}
