//go:build !race

package chessplay

const raceOn = false
