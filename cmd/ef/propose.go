package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/epistemicfold/ef/internal/atomicfile"
	"github.com/epistemicfold/ef/projection"
	"github.com/epistemicfold/ef/sidecar"
)

// proposeOutput is ef propose --json.
type proposeOutput struct {
	Script string `json:"script"`
	Events int    `json:"events"`
	// Proposed is the number of proposals the answer's block held (read
	// or not); Admitted the ones the projection kept, Dropped the others
	// by reason.
	Proposed int `json:"proposed"`
	// NoBlock: the answer holds no proposals block (```ef-proposals or
	// <ef-proposals>); a fold reads no proposals from it.
	NoBlock  bool                       `json:"noBlock,omitempty"`
	Admitted []projection.ModelProposal `json:"admitted"`
	Dropped  map[string]int             `json:"dropped,omitempty"`
	// Notes say why some were dropped where the reason alone does not
	// (a done of a failure the evidence does not show fixed).
	Notes []string `json:"notes,omitempty"`
	// Model are the anchors the admitted proposals made; Heads the whole
	// state with them (the log's reading and the model's).
	Model []stateAnchor `json:"model"`
	Heads []stateAnchor `json:"heads"`
}

// RunPropose is `ef propose`: the prompt EF gives the summarizer model
// when it folds a session script (projection/testdata/reduce/*.txt) as one
// span, and the replay of a recorded answer through the checks a fold
// applies, so a model's proposals can be produced offline and scored.
func RunPropose(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("propose", "propose <session-script> [--prompt FILE] [--response FILE] [--model NAME] [--json]", stderr,
		"For a session script (the projection's reducer-script format: \"> user\", \"> assistant\", \"> call NAME {json}\",",
		"\"> result [error]\"), --prompt writes the prompt EF's fold would give the summarizer model: the session as a",
		"transcript with each message's id, then the digest instruction with the proposals section exactly as the DSH",
		"sidecar sends it. --response reads a model's recorded answer to that prompt and prints what the fold admits",
		"(each proposal's anchor), what it drops and why, and the state with the admitted anchors.")
	promptOut := fs.String("prompt", "", "write the prompt to FILE (- for stdout)")
	response := fs.String("response", "", "a recorded answer to the prompt to admit (- for stdin)")
	model := fs.String("model", "recorded", "the model named in the admitted anchors' provenance")
	digestTokens := fs.Int("digest-tokens", 1024, "the digest's token bound the instruction states (engine.Policy.SemanticMaxTokens)")
	asJSON := fs.Bool("json", false, "print the admission as JSON")
	path, err := parseOne(fs, args, "session script")
	if err != nil {
		return err
	}
	if *promptOut == "" && *response == "" {
		fs.Usage()
		return usageError("give --prompt, --response or both")
	}
	if *promptOut == "-" && *response == "-" {
		return usageError("--prompt and --response cannot both be -")
	}
	if *promptOut != "" && *promptOut != "-" {
		// --prompt replaces FILE: never the script or the answer this
		// run reads (ef propose s.txt --prompt answer.txt --response
		// answer.txt would destroy the recorded answer before reading it).
		for _, in := range []struct{ name, path string }{{"the session script", path}, {"--response", *response}} {
			if in.path != "" && in.path != "-" && sameFile(*promptOut, in.path) {
				return usageError("--prompt %s is %s: ef propose would overwrite what it reads (write the prompt to another file)", *promptOut, in.name)
			}
		}
	}
	script, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	steps, err := projection.ParseScript(string(script))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	var events []projection.Event
	r := projection.New(projection.Options{SessionID: "script"})
	for _, st := range steps {
		if st.Event != nil {
			events = append(events, *st.Event)
			r.Apply(*st.Event)
		}
	}
	if len(events) == 0 {
		return fmt.Errorf("%s: no events", path)
	}
	if *promptOut != "" {
		p := proposePrompt(events, r.Anchors(), *digestTokens)
		if *promptOut == "-" {
			if _, err := io.WriteString(stdout, p); err != nil {
				return err
			}
		} else if err := atomicfile.WriteFile(*promptOut, true, 0o644, func(w io.Writer) error { _, err := io.WriteString(w, p); return err }); err != nil {
			return err
		}
	}
	if *response == "" {
		return nil
	}
	var answer []byte
	if *response == "-" {
		answer, err = io.ReadAll(os.Stdin)
	} else {
		answer, err = os.ReadFile(*response)
	}
	if err != nil {
		return err
	}
	out := admitRecorded(r, events, string(answer), *model)
	out.Script = path
	if *asJSON {
		return writeJSON(stdout, out)
	}
	fmt.Fprintf(stdout, "%d of %d proposals admitted", len(out.Admitted), out.Proposed)
	if len(out.Dropped) > 0 {
		var parts []string
		for _, why := range slices.Sorted(maps.Keys(out.Dropped)) {
			parts = append(parts, fmt.Sprintf("%s %d", why, out.Dropped[why]))
		}
		fmt.Fprintf(stdout, "; dropped: %s", strings.Join(parts, ", "))
	}
	if out.NoBlock {
		fmt.Fprintf(stdout, "; the answer holds no %s block (the prompt asks for one, empty when there is nothing to add)", "```"+projection.ModelFence)
	}
	fmt.Fprintln(stdout)
	for _, n := range out.Notes {
		fmt.Fprintf(stdout, "  dropped %s\n", n)
	}
	// the state, then what the proposals closed: a question answered, a
	// rule lifted, a task done (no head, and what a checkpoint states)
	rows := slices.Clone(out.Heads)
	for _, a := range out.Model {
		switch a.Lifecycle {
		case projection.Established, projection.Lifted, projection.Done:
			rows = append(rows, a)
		}
	}
	return writeStateTable(stdout, rows)
}

