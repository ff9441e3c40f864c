package bench

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/epistemicfold/ef/bench/engines"
	"github.com/epistemicfold/ef/bench/replay"
	"github.com/epistemicfold/ef/bench/synth"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/tokenizer"
)

// DefaultWindow is the context window of a run whose options name none:
// small enough that every default session needs compaction.
const DefaultWindow = 16384

// RunOptions configure Run. The zero value runs the built-in corpus with
// every engine at DefaultWindow, the faithful persona and o200k_base.
type RunOptions struct {
	// Window is the context window in Meter tokens. Zero means
	// DefaultWindow.
	Window int
	// Seed seeds the summarizer persona and is added to the seed of every
	// synthetic session of the built-in corpus; zero gives the corpus as
	// DefaultShapes documents it.
	Seed uint64
	// Persona is the scripted summarizer's persona. Empty means faithful.
	Persona replay.Persona
	// Engines names the contestants (engines.Names). Nil means all.
	Engines []string
	// CorpusDir, when set, replays every trajectory under it (see
	// SharedCorpus) instead of the built-in corpus.
	CorpusDir string
	// LimitSessions replays at most this many sessions. Zero means all.
	LimitSessions int
	// MaxSteps stops each replay after this many model requests. Zero
	// means no limit.
	MaxSteps int
	// Meter prices requests for every engine. Nil means the embedded
	// tokenizer.Window encoding (o200k_base), the unit of every ef
	// command's window.
	Meter hostshim.Meter
	// TempDir holds EF's stores while they run. Empty means os.TempDir().
	TempDir string
	// Parallel bounds the engines replayed at once. Zero means GOMAXPROCS.
	Parallel int
	// Progress, when set, is called as work completes; it may be called
	// from several goroutines at once, never concurrently with itself.
	Progress func(Progress)
	// Warn, when set, receives notes about sessions that could not be
	// replayed (they are skipped and listed in the report).
	Warn func(string)
	// Note, when set, receives what the run noticed of a session it did
	// replay (a torn tail the importer skipped); the report's Notes list
	// them too.
	Note func(string)
	// OutputPrice prices summarizer output tokens in uncached input
	// tokens. Zero means replay.DefaultOutputPrice.
	OutputPrice float64
	// EF overrides EF's policy knobs (for sweeps).
	EF engines.EFPolicy
}

// Progress is how far a run is.
type Progress struct {
	Session, Sessions int    // 1-based index of the session being replayed
	Name              string // its name
	Done, Total       int    // requests replayed in this session, over all engines
	Elapsed           time.Duration
}

// Fraction is the share of the run done, in [0, 1].
func (p Progress) Fraction() float64 {
	if p.Sessions == 0 {
		return 0
	}
	f := 0.0
	if p.Total > 0 {
		f = float64(p.Done) / float64(p.Total)
	}
	return (float64(p.Session-1) + f) / float64(p.Sessions)
}

// SessionRun is one session replayed through every engine.
type SessionRun struct {
	Name   string `json:"name"`
	Source string `json:"source"`
	Events int    `json:"events"`
	Probes int    `json:"probes"`
	// SourceCompactions counts the compaction markers the importer found
	// in a real trajectory (the source agent compacted there; not replayed).
	SourceCompactions int `json:"sourceCompactions,omitempty"`
	// Results are the engines' replays, in RunOptions.Engines order.
	Results []*replay.Result `json:"-"`
	// Metrics are the engines' numbers for this session, in the same order.
	Metrics []replay.Metrics `json:"metrics"`
}

// Report is the outcome of a run.
type Report struct {
	Window  int      `json:"window"`
	Seed    uint64   `json:"seed"`
	Persona string   `json:"persona"`
	Meter   string   `json:"meter"`
	Engines []string `json:"engines"`
	// OutputPrice is the price of a summarizer output token in uncached
	// input tokens.
	OutputPrice float64 `json:"outputPrice"`
	// EF echoes the EF policy overrides (zero: defaults).
	EF     engines.EFPolicy `json:"efPolicy"`
	Corpus string           `json:"corpus"`
	// MaxSteps and LimitSessions echo the options (0: no limit).
	MaxSteps      int           `json:"maxSteps,omitempty"`
	LimitSessions int           `json:"limitSessions,omitempty"`
	Sessions      []*SessionRun `json:"sessions"`
	// Skipped lists sessions that could not be replayed, with the reason.
	Skipped []string `json:"skipped,omitempty"`
	// Notes lists what the run noticed of sessions it replayed: a torn
	// tail the importer skipped ("NAME: skipped a torn tail: …", as ef
	// fold says it).
	Notes []string `json:"notes,omitempty"`
	// Totals are the engines' numbers over every session.
	Totals  []replay.Metrics `json:"totals"`
	Elapsed time.Duration    `json:"elapsedNs"`
}

