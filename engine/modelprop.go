package engine

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/projection"
	"github.com/epistemicfold/ef/validator"
)

// The summarizer's proposals (projection's "Model proposals"): the digest
// request carries projection.ModelPrompt for the span (DigestRequest.
// Proposals), the answer's proposals block is admitted into the projection
// as of the span's end through projection.Reducer.AdmitModel, the
// checkpoint states what was admitted (each line marked as the model's),
// and the bundle records the admitted batch (semantic "proposals") with
// the projection snapshot that holds it. A replay never calls a model: the
// snapshot restores the anchors, and a span replayed from the log admits
// the recorded batch again after its last event.

// ModelProposals is what a checkpoint's bundle records of its summarizer's
// proposals (the semantic section's "proposals"): the batch admitted, which
// a replay admits again after the span's last event, and how many were
// dropped, by reason.
type ModelProposals struct {
	projection.ModelBatch
	Dropped map[string]int `json:"dropped,omitempty"`
}

// ProposalsReport is a fold's account of the summarizer's proposals.
type ProposalsReport struct {
	Admitted int            `json:"admitted"`
	Dropped  map[string]int `json:"dropped,omitempty"`
	// Note says why the admitted ones were not kept after all (the
	// checkpoint stating them was not shorter than the span), or that the
	// stored checkpoint's were kept instead.
	Note string `json:"note,omitempty"`
}

// spanEvents are the projection's events of the span's messages (the
// summarizer may cite them; checkpoints and what the projection does not
// read are left out), in seq order.
func (l *live) spanEvents(s *hostshim.Session, seqs []int) []projection.Event {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []projection.Event
	for _, seq := range seqs {
		if m, _ := s.Message(seq); m == nil || m.IsCheckpoint() {
			continue
		}
		if ev, ok := l.event(s, seq); ok {
			out = append(out, ev)
		}
	}
	return out
}

// eventAt is the projection's event of the message at seq, for checking a
// proposal's quote (false: none).
func (l *live) eventAt(s *hostshim.Session) func(int) (projection.Event, bool) {
	return func(seq int) (projection.Event, bool) {
		l.mu.Lock()
		defer l.mu.Unlock()
		if seq < 0 || seq >= s.Len() || firstMissing(s, seq, seq) >= 0 {
			return projection.Event{}, false
		}
		return l.event(s, seq)
	}
}

// proposals admits the proposals of a summarizer's answer into a copy of
// proj (the projection as of the span's end, hi): the block is
// d.Proposals, or cut from d.Text when the summarizer left it there (the
// digest then is the rest). It returns the copy (nil when nothing was
// admitted) and the record of what was admitted and dropped.
func (c *compiler) proposals(s *hostshim.Session, d *Digest, proj *projection.Reducer, events []projection.Event, id string, hi int) (*projection.Reducer, *ModelProposals) {
	block, found := d.Proposals, d.Proposals != ""
	extra := 0
	if !found {
		d.Text, block, found, extra = projection.SplitModelAnswer(d.Text)
	}
	if !found {
		return nil, nil
	}
	props, parsed := projection.ParseModelProposals(block)
	parsed.DropN(projection.DropExtraBlock, extra)
	rec := &ModelProposals{ModelBatch: projection.ModelBatch{Provenance: projection.Provenance{Checkpoint: id, Provider: d.Provider, Model: d.Model}, At: hi}}
	cite := map[int]bool{}
	for _, ev := range events {
		cite[ev.Seq] = true
	}
	r := proj.Clone()
	rep := r.AdmitModel(&projection.ModelBatch{Provenance: rec.Provenance, At: hi, Proposals: props}, c.e.liveOf(s).eventAt(s), func(seq int) bool { return cite[seq] })
	for why, n := range parsed.Dropped {
		rep.DropN(why, n)
	}
	rec.Proposals = slices.Clone(rep.Admitted)
	if rec.Proposals == nil {
		rec.Proposals = []projection.ModelProposal{}
	}
	rec.Dropped = rep.Dropped
	if len(rep.Admitted) == 0 {
		r = nil
	}
	return r, rec
}

// modelBatchOf is the batch of proposals a stored checkpoint admitted (nil:
// none, or a bundle written before proposals, or one that does not say).
func modelBatchOf(b *bundle.CheckpointV1) *projection.ModelBatch {
	if b == nil || len(b.Semantic) == 0 {
		return nil
	}
	var sem struct {
		Proposals *ModelProposals `json:"proposals"`
	}
	if json.Unmarshal(b.Semantic, &sem) != nil || sem.Proposals == nil || len(sem.Proposals.Proposals) == 0 {
		return nil
	}
	return &sem.Proposals.ModelBatch
}

// sameBatch reports whether two batches admit the same proposals.
func sameBatch(a, b *projection.ModelBatch) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Provenance == b.Provenance && a.At == b.At && slices.Equal(a.Proposals, b.Proposals)
}

// proposalsNote is a fold's note on the proposals ("" when there were none).
func proposalsNote(p *ProposalsReport) string {
	if p == nil {
		return ""
	}
	n := fmt.Sprintf("summarizer proposals: %d admitted", p.Admitted)
	if len(p.Dropped) > 0 {
		var parts []string
		total := 0
		for _, why := range slices.Sorted(maps.Keys(p.Dropped)) {
			parts = append(parts, fmt.Sprintf("%s %d", why, p.Dropped[why]))
			total += p.Dropped[why]
		}
		n += fmt.Sprintf(", %d dropped (%s)", total, strings.Join(parts, ", "))
	}
	if p.Note != "" {
		n += "; " + p.Note
	}
	return n
}

// modelMark is what a state line adds for an anchor the summarizer model
// proposed ("" for the log's own reading).
func modelMark(a *projection.Anchor) string {
	if a == nil || a.Proposed == nil {
		return ""
	}
	m := a.Proposed.Model
	if m == "" {
		m = "the summarizer"
	}
	return fmt.Sprintf(" (proposed by %s, quoted from seq %d)", m, a.FirstSeq())
}

// replayBatch admits a stored checkpoint's batch into r after its span
// was replayed from the log (its snapshot could not be restored).
func replayBatch(s *hostshim.Session, r *projection.Reducer, b *projection.ModelBatch) {
	if b == nil {
		return
	}
	r.AdmitModel(b, func(seq int) (projection.Event, bool) {
		var out projection.Event
		found := false
		projection.HostEvents(s, seq, seq, validator.IsErrorResult, func(ev projection.Event) { out, found = ev, true })
		return out, found
	}, nil)
}

// withModelRendered re-renders a checkpoint's state with the model's
// anchors: the view, its lines and the text (the minimal form when the
// full one is not shorter than the span). ok is false when even that is
// not shorter, and the proposals are not kept.
func (c *compiler) withModelRendered(r *projection.Reducer, mk Marker, facts *Facts, lo, hi, list int, as archiveState, messages int, cand *validator.Candidate, frame func(string) *hostshim.Message) (*stateView, []stateLine, string, bool) {
	view := viewOf(r, lo, hi)
	lines := stateLines(view)
	probe := *cand
	for _, n := range []int{list, 0} {
		text := renderText(mk, facts, view, lines, n, as, messages)
		probe.Replacement = frame(text)
		if vd := c.e.opts.Validator.Validate(&probe); vd.Status("R") != validator.Fail && c.saves(probe.Replacement) {
			return view, lines, text, true
		}
	}
	return nil, nil, "", false
}
