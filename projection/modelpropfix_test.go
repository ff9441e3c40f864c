package projection

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// admitLines admits proposal lines (one JSON object each) after evs' last
// event.
func admitLines(t *testing.T, r *Reducer, evs []Event, lines ...string) ModelReport {
	t.Helper()
	_, rep := admitAnswer(t, r, evs, "```ef-proposals\n"+strings.Join(lines, "\n")+"\n```")
	return rep
}

// currentValues is the current values of key the state shows.
func currentValues(r *Reducer, key string) []string {
	var out []string
	for _, a := range r.Heads() {
		if a.Kind == KindValue && a.Key == key {
			out = append(out, a.Value)
		}
	}
	return out
}

// A model's newer value of a setting the log holds (a supersedes of the
// log's head, or a value of the same setting under the log's spelling)
// is the one current value of its key: the log's own reading keeps its
// head, and the state shows it replaced.
func TestModelValueOneCurrentPerKey(t *testing.T) {
	base := []Event{
		{Seq: 0, Role: RoleUser, Text: "Set the boot delay to 2."},
		{Seq: 1, Role: RoleAssistant, Text: "Boot delay is 2."},
		{Seq: 2, Role: RoleUser, Text: "Set the boot delay to 0."},
		{Seq: 3, Role: RoleAssistant, Text: "Set to 0."},
		{Seq: 4, Role: RoleUser, Text: "ugh, with zero i can't catch the bootloader. boot delay 3 from now on, ops asked for it."},
	}
	det := New(Options{SessionID: "s"})
	applyAll(det, base)
	var key, id string
	for _, a := range det.Heads() {
		if a.Kind == KindValue {
			key, id = a.Key, a.ID
		}
		if a.Kind == KindValue && a.Value != "0" {
			t.Fatalf("the log reads %s = %s: pick a phrasing it misses", a.Key, a.Value)
		}
	}
	if key == "" {
		t.Fatal("the log reads no boot delay")
	}
	for _, line := range []string{
		fmt.Sprintf(`{"kind":"supersedes","event":"e4","quote":"boot delay 3 from now on","value":"3","target":%q}`, id),
		`{"kind":"value","event":"e4","quote":"boot delay 3 from now on","subject":"boot delay","value":"3"}`,
	} {
		r := New(Options{SessionID: "s"})
		applyAll(r, base)
		if rep := admitLines(t, r, base, line); len(rep.Admitted) != 1 {
			t.Fatalf("%s: admitted %v, dropped %v", line, rep.Admitted, rep.Dropped)
		}
		if got := currentValues(r, key); len(got) != 1 || got[0] != "3" {
			t.Errorf("%s: current values of %s: %q, want only 3", line, key, got)
		}
		if got, want := r.Snapshot().Anchors, det.Snapshot().Anchors; anchorsJSONp(&Reducer{hot: slotted(got)})[0] != anchorsJSONp(&Reducer{hot: slotted(want)})[0] {
			t.Errorf("%s: the log's own reading changed", line)
		}
		// the log setting it again is current again, alone
		r.Apply(Event{Seq: 5, Role: RoleUser, Text: "Set the boot delay to 1."})
		if got := currentValues(r, key); len(got) != 1 || got[0] != "1" {
			t.Errorf("%s: after the log's newer value: %q, want only 1", line, got)
		}
	}
}

// slotted is anchors keyed as a reducer holds them.
func slotted(as []*Anchor) map[string]*Anchor {
	m := map[string]*Anchor{}
	for _, a := range as {
		m[slot(a.Kind, a.Key)] = a
	}
	return m
}

