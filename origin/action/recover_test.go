package action_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/actiontest"
	"github.com/epistemicfold/ef/origin/action"
)

// crashed is the panic value of an injected crash.
type crashed struct{}

// submitCrashing submits intent through k and reports whether the
// injected crash stopped it (a panic of the fault FS, which unwinds the
// kernel as a dead process would leave it: nothing after that step).
func submitCrashing(t *testing.T, k *action.Kernel, intent string) (res *action.Result, crash bool) {
	t.Helper()
	in, err := action.ParseIntent([]byte(intent))
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(crashed); !ok {
				panic(r)
			}
			crash = true
		}
	}()
	res, err = k.Submit(context.Background(), in, action.ChannelAPI)
	if err != nil {
		t.Fatalf("Submit: %v", err)
	}
	return res, false
}

// auditLines is the audit's lines decoded.
func auditLines(t *testing.T, k *action.Kernel) []action.AuditRecord {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(k.StateDir(), action.AuditFile))
	if err != nil {
		t.Fatal(err)
	}
	var out []action.AuditRecord
	for _, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		var r action.AuditRecord
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("audit line %q: %v", l, err)
		}
		out = append(out, r)
	}
	return out
}

// leftovers lists the kernel's temporary files under dir.
func leftovers(t *testing.T, dirs ...string) []string {
	var out []string
	for _, d := range dirs {
		es, _ := os.ReadDir(d)
		for _, e := range es {
			if strings.HasPrefix(e.Name(), ".ef-act-") {
				out = append(out, filepath.Join(d, e.Name()))
			}
		}
	}
	return out
}

// TestCrashBetweenSteps kills (by an injected crash at each step of the
// FS seam) an overwrite and a creation, then opens a new kernel: the
// intent line written before the first step lets it write the missing
// record, with the status the file shows (done exactly when the rename
// happened), remove the write's temporary files, and the next action
// gets a new sequence number and a backup name of its own.
func TestCrashBetweenSteps(t *testing.T) {
	const overwrite = `{"action_id":"x1","relpath":"demo/existing.md","content":"NEW\n","approval":"confirm"}`
	const create = `{"action_id":"x1","relpath":"demo/sub/fresh.md","content":"NEW\n"}`
	for _, c := range []struct {
		name, intent string
		op, under    string // crash before the first op on a path containing under
		nth          int    // ... or before its nth occurrence
		want         action.Status
		content      string // of the target after recovery; "-" absent
	}{
		{"before the backup", overwrite, "create", "/backups/", 1, action.StatusFailed, "old\n"},
		{"before the temporary file", overwrite, "create", "/demo/", 1, action.StatusFailed, "old\n"},
		{"before the rename", overwrite, "rename", "/demo/existing.md", 1, action.StatusFailed, "old\n"},
		{"after the rename", overwrite, "syncdir", "/demo", 1, action.StatusDone, "NEW\n"},
		{"before the record", overwrite, "write", action.AuditFile, 2, action.StatusDone, "NEW\n"},
		{"create: before the directory", create, "mkdir", "/demo/sub", 1, action.StatusFailed, "-"},
		{"create: before the rename", create, "rename", "fresh.md", 1, action.StatusFailed, "-"},
		{"create: before the record", create, "write", action.AuditFile, 2, action.StatusDone, "NEW\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := actiontest.NewWorkspace(t)
			n := 0
			ffs := &faultFS{fail: func(op, path string) bool {
				if op == c.op && strings.Contains(filepath.ToSlash(path), c.under) {
					if n++; n == c.nth {
						panic(crashed{})
					}
				}
				return false
			}}
			k1 := actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}, FS: ffs})
			if _, crash := submitCrashing(t, k1, c.intent); !crash {
				t.Fatal("the injected crash did not happen")
			}
			lines := auditLines(t, k1)
			if len(lines) != 1 || lines[0].Pending == nil || lines[0].Result != nil {
				t.Fatalf("after the crash the audit holds %+v, want one intent line", lines)
			}

			k2 := actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}})
			lines = auditLines(t, k2)
			if len(lines) != 2 || lines[1].Result == nil || !lines[1].Recovered || lines[1].Seq != lines[0].Seq {
				t.Fatalf("after recovery the audit holds %+v, want the intent line and its recovered record", lines)
			}
			r := lines[1].Result
			if r.Status != c.want || r.ActionID != "x1" {
				t.Errorf("recovered record %+v, want status %s", r, c.want)
			}
			target := filepath.Join(w.Base, filepath.FromSlash(lines[0].Pending.Target))
			got, err := os.ReadFile(target)
			if c.content == "-" && err == nil || c.content != "-" && string(got) != c.content {
				t.Errorf("target holds %q (%v), want %q", got, err, c.content)
			}
			if l := leftovers(t, filepath.Dir(target), filepath.Join(k2.StateDir(), "backups")); len(l) > 0 {
				t.Errorf("temporary files left: %v", l)
			}
			// A resubmission sees the recovered outcome: a done action is
			// replayed, a failed one is carried out now.
			again := submitJSON(t, k2, c.intent)
			if (c.want == action.StatusDone) != again.Replayed || again.Status != action.StatusDone {
				t.Errorf("resubmitted: %+v", again)
			}
			// A later overwrite gets a sequence (and a backup name) of its own.
			next := submitJSON(t, k2, `{"relpath":"demo/existing.md","content":"third\n","approval":"confirm"}`)
			if next.BackupPath == nil || (r.BackupPath != nil && *r.BackupPath == *next.BackupPath) {
				t.Errorf("backup of the next overwrite %v, of the recovered one %v", next.BackupPath, r.BackupPath)
			}
			if r.BackupPath != nil {
				if b, err := os.ReadFile(filepath.Join(w.Base, *r.BackupPath)); err != nil || string(b) != "old\n" {
					t.Errorf("the recovered action's backup holds %q, %v; want the old bytes", b, err)
				}
			}
			f, _ := os.Open(filepath.Join(k2.StateDir(), action.AuditFile))
			defer f.Close()
			sum, err := action.ReadAudit(f, nil)
			if err != nil || sum.Torn != 0 || sum.Unresolved != 0 || sum.Intents == 0 {
				t.Errorf("audit summary %+v, %v", sum, err)
			}
		})
	}
}

