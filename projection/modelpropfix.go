package projection

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A failure the summarizer model says is fixed.
//
// The assistant's word never moves a failure (EF-RFC-001 §15, §18), and
// neither does the model's: a "done" of a failure is admitted only when
// the log itself shows the fix, so the model only points at evidence the
// deterministic reading did not connect. The cited event must be
//
//   - a tool's result (never the assistant, the user or the digest), not
//     interrupted, quoted verbatim;
//   - newer than the failure's newest sighting (a failure seen again after
//     it is not fixed by it), and not showing the failure's own error line
//     again;
//   - the result of a call the log holds, and tied to the failure:
//   - for a failed test, the output does not name the test on a failing
//     line, and either names it (a verbose run's pass line) or the call
//     runs the failed test command again (its program with every operand
//     of the failed run: "pytest tests/ -q" inside "pip install x &&
//     pytest tests/ -q"). Such a run may still fail on other tests: an
//     error result is accepted for a test only this way;
//   - for a failed command, a result that is no error, of a call that
//     runs the same program (a stage of the call, wrappers dropped) and
//     names a distinctive name of the failure (a path or identifier of
//     the failed command, "dane/surowe/mbank_2026-11.csv", "build_number:3801";
//     or of its error line, "eth0").
//
// Anything else is dropped as fix-not-shown. The fix is held as a
// model anchor that stands in for the log's failure (displaced): the
// failure shown resolved at the evidence's seq, with the quote as what it
// rests on; the log's own reading of the failure is unchanged, and a
// failure the log sees again later is open again.

// maxCallLookback bounds how far before a tool's result its call is looked
// for (events).
const maxCallLookback = 64

// distinctRE is a name in a command or an error line: letters, digits and
// the punctuation of paths and identifiers.
var distinctRE = regexp.MustCompile(`[\p{L}\p{N}][\p{L}\p{N}_.:/@~+-]*[\p{L}\p{N}_]`)

// failWordRE is a line that says a test failed.
var failWordRE = regexp.MustCompile(`(?i)\b(?:fail(?:ed|ure|ing|s)?|errors?|broken|✗)\b|✗|✘`)

// callOf is the call a tool result answers: the newest call with its id in
// the assistant events before it (nil when none is found).
func callOf(ev Event, event func(int) (Event, bool)) *Call {
	if ev.Result == nil || ev.Result.CallID == "" || event == nil {
		return nil
	}
	for s := ev.Seq - 1; s >= 0 && s >= ev.Seq-maxCallLookback; s-- {
		e, ok := event(s)
		if !ok || e.Role != RoleAssistant {
			continue
		}
		for i := range e.Calls {
			if e.Calls[i].ID == ev.Result.CallID {
				c := e.Calls[i]
				return &c
			}
		}
	}
	return nil
}

// failedCallOf is the text of the call a failure was seen in: its call
// link, else its command key.
func failedCallOf(f *Anchor) string {
	if c, ok := linkWith(f.Links, callPrefix); ok {
		return c
	}
	c, _ := strings.CutPrefix(f.Key, commandPrefix)
	if c == f.Key {
		return ""
	}
	return c
}

// stagesOf are the stages of a command: "a && b", "a; b" (listed: a
// separator inside quotes splits nothing), one a line.
func stagesOf(cmd string) []string {
	var out []string
	for _, line := range strings.Split(cmd, "\n") {
		l := listed(line)
		if l == nil {
			l = []string{line}
		}
		for _, c := range l {
			out = append(out, andStages(c)...)
		}
	}
	return out
}

// stagePrograms is the program of each stage of a command ("a && b", "a;
// b", cut at a pipe, wrappers and environment dropped).
func stagePrograms(cmd string) []string {
	var out []string
	for _, st := range stagesOf(cmd) {
		st = pipeHead(st)
		if f := runFields(unwrap(st)); len(f) > 0 {
			out = append(out, f[0])
		}
	}
	return out
}

// stageWords are the words of each stage of a command from the program
// it runs (runFields): an interpreter's options ("php -d
// memory_limit=512M") name nothing the run was about.
func stageWords(cmd string) []string {
	var out []string
	for _, st := range stagesOf(cmd) {
		st = pipeHead(st)
		out = append(out, runFields(unwrap(st))...)
	}
	return out
}