// A revert the model reads ("back to what it was") is the value before
// the one it replaces when the log holds it, else stated unresolved; the
// model may say so in Change, or the words say it.
func TestModelRevertResolves(t *testing.T) {
	held := []Event{
		{Seq: 0, Role: RoleUser, Text: "Set the boot delay to 2."},
		{Seq: 1, Role: RoleUser, Text: "Set the boot delay to 0."},
		{Seq: 2, Role: RoleUser, Text: "oh and boot delay back to what it was, with 0 i can't catch uboot"},
	}
	unknown := []Event{
		{Seq: 0, Role: RoleUser, Text: "Set the boot delay to 0."},
		{Seq: 1, Role: RoleAssistant, Text: "Done."},
		{Seq: 2, Role: RoleUser, Text: "oh and boot delay back to what it was, with 0 i can't catch uboot"},
	}
	for _, c := range []struct {
		name string
		evs  []Event
		line string
		want string
	}{
		{"words", held, `{"kind":"value","event":"e2","quote":"boot delay back to what it was","subject":"boot delay","value":"back to what it was"}`, "2"},
		{"change", held, `{"kind":"value","event":"e2","quote":"boot delay back to what it was","subject":"boot delay","value":"back to what it was","change":"revert"}`, "2"},
		{"unknown", unknown, `{"kind":"value","event":"e2","quote":"boot delay back to what it was","subject":"boot delay","value":"back to what it was"}`, "unresolved: back to its value before 0"},
		{"halved", unknown[:2], `{"kind":"value","event":"e0","quote":"Set the boot delay to 0","subject":"boot delay","value":"0"}`, ""},
	} {
		r := New(Options{SessionID: "s"})
		applyAll(r, c.evs)
		var key string
		for _, a := range r.Heads() {
			if a.Kind == KindValue {
				key = a.Key
			}
			if a.Kind == KindValue && a.Value != "0" {
				t.Fatalf("%s: the log reads %s = %s: pick a phrasing it misses", c.name, a.Key, a.Value)
			}
		}
		rep := admitLines(t, r, c.evs, c.line)
		if c.want == "" {
			if len(rep.Admitted) != 0 {
				t.Errorf("%s: admitted what the log holds: %v", c.name, rep.Admitted)
			}
			continue
		}
		if len(rep.Admitted) != 1 {
			t.Fatalf("%s: admitted %v, dropped %v", c.name, rep.Admitted, rep.Dropped)
		}
		if got := currentValues(r, key); len(got) != 1 || got[0] != c.want {
			t.Errorf("%s: current values %q, want only %q", c.name, got, c.want)
		}
	}
	// a relative change: the held value changed, or refused when it is
	// not one
	evs := []Event{
		{Seq: 0, Role: RoleUser, Text: "android rollout production 20% first."},
		{Seq: 1, Role: RoleAssistant, Text: "Rolling out."},
		{Seq: 2, Role: RoleUser, Text: "20% is a lot, ha con mot nua thoi"},
	}
	r := New(Options{SessionID: "s"})
	applyAll(r, evs)
	rep := admitLines(t, r, evs,
		`{"kind":"value","event":"e2","quote":"ha con mot nua thoi","subject":"android rollout","value":"ha con mot nua","change":"halve it","subject_event":"e0"}`,
		`{"kind":"value","event":"e2","quote":"ha con mot nua thoi","subject":"android rollout","value":"ha con mot nua","change":"*0.5","subject_event":"e0"}`)
	if len(rep.Admitted) != 1 || rep.Dropped[DropChange] != 1 {
		t.Fatalf("admitted %v, dropped %v", rep.Admitted, rep.Dropped)
	}
	if m := r.ModelAnchors(); len(m) != 1 || m[0].Value != "unresolved: halved, from a value not stated" && m[0].Value != "10%" {
		t.Errorf("the halved rollout: %+v", m)
	}
}

