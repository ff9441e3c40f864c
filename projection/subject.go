package projection

import (
	"cmp"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/epistemicfold/ef/internal/clip"
)

// What a failure was about, and whether a later success was about the
// same thing.
//
// A failure's subject is what failed: the stage of its command that
// decided the outcome (the last of an "a && b" chain, without a
// wrapper such as "timeout 60" or "sudo", cut at a pipe), its program,
// operands and option values, and the names its error blamed. The whole
// call is kept on the failure as a link (callPrefix), untruncated, so
// the reading survives a Snapshot. A later passing call resolves the
// failure when one of its stages did the same work (resolvedBy):
//
//   - the same run changed (rerunOf: an option added, an option's value
//     changed, the blamed name corrected);
//   - a wider run of the same program that covers the failed one: the
//     failed command's operands with the last ones dropped ("manage.py
//     migrate" after "manage.py migrate appointments 0042", "pytest"
//     after "pytest tests/test_a.py") or a "…/..." pattern that holds
//     them, when the passing output names each dropped operand;
//   - the interrupted operation continued ("git rebase --continue"
//     after "git rebase origin/main" stopped on a conflict);
//   - the resource the error said was missing, corrected in the same
//     call text ("read_parquet('/data/IF_main_cont.parquet')" after
//     "read_parquet('/data/IF_main.parquet')": No such file), the new
//     name sharing most of the old one;
//   - the thing the error said does not exist, used on the same file by
//     a later run that passed ("no such table: lotti" from a query of
//     data/lotti_dev.db, then `sqlite3 data/lotti_dev.db "SELECT … FROM
//     lotti …"` after the migration): it exists now (missingNowThere);
//   - the inputs a batch named as failed, each done by a later run of
//     the same program or script that names it in a line of success
//     ("[fail] SP-0042-final2.tif … 3 failed", then a loop re-encoding
//     those three and running convert.py --single on each: "SP-0042-
//     final2.tif -> … [ok]"; itemsRedone);
//   - a run whose program is missing ("bash: datasets: command not
//     found"), its work done by another program naming one of its
//     distinctive operands (a wget of the same GCF_000195955.2;
//     replacedMissing);
//   - a project's dependencies installed whole another way ("npm ci"
//     refused on a stale lockfile, then "npm install"; sameInstall);
//   - a failed test run fixed by the same test program passing later on
//     the same tests or more, nothing failing (suite.go);
//   - a host a call could not reach, reached by a later call (suite.go);
//   - a CI job's failure read through the forge's command line, fixed
//     by a later reading of the same branch's pipeline that passed
//     ("glab ci trace test -b x" ending in "Job failed", then "glab ci
//     status -b x": "Pipeline state: success"; ci.go);
//   - the command the user told the agent to run after the failure, by
//     its program and operands ("iOS 用 fastlane 跑：bundle exec fastlane
//     ios beta"; hintPrefix links).
//
// A passing call that only pretends or lists (pretendRE) resolves
// nothing, and nor does a success of another subcommand, another target
// or one that only mentions the failed name in its output.

// callPrefix opens the link holding the whole text of the call a failure
// was seen in; hintPrefix the link holding a user message that answered
// the failure.
const (
	callPrefix = "call/"
	// itemPrefix opens a link naming an input a batch failed on.
	itemPrefix = "item/"
	hintPrefix = "told/"
	// maxCallText bounds the text a link keeps.
	maxCallText = 1200 // runes
)

// callText is the whole text a call ran: its command (whitespace
// collapsed, leading "cd DIR &&" dropped), else its name and string
// arguments as key=value, the shortest first, so that a clip cuts the
// long ones (a file's content) and never the path beside them, and a
// reading of the text as a command ends, at a character of the shell in
// the content, after the path: two writes of one long regex to
// /app/regex.txt and to /tmp/regex.txt read as the same call once the
// content, first by its key, filled the text. The keys keep an edit and
// its reverse apart.
func callText(c *Call) string {
	if c == nil {
		return ""
	}
	if _, cmd := argString(c.Args, commandArgKeys); cmd != "" {
		c := strings.Join(strings.Fields(repeatedRun(cmd)), " ")
		for cdRE.MatchString(c) {
			c = cdRE.ReplaceAllString(c, "")
		}
		return headTail(c, maxCallText)
	}
	keys := make([]string, 0, len(c.Args))
	for k, v := range c.Args {
		if _, ok := v.(string); ok {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b string) int {
		return cmp.Or(cmp.Compare(len(c.Args[a].(string)), len(c.Args[b].(string))), cmp.Compare(a, b))
	})
	var b strings.Builder
	b.WriteString(c.Name)
	for _, k := range keys {
		b.WriteString("\n")
		b.WriteString(k)
		b.WriteString("=")
		b.WriteString(c.Args[k].(string))
	}
	return clip.Runes(b.String(), maxCallText)
}

// headTail is s cut to n runes by its middle: its head and its tail
// with " … " between them. A long command is mostly a here document or a
// script in the middle; what it ran last, the stage that decided its
// status, stands at its end.
func headTail(s string, n int) string {
	r := []rune(s)
	if n <= 0 || len(r) <= n {
		return s
	}
	h := n / 2
	return string(r[:h]) + " … " + string(r[len(r)-(n-h-3):])
}

// linkWith is the first link with prefix, without it.
func linkWith(links []string, prefix string) (string, bool) {
	for _, l := range links {
		if s, ok := strings.CutPrefix(l, prefix); ok {
			return s, true
		}
	}
	return "", false
}

