package projection

import (
	"path"
	"slices"
	"strings"
)

// Failures the work left behind.
//
// A failure stays open until evidence closes it (EF-RFC-001 §15): a clean
// rerun, a wider run, the operation done by another call (subject.go).
// Some failures no rerun will ever come for, and they are not the work's
// any more; left open they read as unfinished work forever (an audit of
// real sessions found a dozen open beside a task handed in, each a probe
// the agent wrote, ran and dropped). Such a failure is superseded, on
// evidence of the session's own:
//
//   - the file it ran is removed by a passing command ("rm
//     reproduce_issue.py"): there is nothing left to rerun;
//   - a program the environment lacks ("bash: shuf: command not found",
//     "npm ERR! Missing script: lint"): a later passing command does the
//     same work without it (a stage of the failed command, the same
//     program on the same operands, run again with no call of the
//     missing one: "find packages … | sort | shuf -n 1" done as "find
//     packages … | sort > list && python3 -c 'random.choice(…)'");
//   - the task is handed in (outcome.go) and the failure was a probe of
//     the agent's own: code given inline ("python -c …", "node -e …") or
//     a script the agent wrote whole in the session ("cat > test_fix.py
//     <<'EOF'", a file created with a write tool); or a program the
//     environment lacks, which says nothing of the work. Nothing of the
//     handed-in work waits on it.
//
// A test suite, a build or a project script still failing when the task
// is handed in stays open: that is what the reader must see.

// maxMade bounds the files the agent wrote whole that the reducer keeps.
const maxMade = 64

// redirectOutRE is an output redirection to a file ("> x.py", ">x.py",
// "1> out.txt"), not an append, a stream of a descriptor ("2>&1") or
// /dev/null; teeRE a tee to a file.
var (
	redirectOutRE = mustPattern(`(?:^|[^>&\d])1?>\s*([\w./~-]+)`)
	teeRE         = mustPattern(`\btee\s+(?:-\w+\s+)*([\w./~-]+)`)
)

// madeBy are the files call c wrote whole: a write tool's file created,
// a shell command's output redirected to a file (a here document
// included) or tee'd.
func madeBy(c *Call) []string {
	if c == nil {
		return nil
	}
	if p, writes := fileOp(c); p != "" && writes {
		name := strings.ToLower(c.Name)
		if argIs(c, "command", "create") || strings.Contains(name, "write") || strings.Contains(name, "create") {
			return []string{cleanPath(p)}
		}
		return nil
	}
	_, cmd := argString(c.Args, commandArgKeys)
	var out []string
	for _, line := range strings.Split(cmd, "\n") {
		// only the command lines of a here document's opening: its
		// body is the file's content
		masked := shellMask(line)
		for _, re := range []*pattern{redirectOutRE, teeRE} {
			for _, m := range re.FindAllStringSubmatchIndex(masked, -1) {
				if p := cleanPath(line[m[2]:m[3]]); p != "" && !strings.HasPrefix(p, "/dev/") {
					out = append(out, p)
				}
			}
		}
		if strings.Contains(line, "<<") {
			break
		}
	}
	return out
}

// cleanPath is path p without a leading "./"; "" for none.
func cleanPath(p string) string {
	p = strings.Trim(p, `"'`)
	if p == "" {
		return ""
	}
	return path.Clean(p)
}

// samePath reports whether paths a and b name one file: equal, or the
// one relative the tail of the other absolute ("reproduce.py" and
// "/testbed/reproduce.py"), or a matching b's glob.
func samePath(a, glob string) bool {
	if a == glob {
		return true
	}
	if glob != "." && glob != "/" && strings.HasPrefix(a, glob+"/") {
		// in a folder removed whole
		return true
	}
	if strings.HasSuffix(a, "/"+glob) || strings.HasSuffix(glob, "/"+a) {
		return true
	}
	if strings.ContainsAny(glob, "*?[") {
		if ok, _ := path.Match(glob, a); ok {
			return true
		}
		if !strings.Contains(glob, "/") {
			ok, _ := path.Match(glob, path.Base(a))
			return ok
		}
	}
	return false
}

// ranScript is the script a command's deciding stage (its last, at the
// head of a pipe) ran through an interpreter, "" for none; inline that
// the interpreter was given its code inline.
func ranScript(cmd string) (script string, inline bool) {
	st := stagesOf(cmd)
	if len(st) == 0 {
		return "", false
	}
	last := strings.TrimSpace(unwrap(pipeHead(st[len(st)-1])))
	f := dropEnv(strings.Fields(last))
	if len(f) < 2 {
		return "", false
	}
	name, in := interpreterOf(f[0])
	if name == "" {
		return "", false
	}
	run := scriptRun(f)
	if run[0] != f[0] {
		if strings.HasPrefix(run[0], "-") || name == "python" && slices.Contains(f, "-m") {
			// "python -m pytest": a module of the project, no script
			return "", false
		}
		return cleanPath(run[0]), false
	}
	for _, w := range f[1:] {
		opt, _, _ := strings.Cut(w, "=")
		if slices.Contains(in.inline, opt) || name == "sh" && inlineShell(w) {
			return "", true
		}
	}
	return "", false
}

