package engines

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"

	"github.com/epistemicfold/ef/bench/replay"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/store"
)

// efEngine is EF with a bundle store and a recall index of its own in a
// temporary directory. It prices pressure, the fold floor and the shrink
// check with the shared meter, so that its window means what the other
// engines' window means; its semantic digest is the shared scripted
// summarizer. Ids and bundle times are fixed, so runs are reproducible.
type efEngine struct {
	usage
	dir   string
	store *store.Store
	eng   *engine.Engine
}

var (
	_ replay.FoldClassifier     = (*efEngine)(nil)
	_ replay.Recoverer          = (*efEngine)(nil)
	_ replay.RecallVerifier     = (*efEngine)(nil)
	_ replay.ProjectionReporter = (*efEngine)(nil)
)

// efEpoch is the creation time stamped on every bench bundle.
var efEpoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func newEF(cfg Config) (Instance, error) {
	dir, err := os.MkdirTemp(cfg.TempDir, "ef-bench-*")
	if err != nil {
		return nil, fmt.Errorf("engines: ef: %w", err)
	}
	e := &efEngine{dir: dir}
	e.meter = cfg.Meter
	root := filepath.Join(dir, "bundles")
	if e.store, err = store.Open(root, store.Options{}); err != nil {
		e.Close()
		return nil, fmt.Errorf("engines: ef: %w", err)
	}
	if e.store.IndexErr != nil {
		e.Close()
		return nil, fmt.Errorf("engines: ef: %w", e.store.IndexErr)
	}
	ids := &idSource{prefix: "c"}
	opts := engine.Options{
		HostMeter:  cfg.Meter,
		TokenMeter: cfg.Meter,
		Clock:      func() time.Time { return efEpoch },
		NewID:      ids.next,
		Policy:     cfg.EFPolicy.Policy,
	}
	opts.Policy.ContextWindow = cfg.Window
	if r := cfg.EFPolicy.RetainRatio; r > 0 {
		opts.Policy.RetainTokens = max(1, int(r*float64(cfg.Window)))
	}
	e.store.Wire(&opts)
	if cfg.Summarizer != nil && !cfg.EFPolicy.NoDigest {
		opts.Summarizer = digester{cfg.Summarizer, &e.usage}
	}
	if e.eng, err = engine.New(opts); err != nil {
		e.Close()
		return nil, fmt.Errorf("engines: ef: %w", err)
	}
	return e, nil
}

func (e *efEngine) Name() string { return EF }

// projectionSizer is what EF's engine offers once it keeps a projection
// (issue 9, EF-RFC-001 §13): the anchors of its hot state and their bytes.
// Until engine.Engine has the method, the bench reports n/a for EF too.
type projectionSizer interface {
	ProjectionMemory() (anchors, bytes int)
}

// ProjectionMemory implements replay.ProjectionReporter when the engine
// keeps a projection.
func (e *efEngine) ProjectionMemory() (replay.ProjectionSize, bool) {
	ps, ok := any(e.eng).(projectionSizer)
	if !ok {
		return replay.ProjectionSize{}, false
	}
	a, b := ps.ProjectionMemory()
	return replay.ProjectionSize{Anchors: a, Bytes: b}, true
}

func (e *efEngine) Compact(ctx context.Context, agent *hostshim.Agent, trigger hostshim.Trigger) error {
	_, err := e.eng.CompactIfNeeded(ctx, agent, trigger)
	return err
}

// FoldMode reads the mode from the checkpoint's marker line.
func (e *efEngine) FoldMode(s *hostshim.Session, seq int) string {
	m, err := s.Message(seq)
	if err != nil {
		return "summary"
	}
	if mk, ok := engine.MarkerOf(m); ok {
		return string(mk.Mode)
	}
	return "summary"
}

// Close removes the store and the index. It is idempotent.
func (e *efEngine) Close() error {
	var errs []error
	if e.store != nil {
		errs = append(errs, e.store.Close())
		e.store = nil
	}
	if e.dir != "" {
		errs = append(errs, os.RemoveAll(e.dir))
		e.dir = ""
	}
	return errors.Join(errs...)
}

// Recoverable searches the recall index with the probe's key terms, as a
// model would call context_search, recalls the exact messages of the best
// hits (context_recall, depth exact) and reports whether one states the
// answer.
func (e *efEngine) Recoverable(ctx context.Context, s *hostshim.Session, p replay.Probe) (bool, error) {
	for _, q := range probeQueries(p) {
		res, err := e.store.Index.Search(ctx, recall.SearchRequest{Query: q, SessionID: s.ID, Limit: 5, Budget: recall.MaxBudget})
		if err != nil {
			var qe *recall.QueryError
			if errors.As(err, &qe) {
				continue
			}
			return false, err
		}
		for _, h := range res.Hits {
			rr, err := e.store.Index.Recall(ctx, recall.RecallRequest{Ref: h.Ref, Depth: recall.DepthExact, SessionID: s.ID, Budget: recall.MaxBudget})
			if err != nil {
				return false, err
			}
			for _, m := range rr.Exact {
				if p.Shows(exactText(m.Raw)) {
					return true, nil
				}
			}
		}
	}
	return false, nil
}

