package kb

import (
	"fmt"
	"sort"
)

// Kind says how many positions a library predicate reads.
type Kind uint8

const (
	// PositionKind predicates read one position (mate, pawn_runs).
	PositionKind Kind = iota
	// RelationKind predicates read two positions (room_smaller, king_not_farther).
	RelationKind
)

func (k Kind) String() string {
	if k == PositionKind {
		return "position"
	}
	return "relation"
}

// Predicate is one entry of a predicate library: a name, a kind, a one-line
// definition a user can read, and its evaluator (Pos for PositionKind, Rel for
// RelationKind). Evaluators must not allocate and must not keep the pointers
// they are given.
type Predicate[P any] struct {
	Name string
	Kind Kind
	Doc  string
	Pos  func(p *P) bool
	Rel  func(a, b *P) bool
	// Cost is about how many nodes of a definition one evaluation is
	// worth (0 counts as 1), as Func's.
	Cost int
	// After, when not nil, is a func(p *P, m M) bool, M the game's move
	// type, telling without making the move a condition the predicate
	// needs after it: false means the predicate does not hold (at the
	// position read) after the legal move m of p (chess: mate needs a
	// move that gives check). The forcing-tree searcher reads it off a
	// better goal to pass over the moves that cannot reach the goal
	// (docs/prover.md); it must not allocate.
	After any
	// Reply, when not nil, is a func(p *P, m M) bool telling without
	// making the move that after the legal move m of p the other side is
	// to move and has a legal reply after which the predicate does not
	// hold and the side of p is to move again (chess, mate: a lone king
	// with a square to step to); false says nothing. With After it lets
	// the searcher pass over a move without making it; it must not
	// allocate.
	Reply any
	// Run, when not nil (with After and Reply), is a func(p *P, moves
	// []M, i int) (j int, after bool), M the game's move type: from
	// moves[i] on, the index of the first move m for which After(p, m)
	// is true (after true) or Reply(p, m) false (after false), len(moves)
	// with after false when none; the loop over the two tests, which the
	// game may answer more cheaply for all the moves of a position at
	// once (chess: the lone king's neighbours and the mover's attacks
	// computed once). The forcing-tree searcher runs it over the moves it
	// passes over unplayed (docs/prover.md); it must not allocate.
	Run any
	// RunMoves, when not nil (with Run), is a func(p *P, buf []M) (moves
	// []M, stop, after uint64, ok bool): the legal moves of p as the
	// game lists them (appended to buf[:0]), bit i of stop clear only
	// where moves[i] is hopeless: Run passes it over, or After holds but
	// the predicate does not after it, and after the other side's first
	// reply (the game's FirstMove) the side of p is to move and After
	// does not hold (chess, mate: a check that does not mate); bit i of
	// after set where stop's is and After holds. ok is false, nothing
	// listed, where the game does not tell them so (chess: but for a
	// king and one slider against a lone king). The forcing-tree searcher
	// asks it instead of listing the moves where it would run Run over
	// them from the first, and passes over the moves whose bit is clear
	// (docs/prover.md); it must not allocate.
	RunMoves any
	// Place, when not nil, says where a position keeps what the
	// predicate (of one position) reads: it holds exactly when the value
	// read there (Func.Place's reading) is Is. The generated goals
	// (gogen.go) read it in place instead of calling Pos (chess:
	// black_to_move, the side to move's byte).
	Place *Place
	Is    int32
	// def is the definition a base's predicate is (nil for the
	// library's): its body, for the move tests (movetest.go).
	def *Definition[P]
}

// Library is a registry of predicates for positions of type P, and of the
// primitives (functions, constants, the legal moves) that definitions are
// written over (define.go).
type Library[P any] struct {
	byName map[string]*Predicate[P]
	funcs  map[string]*Func[P]
	consts map[string]Constant
	// successors appends the position after each legal move of p to
	// buf[:0] (for the move quantifiers of definitions); nil when the game
	// offers none.
	successors func(p *P, buf []P) []P
	// pieceLetters are the letters of the men of the game, the king first
	// (for endgame declarations); "" when the game has none.
	pieceLetters string
	// pieceMoves are the most legal moves a man of each letter of
	// pieceLetters can have (SetPieceMoves); nil when the game says
	// nothing.
	pieceMoves []int
	// key identifies a position for the cache of definition values
	// (cache.go); nil when the game gives none.
	key func(p *P) uint64
	// movePlace: how the game's moves are written, for the move tests
	// that read placed primitives after a move (SetMovePlace); nil when
	// the game says nothing.
	movePlace *MovePlace
}

