package projection

import (
	"regexp"
	"slices"
	"strings"
)

// A failed command fixed by a changed command.
//
// After a failure people rarely run the very same command again: they add
// the option that was missing ("--features rustls", "--context
// breakglass", "--classes v2.yaml"), change an option's value ("--batch-size
// 32" for 64), or correct the name the error blamed ("redis-cache-replicas"
// for "redis-cache-replica: not found"). A later passing command resolves
// the failed one when it is the same run by one of three readings, each
// over the command's words split into its program, its positional operands
// and its options' values (a word after an option that is not itself an
// option, or after "="):
//
//   - options added: the same program, and every operand and option value
//     of the failed command is among the passing one's (at least two);
//   - option values changed: the same program and positional operands, the
//     program or one of them a path ("train.py", a script an interpreter
//     ran: "python train.py"), and the failed command's
//     path-valued options kept; other option values may differ;
//   - the blamed name corrected: the same program and the same words but
//     one, the failed command's word is named by its error, and the error
//     says a thing was not found.
//
// A subcommand changed ("helm template" → "helm lint", "migrate" →
// "runserver") is another run, and a passing command that only pretends
// or lists ("--dry-run", "--no-run", "--help") resolves nothing.

// runWords is one command stage read as a program, its positional
// operands and its options' values.
type runWords struct {
	prog        string
	pos, values []string
	// script: prog is a script an interpreter ran ("python train.py").
	script bool
}

// all is the operands and option values together.
func (w runWords) all() []string { return append(slices.Clone(w.pos), w.values...) }

// readRun reads a command stage (without "&&" or pipes).
func readRun(st string) (runWords, bool) {
	f := runFields(st)
	if len(f) == 0 {
		return runWords{}, false
	}
	w := runWords{prog: f[0], script: interpreted(st)}
	afterOpt := false
	for _, t := range f[1:] {
		if redirectRE.MatchString(t) {
			afterOpt = false
			continue
		}
		// "'pp LateFeeJob.new.perform; pp …'": a statement of quoted
		// code ends at its semicolon
		t = strings.TrimRight(strings.Trim(t, `'"`), ";")
		if r, ok := strings.CutSuffix(t, "..."); ok && r != "" && !strings.HasSuffix(r, "/") && !strings.HasSuffix(r, ".") {
			// "--filter=@app/api..." selects the package and its
			// dependents: the package is named.
			t = r
		}
		if strings.HasPrefix(t, "-") {
			if _, v, ok := strings.Cut(t, "="); ok {
				w.values = append(w.values, v)
				afterOpt = false
			} else {
				afterOpt = t != "--"
			}
			continue
		}
		if afterOpt {
			w.values = append(w.values, strings.TrimRight(t, "/"))
		} else {
			w.pos = append(w.pos, strings.TrimRight(t, "/"))
		}
		afterOpt = false
	}
	return w, true
}

// pretendRE is an option that makes a command check, list or print
// instead of doing its work. "-h" is help only with no value after it: "-h
// localhost" names the host of pg_dump, psql, mysql or redis-cli, and such a
// run does its work.
var pretendRE = mustPattern(`(?:^|\s)(?:--?(?:dry-?run|no-run|help|version|collect-only|list|list-tests|check-only|noop|what-if)(?:[=\s]|$)|-h(?:\s*$|\s+-))`)

// notFoundRE is an error that a named thing does not exist.
var notFoundRE = mustPattern(`(?i)\bnot found\b|no such (?:file|directory|host|resource|container|device)|does(?:n't| not) exist|could not (?:find|resolve)|cannot find|unknown (?:target|task|resource|device|host|context|project)|no (?:connected )?devices?\b|找不到|不存在`)

// pathLike reports whether an operand names a file or directory.
func pathLike(s string) bool {
	return strings.Contains(s, "/") || pathRE.MatchString(" "+s+" ")
}

// rerunOf reports whether the passing command passed (one "a && b"
// chain) ran again what the single-stage failed command ran, changed by
// one of the readings above; because is the failed command's error line.
func rerunOf(failed, passed, because string) bool {
	return rerunIn(failed, readPassed(passed), because)
}

// passedCall is a passing call read once, for every open failure it may
// resolve: its text and the stages of its "&&" chain that run something
// (up to a pipe, wrappers dropped; a stage that only pretends or lists is
// left out).
type passedCall struct {
	text   string
	stages []passedStage
}

// passedStage is one stage of a passedCall: unwrapped, read as a run, and
// its words. A stage that only pretends or lists is kept apart (pretend:
// not ok, no fields): it resolves only a failure of such a run itself
// (withPretend).
type passedStage struct {
	st      string
	run     runWords
	ok      bool
	pretend bool
	fields  []string
}