// wrapperRE is a program that runs the rest of the stage: "timeout 60",
// "time", "sudo", "nice -n 5", "env", "xvfb-run -a".
var wrapperRE = mustPattern(`^(?:(?:timeout(?:\s+-\S+)*\s+\d+[smhd]?|time|sudo(?:\s+-\S+)*|nice(?:\s+-n\s*-?\d+)?|env|nohup|xvfb-run(?:\s+(?:-a|--auto-servernum))*)\s+)+`)

// deciding is the stage of a command that decided its outcome: the last
// of an "a && b" chain, cut at a pipe, without a wrapper program; "" for
// a command whose stages are joined otherwise ("||", ";") or whose error
// (because) blames a program later in the pipe.
func deciding(cmd, because string) string {
	if shellHas(cmd, "||") || shellHas(cmd, ";") {
		return ""
	}
	st := andStages(cmd)
	pipe := pipeSplit(st[len(st)-1])
	for _, p := range pipe[1:] {
		// "shuf: command not found", "jq: error …": a program later in
		// the pipe failed, and it is the subject.
		if f := strings.Fields(unwrap(p)); len(f) > 0 && strings.Contains(" "+because, " "+f[0]+":") {
			return ""
		}
	}
	return unwrap(pipe[0])
}

// unwrap drops leading environment assignments and wrapper programs.
func unwrap(st string) string {
	st = strings.TrimSpace(st)
	for {
		f := strings.Fields(st)
		if len(f) > 1 && envAssign.MatchString(f[0]) {
			st = strings.TrimSpace(strings.TrimPrefix(st, f[0]))
			continue
		}
		if loc := wrapperRE.FindStringIndex(st); loc != nil && loc[1] < len(st) {
			st = st[loc[1]:]
			continue
		}
		return st
	}
}

// resolvedBy reports whether a passing call (its text and output)
// resolves a failure seen in the call failedCall with error line
// because; hints are user messages that answered the failure.
func resolvedBy(failedCall, because string, hints []string, passedCall, passedOut string) bool {
	return resolvedIn(failedCall, because, hints, readPassed(passedCall), passedOut)
}

// resolvedIn is resolvedBy of a passing call already read (the reducer
// reads it once for all the open failures it is checked against).
func resolvedIn(failedCall, because string, hints []string, pc *passedCall, passedOut string) bool {
	passedCall := pc.text
	if failedCall == "" || passedCall == "" {
		return false
	}
	if !pretendRE.MatchString(passedCall) && correctedIn(failedCall, because, passedCall) {
		return true
	}
	if suiteRerun(failedCall, pc, passedOut) || buildRerun(failedCall, pc, passedOut) || usageFixed(failedCall, because, pc) || hostReached(failedCall, because, pc, passedOut) || stepPassedIn(failedCall, because, pc, passedOut) || dbtSelectionPassed(failedCall, pc, passedOut) {
		// the failed tests run again, the same or more, all passing;
		// the host a call could not reach, reached (suite.go); the
		// failed task or node passing in a wider run (widerrun.go), or
		// in a wider dbt selection that only sums up (dbtselect.go)
		return true
	}
	fs := deciding(failedCall, because)
	if fs == "" || strings.Contains(passedCall, "||") {
		return false
	}
	fs = workStage(failedCall, because, fs)
	if missingNowThere(fs, because, pc) {
		return true
	}
	if leavesOut(fs, pc, partsGivenUp(hints)) {
		return false
	}
	if pretendRE.MatchString(fs) {
		// A failed dry run is fixed by the dry run passing.
		pc = pc.withPretend()
	}
	if rerunIn(fs, pc, because) || sameInvocation(fs, because, pc) || reachedInside(fs, because, pc) || replacedMissing(fs, because, pc) || sameInstall(fs, pc) || ciPassed(fs, pc, passedOut) {
		return true
	}
	if fw, ok := readRun(fs); ok && len(fw.pos) > 0 {
		for _, ps := range pc.stages {
			pw := ps.run
			if !ps.ok || pw.prog != fw.prog {
				continue
			}
			if widens(fw, pw, passedOut) || continues(fw, pw, ps.st) {
				return true
			}
		}
	}
	for _, h := range hints {
		if strings.HasPrefix(h, givenUpPrefix) {
			continue
		}
		if toldToRun(h, passedCall) || toldValue(h, fs, pc) {
			return true
		}
	}
	return false
}

// excludeOptRE is an option that leaves part of a run's work out: the
// inputs, tests or targets it names are skipped ("--skip lecture-0027",
// "--exclude tests/slow", "--deselect tests/a.py::b", "--skip-tests").
var excludeOptRE = mustPattern(`^--?(?:skip|exclude|ignore|deselect|omit|except|without)(?:[-_][\w-]+)?(?:=|$)`)

// leavesOut reports whether a stage of the passing call runs the failed
// stage's program with an option that leaves work out which the failed
// run did not have ("transcode batch --skip lecture-0027" after the batch
// failed on lecture-0027; "pytest -k 'not test_rounding'"): what it
// skipped is what failed, so its passing fixes nothing.
func leavesOut(failed string, pc *passedCall, givenUp []string) bool {
	fw, ok := readRun(failed)
	if !ok {
		return false
	}
	ff := runFields(failed)
	for _, ps := range pc.stages {
		if !ps.ok || ps.run.prog != fw.prog {
			continue
		}
		for i, t := range ps.fields {
			t = strings.Trim(t, `'"`)
			switch {
			case excludeOptRE.MatchString(t) && !slices.Contains(ff, ps.fields[i]):
				// what the user gave up on left out leaves the rest run
				// (partgiveup.go)
				v, eq := "", strings.Index(t, "=")
				if eq >= 0 {
					v = t[eq+1:]
				} else if i+1 < len(ps.fields) {
					v = ps.fields[i+1]
				}
				if !leftOutGivenUp(v, givenUp) {
					return true
				}
			case (t == "-k" || t == "-m") && i+1 < len(ps.fields) && !slices.Contains(ff, ps.fields[i+1]):
				if n := strings.Trim(ps.fields[i+1], `'"`); n == "not" || strings.HasPrefix(n, "not ") {
					return true
				}
			}
		}
	}
	return false
}

