package engine

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/projection"
	"github.com/epistemicfold/ef/validator"
)

// frameCheckpoint builds the checkpoint message exactly as the host's
// transaction will: framed summary, checkpoint source, the message id the
// transaction will mint.
func frameCheckpoint(s *hostshim.Session, compactionID, sourceCommandID, msgID, text string) *hostshim.Message {
	return &hostshim.Message{ID: msgID, Role: hostshim.RoleUser, Content: hostshim.FrameSummary([]hostshim.Block{hostshim.TextBlock(text)}),
		Source: hostshim.CheckpointSource(s.Gen, compactionID, sourceCommandID)}
}

// CheckpointID derives the checkpoint id from a compaction id, so the
// host's compaction events and the bundle correlate: "ef-" + the id, with
// characters outside [A-Za-z0-9._-] replaced by "-", at most 128 bytes.
func CheckpointID(compactionID string) string {
	b := []byte("ef-" + compactionID)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			b[i] = '-'
		}
	}
	if len(b) > 128 {
		b = b[:128]
	}
	return string(b)
}

// SourceDigest is "sha256:" + hex of the canonical JSON of
// {"sessionId": id, "seqs": shadowed seqs}.
func SourceDigest(sessionID string, seqs []int) (string, error) {
	raw, err := json.Marshal(struct {
		SessionID string `json:"sessionId"`
		Seqs      []int  `json:"seqs"`
	}{sessionID, seqs})
	if err != nil {
		return "", err
	}
	c, err := bundle.Canonicalize(raw)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(c)
	return "sha256:" + hex.EncodeToString(sum[:]), nil
}

// stored returns the bundle already archived under b's id when it holds
// the same messages (same logical hash), ready to Put again (which the
// store answers with the existing receipt).
func (c *compiler) stored(ctx context.Context, b *bundle.CheckpointV1) (*bundle.CheckpointV1, bool) {
	old, err := c.e.opts.Archive.Meta(ctx, b.SessionID, b.CheckpointID)
	if err != nil || old == nil {
		return nil, false
	}
	if b.Archive.Content.LogicalHash() != old.Archive.LogicalHash {
		return nil, false
	}
	prev := *old
	prev.Archive = bundle.Archive{ShadowedMessages: b.Archive.ShadowedMessages, LogicalHash: old.Archive.LogicalHash, RawMessages: old.Archive.RawMessages, Content: b.Archive.Content}
	return &prev, true
}

// compiler is the compile step of one fold: the summarize hook of the
// host transaction the fold runs in. It sees the host's actual selection,
// writes the bundle durably before returning (BundleDurable ≺ SurfaceLoss:
// the surface changes only after the hook returns) and runs the validator.
type compiler struct {
	e      *Engine
	plan   *Plan
	owner  hostshim.Owner
	turn   func() bool
	srcCmd string
	msgID  string
	// noArchive, when set, says why this fold's span is not archived
	// although the engine has a store (HostedFold.NoArchive).
	noArchive string
	report    *FoldReport
	compErr   error // set when the hook failed, for the report
	// minGain is the least the fold must save (host tokens) with a
	// checkpoint of ckpt tokens, checked with the drafted checkpoint
	// before the transaction opened; nil for the folds the rule does not
	// apply to. What compile adds to that draft (a digest, the
	// summarizer's proposals) is kept only while the fold still saves it.
	minGain func(ckpt int) int
	// noDigest: the fold does not pay for the summarizer call of its
	// digest (checkGain), so none is made.
	noDigest bool
}

// saves reports whether replacement m leaves the fold its minimum saving.
func (c *compiler) saves(m *hostshim.Message) bool {
	if c.minGain == nil {
		return true
	}
	ck := c.e.opts.HostMeter.CountMessage(m)
	return c.plan.Tokens-ck >= c.minGain(ck)
}

// Summarize implements hostshim.Summarizer.
func (c *compiler) Summarize(ctx context.Context, in *hostshim.SummarizationInput, agent *hostshim.Agent) (*hostshim.SummaryResult, error) {
	res, err := c.compile(ctx, in, agent)
	c.compErr = err
	return res, err
}

