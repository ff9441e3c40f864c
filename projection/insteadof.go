package projection

import (
	"strings"
)

// What a user's "X instead" replaces.
//
// "proration: don't prorate, it confuses people" … (the agent writes
// proration_behavior: 'none') … "hmm finance says 'none' means we eat the
// difference. use always_invoice instead": the replacement is about
// proration, the rule the user stated last, not the plan picker chosen
// two turns before. A user's correction naming no thing it drops
// replaces what the message is about: the decision it shares a word
// with; else the rule the user stated after the newest decision when the
// message names it, by a word of its own or by a quoted token the agent
// wrote carrying it out ("'none'"); the newest decision by default only
// when the user's message before this one stated it or chose it, never
// one older than another message of the user's, a rule or a setting
// stated since, which the message does not name.

// insteadSubject is the anchor a user's correction nu (its message text)
// replaces, given o, the decision the reducer found for it by nearness
// or recency (nil for none).
func (r *Reducer) insteadSubject(nu *Anchor, o *Anchor, text string) *Anchor {
	ws := stems(text)
	for _, g := range insteadStop {
		delete(ws, g)
	}
	if o != nil {
		if n, _ := sharedStems(ws, stems(o.Value)); n > 0 {
			return o
		}
	}
	since := 0
	if o != nil {
		since = o.Seq()
	}
	var rule *Anchor
	later := false // a rule or a setting the user stated after o
	named := insteadRE.MatchString(nu.Quote)
	for _, a := range r.hot {
		if a.Seq() <= since || a.Seq() >= nu.Seq() || a.Authority != Normative {
			continue
		}
		switch {
		case a.Kind == KindConstraint && a.Lifecycle == Active:
			later = true
			// the newest rule the message names, not the newest rule:
			// rules stated since ("server actions only") are not what
			// "on proration, … use always_invoice instead" replaces
			if named && (rule == nil || newer(a, rule)) && r.namesRule(ws, text, a, nu.Seq()) {
				rule = a
			}
		case a.Kind == KindValue && a.Lifecycle == Current:
			later = true
		}
	}
	if rule != nil {
		return rule
	}
	if later || o != nil && o.Seq() < r.userSeq {
		// a message of the user's came between: the newest decision is
		// no longer what "instead" is about by default
		return nil
	}
	return o
}

// insteadStop are the words of a replacement that name no subject.
var insteadStop = []string{stem("use"), stem("instead"), stem("rather"), stem("then"), stem("actually"), stem("hmm"), stem("say"), stem("says"), stem("means")}

// namesRule reports whether a message (its stems ws, its text) names rule:
// a word of the rule's own, or a quoted token ('none', `x`) that a tool
// call made after the rule and before the message at seq wrote.
func (r *Reducer) namesRule(ws map[string]bool, text string, rule *Anchor, seq int) bool {
	if n, _ := sharedStems(ws, stems(rule.Value)); n > 0 {
		return true
	}
	toks := quotedTokens(text)
	if len(toks) == 0 {
		return false
	}
	for _, a := range r.hot {
		if a.Kind != KindEvidence || a.Seq() <= rule.Seq() || a.Seq() >= seq {
			continue
		}
		for _, t := range toks {
			if strings.Contains(a.Key, t) {
				return true
			}
		}
	}
	return false
}

// quotedTokens are the short tokens text quotes ('none', `none`, "none"),
// each in the three quotes code may write it in.
func quotedTokens(text string) []string {
	var out []string
	for _, m := range quotedTokRE.FindAllStringSubmatch(text, 8) {
		t := m[1] + m[2] + m[3]
		out = append(out, "'"+t+"'", `"`+t+`"`, "`"+t+"`")
	}
	return out
}

// quotedTokRE is a token in quotes (group 1, 2 or 3).
var quotedTokRE = mustPattern("'([\\w.\\-]{2,40})'|\"([\\w.\\-]{2,40})\"|`([\\w.\\-]{2,40})`")
