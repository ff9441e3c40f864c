package projection

import (
	"fmt"
	"strings"
)

// A value a tool printed, adopted by the user.
//
// "grep -n timeout config.yaml" prints "12: timeout: 45s" and the user
// says "use that"; "nproc" prints "16" and the user says "set the
// workers to what it printed"; the listing shows "endpoint =
// https://…" and the user says "go with the one it found". The value is
// the user's choice now, though only the tool's output holds it. The
// reducer keeps the settings the last successful tool output showed
// (shownPairs: "key: value" and "key = value" lines, or the one value a
// short output printed; read only when a message adopts), and the
// user's next message adopts one when it
// says so (adoptRE) and names it: by its key's words, by the setting it
// sets ("set the workers to what it printed"), or as the only one shown.
// Several shown and none named adopts nothing.

// shownPair is a setting a tool output showed.
type shownPair struct{ key, value string }

// maxShown bounds the settings kept of one output; an output longer than
// maxShownLines lines or maxShownBytes bytes is not read for them.
const (
	maxShown      = 16
	maxShownLines = 24
	maxShownBytes = 4096
)

// shownLineRE is a setting on a line of output: "timeout: 45s", "12:
// timeout = 45s", `"endpoint": "https://…"`, "public const string
// RemoveAdsProductId = "com.x.noads";".
var shownLineRE = mustPattern(`^\s*(?:\d+[:-]\s*)?(?:[\w<>\[\]]+\s+){0,4}?["']?(?P<k>[A-Za-z_][\w.\-]{1,60})["']?\s*(?:=|:)\s*["']?(?P<v>[^"'\s,;]{1,120}(?:\s+[A-Za-z][\w/]{0,24})?)["']?\s*(?:\([^()]{0,40}\))?\s*[,;]?\s*$`)

// soleValueRE is an output that is one value: "16", "com.x.noads",
// "https://host/", "v2.14.3".
var soleValueRE = mustPattern(`^\s*(?P<v>[\w.:/\-@+]{1,120})\s*$`)

// adoptRE is a user taking what a tool printed: "use that", "go with
// what it printed", "take the value from the output", "set the workers
// to what nproc printed", "nimm den Wert", "usa ese", "就用这个".
var adoptRE = mustPattern(`(?i)\b(?:use|take|go with|keep|adopt|pick|apply)\s+(?:that|this|it|those|these|that one|this one|that value|this value)\s*(?:$|[.!,;]|\s+(?:then|instead|one|value|please|pls)\b)|\b(?:to|use|take|go with|keep|adopt|with)\s+(?:what|whatever|the\s+[\w\-]+(?:\s+[\w\-]+)?)\s+(?:(?:it|that|this|the \w+|\w+)\s+)?(?:printed|prints|shows|showed|shown|says|said|returned|returns|gave|reports|reported|found|lists|listed|output|outputs|suggested|recommended|proposed|picked)\b|\b(?:the\s+)?(?:value|one|number)\s+(?:from|in)\s+the\s+(?:output|listing|result)\b|\b(?:exactly\s+)?(?:that|this|the same)\s+(?:[\w\-]+\s+){0,2}(?:number|value|figure|amount|count|slot|setting)\b|\b(?:use|take|go with|pick|keep)\s+(?:whatever|what)\s+(?:[\w\-]+\s+){0,2}?(?:(?:the|it|that)\s+)?[\w\-]*\s*(?:suggests|recommends|says|prints|returns|reports|gives|picks|proposes|outputs)\b|\b(?:nimm|nehmen wir|verwende)\s+(?:das|den|diesen|dieses|die)(?:\s+(?:wert|da))?\b|\b(?:usa|usemos|quédate con|toma)\s+(?:ese|eso|esa|este|esto|el que (?:sale|salió|aparece))\b|\b(?:prends|utilise|garde)\s+(?:ça|celle-là|celui-là|cette valeur)\b|就用(?:这个|那个|它)|用(?:这个|那个)(?:值)?吧`)

// adoptAheadRE takes what a tool is about to show: "use whatever slot
// the scheduler suggests", "go with what the linter recommends".
var adoptAheadRE = mustPattern(`(?i)\b(?:use|take|go with|pick|keep|set (?:it|that|this|the \w+) to)\s+(?:whatever|what)\s+(?:[\w\-]+\s+){0,2}?(?:(?:the|it|that)\s+)?[\w\-]*\s*(?:suggests|recommends|says|prints|returns|reports|gives|picks|proposes|outputs)\b`)

// adoptSetRE is the setting an adoption sets: "set the workers to what
// it printed", "make the endpoint that one".
var adoptSetRE = mustPattern(`(?i)\b(?:set|make|change|switch|point)\s+(?:the\s+|our\s+)?(?P<k>[\w.\-]+(?:\s[\w.\-]+){0,2}?)\s+(?:to\s+)?(?:what|whatever|that|this|the one)\b`)

