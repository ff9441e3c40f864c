package synth

import (
	"fmt"
	"slices"
	"strings"
)

// schedule chooses the templates and values of every plant and when it is
// emitted, as a fraction of the target size. All randomness that decides
// the ground truth is drawn here, before any filler, so the plants of a
// seed do not depend on the filler that precedes them.
func (g *gen) schedule() []plant {
	r := g.r
	o := g.o
	var ps []plant
	add := func(at float64, emit func(g *gen) error) {
		ps = append(ps, plant{at: at, order: len(ps), emit: emit})
	}
	frac := func(lo, hi float64) float64 { return lo + (hi-lo)*float64(r.intn(1000))/1000 }

	for _, k := range r.perm(len(constraintTemplates))[:o.Constraints] {
		g.constraints = append(g.constraints, constraintTemplates[k])
	}

	for n, k := range r.perm(len(factTemplates))[:o.Facts] {
		ft := factTemplates[k]
		id := ft.gen(r)
		zh := g.zh()
		inResult := r.chance(0.5)
		probe := Probe{ID: fmt.Sprintf("fact-%d", n+1), Kind: KindFact, Question: ft.ask.in(zh), ExpectedAnswer: id}
		sentence := fmt.Sprintf(ft.say.in(zh), id)
		add(frac(0.03, 0.7), func(g *gen) error {
			var seq int
			var err error
			if inResult {
				path := fmt.Sprintf("docs/ops/%s-notes.md", pick(g.r, nouns))
				body := g.notes(sentence)
				seq, err = g.call(g.narrate("read_file", path, "ops"), "read_file", map[string]string{"path": path}, body, false)
			} else {
				lead := text{"By the way: ", "顺便说一下："}.in(zh)
				seq, err = g.user(lead + sentence)
			}
			probe.PlantedAtSeq = seq
			g.probes = append(g.probes, probe)
			return err
		})
	}

	for n, k := range r.perm(len(supersedeTemplates))[:o.Superseded] {
		st := supersedeTemplates[k]
		chain := 2 + r.intn(2)
		if n == 0 {
			// At least one value is superseded twice.
			chain = 3
		}
		var vals []string
		for _, i := range r.perm(len(st.values))[:chain] {
			vals = append(vals, st.values[i])
		}
		zh := g.zh()
		probe := &Probe{ID: fmt.Sprintf("superseded-%d", n+1), Kind: KindSuperseded,
			Question:       fmt.Sprintf(text{"What is the current value of %s in %s?", "%s 在 %s 里现在的值是多少？"}.in(zh), st.key, st.file),
			ExpectedAnswer: vals[len(vals)-1], SupersededValues: slices.Clone(vals[:len(vals)-1]), Subject: st.key}
		first := frac(0.03, 0.35)
		add(first, func(g *gen) error {
			seq, err := g.call(g.narrate("read_file", st.file, st.key), "read_file", map[string]string{"path": st.file}, g.config(st, vals[0]), false)
			probe.EarlierSeqs = append(probe.EarlierSeqs, seq)
			return err
		})
		for i := 1; i < len(vals); i++ {
			at := first + (0.92-first)*float64(i)/float64(len(vals)-1)*frac(0.6, 1)
			old, nu := vals[i-1], vals[i]
			last := i == len(vals)-1
			add(at, func(g *gen) error {
				ask := fmt.Sprintf(text{"Please change %s in %s from %s to %s.", "请把 %[2]s 里的 %[1]s 从 %[3]s 改成 %[4]s。"}.in(zh), st.key, st.file, old, nu)
				seq, err := g.user(ask)
				if err != nil {
					return err
				}
				if _, err := g.call(text{"Updating the setting as asked.", "按要求修改配置。"}.in(zh), "edit_file",
					map[string]string{"path": st.file, "old": st.line(old), "new": st.line(nu)},
					fmt.Sprintf("Edited %s: %s", st.file, st.line(nu)), false); err != nil {
					return err
				}
				if last {
					probe.PlantedAtSeq = seq
					g.probes = append(g.probes, *probe)
				} else {
					probe.EarlierSeqs = append(probe.EarlierSeqs, seq)
				}
				return nil
			})
		}
	}

	g.failed = map[string]bool{}
	for n := range o.Failures {
		name := g.uniqueTest(r)
		pkg := pick(r, nouns)
		file := fmt.Sprintf("%s_test.go:%d", pkg, 20+r.intn(400))
		got, want := r.intn(50), 50+r.intn(50)
		errLine := fmt.Sprintf("%s: got %d, want %d", file, got, want)
		zh := g.zh()
		probe := &Probe{ID: fmt.Sprintf("failure-%d", n+1), Kind: KindFailure,
			Question:       fmt.Sprintf(text{"Which test failed with %q? Give the test name.", "哪个测试出现了 %q 的失败？请给出测试名。"}.in(zh), errLine),
			ExpectedAnswer: name, Subject: name, Authority: AuthorityOpen}
		open := frac(0.1, 0.5)
		fix := open + frac(0.1, 0.35)
		add(open, func(g *gen) error {
			out := g.logFor(pkg) + fmt.Sprintf("=== RUN   %s\n    %s\n--- FAIL: %s (0.02s)\nFAIL\nFAIL\texample.com/proj/%s\t0.041s\n", name, errLine, name, pkg)
			seq, err := g.call(g.narrate("run_tests", pkg, name), "run_tests", map[string]string{"package": "./" + pkg + "/..."}, out, true)
			probe.PlantedAtSeq = seq
			g.setFailing(pkg, name, true)
			return err
		})
		add(fix, func(g *gen) error {
			if _, err := g.call(fmt.Sprintf(text{"Fixing the bound that makes %s fail.", "修复导致 %s 失败的边界问题。"}.in(zh), name), "edit_file",
				map[string]string{"path": pkg + "/" + pkg + ".go", "old": fmt.Sprintf("n+%d", got), "new": fmt.Sprintf("n+%d", want)},
				"Edited "+pkg+"/"+pkg+".go", false); err != nil {
				return err
			}
			g.setFailing(pkg, name, false)
			args := map[string]string{"package": "./" + pkg + "/..."}
			out := fmt.Sprintf("=== RUN   %s\n--- PASS: %s (0.01s)\n", name, name)
			if len(g.failing[pkg]) == 0 {
				out += testOutput(g.r, pkg)
			} else {
				// Another planted test of the package still fails: the
				// fixed one is run alone (runs.go).
				args["run"] = "^" + name + "$"
				out += goVerdictOK(g.r, pkg)
			}
			seq, err := g.call(fmt.Sprintf(text{"Re-running %s.", "重新运行 %s。"}.in(zh), name), "run_tests", args, out, false)
			probe.ResolvedAtSeq = seq
			g.probes = append(g.probes, *probe)
			return err
		})
	}

	for n, k := range r.perm(len(obligationTemplates))[:o.Obligations] {
		ot := obligationTemplates[k]
		zh := g.zh()
		probe := Probe{ID: fmt.Sprintf("obligation-%d", n+1), Kind: KindObligation, Question: ot.ask.in(zh), ExpectedAnswer: ot.answer,
			Subject: ot.answer, Authority: AuthorityOpen}
		add(frac(0.05, 0.5), func(g *gen) error {
			seq, err := g.user(ot.say.in(zh))
			probe.PlantedAtSeq = seq
			g.probes = append(g.probes, probe)
			return err
		})
	}

	g.scheduleEpistemic(add, frac)

	slices.SortStableFunc(ps, func(a, b plant) int {
		switch {
		case a.at < b.at:
			return -1
		case a.at > b.at:
			return 1
		}
		return a.order - b.order
	})
	return ps
}