// distinctNames are the names of s that identify what it is about: a
// name holding a digit or a path's or identifier's punctuation, at least
// three runes ("eth0", "build_number:3801", "dane/surowe/x.csv"), never
// an option ("--board") or a bare number.
func distinctNames(s string) []string {
	var out []string
	for _, w := range distinctRE.FindAllString(s, -1) {
		if len([]rune(w)) < 3 || strings.HasPrefix(w, "-") {
			continue
		}
		if !strings.ContainsAny(w, "_./:@~0123456789") {
			continue
		}
		if strings.IndexFunc(w, unicode.IsLetter) < 0 {
			// "2026-11", "0.41": a number says nothing of the subject
			continue
		}
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
		if i := strings.LastIndexByte(w, '/'); i >= 0 {
			// a path's file by its own name ("kolam-a1.yaml" of
			// "esphome/kolam-a1.yaml", named again from inside esphome/)
			if b := distinctNames(w[i+1:]); len(b) == 1 && b[0] == w[i+1:] && !slices.Contains(out, b[0]) {
				out = append(out, b[0])
			}
		}
	}
	return out
}

// fixedBy reports whether the tool result ev (of call) shows failure f,
// seen in the call failed, fixed, and why not ("" when it does).
func fixedBy(f *Anchor, failed string, ev Event, call *Call) string {
	out := ev.Text
	if e := strings.TrimSpace(strings.TrimPrefix(f.Value, "failed: ")); len(e) >= 12 && strings.Contains(out, e) {
		return "the result shows the failure's error again"
	}
	passed := callText(call)
	if strings.HasPrefix(f.Key, "test/") {
		name := f.Name
		if name == "" {
			_, name = keyParts(f.Key)
		}
		if len(name) < 3 {
			return "the failed test has no name"
		}
		named := false
		for line := range strings.Lines(out) {
			if strings.Contains(line, name) {
				if failWordRE.MatchString(line) {
					return "the result names the test failing"
				}
				named = true
			}
		}
		if named && !ev.Result.IsError {
			return ""
		}
		if failed != "" && passed != "" && runsAgain(failed, passed) {
			return ""
		}
		return "the result neither names the test nor runs its command again"
	}
	if ev.Result.IsError {
		return "an error result shows no fix"
	}
	if failed == "" || passed == "" {
		return "the failed or the cited call is not in the log"
	}
	progs := stagePrograms(failed)
	if !slices.ContainsFunc(stagePrograms(passed), func(p string) bool { return slices.Contains(progs, p) }) {
		return "the cited call runs another program"
	}
	names := distinctNames(strings.Join(stageWords(failed), " "))
	for _, n := range distinctNames(f.Value + "\n" + f.Because) {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	for _, n := range names {
		if slices.Contains(progs, n) {
			continue
		}
		if _, ok := findVerbatim(passed, n); ok {
			return ""
		}
	}
	return "the cited call names nothing the failure names"
}

// runsAgain reports whether the call passed runs the deciding stage of
// failed again: one of its stages is the same program with every operand
// and option value of it.
func runsAgain(failed, passed string) bool {
	fs := deciding(failed, "")
	if fs == "" {
		fs = failed
	}
	fw, ok := readRun(unwrap(fs))
	if !ok {
		return false
	}
	pc := readPassed(passed)
	if pretendRE.MatchString(fs) {
		pc = pc.withPretend()
	}
	for _, ps := range pc.stages {
		if ps.ok && ps.run.prog == fw.prog && subset(fw.all(), ps.run.all()) {
			return true
		}
	}
	return false
}

// admitFixed admits a model's "done" of failure f cited at ev (quote its
// verbatim text): "" when admitted, else the reason it was dropped.
func (r *Reducer) admitFixed(f *Anchor, ev Event, quote, id string, prov *Provenance, event func(int) (Event, bool)) (string, string) {
	if ev.Role != RoleTool || ev.Result == nil || ev.Result.Interrupted {
		return DropAuthority, "only a tool's result shows a fix"
	}
	if ev.Seq <= f.Seq() {
		return DropTargetAge, "the failure was seen at or after the result"
	}
	call := callOf(ev, event)
	if call == nil {
		return DropFixUnproven, "the result's call is not in the log"
	}
	failed := failedCallOf(f)
	if failed == "" && f.Proposed != nil {
		// a failure the model read: the call of the result it cites
		if fe, ok := eventOf(event, f.FirstSeq()); ok {
			failed = callText(callOf(fe, event))
		}
	}
	if why := fixedBy(f, failed, ev, call); why != "" {
		return DropFixUnproven, why
	}
	ref := EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq}
	if m := r.modelAnchor(f.ID); m != nil {
		m.Lifecycle = Resolved
		m.Because = quote
		m.addRef(ref)
		return "", ""
	}
	nu := &Anchor{ID: id, Kind: KindFailure, Key: f.Key, Name: f.Name, Value: f.Value, Authority: Empirical, Lifecycle: Resolved,
		SourceRefs: append(slices.Clone(f.SourceRefs[:min(len(f.SourceRefs), 1)]), ref), Quote: f.Quote, Because: quote,
		Links: []string{f.Key}, Proposed: prov}
	if slices.ContainsFunc(r.model, func(m *Anchor) bool { return displaces(m, f) }) {
		return DropKnown, ""
	}
	r.model = append(r.model, nu)
	return "", ""
}

