# A declaration with several bad clauses reports each of them.
plan P white depth 1
  better mate &                         ### `expected a formula .*, found end of clause`
  holding ~                             ### `expected a formula .*, found end of clause`
  moves a then (b then c)               ### `"then" orders moves`
method M easy
  pre H1 GANA                           ### `unexpected name GANA in method \(is a comma or an operator missing before it\?\)`
  action H2:                            ### `expected a hypothesis .*, found end of clause`
  relation H2 ->                        ### `expected a formula .*, found end of clause`
table T                                 ### `unexpected end of declaration in table, expected "white" or "black"`
  rule a : b
  rule c                                ### `unexpected end of clause in table, expected ":"`
advice N white depth 1
  better mate
  nodes many                            ### `unexpected name many in advice, expected a number`