// readPassed reads a passing call's stages: those of its last command
// when it is a list ("set -a; . mqtt.env; set +a; mosquitto_sub …": the
// call's status is its last command's, so only that one is known to have
// passed).
func readPassed(passed string) *passedCall {
	pc := &passedCall{text: passed}
	listed := passed
	if !strings.Contains(passed, "\n") {
		// a command (callText gives one line); another tool's call is
		// its name and arguments a line each, no shell list
		listed = lastListed(passed)
		if run := loggedRun(passed); run != "" {
			// "python train.py > run.log 2>&1; tail -n 2 run.log": the
			// run whose log the last command shows
			listed = run + " && " + listed
		}
	}
	for _, st := range andStages(listed) {
		st = pipeHead(st)
		pretend := pretendRE.MatchString(st)
		st = unwrap(st)
		w, ok := readRun(st)
		if pretend {
			pc.stages = append(pc.stages, passedStage{st: st, run: w, pretend: true})
			continue
		}
		pc.stages = append(pc.stages, passedStage{st: st, run: w, ok: ok, fields: runFields(st)})
	}
	return pc
}

// withPretend is pc with its stages that only pretend or list read like
// the others: the passing call of a failure that was itself such a run
// ("rector process --dry-run" out of memory, then the same dry run
// passing with a larger memory limit).
func (pc *passedCall) withPretend() *passedCall {
	out := &passedCall{text: pc.text, stages: slices.Clone(pc.stages)}
	for i, ps := range out.stages {
		if ps.pretend {
			_, ok := readRun(ps.st)
			out.stages[i].ok, out.stages[i].fields = ok, runFields(ps.st)
		}
	}
	return out
}

// rerunIn is rerunOf of a passing call already read.
func rerunIn(failed string, pc *passedCall, because string) bool {
	passed := pc.text
	if shellHasAny(failed, ";`") || shellHas(failed, "$(") || shellHas(failed, "&&") || shellHas(failed, "||") || shellHas(passed, "||") {
		return false
	}
	failed = pipeHead(failed)
	fw, ok := readRun(unwrap(failed))
	if !ok {
		return false
	}
	var ff []string
	for _, ps := range pc.stages {
		pw := ps.run
		if !ps.ok || pw.prog != fw.prog {
			continue
		}
		if ff == nil {
			ff = runFields(unwrap(failed))
		}
		if slices.Equal(ff, ps.fields) || sameStep(ff, ps.fields) {
			// The same run again, perhaps told to report otherwise
			// (neutral.go).
			return true
		}
		if narrowed(ff, ps.fields) {
			// part of its tests (optblamed.go)
			continue
		}
		fa, pa := fw.all(), pw.all()
		if len(fa) >= 2 && subset(fa, pa) {
			return true
		}
		if dropIn(fw, pw) && len(fa) >= 2 && subset(fa[1:], pa) {
			// "cargo build --release --target aarch64-unknown-linux-musl"
			// failed to link, "cargo zigbuild --release --target …" passed:
			// a drop-in for the same subcommand, on the same target.
			return true
		}
		if optionsAdded(ff, ps.fields) {
			return true
		}
		if optionBlamed(unwrap(failed), ps.st, because) {
			// another value of the option the error named (optblamed.go)
			return true
		}
		if slices.Equal(fw.pos, pw.pos) && (fw.script && pathLike(fw.prog) || slices.ContainsFunc(fw.pos, pathLike)) && subset(slices.DeleteFunc(slices.Clone(fw.values), func(v string) bool { return !pathLike(v) }), pa) {
			return true
		}
		if len(fa) == len(pa) && len(fa) >= 1 && notFoundRE.MatchString(because) {
			diff := -1
			for i := range fa {
				if fa[i] != pa[i] {
					if diff >= 0 {
						diff = -2
						break
					}
					diff = i
				}
			}
			if diff >= 0 {
				blamed := fa[diff]
				if j := strings.LastIndexAny(blamed, "/:="); j >= 0 && j+1 < len(blamed) && !strings.Contains(because, blamed) {
					// "statefulset/x" blamed as "statefulsets.apps "x"".
					blamed = blamed[j+1:]
				}
				if len(blamed) >= 3 && strings.Contains(because, blamed) {
					return true
				}
			}
		}
	}
	return false
}

// dropIn reports whether passing run p's subcommand is a variant of
// failed run f's that ends with its name ("zigbuild" for "build",
// "nextest" for "test"): a tool that does the same work another way.
func dropIn(f, p runWords) bool {
	if len(f.pos) == 0 || len(p.pos) == 0 {
		return false
	}
	a, b := f.pos[0], p.pos[0]
	return len(a) >= 3 && len(b) > len(a) && strings.HasSuffix(b, a) && !strings.ContainsAny(b, "/.")
}

