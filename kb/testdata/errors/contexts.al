# A pattern that is right where it is written but not where it is used.
pattern G = grew
pattern F(P2) = G & mate                ### "pattern G cannot be used here: relation predicate grew needs explicit positions in pattern F, which has one parameter"
advice A white depth 1
  better F
table T white
  rule mate : A
