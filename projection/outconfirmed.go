package projection

import (
	"fmt"
	"path"
	"strings"
	"unicode"
)

// Values a tool's output shows and a message names.
//
// "e o limite de memória: staging 256Mi tá ok, prod 512Mi tb. só confirma
// q tá assim", then a grep prints "charts/pedidos/values-staging.yaml:13:
// memory: 256Mi" and "charts/pedidos/values-prod.yaml:12: memory: 512Mi":
// the values the user named are what the files hold, current values
// keyed by their files (and so by their environments: envscope.go). A
// read of go.mod, then the agent's "go.mod fica como está (go 1.23.4, pgx
// v5.6.0, x/sync v0.8.0)": the settings its report names with the values
// the output shows. Only settings a message names with their values
// count, never every line of every cat: the user's message before the
// output (its value said, in the environment said beside it), or the
// agent's message right after it (the setting's name and its value).
// One setting of one file shown with two values both named is none.

// outSetting is a setting a read or a search printed: its file, key,
// human name, value and line.
type outSetting struct{ file, key, name, value, line string }

const (
	// maxOutBytes bounds the output read for settings.
	maxOutBytes = 32 << 10
	// outUserGap and outAgentGap bound how far (in events) the user's
	// message before the output and the agent's after it may stand (a
	// host's step records stand between them).
	outUserGap  = 12
	outAgentGap = 8
)

var (
	// grepLineRE is a search's line: the file, an optional line number,
	// the line ("charts/x/values.yaml:13:    memory: 256Mi").
	grepLineRE = mustPattern(`^([^\s:]*[/.][^\s:]*):(?:\d+[:-])?(.*)$`)
	// numberedLineRE is a read tool's line number before a line
	// ("00003| go 1.23.4", "  3\tgo 1.23.4", "3→go 1.23.4").
	numberedLineRE = mustPattern(`^\s*\d+(?:\| ?|\t|→|: )`)
	// versionLineRE is a manifest's "name version" line (go.mod's "go
	// 1.23.4", "github.com/jackc/pgx/v5 v5.6.0", a lock's "rails 7.1.3").
	versionLineRE = mustPattern(`^\s*(?:require\s+)?([A-Za-z][\w./@\-]{0,120})\s+(v?\d+\.\d+(?:\.\d+)*(?:[-+][0-9A-Za-z.\-]+)?)\s*(?://.*)?$`)
	// majorSegRE is a module path's major-version segment ("v5").
	majorSegRE = mustPattern(`^v\d+$`)
)

// outputSettings are the settings the output text of call c shows: a
// search's "file:line: key: value" lines, or the lines of the one file a
// read shows.
func outputSettings(c *Call, text string) []outSetting {
	if c == nil || text == "" || len(text) > maxOutBytes {
		return nil
	}
	_, cmd := argString(c.Args, commandArgKeys)
	prog := ""
	if f := strings.Fields(cmd); len(f) > 0 {
		prog = path.Base(f[0])
	}
	if searchToolRE.MatchString(c.Name) || prog == "grep" || prog == "rg" || prog == "ag" {
		_, root := argString(c.Args, []string{"path", "dir", "directory", "cwd"})
		var out []outSetting
		for l := range strings.Lines(text) {
			m := grepLineRE.FindStringSubmatch(strings.TrimRight(l, "\r\n"))
			if m == nil {
				continue
			}
			if s, ok := lineSetting(searchedFile(root, m[1]), m[2]); ok {
				out = append(out, s)
			}
		}
		return out
	}
	file := ""
	if !writeToolRE.MatchString(c.Name) || c.Args["command"] == "view" {
		if _, file = argString(c.Args, fileArgKeys); file == "" {
			_, file = argString(c.Args, readArgKeys)
		}
	}
	if f := strings.Fields(cmd); file == "" && len(f) == 2 && prog == "cat" {
		file = f[1]
	}
	if file == "" || strings.HasSuffix(file, "/") {
		return nil
	}
	var b strings.Builder
	for l := range strings.Lines(text) {
		t := strings.TrimSpace(l)
		if t == "<file>" || t == "</file>" || strings.HasPrefix(t, "(End of file") {
			continue
		}
		b.WriteString(numberedLineRE.ReplaceAllString(l, ""))
	}
	body := b.String()
	var out []outSetting
	if configExtRE.MatchString(file) {
		for _, c := range configSettings(body) {
			out = append(out, outSetting{file: file, key: strings.ToLower(c.key), name: c.key, value: c.value, line: c.line})
		}
		return out
	}
	for l := range strings.Lines(body) {
		if s, ok := versionSetting(file, l); ok {
			out = append(out, s)
		}
	}
	return out
}