// NewLibrary returns a library holding only the arithmetic every game's
// definitions may use: abs, min and max.
func NewLibrary[P any]() *Library[P] {
	l := &Library[P]{byName: map[string]*Predicate[P]{}, funcs: map[string]*Func[P]{}, consts: map[string]Constant{}}
	l.MustRegisterFunc(
		Func[P]{Name: "abs", Doc: "the absolute value of an integer", Params: []Type{TInt}, Result: TInt, arith: aAbs,
			Eval: func(_, _ *P, x, _, _ int32) int32 {
				if x < 0 {
					return -x
				}
				return x
			}},
		Func[P]{Name: "min", Doc: "the smaller of two integers", Params: []Type{TInt, TInt}, Result: TInt, arith: aMin,
			Eval: func(_, _ *P, x, y, _ int32) int32 { return min(x, y) }},
		Func[P]{Name: "max", Doc: "the larger of two integers", Params: []Type{TInt, TInt}, Result: TInt, arith: aMax,
			Eval: func(_, _ *P, x, y, _ int32) int32 { return max(x, y) }},
	)
	return l
}

// Func is a primitive of the definition language: a function of values
// (squares, integers, sides, kinds of piece, booleans) that may read
// positions. Reads says how many: 0 (a function of its arguments only,
// such as file(s)), 1 (the position it is evaluated in, such as
// square_of(white, rook)) or 2 (two positions given as its first two
// arguments, such as captured(P1, P2)). Eval receives the positions read
// (nil for those it does not read) and the values of Params (at most
// three; booleans are 0 and 1), and returns the result, None for nothing
// (a square-valued function about an absent piece). It is never given
// None: the compiled definition answers for it (docs/reference.md,
// "Nothing"). Eval must not allocate and must not keep the pointers.
type Func[P any] struct {
	Name   string
	Doc    string
	Reads  int
	Params []Type
	Result Type
	Eval   func(a, b *P, x, y, z int32) int32
	// Cost is about how many nodes of a definition one evaluation is
	// worth (0 counts as 1): the compiler caches the values of costly
	// terms (cache.go).
	Cost int
	// Counts names a primitive of the same parameters that this one
	// counts the values of: this one is at least 1 exactly when that one
	// is something (pieces counts what square_of finds). So `if
	// pieces(white, rook) > 0 then white rook else E` is computed as
	// white rook, or E when it is nothing: one call where there were two
	// (kb/fused.go).
	Counts string
	// Move, when not nil, is a func(p *P, m M, x, y, z int32) int32, M
	// the game's move type: the value of the primitive in the position
	// after the legal move m of p (for a primitive of two positions, of
	// p and that position), told without making the move, as Eval would
	// give it there. Move constraints that read P2 through such
	// primitives only are tested on the move before it is made
	// (kb.MoveTest); it must not allocate.
	Move any
	// Place, when not nil, says for constant arguments x, y, z where the
	// primitive's value lies in a position of type P (kb/load.go), ok
	// false when it does not: the compiled definitions then read it in
	// place instead of calling Eval. Only for a primitive that reads one
	// position (Reads 1), whose value there is Eval's for any position.
	Place func(x, y, z int32) (l Place, ok bool)
	// arith: the library's own abs, min and max, which definitions
	// compute in place.
	arith arithCode
}

// Constant is a named value of the definition language: a square (a1), a
// kind of piece (rook).
type Constant struct {
	Name  string
	Type  Type
	Value int32
}

// RegisterFunc adds a primitive. It fails on an empty name, a name already
// taken by a predicate, primitive or constant, a missing definition or
// evaluator, more than three parameters or a bad Reads.
func (l *Library[P]) RegisterFunc(f Func[P]) error {
	switch {
	case f.Name == "":
		return fmt.Errorf("kb: primitive with an empty name")
	case l.taken(f.Name):
		return fmt.Errorf("kb: primitive %q: the name is taken", f.Name)
	case f.Doc == "":
		return fmt.Errorf("kb: primitive %q has no definition", f.Name)
	case f.Eval == nil:
		return fmt.Errorf("kb: primitive %q has no evaluator", f.Name)
	case len(f.Params) > 3:
		return fmt.Errorf("kb: primitive %q has more than three parameters", f.Name)
	case f.Reads < 0 || f.Reads > 2:
		return fmt.Errorf("kb: primitive %q reads %d positions", f.Name, f.Reads)
	case f.Result == TPosition:
		return fmt.Errorf("kb: primitive %q returns a position", f.Name)
	}
	for _, t := range f.Params {
		if t == TPosition {
			return fmt.Errorf("kb: primitive %q takes a position as a value", f.Name)
		}
	}
	q := f
	l.funcs[f.Name] = &q
	return nil
}

// MustRegisterFunc is RegisterFunc for package initialisation: it panics on
// error, which can only come from a programming mistake in a library.
func (l *Library[P]) MustRegisterFunc(fs ...Func[P]) {
	for _, f := range fs {
		if err := l.RegisterFunc(f); err != nil {
			panic(err)
		}
	}
}

