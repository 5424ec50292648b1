# Methods: the relation may mention only the hypotheses listed or aliased.
plan PW white depth 1
  better mate
plan PW2 white depth 2
  better mate
plan PB black depth 1
  better stalemate
advice ADV white depth 1
  better mate
method M1 easy
  pre H1: WIN, FACT = true
  action H2: suc(PW), DRAW
  relation H2 & ~DRAW & FACT -> H1 | H3   ### "the relation of method M1 mentions H3, which its pre and action neither list nor alias \(did you mean H1\?\)"
method M2 easy
  pre H1: suc(PW)
  action H2: ref(PB, PW)
  relation ref(PB, PW2) -> ~H1            ### "the relation of method M2 mentions ref\(PB, PW2\), which its pre and action neither list nor alias \(did you mean ref\(PB, PW\)\?\)"
method M3 easy
  pre H1: suc(PW or PB)                   ### "or combines plans of different sides: PW is for white, PB for black"
  action H2: suc(PW mod PB)               ### "mod combines plans of different sides"
  relation H1
method M4 hard
  pre H: PW                               ### "PW is a plan; as a hypothesis write suc\(PW\)"
  action ref(PW2, PW)                     ### "in ref\(PW2, PW\), PW2 cannot refute PW: a refutation is a plan of the other side \(both are for white\)"
  relation true
method M5 easy
  pre H1: WIN, X: LOSS = false            ### "fact condition LOSS = false takes no alias"
  action DRAW = true                      ### "a fact condition \(DRAW = true\) belongs in pre"
  relation mate(P2) | H1                  ### `mate\(P2\): a relation is over hypotheses, which take no positions`
method M6 easy                            ### "method M6 has no pre clause" "method M6 has no relation"
  action H1: WIN
method M7 easy
  pre H1: suc(ADV)                        ### "ADV is a piece of advice, not a plan"
  relation H1
method M8 easy
  pre PW: WIN                             ### "alias PW has the name of a plan"
  relation PW
method M9 easy
  pre H1: WIN
  action H1: LOSS                         ### "alias H1 is used twice in method M9 \(first at line 39\)"
  relation H1
table T white
  rule mate : ADV
