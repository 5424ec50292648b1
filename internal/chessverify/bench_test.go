package chessverify

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/verify"
)

// The benchmarks verify a shipped base on a sample of its endgame and
// report positions verified per second (docs/verify.md has the figures of
// the whole endgames, from `make verify`). The tablebase comes from the
// user cache (generated on first use).

func benchTable(b *testing.B, file string, eg tablebase.Endgame, sample int) {
	benchTableWorkers(b, file, eg, sample, 0)
}

// benchTableWorkers verifies with w workers (0: all cores) and reports,
// besides positions a second, the CPU time of the process (user and
// system) per verification: on a shared machine the wall clock says little
// about what the workers cost.
func benchTableWorkers(b *testing.B, file string, eg tablebase.Endgame, sample, w int) {
	tb := tablebase.New(tablebase.Options{})
	tab, err := tb.Table(eg)
	if err != nil {
		b.Fatal(err)
	}
	t := loadB(b, file).Tables[0]
	o := Options{Sample: sample, Seed: 1, Workers: w}
	starts := TableStarts(tab, t.Side, o)
	b.ResetTimer()
	cpu0 := cpuTime()
	var ws workerFigures
	for b.Loop() {
		rep, err := Table(context.Background(), t, eg, starts, o)
		if err != nil {
			b.Fatal(err)
		}
		ws.add(rep.Stats.Workers)
	}
	b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(len(starts))*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
	ws.report(b)
}

// workerFigures sums what the workers of a benchmark's runs did
// (verify.TableStats.Workers): their search nodes, the second worker's
// extra work beside one worker's (docs/verify.md, "Workers, memory and
// CPU"), and how long the first worker to end waited for the last.
type workerFigures struct {
	runs        int
	searchNodes int64
	endGap      time.Duration
}

func (f *workerFigures) add(ws []verify.WorkerStats) {
	f.runs++
	first, last := time.Duration(-1), time.Duration(0)
	for _, w := range ws {
		f.searchNodes += w.SearchNodes
		if first < 0 || w.End < first {
			first = w.End
		}
		last = max(last, w.End)
	}
	f.endGap += last - first
}

func (f *workerFigures) report(b *testing.B) {
	if f.runs == 0 {
		return
	}
	b.ReportMetric(float64(f.searchNodes)/float64(f.runs)/1e6, "search-Mnodes/op")
	b.ReportMetric(f.endGap.Seconds()*1000/float64(f.runs), "end-gap-ms/op")
}

// cpuTime is the user and system time of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkVerifyKRKWorkers verifies bratko.al1 and krk-proved.al1 over
// the whole of KRK (175,168 starts) with one worker and with two: the
// speed-up of the second worker is the ratio of the times (on an idle
// machine), and its cost the ratio of cpu-s/op.
func BenchmarkVerifyKRKWorkers(b *testing.B) {
	for _, file := range []string{"bratko.al1", "krk-proved.al1"} {
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", file, w), func(b *testing.B) {
				benchTableWorkers(b, file, tablebase.MustEndgame("krk"), 0, w)
			})
		}
	}
}

// BenchmarkVerifyKBBKWorkers verifies kbbk-proved.al1 over the first
// 32nd of KBBK's starts in the tablebase's order (78,238 starts) with
// one worker and with two, which share their searchers' memo (prover.SharedMemo): the ratio of
// the times is the second worker's speed-up on an idle machine, the ratio
// of cpu-s/op its cost. The whole endgame is 32 times as long and its
// searches share more (docs/verify.md, "Workers, memory and CPU").
func BenchmarkVerifyKBBKWorkers(b *testing.B) {
	tb := tablebase.New(tablebase.Options{})
	eg := tablebase.MustEndgame("kbbk")
	tab, err := tb.Table(eg)
	if err != nil {
		b.Fatal(err)
	}
	t := loadB(b, "kbbk-proved.al1").Tables[0]
	_, total := CountTableStarts(tab, t.Side, 0)
	starts := SampleTableStartsIn(tab, t.Side, 0, 0, 0, (total+31)/32)
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			o := Options{Workers: w}
			cpu0 := cpuTime()
			var ws workerFigures
			for b.Loop() {
				rep, err := Table(context.Background(), t, eg, starts, o)
				if err != nil {
					b.Fatal(err)
				}
				ws.add(rep.Stats.Workers)
			}
			b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
			b.ReportMetric(float64(len(starts))*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
			ws.report(b)
		})
	}
}

