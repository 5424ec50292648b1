package knowledge_test

import (
	"testing"

	"github.com/advicelang/al/internal/chessverify"
	"github.com/advicelang/al/internal/testenv"
	"github.com/stretchr/testify/require"
)

// TestKBBKDriveFigures pins kbbk-drive.al1's figures on a fixed sample
// (300 won KBBK starts drawn with seed 3, the fifty-move rule applied, the
// prover's default node budget), so that a change to the table or to the
// vocabulary it imports cannot make it longer, or run out of nodes,
// unnoticed: every start proved, worst 35 moves and mean 22.29 (the
// tablebase's mean 12.64 on the same starts; before MATE_NEAR, the mate
// looked for in a small room, 43 and 30.75; with it seven moves deep in a
// room of four squares, 41 and 28.32; nine moves deep, 41 and 27.68; in a
// room of eight, 37 and 24.89; with the closing from a squeeze of 24 and
// five times the kings' distance, the nineteenth session's, 37 and
// 24.28; with the black king's distance to the edge and to the corner in
// the closing, 37 and 23.34; the chase far from a corner, the twentieth
// session's, 36 and 23.62; and the mate within eleven moves in a room of
// six, as shipped since the twenty-second session, 35 and 22.29).
// The ninth session's table,
// its last step six moves deep, proved 134 of these starts and left 166
// undetermined (out of nodes). The whole endgame's figures are in
// docs/verify.md. About a minute and a half of CPU on a loaded machine,
// so it runs with AL_SLOW=1 (make verify); TestAL1TablesCompile stands in
// for it in make test.
func TestKBBKDriveFigures(t *testing.T) {
	testenv.SkipUnlessSlow(t, "300 random KBBK starts, each a long game against every defence")
	rep := tableFigures(t, "kbbk", "kbbk-drive.al1", "KBBK_DRIVE", chessverify.Options{Sample: 300, Seed: 3, FiftyMove: true})
	require.LessOrEqual(t, rep.Worst, 35)
	require.LessOrEqual(t, rep.Mean, 22.295)
}
