package projection

import (
	"strings"
	"testing"
)

func TestResolvedBy(t *testing.T) {
	for _, tc := range []struct {
		name                  string
		failed, because, hint string
		passed, out           string
		want                  bool
	}{
		// The deciding stage of a chain, run again in another chain.
		{"chain rerun", "mkdir -p out && sbt 'project core' assembly", "[error] Compilation failed", "",
			"sbt clean && sbt 'project core' assembly", "[success] Total time: 41 s", true},
		{"chain, another last stage", "cargo build && ./target/debug/loader --once", "error: thread panicked", "",
			"cargo build", "Finished dev", false},
		// A failed build built again by a test run of the same packages
		// (suite.go).
		{"build, then tests of the package", "cargo build -p recorder 2>&1 | head -50", "error: unexpected closing delimiter", "",
			"cargo test -p recorder", "test result: ok. 12 passed; 0 failed", true},
		{"go build, then go test", "go build ./internal/x/...", "internal/x/a.go:3:1: syntax error", "",
			"go test ./internal/x/...", "ok  \texample.com/m/internal/x\t0.1s", true},
		{"build, then tests of another package", "cargo build -p recorder", "error: unexpected closing delimiter", "",
			"cargo test -p relay", "test result: ok. 3 passed; 0 failed", false},
		{"build, then tests still failing", "go build ./...", "a.go:3:1: syntax error", "",
			"go test ./...", "--- FAIL: TestX (0.00s)\nFAIL\texample.com/m\t0.1s", false},
		{"a filter dropped", "cargo test -p testing fixtures 2>&1", "test fixtures::tests::test_zero ... FAILED", "",
			"cargo test -p testing 2>&1", "test result: ok. 17 passed; 0 failed", true},
		// A call refused for its usage, then called right (suite.go).
		{"usage fixed", "cargo autopilot directive get d-016", "error: unrecognized subcommand 'get'", "",
			"cargo autopilot directive show d-016", "d-016: Ship the relay", true},
		{"usage fixed, an option dropped", "cargo autopilot issue list --directive d-016 --status open", "error: unexpected argument '--directive' found", "",
			"cargo autopilot issue list --status blocked", "#77 blocked", true},
		{"a query asked right", "sqlite3 autopilot.db \"SELECT id, blocker_note FROM issues\"", "Error: in prepare, no such column: blocker_note", "",
			"sqlite3 autopilot.db \"SELECT id, blocked_reason FROM issues\"", "77|waiting on #76", true},
		{"usage, another program", "cargo autopilot directive get d-016", "error: unrecognized subcommand 'get'", "",
			"git status", "nothing to commit", false},
		{"no usage error", "cargo autopilot directive show d-016", "error: database is locked", "",
			"cargo autopilot issue list", "#77 blocked", false},
		{"fewer files than the failed run", "pytest tests/a.py tests/b.py", "FAILED tests/b.py::test_x", "",
			"pytest tests/a.py", "3 passed in 0.1s", false},
		{"wrapper dropped", "ninja -C out && timeout 30 ./out/probe --port /dev/ttyS1", "probe: no response", "",
			"ninja -C out && timeout 120 ./out/probe --port /dev/ttyS1", "probe: 12 frames", true},
		// A wider run of the same program that names what failed.
		{"wider run", "bin/rails db:migrate:up VERSION=20240101", "ActiveRecord::LockWaitTimeout", "",
			"bin/rails db:migrate", "== 20240101 AddIndexToOrders: migrated", false},
		{"wider pytest", "pytest tests/api/test_orders.py", "FAILED tests/api/test_orders.py::test_refund", "",
			"pytest", "tests/api/test_orders.py ....... [100%]\n88 passed", true},
		// A whole run with nothing failing covers the file it does not
		// name (suite.go); one still failing, or narrower, does not.
		{"wider, a count with nothing failing", "pytest tests/api/test_orders.py", "FAILED tests/api/test_orders.py::test_refund", "",
			"pytest", "88 passed in 3.1s", true},
		{"wider, still failing", "pytest tests/api/test_orders.py", "FAILED tests/api/test_orders.py::test_refund", "",
			"pytest", "1 failed, 87 passed in 3.1s", false},
		{"wider, no count", "pytest tests/api/test_orders.py", "FAILED tests/api/test_orders.py::test_refund", "",
			"pytest", "done", false},
		{"go pattern", "go test ./internal/ledger", "--- FAIL: TestPost", "",
			"go test ./...", "ok  \texample.com/x/internal/ledger\t0.2s", true},
		{"other target", "go test ./internal/ledger", "--- FAIL: TestPost", "",
			"go test ./internal/auth", "ok  \texample.com/x/internal/auth\t0.2s", false},
		// The interrupted operation continued.
		{"continue", "git cherry-pick 9f1c2e4", "error: could not apply 9f1c2e4", "",
			"git add src/a.c && git cherry-pick --continue", "[main 77aa] fix", true},
		{"abort is not continue", "git cherry-pick 9f1c2e4", "error: could not apply 9f1c2e4", "",
			"git cherry-pick --abort", "", false},
		// The resource the error blamed, corrected in code.
		{"corrected path in code", "python\nimport json\ncfg = json.load(open('conf/site-eu.json'))", "FileNotFoundError: [Errno 2] No such file or directory: 'conf/site-eu.json'", "",
			"python\nimport json\ncfg = json.load(open('conf/site-eu-west.json'))\nprint(cfg['region'])", "eu-west-1", true},
		{"unrelated path in code", "python\ncfg = json.load(open('conf/site-eu.json'))", "FileNotFoundError: [Errno 2] No such file or directory: 'conf/site-eu.json'", "",
			"python\nrows = json.load(open('data/orders.json'))", "", false},
		{"not a not-found error", "python\ncfg = json.load(open('conf/a.json'))", "JSONDecodeError: Expecting value", "",
			"python\ncfg = json.load(open('conf/b.json'))", "", false},
		// The command the user said to run instead.
		{"told to run", "make flash", "Error: no device found", "use the vendor tool instead: st-flash write build/app.bin 0x8000000",
			"st-flash write build/app.bin 0x8000000", "Flash written and verified", true},
		{"told, another command run", "make flash", "Error: no device found", "use the vendor tool instead: st-flash write build/app.bin 0x8000000",
			"st-info --probe", "Found 1 stlink", false},
		{"told a read-only command", "make flash", "Error: no device found", "check with ls /dev/tty* first",
			"ls /dev/tty*", "/dev/ttyACM0", false},
		// A pass that leaves out what failed fixes nothing; the same
		// option already in the failed run changes nothing.
		{"skips the failed input", "python3 -m transcode batch --course c1 --workers 3", "[batch] 1 failed: talk-07", "",
			"python3 -m transcode batch --course c1 --workers 3 --skip talk-07 --validate", "[batch] 11 inputs (skipped: talk-07)", false},
		{"option added, nothing skipped", "python3 -m transcode batch --course c1 --workers 3", "[batch] 1 failed: talk-07", "",
			"python3 -m transcode batch --course c1 --workers 3 --validate", "[batch] 12 inputs ok", true},
		{"deselects the failing test", "pytest tests -q", "FAILED tests/test_money.py::test_round_half", "",
			"pytest tests -q -k 'not test_round_half'", "41 passed, 1 deselected", false},
		{"excludes a package", "cargo test --workspace", "test ledger::post ... FAILED", "",
			"cargo test --workspace --exclude ledger", "test result: ok. 80 passed", false},
		{"the exclusion was there before", "rsync -a --exclude .git src/ host:/srv/app/", "rsync: connection unexpectedly closed", "",
			"rsync -a --exclude .git -e 'ssh -p 2222' src/ host:/srv/app/", "sent 1.2M bytes", true},
		// The thing the error said does not exist, used on the same file.
		{"missing table used", "python -m etichette lotti --db data/lotti_dev.db --vasca 7", "sqlite3.OperationalError: no such table: lotti", "",
			`sqlite3 -header data/lotti_dev.db "SELECT codice, bottiglie FROM lotti WHERE vasca = 7"`, "codice  bottiglie\nL263362  4812", true},
		{"missing relation used", "psql -f reports/daily.sql db/dev.conf", `ERROR:  relation "orders_v2" does not exist`, "",
			`psql -c 'select count(*) from orders_v2' db/dev.conf`, " 1482", true},
		{"missing table, only named in a path", "python -m etichette lotti --db data/lotti_dev.db", "sqlite3.OperationalError: no such table: lotti", "",
			"cp data/lotti.db data/lotti_dev.db", "", false},
		{"missing table, another file", "python -m etichette lotti --db data/lotti_dev.db", "sqlite3.OperationalError: no such table: lotti", "",
			`sqlite3 data/lotti.db "SELECT * FROM lotti"`, "L1", false},
		{"missing table, a viewer", "python -m etichette lotti --db data/lotti_dev.db", "sqlite3.OperationalError: no such table: lotti", "",
			"grep -c lotti data/lotti_dev.db", "0", false},
		// A pass that only pretends.
		{"dry run", "terraform apply -auto-approve", "Error: lock", "",
			"terraform apply -auto-approve -dry-run", "", false},
	} {
		var hints []string
		if tc.hint != "" {
			hints = []string{tc.hint}
		}
		if got := resolvedBy(tc.failed, tc.because, hints, tc.passed, tc.out); got != tc.want {
			t.Errorf("%s: resolvedBy(%q, %q) = %v, want %v", tc.name, tc.failed, tc.passed, got, tc.want)
		}
	}
}

