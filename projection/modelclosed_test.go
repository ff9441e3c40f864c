package projection

import (
	"fmt"
	"strings"
	"testing"
)

// closedSession: a command fails and the same command, run again from
// inside its folder, passes; a subscription refused, then run after
// "set -a; . env; set +a" with a user; a third failure the log does not
// read (it blames nothing a rerun shows).
func closedSession() []Event {
	call, res := runEv, outEv
	return []Event{
		{Seq: 0, Role: RoleUser, Text: "Set up the pond alerts."},
		call(1, "docker compose up -d influxdb"),
		res(2, "Error response from daemon: port 8086 is already allocated", true),
		call(3, "docker compose up -d influxdb"),
		res(4, "Container influxdb Started", false),
		call(5, "mosquitto_sub -h 192.168.10.5 -t 'tambak/+/do' -C 6 -v"),
		res(6, "Connection error: Connection Refused: not authorised.", true),
		call(7, "set -a; . /etc/tambak/mqtt.env; set +a; mosquitto_sub -h 192.168.10.5 -u telegraf -P \"$MQTT_PASS\" -t 'tambak/+/do' -C 6 -v"),
		res(8, "tambak/a1/do 5.84\ntambak/a2/do 6.10", false),
		call(9, "esphome compile esphome/kolam-a1.yaml"),
		res(10, "ERROR Unable to load external component 'dfrobot_do': local source directory '../components' not found", true),
		call(11, "cd esphome && esphome compile kolam-a1.yaml"),
		res(12, "INFO Successfully compiled program.", false),
	}
}

// The prompt lists the failures the log read and closed within the span
// with how they closed, so the model does not propose them again as open;
// and a failure it proposes again anyway, quoting the log's own error
// line, is read already, not a second, open failure.
func TestModelClosedFailureNotProposedAgain(t *testing.T) {
	evs := closedSession()
	r := New(Options{SessionID: "s"})
	applyAll(r, evs)
	var f *Anchor
	for _, a := range r.Anchors() {
		if a.Kind == KindFailure && a.FirstSeq() == 2 {
			f = a
		}
	}
	if f == nil || f.IsHead() {
		t.Fatalf("the log should read e2's failure and resolve it at e4: %+v", f)
	}
	prompt := ModelPrompt(evs, r.Anchors())
	want := fmt.Sprintf("%s failure [e2] (%s at e4): %s", f.ID, f.Lifecycle, f.Value)
	if !strings.Contains(prompt, want) {
		t.Errorf("the prompt does not list the closed failure %q:\n%s", want, prompt)
	}
	if strings.Contains(ModelPrompt(evs, r.Heads()), "closed within") {
		t.Error("given the heads alone, the prompt lists closed anchors")
	}
	rep := admitLines(t, r, evs, `{"kind":"failure","event":"e2","quote":"port 8086 is already allocated"}`)
	if len(rep.Admitted) != 0 {
		t.Fatalf("a failure the log read and closed was admitted again: %v", rep.Admitted)
	}
	for _, a := range r.Heads() {
		if a.Kind == KindFailure && a.FirstSeq() == 2 {
			t.Errorf("e2's failure stands open: %+v", a)
		}
	}
}

// A done of a failure the model itself read (in the same answer, by its
// local id) is checked against the call of the result the failure cites;
// the stages of "a; b" are stages, and a file named from inside its
// folder ("kolam-a1.yaml" after "cd esphome") is the file the failed call
// named.
func TestModelDoneOfModelFailure(t *testing.T) {
	evs := closedSession()
	for _, tc := range []struct {
		lines []string
		want  int
	}{
		{[]string{`{"kind":"failure","event":"e6","quote":"Connection Refused: not authorised.","id":"p1"}`,
			`{"kind":"done","event":"e8","quote":"tambak/a1/do 5.84","target":"p1"}`}, 2},
		{[]string{`{"kind":"failure","event":"e10","quote":"Unable to load external component 'dfrobot_do'","id":"p1"}`,
			`{"kind":"done","event":"e12","quote":"INFO Successfully compiled program.","target":"p1"}`}, 2},
		// another program's success shows no fix
		{[]string{`{"kind":"failure","event":"e10","quote":"Unable to load external component 'dfrobot_do'","id":"p1"}`,
			`{"kind":"done","event":"e8","quote":"tambak/a1/do 5.84","target":"p1"}`}, 1},
	} {
		r := New(Options{SessionID: "s"})
		// the log's own reading is left out: the model read these
		applyAll(r, evs[:1])
		rep := admitLines(t, r, evs, tc.lines...)
		if len(rep.Admitted) != tc.want {
			t.Errorf("%s: admitted %d (%v), dropped %v; want %d", tc.lines[1], len(rep.Admitted), rep.Admitted, rep.Dropped, tc.want)
		}
	}
}

