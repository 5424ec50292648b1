# Positions: arguments are P0, P1 or P2, position predicates read one,
# relation predicates two; rules and lemmas read one position.
pattern A = mate(P1, P2)                ### `mate is a position predicate: it reads one position, but is given 2 \(P1, P2\)`
pattern B = grew(P2)                    ### `grew is a relation predicate: it reads two positions, but is given 1 \(P2\)`
pattern C = mate(P3)                    ### `P3 is not a position: the positions are P0 \(the root\), P1 \(before the last move\) and P2 \(after it\)`
pattern D(P1, P2) = grew(P0, P2)        ### `P0 is not a parameter of pattern D \(its parameters are P1, P2\)`
pattern E(P1, Q) = grew                 ### "parameter Q of pattern E is not a position"
pattern F(P2) = grew                    ### "relation predicate grew needs explicit positions in pattern F, which has one parameter"
pattern G = grew
pattern H(P1, P2) = grew(P1, P2)
lemma L1 = grew                         ### `grew is a relation predicate \(it compares two positions\), but lemma L1 reads one position`
lemma L2 = G                            ### "pattern G compares two positions \(it uses a relation predicate\), but lemma L2 reads one position"
lemma grew                              ### "grew is a relation predicate"
lemma L3 = H                            ### "pattern H compares two positions \(P1, P2\), but lemma L3 reads one position"
advice X white depth 1
  better H(P0)                          ### `pattern H reads 2 positions \(P1, P2\), but is given 1 \(P0\)`
  holding G(P0, P2)                     ### "pattern G has no parameters"
  moves any & mate                      ### "any \(every move\) can only be a whole moves or replies clause"
  replies suc(X)                        ### "suc\(X\) is a hypothesis term; it can appear only in a method"
table T white
  rule grew(P0, P2) : X                 ### "grew is a relation predicate \(it compares two positions\), but a table rule reads one position"
  rule G : X                            ### "pattern G compares two positions"