func BenchmarkTableKRK(b *testing.B) { benchTable(b, "krk.al1", tablebase.MustEndgame("krk"), 20000) }
func BenchmarkTableAL0(b *testing.B) {
	benchTable(b, "bratko.al1", tablebase.MustEndgame("krk"), 20000)
}
func BenchmarkTableKBBK(b *testing.B) { benchTable(b, "kbbk.al1", tablebase.MustEndgame("kbbk"), 5000) }

// BenchmarkTableKBBKOneWorker is issue 21's figure: the 5,000-start KBBK
// sample of kbbk.al1 (seed 1) with one worker, whose cpu-s/op is the CPU
// of `al verify kbbk.al1 --endgame kbbk --sample 5000 --seed 1 --workers
// 1` less its set-up (the process, the table, the tablebase, the draw of
// the sample).
func BenchmarkTableKBBKOneWorker(b *testing.B) {
	benchTableWorkers(b, "kbbk.al1", tablebase.MustEndgame("kbbk"), 5000, 1)
}
func BenchmarkTableKRKProved(b *testing.B) {
	benchTable(b, "krk-proved.al1", tablebase.MustEndgame("krk"), 20000)
}
func BenchmarkTableKQKProved(b *testing.B) {
	benchTable(b, "krk-proved.al1", tablebase.MustEndgame("kqk"), 20000)
}
func BenchmarkTableKBBKProved(b *testing.B) {
	benchTable(b, "kbbk-proved.al1", tablebase.MustEndgame("kbbk"), 40)
}

func BenchmarkBaseKPK(b *testing.B)         { benchBase(b, "kpk.al3") }
func BenchmarkBaseKPKComplete(b *testing.B) { benchBase(b, "kpk-complete.al3") }

func benchBase(b *testing.B, file string) {
	tb := tablebase.New(tablebase.Options{})
	tab, err := tb.Table(tablebase.MustEndgame("kpk"))
	if err != nil {
		b.Fatal(err)
	}
	base := loadB(b, file)
	o := Options{Sample: 5000, Seed: 1}
	cases := BaseCases(tab, o)
	truth := Truth{"TABLAS": false}
	b.ResetTimer()
	for b.Loop() {
		if _, err := Base(context.Background(), tb, base, nil, truth, tablebase.MustEndgame("kpk"), cases, o); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(cases))*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkTableStarts builds every start of a run before its workers
// start, on the machine's cores (buildStarts): the whole of KRK (175,168
// starts) and the first pass of the whole of KBBK (835,584), with the
// process's CPU time per build beside the time; the counts they need are
// made once, before the timer.
func BenchmarkTableStarts(b *testing.B) {
	for _, c := range []struct {
		eg string
		n  int
	}{{"krk", 175168}, {"kbbk", 835584}} {
		b.Run(c.eg, func(b *testing.B) {
			tab, err := tablebase.New(tablebase.Options{}).Table(tablebase.MustEndgame(c.eg))
			if err != nil {
				b.Fatal(err)
			}
			SampleTableStartsIn(tab, game.White, 0, 1, 0, 1)
			cpu0 := cpuTime()
			for b.Loop() {
				if s := SampleTableStartsIn(tab, game.White, 0, 1, 0, c.n); len(s) != c.n {
					b.Fatalf("%d starts, want %d", len(s), c.n)
				}
			}
			b.ReportMetric((cpuTime()-cpu0).Seconds()*1000/float64(b.N), "cpu-ms/op")
		})
	}
}