// removedBy are the files a passing command removed ("rm -f a.py b.py",
// "git rm x", "unlink x"), as written (a glob kept).
func removedBy(cmd string) []string {
	var out []string
	for _, st := range stagesOf(cmd) {
		for _, el := range pipeSplit(st) {
			f := dropEnv(strings.Fields(unwrap(el)))
			switch {
			case len(f) > 1 && (f[0] == "rm" || f[0] == "unlink"):
				f = f[1:]
			case len(f) > 2 && f[0] == "git" && f[1] == "rm":
				f = f[2:]
			default:
				continue
			}
			for _, w := range f {
				if !strings.HasPrefix(w, "-") && !redirectRE.MatchString(w) {
					out = append(out, cleanPath(w))
				}
			}
		}
	}
	return out
}

// missingProgramRE is an error saying the program a command ran is not
// there: the shell's "x: command not found" / "x: not found", npm's
// "Missing script: x".
var missingProgramRE = mustPattern(`(?:^|[\s:])([\w.+-]+): (?:command )?not found\b|Missing script:\s*"?([\w:.-]+)"?`)

// missingProgram is the program failure a says is missing, "" for none.
func missingProgram(a *Anchor) string {
	for _, s := range []string{a.Because, a.Value} {
		if m := missingProgramRE.FindStringSubmatch(s); m != nil {
			return m[1] + m[2]
		}
	}
	return ""
}

// trivialPrograms do no work of their own a workaround could share.
var trivialPrograms = wordSet(`cd echo printf true false sort uniq head tail cat wc ls pwd tr cut sleep clear set export`)

// workStages are the pipe elements of cmd that do work: a program with
// an operand, as runSubject reads it.
func workStages(cmd string) []string {
	var out []string
	for _, st := range stagesOf(cmd) {
		for _, el := range pipeSplit(st) {
			sub := runSubject(unwrap(strings.TrimSpace(el)))
			if f := strings.Fields(sub); len(f) >= 2 && !trivialPrograms[path.Base(f[0])] {
				out = append(out, sub)
			}
		}
	}
	return out
}

// workedAround reports whether passing command cmd does work of the
// failed command failed without prog, the program it lacked.
func workedAround(failed, prog, cmd string) bool {
	if prog == "" || slices.Contains(strings.FieldsFunc(cmd, tokenSep), prog) {
		return false
	}
	done := workStages(cmd)
	for _, st := range workStages(failed) {
		if !slices.Contains(strings.FieldsFunc(st, tokenSep), prog) && slices.Contains(done, st) {
			return true
		}
	}
	return false
}

// noteMade keeps the files call c wrote whole.
func (r *Reducer) noteMade(c *Call) {
	for _, p := range madeBy(c) {
		r.made = slices.DeleteFunc(r.made, func(q string) bool { return q == p })
		r.made = append(r.made, p)
	}
	if len(r.made) > maxMade {
		r.made = slices.Delete(r.made, 0, len(r.made)-maxMade)
	}
}

// failureCommand is the command an open failure ran ("" for a failure of
// no command: a test, a tool call).
func failureCommand(a *Anchor) string {
	if a.Kind != KindFailure || !a.IsHead() {
		return ""
	}
	c, ok := strings.CutPrefix(a.Key, commandPrefix)
	if !ok {
		return ""
	}
	return c
}

// supersedeFailure closes open failure a as superseded for the reason
// why.
func supersedeFailure(a *Anchor, why string, ref EventRef) {
	a.Lifecycle = Superseded
	a.Because = why
	a.addRef(ref)
}

// leftBehind supersedes the open failures passing call c (of command
// text cmd) leaves nothing of: the script they ran removed, or the work
// of a command whose program was missing done without it.
func (r *Reducer) leftBehind(c *Call, ref EventRef) {
	_, cmd := argString(c.Args, commandArgKeys)
	if cmd == "" {
		return
	}
	removed := removedBy(cmd)
	passed := callText(c)
	for _, a := range r.sorted() {
		fc := failureCommand(a)
		if fc == "" || a.Seq() >= ref.Seq {
			continue
		}
		if s, _ := ranScript(fc); s != "" && slices.ContainsFunc(removed, func(g string) bool { return samePath(s, g) }) {
			supersedeFailure(a, "removed: "+s, ref)
			continue
		}
		failed := fc
		if c, ok := linkWith(a.Links, callPrefix); ok {
			failed = c
		}
		if p := missingProgram(a); p != "" && workedAround(failed, p, passed) {
			supersedeFailure(a, "done without "+p, ref)
		}
	}
}

// probesDone supersedes, the task handed in, the open failures of the
// agent's own probes (code run inline, a script it wrote whole) and those
// of a program the environment lacks.
func (r *Reducer) probesDone(ref EventRef) {
	for _, a := range r.sorted() {
		fc := failureCommand(a)
		if fc == "" {
			continue
		}
		s, inline := ranScript(fc)
		switch {
		case missingProgram(a) != "":
			supersedeFailure(a, "the task was handed in; the environment lacks "+missingProgram(a), ref)
		case inline:
			supersedeFailure(a, "the task was handed in; an inline probe", ref)
		case s != "" && slices.ContainsFunc(r.made, func(m string) bool { return samePath(s, m) }):
			supersedeFailure(a, "the task was handed in; a script of the agent's own: "+s, ref)
		}
	}
}