// proposePrompt is the prompt of ef propose: the session as a transcript
// (inside DSH the model sees the conversation itself), then the
// instruction the sidecar appends, byte for byte.
func proposePrompt(events []projection.Event, known []*projection.Anchor, digestTokens int) string {
	var sb strings.Builder
	sb.WriteString("## Conversation\n\n")
	for _, ev := range events {
		role := string(ev.Role)
		if ev.Role == projection.RoleTool && ev.Result != nil && ev.Result.IsError {
			role += " (error)"
		}
		fmt.Fprintf(&sb, "=== %s %s ===\n%s\n", projection.EventID(ev.Seq), role, strings.TrimRight(ev.Text, "\n"))
		for _, c := range ev.Calls {
			fmt.Fprintf(&sb, "(tool call %s %s)\n", c.Name, callArgs(c))
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("## Instruction\n\n")
	sb.WriteString(sidecar.DigestInstruction(len(events), digestTokens, projection.ModelPrompt(events, known)))
	sb.WriteByte('\n')
	return sb.String()
}

// callArgs is a call's arguments as JSON (sorted keys), for the transcript.
func callArgs(c projection.Call) string {
	var sb strings.Builder
	sb.WriteByte('{')
	for i, k := range slices.Sorted(maps.Keys(c.Args)) {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "%q: %q", k, fmt.Sprint(c.Args[k]))
	}
	sb.WriteByte('}')
	return sb.String()
}

// admitRecorded admits a recorded answer's proposals into r (the script's
// state at its end) as a fold would: cut the block, read it, check each
// proposal against the script's events.
func admitRecorded(r *projection.Reducer, events []projection.Event, answer, model string) proposeOutput {
	_, block, found, extra := projection.SplitModelAnswer(answer)
	props, parsed := projection.ParseModelProposals(block)
	parsed.DropN(projection.DropExtraBlock, extra)
	byseq := map[int]projection.Event{}
	for _, ev := range events {
		byseq[ev.Seq] = ev
	}
	last := events[len(events)-1].Seq
	rep := r.AdmitModel(&projection.ModelBatch{Provenance: projection.Provenance{Checkpoint: "ef-propose", Model: model}, At: last, Proposals: props},
		func(seq int) (projection.Event, bool) { ev, ok := byseq[seq]; return ev, ok }, nil)
	for why, n := range parsed.Dropped {
		rep.DropN(why, n)
	}
	out := proposeOutput{Events: len(events), Proposed: len(props) + parsed.DroppedTotal(), Admitted: rep.Admitted, Dropped: rep.Dropped,
		Notes: rep.Notes, Model: []stateAnchor{}, Heads: []stateAnchor{}}
	out.NoBlock = !found
	if out.Admitted == nil {
		out.Admitted = []projection.ModelProposal{}
	}
	for _, a := range r.ModelAnchors() {
		out.Model = append(out.Model, stateAnchorOf(a))
	}
	for _, a := range r.Heads() {
		out.Heads = append(out.Heads, stateAnchorOf(a))
	}
	return out
}

// sameFile reports whether paths a and b both exist and name the same
// file (through links, or spelled differently).
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false
	}
	return os.SameFile(fa, fb)
}