// Total returns the totals of the named engine.
func (r *Report) Total(engine string) (*replay.Metrics, bool) {
	for i := range r.Totals {
		if r.Totals[i].Engine == engine {
			return &r.Totals[i], true
		}
	}
	return nil, false
}

// sessionSource yields the sessions of a run one at a time, so that a
// large corpus is never held in memory at once.
type sessionSource struct {
	n    int
	load func(i int) ([]Session, error)
}

// Run replays the corpus through the engines and measures them. Sessions
// run one after another; the engines of one session run in parallel and
// share one caching meter.
func Run(ctx context.Context, opts RunOptions) (*Report, error) {
	start := time.Now()
	if opts.Window <= 0 {
		opts.Window = DefaultWindow
	}
	if opts.Persona == "" {
		opts.Persona = replay.Faithful
	}
	if _, err := replay.ParsePersona(string(opts.Persona)); err != nil {
		return nil, err
	}
	if opts.Engines == nil {
		opts.Engines = engines.Names()
	}
	if opts.Parallel <= 0 {
		opts.Parallel = runtime.GOMAXPROCS(0)
	}
	if opts.OutputPrice <= 0 {
		opts.OutputPrice = replay.DefaultOutputPrice
	}
	if opts.Meter == nil {
		m, err := tokenizer.New(tokenizer.Options{}).Meter(tokenizer.Window)
		if err != nil {
			return nil, err
		}
		opts.Meter = m
	}
	rep := &Report{Window: opts.Window, Seed: opts.Seed, Persona: string(opts.Persona), Meter: opts.Meter.Name(),
		Engines: opts.Engines, OutputPrice: opts.OutputPrice, EF: opts.EF, Corpus: "built-in", MaxSteps: opts.MaxSteps, LimitSessions: opts.LimitSessions}
	src, err := corpusSource(&opts)
	if err != nil {
		return nil, err
	}
	if opts.CorpusDir != "" {
		rep.Corpus = opts.CorpusDir
	}
	index := 0
outer:
	for i := 0; i < src.n; i++ {
		ss, err := src.load(i)
		if err != nil {
			rep.Skipped = append(rep.Skipped, err.Error())
			if opts.Warn != nil {
				opts.Warn(err.Error())
			}
			continue
		}
		for _, s := range ss {
			if opts.LimitSessions > 0 && index >= opts.LimitSessions {
				break outer
			}
			index++
			if s.Torn != nil {
				note := fmt.Sprintf("%s: skipped a torn tail: %s", s.Name, s.Torn)
				rep.Notes = append(rep.Notes, note)
				if opts.Note != nil {
					opts.Note(note)
				}
			}
			total := src.n
			if opts.LimitSessions > 0 {
				total = min(total, opts.LimitSessions)
			}
			if err := runSession(ctx, &opts, rep, s, index, total); err != nil {
				return nil, err
			}
		}
	}
	if len(rep.Sessions) == 0 && len(rep.Skipped) > 0 {
		// Nothing to measure: a report of zeros would read as a result.
		return nil, fmt.Errorf("%w: every file of %s was skipped (%s)", ErrNoSessions, opts.CorpusDir, rep.Skipped[0])
	}
	for i, name := range opts.Engines {
		var rs []*replay.Result
		for _, sr := range rep.Sessions {
			rs = append(rs, sr.Results[i])
		}
		m := replay.MeasureAll(name, rs)
		m.OutputPrice = opts.OutputPrice
		rep.Totals = append(rep.Totals, m)
	}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

// corpusSource lists the run's sessions.
func corpusSource(opts *RunOptions) (sessionSource, error) {
	if opts.CorpusDir != "" {
		entries, err := SharedCorpus(opts.CorpusDir)
		if err != nil {
			return sessionSource{}, err
		}
		return sessionSource{n: len(entries), load: func(i int) ([]Session, error) {
			ss, err := entries[i].Load()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", entries[i].Rel, err)
			}
			return ss, nil
		}}, nil
	}
	// The built-in corpus: its synthetic sessions (seeds shifted by
	// opts.Seed) are generated when their turn comes, so a run limited to
	// a few sessions does not generate them all.
	shapes := DefaultShapes()
	for i := range shapes {
		shapes[i].Seed += opts.Seed
	}
	imported, err := embeddedSessions()
	if err != nil {
		return sessionSource{}, err
	}
	return sessionSource{n: len(shapes) + len(imported), load: func(i int) ([]Session, error) {
		if i >= len(shapes) {
			return imported[i-len(shapes) : i-len(shapes)+1], nil
		}
		s, err := synthSession(shapes[i])
		if err != nil {
			return nil, err
		}
		return []Session{s}, nil
	}}, nil
}

