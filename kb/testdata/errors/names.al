# Unknown names, with the nearest known name suggested; duplicates.
pattern RUNS = pawn_run                 ### "unknown predicate or pattern pawn_run \(did you mean pawn_runs\?\)"
pattern SAFE = ~RUN                     ### "unknown predicate or pattern RUN \(did you mean RUNS\?\)"
pattern RUNS = mate                     ### "RUNS is already declared as a pattern at line 2"
pattern mate = check                    ### "pattern mate has the name of a library predicate; choose another name"
plan P white depth 1
  better SAFE | M                       ### "M is a method, not a predicate or pattern"
  holding RUNS
method M easy
  pre H1: WIN
  action H2: suc(Q)                     ### "unknown plan Q \(did you mean P\?\)"
  relation H2 -> H1
method M easy                           ### "M is already declared as a method at line 9"
  pre H1: WIN
  relation H1
lemma xyzzy                             ### "unknown predicate or pattern xyzzy"
lemma RUNS, RUNS                        ### "RUNS is already a lemma or observation \(at line 17\)"
observe RUNS                            ### "RUNS is already a lemma or observation \(at line 17\)"
query WIN
query WIN                               ### "a second query \(the first is at line 19\)"
table T white
  rule mate : P, Px                     ### "unknown advice Px \(did you mean P\?\)"
  rule mate : M                         ### "M is a method; a rule names advice or plans"
