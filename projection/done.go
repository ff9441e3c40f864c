package projection

import (
	"strings"
)

// A task of a compound obligation done in plain words.
//
// "render the 3 demo presets (Pad Freeze, Glitch Hold, Tape Stop)" is done
// by "./scripts/render_presets.sh 'Pad Freeze' 'Glitch Hold' 'Tape Stop'"
// though the task names no path or identifier; "run it end to end on the
// Millbrook test set" by "make e2e AREA=millbrook"; "update the CHANGELOG"
// by the agent's "Updated CHANGELOG.md with the freeze entry". A
// successful command that is not read-only does a task when it holds the
// task's verb and two of the words of its object ("render" … "preset",
// "freeze"), or, for a task that runs something (run, rerun, execute,
// launch), one word of five letters or more of what it runs. The agent's
// sentence that opens with the task's verb in the past ("Updated",
// "Rendered", "I've sent") and names a word of its object does it too; a
// plan ("I'll update …", "updating …") does not.

// runVerbs are task verbs that name no act of their own: what they run
// is the task.
var runVerbs = map[string]bool{"run": true, "rerun": true, "execut": true, "launch": true, "start": true, "kick": true}

// taskVerb is the verb a task opens with (past a "please", "then",
// "also") and the stems of its other content words; "" when the task
// opens with no verb.
func taskVerb(v string) (verb string, obj map[string]bool) {
	f := strings.Fields(strings.ToLower(v))
	for len(f) > 0 && (f[0] == "please" || f[0] == "then" || f[0] == "also" || f[0] == "and" || f[0] == "pls") {
		f = f[1:]
	}
	if len(f) < 2 || !imperative(strings.Join(f, " ")) {
		return "", nil
	}
	verb = stem(f[0])
	obj = stems(strings.Join(f[1:], " "))
	delete(obj, verb)
	return verb, obj
}

// commandStems are the stems of a command's words, its identifiers cut at
// their separators ("render_presets.sh" gives "render", "preset", "sh").
func commandStems(cmd string) map[string]bool {
	return stems(identSplitRE.ReplaceAllString(strings.NewReplacer("_", " ", "-", " ", ".", " ", "/", " ", "'", " ", "\"", " ", "=", " ").Replace(cmd), "$1 $2"))
}

// doneByWords reports whether a successful command cmd did task v by its
// words (see above).
func doneByWords(v, cmd string) bool {
	verb, obj := taskVerb(v)
	if verb == "" {
		return false
	}
	cs := commandStems(cmd)
	n, long := 0, 0
	for w := range obj {
		if cs[w] {
			n++
			if len(w) >= 5 {
				long++
			}
		}
	}
	if runVerbs[verb] {
		return long >= 1
	}
	return cs[verb] && n >= 2
}

// pastIrregular are past forms whose stem is not the verb's.
var pastIrregular = map[string]string{"wrote": "writ", "written": "writ", "sent": "send", "made": "mak", "ran": "run", "put": "put", "built": "build", "set": "set", "did": "do", "done": "do"}

// claimedDone reports whether the agent's sentence s says it did task v:
// it opens (past "I", "I've", "Done:") with v's verb in the past and names
// a word of v's object.
func claimedDone(v, s string) bool {
	past := pastLead(s)
	if past == "" {
		return false
	}
	verb, obj := taskVerb(v)
	if verb == "" || len(obj) == 0 || past != verb {
		return false
	}
	// The object named before the sentence's next clause.
	head := s
	if i := strings.IndexAny(s, ";"); i >= 0 {
		head = s[:i]
	}
	hs := commandStems(head)
	for o := range obj {
		if len(o) >= 3 && hs[o] {
			return true
		}
	}
	return false
}

// pastLead is the stem of the verb in the past that sentence s opens
// with (past "I", "I've", "Done:"): "updat" for "Updated CHANGELOG.md …";
// "" when it opens with none.
func pastLead(s string) string {
	f := strings.Fields(strings.ToLower(s))
	for len(f) > 0 && (f[0] == "i" || f[0] == "i've" || f[0] == "ive" || f[0] == "have" || f[0] == "done:" || f[0] == "ok," || f[0] == "also") {
		f = f[1:]
	}
	if len(f) < 2 {
		return ""
	}
	w := strings.Trim(f[0], ",.:;")
	if p, ok := pastIrregular[w]; ok {
		return p
	}
	if !strings.HasSuffix(w, "ed") {
		return ""
	}
	return stem(w)
}

// claimed marks done the open obligations an agent's message says it
// did (claimedDone), said done of its object in English (passiveDone,
// passivedone.go), in any language read (reportedDone, donereport.go).
func (r *Reducer) claimed(ev *Event, ref EventRef) {
	r.settle(ev, ref, KindObligation, Open, Done, func(a *Anchor, s string) bool {
		return claimedDone(ownTaskBody(a.Value), s) || passiveDone(a.Value, s) || reportedDone(a.Value, s)
	})
}