// runSession replays one session through every engine and appends it to
// the report.
func runSession(ctx context.Context, opts *RunOptions, rep *Report, s Session, index, total int) error {
	probes := Probes(s.Probes)
	requests := 0
	for _, e := range s.Session.Events() {
		if e.Type == hostshim.TypeAssistantMessage && e.SurfaceOp != nil && !e.SurfaceOp.Replace {
			requests++
		}
	}
	if opts.MaxSteps > 0 {
		requests = min(requests, opts.MaxSteps)
	}
	meter := replay.NewCachingMeter(opts.Meter)
	sr := &SessionRun{Name: s.Name, Source: string(s.Source), Events: s.Session.Len(), Probes: len(probes), SourceCompactions: len(s.Import.Compactions),
		Results: make([]*replay.Result, len(opts.Engines))}
	var (
		mu   sync.Mutex
		done int
		wg   sync.WaitGroup
		sem  = make(chan struct{}, opts.Parallel)
		errs = make([]error, len(opts.Engines))
	)
	started := time.Now()
	report := func() {
		if opts.Progress == nil {
			return
		}
		mu.Lock()
		done++
		opts.Progress(Progress{Session: index, Sessions: max(total, index), Name: s.Name, Done: done, Total: requests * len(opts.Engines), Elapsed: time.Since(started)})
		mu.Unlock()
	}
	for i, name := range opts.Engines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			z := &replay.Summarizer{Persona: opts.Persona, Seed: opts.Seed}
			eng, err := engines.New(name, engines.Config{Window: opts.Window, Meter: meter, Summarizer: z, TempDir: opts.TempDir, EFPolicy: opts.EF})
			if err != nil {
				errs[i] = err
				return
			}
			defer eng.Close()
			res, err := replay.Replay(ctx, s.Session, eng, replay.Config{Window: opts.Window, Meter: meter, Probes: probes, MaxSteps: opts.MaxSteps, Progress: report})
			if err != nil {
				errs[i] = fmt.Errorf("%s: %s: %w", s.Name, name, err)
				return
			}
			res.Session = s.Name
			res.Replayed = nil
			sr.Results[i] = res
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	for _, err := range errs {
		if err != nil {
			// A session the host model refuses to replay is skipped, not
			// fatal: the rest of the corpus still runs.
			rep.Skipped = append(rep.Skipped, err.Error())
			if opts.Warn != nil {
				opts.Warn(err.Error())
			}
			return nil
		}
	}
	for _, r := range sr.Results {
		m := replay.Measure(r)
		m.OutputPrice = opts.OutputPrice
		sr.Metrics = append(sr.Metrics, m)
	}
	rep.Sessions = append(rep.Sessions, sr)
	return nil
}

// Probes converts synthetic ground truth into the driver's probes.
func Probes(ps []synth.Probe) []replay.Probe {
	out := make([]replay.Probe, 0, len(ps))
	for _, p := range ps {
		out = append(out, replay.Probe{ID: p.ID, Kind: string(p.Kind), Question: p.Question, Answer: p.ExpectedAnswer,
			Old: p.SupersededValues, Key: p.Subject, PlantedAt: p.PlantedAtSeq, ChangedAt: p.ResolvedAtSeq, Authority: p.Authority})
	}
	return out
}
