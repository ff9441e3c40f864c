// A value told under no file gains the file a tool writes it into.

package projection

import (
	"strings"
	"unicode"
)

// gainFile gives value a, said under no file ("exportTimeoutMs 现在
// 30000，改成 120000"), the key k of the file's setting a tool then wrote
// the same value into (the sed on apps/api/config/default.json): one head,
// where the setting lives, its statement and the write its sources. A
// setting whose key k already is, or a file's own key, stays as it is;
// it reports whether a moved. The value the write replaced (was) is
// what a held before, when its statement named none.
func (r *Reducer) gainFile(a *Anchor, k, was string) bool {
	if a == nil || a.Kind != KindValue || entity(a.Key) != "-" && !(envEntity(entity(a.Key)) != "" && envFileOf(entity(a.Key), entity(k))) || entity(k) == "-" || k == "" {
		// a value given one environment ("prod は 30") gains that
		// environment's file (config/production.toml; envscope.go)
		return false
	}
	if b := r.hot[slot(KindValue, k)]; b != nil && b != a {
		return false
	}
	if r.hot[slot(KindValue, a.Key)] == a {
		delete(r.hot, slot(KindValue, a.Key))
	}
	a.Key = k
	r.hot[slot(KindValue, k)] = a
	if a.Was == "" && was != "" && was != a.Value {
		// "ustaw QUEUE_CONNECTION=redis", then the edit of sync to
		// redis: what the file held before
		a.Was = was
	}
	return true
}

// heldReported reports whether the agent's sentence s only says a held
// value again, its setting and its value with a verb between them
// ("exportTimeoutMs 改为 120000。", "requestTimeoutMs changed to
// 120000."): the change done, which the value holds, no decision of its
// own. A sentence that says more (why, what else) is read as it is.
func heldReported(s string, held []HeldValue) bool {
	low := strings.ToLower(s)
	for _, h := range held {
		v := leadNumber(h.Value)
		if v == "" || tokenAt(s, v, 0) < 0 {
			continue
		}
		rest := ""
		for _, n := range []string{strings.ToLower(h.Name), strings.ReplaceAll(property(h.Key), "_", " "), property(h.Key)} {
			if n != "" && strings.Contains(low, n) {
				rest = strings.Replace(low, n, " ", 1)
				break
			}
		}
		if rest == "" {
			continue
		}
		rest = strings.Replace(rest, strings.ToLower(v), " ", 1)
		rest = strings.TrimFunc(rest, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) })
		if len(strings.Fields(rest)) <= 3 && len([]rune(rest)) <= 16 {
			return true
		}
	}
	return false
}

// toldFirst reports whether, for a setting named under no file (ent "-"),
// value a is the one to take before b when both live in files: a the
// value the user told and a tool then wrote (normative), b one a tool
// wrote alone into another file. "tries daj 5" after "tries 3" was
// written into .env and then into .env.production.example changes the
// tries the user set, not the newest copy.
func toldFirst(a, b *Anchor, ent string) bool {
	return ent == "-" && entity(a.Key) != "-" && entity(b.Key) != "-" && entity(a.Key) != entity(b.Key) &&
		a.Authority == Normative && b.Authority != Normative
}
