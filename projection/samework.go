package projection

import (
	"slices"
	"strings"
)

// A failure fixed by the same work run another way.
//
// Three shapes of a fix that the readings of subject.go and rerun.go miss,
// all read from the commands' structure, never from their words (the
// third, a run reached inside a container, is at the end of this file):
//
//   - the stage that failed is not the chain's last: "set_netclass … &&
//     kicad-cli pcb drc -o drc.rpt board.kicad_pcb && tail -4 drc.rpt"
//     shows its error through a viewer (readOnlyProgs) reading a file an
//     earlier stage named; that earlier stage is what failed (workStage),
//     and a later run of it ("kicad-cli pcb drc --severity-error -o
//     drc.rpt board.kicad_pcb") is read against it;
//   - the same invocation with its settings changed (sameInvocation):
//     the same program (module, for "python -m"), the same positional
//     operands, every option of the failed run given again (at most two
//     added, "--resume"), and all but a few of its values kept, a value
//     extended ("user" → "user*master") counting as kept. At most one
//     value in three may change ("--delay 3" → "--delay 10", "--mlflow-uri
//     http://…" → "--mlflow-uri file:./mlruns", two credential files), a
//     changed value is one word, and every name the error blames in
//     brackets or quotes that the failed command held ("Error login on
//     [mx1…] with user [avv.x@…]") is still in the passing command: the
//     run was repeated on the same target, not moved to another one (the
//     next mailbox of a loop, the next file of a batch).

// workStage is the stage of a failed "a && b && viewer FILE" chain that
// wrote what its last stage only shows: the last earlier stage naming
// FILE. fs is the stage deciding chose; it is returned unchanged when it
// is no viewer of such a file, or when the error blames the viewer.
func workStage(cmd, because, fs string) string {
	if logViewerRE.MatchString(unwrap(fs)) {
		return startedStage(cmd, fs)
	}
	f := runFields(fs)
	if len(f) < 2 || !readOnlyProgs[f[0]] || strings.HasPrefix(strings.TrimSpace(because), f[0]+":") {
		return fs
	}
	file := ""
	for _, w := range f[1:] {
		if !strings.HasPrefix(w, "-") {
			file = strings.Trim(w, `'"`)
		}
	}
	if len(file) < 3 {
		return fs
	}
	st := andStages(cmd)
	for i := len(st) - 2; i >= 0; i-- {
		s := unwrap(st[i])
		if shellHas(s, "|") {
			return fs
		}
		wf := runFields(s)
		if len(wf) == 0 || readOnlyProgs[wf[0]] {
			continue
		}
		if slices.ContainsFunc(wf[1:], func(w string) bool { return strings.Trim(w, `'"`) == file }) {
			return s
		}
	}
	return fs
}

// logViewerRE is a stage showing the log of a service or container an
// earlier stage started: "docker logs es-dev", "docker compose logs api",
// "kubectl logs deploy/web", "journalctl -u nginx".
var logViewerRE = mustPattern(`^(?:(?:docker|podman)(?:\s+compose|-compose)?\s+logs|docker-compose\s+logs|kubectl\s+logs|journalctl)\b`)

// startedStage is the stage of a "start && sleep && show its log" chain
// whose log the viewer fs shows ("docker compose -f es.yml up -d && sleep
// 20 && docker logs es-dev": the compose run failed, seen in its log):
// the last earlier stage that is no viewer, wait or change of
// directory; fs when there is none or a stage is piped.
func startedStage(cmd, fs string) string {
	st := andStages(cmd)
	for i := len(st) - 1; i >= 0; i-- {
		s := unwrap(st[i])
		if !strings.Contains(s, strings.TrimSpace(unwrap(fs))) {
			continue
		}
		for j := i - 1; j >= 0; j-- {
			w := unwrap(st[j])
			wf := runFields(w)
			if len(wf) == 0 || shellHas(w, "|") {
				return fs
			}
			if wf[0] == "sleep" || wf[0] == "cd" || readOnlyProgs[wf[0]] || logViewerRE.MatchString(w) {
				continue
			}
			return w
		}
		return fs
	}
	return fs
}

// runOpts is one command stage read with its options named: program,
// positional operands, and each option with the value after it ("" for a
// flag).
type runOpts struct {
	prog  string
	pos   []string
	names []string
	vals  []string
}

// readOpts reads a stage (without "&&" or pipes) as a runOpts.
func readOpts(st string) (runOpts, bool) {
	f := runFields(st)
	if len(f) == 0 {
		return runOpts{}, false
	}
	o := runOpts{prog: f[0]}
	for i := 1; i < len(f); i++ {
		t := strings.Trim(f[i], `'"`)
		if redirectRE.MatchString(t) {
			continue
		}
		if strings.HasPrefix(t, "-") && t != "-" && t != "--" {
			name, v, ok := strings.Cut(t, "=")
			if !ok && i+1 < len(f) && !strings.HasPrefix(f[i+1], "-") && !redirectRE.MatchString(f[i+1]) {
				v = strings.Trim(f[i+1], `'"`)
				i++
			}
			o.names = append(o.names, name)
			o.vals = append(o.vals, v)
			continue
		}
		o.pos = append(o.pos, t)
	}
	return o, true
}

