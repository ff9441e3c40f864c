package projection

import (
	"strings"
	"unicode/utf8"
)

// Options the agent offers by an either-or question.
//
// "Should I use Redis or Postgres advisory locks?", "¿Redis o Postgres
// advisory locks?", "用 Redis 还是 Postgres advisory lock？": the agent asks
// the user to pick between alternatives it names in one question, with no
// list and no labels. Its alternatives are options offered as a list's
// are (listed.go), in the order asked, so a reply that picks one by its
// place ("the second", "dale con la segunda", "第二个") or turns to "the
// other one" chooses it. An alternative is the words the question gives
// it, less the question's lead for the first ("Should I use"); a question
// of two to three short alternatives only: "Run the tests now, or should
// I wait?" asks two things, "…, or not?" a yes or no, and neither offers
// options.

// eitherLeadWords are the words a question opens with before its first
// alternative: the asking, the verb of choosing, an article.
var eitherLeadWords = map[string]bool{
	"should": true, "shall": true, "would": true, "could": true, "can": true, "do": true, "does": true, "will": true,
	"i": true, "we": true, "you": true, "me": true, "to": true, "it": true, "is": true, "be": true, "which": true, "one": true,
	"use": true, "using": true, "go": true, "with": true, "pick": true, "choose": true, "take": true, "prefer": true, "want": true,
	"rather": true, "keep": true, "try": true, "make": true, "the": true, "a": true, "an": true, "either": true, "better": true,
	"quieres": true, "prefieres": true, "usamos": true, "uso": true, "usar": true, "vamos": true, "con": true, "el": true, "la": true,
	"los": true, "las": true, "un": true, "una": true, "tomamos": true, "preferís": true,
	"soll": true, "sollen": true, "ich": true, "wir": true, "nehmen": true, "nehme": true, "lieber": true, "der": true, "die": true, "das": true,
	"on": true, "prend": true, "prends": true, "je": true, "utilise": true, "le": true, "les": true, "tu": true, "préfères": true,
	"用": true, "选": true, "要": true, "是": true, "还是用": true,
}

// eitherNotRE is an alternative that is no option: a yes or no ("or
// not"), a vagueness ("or something", "or later"), another question
// ("or should I wait").
var eitherNotRE = mustPattern(`(?i)^(?:not|no|nicht|non|não|nao|something(?:\s+else)?|anything(?:\s+else)?|else|whatever|later|otherwise|both|neither|none|what|不|不用|没有|别的)\b|^(?:should|shall|would|could|can|do|does|will|is|are|did|have|must|may|我|要不要)(?:\s|$)`)

// eitherOrOptions are the alternatives the last question of assistant
// text asks between (see above), in order; nil when it asks none.
func eitherOrOptions(text string) []string {
	ss := sentences(text)
	for i := len(ss) - 1; i >= 0 && i >= len(ss)-2; i-- {
		s := strings.TrimSpace(ss[i])
		if !questionRE.MatchString(s) {
			continue
		}
		return eitherAlts(lastAsked(s))
	}
	return nil
}

// eitherAlts are the texts of the alternatives question q asks between,
// nil when it asks between fewer than two or more than three, or one is
// no option or too long to be one.
func eitherAlts(q string) []string {
	if utf8.RuneCountInString(q) > 200 || strings.Contains(q, "\n") {
		return nil
	}
	q = strings.TrimSpace(strings.TrimLeft(q, "¿ "))
	if i := strings.LastIndexAny(q, ":："); i >= 0 {
		q = q[i+1:]
	}
	q = strings.TrimRight(q, "?？ ")
	parts := altSplitRE.Split(q, 4)
	if len(parts) < 2 || len(parts) > 3 {
		return nil
	}
	var out []string
	for i, p := range parts {
		p = strings.TrimSpace(strings.Trim(p, " ,;，；、"))
		if i > 0 && eitherNotRE.MatchString(p) {
			return nil
		}
		p = withoutEitherLead(p)
		if p == "" || eitherNotRE.MatchString(p) || strings.ContainsAny(p, ",;，；") || len(strings.Fields(p)) > 6 || utf8.RuneCountInString(p) > 60 {
			return nil
		}
		out = append(out, p)
	}
	return out
}

// withoutEitherLead is the first alternative p without the question's
// lead words ("Should I use Redis": "Redis"; "用 Redis": "Redis").
func withoutEitherLead(p string) string {
	for {
		f := strings.Fields(p)
		if len(f) < 2 || !eitherLeadWords[strings.ToLower(f[0])] {
			break
		}
		p = strings.TrimSpace(p[len(f[0]):])
	}
	for _, lead := range []string{"还是用", "用", "选", "要", "是"} {
		if rest := strings.TrimPrefix(p, lead); rest != p && strings.TrimSpace(rest) != "" {
			return strings.TrimSpace(rest)
		}
	}
	return p
}