// searchedFile is the path of file, a search's output line names it,
// from the search's root: "charts/pedidos/values-staging.yaml" found
// under "/x/app/charts/pedidos" is
// "/x/app/charts/pedidos/values-staging.yaml", as the edits of the
// file name it.
func searchedFile(root, file string) string {
	if root == "" || path.IsAbs(file) {
		return file
	}
	root = strings.TrimSuffix(root, "/")
	for i := 0; i < len(root); i++ {
		if (i == 0 || root[i-1] == '/') && strings.HasPrefix(file+"/", root[i:]+"/") {
			return root[:i] + file
		}
	}
	if path.IsAbs(root) {
		return path.Join(root, file)
	}
	return file
}

// lineSetting is the setting one line of a file states: "key: value",
// "key = value" or a manifest's "name version".
func lineSetting(file, l string) (outSetting, bool) {
	t := strings.TrimSpace(l)
	if m := configLineRE.FindStringSubmatch(t); m != nil {
		v := cleanValue(m[2])
		if at := strings.Index(v, " #"); at > 0 {
			v = strings.TrimSpace(v[:at])
		}
		if v == "" || strings.ContainsAny(v, "{[|>") || !strings.ContainsFunc(v, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
			return outSetting{}, false
		}
		return outSetting{file: file, key: strings.ToLower(m[1]), name: m[1], value: v, line: t}, true
	}
	return versionSetting(file, l)
}

// versionSetting is a manifest's "name version" line: the key is the
// module's short name ("pgx" of github.com/jackc/pgx/v5, "sync" of
// golang.org/x/sync).
func versionSetting(file, l string) (outSetting, bool) {
	m := versionLineRE.FindStringSubmatch(l)
	if m == nil {
		return outSetting{}, false
	}
	segs := strings.Split(strings.Trim(m[1], "/"), "/")
	short := segs[len(segs)-1]
	if majorSegRE.MatchString(short) && len(segs) > 1 {
		short = segs[len(segs)-2]
	}
	return outSetting{file: file, key: strings.ToLower(short), name: m[1], value: m[2], line: strings.TrimSpace(l)}, true
}

// namedIn reports whether message text t names setting s's value: as a
// whole token (a version with or without its "v"), where an environment
// said right before it is the file's own; with its key too when needKey
// or when the value alone is no specific one (a bare number, a word).
func (s outSetting) namedIn(t string, needKey bool) bool {
	low := strings.ToLower(t)
	if needKey && !specificOut(s.value) {
		// the agent's "QUEUE_CONNECTION jest sync" of a grep over
		// .env and .env.testing: a word or a bare number said by
		// the agent is too weak a tie to one file's line
		return false
	}
	if needKey || !specificOut(s.value) {
		k := s.key
		if i := strings.LastIndexByte(k, '.'); i >= 0 {
			k = k[i+1:]
		}
		if len(k) < 2 || tokenAt(low, k, 0) < 0 {
			return false
		}
	}
	fenv := fileEnv(s.file)
	for _, v := range []string{s.value, strings.TrimPrefix(s.value, "v")} {
		v = strings.ToLower(v)
		for at := tokenAt(low, v, 0); at >= 0; at = tokenAt(low, v, at+1) {
			if e := envBefore(low[:at]); e == "" || fenv == "" || e == fenv {
				return true
			}
		}
	}
	return false
}