// displaces reports whether model anchor m stands in the view for the
// log-read head h: a current value of h's key set after it, or the fix
// of h's failure shown after its newest sighting. The log's reading keeps
// h as it is (a model anchor never changes what the log's reading
// holds); the state shows one head per key.
func displaces(m, h *Anchor) bool {
	if m.Proposed == nil || h.Proposed != nil || !h.IsHead() || m.Kind != h.Kind || m.Seq() <= h.Seq() {
		return false
	}
	switch m.Kind {
	case KindValue:
		return m.Key == h.Key && m.IsHead()
	case KindFailure:
		return m.Key == h.Key && m.Lifecycle == Resolved
	case KindConstraint, KindDecision, KindNegative:
		// a rule, choice or ruled-out approach the user's newer words
		// replace (a supersedes of h, its quote the user's or the
		// system's, admit checked), about the same thing: a content
		// word of h's in the new words ("we blijven bij OSRM" after
		// "probeer hemelsbreed … in plaats van OSRM")
		return m.IsHead() && slices.Contains(m.Links, h.Key) && m.Authority == Normative && sharesTerm(m.Quote, h.Value+" "+h.Quote)
	}
	return false
}

// sharesTerm reports whether a and b share a word of four letters or
// digits at the least that is no function word (a name's parts count:
// "prod" of "s3://manassa-media-prod"), or a CJK bigram.
func sharesTerm(a, b string) bool {
	words := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			if utf8.RuneCountInString(w) >= 4 && !stopwords[w] && !strings.ContainsFunc(w, isCJK) {
				m[w] = true
			}
		}
		for w := range terms(s) {
			if strings.ContainsFunc(w, isCJK) && utf8.RuneCountInString(w) >= 2 {
				m[w] = true
			}
		}
		return m
	}
	wb := words(b)
	for w := range words(a) {
		if wb[w] {
			return true
		}
	}
	return false
}

// displaced reports whether a model anchor stands in the view for the
// log-read anchor h.
func (r *Reducer) displaced(h *Anchor) bool {
	if !h.IsHead() || h.Proposed != nil || (h.Kind != KindValue && h.Kind != KindFailure && h.Kind != KindConstraint && h.Kind != KindDecision && h.Kind != KindNegative) {
		return false
	}
	return slices.ContainsFunc(r.model, func(m *Anchor) bool { return displaces(m, h) })
}

// standsIn reports whether model anchor m displaces a log-read head held:
// it is kept while that head is (never retired by the model caps, which
// would bring a stale value or a fixed failure back).
func (r *Reducer) standsIn(m *Anchor) bool {
	if h := r.hot[slot(m.Kind, m.Key)]; h != nil && displaces(m, h) {
		return true
	}
	for _, k := range m.Links {
		if h := r.hot[slot(m.Kind, k)]; h != nil && displaces(m, h) {
			return true
		}
	}
	return false
}

// eventOf is event(seq), false when there is no lookup.
func eventOf(event func(int) (Event, bool), seq int) (Event, bool) {
	if event == nil {
		return Event{}, false
	}
	return event(seq)
}