// A value the user adopts from a tool's output without writing it is the
// output's, when the model names that output (value_event) and the value
// stands in it; never a value picked from an output for a message that
// wrote its own, nor from a message that is no tool's output.
func TestModelValueAdoptedFromOutput(t *testing.T) {
	evs := []Event{
		{Seq: 0, Role: RoleUser, Text: "Check which PHP staging runs."},
		{Seq: 1, Role: RoleAssistant, Text: "Checking.", Calls: []Call{{ID: "c1", Name: "bash", Args: map[string]any{"command": "ssh staging php -v"}}}},
		{Seq: 2, Role: RoleTool, Text: "PHP 8.3.14 (cli) (built: Nov 25 2026) (NTS)", Result: &Result{CallID: "c1"}},
		{Seq: 3, Role: RoleUser, Text: "Super. Put the version you saw in the output into config.platform.php."},
		{Seq: 4, Role: RoleUser, Text: "And set config.platform.php to 8.3 for the CI image."},
	}
	for _, tc := range []struct {
		line, want string
	}{
		{`{"kind":"value","event":"e3","quote":"Put the version you saw in the output into config.platform.php","subject":"config.platform.php","value":"8.3.14","value_event":"e2"}`, "8.3.14"},
		// the quote writes a value of its own
		{`{"kind":"value","event":"e4","quote":"set config.platform.php to 8.3","subject":"config.platform.php","value":"8.3.14","value_event":"e2"}`, ""},
		// not in the output, or not at a word's edge
		{`{"kind":"value","event":"e3","quote":"Put the version you saw in the output into config.platform.php","subject":"config.platform.php","value":"8.4.1","value_event":"e2"}`, ""},
		{`{"kind":"value","event":"e3","quote":"Put the version you saw in the output into config.platform.php","subject":"config.platform.php","value":"3.14","value_event":"e2"}`, ""},
		// no tool's output, or a later one
		{`{"kind":"value","event":"e3","quote":"Put the version you saw in the output into config.platform.php","subject":"config.platform.php","value":"PHP","value_event":"e0"}`, ""},
		{`{"kind":"value","event":"e3","quote":"Put the version you saw in the output into config.platform.php","subject":"config.platform.php","value":"8.3","value_event":"e4"}`, ""},
	} {
		if got, rep := modelValueOf(t, evs, tc.line); got != tc.want {
			t.Errorf("%s: value %q (admitted %v, dropped %v), want %q", tc.line, got, rep.Admitted, rep.Dropped, tc.want)
		}
	}
}

// modelValueOf is the model's current value after the session evs, its
// first event read by the log, and the proposal line admitted.
func modelValueOf(t *testing.T, evs []Event, line string) (string, ModelReport) {
	t.Helper()
	r := New(Options{SessionID: "s"})
	applyAll(r, evs[:1])
	rep := admitLines(t, r, evs, line)
	got := ""
	for _, a := range r.Heads() {
		if a.Kind == KindValue && a.Proposed != nil {
			got = a.Value
		}
	}
	return got, rep
}

