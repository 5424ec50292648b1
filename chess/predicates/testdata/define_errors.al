# Every error the checker finds in definitions, all reported in one run.
define LOOP1 = LOOP2 & mate                  ### `definition LOOP1 refers to itself: LOOP1 -> LOOP2 -> LOOP1`
define LOOP2 = LOOP1
define TWICE(s: square, s: int) = true       ### `definition TWICE names parameter s twice`
define THREE(P1, P2, P3) = true              ### `more than two position parameters`
define TYPED(s: sqare) = true                ### `unknown type sqare of parameter s .*\(did you mean square\?\)`
define MANY(a: int, b: int, c: int, d: int, e: int, f: int, g: int, h: int, i: int) = true   ### `has more than 8 value parameters`
define HUGE = 99999999999 > 0                ### `number 99999999999 is too large`
define IN_BAD(P1, P2) = room in P3 < 3       ### `P3 is not a position of definition IN_BAD: after in comes one of its position parameters or move variables`
define NOT_INT = ~3                          ### `~ needs a condition \(bool\), but this is an integer`
define LESS = white king < 3                 ### `< compares integers, but this is a square`
define MIXED = white king = 3                ### `= compares a square with an integer: both sides must have one type`
define OF_SQ = some square s of P1: true     ### `of names the position whose moves a move quantifier ranges over`
define NEST = some square a: some square b: some square c: some square d: some square e: some square f: some square g: some square h: some square i: true  ### `too many variables in scope in definition NEST`
define OF_BAD = some move Q of P9: true      ### `P9 is not a position of definition OF_BAD: after of comes`
define DEEP = some move A: some move B: some move C: some move D: true   ### `too many positions in scope in definition DEEP`
define BODY = count square s: file(s)        ### `the body of count square needs a condition \(bool\), but this is an integer`
define LEAST = least move Q: mate in Q        ### `the body of least move needs an integer, but this is a condition \(bool\)`
define POSVAL(P1, P2) = P1                   ### `P1 is a position: use it as an argument`
define TWO(P1, P2) = captured(P1)            ### `primitive captured takes two positions, but is given 1 argument`
define ARGS = dist(a1)                       ### `primitive dist takes a square, a square, but is given 1 argument`
define ARGTYPE = dist(a1, 3) = 0             ### `argument 2 of dist must be a square, but this is an integer`
define NOTPOS(P1, P2) = captured(P1, e4)     ### `e4 is not a position: captured takes positions first`
define ROOMOF(P1) = room in P1
define NOPOS = ROOMOF(P1) < 5                ### `P1 is not a position: ROOMOF takes positions first \(the parameters of definition NOPOS`
define PAT = DIV                             ### `DIV is a pattern; a definition can use only definitions, primitives and library predicates`
define CONSTF = a1(2)                        ### `a1 is a square, not a function: write it without parentheses`
define UNKNOWN = rom > 3                     ### `unknown name rom \(did you mean room\?\)`
define BRANCH = if mate then 1 else a1       ### `the two branches of if must have one type, but then gives an integer and else a square`
define file = true                           ### `definition file has the name of a library primitive; choose another name`
define e4 = true                             ### `definition e4 has the name of a square of the library \(e4\); choose another name`
define MEASURE = room
define HELPER(s: square) = edge(s)
define COSTLY = some move A: some move B: some move C: true   ### `definition COSTLY could take too long`
pattern DIV = MEASURE                        ### `definition MEASURE is a measure \(int\); a formula can use a definition that is a condition \(bool\) on positions only`
pattern H = HELPER                           ### `definition HELPER is a function \(\(s: square\) bool\)`
advice A white depth 1
  better DIV | H
table T white
  rule true : A
