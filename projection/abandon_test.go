package projection

import (
	"slices"
	"strings"
	"testing"
)

func TestDroppedNames(t *testing.T) {
	for _, tc := range []struct {
		say  string
		want string // the name dropped, "" for none
	}{
		// The trial's sentence and paraphrases.
		{"Let's not go down the pgloader road again — a freeze isn't acceptable anyway.", "pgloader"},
		{"Forget pgloader, write a batched backfill script.", "pgloader"},
		{"forget about pgloader and do keyset batches", "pgloader"},
		{"Let's drop the pgloader approach and do keyset batches.", "pgloader"},
		{"We're not using pgloader anymore", "pgloader"},
		{"Use COPY instead of pgloader.", "pgloader"},
		{"No more pgloader, please.", "pgloader"},
		{"pgloader is out.", "pgloader"},
		{"OK, the pgloader route is a dead end", "pgloader"},
		{"Skip pgloader, go straight to the script.", "pgloader"},
		{"Let's ditch pgloader altogether", "pgloader"},
		{"let's not use pgloader", "pgloader"},
		{"Don't use pgloader again", "pgloader"},
		{"Do it without pgloader.", "pgloader"},
		{"别用 pgloader 了，直接写脚本。", "pgloader"},
		{"放弃 pgloader 吧", "pgloader"},
		{"pgloader 这条路就算了", "pgloader"},
		{"不走 pgloader 这条路了", "pgloader"},
		{"不要再用pgloader了", "pgloader"},
		// Put off, not dropped: the failure stays open.
		{"Let's come back to pgloader later.", ""},
		{"Skip pgloader for now, we'll come back to it tomorrow.", ""},
		{"pgloader 先放一放，回头再说", ""},
		{"别用 pgloader 了，等 DBA 回来再试", ""},
		// Part of the thing, not the thing.
		{"Let's not use pgloader's default casting rules.", ""},
		{"drop the pgloader --with option", ""},
		{"不要用 pgloader 的默认类型转换", ""},
		// Negated, asked, conditional, or only mentioned.
		{"Don't forget pgloader needs the cast rule.", ""},
		{"Should we drop pgloader?", ""},
		{"If pgloader fails again, forget it.", ""},
		{"pgloader failed on zero dates, interesting.", ""},
		{"不要放弃 pgloader", ""},
		{"Keep pgloader, just add a cast for the zero dates.", ""},
	} {
		got := droppedNames(tc.say)
		if tc.want == "" && len(got) > 0 && slices.Contains(got, "pgloader") || tc.want != "" && !slices.Contains(got, tc.want) {
			t.Errorf("droppedNames(%q) = %q, want %q", tc.say, got, tc.want)
		}
	}
}