// A value the user defines by what an output is still to show ("as many
// workers as the server has cores") is that output's, when the output
// answers the user's message (a call made before the user writes again);
// an output after the user wrote again answers something else.
func TestModelValueDefinedByLaterOutput(t *testing.T) {
	evs := []Event{
		{Seq: 0, Role: RoleUser, Text: "The ordering system moved off the box: give the solver as many workers as the planning server has cores."},
		{Seq: 1, Role: RoleAssistant, Text: "Checking the core count.", Calls: []Call{{ID: "c1", Name: "bash", Args: map[string]any{"command": "nproc"}}}},
		{Seq: 2, Role: RoleTool, Text: "16", Result: &Result{CallID: "c1"}},
		{Seq: 3, Role: RoleUser, Text: "Also look at the GPU box."},
		{Seq: 4, Role: RoleAssistant, Text: "Checking.", Calls: []Call{{ID: "c2", Name: "bash", Args: map[string]any{"command": "ssh gpu nproc"}}}},
		{Seq: 5, Role: RoleTool, Text: "32", Result: &Result{CallID: "c2"}},
	}
	for _, tc := range []struct {
		line, want string
	}{
		{`{"kind":"value","event":"e0","quote":"give the solver as many workers as the planning server has cores","subject":"solver workers","value":"16","value_event":"e2"}`, "16"},
		{`{"kind":"value","event":"e0","quote":"give the solver as many workers as the planning server has cores","subject":"solver workers","value":"32","value_event":"e5"}`, ""},
	} {
		if got, rep := modelValueOf(t, evs, tc.line); got != tc.want {
			t.Errorf("%s: value %q (admitted %v, dropped %v), want %q", tc.line, got, rep.Admitted, rep.Dropped, tc.want)
		}
	}
}

// Dictated text says its punctuation aloud: a clause starts after a said
// "comma", "new paragraph" or (in text dictated throughout) "period", so
// a rule quoted after an earlier clause's "not" keeps its own clause;
// "period" in a sentence of written text ends nothing.
func TestKeepsNegationDictated(t *testing.T) {
	for _, tc := range []struct {
		text, quote string
		want        bool
	}{
		{"that's for next sprint not now period you can merge period oh and the rule is lifted comma fine", "you can merge", true},
		{"bold everywhere looks shouty not great comma go with the darker text period thanks period bye", "go with the darker text", true},
		{"no new paragraph keep the brand teal exactly as it is", "keep the brand teal exactly as it is", true},
		// written text: "period" is a word, the negation holds
		{"Don't shorten the retention period to 7 days.", "to 7 days", false},
		{"We will not raise the limit period.", "raise the limit", false},
	} {
		i := strings.Index(tc.text, tc.quote)
		if got := keepsNegation(tc.text, i, i+len(tc.quote)); got != tc.want {
			t.Errorf("keepsNegation(%q, %q) = %v, want %v", tc.text, tc.quote, got, tc.want)
		}
	}
}

// A value set back to what it was is news while another value is
// current: the model's revert to its own earlier value is admitted, not
// read already because the superseded value was the same.
func TestModelRevertToEarlierValue(t *testing.T) {
	evs := []Event{
		{Seq: 0, Role: RoleUser, Text: "Bu projede PHP belleği memory_limit 512M olsun."},
		{Seq: 1, Role: RoleUser, Text: "memory_limit'i iki katına çıkar, tekrar dene."},
		{Seq: 2, Role: RoleUser, Text: "Yok, vazgeçtik. memory_limit'i de eski haline getir."},
	}
	r := New(Options{SessionID: "s"})
	applyAll(r, evs[:1])
	rep := admitLines(t, r, evs,
		`{"kind":"value","event":"e0","quote":"memory_limit 512M","subject":"memory_limit","value":"512M","id":"p1"}`,
		`{"kind":"supersedes","event":"e1","quote":"memory_limit'i iki katına çıkar","value":"iki katına çıkar","change":"*2","target":"p1","id":"p2"}`,
		`{"kind":"supersedes","event":"e2","quote":"memory_limit'i de eski haline getir","value":"eski haline getir","change":"revert","target":"p2"}`)
	var cur []string
	for _, a := range r.Heads() {
		if a.Kind == KindValue {
			cur = append(cur, a.Value)
		}
	}
	if len(cur) != 1 || cur[0] != "512M" {
		t.Errorf("current memory_limit %q, want only 512M (admitted %v, dropped %v)", cur, rep.Admitted, rep.Dropped)
	}
}

