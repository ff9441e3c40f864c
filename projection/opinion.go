package projection

import (
	"slices"
	"strings"
)

// A remark of how the user sees a thing ("dat het alleen in webkit faalt
// vind ik raar, chromium moet hem ook zien", "I find it strange that only
// webkit fails, chromium should see it too", "мне кажется странным, что
// …") is an opinion, not a rule: its "should" or "moet" says what the user
// expects to happen, not what the agent must do. A sentence that holds an
// opinion and no word that only a rule says (never, always, don't, a rule)
// gives no rule.

// opinionRE is a remark of the speaker's own view, that a thing is odd or
// surprising.
var opinionRE = mustPattern(`(?i)\b(?:i\s+find\s+(?:it|this|that)\s+(?:strange|weird|odd|surprising|curious|suspicious)|(?:it|this|that)\s+(?:seems|looks|feels)\s+(?:strange|weird|odd|suspicious|fishy)(?:\s+to\s+me)?|(?:that's|that\s+is|it's|it\s+is)\s+(?:strange|weird|odd)|vind\s+ik\s+(?:raar|vreemd|gek|apart|verdacht|merkwaardig)|ik\s+vind\s+(?:het|dat|dit)\s+(?:raar|vreemd|gek|apart|verdacht|merkwaardig)|(?:trovo|mi\s+sembra|mi\s+pare)\s+(?:strano|strana|curioso|sospetto)|(?:finde\s+ich|ich\s+finde\s+(?:es|das))\s+(?:seltsam|komisch|merkwürdig|eigenartig|verdächtig)|(?:je\s+trouve\s+(?:ça|ca|cela)|c'est|ça\s+me\s+semble)\s+(?:bizarre|étrange|curieux|louche)|me\s+parece\s+(?:raro|extraño|sospechoso)|(?:acho|parece)\s+(?:estranho|esquisito))\b|мне\s+(?:кажется\s+)?(?:странн\p{L}*|подозрительн\p{L}*)|(?:^|[^\p{L}])странно(?:[^\p{L}]|$)|我觉得(?:很|有点|挺)?(?:奇怪|怪|蹊跷)|(?:很|有点|挺)奇怪`)

// ruleOnlyRE is a word only a rule or a prohibition says: a sentence that
// holds one is a rule however it is framed.
var ruleOnlyRE = mustPattern(`(?i)\b(?:never|always|don't|do\s+not|dont|rule|nooit|altijd|regel|niet\s+doen|mai|sempre|regola|non\s+(?:fare|toccare|usare)|niemals|immer|regel|nicht\s+(?:machen|anfassen|benutzen)|jamais|toujours|règle|nunca|siempre|regla|sempre|regra)\b|(?:^|[^\p{L}])(?:никогда|всегда|правило|не\s+(?:трогай|делай|используй|надо|нужно))(?:[^\p{L}]|$)|永远|不要|别|规则|禁止`)

// opinionsDropped is out without the rules read from a sentence that only
// remarks on what the user finds odd.
func opinionsDropped(out []Proposal) []Proposal {
	return slices.DeleteFunc(out, func(p Proposal) bool {
		return p.Kind == KindConstraint && p.Op == OpState && opinionOnly(p.Quote)
	})
}

// opinionOnly reports whether s remarks on how the speaker sees a thing
// and says nothing only a rule says.
func opinionOnly(s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && opinionRE.MatchString(s) && !ruleOnlyRE.MatchString(s)
}
