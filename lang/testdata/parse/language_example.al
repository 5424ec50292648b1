# The example of LANGUAGE.md, with comments kept where they were and every
# spelling of the operators.
query GANA                       # the question `al solve` asks when none is given

pattern CORRE_PEON = pawn_runs   # a name for a library predicate or a formula
pattern PEON_A_SALVO = ~PIERDE_PEON
pattern CERCA(P1, P2) = king_not_farther(P1, P2)   # a move pattern: before and after

observe PEON_T                   # evaluated once, before the first cycle; become facts
lemma PIERDE_PEON, CORRE_PEON, CASILLAS_CRITICAS, PEON_BLOQUEADO
                                 # hypotheses decided directly by evaluating the
                                 # pattern or library predicate of the same name;
                                 # `lemma NAME = FORMULA` defines one inline
lemma  LIBRE = ~(pawn_blocked+pawn_lost)



method M2 easy                   # cost class: easy or hard
  pre      H1: GANA_PEON_NT, PEON_T = false
  action   H2: CORRE_PEON, H3: CASILLAS_CRITICAS, H4: PATRON_BP6
  relation H2 | H3 | H4 -> H1

method M_OR hard
  pre suc(P_BLANCO_NT mod P_BLANCO_T)
  action ref(P_NEGRO or (P_A mod P_B), P_BLANCO_NT)
  relation (ref(P_NEGRO or (P_A mod P_B), P_BLANCO_NT) => ~suc(P_BLANCO_NT mod P_BLANCO_T)) <=> true

plan P_BLANCO_NT white depth 1   # side, and the most moves that side may make
  better  CASILLAS_CRITICAS | CORRE_PEON | PATRON_BP6
  holding PEON_A_SALVO & NOAHOGADO          # optional, default true
  moves   MREYB & RB_CERCA                  # optional, default any

advice MATE1 white depth 2       # AL1 piece of advice: a plan plus the opponent's constraint
  better  mate
  holding ~rook_lost
  # the move constraint, in order
  moves   rook_move & check then rook_move |
          white_king_move      # split over two lines
  replies any                    # MCy; optional, default any
  option  sacrifice              # optional flags, see Semantics

table KRK white                  # an AL1 advice table: ordered rules
  rule kings_opposed            : MATE1
  rule rook_divides & ~kings_opposed : SQUEEZE, APPROACH   # first
                                                           # second
  rule (a -> b) -> c | (d <-> (e <-> f)) & (g & (h & i)) : DIVIDE
  rule room_smaller(P0, P2) & ~~false : DIVIDE
# trailing comment