// A message may set a value and change it in the same breath ("Pak Darto
// wants 10 minutes, Bu Ratna says make it half"): a supersedes of a value
// quoted earlier in the same event is admitted, one of a value quoted
// after it is not.
func TestModelSupersedesWithinOneEvent(t *testing.T) {
	evs := []Event{
		{Seq: 0, Role: RoleUser, Text: "Soal alarm: Pak Darto maunya for 10 menit, tapi Bu Ratna bilang dibikin setengahnya aja."},
		{Seq: 1, Role: RoleUser, Text: "Bikin setengahnya aja kata Bu Ratna, padahal Pak Darto maunya for 10 menit."},
	}
	for _, tc := range []struct {
		first, second string
		want          string
	}{
		{`{"kind":"value","event":"e0","quote":"maunya for 10 menit","subject":"for","value":"10 menit","id":"p1"}`,
			`{"kind":"supersedes","event":"e0","quote":"dibikin setengahnya aja","value":"setengahnya","change":"*0.5","target":"p1"}`, "5 menit"},
		// the change is quoted before the value it would change
		{`{"kind":"value","event":"e1","quote":"maunya for 10 menit","subject":"for","value":"10 menit","id":"p1"}`,
			`{"kind":"supersedes","event":"e1","quote":"Bikin setengahnya aja","value":"setengahnya","change":"*0.5","target":"p1"}`, "10 menit"},
	} {
		r := New(Options{SessionID: "s"})
		applyAll(r, evs)
		rep := admitLines(t, r, evs, tc.first, tc.second)
		var cur []string
		for _, a := range r.Heads() {
			if a.Kind == KindValue && a.Proposed != nil {
				cur = append(cur, a.Value)
			}
		}
		if len(cur) != 1 || cur[0] != tc.want {
			t.Errorf("%s: current %q, want only %q (admitted %v, dropped %v)", tc.second, cur, tc.want, rep.Admitted, rep.Dropped)
		}
	}
}

// A setting named by a word its language suffixed ("datanya", "sürümü")
// is named, beside a word named as it is; a single word is not named by a
// longer one that starts with it ("port" by "portal").
func TestNamesSubjectInflected(t *testing.T) {
	for _, tc := range []struct {
		text, subj string
		want       bool
	}{
		{"Interval kirim datanya tiap 60 detik aja biar baterai awet.", "Interval kirim data", true},
		{"staging'deki PHP sürümü 8.3 olsun", "PHP sürüm", true},
		{"set the portal timeout to 30", "port", false},
		{"set the portal timeout to 30", "portal timeout", true},
		{"the report limit is 30", "port limit", false},
		{"Interval kirim datanya tiap 60 detik", "interval kirim datasetnya", false},
	} {
		if got := namesSubject(tc.text, tc.subj); got != tc.want {
			t.Errorf("namesSubject(%q, %q) = %v, want %v", tc.text, tc.subj, got, tc.want)
		}
	}
}

// An open question the model read is answered by the user's, the system's
// or a tool output's words it cites (done of an uncertainty): the question
// is established on them; the assistant's word answers nothing.
func TestModelDoneOfQuestion(t *testing.T) {
	evs := []Event{
		{Seq: 0, Role: RoleUser, Text: "Is PHP 8.3 installed on staging? Check before we bump the platform."},
		runEv(1, "ssh staging php -v"),
		outEv(2, "PHP 8.3.14 (cli) (built: Nov 25 2026) (NTS)", false),
		{Seq: 3, Role: RoleAssistant, Text: "Yes, staging has PHP 8.3.14."},
	}
	for _, tc := range []struct {
		done string
		want string
	}{
		{`{"kind":"done","event":"e2","quote":"PHP 8.3.14 (cli)","target":"p1"}`, Established},
		{`{"kind":"done","event":"e3","quote":"Yes, staging has PHP 8.3.14.","target":"p1"}`, HypothesisLC},
	} {
		r := New(Options{SessionID: "s"})
		applyAll(r, evs[:1])
		rep := admitLines(t, r, evs, `{"kind":"uncertainty","event":"e0","quote":"Is PHP 8.3 installed on staging?","id":"p1"}`, tc.done)
		got := ""
		for _, a := range r.Anchors() {
			if a.Kind == KindUncertainty && a.Proposed != nil {
				got = a.Lifecycle
			}
		}
		if got != tc.want {
			t.Errorf("%s: the question is %q, want %q (admitted %v, dropped %v)", tc.done, got, tc.want, rep.Admitted, rep.Dropped)
		}
	}
}
