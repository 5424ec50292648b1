# Messages that say what is missing.
method M easy
  pre H1 GANA                           ### `unexpected name GANA in method \(is a comma or an operator missing before it\?\)`
method N easy
  preH1: X                              ### "unexpected name preH1 in method; each line of a method starts with pre, action or relation"
advice A white depth x                  ### "unexpected name x in advice, expected a number"
advice B green depth 1                  ### `unexpected name green in advice, expected "white" or "black"`
method O easy
  pre H1: GANA = maybe                  ### `unexpected name maybe in method, expected "true" or "false"`
query suc P                             ### `expected "\(" after suc, found name P`
observe A B                             ### "unexpected name B in observe"
pattern X(P1 P2) = mate                 ### `expected "," or "\)" in the parameters of the pattern, found name P2`
pattern Y() = mate                      ### `expected a parameter \(P0, P1 or P2\), found "\)"`