// subset reports whether every word of a is in b.
// optionsAdded reports whether the passing run is the failed one with a
// configuration given: the same program, every word of the failed run
// still there in its order, and what was added only options naming a
// file or an address ("-s ~/.m2/settings-aliyun.xml", "--config
// ci.yml", "--registry=https://registry.npmmirror.com"): "./mvnw -s
// ~/.m2/settings-aliyun.xml -q test" after "./mvnw -q test" could not
// resolve its dependencies. An added option with another kind of value
// may select part of the work ("cargo test -p other") and adds nothing
// here.
func optionsAdded(ff, pf []string) bool {
	if len(ff) == 0 || len(pf) <= len(ff) || pf[0] != ff[0] {
		return false
	}
	var added []string
	i := 0
	for _, t := range pf {
		if i < len(ff) && t == ff[i] {
			i++
			continue
		}
		added = append(added, t)
	}
	if i < len(ff) {
		return false
	}
	for k := 0; k < len(added); k++ {
		t := strings.Trim(added[k], `'"`)
		if !strings.HasPrefix(t, "-") {
			return false
		}
		if _, v, ok := strings.Cut(t, "="); ok {
			if !configValue(v) {
				return false
			}
			continue
		}
		if k+1 >= len(added) || !configValue(strings.Trim(added[k+1], `'"`)) {
			return false
		}
		k++
	}
	return true
}

// configValue reports whether an option's value names a file or an
// address.
func configValue(v string) bool {
	return pathLike(v) || strings.Contains(v, "://")
}

func subset(a, b []string) bool {
	for _, w := range a {
		if !slices.Contains(b, w) {
			return false
		}
	}
	return true
}

// listed is the commands of a shell list "a; b", split at separators
// outside quotes and not after a backslash; nil when its quotes do not
// close. A list that ends in a separator ends in "".
func listed(cmd string) []string {
	var out []string
	last, quote, esc := 0, byte(0), false
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch {
		case esc:
			esc = false
		case c == '\\' && quote != '\'':
			esc = true
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == ';':
			out = append(out, strings.TrimSpace(cmd[last:i]))
			last = i + 1
		}
	}
	if quote != 0 {
		return nil
	}
	return append(out, strings.TrimSpace(cmd[last:]))
}

// lastListed is the last command of a shell list "a; b" (listed): cmd
// itself when it is no list, "" when it ends in a separator or its quotes
// do not close.
func lastListed(cmd string) string {
	l := listed(cmd)
	if len(l) == 0 {
		return ""
	}
	return l[len(l)-1]
}

// logViewRE is a command that shows the end of a file, or all of it,
// its file in group 1.
var logViewRE = mustPattern(`^\s*(?:tail|cat)(?:\s+-[nc]\s*\d+|\s+-\d+|\s+-\w+)*\s+(\S+)\s*$`)

// loggedRun is the commands of shell list cmd that wrote a log a
// later command of it shows ("python train.py > /tmp/run.log 2>&1; tail
// -n 2 /tmp/run.log; python check.py /tmp/run.log" ran python train.py,
// its end shown by tail), without their redirections, joined by "&&";
// "" when none did. A list's status is its last command's: such a run is
// shown passed by what its log shows, as a run piped into tail is.
func loggedRun(cmd string) string {
	l := listed(cmd)
	var shown []string
	for _, c := range l {
		if m := logViewRE.FindStringSubmatch(c); m != nil {
			shown = append(shown, m[1])
		}
	}
	var runs []string
	for i, c := range l[:max(len(l)-1, 0)] {
		c = strings.TrimSpace(c)
		if logViewRE.MatchString(c) || shellHas(c, "&&") || shellHas(c, "||") || shellHas(c, "|") {
			continue
		}
		for _, f := range shown {
			re, err := regexp.Compile(`\s(?:>>?|&>)\s*` + regexp.QuoteMeta(f) + `(?:\s|$)`)
			if err == nil && re.MatchString(c+" ") && slices.ContainsFunc(l[i+1:], func(v string) bool { return strings.Contains(v, f) }) {
				runs = append(runs, strings.TrimSpace(logRedirectRE.ReplaceAllString(c, " ")))
				break
			}
		}
	}
	return strings.Join(runs, " && ")
}

// logRedirectRE is an output redirection with its file or descriptor.
var logRedirectRE = mustPattern(`\s(?:\d?>>?|&>)\s*(?:&\d|\S+)`)
