package projection

import "testing"

// A failed test run is fixed by the same test program passing later on
// the same tests or more (even after a here document, even in a long
// call), not by a run of other tests or one still failing; a host a call
// could not reach is fixed by a later call reaching it.
func TestSuiteRerunAndHostReached(t *testing.T) {
	heredoc := `cat > spec/services/late_fee_spec.rb <<'EOF'\nrequire \"rails_helper\"\nRSpec.describe LateFee do\n  it \"charges\" do; expect(1).to eq(1); end\nend\nEOF\nbundle exec rspec spec/services/late_fee_spec.rb`
	failed := "> user\nadd the late fee service\n> assistant\nspec first\n> call bash {\"command\": \"" + heredoc + "\"}\n> result error\n.F....\n\n6 examples, 1 failure\n\nFailed examples:\n\nrspec ./spec/services/late_fee_spec.rb:12 # LateFee charges only the $25 fee\n> assistant\nfixing\n"
	for _, c := range []struct {
		name, call, out string
		resolved        bool
	}{
		{"same file passes", `sed -i 's/A = 10/A = 11/' app/late_fee.rb && bundle exec rspec spec/services/late_fee_spec.rb`, "......\n\n6 examples, 0 failures", true},
		{"whole suite passes", `bundle exec rspec`, "....................\n\n120 examples, 0 failures", true},
		{"another file passes", `bundle exec rspec spec/models/invoice_spec.rb`, "....\n\n4 examples, 0 failures", false},
		{"still failing", `bundle exec rspec`, "..F\n\n120 examples, 1 failure", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, failed+"> call bash {\"command\": \""+c.call+"\"}\n> result\n"+c.out+"\n")
			if c.resolved {
				expect(t, out, []string{`failure command/-/bundle exec rspec spec/services/late_fee_spec.rb \[resolved/empirical\]`}, nil)
			} else {
				expect(t, out, []string{`failure command/-/bundle exec rspec spec/services/late_fee_spec.rb \[open/empirical\]`}, nil)
			}
		})
	}
	if r := readTestRun("pnpm -s vitest run 2>&1 | tail", testRunRE.FindStringSubmatchIndex("pnpm -s vitest run 2>&1 | tail")); r.prog != "vitest" || len(r.ops) != 0 {
		t.Errorf("readTestRun = %+v", r)
	}
	out := reduceAll(t, "> user\nset up the bot\n> assistant\nchecking the network\n> call bash {\"command\": \"curl -sS -m 10 -o /dev/null -w '%{http_code}' https://api.telegram.org/\"}\n> result error\ncurl: (28) Connection timed out after 10001 milliseconds\n> user\nArtyom opened the firewall\n> assistant\nagain\n> call bash {\"command\": \"curl -sS -m 10 https://api.telegram.org/bot$BOT_TOKEN/getMe | jq -c .result\"}\n> result\n{\"id\":1,\"username\":\"vet_bot\"}\n")
	expect(t, out, []string{`failure command/-/curl .*api.telegram.org/ \[resolved/empirical\]`}, nil)
	out = reduceAll(t, "> user\nset up the bot\n> assistant\nchecking the network\n> call bash {\"command\": \"curl -sS -m 10 https://api.telegram.org/\"}\n> result error\ncurl: (28) Connection timed out after 10001 milliseconds\n> assistant\nother host\n> call bash {\"command\": \"curl -sS https://vetbase.example.org/api/v2/ping\"}\n> result\nok\n")
	expect(t, out, []string{`failure command/-/curl .*api.telegram.org/ \[open/empirical\]`}, nil)
	if s := headTail("abcdefghij", 7); s != "abc … j" {
		t.Errorf("headTail = %q", s)
	}
}

// A script written through a here-document and run at once is keyed by
// its run, so its rewritten run is the same run; a document only written,
// or fed to a program, keys the command whole.
func TestHeredocRun(t *testing.T) {
	for cmd, want := range map[string]string{
		"cd /testbed && cat > debug_issue.py << 'EOF'\nimport sys\nprint(1)\nEOF\npython debug_issue.py": "cd /testbed && python debug_issue.py",
		"cat > t.py << 'EOF' && python t.py 2>&1\nimport x\nEOF":                                         "python t.py 2>&1",
		"cat > t.py <<EOF\nimport x\nEOF":                                                                "cat > t.py <<EOF\nimport x\nEOF",
		"python - <<'EOF'\nimport x\nEOF":                                                                "python - <<'EOF'\nimport x\nEOF",
		"cat > a.py << 'EOF'\nA\nEOF\ncat > b.py << 'EOF'\nB\nEOF\npython a.py && python b.py":           "python a.py && python b.py",
	} {
		if got := heredocRun(cmd); got != want {
			t.Errorf("heredocRun(%q) = %q, want %q", cmd, got, want)
		}
	}
	out := reduceAll(t, `
> user
Fix the file build error.
> assistant
Reproducing first.
> call bash {"command": "cat > repro.py << 'EOF'\nimport astroid\nastroid.build('x')\nEOF\npython repro.py"}
> result error
Traceback (most recent call last):
ValueError: no such module x
> assistant
Fixed the builder; running the reproduction again with a valid module.
> call bash {"command": "cat > repro.py << 'EOF'\nimport astroid\nastroid.build('os')\nEOF\npython repro.py"}
> result
ok
`)
	expect(t, out, []string{`failure command/-/python repro.py \[resolved/empirical\]`}, nil)
}

// An end-to-end test Playwright failed is fixed by Playwright passing it
// (whatever launched it), not by the project's unit test script, which
// runs other tests: before, "npm test" passing read as a run of the
// spec's file and resolved the webkit failure (trial 7 m06).
func TestPlaywrightFailureNotFixedByUnitTests(t *testing.T) {
	failed := "> user\nrun account.spec\n> assistant\nrunning it\n> call bash {\"command\": \"npx playwright test account.spec.ts\"}\n> result\n  ✘  3 [webkit] › account.spec.ts:31:3 › account › downloads invoice (8.0s)\n\n  1) [webkit] › account.spec.ts:31:3 › account › downloads invoice\n    Error: download.path: Download was canceled\n\n  1 failed\n  3 passed (12.9s)\n> assistant\n'downloads invoice' fails in webkit.\n"
	for _, c := range []struct {
		name, call, out string
		resolved        bool
	}{
		{"unit tests pass", "npm run typecheck && npm test 2>&1 | tail -3", "\n Test Files  32 passed (32)\n      Tests  145 passed (145)", false},
		{"vitest passes", "npx vitest run", " Test Files  32 passed (32)\n      Tests  145 passed (145)", false},
		{"the spec passes", "pnpm exec playwright test account.spec.ts", "  ✓  3 [webkit] › account.spec.ts:31:3 › account › downloads invoice (6.1s)\n\n  4 passed (11.0s)", true},
		{"every spec passes", "npx playwright test", "  ✓  3 [webkit] › account.spec.ts:31:3 › account › downloads invoice (6.1s)\n\n  40 passed (1.2m)", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, failed+"> call bash {\"command\": \""+c.call+"\"}\n> result\n"+c.out+"\n")
			state := `\[open/empirical\]`
			if c.resolved {
				state = `\[(?:resolved|verified)/empirical\]`
			}
			expect(t, out, []string{`failure test/-/\[webkit\] › account.spec.ts › account › downloads invoice ` + state}, nil)
		})
	}
}
