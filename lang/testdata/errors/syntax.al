# Syntax errors: one run reports one per declaration, and every lexical error.
   ) garbage                                         ### `expected a declaration \(query, pattern, observe, lemma, method, plan, advice, table, define, import or endgame\), found "\)"`
query                                                ### `expected a hypothesis \(a name, suc\(PLAN\) or ref\(PLAN, PLAN\)\), found end of declaration`
pattern plan = mate                                  ### `unexpected keyword "plan" in pattern, expected a name \("plan" is a reserved word and cannot be a name\)`
pattern OK = mate & (check | stalemate               ### `expected "\)" to close the "\(" at 5:21, found end of declaration`
pattern A = mate &                                   ### "expected a formula .*found end of declaration"
pattern B = mate @ check                             ### `unexpected character '@'` "unexpected name check in pattern"
pattern C = mate then check                          ### `"then" orders moves: it is allowed only at the top of a moves or replies clause`
plan P white depth 1
  moves a then (b then c)                            ### `"then" orders moves`
plan Q white depth 1
  rule x : y                                         ### `a plan takes no "rule" clause \(plan Q takes better, holding, otherwise, moves, option and nodes\)`
  better x
  better y                                           ### `plan Q has a second "better" clause \(the first is at line 13\)`
advice A white depth 1
  moves x then y
  replies any then z
pattern D = room_smaller(P0 P2)                      ### `expected "," or "\)" in the arguments of room_smaller, found name P2`
pattern E = room_smaller()                           ### `expected a position \(P0, P1 or P2\) as argument of room_smaller, found "\)"`
method M easy
  pre H1: suc(A or)                                  ### "expected a plan name or a combination"
method N easy
  pre H1: ref(A)                                     ### `expected "," after ref`
method O medium                                      ### `unexpected name medium in method, expected "easy" or "hard"`
table T white
  rule x : A, B
  rule y                                             ### `unexpected end of clause in table, expected ":"`
plan R white depth                                   ### `unexpected end of declaration in plan, expected a number`
plan                                                 ### `unexpected end of declaration in plan, expected a name`
advice S white depth 1 replies any option            ### `unexpected end of clause in advice, expected a name`
lemma X = , Y                                        ### `expected a formula .*found ","`