// TestDroppedByName: a failure dropped by its program's name leaves the
// heads for negative knowledge however many events ago it failed, and a
// failure of another program stays open.
func TestDroppedByName(t *testing.T) {
	for _, tc := range []struct {
		say      string
		pgloader bool // the pgloader failure is given up
		psql     bool // the psql failure is given up
	}{
		{"Ugh. Let's not go down the pgloader road again — a freeze isn't acceptable anyway.", true, false},
		{"Use COPY instead of pgloader.", true, false},
		{"别用 pgloader 了，直接写脚本。", true, false},
		{"放弃 pgloader 吧，改用分批回填。", true, false},
		{"forget psql for this, use the python driver", false, true},
		// Neither: put off, a mention, another thing dropped.
		{"Let's come back to pgloader later.", false, false},
		{"pgloader choked on the zero dates, right?", false, false},
		{"Skip the dashboard, the log lines are enough.", false, false},
		{"Forget the Grafana idea.", false, false},
	} {
		r := New(Options{})
		r.Apply(Event{Seq: 3, Role: RoleUser, Text: "Goal: move the orders table to Postgres."})
		r.Apply(Event{Seq: 34, Role: RoleAssistant, Calls: []Call{{ID: "c1", Name: "bash", Args: map[string]any{"command": "pgloader --dry-run migrate/orders.load"}}}})
		r.Apply(Event{Seq: 36, Role: RoleTool, Text: "2026-12-05T10:14:02Z LOG pgloader version \"3.6.9\"\n2026-12-05T10:14:03Z ERROR Database error 22008: date/time field value out of range", Result: &Result{CallID: "c1"}})
		r.Apply(Event{Seq: 39, Role: RoleAssistant, Text: "pgloader fails on MySQL zero dates."})
		r.Apply(Event{Seq: 41, Role: RoleAssistant, Calls: []Call{{ID: "c2", Name: "bash", Args: map[string]any{"command": "psql -f migrations/0042.sql"}}}})
		r.Apply(Event{Seq: 43, Role: RoleTool, Text: "psql:migrations/0042.sql:3: ERROR:  column \"status\" contains null values", Result: &Result{CallID: "c2", IsError: true}})
		r.Apply(Event{Seq: 46, Role: RoleAssistant, Text: "Both runs failed; waiting for your call."})
		r.Apply(Event{Seq: 58, Role: RoleUser, Text: tc.say})
		gone := map[string]bool{"pgloader": true, "psql": true}
		negative := 0
		for _, a := range r.Heads() {
			switch {
			case a.Kind == KindFailure && strings.Contains(a.Key, "pgloader"):
				gone["pgloader"] = false
			case a.Kind == KindFailure && strings.Contains(a.Key, "psql"):
				gone["psql"] = false
			case a.Kind == KindNegative && strings.Contains(a.Value, " failed: "):
				negative++
			}
		}
		want := 0
		for _, w := range []bool{tc.pgloader, tc.psql} {
			if w {
				want++
			}
		}
		if gone["pgloader"] != tc.pgloader || gone["psql"] != tc.psql || negative != want {
			t.Errorf("%q: pgloader given up %v, psql %v, negative %d; want %v, %v, %d", tc.say, gone["pgloader"], gone["psql"], negative, tc.pgloader, tc.psql, want)
		}
	}
}

// TestDroppedRunnerSubject: a run started through a runner is dropped by
// the program it runs, not by the runner's name.
func TestDroppedRunnerSubject(t *testing.T) {
	for say, want := range map[string]bool{
		"forget playwright, we'll test checkout by hand": true,
		"let's not use npx": false,
	} {
		r := New(Options{})
		r.Apply(Event{Seq: 1, Role: RoleAssistant, Calls: []Call{{ID: "c1", Name: "bash", Args: map[string]any{"command": "npx playwright test checkout.spec.ts"}}}})
		r.Apply(Event{Seq: 2, Role: RoleTool, Text: "Error: browserType.launch: Executable doesn't exist", Result: &Result{CallID: "c1", IsError: true}})
		for i := 3; i < 20; i++ {
			r.Apply(Event{Seq: i, Role: RoleAssistant, Text: "Looking at the config."})
		}
		r.Apply(Event{Seq: 20, Role: RoleUser, Text: say})
		open := slices.ContainsFunc(r.Heads(), func(a *Anchor) bool { return a.Kind == KindFailure })
		if open == want {
			t.Errorf("%q: failure open %v, want given up %v", say, open, want)
		}
	}
}