// widens reports whether the passing run pw covers the failed run fw:
// the same program and first operands with the last ones dropped, or an
// operand "X..." holding them, and out names each dropped one.
func widens(fw, pw runWords, out string) bool {
	if len(pw.pos) > len(fw.pos) {
		return false
	}
	dropped := slices.Clone(fw.pos[len(pw.pos):])
	for i, p := range pw.pos {
		if p == fw.pos[i] {
			continue
		}
		pre, ok := strings.CutSuffix(p, "...")
		if !ok || !strings.HasPrefix(strings.TrimPrefix(fw.pos[i], "./"), strings.TrimPrefix(pre, "./")) {
			return false
		}
		dropped = append(dropped, fw.pos[i])
	}
	if len(dropped) == 0 {
		return false
	}
	for _, d := range dropped {
		d, _, _ = strings.Cut(d, "::")
		if i := strings.LastIndexByte(d, '/'); i >= 0 && i+1 < len(d) {
			d = d[i+1:]
		}
		if len(d) < 2 || !strings.Contains(out, d) {
			return false
		}
	}
	return true
}

// continues reports whether the passing stage continues the failed
// operation: the same program and first operand, "--continue".
func continues(fw, pw runWords, st string) bool {
	return len(pw.pos) >= 1 && pw.pos[0] == fw.pos[0] && slices.Contains(strings.Fields(st), "--continue")
}

// blamedRE is a name an error line quotes, or a path it names.
var blamedRE = mustPattern(`'([^'\s]{3,200})'|"([^"\s]{3,200})"|(?:^|\s)(/[^\s'"]{2,200}|\S+/\S+\.\w{1,8})(?:\s|$|:)`)

// correctedIn reports whether passedCall holds failedCall with the name
// its not-found error blamed replaced by another that shares most of it
// ("IF_main.parquet" → "IF_main_cont.parquet").
func correctedIn(failedCall, because, passedCall string) bool {
	if !notFoundRE.MatchString(because) {
		return false
	}
	for _, m := range blamedRE.FindAllStringSubmatch(because, 4) {
		name := m[1] + m[2] + m[3]
		i := strings.Index(failedCall, name)
		if i < 0 || strings.Contains(passedCall, name) {
			continue
		}
		pre, post := failedCall[max(0, i-40):i], failedCall[i+len(name):]
		post = post[:min(len(post), 40)]
		if pre == "" || len(pre)+len(post) < 4 {
			continue
		}
		for j := 0; ; {
			k := strings.Index(passedCall[j:], pre)
			if k < 0 {
				break
			}
			start := j + k + len(pre)
			end := start
			for end < len(passedCall) && !strings.ContainsRune(" \t\n'\"`,)", rune(passedCall[end])) {
				end++
			}
			if alt := passedCall[start:end]; alt != "" && strings.HasPrefix(passedCall[end:], post) && akin(name, alt) {
				return true
			}
			j = j + k + 1
		}
	}
	return false
}

// akin reports whether two names share most of the shorter one, at the
// start and the end together.
func akin(a, b string) bool {
	n := min(len(a), len(b))
	p := 0
	for p < n && a[p] == b[p] {
		p++
	}
	s := 0
	for s < n-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	return p+s >= 3 && 2*(p+s) >= n
}

// toldToRun reports whether the user's message hint names the passing
// command: one of its stages' program and operands, two words or more,
// in that order.
func toldToRun(hint, passedCall string) bool {
	h := strings.Join(strings.Fields(hint), " ")
	for _, st := range andStages(passedCall) {
		st = pipeHead(st)
		f := runFields(unwrap(st))
		if len(f) == 0 || pretendRE.MatchString(st) || readOnlyProgs[f[0]] || len(f) > 1 && readOnlyProgs[f[0]+" "+f[1]] {
			continue
		}
		sub := runSubject(unwrap(st))
		if len(strings.Fields(sub)) >= 2 && strings.Contains(h, sub) {
			return true
		}
	}
	return false
}