// The blamed name at the start of the call or nowhere in it ends.
func TestCorrectedInEnds(t *testing.T) {
	for _, c := range [][3]string{
		{"nope.sh", "bash: nope.sh: No such file or directory 'nope.sh'", "nope2.sh"},
		{"a", "'a' not found", "aaaa"},
		{"x 'foo.txt'", "no such file 'foo.txt'", "x 'foo.txt' x 'foo.txt'"},
	} {
		correctedIn(c[0], c[1], c[2])
	}
}

// A failure the user gives up on is no open failure: negative knowledge
// holds the user's words and what failed. A failure the user only talks
// about stays open.
func TestAbandonedFailure(t *testing.T) {
	for _, tc := range []struct {
		say  string
		gone bool
	}{
		{"forget the GPU path, not worth the trouble", true},
		{"ok let's not pursue that, the vendor drops the card next year anyway", true},
		{"这个方案算了，换个思路", true},
		{"hmm, try it with --verbose so we see more", false},
		{"drop the replicas to a third", false},
		// Told to stop on it, in several languages (giveUpRE); the thing
		// named or the failure just before.
		{"don't bother with the GPU encode, the render box is getting replaced", true},
		{"never mind the cuda thing, we'll run it on the CPU farm overnight", true},
		{"skip it for now, Ana is fixing the drivers", true},
		{"just use libx264 instead, it is fast enough", true},
		{"Lass das CUDA-Encoding sein, die Karte kommt erst im März.", true},
		{"Déjalo, esa máquina no tiene GPU.", true},
		{"Laisse tomber, on n'a pas de carte graphique ici.", true},
		{"Lascia perdere, la GPU è del team video.", true},
		{"Deixa pra lá, a GPU não chega antes de março.", true},
		// Not a give-up: the thing left as it is, a past try's verdict,
		// a run fixed by another form of itself.
		{"leave it as it is and add the --verbose flag", false},
		{"leave it at 30 fps for now, the card is fine with that", false},
		{"we tried the nvenc preset last year too, don't bother going down that path", false},
		{"use ffmpeg -hwaccel cuda -hwaccel_device 1 instead", false},
	} {
		r := New(Options{})
		r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Goal: encode the catalogue faster."})
		r.Apply(Event{Seq: 1, Role: RoleAssistant, Calls: []Call{{ID: "c1", Name: "bash", Args: map[string]any{"command": "ffmpeg -hwaccel cuda -i in.mp4 out.mp4"}}}})
		r.Apply(Event{Seq: 2, Role: RoleTool, Text: "Error: no CUDA-capable device is detected", Result: &Result{CallID: "c1", IsError: true}})
		r.Apply(Event{Seq: 3, Role: RoleUser, Text: tc.say})
		open, negative := 0, 0
		for _, a := range r.Heads() {
			switch a.Kind {
			case KindFailure:
				open++
			case KindNegative:
				if strings.Contains(a.Value, "ffmpeg") {
					negative++
				}
			}
		}
		if tc.gone && (open != 0 || negative != 1) || !tc.gone && (open != 1 || negative != 0) {
			t.Errorf("%q: %d open failures, %d negative knowledge naming the command; want gone=%v", tc.say, open, negative, tc.gone)
		}
	}
}

