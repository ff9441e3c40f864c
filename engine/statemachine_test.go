package engine_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"

	"pgregory.net/rapid"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/internal/enginetest"
	"github.com/epistemicfold/ef/validator"
)

// smArchive is the state machine's archive: a bundle archive whose next
// write can be armed to fail.
type smArchive interface {
	engine.Archive
	Get(ctx context.Context, sessionID, checkpointID string) (*bundle.CheckpointV1, error)
	arm()
	armed() bool
}

type memArchive struct{ *enginetest.MemArchive }

func (a *memArchive) arm()        { a.FailPuts = 1 }
func (a *memArchive) armed() bool { return a.FailPuts > 0 }

// storeArchive is the real bundle store on the strict MemFS; an armed
// failure fails the next temp file creation (not a fail-stop error).
type storeArchive struct {
	*bundle.Store
	mem  *bundletest.MemFS
	fail atomic.Bool
}

func newStoreArchive(t *rapid.T) *storeArchive {
	a := &storeArchive{mem: bundletest.NewMemFS(nil)}
	st, err := bundle.Open("/store", bundle.Options{FS: a.mem, SegmentBytes: 1024})
	if err != nil {
		t.Fatal(err)
	}
	a.Store = st
	a.mem.SetFault(func(op bundletest.Op, p string) error {
		if op == bundletest.OpCreate && a.fail.CompareAndSwap(true, false) {
			return bundletest.ErrInjected
		}
		return nil
	})
	return a
}

func (a *storeArchive) arm()        { a.fail.Store(true) }
func (a *storeArchive) armed() bool { return a.fail.Load() }

// flakySummarizer fails its next call when armed.
type flakySummarizer struct{ failNext bool }

func (f *flakySummarizer) Summarize(ctx context.Context, req *engine.DigestRequest) (*engine.Digest, error) {
	if f.failNext {
		f.failNext = false
		return nil, errors.New("injected summarizer failure")
	}
	return &engine.Digest{Text: fmt.Sprintf("Span of %d messages.", len(req.Messages)), Provider: "fake", Model: "m"}, nil
}

// foldMachine is the model of the state machine test: the session (through
// its builder), the engine, the archive, and what the model expects the
// bundles to hold.
type foldMachine struct {
	b      *enginetest.Builder
	e      *engine.Engine
	arch   smArchive
	sum    *flakySummarizer
	tok    hostshim.Meter
	ids    func() string
	call   int
	origin map[int][]byte   // seq → exact message JSON, for every message that was ever a node
	folded map[string][]int // checkpoint id → shadowed seqs
	folds  map[engine.Mode]int
	// storeDown: the engine runs without a bundle store (fail soft, §24).
	storeDown bool
	// soft maps checkpoints folded without a store to their shadowed seqs.
	soft     map[string][]int
	outcomes map[string]int
}

func (m *foldMachine) newEngine(t *rapid.T) {
	var arch engine.Archive = m.arch
	if m.storeDown {
		arch = nil
	}
	e, err := engine.New(engine.Options{Archive: arch, Summarizer: m.sum, TokenMeter: m.tok, Clock: fixedClock, NewID: m.ids,
		Policy: engine.Policy{RetainTokens: 60, FoldFloorTokens: 1, FloorOverheadFactor: 1, DigestLeaves: true}})
	if err != nil {
		t.Fatal(err)
	}
	m.e = e
}

func (m *foldMachine) record() {
	s := m.b.S
	for _, n := range s.Nodes() {
		if _, ok := m.origin[n]; ok {
			continue
		}
		msg, _ := s.Message(n)
		if msg != nil {
			raw, _ := validator.RawMessage(msg)
			m.origin[n] = slices.Clone(raw)
		}
	}
}

type snapshot struct {
	nodes []int
	gen   int
	raws  [][]byte
}

func (m *foldMachine) snap() snapshot {
	s := m.b.S
	sf := s.Surface()
	sn := snapshot{nodes: sf.Nodes, gen: sf.ReplaceGeneration}
	for _, n := range sf.Nodes {
		msg, _ := s.Message(n)
		var raw []byte
		if msg != nil {
			raw, _ = validator.RawMessage(msg)
		}
		sn.raws = append(sn.raws, slices.Clone(raw))
	}
	return sn
}