// toldValue reports whether a stage of the passing call pc is the failed
// stage fs run again with the name the user's message hint gave in place
// of one or two of its words ("images go to harbor.acme.io/fin/ledger now"
// after "docker push ghcr.io/acme/ledger:1.4.0" was denied): the same
// program, every word of fs not in the stage replaced by one holding a
// name of the hint that fs lacks (an assignment "IMG=…" by one to the
// same variable), and no more than two words added besides.
func toldValue(hint, fs string, pc *passedCall) bool {
	ff := runFields(fs)
	if len(ff) < 2 {
		return false
	}
	var names []string
	for _, w := range strings.Fields(hint) {
		w = strings.Trim(w, ".,;:!?()[]{}\"'`“”‘’")
		if len(w) >= 6 && strings.ContainsAny(w, "./:-_0123456789") && !strings.Contains(fs, w) {
			names = append(names, w)
		}
	}
	if len(names) == 0 {
		return false
	}
	for _, ps := range pc.stages {
		if len(ps.fields) == 0 || ps.fields[0] != ff[0] {
			continue
		}
		var gone, added []string
		for _, w := range ff {
			if !slices.Contains(ps.fields, w) {
				gone = append(gone, w)
			}
		}
		for _, w := range ps.fields {
			if !slices.Contains(ff, w) {
				added = append(added, w)
			}
		}
		if len(gone) == 0 || len(gone) > 2 || len(added) > len(gone)+2 {
			continue
		}
		replaced := 0
		for _, g := range gone {
			// Each word gone is replaced by a word of its own.
			if i := slices.IndexFunc(added, func(a string) bool {
				if v, _, ok := strings.Cut(g, "="); ok && envAssign.MatchString(g) && !strings.HasPrefix(a, v+"=") {
					return false
				}
				return slices.ContainsFunc(names, func(n string) bool { return strings.Contains(a, n) })
			}); i >= 0 {
				added = slices.Delete(added, i, i+1)
				replaced++
			}
		}
		if replaced == len(gone) {
			return true
		}
	}
	return false
}

// toldWindow is how many events after a failure a user message may
// answer it, unless no tool reported since (answers, abandon.go).
const toldWindow = 6

// told keeps a user message on the open failures it may answer: those
// seen within toldWindow events before it that no user message has
// answered yet.
func (r *Reducer) told(ev *Event) {
	text := strings.TrimSpace(ev.Text)
	if text == "" {
		return
	}
	for _, a := range r.hot {
		if a.Kind != KindFailure || a.Lifecycle != Open || !r.answers(a, ev) {
			continue
		}
		if _, ok := linkWith(a.Links, hintPrefix); ok {
			continue
		}
		a.Links = append(a.Links, hintPrefix+clip.Runes(text, maxCallText))
	}
}

// hintsOf is the user messages kept on failure a.
func hintsOf(a *Anchor) []string {
	var out []string
	for _, l := range a.Links {
		if h, ok := strings.CutPrefix(l, hintPrefix); ok {
			out = append(out, h)
		} else if strings.HasPrefix(l, givenUpPrefix) {
			// a part given up (partgiveup.go)
			out = append(out, l)
		}
	}
	return out
}

// A failure given up on: after a command fails the user may drop the
// approach instead of fixing it ("forget the GPU path, not worth it",
// "算了，这条路不走了"). The failure is then no open problem but the reason
// the approach was dropped: it leaves the heads and a piece of negative
// knowledge holds the user's words and what failed. Nothing here says the
// failure was fixed (it is superseded, never resolved).

// abandonRE is a user dropping an approach.
var abandonRE = mustPattern(`(?i)\b(?:forget(?:\s+about)?|drop|scrap|ditch|abandon|give\s+up\s+on|bin|shelve)\s+(?:it|that|this|the\s+(?:[\w.\-/]+\s+){0,3}?(?:approach|idea|path|route|plan|attempt|experiment|branch|option|way|target|goal))\b|\b(?:let's|we'll|we will)\s+not\s+(?:pursue|bother with|go down)\b|\bnot\s+worth\s+(?:pursuing|fixing|chasing|fighting|wrestling|bothering|the\s+(?:effort|trouble|hassle|pain))\b|\b(?:it's|its|it\s+is|that's|thats|that\s+is|prob(?:ably)?|just|honestly)\s+not\s+worth\s+it\b|^\W*(?:(?:meh|nah|ok|okay|eh)\W+)?not\s+worth\s+it\b|\b(?:forget|drop|scrap|ditch|skip)\s[^,;.!?]{2,60},\s*(?:(?:it's|its|it\s+is|that's|just|honestly)\s+)?not\s+worth\s+it\b|(?:不值得|没必要)(?:再)?(?:折腾|搞了|弄了|花时间)|\bwe(?:'re| are)\s+not\s+(?:doing|pursuing|going\s+(?:down|with))\s+(?:that|this|it)\b|(?:这条路|这个(?:方案|办法|思路|目标|方向))(?:就)?(?:不走了|放弃了?|算了|不要了|不搞了)|^(?:算了|放弃吧|不搞了|别折腾了)`)

// abandonNameRE is a user dropping a thing by its name: "forget
// golangci-lint for now", "scrap the pgbouncer-sidecar", "mypy 先不管了".
// It gives a failure up only when the name is the failed stage's
// program or one of its words that is not a plain word (namesFailed).
var abandonNameRE = mustPattern(`(?i)\b(?:forget(?:\s+about)?|scrap|ditch|abandon|give\s+up\s+on)\s+(?:the\s+)?(?P<n>[\w.\-/@]{3,60})|(?P<z>[\w.\-/@]{3,60})\s*(?:这条路|这个)?(?:就|先)?(?:算了|不管了|别管了|不搞了)`)

// plainWordRE is a name in plain letters: a thing described ("the cross
// testing"), not a program or a file named ("golangci-lint", "tox.ini").
var plainWordRE = mustPattern(`^[A-Za-z]+$`)

// notThingRE is a word after a drop cue that names no thing: "forget
// what I said", "forget about everything else".
var notThingRE = mustPattern(`(?i)^(?:what|whatever|everything|anything|all|about|that|this|those|these|it|my|our|your|his|her|their|me|you|him|them|us|i|we|him|someone|somebody|the)$`)

