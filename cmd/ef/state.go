package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/clip"
	"github.com/epistemicfold/ef/projection"
	"github.com/epistemicfold/ef/validator"
)

// stateAnchor is one anchor of ef state --json.
type stateAnchor struct {
	ID         string                `json:"id"`
	Kind       projection.Kind       `json:"kind"`
	Key        string                `json:"key,omitempty"`
	Value      string                `json:"value"`
	Authority  projection.Authority  `json:"authority"`
	Lifecycle  string                `json:"lifecycle"`
	SourceRefs []projection.EventRef `json:"sourceRefs"`
	Quote      string                `json:"quote,omitempty"`
	Was        string                `json:"was,omitempty"`
	// Because is what closed the anchor: the words that answered a
	// question, lifted a rule or finished a task; a failure's error line.
	Because string `json:"because,omitempty"`
	// Owner is who holds an open obligation when that is not the agent:
	// "user" for a task the user took on themselves.
	Owner string `json:"owner,omitempty"`
	// Proposed says the summarizer model proposed the anchor (and the
	// projection verified its quote against its source event): the
	// checkpoint, provider and model. Absent for the log's own reading.
	Proposed *projection.Provenance `json:"proposed,omitempty"`
}

// stateAnchorOf is a's row of ef state --json.
func stateAnchorOf(a *projection.Anchor) stateAnchor {
	return stateAnchor{ID: a.ID, Kind: a.Kind, Key: a.Key, Value: a.Value, Authority: a.Authority,
		Lifecycle: a.Lifecycle, SourceRefs: a.SourceRefs, Quote: a.Quote, Was: a.Was, Because: a.Because, Owner: projection.Owner(a), Proposed: a.Proposed}
}

// proposedBy names who proposed an anchor: "model MODEL at CHECKPOINT".
func proposedBy(p *projection.Provenance) string {
	m := p.Model
	if m == "" {
		m = "unnamed"
	}
	return fmt.Sprintf("model %s at %s", m, p.Checkpoint)
}

// writeStateTable writes anchors as ef state's table: kind, lifecycle,
// newest source seq, key, value (with what it replaced, who holds a task
// the user took on, and who proposed it when the summarizer model did).
func writeStateTable(w io.Writer, anchors []stateAnchor) error {
	rows := [][]string{{"KIND", "LIFECYCLE", "SEQ", "KEY", "VALUE"}}
	for _, a := range anchors {
		seq := -1
		if n := len(a.SourceRefs); n > 0 {
			seq = a.SourceRefs[n-1].Seq
		}
		v := clip.Runes(strings.Join(strings.Fields(a.Value), " "), 90)
		if a.Was != "" && projection.IsAnswerKey(a.Key) {
			v += " (answers: " + a.Was + ")"
		} else if a.Was != "" {
			v += " (was " + a.Was + ")"
		}
		if a.Kind == projection.KindUncertainty && a.Lifecycle == projection.Established && a.Because != "" && a.Because != a.Value {
			v += " → answer: " + clip.Runes(strings.Join(strings.Fields(a.Because), " "), 90)
		} else if a.Kind == projection.KindUncertainty && a.Lifecycle == projection.Rejected && a.Because != "" {
			// the agent's check that refuted it (hypclose.go)
			v += " → refuted: " + clip.Runes(strings.Join(strings.Fields(a.Because), " "), 90)
		}
		if a.Owner != "" {
			// the task the user holds, not the agent
			v += " · owner: " + a.Owner
		}
		if a.Proposed != nil {
			v += " [proposed by " + proposedBy(a.Proposed) + "]"
		}
		rows = append(rows, []string{string(a.Kind), a.Lifecycle, strconv.Itoa(seq), clipColumns(a.Key, maxKeyColumns), v})
	}
	return writeTable(w, rows)
}

// stateOutput is ef state --json.
type stateOutput struct {
	Log string `json:"log"`
	// Source: "log" (every event of the log reduced) or "checkpoints" (the
	// surface, with each EF checkpoint's bundle snapshot restored).
	Source  string                `json:"source"`
	Rebuild *engine.RebuildReport `json:"rebuild,omitempty"`
	// HistoryFromLog counts the anchors of --all rebuilt from checkpoints
	// that no snapshot held: closed or observed in a folded span, read
	// from the log's events (projection.WithHistory).
	HistoryFromLog int           `json:"historyFromLog,omitempty"`
	Anchors        []stateAnchor `json:"anchors"`
	// System is what the rules of the session's system prompt read as,
	// when the log keeps it in a request header (DSH 0.1.0's wire, which
	// every imported trajectory uses): the host sends it with every
	// request and never folds it, so the projection does not hold it.
	System *stateSystem `json:"systemPrompt,omitempty"`
}