func (a snapshot) equal(b snapshot) bool {
	return a.gen == b.gen && slices.Equal(a.nodes, b.nodes) && slices.EqualFunc(a.raws, b.raws, func(x, y []byte) bool { return string(x) == string(y) })
}

func text(t *rapid.T, label string) string {
	words := []string{"build", "fix", "pkg/a.go", "error", "test", "decide", "retry", "cache", "prefix", "fold", "用户", "データ"}
	n := rapid.IntRange(5, 250).Draw(t, label)
	var sb strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(words[(i*7+n)%len(words)])
	}
	return sb.String()
}

// fold runs one fold and checks the failure and success invariants that
// are specific to it.
func (m *foldMachine) fold(t *rapid.T, req engine.FoldRequest) (*engine.FoldReport, bool) {
	ctx := context.Background()
	archiveArmed, sumArmed := m.arch.armed() && !m.storeDown, m.sum.failNext
	before := m.snap()
	fr, err := engine.LocateFrontier(m.b.S)
	if err != nil {
		t.Fatal(err)
	}
	rep, res, err := m.e.Fold(ctx, &hostshim.Agent{Session: m.b.S}, req)
	outcome := "ok"
	switch {
	case err != nil && rep.Verdict != nil && !rep.Verdict.OK():
		outcome = "veto:" + rep.Verdict.Failures[0].Predicate + "/" + rep.Verdict.Failures[0].Code
	case err != nil:
		outcome = "err:" + strings.SplitN(err.Error(), ":", 2)[0]
		if errors.Is(err, engine.ErrBudget) {
			outcome = "budget"
		} else if errors.Is(err, engine.ErrArchive) {
			outcome = "archive"
		}
	case res == nil:
		outcome = "skip:" + strings.Fields(rep.Skipped)[0]
	}
	m.outcomes[string(req.Mode)+" "+outcome]++
	if err != nil {
		switch {
		case errors.Is(err, engine.ErrArchive) && archiveArmed:
		case errors.Is(err, engine.ErrVetoed), errors.Is(err, engine.ErrBudget):
		default:
			t.Fatalf("%s fold: unexpected error: %v", req.Mode, err)
		}
		if !m.snap().equal(before) {
			t.Fatalf("failed %s fold changed the surface: %v", req.Mode, err)
		}
		return rep, false
	}
	if res == nil {
		if !m.snap().equal(before) {
			t.Fatal("skipped fold changed the surface")
		}
		return rep, false
	}
	if archiveArmed {
		t.Fatal("a fold succeeded although its bundle write was to fail")
	}
	if sumArmed && req.Mode != engine.ModeEmergency && !strings.HasPrefix(rep.Semantic, "fallback") {
		t.Fatalf("summarizer failure not reported as fallback: %q", rep.Semantic)
	}
	if m.storeDown {
		if rep.Bundle != nil || !strings.HasPrefix(rep.Recall, "unavailable") || !strings.Contains(rep.Text, "unavailable") {
			t.Fatalf("fold without a store does not say recall is unavailable: %q", rep.Recall)
		}
		m.soft[rep.CheckpointID] = res.ShadowedSeqs
	} else {
		m.folded[rep.CheckpointID] = res.ShadowedSeqs
	}
	m.folds[rep.Mode]++
	if req.Mode == engine.ModeLeaf {
		// The frozen prefix is byte-identical and the checkpoint sits right
		// after it.
		after := m.snap()
		p := fr.Position
		if len(after.nodes) <= p || !slices.Equal(after.nodes[:p], before.nodes[:p]) || after.nodes[p] != res.CheckpointSeq() {
			t.Fatalf("leaf fold moved the frozen prefix: before %v after %v (frontier %d)", before.nodes, after.nodes, p)
		}
		for i := 0; i < p; i++ {
			if string(after.raws[i]) != string(before.raws[i]) {
				t.Fatalf("leaf fold changed frozen node %d", i)
			}
		}
	}
	if req.Mode == engine.ModeEmergency {
		// The whole request after the fold: header and surface, by the
		// real tokenizer.
		p, _ := hostshim.NodePrices(m.b.S, m.tok)
		total := 0
		if h, ok, _ := hostshim.LatestRequestHeader(m.b.S); ok {
			total = hostshim.HeaderTokens(&h, m.tok)
		}
		for _, x := range p {
			total += x
		}
		if total > req.Budget {
			t.Fatalf("emergency result %d tokens exceeds its budget %d", total, req.Budget)
		}
	}
	return rep, true
}