func (c *compiler) compile(ctx context.Context, in *hostshim.SummarizationInput, agent *hostshim.Agent) (*hostshim.SummaryResult, error) {
	e, p, s := c.e, c.plan, agent.Session
	rep := c.report
	if !slices.Equal(in.ShadowedSeqs, p.Seqs) {
		return nil, fmt.Errorf("%w: host selected %d nodes, plan %d", ErrPlanMismatch, len(in.ShadowedSeqs), len(p.Seqs))
	}
	id := CheckpointID(in.CompactionID)
	rep.CheckpointID, rep.CompactionID = id, in.CompactionID
	raws, err := validator.SpanMessages(s, in.ShadowedSeqs)
	if err != nil {
		return nil, err
	}
	// in.ShadowedSeqs equals p.Seqs, which p.Prices prices.
	facts, err := e.liveOf(s).extractFacts(s, in.ShadowedSeqs, p.Prices)
	if err != nil {
		return nil, err
	}
	// as is what becomes of the span: stored in its bundle, or not, and
	// why; archived says whether this compile writes the bundle.
	as := archiveStored
	switch {
	case c.noArchive != "":
		as = archiveLater
	case e.opts.Archive == nil:
		as = archiveNone
	}
	archived := as == archiveStored
	mk := Marker{ID: id, Mode: p.Mode, First: p.Seqs[0], Last: p.Seqs[len(p.Seqs)-1]}
	// The marker names the original events the span stands for, oldest to
	// newest: a span that opens with an earlier checkpoint (its seq that
	// of the compaction, after the events it folded) read "seqs=85-81".
	for _, q := range p.Seqs {
		mk.First, mk.Last = min(mk.First, coveredLo(s, q)), max(mk.Last, coveredHi(s, q))
	}
	// The projection as of the span's end: what the checkpoint must state.
	lo, hi := coverage(s, s.Position(p.Start), s.Position(p.End))
	proj, err := e.reduceTo(ctx, s, hi)
	if err != nil {
		return nil, err
	}
	view := viewOf(proj, lo, hi)
	lines := stateLines(view)
	facts.UserRequests = view.dropStale(facts.UserRequests)
	// Restated text must not give a value superseded since as current.
	stale := newSuperseded(proj)
	stale.facts(facts)
	stale.state(lines)
	frame := func(text string) *hostshim.Message {
		return frameCheckpoint(s, in.CompactionID, c.srcCmd, c.msgID, text)
	}
	cand := &validator.Candidate{Session: s, Phase: validator.PhasePlan, Mode: p.Mode, Start: p.Start, End: p.End,
		Planned: p.Seqs, PlannedPrices: p.Prices, Owner: c.owner, TurnOpen: c.turn, CompactionID: in.CompactionID}
	switch as {
	case archiveNone:
		cand.ArchiveWaiver = "no bundle store configured: exact recall unavailable (§24)"
	case archiveLater:
		cand.ArchiveWaiver = "the bundle store cannot be written (" + c.noArchive + "): the span stays in the session log, to be archived from it (§24)"
	}
	semantic := map[string]any{"renderer": "ef-deterministic-v1"}
	var text string
	// batch is the summarizer's proposals admitted into proj, and detProj
	// the projection before them (nil: none admitted).
	var batch *projection.ModelBatch
	var detProj *projection.Reducer
	switch p.Mode {
	case ModeEmergency:
		var cands []candidate
		var capped []ManifestEntry
		var kept []bool
		var ckTok int
		text, cands, capped, kept, ckTok, err = fitEmergency(mk, facts, view, lines, as, len(raws), e.opts.TokenMeter, e.opts.HostMeter, p.CheckpointBudget, p.Tokens, p.BestEffort, frame)
		if err != nil {
			return nil, err
		}
		// An emergency fold states all hard state (or is refused) and
		// whatever else fitted; A and O hold it to what it kept.
		lines = keptState(cands, kept)
		k, d := manifestOf(cands, capped, kept)
		dm := &DropManifest{CheckpointID: id, Meter: e.opts.TokenMeter.Name(), Budget: p.Budget, HeadTokens: p.HeadTokens,
			TailTokens: p.TailTokens, TailNodes: p.TailNodes, CheckpointBudget: p.CheckpointBudget, CheckpointTokens: ckTok,
			VisibleTokens: p.HeadTokens + p.TailTokens + ckTok,
			Folded:        FoldedRange{Nodes: len(p.Seqs), FirstSeq: mk.First, LastSeq: mk.Last, HostTokens: p.Tokens}, Kept: k, Dropped: d,
			BestEffort: p.BestEffort}
		if p.BestEffort {
			rep.Notes = append(rep.Notes, fmt.Sprintf("%s; the request after it is %d %s tokens (budget %d)", p.Reason, dm.VisibleTokens, dm.Meter, p.Budget))
		}
		dm.Dropped = append(dm.Dropped, stale.entries...)
		rep.Drop = dm
		semantic["dropManifest"] = dm
		cand.Replacement = frame(text)
	default:
		list := e.listItems(p.Mode)
		text = renderText(mk, facts, view, lines, list, as, len(raws))
		cand.Replacement = frame(text)
		vd := e.opts.Validator.Validate(cand)
		if short := vd.Status("R") == validator.Fail; short || !c.saves(cand.Replacement) {
			// The full form is not shorter than the span (or saves less
			// than the fold's minimum): state less (the state section
			// stays: A and O need it).
			text = renderText(mk, facts, view, lines, 0, as, len(raws))
			cand.Replacement = frame(text)
			why := "was not shorter than the span"
			if !short {
				why = "saved less than the fold's minimum (what it costs the prompt cache)"
			}
			rep.Notes = append(rep.Notes, "full checkpoint text "+why+"; rendered the minimal form")
		}
		rep.Semantic = "none"
		if e.opts.Summarizer != nil && e.wantsDigest(p.Mode) && !c.noDigest {
			// One call: the digest, and the model's proposals, which are
			// kept only as the projection admits them (modelprop.go).
			events := e.liveOf(s).spanEvents(s, p.Seqs)
			d, err := c.ask(ctx, s, in, id, raws, text, projection.ModelPrompt(events, proj.Anchors()))
			if err == nil && d != nil {
				if withModel, rec := c.proposals(s, d, proj, events, id, hi); rec != nil {
					rep.Proposals = &ProposalsReport{Admitted: len(rec.Proposals), Dropped: rec.Dropped}
					if withModel != nil {
						if v, l, t, ok := c.withModelRendered(withModel, mk, facts, lo, hi, list, as, len(raws), cand, frame); ok {
							detProj, proj, view, lines, text = proj, withModel, v, l, t
							stale.state(lines)
							cand.Replacement = frame(text)
							batch = &rec.ModelBatch
						} else {
							rep.Proposals.Note = "not kept: the checkpoint stating them is not shorter than the span"
							rec.Proposals = []projection.ModelProposal{}
						}
					}
					semantic["proposals"] = rec
				}
			}
			text, rep.Semantic = c.semantic(d, err, text, cand, frame, semantic, stale.digest)
			cand.Replacement = frame(text)
		}
	}
	if n := proposalsNote(rep.Proposals); n != "" {
		rep.Notes = append(rep.Notes, n)
	}
	if n := stale.note(); n != "" {
		rep.Notes = append(rep.Notes, n)
	}
	cand.Required, cand.Interface = requiredOf(lines), interfaceOf(lines)
	vd := e.opts.Validator.Validate(cand)
	rep.Verdict = &vd
	if err := vd.Err(false); err != nil {
		// Vetoed before any bundle is written: nothing to clean up.
		return nil, fmt.Errorf("%w: %w", ErrVetoed, err)
	}
	if archived {
		// The span's messages are hashed once, here, from the encodings
		// made when each message was first read (those whose bytes are
		// unchanged; the rest are encoded now): the store takes the hash
		// after checking that the bytes it archives are these bytes, and
		// the validator's P after checking the span's are.
		content := bundle.NewContentOf(raws, e.liveOf(s).encodings(s, in.ShadowedSeqs))
		sd, err := SourceDigest(s.ID, p.Seqs)
		if err != nil {
			return nil, err
		}
		// The projection as of the span's end, with the span's hot facts
		// retired: ef state rebuilds the heads from it and the tail.
		proj.Retire(hi)
		semantic["projection"] = proj.Snapshot()
		sem, err := json.Marshal(semantic)
		if err != nil {
			return nil, err
		}
		b := &bundle.CheckpointV1{CheckpointID: id, SessionID: bundleSessionID(s), CreatedAt: e.opts.Clock().UnixMilli(), Mode: p.Mode,
			Source:  bundle.Source{OrderedSurfaceSeqs: slices.Clone(p.Seqs), SourceDigest: sd},
			Archive: bundle.Archive{ShadowedMessages: raws, Content: content},
			Machine: cand.Interface, Semantic: sem, Rendered: bundle.Rendered{Text: text}}
		b.Parents, rep.Notes = c.parents(ctx, bundleSessionID(s), facts.Parents, rep.Notes)
		// A retried compile of the same compaction (the host timed out and
		// asked again, or the sidecar restarted) finds its bundle stored:
		// answer with that checkpoint, not a second one with a new
		// createdAt (or a new digest) that the store refuses as different
		// content under the same id.
		adopt := func(prev *bundle.CheckpointV1, note string) {
			b, text = prev, prev.Rendered.Text
			cand.Replacement = frame(text)
			rep.Notes = append(rep.Notes, note)
			rep.Reused = true
			// The state is the stored checkpoint's: its proposals, not
			// this run's (a model may answer a retry otherwise, or not
			// be there).
			if pb := modelBatchOf(prev); !sameBatch(pb, batch) {
				if detProj != nil {
					proj = detProj
				}
				proj = proj.Clone()
				replayBatch(s, proj, pb)
				proj.Retire(hi)
				batch = pb
				lines = stateLines(viewOf(proj, lo, hi))
				cand.Required, cand.Interface = requiredOf(lines), interfaceOf(lines)
				if rep.Proposals == nil {
					rep.Proposals = &ProposalsReport{}
				}
				rep.Proposals.Note = "the stored checkpoint's proposals kept"
			}
		}
		if prev, ok := c.stored(ctx, b); ok {
			adopt(prev, "retried compile: answered with the checkpoint already stored for this compaction")
		}
		rc, err := e.opts.Archive.Put(ctx, b)
		if errors.Is(err, bundle.ErrExists) {
			// Another writer stored this compaction between the look above
			// and the Put (two ef fold runs of one log into one store mint
			// the same ids; a sidecar restarted while its predecessor still
			// compiled). When it archived the same span, its checkpoint is
			// this fold's answer; else the refusal stands.
			if prev, ok := c.stored(ctx, b); ok {
				adopt(prev, "concurrent compile: answered with the checkpoint another writer stored for this compaction")
				rc, err = e.opts.Archive.Put(ctx, b)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrArchive, err)
		}
		rep.Bundle = &rc
		cand.Archive = &validator.ArchiveEvidence{CheckpointID: rc.CheckpointID, LogicalHash: rc.LogicalHash, Messages: rc.Messages, Durable: true, Verified: true, Content: content}
		rep.Recall = "available"
	} else if as == archiveLater {
		rep.Recall = "pending: the bundle store cannot be written (" + c.noArchive + ")"
	} else {
		rep.Recall = "unavailable: no bundle store"
	}
	cand.Phase = validator.PhaseCommit
	vd = e.opts.Validator.Validate(cand)
	rep.Verdict = &vd
	if err := vd.Err(true); err != nil {
		// The bundle (if any) stays behind as an orphan for GC (§6).
		return nil, fmt.Errorf("%w: %w", ErrVetoed, err)
	}
	rep.CheckpointTokens = e.opts.HostMeter.CountMessage(cand.Replacement)
	rep.Text = text
	proj.Retire(hi)
	e.remember(s, proj, batch)
	model := "deterministic"
	if strings.HasPrefix(rep.Semantic, "ok") {
		model = "deterministic+semantic"
	}
	return &hostshim.SummaryResult{Summary: []hostshim.Block{hostshim.TextBlock(text)}, Provider: "epistemic-fold", Model: model}, nil
}