// TestIntentLineOnlyWhenWriting: denied and requires_approval actions
// touch nothing and have one line (their record); a done write has two.
func TestIntentLineOnlyWhenWriting(t *testing.T) {
	w := actiontest.NewWorkspace(t)
	k := actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}})
	submitJSON(t, k, `{"relpath":"../outside/secret.txt","content":"x"}`)
	submitJSON(t, k, `{"relpath":"demo/existing.md","content":"x"}`)
	if n := len(auditLines(t, k)); n != 2 {
		t.Errorf("%d audit lines after a denial and a requires_approval, want 2", n)
	}
	submitJSON(t, k, `{"relpath":"demo/new.md","content":"x"}`)
	lines := auditLines(t, k)
	if len(lines) != 4 || lines[2].Pending == nil || lines[3].Result == nil || lines[2].Seq != 3 || lines[3].Seq != 3 {
		t.Errorf("a done write's lines: %+v", lines[2:])
	}
}

// TestCreateUnderProtectedCreate: creating a file where tools read or run
// it unreviewed (.git/, .claude/, credential files) is high and needs
// confirm, as an overwrite there does; creating other protected files
// (new code) stays low, and an empty ProtectedCreate gives RFC-0006's
// tiers back.
func TestCreateUnderProtectedCreate(t *testing.T) {
	cases := []struct {
		rel  string
		risk action.Risk
	}{
		{".claude/new-settings.json", action.RiskHigh},
		{".git/hooks/pre-commit", action.RiskHigh},
		{".git/config", action.RiskHigh},
		{".env", action.RiskHigh},
		{".ENV", action.RiskHigh},
		{"demo/.env.local", action.RiskHigh},
		{"keys/id_rsa", action.RiskHigh},
		{"certs/server.pem", action.RiskHigh},
		{"demo/../.npmrc", action.RiskHigh},
		// near misses
		{"lib/new.js", action.RiskLow},
		{"demo/new.go", action.RiskLow},
		{".envrc", action.RiskLow},
		{"claude/settings.json", action.RiskLow},
		{"docs/git/hooks.md", action.RiskLow},
		{".github/workflows/ci.yml", action.RiskLow},
		{"demo/env", action.RiskLow},
	}
	w := actiontest.NewWorkspace(t)
	k := actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}})
	for _, c := range cases {
		r := submitJSON(t, k, `{"relpath":"`+c.rel+`","content":"x\n"}`)
		wantStatus := action.StatusDone
		if c.risk == action.RiskHigh {
			wantStatus = action.StatusRequiresApproval
		}
		if r.Risk != c.risk || r.Status != wantStatus {
			t.Errorf("create %s: risk %s status %s (%s), want %s %s", c.rel, r.Risk, r.Status, r.Reason, c.risk, wantStatus)
		}
		if c.risk == action.RiskHigh {
			if _, err := os.Lstat(filepath.Join(w.Base, c.rel)); err == nil {
				t.Errorf("create %s: written without approval", c.rel)
			}
			r = submitJSON(t, k, `{"relpath":"`+c.rel+`","content":"x\n","approval":"confirm"}`)
			if r.Status != action.StatusDone || r.Approval != action.ApprovalConfirm {
				t.Errorf("create %s with confirm: %+v", c.rel, r)
			}
		}
	}
	w2 := actiontest.NewWorkspace(t)
	rfc := actiontest.OpenKernel(t, action.Options{Roots: []string{w2.Base}, ProtectedCreate: []string{}})
	if r := submitJSON(t, rfc, `{"relpath":".git/hooks/pre-commit","content":"x\n"}`); r.Risk != action.RiskLow {
		t.Errorf("with an empty ProtectedCreate: %+v", r)
	}
}

// TestUnknownVerbBeforeMissingContent: a verb the kernel lacks is named
// (denied, audited) whether or not content is there; a known verb without
// content is still a malformed intent.
func TestUnknownVerbBeforeMissingContent(t *testing.T) {
	w := actiontest.NewWorkspace(t)
	k := actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}})
	for _, intent := range []string{
		`{"verb":"file.delete","relpath":"demo/existing.md"}`,
		`{"verb":"file.delete","relpath":"demo/existing.md","content":""}`,
		`{"verb":"shell.exec","relpath":"x"}`,
	} {
		r := submitJSON(t, k, intent)
		if r.Status != action.StatusDenied || !strings.Contains(r.Reason, "is not file.write or file.append") {
			t.Errorf("%s: %s %q, want denied naming the verb", intent, r.Status, r.Reason)
		}
	}
	for _, intent := range []string{
		`{"verb":"file.write","relpath":"demo/x.md"}`,
		`{"verb":"file.append","relpath":"demo/x.md"}`,
		`{"relpath":"demo/x.md"}`,
	} {
		if _, err := action.ParseIntent([]byte(intent)); err == nil || !strings.Contains(err.Error(), "content is missing") {
			t.Errorf("%s: %v, want content is missing", intent, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(w.Base, "demo/existing.md")); string(b) != "old\n" {
		t.Errorf("existing.md now %q", b)
	}
}
