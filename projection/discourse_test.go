package projection

import (
	"regexp"
	"strings"
	"testing"
)

// The sentences here are written for these tests, in other domains and
// phrasings than the scripts under testdata/reduce.

func TestSelfRepair(t *testing.T) {
	for _, c := range []struct{ in, read, retracted, repair string }{
		{"go with helm for the rollout — no wait, kustomize, helm isn't on those boxes", "go with kustomize for the rollout", "helm", "kustomize"},
		{"set the replica count to 3, no wait, 5", "set the replica count to 5", "3", "5"},
		{"node image: target 18 - actually no, they're on 20 already, use 20", "node image: target 20", "18", "20"},
		{"缓存时间设成 60 秒，不对，设成 120 秒", "缓存时间设成 120 秒", "60 秒", "120 秒"},
		{"用 Go 1.21，不对，用 1.22", "用 Go 1.22", "1.21", "1.22"},
		{"use yarn for the workspace, I mean pnpm", "use pnpm for the workspace", "yarn", "pnpm"},
		{"store the amounts as a float32 column — no wait, Decimal128, floats lose cents", "store the amounts as a Decimal128 column", "float32", "Decimal128"},
		{"for the cache go with the old in-process map — actually no, Caffeine, it evicts for us", "for the cache go with Caffeine", "the old in-process map", "Caffeine"},
		{"keep the session in a plain HashMap up front - sorry no, DashMap, we never share a HashMap across tasks here", "keep the session in a plain DashMap up front", "HashMap", "DashMap"},
		{"I'd go with 512 px tiles — actually, no, make it 256", "I'd go with 256 px tiles", "512", "256"},
	} {
		read, retracted, repair, ok := selfRepair(c.in)
		if !ok || read != c.read || retracted != c.retracted || repair != c.repair {
			t.Errorf("selfRepair(%q) = %q, %q, %q, %v; want %q, %q, %q", c.in, read, retracted, repair, ok, c.read, c.retracted, c.repair)
		}
	}
	for _, in := range []string{
		"No wait, the build is still running.",         // a marker opening the sentence corrects the one before
		"use the staging bucket, no wait for approval", // "no wait" is not a repair here: nothing of the same sort follows
		"Actually, run the linters first.",
		"I mean it, never force-push.",
	} {
		if read, _, _, ok := selfRepair(in); ok {
			t.Errorf("selfRepair(%q) read %q; want no repair", in, read)
		}
	}
}

func TestStemAndAcronym(t *testing.T) {
	for a, b := range map[string]string{"frozen": "freeze", "dependencies": "dependency", "dropped": "drop", "requirements": "requirement", "deploys": "deploy"} {
		if stem(a) != stem(b) {
			t.Errorf("stem(%q) = %q, stem(%q) = %q; want equal", a, stem(a), b, stem(b))
		}
	}
	if stem("pass") == stem("pa") || stem("class") != "class" {
		t.Errorf("stem strips a double s: %q", stem("class"))
	}
	for _, c := range []struct {
		a  string
		ws []string
		ok bool
	}{
		{"MSRV", []string{"rust", "version"}, true},
		{"TTL", []string{"time", "live"}, true},
		{"SLA", []string{"service", "level", "agreement"}, true},
		{"MSRV", []string{"version", "rust"}, false}, // the head noun is the acronym's last letter
		{"API", []string{"page"}, false},
		{"Api", []string{"app", "interface"}, false},
	} {
		if got := acronymOf(c.a, c.ws); got != c.ok {
			t.Errorf("acronymOf(%q, %v) = %v", c.a, c.ws, got)
		}
	}
}

// reduceAll runs a script and returns its "> all" listing.
func reduceAll(t *testing.T, script string) string {
	t.Helper()
	return runScript(t, strings.TrimSpace(script)+"\n> all\n")
}

// expect checks the listing has a line matching each of want and none
// matching any of never.
func expect(t *testing.T, out string, want, never []string) {
	t.Helper()
	for _, w := range want {
		if !regexp.MustCompile(w).MatchString(out) {
			t.Errorf("no line matches %q in:\n%s", w, out)
		}
	}
	for _, n := range never {
		if regexp.MustCompile(n).MatchString(out) {
			t.Errorf("a line matches %q in:\n%s", n, out)
		}
	}
}

