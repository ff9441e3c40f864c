package synth

import (
	"fmt"
	"strings"
)

// The epistemic plants: ground truth whose current state differs from what
// a naive reading of the log suggests (EF-RFC-001 §14–§17). Each kind has
// several phrasings in each language and random subjects, so that neither
// an engine nor the judge can key on one template.

// pickText chooses one phrasing of a kind in the plant's language.
func pickText(r *rng, ts []text, zh bool) string { return pick(r, ts).in(zh) }

// Lifted rules: a directory the user freezes early and frees later.
var (
	liftedDirs = []string{"charts/", "api/v1/", "schemas/", "fixtures/golden/", "tools/gen/", "deploy/terraform/", "docs/rfc/", "third_party/"}
	ruleSay    = []text{
		{"Until the release is cut, do not touch anything under %s.", "发布之前，不要改动 %s 下的任何文件。"},
		{"%s is frozen for now: no edits there, please.", "%s 目前冻结，请不要在那里做任何修改。"},
		{"Hands off %s this week, the platform team owns it.", "这周 %s 归平台团队负责，别碰它。"},
		{"Please treat %s as read-only while the audit runs.", "审计期间请把 %s 当作只读，不得修改。"},
	}
	liftSay = []text{
		{"The release is out, so you may now edit %s again.", "发布已经完成，%s 的限制解除了，现在可以修改。"},
		{"Update: the freeze on %s is over; change it where needed.", "更新一下：%s 不再冻结，需要的话可以改。"},
		{"You no longer need to avoid %s, the audit finished.", "审计结束了，%s 现在可以编辑了。"},
	}
	liftedAsk = text{"Which directory was frozen at first and may be edited now?", "哪个目录起初被冻结、现在可以修改了？"}
)

// Unflagged failures: a failing run inside a tool result that is not
// flagged as an error.
type unflaggedShape int

const (
	unflaggedGoTest unflaggedShape = iota
	unflaggedTraceback
	unflaggedShell
	unflaggedMake
	unflaggedShapes
)

var (
	// moveOn is the assistant not noticing the failure.
	moveOn = []text{
		{"Done; on to the next package.", "好了，继续下一个包。"},
		{"That ran. Moving on.", "跑完了，继续。"},
		{"OK, next I'll look at the callers.", "好，接下来看调用方。"},
	}
	unflaggedAsk = text{"Which run failed without being flagged as an error? Name the test, script or target.", "哪次运行失败了却没有被标记为错误？请给出测试、脚本或目标名。"}
)

// Unverified fixes: the assistant says a failure is fixed and never shows
// it passing.
var (
	claimSay = []text{
		{"That should fix %s; the bound was off by one.", "%s 应该已经修好了，边界差了一。"},
		{"Fixed %s: the nil check was missing.", "已修复 %s，缺少了空指针检查。"},
		{"%s is resolved now, moving on.", "%s 的问题解决了，继续。"},
		{"OK, %s is taken care of.", "好了，%s 处理完了。"},
	}
	unverifiedAsk = text{"Which failing test was claimed fixed but never shown passing?", "哪个失败的测试被声称修好了，却从未见到通过的结果？"}
)

// Decisions replaced later: a component and the approaches tried for it.
type decisionTemplate struct {
	key    string
	values []string
}

var (
	decisionTemplates = []decisionTemplate{
		{"codec.Decoder", []string{"sync.Pool", "ringbuf.Ring", "bytes.Buffer", "bufio.Reader"}},
		{"pipeline.Retry", []string{"backoff.Exponential", "backoff.Constant", "backoff.Jittered", "time.Ticker"}},
		{"cache.Store", []string{"lru.Cache", "arc.Cache", "sync.Map", "ristretto.Cache"}},
		{"ledger.Writer", []string{"wal.Log", "bolt.DB", "sqlite.Conn", "pebble.DB"}},
		{"router.Table", []string{"radix.Tree", "trie.Map", "sort.Search", "hash.Map"}},
	}
	decideSay = []text{
		{"I'll go with %[2]s for %[1]s: it keeps allocations flat.", "决定 %[1]s 使用 %[2]s，这样分配更平稳。"},
		{"Decision: %[1]s uses %[2]s.", "%[1]s 先基于 %[2]s 实现。"},
		{"Let's build %[1]s on %[2]s for now.", "%[1]s 就用 %[2]s 来做。"},
	}
	redecideSay = []text{
		{"Changing course: %[1]s will use %[3]s instead of %[2]s.", "改变方案：%[1]s 改用 %[3]s，不再使用 %[2]s。"},
		{"Replacing %[2]s with %[3]s in %[1]s; the old choice doubled the p99.", "把 %[1]s 里的 %[2]s 换成 %[3]s。"},
		{"On reflection %[3]s fits %[1]s better, so I'm dropping %[2]s.", "再三考虑，%[1]s 用 %[3]s 更合适，放弃 %[2]s。"},
		{"Switching %[1]s from %[2]s to %[3]s.", "%[1]s 从 %[2]s 改为 %[3]s。"},
	}
	decisionAsk = text{"What does %s use now?", "%s 现在用的是什么？"}
)