func (m *foldMachine) ensureTurn() {
	if !m.b.TurnOpen() {
		m.b.TurnStart()
	}
}

func TestFoldStateMachine(t *testing.T) {
	testutil.RapidChecks(t, 15)
	tok := enginetest.O200k(t)
	t.Logf("rapid state machine: on failure rapid prints -rapid.seed / -rapid.failfile to replay")
	totals := map[engine.Mode]int{}
	outcomes := map[string]int{}
	rapid.Check(t, func(t *rapid.T) {
		// The archive is the in-memory model or, as a user runs it, the
		// real bundle store on the strict MemFS.
		var arch smArchive = &memArchive{enginetest.NewMemArchive()}
		if rapid.Bool().Draw(t, "realStore") {
			sa := newStoreArchive(t)
			defer sa.Close()
			arch = sa
		}
		m := &foldMachine{arch: arch, sum: &flakySummarizer{}, tok: tok, ids: enginetest.Seq("k"),
			origin: map[int][]byte{}, folded: map[string][]int{}, soft: map[string][]int{}, folds: map[engine.Mode]int{}, outcomes: outcomes}
		m.b = enginetest.NewBuilder(t, "sm", hostshim.Generation(rapid.IntRange(0, 1).Draw(t, "gen")))
		m.newEngine(t)
		m.b.TurnStart()
		m.b.User(text(t, "first"))
		t.Repeat(map[string]func(*rapid.T){
			"user": func(t *rapid.T) {
				if len(m.b.Pending) > 0 {
					t.Skip("calls pending")
				}
				m.ensureTurn()
				m.b.User(text(t, "user"))
			},
			"assistant": func(t *rapid.T) {
				if len(m.b.Pending) > 0 {
					t.Skip("calls pending")
				}
				var calls []enginetest.Call
				for k := rapid.IntRange(0, 3).Draw(t, "calls"); k > 0; k-- {
					m.call++
					calls = append(calls, enginetest.Call{ID: fmt.Sprintf("c%d", m.call), Name: rapid.SampledFrom([]string{"bash", "read_file", "edit"}).Draw(t, "tool"),
						Args: fmt.Sprintf(`{"path":"pkg/f%d.go","command":"go test ./..."}`, m.call%5)})
				}
				m.b.Assistant(text(t, "assistant"), calls...)
			},
			"result": func(t *rapid.T) {
				if len(m.b.Pending) == 0 {
					t.Skip("nothing pending")
				}
				id := rapid.SampledFrom(m.b.Pending).Draw(t, "answer")
				m.b.Result(id, text(t, "output"), rapid.Bool().Draw(t, "isError"))
			},
			"turnEnd": func(t *rapid.T) {
				if len(m.b.Pending) > 0 {
					t.Skip("calls pending")
				}
				m.b.TurnEnd()
			},
			"leaf": func(t *rapid.T) {
				m.ensureTurn()
				m.fold(t, engine.FoldRequest{Mode: engine.ModeLeaf, Owner: hostshim.OwnerCurrentTurn, Stability: hostshim.WholeSurface})
			},
			"root": func(t *rapid.T) {
				if len(m.b.Pending) > 0 {
					t.Skip("calls pending")
				}
				m.b.TurnEnd()
				m.fold(t, engine.FoldRequest{Mode: engine.ModeRoot, Owner: hostshim.OwnerManual, Stability: hostshim.SelectedSpan, SourceCommandID: "cmd"})
			},
			"emergency": func(t *rapid.T) {
				m.ensureTurn()
				p, _ := hostshim.NodePrices(m.b.S, m.tok)
				total := 0
				for _, x := range p {
					total += x
				}
				if total < 600 {
					t.Skip("surface too small for an emergency")
				}
				budget := rapid.IntRange(400, total-1).Draw(t, "budget")
				m.fold(t, engine.FoldRequest{Mode: engine.ModeEmergency, Budget: budget, Owner: hostshim.OwnerCurrentTurn, Stability: hostshim.WholeSurface})
			},
			"failArchive":    func(t *rapid.T) { m.arch.arm() },
			"failSummarizer": func(t *rapid.T) { m.sum.failNext = true },
			"storeToggle": func(t *rapid.T) {
				if !m.storeDown && rapid.IntRange(0, 2).Draw(t, "down") != 0 {
					t.Skip("store stays up")
				}
				m.storeDown = !m.storeDown
				m.newEngine(t)
			},
			"restart": func(t *rapid.T) {
				fr, _ := engine.LocateFrontier(m.b.S)
				// Persist the log as the host's JSONL and read it back with
				// the host's reader: the engine keeps nothing else.
				var log bytes.Buffer
				fmt.Fprintf(&log, `{"type":"session","version":%d,"id":%q,"createdAt":0}`+"\n", hostshim.VersionOfGeneration(m.b.S.Gen), m.b.S.ID)
				for _, e := range m.b.S.Events() {
					if line, first := e.StorageLine(); first {
						log.Write(line)
						log.WriteByte('\n')
					}
				}
				r, err := hostshim.NewLogReader(&log, "sm.jsonl", hostshim.LogOptions{})
				if err != nil {
					t.Fatal(err)
				}
				s2, err := r.ReadSession()
				if err != nil {
					t.Fatalf("restart: %v", err)
				}
				if !slices.Equal(s2.Nodes(), m.b.S.Nodes()) {
					t.Fatal("restart: surface differs after replay")
				}
				fr2, err := engine.LocateFrontier(s2)
				if err != nil || fr2.Ref != fr.Ref || fr2.Position != fr.Position {
					t.Fatalf("restart: frontier %+v, was %+v (%v)", fr2, fr, err)
				}
				m.b = enginetest.Wrap(t, s2)
				m.newEngine(t)
			},
			"": func(t *rapid.T) { m.check(t) },
		})
		for k, v := range m.folds {
			totals[k] += v
		}
		totals["soft"] += len(m.soft)
	})
	t.Logf("successful folds over all checks: %v", totals)
	t.Logf("fold outcomes: %v", outcomes)
}