// TestGivenUpAfterGap: a host that spends several seqs on each step
// (OpenCode: the failure at 36, the agent's words at 39, the user's at
// 44) still has the user's words answer the failure when no tool
// reported since; when another run reported in between, only a drop by
// name reaches back that far.
func TestGivenUpAfterGap(t *testing.T) {
	for _, tc := range []struct {
		say          string
		ranSince     bool // a passing run reported after the failure
		wantGivenUpd bool
	}{
		{"forget it, not worth the trouble", false, true},
		{"ok let's not pursue that, the vendor drops the card next year anyway", false, true},
		{"这个方案算了，换个思路", false, true},
		{"don't try that again, the card is too old", false, true},
		{"never mind the cuda thing, we'll run it on the CPU farm overnight", false, true},
		{"forget it, not worth the trouble", true, false},
		{"这个方案算了，换个思路", true, false},
		// Another thing named, long after the failure.
		{"Forget the Grafana idea.", false, false},
		{"don't bother with the dashboard, the logs are enough", false, false},
		// Put off, or only asked about.
		{"ok leave it, out of time. tomorrow we fix the GPU thing", false, false},
		{"hmm, try it with --verbose so we see more", false, false},
		// By name, whatever ran since.
		{"forget ffmpeg, we'll send the files to the encoding service", true, true},
		// Dutch: given up, or put off to after the release.
		{"laat maar, dat wordt niks met die kaart", false, true},
		{"laat de cuda encode maar zitten, we doen het op de CPU", false, true},
		{"laat ffmpeg maar zitten, dat doen we na de release.", true, false},
		{"laat maar zien wat nvidia-smi zegt", false, false},
		{"leave it, we'll look at it after the release", false, false},
	} {
		r := New(Options{})
		r.Apply(Event{Seq: 3, Role: RoleUser, Text: "Goal: encode the catalogue faster."})
		r.Apply(Event{Seq: 34, Role: RoleAssistant, Calls: []Call{{ID: "c1", Name: "bash", Args: map[string]any{"command": "ffmpeg -hwaccel cuda -i in.mp4 out.mp4"}}}})
		r.Apply(Event{Seq: 36, Role: RoleTool, Text: "Error: no CUDA-capable device is detected", Result: &Result{CallID: "c1", IsError: true}})
		if tc.ranSince {
			r.Apply(Event{Seq: 38, Role: RoleAssistant, Calls: []Call{{ID: "c2", Name: "bash", Args: map[string]any{"command": "nvidia-smi -L"}}}})
			r.Apply(Event{Seq: 40, Role: RoleTool, Text: "No devices were found", Result: &Result{CallID: "c2"}})
		}
		r.Apply(Event{Seq: 42, Role: RoleAssistant, Text: "The box has no CUDA device, so the GPU encode can't run here."})
		r.Apply(Event{Seq: 47, Role: RoleUser, Text: tc.say})
		open := slices.ContainsFunc(r.Heads(), func(a *Anchor) bool { return a.Kind == KindFailure && strings.Contains(a.Key, "ffmpeg") })
		if open == tc.wantGivenUpd {
			t.Errorf("%q (ran since %v): failure open %v, want given up %v", tc.say, tc.ranSince, open, tc.wantGivenUpd)
		}
	}
}

// A give-up that names a thing gives up every open failure since the
// user last spoke that the thing names, not only the newest: after
// Testcontainers found no Docker and a look for the socket failed,
// "lascia stare docker in locale" drops both (trial 7 m05). A give-up
// that names nothing, or names only what the newest failed on, leaves
// the older failure open.
func TestGiveUpNamesEveryFailureOfTheThing(t *testing.T) {
	for _, c := range []struct {
		say      string
		gradleUp bool
	}{
		{"no lascia stare docker in locale, è un casino su questo mac aziendale.", true},
		{"don't bother with docker on this laptop, CI runs the integration tests", true},
		{"lass Docker hier in Ruhe, die Integrationstests laufen in der CI", true},
		{"leave it, I'll start colima myself", false},
		{"never mind that, just try the other socket path", false},
	} {
		out := reduceAll(t, "> user\nrun the integration tests locally\n> assistant\nrunning\n> call bash {\"command\": \"./gradlew integrationTest --tests 'it.acme.ordini.InventoryIT'\"}\n> result error\norg.testcontainers.DockerClientException: Could not find a valid Docker environment\n\nBUILD FAILED in 9s\n> assistant\nno Docker; checking the socket\n> call bash {\"command\": \"ls -l /var/run/docker.sock 2>&1\"}\n> result error\nls: /var/run/docker.sock: No such file or directory\n> assistant\nNo Docker socket. Start colima?\n> user\n"+c.say+"\n")
		if c.gradleUp {
			expect(t, out, []string{`negative/-/gradlew-integrationtest`}, []string{`failure command/-/\./gradlew integrationTest .*\[open/`})
		} else {
			expect(t, out, []string{`failure command/-/\./gradlew integrationTest .*\[open/empirical\]`}, []string{`negative/-/gradlew-integrationtest`})
		}
	}
}