// Rejected approaches.
var (
	rejectedApproaches = []string{"mmap", "cgo", "unsafe.Slice", "reflect.DeepEqual", "goroutine-per-frame", "plugin.Open", "os/exec"}
	rejectSay          = []text{
		{"%s is a dead end here: it breaks the 32-bit build.", "%s 这条路走不通：32 位构建会失败。"},
		{"Ruled out %s: the benchmark got three times slower.", "排除 %s：基准测试慢了三倍。"},
		{"Tried %s; not viable, the race detector flags it.", "%s 不可行，竞态检测器会报警。"},
		{"%s won't work with the current frame layout, so I'm not pursuing it.", "%s 和现在的帧布局不兼容，放弃这个方案。"},
	}
	rejectedAsk = text{"Which approach was ruled out?", "哪个方案被排除了？"}
)

// Hypotheses never backed by evidence, later called confirmed by the
// assistant alone.
var (
	suspectSay = []text{
		{"I suspect the flaky %[2]s comes from a race in %[1]s.", "我怀疑 %[2]s 的偶发失败来自 %[1]s 里的竞态。"},
		{"My guess: %[1]s drops the lock too early, which would explain %[2]s.", "推测是 %[1]s 过早释放了锁，这能解释 %[2]s。"},
		{"Possibly %[1]s reuses a buffer after release; that could be behind %[2]s.", "可能是 %[1]s 在释放后复用了缓冲区，导致 %[2]s。"},
	}
	assertSay = []text{
		{"That settles it: %[1]s is the root cause of %[2]s.", "确认了，%[1]s 就是 %[2]s 的根因。"},
		{"Confirmed, the race in %[1]s is behind %[2]s.", "已经证实 %[1]s 是 %[2]s 的问题所在。"},
		{"%[1]s is definitely the culprit for %[2]s.", "%[1]s 肯定就是 %[2]s 的原因，已确认。"},
	}
	hypothesisAsk = text{"What is the suspected, still unproven cause of the flaky test?", "偶发失败的测试被怀疑（尚未证实）的原因在哪个文件？"}
)

// uniqueTest returns a test name not used before in the session.
func (g *gen) uniqueTest(r *rng) string {
	for {
		name := "Test" + title(pick(r, verbs)) + title(pick(r, nouns))
		if !g.failed[name] {
			g.failed[name] = true
			return name
		}
	}
}