func TestMechanisms(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"setting by demonstrative and head noun", `
> user
Migrate the thumbnailer to the new queue. The worker pool size is 8.
> user
crank that pool thing up to 32, 8 can't keep up on Mondays
`, []string{`value/-/worker_pool_size \[current/normative\] = 32 \(was 8\)`}, []string{`value/-/pool `, `that_pool`, `= 8 @`}},

		{"a demonstrative names only a setting already held", `
> user
Tidy the CSS build.
> user
that cache thing, set it to 10m
`, nil, []string{` value `}},

		{"a value with a hedge, then 'make that'", `
> user
Port the exporter. anyway the request timeout is 30s for now
> user
make that 45s
`, []string{`value/-/request_timeout \[current/normative\] = 45s \(was 30s\)`}, nil},

		{"a setting named by the words of its acronym", `
> user
Bump the cache layer. TTL is 300 seconds.
> user
the time to live thing we set earlier, raise it to 600
`, []string{`value/-/ttl \[current/normative\] = 600 seconds \(was 300 seconds\)`}, []string{`time_to_live`}},

		{"a correction inside the sentence: the repair holds", `
> user
Ship the billing export.
> user
set the replica count to 3, no wait, 5
> user
缓存时间设成 60 秒，不对，设成 120 秒
> user
and go with helm for the rollout — no wait, kustomize, helm isn't on those boxes
`, []string{`replica_count \[current/normative\] = 5 @`, `缓存时间 \[current/normative\] = 120 秒 @`, `decision .* = and go with kustomize for the rollout @`},
			[]string{`= 3 @`, `= 60 秒`, `= and go with helm`}},

		{"a hedged proposal is a decision, a retraction replaces it", `
> user
Build the rate limiter.
> user
for the store I'm thinking we should use sqlite with WAL
> user
how about we go with grpc for the internal calls
> user
hmm scratch the sqlite idea. keep the counters in memory and flush every minute
`, []string{`decision .* = how about we go with grpc for the internal calls @`, `decision .* = keep the counters in memory and flush every minute \(was for the store I'm thinking`},
			[]string{`\[active/normative\] = for the store`}},

		{"a lift and a new rule in one breath", `
> user
Upgrade the parser. don't bump anything in go.mod, the module graph is frozen until the release.
> user
the module graph freeze is over, upgrade what you need. but keep the go directive at 1.21
`, []string{`\[lifted/normative\] = don't bump anything in go.mod`, `constraint .* \[active/normative\] = but keep the go directive at 1.21`}, nil},

		{"Chinese prohibition, lift and the rule it keeps", `
> user
修复登录页的样式问题。暂时别合并到 release 分支，QA 还没签字。
> user
QA 签字了，现在可以合并到 release 了，但是只能用 squash merge。
`, []string{`\[lifted/normative\] = 暂时别合并到 release 分支`, `\[active/normative\] = 但是只能用 squash merge`}, nil},

		{"a past attempt over three sentences is one piece of negative knowledge", `
> user
Speed up the dashboard.
> user
we tried caching the tokens in localStorage last year. it got flagged in the security review, XSS exposure. so don't do that again
`, []string{`negative-knowledge .* = we tried caching the tokens in localStorage last year. it got flagged in the security review, XSS`}, []string{`constraint .*do that again`}},

		{"a question deferred to a person closes when the person answers", `
> user
Harden the webhook client.
> user
Not sure if we should retry on 429s or fail fast? I'll ask Dana and let you know.
> user
Dana says retry with backoff, up to a minute.
`, []string{`uncertainty .* \[established/normative\]`, `decision decision/answer/.* = Dana says retry with backoff`}, []string{`\[hypothesis/normative\]`}},

		{"a failure resolved by the same target run in another command", `
> user
Fix the flaky tests.
> assistant
Running them.
> call bash {"command": "go test ./internal/..."}
> result error
--- FAIL: TestRetry (0.01s)
FAIL
> assistant
Regenerating and re-running.
> call bash {"command": "go generate ./... && go test -count=1 ./internal/..."}
> result
ok  	example.com/svc/internal/retry	0.21s
`, []string{`failure .* \[resolved/empirical\]`}, []string{`\[open/empirical\]`}},

		{"a passing build does not resolve a failing test run", `
> user
Fix the flaky tests.
> assistant
Running them.
> call bash {"command": "go test ./internal/..."}
> result error
--- FAIL: TestRetry (0.01s)
FAIL
> assistant
Building.
> call bash {"command": "go vet ./... && go build ./..."}
> result
`, []string{`failure .* \[open/empirical\]`}, nil},

		{"a rule restated with a reminder adds a source", `
> user
Add the audit log. Never edit the generated files under api/gen/.
> user
again: the api/gen folder is off-limits, those are generated
`, []string{`constraint .*Never edit the generated files under api/gen/. @0,1`}, []string{`constraint .* = again`}},

		{"chatter states nothing", `
> user
Rewrite the importer.
> user
lol my coffee machine broke again, send help
> user
thanks, that looks great so far
`, nil, []string{` value `, ` constraint `, ` decision `, ` obligation `}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

// TestMorePhrasings covers the same mechanisms in further phrasings.
func TestMorePhrasings(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"a bare 'sorry,' repair", `
> user
Add request logging.
> user
set the log retention to 7d — sorry, 14d
`, []string{`log_retention \[current/normative\] = 14d @`}, []string{`= 7d`}},

		{"a lift naming the rule by a generic noun", `
> user
Fix the image pipeline. Don't touch the vendor directory.
> user
the vendor ban is lifted, patch what you need
`, []string{`\[lifted/normative\] = Don't touch the vendor directory`}, nil},

		{"we're going with, then a reversal after second thoughts", `
> user
Design the export format.
> user
we're going with protobuf for the wire format
> user
on second thought, protobuf is overkill here. switch it to json lines
`, []string{`decision .* = switch it to json lines \(was we're going with protobuf`}, nil},

		{"deferred with 'not sure', answered by 'heard back from'", `
> user
Clean up the settings page.
> user
should we keep the dark mode toggle or drop it?
> user
not sure, I'll check with Ana.
> user
heard back from Ana: keep the toggle.
`, nil, []string{`\[hypothesis/normative\]`}},

		{"Chinese choice with 吧 is a decision", `
> user
重构导出模块。
> user
我们用 msgpack 吧，json 太大了。
`, []string{`decision .* = 我们用 msgpack 吧`}, nil},

		{"'once again' restates a rule", `
> user
Update the docs site. Never commit anything under secrets/.
> user
once again, the secrets/ directory must never be committed
`, []string{`Never commit anything under secrets/. @0,1`}, nil},

		{"a bound set with 'at'", `
> user
Stabilise the sync job. cap the retries at 5
`, []string{`value/-/retries \[current/normative\] = 5 @`}, nil},

		{"an approach the user rules out is negative knowledge", `
> user
Add caching to the search API.
> user
Redis is off the table, legal won't sign off on another datastore.
`, []string{`negative-knowledge .* = Redis is off the table`}, []string{` constraint `}},

		{"a tool for one step is not a decision", `
> user
Fix the date parser.
> user
use pytest -k to run just the parser tests
`, nil, []string{` decision `}},

		{"a prohibition said again in other words, without a marker", `
> user
Refactor the CLI. leave the scripts/release folder alone.
> user
Don't touch scripts/release/, ops owns it.
`, []string{`constraint .*scripts/release.* @0,1\n`}, []string{`scripts/release.* @[01]\n`}},

		{"npm run test passing resolves a failed npm test", `
> user
Fix the snapshot tests.
> assistant
Running them.
> call bash {"command": "npm test"}
> result error
npm ERR! Test failed.  See above for more details.
> assistant
Updating snapshots and re-running.
> call bash {"command": "npm run test -- -u"}
> result
Tests: 12 passed, 12 total
`, []string{`failure command/-/npm test \[resolved/empirical\]`}, nil},

		{"a Chinese rule after a place phrase, lifted by naming its object", `
> user
优化报表导出。在测试环境先别删 fixtures，别人还在用。
> user
fixtures 现在可以删了，不过只能删 old_ 开头的。
`, []string{`\[lifted/normative\] = 在测试环境先别删 fixtures`, `\[active/normative\] = 不过只能删 old_ 开头的`}, nil},

		{"a repair that breaks off after a name", `
> user
Add a search index.
> user
build it on lucene — hmm no, tantivy, we're a rust shop
`, []string{`decision .* = build it on tantivy @`}, []string{`lucene @`}},

		{"a question deferred inside its sentence to a name with an accent", `
> user
Add export to CSV.
> user
I'm not sure whether dates should be ISO or local time — I'll ask Zoë.
> user
Zoë says ISO.
`, []string{`uncertainty .* \[established/normative\]`}, []string{`\[hypothesis/normative\]`}},

		{"Chinese: a value fixed with 定, an attempt too big, a choice of a named tool", `
> user
重写图片上传。
> user
单张图片大小上限先定在 5MB 吧。
> user
之前试过用 sharp 在客户端压缩，安装包太大了，别再用它了。
> user
用 pica 做压缩吧。
`, []string{`图片大小上限 \[current/normative\] = 5MB`, `negative-knowledge .* = 之前试过用 sharp`, `decision .* = 用 pica 做压缩吧`}, []string{` constraint `}},

		{"a test file that failed passes under another command", `
> user
Fix the form tests.
> assistant
Running.
> call bash {"command": "pnpm test"}
> result error
FAIL src/forms/Signup.spec.tsx
  ● Signup › rejects short passwords
Tests: 1 failed, 9 passed, 10 total
> assistant
Re-running that file.
> call bash {"command": "pnpm vitest run src/forms"}
> result
PASS src/forms/Signup.spec.tsx
`, []string{`failure test/-/src/forms/Signup.spec.tsx \[resolved/empirical\]`}, []string{`\[open/empirical\]`}},

		{"a topic named without a determiner", `
> user
Tune the uploader. The chunk size is 4MB.
> user
chunk size — make it 8MB, the CDN likes bigger parts
`, []string{`chunk_size \[current/normative\] = 8MB \(was 4MB\)`}, nil},

		{"a replacement in a clause of its own", `
> user
Add audit export. we'll use celery for the jobs
> user
hmm, let's not use celery — switch to rq instead, celery is too heavy for this
`, []string{`decision .* = hmm, let's not use celery — switch to rq instead.* \(was we'll use celery`}, nil},

		{"a lift by handing the thing over", `
> user
Clean up logging. don't edit config/logging.yaml, SRE tunes it.
> user
config/logging.yaml is yours now, edit whatever you need
`, []string{`\[lifted/normative\] = don't edit config/logging.yaml`}, nil},

		{"an attempt with no subject and a bare verdict after it", `
> user
Speed up the import.
> user
btw tried batching inserts with COPY, the replica lagged 20 minutes. no-go.
`, []string{`negative-knowledge .* = btw tried batching inserts with COPY, the replica lagged 20 minutes. no-go.`}, []string{` constraint `}},

		{"a Chinese rule lifted by its topic, a question answered by a name's end", `
> user
整理日志模块。不要用 fmt.Println 打日志。
> user
我不确定日志要不要带请求 ID，我去问一下运维的小林。
> user
小林说要带。
> user
fmt.Println 的规矩取消了，调试的时候可以用。
`, []string{`\[lifted/normative\] = 不要用 fmt.Println`, `uncertainty .* \[established/normative\]`}, []string{`\[hypothesis/normative\]`}},

		{"a reason clause is not a rule", `
> user
Tune the crawler. The fetch concurrency is 4.
> user
crank the fetch concurrency up to 16, 4 can't keep up with the backlog
`, []string{`fetch_concurrency \[current/normative\] = 16 \(was 4\)`}, []string{` constraint `}},

		{"a request asked for a later moment is an obligation, done by its command", `
> user
Add retries to the webhook sender.
> assistant
Added retries with backoff.
> user
Could you open a PR when you're done? Would you mind pinging Sam in #ops before you log off?
> assistant
Opening the PR.
> call bash {"command":"gh pr create --fill"}
> result
https://github.com/acme/billing/pull/12
`, []string{`obligation .*\[done/normative\] = Could you open a PR`, `obligation .*\[open/normative\] = Would you mind pinging Sam`}, nil},

		{"a question that asks for no later task is none", `
> user
Add retries to the webhook sender.
> user
Can you tell me why the last run failed?
`, nil, []string{` obligation `}},

		{"a setting named without the word of its measure", `
> user
Add retries to the webhook sender. Polling runs every 5 minutes.
> user
Put the polling at 2 minutes, not 5.
`, []string{`polling_interval \[current/normative\] = 2 minutes`}, []string{`value/-/polling \[`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

func TestRepairTailRule(t *testing.T) {
	got := repairTail("keep the session in a plain HashMap up front - sorry no, DashMap, we never share a HashMap across tasks here")
	if len(got) != 1 || got[0] != "we never share a HashMap across tasks here" || !teamNorm(got[0]) {
		t.Errorf("repairTail = %q (teamNorm %v)", got, len(got) == 1 && teamNorm(got[0]))
	}
	for s, want := range map[string]bool{
		"we always pin base images by digest": true,
		"we don't ship debug symbols":         true,
		"we never got the crash logs":         false,
		"we don't have tests for that":        false,
		"we don't even build that target":     false,
		"they never use the staging cluster":  false,
	} {
		if teamNorm(s) != want {
			t.Errorf("teamNorm(%q) = %v, want %v", s, !want, want)
		}
	}
}

func TestBareNoAndExceptQuote(t *testing.T) {
	for s, want := range map[string]bool{
		"also no force pushes":                 true,
		"no sentry or any other error tracker": true,
		"pls no inline styles, use the tokens": true,
		"No worries, I'll rerun it":            false,
		"no tests failed on the second run":    false,
		"no idea why the cache misses":         false,
		"no, that's the wrong bucket":          false,
		"no new deps?":                         false,
		"Olga asked: from 21:00 to 9:00 no messages to owners, there were complaints": true,
		"Olga (the manager) asked: between 22 and 6 no pushes to prod":                true,
		"seriously no hex codes, everything goes through tokens":                      true,
		"wait no put it back":              false,
		"from 9 to 5 no errors in the log": false,
		"at 10:00 no tests failed":         false,
	} {
		if bareNo(s) != want {
			t.Errorf("bareNo(%q) = %v, want %v", s, !want, want)
		}
	}
	s := "the DBA signed off — you can rotate pg-primary creds now, but only on staging, prod waits for the window"
	if got := exceptQuote("you can rotate pg-primary creds now", "pg-primary", s); got != "you can rotate pg-primary creds now, but only on staging, prod waits for the window" {
		t.Errorf("exceptQuote = %q", got)
	}
	if got := exceptQuote("deploy notes: sqlx is fine", "sqlx", "deploy notes: sqlx is fine"); got != "sqlx is fine" {
		t.Errorf("exceptQuote past a label = %q", got)
	}
}

func TestPartialLiftRestatesTheRule(t *testing.T) {
	r := userSays(
		"Port the exporter to the new metrics API.",
		"and no prometheus client upgrades, the dashboards pin the old format.",
		"update: the prometheus client is fine to bump after all, but only in the exporter module, everything else stays pinned",
	)
	var rules []string
	for _, a := range r.Heads() {
		if a.Kind == KindConstraint {
			rules = append(rules, a.Value)
		}
	}
	if len(rules) != 1 || !strings.Contains(rules[0], "no prometheus client upgrades — except:") || !strings.Contains(rules[0], "only in the exporter module") {
		t.Errorf("rules = %q; want the one rule restated with its exception", rules)
	}
}

// TestProposedSize: a setting given a number with a verb of choosing and
// no "to" or "is": "use a X of N", "go with N unit X", "for the X I was
// thinking N"; an amount ("a maximum of 4 workers"), a phrase going on
// after the number ("for the record, I think 3 people asked") and a
// number with no unit before a noun ("use 4 workers") are not.
func TestProposedSize(t *testing.T) {
	for _, c := range []struct{ in, k, v string }{
		{"Use a tile size of 256 px.", "tile size", "256 px"},
		{"keep a retention of 14 days for the raw logs", "retention", "14 days"},
		{"I'd go with 256 px tiles for the pyramids.", "tiles", "256 px"},
		{"We'll want 300 ms debounce on the search box.", "debounce", "300 ms"},
		{"For the tiles I was thinking 256 px, we tested this last year.", "tiles", "256 px"},
		{"for the timeout, I'd go with 30 s", "timeout", "30 s"},
	} {
		k, v, ok := proposedSize(c.in)
		if !ok || k != c.k || v != c.v {
			t.Errorf("proposedSize(%q) = %q, %q, %v; want %q, %q", c.in, k, v, ok, c.k, c.v)
		}
	}
	for _, in := range []string{
		"Use a maximum of 4 workers.",
		"We use a lot of 5 GB files here.",
		"I need 20 minutes to think.",
		"For the record, I think 3 people asked.",
		"Use 4 workers for the conversion.",
		"we tested a tile size of 512 px last year",
	} {
		if k, v, ok := proposedSize(in); ok {
			t.Errorf("proposedSize(%q) = %q, %q; want none", in, k, v)
		}
	}
	out := reduceAll(t, "> user\nFor the tiles I was thinking 512 px — actually, no, make it 256, we tested this last year.\n> assistant\nOk.")
	expect(t, out, []string{`value/-/tiles \[current/normative\] = 256 px`}, []string{`= 512`})
}

// Taking back a thing named by an identifier ("scratch the
// timeout-minutes thing") takes back no choice that does not name it: the
// option chosen before stays the decision.
func TestRetractionOfOtherThingKeepsChoice(t *testing.T) {
	out := reduceAll(t, `> user
release time. put timeout-minutes 40 on the build job
> assistant
Signing: A) minisign B) cosign keyless (Sigstore), signed with the workflow's OIDC identity C) GPG
> user
B.
> assistant
Ok, cosign keyless.
> user
actually scratch the timeout-minutes thing, just remove it, no timeout.
> assistant
Ok.`)
	expect(t, out, []string{`decision \S+ \[active/normative\] = cosign keyless`}, []string{`was cosign`})
}

// A failure put off ("ok leave it, out of time. tmrw fix the windows
// snapshot thing") stays open, and a CI watch run again through another
// cut ("| tail -8" for "| tail -9") whose output no longer holds the old
// error resolves that error: the job's failure is the new one.
func TestFailurePutOffStaysOpen(t *testing.T) {
	out := reduceAll(t, `> user
release time, watch the CI run.
> assistant
Watching the workflow.
> call bash {"command": "gh run watch --exit-status $(gh run list --branch release/0.9.0 --limit 1 --json databaseId -q '.[0].databaseId') 2>&1 | tail -9"}
> result error
X test (windows-latest) in 11m27s
  config::tests::loads_from_xdg: assertion failed: mixed path separators
Run finished in 18m12s
> user
fix it properly, dont cfg-gate it
> assistant
Building the path with PathBuf::join, pushing, watching the run.
> call bash {"command": "git commit -qam 'config: build XDG path with PathBuf::join' && git push -q && sleep 60 && gh run watch --exit-status $(gh run list --branch release/0.9.0 --limit 1 --json databaseId -q '.[0].databaseId') 2>&1 | tail -8"}
> result error
X test (windows-latest) in 11m40s
  config::tests::loads_from_xdg ... ok
  cli::tests::help_snapshot: snapshot assertion for 'help' failed (line endings)
Run finished in 17m55s
> user
ok leave it, out of time. tmrw fix the windows snapshot thing, then tag v0.9.0.
> assistant
Ok.`)
	expect(t, out, []string{`failure .*\[open/empirical\] = failed: +cli::tests::help_snapshot`,
		`failure command/-/gh run watch --exit-status \$\(gh run list .*databaseId'\) \[superseded/empirical\]`, `obligation .*tmrw fix the windows snapshot`}, []string{`negative-knowledge`})
}

// A team's norm may open any clause, after the time it holds for, put its
// "only" or "nothing" after the verb, or name its object first; a verb of
// a state, a past, or a reason states none.
func TestPracticeNormInClauses(t *testing.T) {
	wantEach(t, "practiceNorm", practiceNorm, map[string]bool{
		"until the contract is signed, we send only through their sandbox, we don't touch the live account": true,
		"until the contract is signed we send only through their sandbox.":                                  true,
		"the live account we don't touch.":                                                                  true,
		"for now we send nothing at all to clinic 3.":                                                       true,
		"in this repo we never push to main.":                                                               true,
		"ugh right, we don't push to ghcr anymore":                                                          true,
		"we don't have staging.":                                                                            false,
		"when it failed, we didn't retry.":                                                                  false,
		"because we don't log names, it's fine.":                                                            false,
		"we only have 2 GB.":                                                                                false,
		"the old one we don't use anymore.":                                                                 false,
		"we send only through the sandbox?":                                                                 false,
		"for now send nothing to clinic 3.":                                                                 true,
		"we found nothing in the logs.":                                                                     false,
	})
}

// A permission said with what stays as before in the next sentence
// ("Everything else still only from 9 to 21") is an exception to the rule
// the remainder names, shown without the permission's label or who
// relayed it.
func TestExceptionWithRemainderAfter(t *testing.T) {
	got := rulesAfter("Reminders today. Olga asked: from 21:00 to 9:00 no messages to owners, there were complaints.",
		"And from Olga: if the clinic itself cancels an appointment, the cancellation notice may be sent at night too. Everything else still only from 9 to 21.")
	if !has(got, "active", "no messages to owners — except: if the clinic itself cancels") {
		t.Errorf("got %q", got)
	}
}

// An imperative for every time a thing is done is a standing rule; the
// same words told of the past, said of something else, or asked are none.
func TestEveryImperative(t *testing.T) {
	wantEach(t, "isRule", isRule, map[string]bool{
		"Run `bin/rubocop` and the relevant specs before every commit.": true,
		"please rebuild the index after each deploy":                    true,
		"I ran the tests before every commit last week.":                false,
		"Tests run before every commit.":                                false,
		"run it before every commit?":                                   false,
	})
}

// Everyday ways of stating a rule: a thing to leave as it is, a "let's
// not", "you're not to", "nothing gets …", every new thing needing
// something, "make sure every …", a participle before its noun after a
// bare "no", a team's "we can't"; and the same words that state none.
func TestEverydayRulePhrasings(t *testing.T) {
	wantEach(t, "isRule", isRule, map[string]bool{
		"Make sure every migration is reversible.":     true,
		"Leave the tests in legacy/ as they are.":      true,
		"Nothing gets merged without a review.":        true,
		"All new endpoints need an OpenAPI entry.":     true,
		"Let's not add any new dependencies.":          true,
		"You're not to push to main.":                  true,
		"pls no console.log in committed code":         true,
		"remember, we can't use GPL code here":         true,
		"leave it as is for now.":                      false,
		"nothing is broken, the tests pass.":           false,
		"Nothing happened after the restart.":          false,
		"no tests failed in the updated suite":         false,
		"we can't reproduce it locally.":               false,
		"I left the config as it is.":                  false,
		"make sure all the tests pass before you push": true,
	})
}

// A rule dropped by what it is called ("scratch the deploy ban", "the
// no-deploy rule no longer applies", "ignore my earlier note about prod
// deploys") or said of outright ("prod is fair game again") is lifted;
// an English message with two "no"s is read as English.
func TestRuleLiftedByItsName(t *testing.T) {
	for _, s := range []string{
		"scratch the deploy ban.",
		"the no-deploy rule no longer applies.",
		"Ignore my earlier note about prod deploys.",
		"ok prod is fair game again.",
	} {
		out := reduceAll(t, "> user\nWorking on the billing service today. Don't deploy to prod this week, we're in a freeze.\n> assistant\nOK.\n> user\n"+s+"\n")
		expect(t, out, []string{`constraint/-/don-t-deploy-prod-week-re \[lifted/normative\]`}, nil)
	}
	out := reduceAll(t, "> user\nWorking on the billing service today. Don't deploy to prod this week, we're in a freeze.\n> assistant\nOK.\n> user\nthe staging box is fair game, prod is not.\n")
	expect(t, out, []string{`\[active/normative\] = Don't deploy`}, nil)
	if l := detectLang("the no-deploy rule no longer applies.", langNone); l != langNone {
		t.Errorf("detectLang = %d, want English", l)
	}
}

// wantEach checks that fn, named name, gives each case's want.
func wantEach(t *testing.T, name string, fn func(string) bool, cases map[string]bool) {
	t.Helper()
	for s, want := range cases {
		if fn(s) != want {
			t.Errorf("%s(%q) = %v, want %v", name, s, !want, want)
		}
	}
}

// A handoff note's heading over its rules is none itself; its item is
// lifted by what the note called it ("the pgx \"Don't\" is dead"); a
// rule until an event stays while the event is still ahead ("once the
// survey weekend is over").
func TestHandoffNoteRules(t *testing.T) {
	out := reduceAll(t, `
> user
Taking over from Ines. Her note:

**Don't**
- Don't upgrade pgx to v5: sqlc still generates for pgx/v4, do it later as its own PR
- Don't run the export by hand on prod

No prod deploys until Monday, it's the survey weekend.
> assistant
OK.
> user
Also the pgx "Don't" is dead: Sam moved the sqlc config to pgx/v5, so upgrade whenever it's useful.
So: the prod deploy on Monday morning once the survey weekend is over, please have it ready.
`)
	expect(t, out, []string{
		`\[lifted/normative\] = Don't upgrade pgx to v5`,
		`\[active/normative\] = Don't run the export by hand on prod`,
		`\[active/normative\] = No prod deploys until Monday`,
	}, []string{`= \*\*Don't\*\*`})
}

// A run that fails several tests gives each its own lines: go test's
// under (or, verbose, above) the test's "--- FAIL", pytest's in the
// test's "____ name ____" section; a failure seen again with another
// error shows the newest.
func TestEachFailedTestItsOwnLines(t *testing.T) {
	out := reduceAll(t, `> user
make the ledger tests pass
> assistant
> call bash {"command": "go test ./..."}
> result error
ok  	ledgerd/internal/api	2.253s
--- FAIL: TestRefundReversesEntry (0.02s)
    refund_test.go:44: balance after refund = 10050, want 10000
--- FAIL: TestCurrencyRoundingHalfEven (0.00s)
    money_test.go:88: Round(2.345, EUR) = 2.35, want 2.34
FAIL
FAIL	ledgerd/internal/money	0.011s
> assistant
> call bash {"command": "go test -v -run TestCurrencyRoundingHalfEven ./internal/money"}
> result error
=== RUN   TestCurrencyRoundingHalfEven
    money_test.go:90: Round(0.125, USD) = 0.13, want 0.12
--- FAIL: TestCurrencyRoundingHalfEven (0.00s)
FAIL`)
	expect(t, out, []string{
		`failure test/-/TestRefundReversesEntry \[open/empirical\] = failed: --- FAIL: TestRefundReversesEntry \(0.02s\) — refund_test.go:44`,
		`failure test/-/TestCurrencyRoundingHalfEven \[investigating/empirical\] = failed: --- FAIL: TestCurrencyRoundingHalfEven \(0.00s\) — money_test.go:90`,
	}, []string{`TestCurrencyRoundingHalfEven .*refund_test`, `TestCurrencyRoundingHalfEven .*money_test.go:88`})

	out = reduceAll(t, `> user
run the suite
> assistant
> call bash {"command": "pytest -q"}
> result error
tests/test_dedupe.py::test_dedupe_keeps_latest FAILED
tests/test_tz.py::test_naive_utc FAILED
tests/test_io.py::test_read PASSED
=================================== FAILURES ===================================
___ test_dedupe_keeps_latest ___
    def test_dedupe_keeps_latest():
        assert len(rows) == 3
E       AssertionError: expected 3 rows after dedupe, got 4
___ test_naive_utc ___
E       AssertionError: partition 2026-11-04, want 2026-11-03
========================= 1 passed, 2 failed in 7.82s =========================`)
	expect(t, out, []string{
		`failure test/-/test_dedupe_keeps_latest \[open/empirical\] = failed: .*FAILED — AssertionError: expected 3 rows`,
		`failure test/-/test_naive_utc \[open/empirical\] = failed: .*FAILED — AssertionError: partition 2026-11-04`,
	}, []string{`test_naive_utc .*expected 3 rows`})
}

// A run of the same tests that fails again, its failed tests listed
// whole, fixes the failed test it no longer lists; a list cut short (a
// tail, a run stopped at its first failure, a package that did not build)
// says nothing of the tests it leaves out.
func TestFailingRerunListsItsFailures(t *testing.T) {
	first := `> user
run the suite
> assistant
> call bash {"command": "pytest -q"}
> result error
tests/test_dedupe.py::test_dedupe_keeps_latest FAILED
tests/test_tz.py::test_naive_utc FAILED
___ test_dedupe_keeps_latest ___
AssertionError: expected 3 rows after dedupe, got 4
___ test_naive_utc ___
AssertionError: partition 2026-11-04, want 2026-11-03
========================= 48 passed, 2 failed in 7.82s =========================
> assistant
> call edit_file {"path": "etl/dedupe.py", "old": "keep='first'", "new": "keep='last'"}
> result
ok
> assistant
`
	out := reduceAll(t, first+`> call bash {"command": "pytest -q"}
> result error
tests/test_tz.py::test_naive_utc FAILED
___ test_naive_utc ___
AssertionError: partition 2026-11-04, want 2026-11-03
========================= 52 passed, 1 failed in 7.10s =========================`)
	expect(t, out, []string{`failure test/-/test_dedupe_keeps_latest \[resolved/empirical\]`, `failure test/-/test_naive_utc \[investigating/empirical\]`}, nil)

	for name, rerun := range map[string]string{
		"a narrower run": `> call bash {"command": "pytest -q tests/test_tz.py"}
> result error
FAILED tests/test_tz.py::test_naive_utc - AssertionError: partition
1 failed in 0.1s`,
		"stopped at the first failure": `> call bash {"command": "pytest -q -x"}
> result error
FAILED tests/test_tz.py::test_naive_utc - AssertionError: partition
!!!!!!!!!!!!!!!!!!!!!!!!!! stopping after 1 failures !!!!!!!!!!!!!!!!!!!!!!!!!!!
1 failed, 3 passed in 0.1s`,
		"its output cut": `> call bash {"command": "pytest -q 2>&1 | tail -3"}
> result error
FAILED tests/test_tz.py::test_naive_utc - AssertionError: partition
1 failed, 51 passed in 7.1s`,
		"a collection error": `> call bash {"command": "pytest -q"}
> result error
ERROR collecting tests/test_dedupe.py
FAILED tests/test_tz.py::test_naive_utc - AssertionError: partition
1 failed, 1 error in 0.3s`,
	} {
		t.Run(name, func(t *testing.T) {
			expect(t, reduceAll(t, first+rerun), []string{`failure test/-/test_dedupe_keeps_latest \[(?:open|investigating)/empirical\]`}, nil)
		})
	}

	out = reduceAll(t, `> user
fix the tests
> assistant
> call bash {"command": "go test ./..."}
> result error
--- FAIL: TestRefund (0.02s)
    refund_test.go:44: balance 10050, want 10000
--- FAIL: TestRounding (0.00s)
    money_test.go:88: got 2.35, want 2.34
FAIL
> assistant
> call bash {"command": "go test ./..."}
> result error
--- FAIL: TestRounding (0.00s)
    money_test.go:88: got 2.35, want 2.34
FAIL`)
	expect(t, out, []string{`failure test/-/TestRefund \[resolved/empirical\]`, `failure test/-/TestRounding \[investigating/empirical\]`}, nil)
}

// A failing command never resolves another failure: a build that fails
// otherwise after a package was swapped under it (an approach then
// dropped) shows nothing of the first build's error fixed.
func TestFailingRunResolvesNothing(t *testing.T) {
	out := reduceAll(t, `> user
get the build working on Node 18
> assistant
> call bash {"command": "cd web && npm run build 2>&1 | tail -20"}
> result error
Creating an optimized production build...
Error: error:0308010C:digital envelope routines::unsupported
    at new Hash (node:internal/crypto/hash:69:19)
> user
try upgrading react-scripts to 5 first
> assistant
> call bash {"command": "cd web && npm i react-scripts@5.0.1 && npm run build 2>&1 | tail -30"}
> result error
added 312 packages, removed 188 packages in 41s
Creating an optimized production build...
Failed to compile.
Module not found: Error: Can't resolve 'crypto' in '/web/node_modules/jsonwebtoken/lib'`)
	expect(t, out, []string{`failure command/-/cd web && npm run build \[superseded/empirical\]`, `failure command/-/cd web && npm i react-scripts@5.0.1 .* \[open/empirical\]`},
		[]string{`\[resolved/empirical\]`, `\[verified/empirical\]`})
}
