package projection

import (
	"strconv"
	"strings"
)

// A rule's named setting set to a new value.
//
// "règle: MSRV 1.70, donc pas de trucs récents de std." … "au fait on
// passe la MSRV à 1.75, c'est validé avec l'équipe.": the rule pins a
// named thing to a value ("MSRV 1.70", pins), and a later sentence of
// the user's sets the same thing to another one ("the MSRV to 1.75",
// "MSRV → 1.75", "MSRV를 1.75로", "MSRV 改成 1.75"). The rule is restated
// with the new value ("MSRV 1.75 (was 1.70), donc pas de trucs récents
// de std."), the old one superseded; what the rule says follows from it
// stays. A question, a condition or a negation before the value ("si on
// passe la MSRV à 1.75 …", "we're not moving the MSRV to 1.75") changes
// nothing, and neither does a sentence naming a thing no active rule
// pins.

var (
	// setToRE is a named thing set to a value: the name, a word or two
	// (an article, a preposition) and a destination word, then the
	// value; or, in Korean and Chinese, the value's particle or verb.
	setToRE = mustPattern(`(?i)\b(?P<name>[A-Za-z][\w+#\-]*)\s+(?:(?:to|à|a|para|pra|pro|auf|zu|en|op|naar|till|på|на|до)\s+|(?:→|->|=>|=|:)\s*)v?(?P<ver>\d+(?:\.\d+)*)\b|\b(?P<kname>[A-Za-z][\w+#\-]*)\s*(?:을|를|은|는)?\s*v?(?P<kver>\d+(?:\.\d+)*)\s*(?:으로|로)|\b(?P<zname>[A-Za-z][\w+#\-]*)\s*(?:改成|改为|改到|升到|升级到|换成|调到|提到|变成)\s*v?(?P<zver>\d+(?:\.\d+)*)`)
	// setToOffRE is what before the value makes the sentence set nothing:
	// a condition or a question's word.
	setToOffRE = mustPattern(`(?i)\b(?:if|whether|unless|should we|shall we|can we|could we|si|se|wenn|falls|ob|als)\b|만약|如果|要不要|是否`)
)

// pinSet is the named thing sentence s sets to a new value and the
// value; ok false when s sets none. The clause the value is set in, up
// to the value, holds no condition, question or negation, read as it
// stands and in its gloss in language l ("não muda a MSRV pra 1.75").
func pinSet(s string, l lang) (name, ver string, ok bool) {
	if strings.ContainsAny(s, "?？") {
		return "", "", false
	}
	m := setToRE.FindStringSubmatchIndex(s)
	if m == nil {
		return "", "", false
	}
	for _, g := range [][2]string{{"name", "ver"}, {"kname", "kver"}, {"zname", "zver"}} {
		i, j := setToRE.SubexpIndex(g[0]), setToRE.SubexpIndex(g[1])
		if m[2*i] >= 0 {
			name, ver = s[m[2*i]:m[2*i+1]], s[m[2*j]:m[2*j+1]]
			break
		}
	}
	ln := strings.ToLower(name)
	if name == "" || stopwords[ln] || nonVerbs[ln] || ln == "version" || ln == "v" {
		return "", "", false
	}
	head := s[:m[1]]
	if k := strings.LastIndexAny(head[:m[0]], ",;，；"); k >= 0 {
		head = head[k+1:]
	}
	heads := []string{head}
	if g := glossOf(head, l); g != nil {
		heads = append(heads, g.text)
	}
	for _, h := range heads {
		if setToOffRE.MatchString(h) || negRE.MatchString(h) || glossNeg(h) {
			return "", "", false
		}
	}
	return name, ver, true
}

// pinnedSet restates the active rules that pin a thing a user sentence
// of ev sets to another value (see above).
func (r *Reducer) pinnedSet(ev *Event, ref EventRef) {
	if ev.Role != RoleUser || !setToRE.MatchString(ev.Text) {
		return
	}
	for _, s := range sentences(ev.Text) {
		name, ver, ok := pinSet(s, r.lang)
		if !ok {
			continue
		}
		ln := strings.ToLower(name)
		for _, a := range r.sorted() {
			if a.Kind != KindConstraint || a.Lifecycle != Active || a.Authority != Normative || a.Seq() >= ref.Seq {
				continue
			}
			vs := a.valueFacts().pins[ln]
			if len(vs) != 1 || vs[0] == ver {
				// Not pinned, pinned twice (which one changes is
				// unclear), or pinned to this value already.
				continue
			}
			at := pinAt(a.Value, ln)
			if at == nil {
				continue
			}
			old := a.Value[at[0]:at[1]]
			r.restate(a, a.Value[:at[0]]+ver+" (was "+old+")"+a.Value[at[1]:], kindLetter[KindConstraint]+strconv.Itoa(ref.Seq)+".0", ref)
		}
	}
}

// pinAt is where the version of the thing named ln (lower case) stands
// in rule v, or nil.
func pinAt(v, ln string) []int {
	for _, m := range pinRE.FindAllStringSubmatchIndex(v, -1) {
		if strings.ToLower(v[m[2]:m[3]]) == ln {
			return m[4:6]
		}
	}
	return nil
}

// setsPinned reports whether the first sentence of q sets a thing an
// active rule pins (pinned) to a value: the message changes a rule, it
// asks no work of its own ("on passe la MSRV à 1.75, …. mets à jour
// rust-version." is no goal).
func setsPinned(q string, pinned map[string]bool) bool {
	if len(pinned) == 0 {
		return false
	}
	name, _, ok := pinSet(firstSentence(q), langNone)
	return ok && pinned[strings.ToLower(name)]
}