// runDescribed reports whether a user's description x of a thing dropped
// names the run failure a failed in: a command's failure (a failed test
// stays the check the code is fixed against), one of whose words of four
// letters or more, stemmed, the description holds ("the cross testing"
// of "cargo test --target aarch64-…").
func runDescribed(a *Anchor, x string) bool {
	if !strings.HasPrefix(a.Key, commandPrefix) {
		return false
	}
	failed, ok := linkWith(a.Links, callPrefix)
	if !ok {
		failed, _ = strings.CutPrefix(a.Key, commandPrefix)
	}
	ws := stems(failed)
	for w := range stems(x) {
		if ws[w] && len(w) >= 4 {
			return true
		}
	}
	return false
}

// droppedClause is the clause of sentence x from the drop cue m on, up
// to the next clause break: "forget the cross testing for now" of
// "meh, forget the cross testing for now, not worth it".
func droppedClause(x, m string) string {
	i := strings.Index(x, m)
	if i < 0 {
		return m
	}
	rest := x[i:]
	if j := strings.IndexAny(rest[len(m):], ",;:—，；：.!?"); j >= 0 {
		rest = rest[:len(m)+j]
	}
	return rest
}

// namesFailed reports whether a user gives up failure a by the name x:
// its failed stage's program, or a word of it holding more than letters.
func namesFailed(a *Anchor, x string) bool {
	failed, ok := linkWith(a.Links, callPrefix)
	if !ok {
		failed, _ = strings.CutPrefix(a.Key, commandPrefix)
	}
	x = strings.ToLower(strings.TrimRight(x, ".-/"))
	for i, w := range runFields(deciding(failed, a.Because)) {
		w = strings.ToLower(strings.Trim(w, `'"`))
		if w == x && (i == 0 || strings.ContainsAny(w, "._-/@0123456789")) {
			return true
		}
	}
	return false
}

// abandoned retires the open failure a user message gives up on: those
// it drops by their program's name (abandon.go), else the newest seen
// within toldWindow events, or the one whose subject the message names;
// a negative-knowledge anchor takes its place.
func (r *Reducer) abandoned(ev *Event, ref EventRef) {
	if r.droppedByName(ev, ref) {
		// dropped by the name of what failed, however long ago
		// (abandon.go)
		return
	}
	if r.upgradeRefused(ev, ref) {
		// an upgrade the user turned down (upgradedrop.go)
		return
	}
	var f *Anchor
	for _, a := range r.hot {
		if a.Kind != KindFailure || !a.IsHead() || !r.answers(a, ev) {
			continue
		}
		if f == nil || newer(a, f) {
			f = a
		}
	}
	s := ""
	if f == nil {
		// Only a message that gives a failure up by name or right after
		// it is read below (givenUp).
	} else if abandonRE.MatchString(ev.Text) {
		for _, x := range sentences(ev.Text) {
			if m := abandonRE.FindString(x); m != "" {
				if ev.Seq-f.Seq() > toldWindow && strings.Contains(strings.ToLower(m), "the ") && !failureNamed(f, m) {
					// "forget the Grafana idea" long after the last
					// run failed: another thing than what failed
					continue
				}
				s = x
				break
			}
		}
	} else if abandonNameRE.MatchString(ev.Text) {
		// "forget golangci-lint for now": the failure the name is of.
		newest := f
		f = nil
		described := false
		for _, x := range sentences(ev.Text) {
			m := abandonNameRE.FindStringSubmatch(x)
			if m == nil {
				continue
			}
			name := m[abandonNameRE.SubexpIndex("n")] + m[abandonNameRE.SubexpIndex("z")]
			for _, a := range r.hot {
				if a.Kind == KindFailure && a.IsHead() && r.answers(a, ev) && namesFailed(a, name) && (f == nil || newer(a, f)) {
					f, s = a, x
				}
			}
			if f != nil {
				break
			}
			if !plainWordRE.MatchString(name) || notThingRE.MatchString(name) {
				continue
			}
			described = true
			if s == "" && r.rightAfter(newest, ev) && !postponedRE.MatchString(ev.Text) && !dropDeferredRE.MatchString(ev.Text) && runDescribed(newest, droppedClause(x, m[0])) {
				// "forget the cross testing for now" right after "cargo
				// test --target aarch64-…" failed: the run dropped by
				// what it did, not by its program's name.
				s = x
			}
		}
		switch {
		case f != nil:
		case s != "":
			f = newest
		case described:
			// "forget the cross testing for now … leave it": a thing
			// described in plain words, which a give-up below may
			// still be of.
			f = newest
		default:
			return
		}
	}
	if s == "" {
		// "don't try that again" (lifecycle.go).
		if g, x := r.refusedRetry(ev); g != nil {
			f, s = g, x
			r.dropOwnNegative(ev.Seq, x)
		}
	}
	if s == "" {
		f, s = r.givenUp(ev)
	}
	if f == nil || s == "" || !strings.Contains(ev.Text, s) || r.objectiveSetAside(ev, s) {
		return
	}
	if r.partGivenUp(f, s, ev, ref) {
		// "skip legacy/, forget about it": a part of the run given
		// up, the rest still open (partgiveup.go)
		return
	}
	r.giveUpFailure(f, s, ev, ref, 0)
	r.sameRunGivenUp(f, s, ev, ref)
	r.namedGivenUp(f, s, ev, ref)
	r.planOfGiveUp(f, ev)
}

