package memstore

import (
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/lang"
)

// Memory is what a searcher consults: the facts loaded from a store and
// the identities of a base's advice and plans (by pointer: advice built
// at run time, such as an AL3 combination of plans, has none and is
// searched without memory).
type Memory[P any] struct {
	Facts Facts
	IDs   map[*kb.Advice[P]]uint64
	// Text maps each identity to its advice's name and canonical text.
	Text map[uint64]string
}

// ID is the prover.MemoryIDs of m.
func (m *Memory[P]) ID(a *kb.Advice[P]) (uint64, bool) {
	id, ok := m.IDs[a]
	return id, ok
}

// List returns the identities of m's advice, in the order of the base.
func (m *Memory[P]) List(base *kb.Base[P]) []uint64 {
	var out []uint64
	for _, as := range [][]*kb.Advice[P]{base.Advice, base.Plans} {
		for _, a := range as {
			if id, ok := m.IDs[a]; ok {
				out = append(out, id)
			}
		}
	}
	return out
}

// Identities returns the memory of a compiled base (no facts yet): the
// identity of each of its advice and plans, from the parsed files it was
// compiled from (the base's own first, then those it imports) and the
// predicate library's description.
func Identities[P any](files []*lang.File, base *kb.Base[P], library string) *Memory[P] {
	var decls []string
	text := map[string]string{}
	for _, file := range files {
		for _, d := range file.Decls {
			s := lang.DeclString(d)
			decls = append(decls, s)
			if a, ok := d.(*lang.Advice); ok {
				text[a.Name] = s
			}
		}
	}
	bid := BaseIdentity(library, decls)
	m := &Memory[P]{IDs: map[*kb.Advice[P]]uint64{}, Text: map[uint64]string{}}
	for _, as := range [][]*kb.Advice[P]{base.Advice, base.Plans} {
		for _, a := range as {
			s, ok := text[a.Name]
			if !ok {
				continue
			}
			id := Identity(bid, s)
			m.IDs[a] = id
			m.Text[id] = s
		}
	}
	return m
}
