package projection

import "strings"

// A task taken off the agent as it refuses the agent's step.
//
// Cline and Roo Code let the user deny a call with feedback: the agent
// edits docs/deploy.md for "acuérdate de actualizar docs/deploy.md", the
// user denies the edit and says "espera, eso lo hace Andrés con el
// runbook nuevo, no lo toques". The sentence hands the task off
// (handoffRE: "eso lo hace Andrés", "c'est Marc qui s'en occupe", "je
// m'en occupe moi-même", "Priya is doing that", "lo hago yo") but names
// it only by a pronoun: the thing is the denied call's target. So when a
// hand-off of a user message right after a denied call shares too few
// words with any open obligation, the open obligation that names a file
// the denied call named is released, the sentence its reason. A user
// message after a call that ran, or a denial that says nothing of who
// does it ("no, not like that"), releases nothing.

// refused is the files the last denied call named and the seq of its
// result, until the agent speaks again; transient, not part of a
// Snapshot.
type refused struct {
	paths []string
	seq   int
}

// noteRefused keeps the files a denied call of result ev named (none for
// a call that ran).
func (r *Reducer) noteRefused(ev *Event, call *Call) {
	if ev.Role == RoleAssistant {
		// the agent spoke since: its words are what the user answers
		r.refused = refused{}
	}
	if ev.Role != RoleTool {
		return
	}
	r.refused = refused{}
	if ev.Result == nil || !ev.Result.Interrupted || call == nil {
		return
	}
	var ps []string
	for _, v := range call.Args {
		if s, ok := v.(string); ok && len(s) < 300 && !strings.ContainsAny(s, "\n") {
			ps = append(ps, mentions(" "+s+" ")...)
		}
	}
	r.refused = refused{paths: ps, seq: ev.Seq}
}

// refusedTask is the one open obligation naming a file of the call the
// user denied before the message at ref, with no word of the agent's
// between, or nil.
func (r *Reducer) refusedTask(ref EventRef) *Anchor {
	if len(r.refused.paths) == 0 || r.refused.seq >= ref.Seq {
		return nil
	}
	var o *Anchor
	for _, a := range r.hot {
		if a.Kind != KindObligation || a.Lifecycle != Open || a.Seq() == ref.Seq {
			continue
		}
		for _, p := range r.refused.paths {
			if strings.Contains(a.Value, p) {
				if o != nil && o != a {
					return nil
				}
				o = a
			}
		}
	}
	return o
}

// whoDoesRE hands a task to someone named or to the user: "eso lo hace
// Andrés", "de eso se encarga Marta", "lo hago yo", "c'est Marc qui s'en
// occupe", "je m'en occupe moi-même", "isso fica com a Ana", "ci penso
// io", "das macht Jonas", "darum kümmere ich mich selbst", "Priya is
// doing that", "이건 제가 할게요", "それは私がやります". The name (group n)
// is checked by whoDoes: a pronoun or an article ("It is doing that")
// names nobody.
var whoDoesRE = mustPattern(`(?i:\b(?:eso|esto)\s+lo\s+(?:hace|hará|va a hacer|lleva|llevará)\s+(?:el\s+|la\s+)?)(?P<n>\p{Lu}\p{L}+)` +
	`|(?i:\bde (?:eso|esto) se (?:encarga|ocupa)\s+(?:el\s+|la\s+)?)(?P<n2>\p{Lu}\p{L}+)` +
	`|(?i:\b(?:eso|esto|lo) lo hago yo\b|\blo hago yo\b|\bde (?:eso|esto) me (?:encargo|ocupo) yo\b|\bme (?:encargo|ocupo) yo\b)` +
	`|(?i:\bc'est\s+)(?P<n3>\p{Lu}\p{L}+)(?i:\s+qui\s+(?:s'en\s+(?:occupe|charge)|le\s+fai[tr]a?|la\s+fai[tr]a?|les\s+fai[tr]a?|va\s+le\s+faire))` +
	`|(?P<n4>\p{Lu}\p{L}+)(?i:\s+s'en\s+(?:occupe|charge))\b` +
	`|(?i:\bje\s+m'en\s+(?:occupe|charge)(?:\s+moi-m[êe]me)?\b|\bje\s+(?:le|la|les)\s+(?:fais|ferai)\s+moi-m[êe]me\b)` +
	`|(?i:\bisso\s+(?:fica\s+com|é\s+com|quem\s+faz\s+é)\s+(?:o\s+|a\s+)?)(?P<n5>\p{Lu}\p{L}+)` +
	`|(?i:\b(?:eu\s+)?(?:mesm[oa]\s+)?(?:cuido|trato)\s+disso\b|\bdeixa\s+comigo\b|\beu\s+fa[çc]o\s+(?:isso|isto)\b)` +
	`|(?i:\b(?:questo|quello)\s+lo\s+fa\s+|\bse\s+ne\s+occupa\s+)(?P<n6>\p{Lu}\p{L}+)` +
	`|(?i:\bci\s+penso\s+io\b|\blo\s+faccio\s+io\b|\bme\s+ne\s+occupo\s+io\b)` +
	`|(?i:\bdas\s+macht\s+|\bdarum\s+kümmert\s+sich\s+)(?:(?i:der|die)\s+)?(?P<n7>\p{Lu}\p{L}+)` +
	`|(?i:\b(?:das\s+)?mach(?:e)?\s+ich\s+selbst\b|\bdarum\s+kümmere\s+ich\s+mich(?:\s+selbst)?\b)` +
	`|(?P<n8>\p{Lu}\p{L}+)(?i:\s+(?:is|'s)\s+(?:doing|handling|taking\s+care\s+of|on)\s+(?:that|this|it)\b)` +
	`|(?:이건|그건|그거는?|이거는?)\s*(?:제가|내가)\s*(?:직접\s*)?(?:할게|할께|하겠|처리할게|처리하겠)|(?:それは|これは)?(?:私|僕|自分|こっち)(?:が|で)(?:やります|やる|対応します)`)

// whoDoesNot are the capitalised words that name no one: pronouns,
// articles and sentence openers.
var whoDoesNot = wordSet(`it this that he she they we you i which what there here the a an el la lo eso esto ello il elle ça cela ce on es das der die er sie man`)

// whoDoes is the span of s that hands its task to someone named or to
// the user (whoDoesRE), or nil.
func whoDoes(s string) []int {
	for _, m := range whoDoesRE.FindAllStringSubmatchIndex(s, -1) {
		named := true
		for i := 2; i < len(m); i += 2 {
			if m[i] >= 0 && whoDoesNot[strings.ToLower(s[m[i]:m[i+1]])] {
				named = false
			}
		}
		if named {
			return m[:2]
		}
	}
	return nil
}