// giveUpRE is a user telling the agent to stop on something, in the
// languages the lexicons read: "don't bother with the bag", "leave it",
// "never mind that", "just build with rustls instead", "Lass Metabase in
// Ruhe", "lass die Profilvalidierung sein", "Déjalo", "laisse tomber",
// "lascia perdere", "deixa pra lá", "laat webkit maar zitten", "laat
// maar", "lascia stare docker in locale", "もういい". Group t (t2 … t6) is
// the thing named, when one is.
var giveUpRE = mustPattern(`(?i)\b(?:don'?t|do not|no need to|never mind|stop)\s+(?:bother(?:ing)?|worry(?:ing)?|wast(?:e|ing)\s+(?:time|your time))\s*(?:(?:with|about|on|going down)\s+(?P<t>[^,.;:!?]{2,60}))?|\bnever\s*mind\s+(?P<t2>the\s+[^,.;:!?]{2,40}|that|it)\b|\b(?:leave|let)\s+(?:it|that|this)(?:\s+(?:be|alone|out|aside|for now))?\b(?:\s+as\s+(?:it\s+)?is)?|\bskip\s+(?:it|that|this)(?:\s+for\s+now)?\b|\b(?:just\s+|let's\s+|we'll\s+)?(?:use|try|build with|go with|switch to)\s+(?P<i>[^,.;:!?]{2,40}?)\s+instead\b|\blass\s+(?:(?:das|es|die|den|der)\s+)?(?P<t3>[^,.;:!?]{0,50}?)\s*(?:sein|bleiben|in\s+ruhe)\b|\b(?:d[eé]ja(?:lo|la|los|las)|olv[ií]da(?:lo|la|te\s+de\s+(?P<t4>[^,.;:!?]{2,40})))\b|\b(?:laisse(?:z)?\s+tomber|oublie(?:z)?\s+(?:ça|ca))\b|\blascia(?:te)?\s+(?:perdere|stare)\b(?:\s+(?P<t6>[^,.;:!?]{2,50}))?|\bdeixa\s+(?:pra|para)\s+l(?:a\b|á)|\besquece\s+(?:isso|isto)\b|\blaat\s+(?:(?:het|dat|dit|die|de|maar)\s+)*(?P<t5>[^,.;:!?]{0,50}?)\s*(?:maar\s+)?(?:zitten|rusten|varen|vallen)\b|\blaat\s+maar\s*(?:[,.;!]|$)|\bvergeet\s+(?:het|dat|dit)\b|もういい|諦めよう|やめておこう`)

// giveUpThing is the thing a give-up in sentence s names ("docker in
// locale" of "lascia stare docker in locale"), "" when it names none.
func giveUpThing(s string) string {
	m := giveUpRE.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	thing := ""
	for _, g := range []string{"t", "t2", "t3", "t4", "t5", "t6"} {
		thing += m[giveUpRE.SubexpIndex(g)]
	}
	return strings.TrimSpace(thing)
}

// postponedRE puts a thing off to a later time rather than giving it up:
// "out of time", "tomorrow", "after the release", "na de release" ("skip
// it for now, Ana is fixing the drivers" hands it off).
var postponedRE = mustPattern(`(?i)\b(?:out of time|later|tomorrow|tmrw|tmr|next week|on monday|till monday|until monday|morgen|volgende week|(?:after|na|nach|après|apres|dopo|depois|después|despues)\s+(?:the\s+|de\s+|dem\s+|der\s+|la\s+|il\s+|o\s+|el\s+|do\s+|del\s+)?(?:release|launch|deploy|demo|freeze))\b|明天|回头再|改天|下次再`)

// givenUp is the open failure a user message gives up on with giveUpRE,
// and the sentence that does: the failure whose run or output shares a
// word with the thing the sentence names, else, when it names none or
// none matches, the newest failure if it is at most three events old
// (the message answers it). "leave it as it is", a sentence that tells
// a past try (its verdict is the story's), and a thing used "instead"
// after a failed test or of the failed run's own program give nothing
// up: a failed test stays the check the code is fixed against.
func (r *Reducer) givenUp(ev *Event) (*Anchor, string) {
	var newest *Anchor
	for _, a := range r.hot {
		if a.Kind == KindFailure && a.IsHead() && r.answers(a, ev) && (newest == nil || newer(a, newest)) {
			newest = a
		}
	}
	if newest == nil {
		return nil, ""
	}
	now := quitNow(ev.Text)
	for _, x := range sentences(ev.Text) {
		m := giveUpRE.FindStringSubmatch(x)
		if m == nil {
			// "lass das, geben wir auf", "放置で" (quit.go)
			if cue, thing := quitCue(x); cue != "" {
				m = make([]string, giveUpRE.NumSubexp()+1)
				m[0], m[giveUpRE.SubexpIndex("t")] = cue, thing
			}
		}
		if m != nil && !now && (postponedRE.MatchString(x) || slices.ContainsFunc(sentences(ev.Text), deferredTask)) {
			// "ok leave it, out of time. tmrw fix the windows snapshot
			// thing": put off, not given up; the failure stays open.
			continue
		}
		if m != nil && slices.ContainsFunc(sentences(ev.Text), calledFlaky) {
			// "it's flaky, known issue, leave it", "thats the known
			// flaky one, there's a ticket. leave it": a test known to
			// fail now and then, left alone, is still a problem, open
			// and marked flaky (flaky.go), not given up
			continue
		}
		if m == nil || strings.HasSuffix(strings.ToLower(m[0]), " is") || tried(x) || keepItRE.MatchString(x[strings.Index(x, m[0]):]) {
			// "leave it as it is", "leave it at 0.05"; "we tried X last
			// sprint, don't bother going down that path": the story's
			// verdict (story.go).
			continue
		}
		instead := m[giveUpRE.SubexpIndex("i")] != ""
		thing := ""
		for _, g := range []string{"t", "t2", "t3", "t4", "t5", "t6"} {
			thing += m[giveUpRE.SubexpIndex(g)]
		}
		if thing != "" {
			var best *Anchor
			for _, a := range r.hot {
				if a.Kind == KindFailure && a.IsHead() && r.answers(a, ev) && failureNamed(a, thing) && (best == nil || newer(a, best)) {
					best = a
				}
			}
			if best != nil {
				return best, x
			}
		}
		if ev.Seq-newest.Seq() <= 3 || thing == "" && r.rightAfter(newest, ev) {
			// a thing named that is not what failed is given up only
			// right after the failure
			if instead && (strings.HasPrefix(newest.Key, "test/") || failureNamed(newest, m[giveUpRE.SubexpIndex("i")])) {
				// "use something URL-safe instead" after a failed test,
				// "use the full path instead" of a run of the same thing:
				// the code or the run is being fixed, not given up.
				continue
			}
			return newest, x
		}
	}
	return nil, ""
}