// line renders a config line of the key.
func (st supersedeTemplate) line(v string) string {
	if st.quoted {
		return fmt.Sprintf("%s = %q", st.key, v)
	}
	return st.key + " = " + v
}

// config renders a config file listing holding the key at value v.
func (g *gen) config(st supersedeTemplate, v string) string {
	var lines []string
	for _, k := range g.r.perm(len(fillerKeys))[:4] {
		lines = append(lines, fmt.Sprintf("%s = %q", fillerKeys[k], pick(g.r, nouns)+"-"+pick(g.r, regions)))
	}
	at := g.r.intn(len(lines) + 1)
	lines = slices.Insert(lines, at, st.line(v))
	var b strings.Builder
	fmt.Fprintf(&b, "[File: %s]\n   1\t[%s]\n", st.file, pick(g.r, nouns))
	for i, l := range lines {
		fmt.Fprintf(&b, "%4d\t%s\n", i+2, l)
	}
	return b.String()
}

// notes renders an ops notes file with the sentence among filler bullets.
func (g *gen) notes(sentence string) string {
	var bullets []string
	for range 6 + g.r.intn(10) {
		bullets = append(bullets, fmt.Sprintf("- %s %s runs every %d minutes on %s.", title(pick(g.r, verbs)), pick(g.r, nouns), 1+g.r.intn(59), pick(g.r, regions)))
	}
	bullets = slices.Insert(bullets, g.r.intn(len(bullets)+1), "- "+sentence)
	return "# Ops notes\n\n" + strings.Join(bullets, "\n") + "\n"
}