// shownPairs are the settings a tool output shows.
func shownPairs(text string) []shownPair {
	if text == "" || len(text) > maxShownBytes || strings.Count(text, "\n") > maxShownLines {
		// A long output shows no setting one adopts with "use that".
		return nil
	}
	var out []shownPair
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if p, ok := tableShown(lines); ok {
		return []shownPair{p}
	}
	if len(lines) == 1 {
		if m := soleValueRE.FindStringSubmatch(lines[0]); m != nil && !shownLineRE.MatchString(lines[0]) {
			return []shownPair{{value: m[1]}}
		}
	}
	for _, l := range lines {
		if len(out) == maxShown {
			break
		}
		m := shownLineRE.FindStringSubmatch(l)
		if m == nil || strings.HasSuffix(m[2], ":") {
			continue
		}
		out = append(out, shownPair{key: m[1], value: m[2]})
	}
	return out
}

// adopted reads a user message that adopts a value the last tool output
// showed, and sets it.
func (r *Reducer) adopted(ev *Event) {
	for _, s := range sentences(ev.Text) {
		if strings.Contains(s, "what") && adoptAheadRE.MatchString(s) {
			// "for the cron time just use whatever slot the scheduler
			// suggests": adopted from the next output that shows it.
			r.ahead, r.aheadEv = s, Event{Seq: ev.Seq, Role: ev.Role, Text: ev.Text}
		}
	}
	if r.shownText == "" || ev.Seq-r.shownSeq > 3 {
		return
	}
	r.adoptFrom(ev, sentences(ev.Text))
}

// adoptedAhead reads the output of a tool for the value the user said,
// before it ran, to take from it.
func (r *Reducer) adoptedAhead(ev *Event) {
	if r.ahead == "" {
		return
	}
	s, uev := r.ahead, r.aheadEv
	r.ahead = ""
	if ev.Seq-uev.Seq > 4 || r.shownText == "" {
		return
	}
	r.adoptFrom(&uev, []string{s})
}

// adoptFrom sets the value the first of ss that adopts one names, from
// the last output shown, quoting ev.
func (r *Reducer) adoptFrom(ev *Event, ss []string) {
	for _, s := range ss {
		if !adoptRE.MatchString(s) && !adoptXLRE.MatchString(s) {
			continue
		}
		if r.shown == nil {
			// Read only now that a message adopts something.
			r.shown = shownPairs(r.shownText)
		}
		name := ""
		if m := adoptSetRE.FindStringSubmatch(s); m != nil && !pronounRE.MatchString(m[1]) {
			name = m[1]
		} else if m := adoptForRE.FindStringSubmatch(s); m != nil && !adoptRE.MatchString(s) {
			// "usa el valor que reportó para las conexiones del pool"
			// (valuesxl.go).
			name = cleanOption(m[adoptForRE.SubexpIndex("k")] + m[adoptForRE.SubexpIndex("k2")])
		}
		p, ok := r.shownNamed(s, name)
		if !ok {
			continue
		}
		if name == "" {
			name = p.key
		}
		if name == "" {
			continue
		}
		key := "value/-/" + strings.ToLower(strings.Join(strings.Fields(name), "_"))
		if o := r.valueNamed(name); o != nil {
			key, name = o.Key, o.Name
		}
		ref := EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq}
		prop := Proposal{Op: OpState, Kind: KindValue, Key: key, Name: name, Value: p.value, Quote: s, Correction: true}
		id := ""
		for i := 0; id == "" || r.idTaken(id); i++ {
			id = fmt.Sprintf("%s%d.%d", kindLetter[KindValue], ev.Seq, i)
		}
		r.apply(ev, &prop, ref, id, map[*Anchor]bool{})
		r.shown, r.shownText = nil, ""
		return
	}
}

// shownNamed is the shown setting a sentence adopts: the one whose key
// the sentence or the setting it sets names, else the only one.
func (r *Reducer) shownNamed(s, name string) (shownPair, bool) {
	ws := stems(s + " " + name)
	best, bn, tie := -1, 0, false
	for i, p := range r.shown {
		n := 0
		for w := range shownWords(p.key) {
			if ws[w] {
				n++
			}
		}
		switch {
		case n > bn:
			best, bn, tie = i, n, false
		case n == bn && n > 0 && r.shown[best].value != p.value:
			tie = true
		}
	}
	switch {
	case tie:
		return shownPair{}, false
	case best >= 0:
		return r.shown[best], true
	case len(r.shown) == 1:
		return r.shown[0], true
	}
	return shownPair{}, false
}

// valueNamed is the current value whose name or key is name's words.
func (r *Reducer) valueNamed(name string) *Anchor {
	want := shownWords(name)
	if len(want) == 0 {
		return nil
	}
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindValue || a.Lifecycle != Current {
			continue
		}
		have := shownWords(a.Name)
		if len(have) > 0 && containsAll(have, want) && containsAll(want, have) && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// shownWords are the stems of a setting's name: "POOL_SIZE",
// "requestTimeout", "build workers".
func shownWords(k string) map[string]bool {
	if k == strings.ToUpper(k) {
		k = strings.ToLower(k)
	}
	return identWords(k, "")
}