// failureNamed reports whether the thing x a user names shares a word
// with failure a's run or what it printed: the same word, or, for a
// compound of another language ("Profilvalidierung"), a word of five
// letters or more whose first five the thing holds.
func failureNamed(a *Anchor, x string) bool {
	failed, ok := linkWith(a.Links, callPrefix)
	if !ok {
		failed, _ = strings.CutPrefix(a.Key, commandPrefix)
	}
	ws := stems(failed + " " + a.Because)
	lx := strings.ToLower(x)
	for w := range stems(x) {
		if ws[w] && len(w) >= 3 {
			return true
		}
	}
	for w := range ws {
		if len(w) >= 5 && isASCIIWord(w) && strings.Contains(lx, w[:5]) {
			return true
		}
	}
	return false
}

// missingRE is an error line saying that a named thing does not exist:
// "no such table: lotti", `relation "orders_v2" does not exist`, "Unknown
// database 'shop'"; the name is its one non-empty group.
var missingRE = mustPattern(`(?i)\bno such (?:table|column|relation|view|index|schema|database|collection|bucket|topic|queue|key|file or directory|file|directory)\s*[:：]?\s*['"\x60]?([\w.\-/]{2,120}?)['"\x60]?(?:[\s,;)]|$)|\b(?:relation|table|view|database|schema|collection|bucket|topic|index)\s+['"\x60]([\w.\-/]{2,120})['"\x60]\s+(?:does not exist|doesn't exist|not found)|\bunknown (?:table|database|column)\s+['"\x60]([\w.\-/]{2,120})['"\x60]`)

// viewerProgs only show or search what they are given: their passing says
// nothing of whether a thing they name exists.
var viewerProgs = map[string]bool{"ls": true, "cat": true, "grep": true, "egrep": true, "rg": true, "find": true, "echo": true, "printf": true,
	"head": true, "tail": true, "stat": true, "file": true, "du": true, "wc": true, "test": true, "[": true, "less": true, "more": true, "strings": true, "xxd": true, "hexdump": true}

// missingNowThere reports whether a passing stage of pc uses, on a file
// the failed stage fs worked on, the thing whose absence error line
// because blamed: a stage of another program than a viewer, naming both
// the file (an operand with a slash or an extension) and the thing, as a
// word of its own.
func missingNowThere(fs, because string, pc *passedCall) bool {
	m := missingRE.FindStringSubmatch(because)
	if m == nil {
		return false
	}
	name := strings.TrimRight(m[1]+m[2]+m[3], ".:")
	if len(name) < 2 {
		return false
	}
	var files []string
	for i, t := range runFields(fs) {
		t = strings.Trim(t, `'"`)
		if i > 0 && t != name && !strings.HasPrefix(t, "-") && (strings.Contains(t, "/") || fileExtRE.MatchString(t)) {
			files = append(files, t)
		}
	}
	if len(files) == 0 {
		return false
	}
	for _, ps := range pc.stages {
		if !ps.ok || ps.pretend || viewerProgs[ps.run.prog] || !hasWord(ps.st, name) {
			continue
		}
		for _, t := range ps.fields {
			if slices.Contains(files, strings.Trim(t, `'"`)) {
				return true
			}
		}
	}
	return false
}

// fileExtRE is a file name's extension at the end of an operand.
var fileExtRE = mustPattern(`\.[A-Za-z][A-Za-z0-9]{0,7}$`)

// hasWord reports whether w stands in s as a name of its own: no letter,
// digit, underscore, dot, slash or hyphen on either side (the "lotti" of
// "FROM lotti WHERE", not of "data/lotti.db").
func hasWord(s, w string) bool {
	for i := range occurrences(s, w) {
		before, after := i == 0, i+len(w) == len(s)
		if !before {
			r, _ := utf8.DecodeLastRuneInString(s[:i])
			before = !isWordRune(r)
		}
		if !after {
			r, _ := utf8.DecodeRuneInString(s[i+len(w):])
			after = !isWordRune(r)
		}
		if before && after {
			return true
		}
	}
	return false
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '.' || r == '/' || r == '-'
}

// failLineRE is a line naming an input a batch failed on: "[fail]
// SP-0042-final2.tif  tiff2vips: …", "FAILED: data/a.csv", "✗ talk-07".
var failLineRE = mustPattern(`(?im)^\s*(?:\[(?:fail|failed|error|err)\]|(?:fail|failed|error)\s*:|✗|✘)\s+(?P<x>[\w.\-/]{2,120}?\.[A-Za-z]\w{0,7}|[A-Za-z][\w\-]*-\d[\w\-]*)(?:\s|:|$)`)

