//go:build !race

package chessverify

const raceOn = false