// A value in a terse reply names its setting through the message it
// answers or an earlier message of the user's, which the admission checks;
// a message of another speaker, or one that does not name it, does not.
func TestModelValueSubjectElsewhere(t *testing.T) {
	evs := []Event{
		{Seq: 0, Role: RoleUser, Text: "release 3.8.0 today. build number 3800."},
		{Seq: 1, Role: RoleAssistant, Text: "Uploading.", Calls: []Call{{ID: "c1", Name: "bash", Args: map[string]any{"command": "fastlane android internal"}}}},
		{Seq: 2, Role: RoleTool, Text: "Version code 3800 has already been used.", Result: &Result{CallID: "c1", IsError: true}},
		{Seq: 3, Role: RoleAssistant, Text: "Play rejects it: we need to raise the build number, e.g. 3801."},
		{Seq: 4, Role: RoleUser, Text: "ok, 3801. ios too"},
		{Seq: 5, Role: RoleAssistant, Text: "Rebuilding with 3801."},
		{Seq: 6, Role: RoleUser, Text: "and 3802 for the hotfix later"},
		{Seq: 7, Role: RoleTool, Text: "build number is read from pubspec", Result: &Result{CallID: "c9"}},
	}
	det := New(Options{SessionID: "s"})
	applyAll(det, evs)
	for _, a := range det.Heads() {
		if a.Kind == KindValue && strings.Contains(a.Value, "380") {
			t.Fatalf("the log reads %s = %s: pick a phrasing it misses", a.Key, a.Value)
		}
	}
	for _, c := range []struct {
		line string
		ok   bool
	}{
		// the message answered names it
		{`{"kind":"value","event":"e4","quote":"ok, 3801","subject":"build number","value":"3801"}`, true},
		// an earlier user message named as its subject's
		{`{"kind":"value","event":"e6","quote":"3802 for the hotfix","subject":"build number","value":"3802","subject_event":"e0"}`, true},
		// the message e6 answers names no build number
		{`{"kind":"value","event":"e6","quote":"3802 for the hotfix","subject":"build number","value":"3802"}`, false},
		// a tool's output names no user's setting
		{`{"kind":"value","event":"e6","quote":"3802 for the hotfix","subject":"build number","value":"3802","subject_event":"e7"}`, false},
		// an assistant's message the reply does not answer
		{`{"kind":"value","event":"e6","quote":"3802 for the hotfix","subject":"build number","value":"3802","subject_event":"e3"}`, false},
		// a later message
		{`{"kind":"value","event":"e4","quote":"ok, 3801","subject":"build number","value":"3801","subject_event":"e7"}`, false},
		// a subject the cited message names nowhere
		{`{"kind":"value","event":"e4","quote":"ok, 3801","subject":"version code","value":"3801","subject_event":"e0"}`, false},
	} {
		r := New(Options{SessionID: "s"})
		applyAll(r, evs)
		rep := admitLines(t, r, evs, c.line)
		if got := len(rep.Admitted) == 1; got != c.ok {
			t.Errorf("%s: admitted %v, want %v (dropped %v)", c.line, got, c.ok, rep.Dropped)
		}
		if !c.ok && rep.Dropped[DropSubject] != 1 {
			t.Errorf("%s: dropped %v, want no-subject", c.line, rep.Dropped)
		}
	}
}

// runEv is the assistant's event at seq running cmd (call id c<seq>).
func runEv(seq int, cmd string) Event {
	return Event{Seq: seq, Role: RoleAssistant, Text: "Running.", Calls: []Call{{ID: fmt.Sprint("c", seq), Name: "bash", Args: map[string]any{"command": cmd}}}}
}

// outEv is the tool's result at seq of the call runEv made at seq-1.
func outEv(seq int, text string, isErr bool) Event {
	return Event{Seq: seq, Role: RoleTool, Text: text, Result: &Result{CallID: fmt.Sprint("c", seq-1), IsError: isErr}}
}

// fixSession is a session with a failed command and a failed test, and
// later results of several kinds.
func fixSession() []Event {
	call, res := runEv, outEv
	return []Event{
		{Seq: 0, Role: RoleUser, Text: "Bring up the board and run the tests."},
		call(1, "bench ssh 3 'dmesg | grep -i fec'"),
		res(2, "fec 30be0000.ethernet eth0: registered PHC device 0\nfec 30be0000.ethernet eth0: Unable to connect to phy", true),
		call(3, "pytest tests/ -q"),
		res(4, "F..\nFAILED tests/test_okno.py::test_okno_swieto - AssertionError\n1 failed, 2 passed in 0.41s", true),
		{Seq: 5, Role: RoleAssistant, Text: "Fixed! The link is up and the test passes now."},
		call(6, "uptime"),
		res(7, "up 3 days, load 0.1 eth0", false),
		call(8, "bench ssh 3 'uptime'"),
		res(9, "up 3 min", false),
		call(10, "bench flash --board 3 image.dtb && bench ssh 3 'ethtool eth0 | grep Link'"),
		res(11, "\tLink detected: yes", false),
		call(12, "pip install holidays && pytest tests/ -q"),
		res(13, "..F.\nFAILED tests/test_kursy.py::test_kurs - AssertionError\n1 failed, 3 passed in 0.47s", true),
		call(14, "pytest tests/ -q"),
		res(15, "F...\nFAILED tests/test_okno.py::test_okno_swieto - AssertionError\n1 failed, 3 passed in 0.40s", true),
	}
}