// RegisterConst adds a named constant; it fails when the name is taken.
func (l *Library[P]) RegisterConst(c Constant) error {
	if c.Name == "" || l.taken(c.Name) {
		return fmt.Errorf("kb: constant %q: empty or taken name", c.Name)
	}
	if c.Type == TPosition || c.Type == TBool {
		return fmt.Errorf("kb: constant %q: a constant is a square, an integer, a side or a kind of piece", c.Name)
	}
	l.consts[c.Name] = c
	return nil
}

// MustRegisterConst is RegisterConst for package initialisation.
func (l *Library[P]) MustRegisterConst(cs ...Constant) {
	for _, c := range cs {
		if err := l.RegisterConst(c); err != nil {
			panic(err)
		}
	}
}

// SetSuccessors gives the library the legal moves of a position, as the
// positions after them (appended to buf[:0], in a fixed order), for the
// move quantifiers of definitions (`some move Q: ...`).
func (l *Library[P]) SetSuccessors(f func(p *P, buf []P) []P) { l.successors = f }

// SetKey gives the library a key of positions for the cache of
// definition values between the formulas a searcher evaluates (cache.go):
// two positions with one key must agree on every primitive and predicate
// (the chess library's is the Zobrist hash, as the searcher's memo's).
func (l *Library[P]) SetKey(f func(p *P) uint64) { l.key = f }

// SetPieceLetters gives the letters of the game's men, the king first
// ("KQRBNP" for chess), for `endgame` declarations.
func (l *Library[P]) SetPieceLetters(s string) { l.pieceLetters = s }

// SetPieceMoves gives the most legal moves a man of each of the game's
// letters (SetPieceLetters, in that order) can have in one position,
// counting what it may become (a chess pawn may be promoted to a queen):
// the cost of a definition's move quantifier in a base that declares its
// endgames is the most moves their men can have (define.go, maxCost).
func (l *Library[P]) SetPieceMoves(n ...int) { l.pieceMoves = n }

func (l *Library[P]) taken(name string) bool {
	_, p := l.byName[name]
	_, f := l.funcs[name]
	_, c := l.consts[name]
	return p || f || c
}

// LookupFunc returns the primitive called name.
func (l *Library[P]) LookupFunc(name string) (*Func[P], bool) {
	f, ok := l.funcs[name]
	return f, ok
}

// LookupConst returns the constant called name.
func (l *Library[P]) LookupConst(name string) (Constant, bool) {
	c, ok := l.consts[name]
	return c, ok
}

// Funcs returns every primitive, sorted by name.
func (l *Library[P]) Funcs() []*Func[P] {
	out := make([]*Func[P], 0, len(l.funcs))
	for _, f := range l.funcs {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Consts returns every constant, sorted by name.
func (l *Library[P]) Consts() []Constant {
	out := make([]Constant, 0, len(l.consts))
	for _, c := range l.consts {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Register adds p. It fails on an empty or duplicate name, a missing
// definition, or an evaluator that does not match the kind.
func (l *Library[P]) Register(p Predicate[P]) error {
	switch {
	case p.Name == "":
		return fmt.Errorf("kb: predicate with an empty name")
	case l.taken(p.Name):
		return fmt.Errorf("kb: predicate %q registered twice", p.Name)
	case p.Doc == "":
		return fmt.Errorf("kb: predicate %q has no definition", p.Name)
	case p.Kind == PositionKind && (p.Pos == nil || p.Rel != nil):
		return fmt.Errorf("kb: position predicate %q needs Pos and no Rel", p.Name)
	case p.Kind == RelationKind && (p.Rel == nil || p.Pos != nil):
		return fmt.Errorf("kb: relation predicate %q needs Rel and no Pos", p.Name)
	case p.Kind > RelationKind:
		return fmt.Errorf("kb: predicate %q has an unknown kind", p.Name)
	}
	q := p
	l.byName[p.Name] = &q
	return nil
}

// MustRegister is Register for package initialisation: it panics on error,
// which can only come from a programming mistake in a library.
func (l *Library[P]) MustRegister(ps ...Predicate[P]) {
	for _, p := range ps {
		if err := l.Register(p); err != nil {
			panic(err)
		}
	}
}

// Lookup returns the predicate called name.
func (l *Library[P]) Lookup(name string) (*Predicate[P], bool) {
	p, ok := l.byName[name]
	return p, ok
}

// All returns every predicate, sorted by name.
func (l *Library[P]) All() []*Predicate[P] {
	out := make([]*Predicate[P], 0, len(l.byName))
	for _, p := range l.byName {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Names returns every predicate name, sorted.
func (l *Library[P]) Names() []string {
	ps := l.All()
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}