// sameInvocation reports whether a stage of the passing call pc is the
// failed stage fs run again with a few of its values changed (see
// above).
func sameInvocation(fs, because string, pc *passedCall) bool {
	f := runFields(fs)
	if len(f) == 0 || !slices.ContainsFunc(pc.stages, func(ps passedStage) bool { return ps.ok && ps.run.prog == f[0] }) {
		// No stage of the passing call runs the failed program.
		return false
	}
	fo, ok := readOpts(fs)
	if !ok || len(fo.names) < 2 {
		return false
	}
	blamed := blamedNames(because, fs)
	for _, ps := range pc.stages {
		if !ps.ok || ps.run.prog != fo.prog {
			continue
		}
		po, ok := readOpts(ps.st)
		if !ok || !slices.Equal(fo.pos, po.pos) || len(po.names) > len(fo.names)+2 {
			continue
		}
		kept, changed, fits := 0, 0, true
		used := make([]bool, len(po.names))
		for i, n := range fo.names {
			j := -1
			for k, pn := range po.names {
				if pn == n && !used[k] {
					j = k
					break
				}
			}
			if j < 0 {
				fits = false
				break
			}
			used[j] = true
			fv, pv := fo.vals[i], po.vals[j]
			switch {
			case fv == pv || len(fv) >= 3 && strings.Contains(pv, fv):
				kept++
			case fv == "" || pv == "" || strings.ContainsAny(pv, " \t"):
				fits = false
			default:
				changed++
			}
		}
		if !fits || changed == 0 || kept < 2 || changed > max(1, (kept+changed)/3) {
			continue
		}
		if !slices.ContainsFunc(blamed, func(b string) bool { return !strings.Contains(ps.st, b) }) {
			return true
		}
	}
	return false
}

// blamedNames are the names an error line sets off in brackets or quotes
// ("[mx1.example.it]", 'backup-nfs') that the failed stage fs holds.
func blamedNames(because, fs string) []string {
	var out []string
	for _, pair := range [][2]byte{{'[', ']'}, {'\'', '\''}, {'"', '"'}} {
		rest := because
		for {
			i := strings.IndexByte(rest, pair[0])
			if i < 0 {
				break
			}
			j := strings.IndexByte(rest[i+1:], pair[1])
			if j < 0 {
				break
			}
			name := rest[i+1 : i+1+j]
			rest = rest[i+1+j+1:]
			if len(name) >= 3 && !strings.ContainsAny(name, " \t") && strings.Contains(fs, name) {
				out = append(out, name)
			}
		}
	}
	return out
}

// A failure to reach what a run works on, fixed by running it where that
// is: "mysql -h 127.0.0.1 -u tea … tea_dev -e 'SELECT …'" → "ERROR 1045
// (28000): Access denied", then "docker exec tea-mysql mysql -u tea …
// tea_dev -e 'SELECT …'" passes. The failed run's error is one of reaching
// (connErrRE), and a passing stage runs the same program inside a
// container, a pod or over ssh (insideRE) with the failed run's words,
// its connection options aside (host, port, user, password), all but a
// few of them given again (reachedInside).

// connErrRE is an error of reaching a server, a host or a database.
var connErrRE = mustPattern(`(?i)access denied|connection refused|could not connect|can'?t connect|cannot connect|unable to connect|no route to host|connection timed out|econnrefused|authentication failed|permission denied \(publickey|could not translate host name|unknown (?:mysql )?server host|error (?:1045|2002|2003|2005)|no such host|name or service not known|host is unreachable|connection reset by peer`)

// insideRE opens a run inside a container, a pod or a remote host, up to
// the program it runs.
var insideRE = mustPattern(`^(?:(?:docker|podman|nerdctl)\s+(?:compose\s+(?:-f\s+\S+\s+)*)?exec(?:\s+(?:-[itdT]+|--interactive|--tty|--privileged|(?:-[euw]|--env|--user|--workdir)[= ]?\S+))*\s+[\w.\-]+|kubectl\s+(?:(?:-n|--namespace)[= ]?\S+\s+)?exec(?:\s+(?:-[it]+|--stdin|--tty|(?:-n|--namespace|-c|--container)[= ]?\S+))*\s+\S+(?:\s+(?:-c|--container)[= ]?\S+)?\s+--|ssh(?:\s+(?:-[46AaCfGgKkMNnqsTtVvXxYy]+|-[bcDEeFIiJLlmOopQRSWw]\s*\S+))*\s+[\w.@\-]+)\s+`)

// connOpts are options that say how to reach a server, not what to run.
var connOpts = map[string]bool{"-h": true, "--host": true, "-P": true, "--port": true, "-u": true, "--user": true, "-U": true, "--username": true, "-H": true, "--protocol": true, "--socket": true, "-S": true}

// reachedInside reports whether a passing stage of pc runs the failed
// stage fs inside where it could not reach (see above).
func reachedInside(fs, because string, pc *passedCall) bool {
	if !connErrRE.MatchString(because) {
		return false
	}
	ff := strings.Fields(unwrap(fs))
	if len(ff) < 3 {
		return false
	}
	var words []string
	for i := 1; i < len(ff); i++ {
		t := ff[i]
		name, _, withValue := strings.Cut(t, "=")
		switch {
		case connOpts[name]:
			if !withValue {
				i++
			}
			continue
		case strings.HasPrefix(t, "-p") || strings.HasPrefix(t, "--password"):
			continue
		case redirectRE.MatchString(t):
			continue
		}
		if w := strings.Trim(t, `'";,`); w != "" {
			words = append(words, w)
		}
	}
	if len(words) < 2 {
		return false
	}
	for _, ps := range pc.stages {
		if !ps.ok {
			continue
		}
		loc := insideRE.FindStringIndex(ps.st)
		if loc == nil {
			continue
		}
		inner := strings.Fields(ps.st[loc[1]:])
		if len(inner) == 0 || inner[0] != ff[0] {
			continue
		}
		have := map[string]bool{}
		for _, t := range inner[1:] {
			have[strings.Trim(t, `'";,`)] = true
		}
		n := 0
		for _, w := range words {
			if have[w] {
				n++
			}
		}
		if n*5 >= len(words)*4 {
			return true
		}
	}
	return false
}