// A done of a failure is admitted only on the log's evidence: a later
// tool result, not an error (for a test: not naming it failing, and
// naming it or running its command again), of a call tied to the
// failure.
func TestModelDoneOfFailureNeedsEvidence(t *testing.T) {
	evs := fixSession()
	det := New(Options{SessionID: "s"})
	applyAll(det, evs[:13])
	var cmdF, testF *Anchor
	for _, a := range det.Heads() {
		if a.Kind == KindFailure && strings.HasPrefix(a.Key, "test/") {
			testF = a
		} else if a.Kind == KindFailure {
			cmdF = a
		}
	}
	if cmdF == nil || testF == nil {
		t.Fatalf("the log holds no open failures to fix: %v", det.Heads())
	}
	for _, c := range []struct {
		name, event, quote string
		target             *Anchor
		upto               int
		why                string
	}{
		{"the assistant's word", "e5", "The link is up", cmdF, 13, DropAuthority},
		{"another program", "e7", "up 3 days, load 0.1 eth0", cmdF, 13, DropFixUnproven},
		{"the same program, nothing of the failure named", "e9", "up 3 min", cmdF, 13, DropFixUnproven},
		{"before the failure", "e2", "registered PHC device 0", cmdF, 13, DropTargetAge},
		{"the link up on the same board", "e11", "Link detected: yes", cmdF, 13, ""},
		{"the suite again, the test failing (seen again)", "e15", "1 failed, 3 passed in 0.40s", testF, 16, DropTargetAge},
		{"an error result of a command", "e13", "1 failed, 3 passed in 0.47s", cmdF, 14, DropFixUnproven},
	} {
		evs := evs[:c.upto]
		r := New(Options{SessionID: "s"})
		applyAll(r, evs)
		// the failure of the target's key open now (a test failing again
		// after it was fixed is a failure of its own)
		target := r.hot[slot(KindFailure, c.target.Key)]
		if target == nil || !target.IsHead() {
			t.Fatalf("%s: %s is not open at seq %d", c.name, c.target.Key, evs[len(evs)-1].Seq)
		}
		rep := admitLines(t, r, evs, fmt.Sprintf(`{"kind":"done","event":%q,"quote":%q,"target":%q}`, c.event, c.quote, target.ID))
		open := slices.ContainsFunc(r.Heads(), func(a *Anchor) bool { return a.ID == target.ID })
		if c.why == "" {
			if len(rep.Admitted) != 1 || open {
				t.Errorf("%s: admitted %v (dropped %v, notes %v); still open %v", c.name, rep.Admitted, rep.Dropped, rep.Notes, open)
			}
			if got := r.Snapshot().Anchors; !slices.ContainsFunc(got, func(a *Anchor) bool { return a.ID == target.ID && a.IsHead() }) {
				t.Errorf("%s: the log's own reading of the failure changed", c.name)
			}
			continue
		}
		if rep.Dropped[c.why] != 1 || !open {
			t.Errorf("%s: dropped %v, want %s (notes %v); still open %v", c.name, rep.Dropped, c.why, rep.Notes, open)
		}
		if c.why == DropFixUnproven && len(rep.Notes) != 1 {
			t.Errorf("%s: no note says why: %v", c.name, rep.Notes)
		}
	}
	// the suite run again failing another test fixes the test it no
	// longer lists failing on its own (listedRerun): no model needed
	r := New(Options{SessionID: "s"})
	applyAll(r, evs[:14])
	if a := r.anchorByID(testF.ID); a == nil || a.Lifecycle != Resolved {
		t.Errorf("the suite again, another test failing: %v", a)
	}
	// a fixed failure seen again after the fix is open again
	r = New(Options{SessionID: "s"})
	applyAll(r, evs[:12])
	admitLines(t, r, evs[:12], fmt.Sprintf(`{"kind":"done","event":"e11","quote":"Link detected: yes","target":%q}`, cmdF.ID))
	r.Apply(Event{Seq: 12, Role: RoleAssistant, Calls: []Call{{ID: "c12", Name: "bash", Args: map[string]any{"command": "bench ssh 3 'dmesg | grep -i fec'"}}}})
	r.Apply(Event{Seq: 13, Role: RoleTool, Text: "fec 30be0000.ethernet eth0: Unable to connect to phy", Result: &Result{CallID: "c12", IsError: true}})
	if !slices.ContainsFunc(r.Heads(), func(a *Anchor) bool { return a.Kind == KindFailure && a.Key == cmdF.Key }) {
		t.Errorf("the failure seen again after the fix is not open")
	}
}