// specificOut reports whether v names a value by itself: a number with
// a unit or a version ("256Mi", "1.23.4", "30s"), not "3" nor "true".
func specificOut(v string) bool {
	digit := strings.ContainsFunc(v, unicode.IsDigit)
	return digit && (strings.ContainsFunc(v, unicode.IsLetter) || strings.Contains(v, "."))
}

// envBefore is the environment a word among the last three before a
// value names ("staging 256Mi", "prod: 512Mi"), "" when none; a clause's
// end stops the look.
func envBefore(s string) string {
	if i := strings.LastIndexAny(s, ",;.()\n"); i >= 0 && i < len(s)-1 && !strings.HasSuffix(strings.TrimSpace(s), ":") {
		s = s[i+1:]
	}
	f := strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == ':' || r == '=' })
	for i := len(f) - 1; i >= 0 && i >= len(f)-3; i-- {
		if e := envNames[strings.Trim(f[i], "\"'`*")]; e != "" {
			return e
		}
	}
	return ""
}

// confirmedIn are the settings of ss that text t names (namedIn), less
// a setting of one file shown with two values both named.
func confirmedIn(ss []outSetting, t string, needKey bool) []outSetting {
	var out []outSetting
	seen := map[string]string{}
	for _, s := range ss {
		if !s.namedIn(t, needKey) {
			continue
		}
		k := s.file + "\x00" + s.key
		if v, ok := seen[k]; ok {
			if v != s.value {
				seen[k] = "\x00"
			}
			continue
		}
		seen[k] = s.value
		out = append(out, s)
	}
	kept := out[:0]
	for _, s := range out {
		if seen[s.file+"\x00"+s.key] != "\x00" {
			kept = append(kept, s)
		}
	}
	return kept
}

// outputShown keeps the settings a tool's output shows for the agent's
// next message, and states those the user's message before it named.
func (r *Reducer) outputShown(ev *Event, call *Call) {
	r.outSet, r.outEv = nil, Event{}
	ss := outputSettings(call, ev.Text)
	if len(ss) == 0 {
		return
	}
	if len(r.said) > 0 && r.userSeq > 0 && ev.Seq-r.userSeq <= outUserGap {
		if got := confirmedIn(ss, r.said[len(r.said)-1], false); len(got) > 0 {
			r.stateShown(ev, got)
			return
		}
	}
	r.outSet, r.outEv = ss, Event{Seq: ev.Seq, Role: ev.Role, Text: ev.Text}
}

// reportedShown states the settings the output before showed that the
// agent's message ev names with their values.
func (r *Reducer) reportedShown(ev *Event) {
	if len(r.outSet) == 0 || strings.TrimSpace(ev.Text) == "" {
		return
	}
	ss, oev := r.outSet, r.outEv
	r.outSet, r.outEv = nil, Event{}
	if ev.Seq-oev.Seq > outAgentGap {
		return
	}
	if got := confirmedIn(ss, ev.Text, true); len(got) > 0 {
		r.stateShown(&oev, got)
	}
}

// stateShown states settings ss as the output event ev shows them.
func (r *Reducer) stateShown(ev *Event, ss []outSetting) {
	ref := EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq}
	for i, s := range ss {
		key := "value/" + path.Clean(s.file) + "/" + s.key
		if o := r.hot[slot(KindValue, key)]; o != nil && o.Lifecycle == Current && sameValue(o.Value, s.value) {
			continue
		}
		p := Proposal{Op: OpState, Kind: KindValue, Key: key, Name: s.name, Value: s.value, Quote: s.line}
		id := ""
		for j := 0; id == "" || r.idTaken(id); j++ {
			id = fmt.Sprintf("%s%d.s%d.%d", kindLetter[KindValue], ev.Seq, i, j)
		}
		r.apply(ev, &p, ref, id, map[*Anchor]bool{})
	}
}