// check is the invariant after every step.
func (m *foldMachine) check(t *rapid.T) {
	m.record()
	s := m.b.S
	// The surface is valid: every node derives, the pairing counter never
	// goes negative, and the host would accept it again from its log.
	for _, n := range s.Nodes() {
		if _, err := s.Message(n); err != nil {
			t.Fatalf("node %d: %v", n, err)
		}
		if _, err := s.BalancedBefore(n); err != nil {
			t.Fatalf("surface invalid: %v", err)
		}
	}
	// Folds made without a store: the session log still holds every
	// shadowed message byte-exact (EF never makes the log depend on its
	// files).
	for id, seqs := range m.soft {
		for _, n := range seqs {
			msg, err := s.Message(n)
			if err != nil {
				t.Fatalf("soft fold %s: seq %d: %v", id, n, err)
			}
			if msg == nil {
				continue
			}
			raw, _ := validator.RawMessage(msg)
			if string(raw) != string(m.origin[n]) {
				t.Fatalf("soft fold %s: seq %d no longer derives its original message", id, n)
			}
		}
	}
	// Every shadowed message is recoverable byte-exact from the bundles,
	// and the logical hash equals that of the original messages.
	ctx := context.Background()
	for id, seqs := range m.folded {
		b, err := m.arch.Get(ctx, s.ID, id)
		if err != nil {
			t.Fatalf("bundle %s: %v", id, err)
		}
		var want [][]byte
		for _, n := range seqs {
			if raw, ok := m.origin[n]; ok {
				want = append(want, raw)
			}
		}
		if len(want) != len(b.Archive.ShadowedMessages) {
			t.Fatalf("bundle %s holds %d messages, %d were shadowed", id, len(b.Archive.ShadowedMessages), len(want))
		}
		raws := make([][]byte, len(want))
		for i := range want {
			if string(b.Archive.ShadowedMessages[i]) != string(want[i]) {
				t.Fatalf("bundle %s message %d differs from the original", id, i)
			}
			raws[i] = want[i]
		}
		h, err := bundle.LogicalHash(toRaw(raws))
		if err != nil || h != b.Archive.LogicalHash {
			t.Fatalf("bundle %s logical hash %s, originals %s (%v)", id, b.Archive.LogicalHash, h, err)
		}
		if !slices.Equal(b.Source.OrderedSurfaceSeqs, seqs) {
			t.Fatalf("bundle %s source seqs %v, shadowed %v", id, b.Source.OrderedSurfaceSeqs, seqs)
		}
	}
}
