package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/epistemicfold/ef/bench"
	"github.com/epistemicfold/ef/bench/engines"
	"github.com/epistemicfold/ef/bench/replay"
	"github.com/epistemicfold/ef/bench/report"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
)

// RunBench implements `ef bench`: replay a corpus through EF and the
// baseline engines and compare them.
func RunBench(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("bench", "bench [flags]", stderr,
		"Replays sessions through EF, the host's Basic engine, observation masking and no compaction",
		"at the same window with the same scripted summarizer, and prints cost, cache, fold and recall numbers.",
		"With no flags it runs the built-in corpus (synthetic sessions with planted facts and two small real logs).")
	corpus := fs.String("corpus", "", "replay every trajectory under `DIR` (any supported format) instead of the built-in corpus")
	window := fs.Int("window", bench.DefaultWindow, "the model's context window in o200k_base `tokens`, as in ef fold: every engine prices pressure with o200k_base")
	seed := fs.Uint64("seed", 0, "seed of the summarizer persona and of the synthetic sessions (0: the documented built-in corpus)")
	persona := fs.String("persona", string(replay.Faithful), "scripted summarizer persona: faithful, leaky or forgetful")
	engineList := fs.String("engines", strings.Join(engines.Names(), ","), "comma-separated `engines` to compare: "+strings.Join(engines.Names(), ", "))
	asJSON := fs.Bool("json", false, "print the report as JSON instead of tables")
	htmlDir := fs.String("html", "", "also write a self-contained HTML report with charts to `DIR`/index.html")
	limit := fs.Int("limit-sessions", 0, "replay at most `N` sessions (0: all)")
	maxSteps := fs.Int("max-steps", 0, "stop each session after `N` model requests (0: all)")
	parallel := fs.Int("parallel", 0, "engines replayed at once (0: one per CPU)")
	outputPrice := fs.Float64("output-price", replay.DefaultOutputPrice, "`price` of a summarizer output token in uncached input tokens")
	efTarget := fs.Float64("ef-target", 0, "EF leaf-fold target as a share of the window (0: the engine default)")
	efMerge := fs.Float64("ef-merge", 0, "EF merges its frozen checkpoints above this share of the window (0: the engine default, negative: never)")
	efNoDigest := fs.Bool("ef-no-digest", false, "turn off EF's optional semantic digest (deterministic checkpoints only)")
	sweep := fs.Bool("sweep", false, "run every combination of --windows, --personas and --corpora and print one table (slow: minutes per run on the shared corpus)")
	windows := fs.String("windows", "8192,16384,32768,65536", "with --sweep: comma-separated `windows` in o200k_base tokens")
	personas := fs.String("personas", "faithful,leaky,forgetful", "with --sweep: comma-separated `personas`")
	corpora := fs.String("corpora", "builtin", "with --sweep: comma-separated corpus `dirs` (builtin: the built-in corpus)")
	sweepJobs := fs.Int("sweep-jobs", 1, "with --sweep: `runs` replayed at once (each also runs its engines in parallel; EF's folds wait on fsync, so a few at once use the CPU better)")
	efRho := fs.Float64("ef-rho", 0, "cache price ratio EF sizes its folds for (0: the engine default, negative: fold only at the threshold)")
	efRetain := fs.Float64("ef-retain", 0, "EF's retained tail as a share of the window (0: the engine default)")
	efDigestLeaves := fs.Bool("ef-digest-leaves", false, "EF's leaf folds write a semantic digest too (default: only root folds)")
	efRetainReq := fs.Float64("ef-retain-requests", 0, "EF's retained tail starts at the model's `N`-th latest answer (0: the engine default, 1: only what the model has not been sent yet)")
	efHit := fs.Float64("ef-hit", 0, "prompt-cache hit rate EF sizes its folds for when the cost optimum falls short of it; where the window cannot give a cycle that rate, EF folds at the threshold (0: the engine default, negative: size folds for cost alone)")
	efThreshold := fs.Float64("ef-threshold", 0, "EF's pressure threshold as a share of the window (0: the engine default)")
	if err := parseNone(fs, args); err != nil {
		return err
	}
	// The flags of one mode are refused in the other, not ignored: 'ef
	// bench --corpora ../shared/corpus' replayed the built-in corpus, and
	// 'ef bench --sweep --window 65536' swept the default windows.
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, f := range [][2]string{{"windows", "--window N"}, {"personas", "--persona NAME"}, {"corpora", "--corpus DIR"}, {"sweep-jobs", "--parallel N"}} {
		if set[f[0]] && !*sweep {
			return usageError("--%s is for --sweep; one run takes %s", f[0], f[1])
		}
	}
	for _, f := range [][2]string{{"window", "--windows"}, {"persona", "--personas"}} {
		if set[f[0]] && *sweep {
			return usageError("with --sweep, name %ss with %s (--%s is for one run)", f[0], f[1], f[0])
		}
	}
	if *window <= 0 {
		return usageError("--window must be positive, got %d", *window)
	}
	if *outputPrice <= 0 {
		return usageError("--output-price must be positive, got %v", *outputPrice)
	}
	if *efTarget < 0 || *efTarget > hostshim.PressureRatio {
		return usageError("--ef-target must lie in [0, %v] (the pressure threshold), got %v", hostshim.PressureRatio, *efTarget)
	}
	if *efRho > 1 || *efRetainReq < 0 || *efRetain < 0 || *efRetain > 0.8 || *efThreshold < 0 || *efThreshold > 1 {
		return usageError("--ef-rho must be at most 1, --ef-retain in [0, 0.8], --ef-retain-requests not negative, --ef-threshold in [0, 1]")
	}
	if *efHit >= 1 {
		return usageError("--ef-hit must be below 1, got %v", *efHit)
	}
	if *limit < 0 || *maxSteps < 0 {
		return usageError("--limit-sessions and --max-steps must not be negative")
	}
	p, err := replay.ParsePersona(*persona)
	if err != nil {
		return usageError("%v", err)
	}
	names, err := engines.Parse(*engineList)
	if err != nil {
		return usageError("%v", err)
	}
	// Check the paths before the replay, which takes minutes: a missing
	// corpus or an unwritable report directory is reported at once.
	if *corpus != "" {
		if err := checkDir("--corpus", *corpus); err != nil {
			return err
		}
	}
	if *htmlDir != "" {
		if err := benchCheckHTMLDir(*htmlDir); err != nil {
			return err
		}
	}
	opts := bench.RunOptions{Window: *window, Seed: *seed, Persona: p, Engines: names, CorpusDir: *corpus,
		LimitSessions: *limit, MaxSteps: *maxSteps, Parallel: *parallel, OutputPrice: *outputPrice,
		EF: engines.EFPolicy{Policy: engine.Policy{TargetRatio: *efTarget, MergeRatio: *efMerge, CachePriceRatio: *efRho,
			RetainRequests: *efRetainReq, ThresholdRatio: *efThreshold, HitTarget: *efHit, DigestLeaves: *efDigestLeaves},
			RetainRatio: *efRetain, NoDigest: *efNoDigest},
		Warn: func(s string) { fmt.Fprintf(stderr, "ef bench: skipped %s\n", s) },
		Note: func(s string) { fmt.Fprintf(stderr, "ef bench: %s\n", s) }}
	if *sweep {
		if *sweepJobs < 1 {
			return usageError("--sweep-jobs must be at least 1, got %d", *sweepJobs)
		}
		return runSweep(ctx, opts, *windows, *personas, *corpora, *sweepJobs, *asJSON, *htmlDir, stdout, stderr)
	}
	bar := benchNewProgress(stderr)
	if bar != nil {
		opts.Progress = bar.update
		opts.Warn = func(s string) { bar.clear(); fmt.Fprintf(stderr, "ef bench: skipped %s\n", s) }
		opts.Note = func(s string) { bar.clear(); fmt.Fprintf(stderr, "ef bench: %s\n", s) }
	}
	rep, err := bench.Run(ctx, opts)
	if bar != nil {
		bar.clear()
	}
	if err != nil {
		return err
	}
	if *asJSON {
		err = report.JSON(stdout, rep)
	} else {
		err = report.Table(stdout, rep)
	}
	if err != nil {
		return err
	}
	if *htmlDir != "" {
		path, err := report.HTML(*htmlDir, rep)
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "ef bench: wrote %s\n", path)
	}
	return nil
}

