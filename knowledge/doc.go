// Package knowledge owns the shipped knowledge bases (.al1 advice tables and
// .al3 AL3 bases), embedded in the binary so that `al` can run them without
// the source tree. It imports nothing of ours.
package knowledge