// okLineRE and failMarkRE tell a line of output that says an input
// succeeded, and one that says it did not.
var (
	okLineRE   = mustPattern(`(?i)\[ok\]|\bok\b|✓|✔|\bpass(?:ed)?\b|\bdone\b|\bsucce(?:ss|eded)\b|\bconverted\b|->|→`)
	failMarkRE = mustPattern(`(?i)\[(?:fail|failed|error|err)\]|\bfail(?:ed|ure)?\b|\berror\b|✗|✘`)
)

// maxItems bounds the failed inputs kept on a failure.
const maxItems = 16

// failedItems are the inputs a failed run's output names as failed, none
// when it names more than maxItems.
func failedItems(out string) []string {
	if !strings.Contains(strings.ToLower(out), "fail") && !strings.Contains(strings.ToLower(out), "error") && !strings.ContainsAny(out, "✗✘") {
		return nil
	}
	var items []string
	for _, m := range failLineRE.FindAllStringSubmatch(out, maxItems+1) {
		if x := m[1]; !slices.Contains(items, x) {
			items = append(items, x)
		}
	}
	if len(items) > maxItems {
		return nil
	}
	return items
}

// itemsRedone reports whether a passing call did again every input a
// failure's batch failed on (its item links): a stage of it runs the
// failed run's program or script, and its output names each input
// (its file name without the folder) on a line of success.
func itemsRedone(links []string, failed string, pc *passedCall, out string) bool {
	var items []string
	for _, l := range links {
		if x, ok := strings.CutPrefix(l, itemPrefix); ok {
			items = append(items, path.Base(x))
		}
	}
	if len(items) == 0 || pc.text == "" {
		return false
	}
	fw, ok := readRun(unwrap(deciding(failed, "")))
	if !ok {
		return false
	}
	prog := fw.prog
	if fw.script && len(fw.pos) > 0 {
		// "python convert.py …": the script
		prog = fw.pos[0]
	}
	if !hasWord(pc.text, path.Base(prog)) && !strings.Contains(pc.text, prog) {
		return false
	}
	lines := strings.Split(out, "\n")
	for _, x := range items {
		if !slices.ContainsFunc(lines, func(l string) bool {
			return strings.Contains(l, x) && okLineRE.MatchString(l) && !failMarkRE.MatchString(l)
		}) {
			return false
		}
	}
	return true
}

// noProgramRE is a shell's word that a program is not there: "bash:
// datasets: command not found", "zsh: command not found: jq", "'jq' is
// not recognized as an internal or external command".
var noProgramRE = mustPattern(`(?:^|[\s:])([\w.+\-]+): command not found|command not found: ([\w.+\-]+)|'([\w.+\-]+)' is not recognized as an internal or external command`)

// replacedMissing reports whether the failed stage fs could not run
// because its program is missing ("bash: datasets: command not found"
// for "datasets download genome accession GCF_000195955.2 …") and a
// stage of the passing call did its work another way: another program
// naming one of fs's distinctive operands or option values (the wget of
// ".../GCF_000195955.2_ASM19595v2_genomic.fna.gz").
func replacedMissing(fs, because string, pc *passedCall) bool {
	m := noProgramRE.FindStringSubmatch(because)
	fw, ok := readRun(fs)
	if m == nil || !ok || m[1]+m[2]+m[3] != path.Base(fw.prog) {
		return false
	}
	for _, ps := range pc.stages {
		if !ps.ok || ps.run.prog == fw.prog {
			continue
		}
		for _, w := range append(slices.Clone(fw.pos), fw.values...) {
			if distinctOperand(w) && strings.Contains(ps.st, w) {
				return true
			}
		}
	}
	return false
}

// distinctOperand reports whether a command's operand w names one thing
// rather than a kind of work: six characters or more, holding a digit
// and a letter ("GCF_000195955.2", "v2.4.1-rc2", "AM-017"), no option.
func distinctOperand(w string) bool {
	return len(w) >= 6 && !strings.HasPrefix(w, "-") && strings.ContainsFunc(w, unicode.IsDigit) && strings.ContainsFunc(w, unicode.IsLetter)
}

// projectInstallRE is a JavaScript project's dependencies installed
// whole, by any of its package managers' words for it: "npm ci", "npm
// install", "npm i", "yarn", "yarn install", "pnpm install", "bun i".
var projectInstallRE = mustPattern(`^(?:npm\s+(?:ci|install|i)|yarn(?:\s+install)?|pnpm\s+(?:install|i)|bun\s+(?:install|i))(?:\s+--?[\w-]+(?:=\S+)?)*\s*$`)

// sameInstall reports whether the failed stage fs installed a project's
// dependencies whole and a passing stage did the same another way ("npm
// ci" refused on a stale lockfile, then "npm install").
func sameInstall(fs string, pc *passedCall) bool {
	if !projectInstallRE.MatchString(unwrap(fs)) {
		return false
	}
	for _, ps := range pc.stages {
		if ps.ok && projectInstallRE.MatchString(ps.st) {
			return true
		}
	}
	return false
}

// otherDir reports whether two commands each start by moving to a
// directory ("cd stacks/staging/network && …", "cd stacks/staging/data
// && …"), and not the same one: a run in one directory fixes nothing of
// a run in another (runKey). A command that names none may run where the
// other moved to, and is not told apart.
func otherDir(a, b string) bool {
	da, _ := runDir(a)
	db, _ := runDir(b)
	return da != "" && db != "" && da != db
}

// rawCommand is the command call c ran, as written ("" for a call that
// runs none).
func rawCommand(c *Call) string {
	if c == nil {
		return ""
	}
	_, cmd := argString(c.Args, commandArgKeys)
	return cmd
}