// A call a recorded trajectory holds no result for (an importer's
// stand-in, "no result recorded") observed nothing: no failure.
func TestNoResultRecordedIsNoFailure(t *testing.T) {
	for _, name := range []string{"finish", "bash", "str_replace_editor"} {
		r := New(Options{})
		r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Goal: fix the parser crash."})
		r.Apply(Event{Seq: 1, Role: RoleAssistant, Calls: []Call{{ID: "c1", Name: name, Args: map[string]any{"command": "make test"}}}})
		r.Apply(Event{Seq: 2, Role: RoleTool, Text: "no result recorded", Result: &Result{CallID: "c1", IsError: true}})
		for _, a := range r.Heads() {
			if a.Kind == KindFailure {
				t.Errorf("%s: failure %s %q from a result never recorded", name, a.Key, a.Value)
			}
		}
	}
}

// A run whose program is missing is resolved by another program doing its
// work, naming one of its distinctive operands; a success naming none of
// them resolves nothing.
func TestMissingProgramReplaced(t *testing.T) {
	out := reduceAll(t, "> user\nwe work on the pipeline today.\n> assistant\nref first.\n"+
		"> call bash {\"command\": \"cd /d/tb && mkdir -p ref && datasets download genome accession GCF_000195955.2 --include genome --filename ref/h37rv.zip\"}\n> result error\nbash: datasets: command not found\n"+
		"> assistant\nno datasets CLI; wget.\n> call bash {\"command\": \"cd /d/tb && wget -q -O ref/H37Rv.fa.gz https://ftp.ncbi.nlm.nih.gov/genomes/all/GCF/000/195/955/GCF_000195955.2_ASM19595v2/GCF_000195955.2_ASM19595v2_genomic.fna.gz && gunzip -f ref/H37Rv.fa.gz\"}\n> result\nNC_000962.3 Mycobacterium tuberculosis H37Rv, complete genome\n"+
		"> assistant\nnext\n> call bash {\"command\": \"jq '.items[0]' report-2024.json\"}\n> result error\nbash: jq: command not found\n"+
		"> assistant\npython then\n> call bash {\"command\": \"python3 -c 'print(1)'\"}\n> result\n1\n")
	expect(t, out, []string{`failure .*datasets download .*\[resolved/empirical\]`, `failure .*jq .*\[open/empirical\]`}, nil)
}

// A project's dependencies installed whole another way resolve the
// failed install; an install of one package does not.
func TestProjectInstallAnotherWay(t *testing.T) {
	run := func(then string) string {
		return reduceAll(t, "> user\nWe're building the invoice exporter today.\n> assistant\nInstalling.\n"+
			"> call bash {\"command\": \"npm ci\"}\n> result error\nnpm ERR! `npm ci` can only install packages when your package.json and package-lock.json are in sync.\n"+
			"> assistant\nLockfile is stale.\n> call bash {\"command\": \""+then+"\"}\n> result\nadded 312 packages in 9s\n")
	}
	expect(t, run("npm install"), []string{`failure command/-/npm ci \[resolved/empirical\]`}, nil)
	expect(t, run("yarn install --frozen-lockfile=false"), []string{`failure command/-/npm ci \[resolved/empirical\]`}, nil)
	expect(t, run("npm install left-pad"), []string{`failure command/-/npm ci \[open/empirical\]`}, nil)
}