// benchCheckHTMLDir creates the --html directory and checks that a file can
// be created in it.
func benchCheckHTMLDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("--html: %w", err)
	}
	f, err := os.CreateTemp(dir, ".ef-bench-check-*")
	if err != nil {
		return fmt.Errorf("--html %s: not writable: %w", dir, err)
	}
	name := f.Name()
	f.Close()
	if err := os.Remove(name); err != nil {
		return fmt.Errorf("--html %s: %w", dir, err)
	}
	return nil
}

// benchProgress draws a one-line status on a terminal, redrawn in place.
type benchProgress struct {
	w    io.Writer
	mu   sync.Mutex
	last time.Time
	t0   time.Time
	drew bool
}

// benchNewProgress returns a bar when w is a terminal, else nil.
func benchNewProgress(w io.Writer) *benchProgress {
	if !isTerminal(w) {
		return nil
	}
	return &benchProgress{w: w, t0: time.Now()}
}

// isTerminal reports whether w is a terminal: a character device, or a
// writer that says whether it is one (a Terminal() bool method, as a test's
// stand-in for a terminal has).
func isTerminal(w io.Writer) bool {
	if t, ok := w.(interface{ Terminal() bool }); ok {
		return t.Terminal()
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func (b *benchProgress) update(p bench.Progress) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := time.Now()
	if now.Sub(b.last) < 100*time.Millisecond && p.Done != p.Total {
		return
	}
	b.last = now
	const width = 30
	f := p.Fraction()
	n := int(f * width)
	name := p.Name
	if len(name) > 40 {
		name = "…" + name[len(name)-39:]
	}
	b.drawLocked(fmt.Sprintf("[%s%s] %3.0f%%  session %d/%d %s  %s", strings.Repeat("#", n), strings.Repeat(".", width-n), 100*f,
		p.Session, p.Sessions, name, time.Since(b.t0).Round(time.Second)))
}

// show draws line in place of the last one.
func (b *benchProgress) show(line string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.drawLocked(line)
}

func (b *benchProgress) drawLocked(line string) {
	fmt.Fprint(b.w, "\r\x1b[K"+line)
	b.drew = true
}

func (b *benchProgress) clear() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.drew {
		fmt.Fprint(b.w, "\r\x1b[K")
		b.drew = false
	}
}

