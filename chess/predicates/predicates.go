// Package predicates owns the general chess predicates of the advice
// languages: mate, stalemate, check and the material tests, registered into
// a kb.Library[chess.Position]. Endgame-specific predicates (KRK, KPK, ...)
// may register into the same library from their own packages.
//
// Every predicate here is a position predicate. mate, stalemate, check and
// not_stalemate speak of the side to move; the material predicates name the
// side they are about. Evaluators allocate nothing: move generation uses a
// fixed-size array on the stack.
package predicates

import (
	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
)

// General returns the general predicates, in the order Library registers
// them.
func General() []kb.Predicate[chess.Position] {
	pos := func(name, doc string, f func(p *chess.Position) bool) kb.Predicate[chess.Position] {
		return kb.Predicate[chess.Position]{Name: name, Kind: kb.PositionKind, Doc: doc, Pos: f}
	}
	has := func(c chess.Color, t chess.PieceType) func(p *chess.Position) bool {
		return func(p *chess.Position) bool { return p.Pieces(c, t) != 0 }
	}
	bare := func(c chess.Color) func(p *chess.Position) bool {
		return func(p *chess.Position) bool { return p.ColorPieces(c) == p.Pieces(c, chess.King) }
	}
	// mate and check hold after a move only if it gives check, and not
	// after a reply that gives none: what a searcher may tell before
	// making the move (kb.Predicate.After, Reply).
	// (Method expressions, not closures: the searcher's call goes
	// straight to the method.)
	// (RunMoves: mate's passes over the checks that do not mate too.)
	withAfter := func(pr kb.Predicate[chess.Position], runMoves func(*chess.Position, []chess.Move) ([]chess.Move, uint64, uint64, bool)) kb.Predicate[chess.Position] {
		pr.After, pr.Reply = (*chess.Position).GivesCheck, (*chess.Position).QuietReply
		pr.Run, pr.RunMoves = (*chess.Position).HopelessRun, runMoves
		return pr
	}
	// c is to move after a move of the other side, and not after its
	// reply (which the other side has where its king may step).
	toMove := func(pr kb.Predicate[chess.Position], c chess.Color) kb.Predicate[chess.Position] {
		pr.After = (*chess.Position).WhiteToMoveAfter
		if c == chess.Black {
			pr.After = (*chess.Position).BlackToMoveAfter
		}
		pr.Reply = func(p *chess.Position, m chess.Move) bool { return p.SideToMove() == c^1 && p.KingStepAfter(m) }
		// Read in place by the generated goals: the side to move's byte.
		w, sh := chess.SideWord()
		pr.Place, pr.Is = &kb.Place{Op: kb.PlaceByte, A: w, B: w, Shift: sh}, int32(c)
		return pr
	}
	return []kb.Predicate[chess.Position]{
		withAfter(pos("mate", "the side to move is checkmated: in check with no legal move", (*chess.Position).Mate), (*chess.Position).MateMoves),
		pos("stalemate", "the side to move is stalemated: not in check and with no legal move", (*chess.Position).Stalemate),
		pos("not_stalemate", "the side to move is not stalemated (it is in check or has a legal move); the thesis's NOAHOGADO (which asks for a legal move: the two differ only for a mated side)", func(p *chess.Position) bool { return !p.Stalemate() }),
		withAfter(pos("check", "the side to move is in check", (*chess.Position).InCheck), (*chess.Position).HopelessMoves),
		toMove(pos("white_to_move", "White is to move", func(p *chess.Position) bool { return p.SideToMove() == chess.White }), chess.White),
		toMove(pos("black_to_move", "Black is to move", func(p *chess.Position) bool { return p.SideToMove() == chess.Black }), chess.Black),
		pos("white_has_queen", "White has at least one queen", has(chess.White, chess.Queen)),
		pos("white_has_rook", "White has at least one rook", has(chess.White, chess.Rook)),
		pos("white_has_bishop", "White has at least one bishop", has(chess.White, chess.Bishop)),
		pos("white_has_knight", "White has at least one knight", has(chess.White, chess.Knight)),
		pos("white_has_pawn", "White has at least one pawn", has(chess.White, chess.Pawn)),
		pos("black_has_queen", "Black has at least one queen", has(chess.Black, chess.Queen)),
		pos("black_has_rook", "Black has at least one rook", has(chess.Black, chess.Rook)),
		pos("black_has_bishop", "Black has at least one bishop", has(chess.Black, chess.Bishop)),
		pos("black_has_knight", "Black has at least one knight", has(chess.Black, chess.Knight)),
		pos("black_has_pawn", "Black has at least one pawn", has(chess.Black, chess.Pawn)),
		pos("white_bare_king", "White has nothing but its king", bare(chess.White)),
		pos("black_bare_king", "Black has nothing but its king", bare(chess.Black)),
		pos("material_gone", "only the two kings are left on the board", func(p *chess.Position) bool { return p.Occupied() == p.Type(chess.King) }),
		pos("insufficient_material", "neither side can ever mate: only kings, one minor piece, or bishops all on one square colour", (*chess.Position).InsufficientMaterial),
	}
}

// Library returns a new library holding the general predicates. Each call
// returns a fresh library, so a caller may register more predicates into it.
func Library() *kb.Library[chess.Position] {
	// The shipped bases' goals compiled ahead of time (kb/gogen.go), for
	// chess's positions and moves.
	kb.RegisterGeneratedGoals[chess.Position, chess.Move]()
	lib := kb.NewLibrary[chess.Position]()
	lib.MustRegister(General()...)
	lib.MustRegister(KPK()...)
	lib.MustRegister(KPKTheory()...)
	lib.MustRegister(KRK()...)
	lib.MustRegister(KBBK()...)
	lib.MustRegister(Bratko()...)
	lib.MustRegister(Mating()...)
	lib.MustRegister(KQKR()...)
	lib.MustRegisterFunc(Terms()...)
	lib.MustRegisterConst(Constants()...)
	lib.SetSuccessors(Successors)
	lib.SetPieceLetters("KQRBNP")
	// The most legal moves of each man: a king 8 (castling only from its
	// square, where it has 5 others), a queen 27, a rook 14, a bishop 13, a
	// knight 8, a pawn a queen's (it may be promoted).
	lib.SetPieceMoves(8, 27, 14, 13, 8, 27)
	lib.SetKey((*chess.Position).Hash)
	// How a move is written: the generated move tests read the men
	// after a plain move in place (kb.MovePlace).
	special, from, to, kind := chess.MoveLayout()
	sw, sh := chess.SideWord()
	lib.SetMovePlace(kb.MovePlace{Special: special, From: from, To: to, KindShift: kind, KindBits: 3,
		Side: kb.Place{Op: kb.PlaceByte, A: sw, B: sw, Shift: sh}, Moved: "moved", MovedFrom: "moved_from", MovedTo: "moved_to"})
	for name, n := range costs {
		if p, ok := lib.Lookup(name); ok {
			p.Cost = n
		} else if f, ok := lib.LookupFunc(name); ok {
			f.Cost = n
		} else {
			panic("predicates: a cost of no predicate or primitive: " + name)
		}
	}
	return lib
}

// costs are the predicates and primitives that cost much more than a
// square's lookup, as nodes of a definition (about ten instructions
// each): the compiler caches their values per position where formulas
// read them (kb's cache.go).
var costs = map[string]int{
	"mate": 20, "stalemate": 20, "not_stalemate": 20, "legal_moves": 40,
	"room": 30, "room_box": 30, "in_room": 30, "room_distance": 30, "room_reach": 30,
}
