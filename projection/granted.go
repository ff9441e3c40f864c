package projection

import (
	"fmt"
	"strings"
)

// A prohibition lifted by someone else's permission.
//
// "o Rafa liberou mexer no values-prod, pode pôr autoscaling lá tb"
// after "n mexe no values-prod.yaml"; "Priya approved touching the
// billing schema", "Rafa a autorisé à toucher values-prod", "Rafa hat
// erlaubt, values-prod zu ändern", "Rafa가 values-prod 수정 허락했어",
// "보안팀이 이번 한 번만 prod에 태그 변경 apply는 허락했어" (the security
// team allowed a tag-change apply to prod just this once),
// "Rafa 同意了改 values-prod": the user relays that the person a rule's
// thing answers to allowed it. The active prohibition naming the thing
// (by its identifier, a file named with or without its extension, or
// two words of what it forbids) is lifted; a permission bounded to a
// purpose or a part ("só pra …", "only for …", "just the replicas") is
// its exception instead. A question ("o Rafa liberou?"), a negation
// ("Rafa didn't approve …"), a thing no prohibition names ("Rafa liberou
// o deploy") and an approval of a piece of work ("Rafa approved the PR
// that touches values-prod") change nothing.

var (
	// grantRE is someone's permission and what follows it (t), in word
	// order where the verb comes before the thing.
	grantRE = mustPattern(`(?i)(?:^|[\s,;:(])(?P<who>(?-i:\p{Lu}[\p{L}\-]+)|(?:my|our|the|o|a|meu|minha|nosso|nossa|mon|ma|notre|le|la|mein|meine|unser|unsere|der|die|mi|nuestro|nuestra|el)\s+(?:(?:security|platform|infra|ops|legal|compliance|data|db|release|sre|devops)\s+)?(?:lead|boss|manager|tech lead|team|owner|chefe|líder|lider|gestor|gerente|chef|cheffe|responsable|équipe|equipe|Chef|Chefin|Team|Teamleiter|jefe|jefa|equipo))\s+(?:(?:already|just|finally|já|ja|finalmente|enfin|déjà|schon|endlich|ya)\s+)?(?P<v>allowed|approved|cleared|okayed|ok'd|okay'd|signed off on|green-?lit|unblocked|gave (?:the |us |me |you )?(?:green light|go-ahead|go ahead|ok|okay)(?: (?:for|to|on))?|said (?:it's|it is|its) (?:fine|ok|okay) to|said (?:we|you|u) (?:can|may)|liberou|autorizou|aprovou|permitiu|deixou|falou que (?:pode|dá)|disse que (?:pode|dá)|a autorisé(?: à| de)?|a validé|a approuvé|a permis(?: de)?|a donné son (?:feu vert|accord|ok)(?: pour)?|a dit qu'on peut|a dit que (?:tu peux|c'est bon pour)|autorizó|aprobó|liberó|permitió|dio (?:luz verde|el visto bueno|el ok)(?: (?:para|a))?|dijo que (?:puedes|podemos|se puede))(?:\s+|$)(?P<t>[^,;.!?]{2,80})`)
	// grantEndRE is the same with the verb after the thing (German,
	// Korean, Chinese): "Rafa hat erlaubt, …", "Rafa hat values-prod
	// freigegeben", "Rafa가 values-prod 수정 허락했어", "Rafa 同意了改 …".
	grantEndRE = mustPattern(`(?P<who>[A-Z][\p{L}\-]+|[\p{Han}]{2,4}|\p{Hangul}{2,8})\s*(?:(?:hat|hat es)\s+(?P<t1>[^,;.!?]{0,60}?)\s*(?:erlaubt|freigegeben|genehmigt|abgesegnet|okay gegeben|ok gegeben)\b\s*,?\s*(?P<t2>[^;.!?]{0,80})|(?:가|이|께서)\s+(?P<t3>[^,;.!?]{2,60}?)\s*(?:허락했|승인했|허가했|괜찮대|괜찮다고 했|해도 된대|해도 된다고 했)|\s*(?:同意了|批准了|允许了|说可以|答应了|放行了)\s*(?P<t4>[^，,。；;！!？?]{2,60}))`)
	// grantNotRE negates or questions the permission.
	grantNotRE = mustPattern(`(?i)\b(?:not|didn't|did not|hasn't|has not|haven't|never|não|nao|n|pas|jamais|nicht|nie|kein|no)\b|안\s|않|没|不|未`)
	// grantThingNotRE negates the permission inside the words before a
	// verb that comes last ("Rafa hat es nicht erlaubt").
	grantThingNotRE = mustPattern(`(?i)\b(?:nicht|kein\w*|not|never)\b`)
	// grantWorkRE is a piece of work approved, not a thing freed: "the
	// PR", "o MR", "la review".
	grantWorkRE = mustPattern(`(?i)^(?:the |a |o |a |le |la |el |das |den |die )?(?:pr|mr|pull request|merge request|review|diff|patch|design|plan|proposal|ticket|rfc|spec)\b`)
	// grantScopeRE bounds the permission: for a purpose or a part.
	grantScopeRE = mustPattern(`(?i)\b(?:only|just|s[óo]|somente|apenas|seulement|uniquement|nur|solo|s[óo]lo|solamente|except|exceto|sauf|außer|excepto)\b|(?:^|\s)(?:só|so) (?:pra|para|pro|no|na|em)\b|\b(?:for the|for a|pour (?:le|la|les|un|une)|pra (?:o|a)|para (?:o|a|el|la)|für (?:den|die|das))\b|만|只|仅`)
)

