# Plans, advice and tables.
plan P0 white depth 0                   ### "depth must be a positive integer \(at most 1000\), not 0"
  better mate
plan P1 white                           ### "plan P1 has no depth: write `depth N` after the side \(the most moves white may make\)"
  better mate
plan P2 white depth 99999999999999999999999   ### "depth must be a positive integer"
  better mate
plan P3 black depth 1                   ### "plan P3 has no better goal: write `better FORMULA`"
  holding mate
plan P4 black depth 1
  better mate
  option sacrifice, sacrfice            ### "unknown option sacrfice \(the options are: sacrifice, al0, semistatic\) \(did you mean sacrifice\?\)"
advice A white depth 2
  better mate
  option sacrifise                      ### "unknown option sacrifise \(the options are: sacrifice, al0, semistatic\) \(did you mean sacrifice\?\)"
advice B black depth 1
  better stalemate
table T white
  rule mate :                           ### "rule names no advice: write `rule CONDITION : ADVICE, ...`"
  rule check : B                        ### "advice B is advice for black, but table T is for white"
  rule true : A, P0, P1, P2, P3          ### "plan P3 is advice for black, but table T is for white"
table U black                           ### "table U has no rules"
plan P5 white depth 1
  better mate
  nodes 0                               ### "nodes must be a positive integer \(the most nodes one search of plan P5 may visit\), not 0"