// stateSystem is the system prompt of a request header, read on its own.
type stateSystem struct {
	Seq     int           `json:"seq"`
	Anchors []stateAnchor `json:"anchors"`
}

// headerSystem tracks the newest request header's system prompt as a log
// is read (see stateOutput.System).
type headerSystem struct {
	id   string // the session's, for the anchors' refs
	seq  int
	text string
}

// see keeps e's system prompt when e is a request header: the newest
// header's, so one without a prompt leaves none, as sessionSystem reads
// the session whole.
func (h *headerSystem) see(e hostshim.Event) {
	if e.Type != hostshim.TypeRequestHeader {
		return
	}
	var d hostshim.RequestHeaderData
	if e.Decode(&d) == nil && strings.TrimSpace(d.Header.System) != "" {
		h.seq, h.text = e.Seq, d.Header.System
	} else {
		h.text = ""
	}
}

// sessionSystem is the system prompt of s's newest request header.
func sessionSystem(s *hostshim.Session) *headerSystem {
	h := &headerSystem{id: s.ID}
	for seq := s.Len() - 1; seq >= 0; seq-- {
		if e, ok := s.Event(seq); ok && e.Type == hostshim.TypeRequestHeader {
			h.see(e)
			break
		}
	}
	return h
}

// read is the rules the system prompt states, read as the projection
// reads a system message; nil without a prompt.
func (h *headerSystem) read() *stateSystem {
	if h.text == "" {
		return nil
	}
	r := stateReducer(projection.Options{}, h.id)
	r.Apply(projection.Event{Seq: h.seq, Role: projection.RoleSystem, Text: h.text})
	out := &stateSystem{Seq: h.seq, Anchors: []stateAnchor{}}
	for _, a := range r.Heads() {
		// Its rules: an agent's system prompt is mostly how to work
		// ("simply try to edit the file again"), not the task's state.
		if a.Kind == projection.KindConstraint {
			out.Anchors = append(out.Anchors, stateAnchorOf(a))
		}
	}
	return out
}