// The prompt's schema shows, in lines a model can copy, a value named by
// another message, a relative change and a revert, a done of a failure,
// and a local id a later line names; each line reads as a proposal.
func TestModelPromptSchemaExamples(t *testing.T) {
	p := ModelPrompt(modelSession(), nil)
	i := strings.Index(p, "```"+ModelFence+"\n")
	if i < 0 {
		t.Fatalf("no proposals block in the prompt:\n%s", p)
	}
	_, block, found, _ := SplitModelAnswer(p[i:])
	props, rep := ParseModelProposals(block)
	if !found || rep.DroppedTotal() != 0 {
		t.Fatalf("the schema's examples do not read: %v", rep.Dropped)
	}
	ids := map[string]bool{}
	var change, revert, subjectEvent, localTarget, doneFailure bool
	for _, pr := range props {
		if pr.ID != "" {
			ids[pr.ID] = true
		}
		change = change || pr.Change != "" && pr.Change != "revert" && modelChangeRE.MatchString(pr.Change)
		revert = revert || pr.Change == "revert"
		subjectEvent = subjectEvent || eventSeq(pr.SubjectEvent) >= 0
		localTarget = localTarget || ids[pr.Target]
		doneFailure = doneFailure || pr.Kind == ModelDone && strings.HasPrefix(pr.Target, "f")
	}
	if !change || !revert || !subjectEvent || !localTarget || !doneFailure {
		t.Errorf("the examples lack a relative change %v, a revert %v, a subject_event %v, a local target %v, a done of a failure %v:\n%s", change, revert, subjectEvent, localTarget, doneFailure, block)
	}
}

// A local id names a proposal of the same answer: a rule set and lifted
// within the span is admitted and lifted; an id used twice, or shaped
// like an event's, is refused.
func TestModelLocalIDs(t *testing.T) {
	evs := []Event{
		{Seq: 0, Role: RoleUser, Text: "Help me ship the exporter."},
		{Seq: 1, Role: RoleUser, Text: "Nothing goes to the staging bucket until the audit is done, it stays sacred."},
		{Seq: 2, Role: RoleAssistant, Text: "Understood."},
		{Seq: 3, Role: RoleUser, Text: "audit passed, the staging bucket is fair game again"},
	}
	r := New(Options{SessionID: "s"})
	applyAll(r, evs)
	rep := admitLines(t, r, evs,
		`{"kind":"constraint","event":"e1","quote":"it stays sacred","id":"p1"}`,
		`{"kind":"constraint","event":"e1","quote":"Nothing goes to the staging bucket until the audit is done","id":"p1"}`,
		`{"kind":"decision","event":"e2","quote":"Understood.","id":"e2"}`,
		`{"kind":"lifts","event":"e3","quote":"the staging bucket is fair game again","target":"p1"}`)
	if len(rep.Admitted) != 2 || rep.Dropped[DropLocalID] != 2 {
		t.Fatalf("admitted %v, dropped %v", rep.Admitted, rep.Dropped)
	}
	for _, m := range r.ModelAnchors() {
		if m.Kind == KindConstraint && m.Lifecycle != Lifted {
			t.Errorf("the rule lifted by its local id is %s", m.Lifecycle)
		}
	}
}