// exactText is the text of an archived message (its JSON when it is not a
// message).
func exactText(raw string) string {
	var m hostshim.Message
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		return raw
	}
	return m.Text()
}

// stopWords are question words that say nothing about where the answer is.
var stopWords = map[string]bool{
	"what": true, "which": true, "who": true, "where": true, "when": true, "how": true, "the": true, "is": true,
	"are": true, "was": true, "of": true, "in": true, "on": true, "to": true, "for": true, "a": true, "an": true,
	"must": true, "go": true, "give": true, "name": true, "named": true, "current": true, "value": true, "with": true,
	"new": true, "last": true, "known": true, "test": true, "failed": true, "did": true, "do": true, "we": true,
}

// zhFiller are characters of Chinese question phrasing.
const zhFiller = "是什么哪个多少现在的里请给出值谁用到应该要必须"

// probeQueries returns the searches to try for a probe: the key and the
// question's content words together, then the words one by one.
func probeQueries(p replay.Probe) []string {
	var terms []string
	if p.Key != "" {
		terms = append(terms, p.Key)
	}
	for _, f := range strings.FieldsFunc(p.Question, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(`?？，。,"“”'()`, r)
	}) {
		if isHan(f) {
			terms = append(terms, hanBigrams(f)...)
			continue
		}
		f = strings.Trim(f, ".:;!")
		if len([]rune(f)) < 3 || stopWords[strings.ToLower(f)] {
			continue
		}
		terms = append(terms, f)
	}
	terms = dedupeStrings(terms)
	if len(terms) == 0 {
		return nil
	}
	out := []string{strings.Join(terms, " ")}
	if len(terms) > 1 {
		out = append(out, terms...)
	}
	return out
}

func isHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// hanBigrams splits the Han runs of s into two-character words, leaving
// out those made of question phrasing; other runs are kept whole.
func hanBigrams(s string) []string {
	var out []string
	var run []rune
	flush := func() {
		for i := 0; i+1 < len(run); i += 2 {
			if !strings.ContainsRune(zhFiller, run[i]) && !strings.ContainsRune(zhFiller, run[i+1]) {
				out = append(out, string(run[i:i+2]))
			}
		}
		run = run[:0]
	}
	var other []rune
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			if len(other) >= 3 {
				out = append(out, string(other))
			}
			other = other[:0]
			if strings.ContainsRune(zhFiller, r) {
				flush()
				continue
			}
			run = append(run, r)
			continue
		}
		flush()
		other = append(other, r)
	}
	flush()
	if len(other) >= 3 {
		out = append(out, string(other))
	}
	return out
}

func dedupeStrings(xs []string) []string {
	seen := map[string]bool{}
	out := xs[:0:0]
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// VerifyRecall checks every EF checkpoint of s: the bundle verifies in the
// store and its archive equals, byte for byte, the messages the fold
// shadowed, as the replayed session holds them.
func (e *efEngine) VerifyRecall(ctx context.Context, s *hostshim.Session) (checked, verified int, err error) {
	evs := s.Events()
	for i, ev := range evs {
		if ev.Type != hostshim.TypeCompactionSum || i+1 >= len(evs) {
			continue
		}
		var sd hostshim.CompactionSummaryData
		if err := ev.Decode(&sd); err != nil {
			return checked, verified, err
		}
		m, err := s.Message(ev.Seq + 1)
		if err != nil {
			return checked, verified, err
		}
		mk, ok := engine.MarkerOf(m)
		if !ok {
			continue
		}
		checked++
		if e.store.Bundles.Verify(ctx, s.ID, mk.ID) != nil {
			continue
		}
		b, err := e.store.Bundles.Get(ctx, s.ID, mk.ID)
		if err != nil {
			continue
		}
		var want [][]byte
		for _, q := range sd.ShadowedSeqs {
			sm, err := s.Message(q)
			if err != nil {
				return checked, verified, err
			}
			if sm == nil {
				continue
			}
			raw, err := sm.MarshalJSON()
			if err != nil {
				return checked, verified, err
			}
			want = append(want, raw)
		}
		if len(want) != len(b.Archive.ShadowedMessages) {
			continue
		}
		same := true
		for j, raw := range want {
			same = same && bytes.Equal(raw, b.Archive.ShadowedMessages[j])
		}
		if same {
			verified++
		}
	}
	return checked, verified, nil
}

// digester serves the scripted summarizer as EF's semantic digest seam.
type digester struct {
	z *replay.Summarizer
	u *usage
}

func (d digester) Summarize(ctx context.Context, req *engine.DigestRequest) (*engine.Digest, error) {
	msgs := make([]*hostshim.Message, 0, len(req.Messages))
	for _, raw := range req.Messages {
		var m hostshim.Message
		if err := json.Unmarshal(raw, &m); err != nil {
			continue
		}
		msgs = append(msgs, &m)
	}
	text := d.z.Digest(msgs, req.MaxTokens)
	d.u.count(msgs, text)
	return &engine.Digest{Text: text, Provider: "bench", Model: "scripted-" + string(d.z.Persona)}, nil
}