// sweepProgress says on stderr how a sweep is going. On a terminal that is
// one status line, redrawn as runs start and end. Otherwise (a log, a
// pipe) it is a line when the sweep starts and one as each quarter of its
// runs is done: at most five lines, however long the sweep. Safe for
// concurrent use.
type sweepProgress struct {
	w       io.Writer
	bar     *benchProgress // nil: not a terminal
	mu      sync.Mutex
	t0      time.Time
	total   int
	done    int
	running int
	told    int    // quarters of the runs said to be done (not a terminal)
	last    string // the run started last
}

func newSweepProgress(w io.Writer, total, jobs int) *sweepProgress {
	p := &sweepProgress{w: w, bar: benchNewProgress(w), t0: time.Now(), total: total}
	if p.bar == nil {
		fmt.Fprintf(w, "ef bench --sweep: %s, %d at a time\n", count(total, "run"), jobs)
	}
	return p
}

// started notes that run i (from 0) of the sweep, o, started.
func (p *sweepProgress) started(i int, o bench.RunOptions) {
	p.mu.Lock()
	defer p.mu.Unlock()
	name := o.CorpusDir
	if name == "" {
		name = "built-in"
	}
	p.running++
	p.last = fmt.Sprintf("run %d of %d: %s, window %d, %s", i+1, p.total, name, o.Window, o.Persona)
	p.drawLocked()
}