// grantLifted lifts (or excepts from) the prohibition a user sentence
// says someone allowed (see above).
func (r *Reducer) grantLifted(ev *Event, ref EventRef) {
	if ev.Role != RoleUser {
		return
	}
	for i, s := range sentences(ev.Text) {
		s = strings.TrimSpace(s)
		if strings.ContainsAny(s, "?？") || questionRE.MatchString(s) {
			continue
		}
		head, thing, rest, ok := granted(s)
		if !ok || grantNotRE.MatchString(head) || grantWorkRE.MatchString(thing) || grantThingNotRE.MatchString(thing) {
			// "o Rafa ainda não liberou …", "Rafa approved the PR …",
			// "Rafa hat es nicht erlaubt"
			continue
		}
		c := r.grantedRule(thing, ref.Seq)
		if c == nil {
			continue
		}
		if grantScopeRE.MatchString(thing) || grantScopeRE.MatchString(firstClause(rest)) || onceLift(s) {
			// "… values-prod, só pra pôr autoscaling": what opens the
			// clause after the thing bounds it too; "보안팀이 이번 한
			// 번만 … 허락했어" (allowed just this once) too
			r.restateExcept(c, s, thingNamedIn(thing, c.Value), ref, fmt.Sprintf("%s%d.gr%d", kindLetter[KindConstraint], ev.Seq, i))
			continue
		}
		c.Lifecycle = Lifted
		c.Because = s
		c.addRef(ref)
	}
}

// granted is what sentence s says someone allowed (thing), the words
// between the one who allowed it and the thing (head: the verb, an
// adverb) and the words of s after the thing (rest); ok false when s
// states no such permission.
func granted(s string) (head, thing, rest string, ok bool) {
	if m := grantRE.FindStringSubmatchIndex(s); m != nil {
		t := grantRE.SubexpIndex("t")
		return s[m[3]:m[2*t]], strings.TrimSpace(s[m[2*t]:m[2*t+1]]), s[m[2*t+1]:], true
	}
	m := grantEndRE.FindStringSubmatchIndex(s)
	if m == nil {
		return "", "", "", false
	}
	for _, g := range []string{"t1", "t2", "t3", "t4"} {
		if k := grantEndRE.SubexpIndex(g); m[2*k] >= 0 {
			thing += " " + s[m[2*k]:m[2*k+1]]
		}
	}
	if thing = strings.TrimSpace(thing); thing == "" {
		return "", "", "", false
	}
	return "", thing, s[m[1]:], true
}

// grantedRule is the active prohibition stated before seq that thing
// names: by an identifier of the rule (a file with or without its
// extension), else by two words of what it forbids; nil when none, or
// when two rules are named alike.
func (r *Reducer) grantedRule(thing string, seq int) *Anchor {
	var found *Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || a.Seq() >= seq || !(a.valueFacts().neg || prohibitionRE.MatchString(a.Value)) {
			continue
		}
		if thingNamedIn(thing, a.Value) == "" {
			continue
		}
		if found != nil {
			return nil
		}
		found = a
	}
	if found != nil {
		return found
	}
	return r.prohibitionOf(stems(thing), seq)
}

// firstClause is the clause rest opens with, when it opens with a word
// that bounds ("only", "só", "nur", "只"), else "".
func firstClause(rest string) string {
	rest = strings.TrimLeft(rest, " ,;:—–-")
	if i := strings.IndexAny(rest, ",;.!?，；。"); i >= 0 {
		rest = rest[:i]
	}
	if m := grantScopeRE.FindStringIndex(rest); m == nil || strings.TrimSpace(rest[:m[0]]) != "" {
		return ""
	}
	return rest
}

// thingNamedIn is the identifier of rule v (a word with a dot, a dash,
// a slash, an underscore or a digit) that thing names, as written or
// without its extension ("values-prod" names "values-prod.yaml"); "" when
// none.
func thingNamedIn(thing, v string) string {
	for _, t := range stepTokens(thing) {
		if !identLike(t) {
			continue
		}
		for _, u := range stepTokens(v) {
			if !identLike(u) {
				continue
			}
			if u == t || strings.HasSuffix(u, "/"+t) || strings.TrimSuffix(u, "/") == strings.TrimSuffix(t, "/") || withoutExt(u) == t || withoutExt(t) == u {
				return u
			}
		}
	}
	return ""
}

// identLike reports whether w names a thing by an identifier.
func identLike(w string) bool {
	return len(w) >= 3 && strings.ContainsAny(w, "._-/0123456789")
}

// withoutExt is file name w without its extension ("values-prod" of
// "values-prod.yaml"), or w.
func withoutExt(w string) string {
	if i := strings.LastIndex(w, "."); i > 0 && i < len(w)-1 && !strings.ContainsAny(w[i:], "/0123456789") {
		return w[:i]
	}
	return w
}