// stateStream is engine.ProjectLog of the session in reads, an event at a
// time: each message event is reduced as it is read (projection.HostEvents'
// rules: a message the host cannot derive says nothing) and dropped.
func stateStream(ctx context.Context, in *foldInput, opts projection.Options, sys *headerSystem) (*projection.Reducer, error) {
	r := stateReducer(opts, in.id)
	sys.id = in.id
	for {
		e, err := in.next()
		if err == io.EOF {
			return r, nil
		}
		if err != nil {
			return nil, err
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		readProgressOf(ctx).event()
		sys.see(e)
		reduceHostEvent(r, e)
	}
}

// stateReducer is projection.New(opts) for session id (or "session" when
// id is empty) unless opts names a session itself.
func stateReducer(opts projection.Options, id string) *projection.Reducer {
	if opts.SessionID == "" {
		opts.SessionID = cmp.Or(id, "session")
	}
	return projection.New(opts)
}

// reduceHostEvent applies e to r as projection.HostEvents' rules read it:
// an event that is no surface message, or one the host cannot derive a
// message from, says nothing. It reports whether e is a surface message.
func reduceHostEvent(r *projection.Reducer, e hostshim.Event) (message bool) {
	if !hostshim.SurfaceEligible(e.Type) {
		return false
	}
	m, err := hostshim.DeriveMessage(e)
	if err != nil || m == nil {
		return false
	}
	isErr := e.Type == hostshim.TypeToolResult && validator.IsErrorResult(e, m)
	if ev, ok := projection.FromHost(e, m, isErr); ok {
		r.Apply(ev)
	}
	return true
}

// stateDSH is engine.ProjectLog of the DSH log at path, streamed: each
// event is reduced as it is read and given, without its texts
// (inspectSkeleton), to a session that checks the host's rules as reading
// the log whole did (a log it refuses is refused, with the same error)
// and forgets what left the surface. It says on stderr when it skipped a
// torn tail.
func stateDSH(ctx context.Context, path string, lenient bool, opts projection.Options, sys *headerSystem, stderr io.Writer) (*projection.Reducer, error) {
	lr, err := hostshim.OpenLog(path, hostshim.LogOptions{Lenient: lenient})
	if err != nil {
		return nil, err
	}
	defer lr.Close()
	s := hostshim.NewSession(lr.Header().ID, lr.Generation())
	s.Header, s.Lenient = lr.Header(), lenient
	// The session checks the host's rules; the reducer reads the events
	// themselves and no message of the session, so none is cached.
	s.NoMessageCache = true
	r := stateReducer(opts, lr.Header().ID)
	sys.id = lr.Header().ID
	for {
		e, err := lr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		readProgressOf(ctx).event()
		sys.see(e)
		skel := e
		if reduceHostEvent(r, e) && e.SurfaceOp != nil {
			skel = inspectSkeleton(e, s.Gen)
		}
		if err := s.AppendEvent(skel); err != nil {
			return nil, lr.AppendError(err)
		}
		s.Forget(s.Len())
	}
	if torn := lr.Truncated(); torn != nil {
		fmt.Fprintf(stderr, "ef state: %s: skipped a torn tail: %s\n", path, torn)
	}
	return r, nil
}

// RunState is `ef state`: the projection's current heads of a session log.
func RunState(ctx context.Context, args []string, stdout, stderr io.Writer) (err error) {
	fs := newFlags("state", "state <session-log> [--store DIR | --project DIR] [--from auto|log|checkpoints] [--json] [--all]", stderr,
		"Prints the current heads of the session's epistemic state: objective, constraints, current values,",
		"open failures and obligations, decisions, rejected approaches, hypotheses.",
		"With --store (or --project, that workspace's default store, where the DSH plugin files a session's checkpoints)",
		"it is rebuilt from the checkpoints' snapshots and the surface; without either, from the log alone.",
		"A snapshot keeps what a later reading needs (the heads, failures and their status, values with what they replaced);",
		"the evidence and files a folded span observed, and what was retired inside it, are in its checkpoint's text and",
		"bundle (ef search, ef recall) and in the log: --all reads them from the log's events, so it lists the closed",
		"history --all of the whole log lists, with the heads the checkpoints rebuilt.",
		"What a failure's status means:",
		"  open           it failed and nothing has been tried since",
		"  investigating  being worked on: a file it names was edited, or it failed again",
		"  resolved       the same run (or a wider one holding it) passed after it failed",
		"  verified       it passed again after it was resolved",
		"  superseded     no longer a problem to fix: given up, nothing left to rerun, or the run now fails on another error",
		"  retired        put out of the current state (an older failure, still open, of a run that failed anew, or one dropped to keep the state short)")
	sf := addStoreFlags(fs, "bundle store of the log's checkpoints: rebuild the state from their snapshots and the surface")
	from := fs.String("from", "auto", "auto (checkpoints when --store or --project is given, else the log), log or checkpoints")
	asJSON := fs.Bool("json", false, "print the anchors as JSON")
	all := fs.Bool("all", false, "also print anchors that are not current heads (closed, observed and retired ones)")
	strict := fs.Bool("strict", false, "refuse provenance faults on appended nodes")
	path, logFile, cleanup, err := parseLog(ctx, fs, args)
	if err != nil {
		return err
	}
	defer cleanup()
	defer func() { err = asGiven(err, logFile, path) }()
	// A long log shows how the reading goes on stderr (progress.go).
	prog := newReadProgress(stderr, "ef state", false)
	defer prog.done()
	ctx, stderr = withReadProgress(ctx, prog, stderr)
	stdout = prog.clearing(stdout)
	storeDir, err := sf.named()
	if err != nil {
		return err
	}
	switch *from {
	case "auto":
		*from = "log"
		if storeDir != "" {
			*from = "checkpoints"
		}
	case "log":
	case "checkpoints":
		if storeDir == "" {
			return usageError("--from checkpoints needs --store or --project")
		}
	default:
		return usageError("--from %q: want auto, log or checkpoints", *from)
	}
	popts := projection.Options{}
	if *all {
		popts.KeepRetired = 1 << 16
	}
	out := stateOutput{Log: path, Source: *from, Anchors: []stateAnchor{}}
	var r *projection.Reducer
	var s *hostshim.Session
	sys := &headerSystem{}
	if *from == "log" {
		// Another agent's trajectory is reduced as the importer streams
		// it, an event at a time (it was imported whole: 4.7 × a 16 MB
		// message, and all of a long log).
		in, err := openImportInput(ctx, logFile, !*strict)
		if err != nil {
			return err
		}
		switch {
		case in == nil:
			// A DSH log: reduced as it is read, never held whole.
			if r, err = stateDSH(ctx, logFile, !*strict, popts, sys, stderr); err != nil {
				return err
			}
		case in.imported != "":
			defer in.close()
			if r, err = stateStream(ctx, in, popts, sys); err != nil {
				return err
			}
			if torn := in.truncated(); torn != nil {
				fmt.Fprintf(stderr, "ef state: %s: skipped a torn tail: %s\n", path, torn)
			}
			for _, n := range in.importNotes() {
				fmt.Fprintf(stderr, "ef state: note: %s: %s\n", path, n)
			}
		default:
			// A DSH log the streaming reader refused and the importer
			// read whole: read whole below, as the importer reads it.
			in.close()
		}
	}
	if r == nil {
		var torn *hostshim.TruncatedTail
		var err error
		if s, torn, err = readSession(ctx, logFile, !*strict); err != nil {
			return err
		}
		if torn != nil {
			fmt.Fprintf(stderr, "ef state: %s: skipped a torn tail: %s\n", path, torn)
		}
		if slices.Contains(s.Warnings, unrecordedPromptsNote) {
			// As the streamed reading above says it.
			fmt.Fprintf(stderr, "ef state: note: %s: %s\n", path, unrecordedPromptsNote)
		}
		sys = sessionSystem(s)
	}
	switch {
	case r != nil:
	case *from == "checkpoints":
		// A reader: a missing --store is an error, not a new empty store.
		if _, err := os.Stat(storeDir); err != nil {
			return fmt.Errorf("--store: %w", err)
		}
		if err := checkLooksLikeStore(storeDir); err != nil {
			return fmt.Errorf("--store: %w", err)
		}
		st, err := bundle.Open(storeDir, bundle.Options{ReadOnly: true})
		if err != nil {
			return fmt.Errorf("open store: %w", err)
		}
		defer st.Close()
		var rep *engine.RebuildReport
		r, rep, err = engine.ProjectSurface(ctx, s, st, popts)
		if err != nil {
			return err
		}
		out.Rebuild = rep
	default:
		r = engine.ProjectLog(s, popts)
	}
	as := r.Heads()
	fromLog := 0
	if *all {
		// The checkpoints' snapshots keep the heads, not the history the
		// folded spans closed: that is read from the log, which still
		// holds every event a fold took off the surface.
		var whole *projection.Reducer
		if out.Rebuild != nil && out.Rebuild.Checkpoints > 0 && !s.HasForgotten() {
			whole = engine.ProjectLog(s, popts)
		}
		as, fromLog = projection.WithHistory(r, whole)
		out.HistoryFromLog = fromLog
	}
	// the questions the log ends on, open while no reply follows
	// (derived, not held as anchors: projection/endasked.go)
	as = append(as, r.EndAsked()...)
	proposed := 0
	for _, a := range as {
		out.Anchors = append(out.Anchors, stateAnchorOf(a))
		if a.Proposed != nil {
			proposed++
		}
	}
	out.System = sys.read()
	if *asJSON {
		return writeJSON(stdout, out)
	}
	if err := writeStateTable(stdout, out.Anchors); err != nil {
		return err
	}
	if rep := out.Rebuild; rep != nil && rep.Checkpoints == 0 && rep.Replayed == 0 {
		// Nothing came from the store: the log (an unfolded one, or the
		// input of ef fold rather than its --out) has no EF checkpoint.
		fmt.Fprintf(stdout, "%s from the log: it holds no EF checkpoint, so --store %s gave nothing (ef fold --out writes the log that does)\n",
			count(len(out.Anchors), "anchor"), shellQuote(storeDir))
	} else {
		fmt.Fprintf(stdout, "%s from the %s\n", count(len(out.Anchors), "anchor"), out.Source)
	}
	if fromLog > 0 {
		fmt.Fprintf(stdout, "%d of them closed or observed in the folded spans, which the snapshots do not keep: read from the log's events\n", fromLog)
	}
	if proposed > 0 {
		fmt.Fprintf(stdout, "%d of them proposed by a summarizer model at a checkpoint and verified against the quoted event\n", proposed)
	}
	if out.System != nil && len(out.System.Anchors) > 0 {
		fmt.Fprintf(stdout, "\nthe system prompt (request header at seq %d; sent with every request and never folded, so not in the state above) states %s:\n", out.System.Seq, count(len(out.System.Anchors), "rule"))
		if err := writeStateTable(stdout, out.System.Anchors); err != nil {
			return err
		}
	}
	if rep := out.Rebuild; rep != nil && rep.Replayed > 0 {
		// The heads are still right (the log holds what a checkpoint
		// shadowed), but a bundle the store should hold is not readable.
		for _, n := range rep.Notes {
			fmt.Fprintf(stderr, "ef state: warning: %s\n", n)
		}
		fmt.Fprintf(stderr, "ef state: %d of %d checkpoints replayed from the log instead of their bundle's snapshot (ef store verify %s says more)\n",
			rep.Replayed, rep.Replayed+rep.Checkpoints, shellQuote(storeDir))
	}
	return nil
}