// scheduleEpistemic adds the epistemic plants to ps. Like schedule, it
// draws every choice up front.
func (g *gen) scheduleEpistemic(add func(at float64, emit func(g *gen) error), frac func(lo, hi float64) float64) {
	r := g.r
	o := g.o

	for n, k := range r.perm(len(liftedDirs))[:o.Lifted] {
		dir := liftedDirs[k]
		zh := g.zh()
		say, lift := pick(r, ruleSay), pick(r, liftSay)
		probe := &Probe{ID: fmt.Sprintf("lifted-%d", n+1), Kind: KindLifted, Question: liftedAsk.in(zh), ExpectedAnswer: dir,
			Subject: dir, Authority: AuthorityNormative}
		first := frac(0.03, 0.3)
		add(first, func(g *gen) error {
			seq, err := g.user(fmt.Sprintf(say.in(zh), dir))
			probe.PlantedAtSeq = seq
			return err
		})
		add(first+frac(0.2, 0.55), func(g *gen) error {
			seq, err := g.user(fmt.Sprintf(lift.in(zh), dir))
			probe.ResolvedAtSeq = seq
			g.probes = append(g.probes, *probe)
			return err
		})
	}

	for n := range o.Unflagged {
		shape := unflaggedShape((n + r.intn(int(unflaggedShapes))) % int(unflaggedShapes))
		pkg, verb := pick(r, nouns), pick(r, verbs)
		zh := g.zh()
		probe := &Probe{ID: fmt.Sprintf("unflagged-%d", n+1), Kind: KindUnflagged, Question: unflaggedAsk.in(zh), Authority: AuthorityOpen}
		line := 10 + r.intn(200)
		var tool string
		var args map[string]string
		var out func(g *gen) string
		switch shape {
		case unflaggedGoTest:
			name := g.uniqueTest(r)
			probe.Subject = name
			tool, args = "bash", map[string]string{"command": "go test ./" + pkg + "/..."}
			out = func(g *gen) string {
				g.setFailing(pkg, name, true)
				return g.logFor(pkg) + fmt.Sprintf("=== RUN   %s\n    %s_test.go:%d: unexpected EOF after %d bytes\n--- FAIL: %s (0.03s)\nFAIL\nFAIL\texample.com/proj/%s\t0.212s\nFAIL\n", name, pkg, line, line*3, name, pkg)
			}
		case unflaggedTraceback:
			script := fmt.Sprintf("scripts/%s_%s.py", verb, pkg)
			probe.Subject = script
			tool, args = "bash", map[string]string{"command": "python3 " + script}
			out = func(*gen) string {
				return fmt.Sprintf("loading fixtures...\nTraceback (most recent call last):\n  File \"%s\", line %d, in <module>\n    main()\n  File \"%s\", line %d, in main\n    rows = load(path)\nKeyError: '%s_id'\n", script, line+30, script, line, pkg)
			}
		case unflaggedShell:
			script := fmt.Sprintf("scripts/%s-%s.sh", verb, pkg)
			probe.Subject = script
			tool, args = "bash", map[string]string{"command": "./" + script + " --dry-run"}
			out = func(*gen) string {
				return fmt.Sprintf("checking %s shards...\n./%s: line %d: %sctl: command not found\n[exit status 127]\n", pkg, script, line, pkg)
			}
		default:
			target := fmt.Sprintf("check-%s-%s", pkg, verb)
			probe.Subject = target
			tool, args = "bash", map[string]string{"command": "make " + target}
			out = func(g *gen) string {
				return fmt.Sprintf("go vet ./%s/...\n%s/%s.go:%d:2: unreachable code\nmake: *** [Makefile:%d: %s] Error 1\n", pkg, pkg, verb, line, 20+line%40, target)
			}
		}
		probe.ExpectedAnswer = probe.Subject
		narr := g.narrate("run_tests", pkg, verb)
		after := pick(r, moveOn)
		add(frac(0.1, 0.8), func(g *gen) error {
			seq, err := g.call(narr, tool, args, out(g), false)
			probe.PlantedAtSeq = seq
			g.probes = append(g.probes, *probe)
			if err != nil {
				return err
			}
			// The assistant does not notice and something else succeeds.
			_, err = g.call(after.in(zh), "bash", map[string]string{"command": "ls " + pkg}, fmt.Sprintf("%s.go\n%s_test.go\ndoc.go\n", pkg, pkg), false)
			return err
		})
	}

	for n := range o.Unverified {
		name := g.uniqueTest(r)
		pkg := pick(r, nouns)
		zh := g.zh()
		flagged := r.chance(0.5)
		claim := pick(r, claimSay)
		got, want := r.intn(50), 50+r.intn(50)
		file := fmt.Sprintf("%s_test.go:%d", pkg, 20+r.intn(400))
		probe := &Probe{ID: fmt.Sprintf("unverified-%d", n+1), Kind: KindUnverified, Question: unverifiedAsk.in(zh), ExpectedAnswer: name,
			Subject: name, Authority: AuthorityOpen}
		open := frac(0.1, 0.6)
		add(open, func(g *gen) error {
			out := g.logFor(pkg) + fmt.Sprintf("=== RUN   %s\n    %s: got %d, want %d\n--- FAIL: %s (0.02s)\nFAIL\nFAIL\texample.com/proj/%s\t0.051s\n", name, file, got, want, name, pkg)
			seq, err := g.call(g.narrate("run_tests", pkg, name), "run_tests", map[string]string{"package": "./" + pkg + "/..."}, out, flagged)
			probe.PlantedAtSeq = seq
			g.setFailing(pkg, name, true)
			return err
		})
		add(open+frac(0.05, 0.2), func(g *gen) error {
			if _, err := g.call(g.narrate("edit_file", pkg+"/"+pkg+".go", name), "edit_file",
				map[string]string{"path": pkg + "/" + pkg + ".go", "old": fmt.Sprintf("n+%d", got), "new": fmt.Sprintf("n+%d", got+1)},
				"Edited "+pkg+"/"+pkg+".go", false); err != nil {
				return err
			}
			// The claim, then a build of everything that succeeds: no run
			// of the failing test.
			_, err := g.call(fmt.Sprintf(claim.in(zh), name), "bash", map[string]string{"command": "go build ./..."}, "", false)
			g.probes = append(g.probes, *probe)
			return err
		})
	}

	for n, k := range r.perm(len(decisionTemplates))[:o.Decisions] {
		dt := decisionTemplates[k]
		chain := 2 + r.intn(2)
		var vals []string
		for _, i := range r.perm(len(dt.values))[:chain] {
			vals = append(vals, dt.values[i])
		}
		zh := g.zh()
		probe := &Probe{ID: fmt.Sprintf("decision-%d", n+1), Kind: KindDecision, Question: fmt.Sprintf(decisionAsk.in(zh), dt.key),
			ExpectedAnswer: vals[len(vals)-1], SupersededValues: vals[:len(vals)-1], Subject: dt.key, Authority: AuthorityDecision}
		say := pick(r, decideSay)
		var resay []text
		for range chain - 1 {
			resay = append(resay, pick(r, redecideSay))
		}
		first := frac(0.03, 0.4)
		add(first, func(g *gen) error {
			_, err := g.call(fmt.Sprintf(say.in(zh), dt.key, vals[0]), "grep", map[string]string{"pattern": dt.key, "path": "internal/"}, grepOutput(g.r, strings.ReplaceAll(dt.key, ".", "")), false)
			probe.EarlierSeqs = append(probe.EarlierSeqs, g.lastAsk)
			return err
		})
		for i := 1; i < chain; i++ {
			at := first + (0.9-first)*float64(i)/float64(chain-1)*frac(0.5, 1)
			old, nu, t := vals[i-1], vals[i], resay[i-1]
			last := i == chain-1
			add(at, func(g *gen) error {
				_, err := g.call(fmt.Sprintf(t.in(zh), dt.key, old, nu), "read_file", map[string]string{"path": "internal/" + strings.ToLower(strings.Split(dt.key, ".")[0]) + "/doc.go"},
					codeListing(g.r, "internal/"+strings.Split(dt.key, ".")[0]+"/doc.go", 400+g.r.intn(800), zh), false)
				if last {
					probe.PlantedAtSeq = g.lastAsk
					g.probes = append(g.probes, *probe)
				} else {
					probe.EarlierSeqs = append(probe.EarlierSeqs, g.lastAsk)
				}
				return err
			})
		}
	}

	for n, k := range r.perm(len(rejectedApproaches))[:o.Rejected] {
		approach := rejectedApproaches[k]
		zh := g.zh()
		say := pick(r, rejectSay)
		probe := &Probe{ID: fmt.Sprintf("rejected-%d", n+1), Kind: KindRejected, Question: rejectedAsk.in(zh), ExpectedAnswer: approach,
			Subject: approach, Authority: AuthorityDecision}
		add(frac(0.05, 0.7), func(g *gen) error {
			args, out := g.passingRun(g.passingPkg(pick(g.r, nouns)))
			_, err := g.call(fmt.Sprintf(say.in(zh), approach), "run_tests", args, out, false)
			probe.PlantedAtSeq = g.lastAsk
			g.probes = append(g.probes, *probe)
			return err
		})
	}

	for n := range o.Hypotheses {
		path := fmt.Sprintf("pkg/%s/%s_%s.go", pick(r, nouns), pick(r, nouns), pick(r, verbs))
		flaky := g.uniqueTest(r)
		zh := g.zh()
		suspect, assert := pick(r, suspectSay), pick(r, assertSay)
		probe := &Probe{ID: fmt.Sprintf("hypothesis-%d", n+1), Kind: KindHypothesis, Question: hypothesisAsk.in(zh), ExpectedAnswer: path, Subject: path}
		first := frac(0.05, 0.5)
		add(first, func(g *gen) error {
			_, err := g.call(fmt.Sprintf(suspect.in(zh), path, flaky), "read_file", map[string]string{"path": path}, codeListing(g.r, path, 400+g.r.intn(1200), zh), false)
			probe.PlantedAtSeq = g.lastAsk
			return err
		})
		add(first+frac(0.05, 0.3), func(g *gen) error {
			// The assistant calls it confirmed; no run backs it.
			_, err := g.call(fmt.Sprintf(assert.in(zh), path, flaky), "grep", map[string]string{"pattern": "Unlock", "path": path}, grepOutput(g.r, "Unlock"), false)
			g.probes = append(g.probes, *probe)
			return err
		})
	}
}