// finished notes that a run ended.
func (p *sweepProgress) finished() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.running--
	p.done++
	if p.bar != nil {
		p.drawLocked()
		return
	}
	if q := 4 * p.done / p.total; q > p.told {
		p.told = q
		fmt.Fprintf(p.w, "ef bench --sweep: %d of %d runs done (%s)\n", p.done, p.total, time.Since(p.t0).Round(time.Second))
	}
}

// warn prints a warning line, under the status line on a terminal.
func (p *sweepProgress) warn(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		p.bar.clear()
	}
	fmt.Fprintf(p.w, "ef bench: skipped %s\n", s)
	p.drawLocked()
}

func (p *sweepProgress) drawLocked() {
	if p.bar != nil && p.last != "" {
		p.bar.show(fmt.Sprintf("ef bench --sweep: %s; %d done, %d running  %s", p.last, p.done, p.running, time.Since(p.t0).Round(time.Second)))
	}
}

// end takes the status line away.
func (p *sweepProgress) end() {
	if p.bar != nil {
		p.bar.clear()
	}
}

// runSweep runs the bench once per corpus × window × persona and prints
// the sweep table (or JSON), and the HTML pages when htmlDir is set.
func runSweep(ctx context.Context, opts bench.RunOptions, windows, personas, corpora string, jobs int, asJSON bool, htmlDir string, stdout, stderr io.Writer) error {
	var ws []int
	for _, f := range strings.Split(windows, ",") {
		var w int
		if _, err := fmt.Sscan(strings.TrimSpace(f), &w); err != nil || w <= 0 {
			return usageError("--windows: %q is not a positive window", f)
		}
		ws = append(ws, w)
	}
	var ps []replay.Persona
	for _, f := range strings.Split(personas, ",") {
		p, err := replay.ParsePersona(strings.TrimSpace(f))
		if err != nil {
			return usageError("--personas: %v", err)
		}
		ps = append(ps, p)
	}
	var cs []string
	for _, f := range strings.Split(corpora, ",") {
		f = strings.TrimSpace(f)
		if f == "builtin" || f == "built-in" {
			f = ""
		} else if err := checkDir("--corpora", f); err != nil {
			// Checked before the first run: a sweep takes minutes a run.
			return err
		}
		cs = append(cs, f)
	}
	if opts.CorpusDir != "" {
		return usageError("with --sweep, name corpora with --corpora")
	}
	var todo []bench.RunOptions
	for _, c := range cs {
		for _, w := range ws {
			for _, p := range ps {
				o := opts
				o.CorpusDir, o.Window, o.Persona = c, w, p
				todo = append(todo, o)
			}
		}
	}
	progress := newSweepProgress(stderr, len(todo), jobs)
	for i := range todo {
		if todo[i].Warn != nil {
			todo[i].Warn = progress.warn
		}
		// A corpus's torn tails would be said once per run: each run's
		// report lists them (Report.Notes).
		todo[i].Note = nil
	}
	var (
		wg  sync.WaitGroup
		sem = make(chan struct{}, jobs)
	)
	// Runs are independent and reproducible: replay up to jobs of them at
	// once and report them in sweep order.
	runs := make([]*bench.Report, len(todo))
	errs := make([]error, len(todo))
	// A run takes its slot before its goroutine starts, so runs start in
	// sweep order.
	for i, o := range todo {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if ctx.Err() != nil {
				errs[i] = ctx.Err()
				return
			}
			progress.started(i, o)
			runs[i], errs[i] = bench.Run(ctx, o)
			progress.finished()
		}()
	}
	wg.Wait()
	progress.end()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	var err error
	if asJSON {
		err = report.SweepJSON(stdout, runs)
	} else {
		err = report.SweepTable(stdout, runs)
	}
	if err != nil {
		return err
	}
	if htmlDir != "" {
		path, err := report.SweepHTML(htmlDir, runs)
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "ef bench: wrote %s\n", path)
	}
	return nil
}
