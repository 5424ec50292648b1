# Cycles among patterns are reported once, where the cycle closes.
pattern A = B & mate                    ### "pattern A refers to itself: A -> B -> C -> A"
pattern B = C
pattern C = ~A
pattern SELF = SELF | mate              ### "pattern SELF refers to itself: SELF -> SELF"
lemma L = A | L2                        ### "lemma L refers to itself: L -> L2 -> L"
lemma L2 = L
advice X white depth 1
  better A | SELF
table T white
  rule true : X