// ask asks the Summarizer for the span's digest and, with the instruction
// proposals (projection.ModelPrompt), for its proposals. The request
// holds copies of the span's messages: the summarizer cannot alter what
// is archived.
func (c *compiler) ask(ctx context.Context, s *hostshim.Session, in *hostshim.SummarizationInput, id string, raws []json.RawMessage, det, proposals string) (*Digest, error) {
	msgs := make([]json.RawMessage, len(raws))
	for i, r := range raws {
		msgs[i] = slices.Clone(r)
	}
	req := &DigestRequest{SessionID: s.ID, CheckpointID: id, Mode: c.plan.Mode, System: in.System, Messages: msgs, Deterministic: det,
		MaxTokens: c.e.opts.Policy.SemanticMaxTokens, Proposals: proposals}
	return c.e.opts.Summarizer.Summarize(ctx, req)
}

// semantic appends the Summarizer's digest d (err: its call failed) to the
// deterministic text when it succeeded, fits SemanticMaxTokens and keeps
// the replacement shorter than the span. current leaves out of the digest
// the lines that give a value superseded since (a digest merging earlier
// checkpoints repeats their old values). Any failure keeps the
// deterministic text (§18); the prepared input is never changed for a
// retry.
func (c *compiler) semantic(d *Digest, err error, det string, cand *validator.Candidate, frame func(string) *hostshim.Message, semantic map[string]any, current func(string) string) (string, string) {
	e, id := c.e, c.report.CheckpointID
	fallback := func(why string) (string, string) {
		e.opts.Logger.Warn("semantic digest failed; using the deterministic checkpoint", "checkpoint", id, "reason", why)
		semantic["fallback"] = why
		return det, "fallback: " + why
	}
	switch {
	case err != nil:
		return fallback(err.Error())
	case d != nil && d.Refused != "" && strings.TrimSpace(d.Text) == "":
		return fallback(d.Refused)
	case d == nil || strings.TrimSpace(d.Text) == "":
		return fallback("empty digest")
	case e.opts.HostMeter.CountText(d.Text) > e.opts.Policy.SemanticMaxTokens:
		return fallback(fmt.Sprintf("digest of %d tokens exceeds %d", e.opts.HostMeter.CountText(d.Text), e.opts.Policy.SemanticMaxTokens))
	}
	dg := strings.TrimSpace(current(d.Text))
	if dg == "" {
		return fallback("every line of the digest gave a value superseded since")
	}
	text := withDigest(det, dg)
	probe := *cand
	probe.Replacement = frame(text)
	if vd := e.opts.Validator.Validate(&probe); vd.Status("R") == validator.Fail {
		return fallback("checkpoint with the digest is not shorter than the span")
	}
	if !c.saves(probe.Replacement) {
		return fallback("checkpoint with the digest would save less than the fold's minimum (what it costs the prompt cache)")
	}
	semantic["digest"] = &Digest{Text: d.Text, Provider: d.Provider, Model: d.Model}
	return text, "ok"
}

// parents references the bundles of the EF checkpoints folded inside the
// span, so exact content stays recallable across generations. A parent
// whose bundle cannot be read is noted and left out (it may have been
// written without a store).
func (c *compiler) parents(ctx context.Context, sid string, ms []Marker, notes []string) ([]bundle.ParentRef, []string) {
	var out []bundle.ParentRef
	for _, mk := range ms {
		b, err := c.e.opts.Archive.Meta(ctx, sid, mk.ID)
		if err != nil {
			notes = append(notes, fmt.Sprintf("parent %s not referenced: %v", mk.ID, err))
			continue
		}
		out = append(out, bundle.ParentRef{CheckpointID: mk.ID, LogicalHash: b.Archive.LogicalHash})
	}
	return out, notes
}

// bundleSessionID is the session id bundles are stored under ("session"
// for a session without an id, or none).
func bundleSessionID(s *hostshim.Session) string {
	if s == nil || s.ID == "" {
		return "session"
	}
	return s.ID
}