// logFor renders a build log preceding a test run.
func (g *gen) logFor(pkg string) string {
	return fmt.Sprintf("go test ./%s/...\n", pkg) + logOutput(g.r, 400+g.r.intn(1600), g.zh(), &g.clock)
}

// narrate returns one line of assistant narration for a call of tool,
// mentioning a and b.
func (g *gen) narrate(tool, a, b string) string {
	return fmt.Sprintf(pick(g.r, narration[tool]).in(g.zh()), a, b)
}

// filler emits one step of ordinary work, or a user follow-up when the
// turn has run its course.
func (g *gen) filler() error {
	if g.stepsLeft == 0 {
		f := pick(g.r, followUps).in(g.zh())
		if strings.Contains(f, "%s") {
			f = fmt.Sprintf(f, pick(g.r, nouns))
		}
		_, err := g.user(f)
		return err
	}
	g.fillers++
	sym := pick(g.r, verbs) + title(pick(g.r, nouns))
	pkg := pick(g.r, nouns)
	if g.o.LongEvery > 0 && g.fillers%g.o.LongEvery == 0 {
		n := g.r.between(g.o.MinLog, g.o.MaxLog)
		if limit := g.o.TargetChars / 4; n > limit {
			n = limit
		}
		_, err := g.call(g.narrate("bash", pkg, sym), "bash",
			map[string]string{"command": fmt.Sprintf("journalctl -u %s --since today", pkg)}, logOutput(g.r, n, g.zh(), &g.clock), false)
		return err
	}
	var err error
	switch g.r.intn(4) {
	case 0:
		path := fmt.Sprintf("internal/%s/%s.go", pkg, pick(g.r, verbs))
		_, err = g.call(g.narrate("read_file", path, sym), "read_file", map[string]string{"path": path}, codeListing(g.r, path, 600+g.r.intn(2400), g.zh()), false)
	case 1:
		_, err = g.call(g.narrate("grep", sym, "internal/"+pkg), "grep", map[string]string{"pattern": sym, "path": "internal/"}, grepOutput(g.r, sym), false)
	case 2:
		pkg = g.passingPkg(pkg)
		narr := g.narrate("run_tests", pkg, sym)
		args, out := g.passingRun(pkg)
		_, err = g.call(narr, "run_tests", args, out, false)
	default:
		path := fmt.Sprintf("internal/%s/%s.go", pkg, pick(g.r, verbs))
		_, err = g.call(g.narrate("edit_file", path, sym), "edit_file", map[string]string{"path": path, "old": sym + "(buf, n)", "new": sym + "(buf[:n], n)"}, "Edited "+path, false)
	}
	return err
}
