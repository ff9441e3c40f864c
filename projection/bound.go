package projection

import (
	"slices"
	"strconv"
	"strings"
)

// A bound of a range changed relatively.
//
// "il darkness della stampante tienilo tra 18 e 22" … "il darkness alza
// il minimo di 2": a rule holds a range and the user moves one of its
// ends by an amount ("raise the minimum by 2", "lower the max by 5",
// "下限提高 2", "sube el máximo en 10"). The rule is restated with the end
// moved ("tra 20 (was 18) e 22"), the old one superseded. The rule is the
// newest active one holding exactly one range and sharing a word with the
// sentence besides the words of the change; a sentence naming none, or a
// rule with two ranges, changes nothing.

var (
	// boundChangeRE is an end of a range moved by an amount: the verb's
	// direction (up or down), the end (low or high) and the amount.
	boundChangeRE = mustPattern(`(?i)\b(?:(?P<up>raise|increase|bump|lift|push up|move up|alza|aumenta|sube|aumenta|augmente|monte|erhöhe|erhöh|hebe|verhoog|sobe|aumente|suba)|(?P<down>lower|decrease|reduce|drop|cut|move down|abbassa|riduci|diminuisci|baja|reduce|disminuye|baisse|diminue|réduis|senke|verringere|verlaag|abaixa|diminui|reduz|baixa))\s+(?:the\s+|il\s+|la\s+|el\s+|le\s+|das\s+|die\s+|den\s+|de\s+|het\s+|a\s+|o\s+)?(?:(?P<noun>\p{L}+)\s+)?(?:(?P<lo>min(?:imum)?|minimo|mínimo|mínima|minima|untergrenze|lower (?:bound|limit|end)|floor|bottom|ondergrens)|(?P<hi>max(?:imum)?|massimo|máximo|máxima|maxima|obergrenze|upper (?:bound|limit|end)|ceiling|cap|top|bovengrens))(?:\s+(?P<noun2>\p{L}+))?\s+(?:by|di|en|de|um|met|of|em)\s+(?P<n>\d+(?:[.,]\d+)?)|(?P<zlo>下限|最小值|最低值|最低)\s*(?P<zv>提高|调高|升高|加|增加|上调|降低|调低|减|减少|下调)\s*(?P<zn>\d+(?:\.\d+)?)|(?P<zhi>上限|最大值|最高值|最高)\s*(?P<zv2>提高|调高|升高|加|增加|上调|降低|调低|减|减少|下调)\s*(?P<zn2>\d+(?:\.\d+)?)`)
	// ruleRangeRE is a range in a rule: "tra 18 e 22", "between 18 and 22",
	// "18–22", "18 到 22".
	ruleRangeRE = mustPattern(`(?i)\b(?:between|tra|fra|entre|zwischen|from|von|de|da|van)\s+(?P<a>\d+(?:[.,]\d+)?)\s*(?:and|e|y|et|und|to|a|à|bis|en|tot|-|–)\s*(?P<b>\d+(?:[.,]\d+)?)\b|(?P<c>\d+(?:\.\d+)?)\s*(?:-|–|~|～|到|至)\s*(?P<d>\d+(?:\.\d+)?)`)
)

// boundChanged restates the rule whose range a user sentence of ev moves
// an end of (see above).
func (r *Reducer) boundChanged(ev *Event, ref EventRef) {
	if ev.Role != RoleUser || !boundCue(ev.Text) || !boundChangeRE.MatchString(ev.Text) {
		return
	}
	for _, s := range sentences(ev.Text) {
		m := boundChangeRE.FindStringSubmatchIndex(s)
		if m == nil {
			continue
		}
		g := func(n string) string {
			i := boundChangeRE.SubexpIndex(n)
			if m[2*i] < 0 {
				return ""
			}
			return s[m[2*i]:m[2*i+1]]
		}
		up := g("up") != "" || strings.ContainsAny(g("zv")+g("zv2"), "提调升加增上") && !strings.ContainsAny(g("zv")+g("zv2"), "降低减下")
		low := g("lo") != "" || g("zlo") != ""
		amount, err := strconv.ParseFloat(strings.ReplaceAll(g("n")+g("zn")+g("zn2"), ",", "."), 64)
		if err != nil || amount == 0 {
			continue
		}
		if !up {
			amount = -amount
		}
		// the sentence's own words, those of the change left out
		rest := terms(s[:m[0]] + " " + s[m[1]:])
		if noun := g("noun") + " " + g("noun2"); strings.TrimSpace(noun) != "" {
			// "raise the minimum depth by 5": the thing whose end moves
			// names the rule too
			for w := range terms(noun) {
				rest[w] = true
			}
		}
		var rule *Anchor
		var at []int
		for _, a := range r.sorted() {
			if a.Kind != KindConstraint || a.Lifecycle != Active || a.Seq() >= ref.Seq {
				continue
			}
			locs := ruleRangeRE.FindAllStringSubmatchIndex(a.Value, 2)
			if len(locs) != 1 {
				continue
			}
			if n, _ := sharedStems(rest, terms(a.Value)); n == 0 {
				continue
			}
			if rule == nil || newer(a, rule) {
				rule, at = a, locs[0]
			}
		}
		if rule == nil {
			// "sobe a profundidade mínima em 5" of "profundidade mínima
			// de 10x": the one number of the rule's end, no range.
			r.endMoved(s, rest, low, amount, ref)
			continue
		}
		end := "a"
		if !low {
			end = "b"
		}
		i := ruleRangeRE.SubexpIndex(end)
		if at[2*i] < 0 {
			i = ruleRangeRE.SubexpIndex(map[string]string{"a": "c", "b": "d"}[end])
		}
		old := rule.Value[at[2*i]:at[2*i+1]]
		nv, ok := movedBy(old, amount)
		if !ok {
			continue
		}
		r.restate(rule, rule.Value[:at[2*i]]+nv+" (was "+old+")"+rule.Value[at[2*i+1]:], kindLetter[KindConstraint]+strconv.Itoa(ref.Seq)+".0", ref)
	}
}

// boundEnds and boundVerbs are the words every change boundChangeRE
// reads holds one of each of (checked, lower case, before the
// expression: most messages hold none of the ends).
var (
	boundEnds = []string{"min", "max", "mín", "máx", "bound", "limit", "floor", "ceiling", "cap", "bottom", "top", "grenze", "grens",
		"下限", "上限", "最小", "最大", "最低", "最高"}
	boundVerbs = []string{"raise", "increase", "bump", "lift", "push up", "move up", "alza", "aumenta", "sube", "augmente", "monte", "erhöh", "hebe",
		"verhoog", "sobe", "suba", "aumente", "abaixa", "diminui", "reduz", "baixa", "lower", "decrease", "reduce", "drop", "cut", "move down", "abbassa", "riduci", "diminuisci", "baja", "disminuye", "baisse",
		"diminue", "réduis", "senke", "verringere", "verlaag", "提高", "调高", "升高", "加", "增加", "上调", "降低", "调低", "减", "下调"}
)

func boundCue(text string) bool {
	l := strings.ToLower(text)
	return slices.ContainsFunc(boundEnds, func(c string) bool { return strings.Contains(l, c) }) &&
		slices.ContainsFunc(boundVerbs, func(c string) bool { return strings.Contains(l, c) })
}

// endNumRE is a rule's bound told as one end and its number: "minimum
// depth of 10x", "profundidade mínima de 10x", "at most 50", "máximo 4".
var (
	lowNumRE  = mustPattern(`(?i)(?:^|[^\p{L}])(?:min(?:imum)?|m[ií]nim[oa]|at least|pelo menos|al menos|mindestens|au moins)(?:\s+\p{L}+){0,2}?\s+(?:of\s+|de\s+|da\s+|do\s+|di\s+)?(?P<n>\d+(?:[.,]\d+)?)`)
	highNumRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:max(?:imum)?|m[aá]xim[oa]|at most|no more than|up to|h[öo]chstens|au plus)(?:\s+\p{L}+){0,2}?\s+(?:of\s+|de\s+|da\s+|do\s+|di\s+)?(?P<n>\d+(?:[.,]\d+)?)`)
)

// endMoved restates the newest active rule that holds one low (or high)
// end with its number and shares a word with the sentence (rest: its
// words besides the change), with the number moved by amount.
func (r *Reducer) endMoved(s string, rest map[string]bool, low bool, amount float64, ref EventRef) {
	re := highNumRE
	if low {
		re = lowNumRE
	}
	var rule *Anchor
	var at []int
	for _, a := range r.sorted() {
		if a.Kind != KindConstraint || a.Lifecycle != Active || a.Seq() >= ref.Seq {
			continue
		}
		locs := re.FindAllStringSubmatchIndex(a.Value, 2)
		if len(locs) != 1 {
			continue
		}
		if n, _ := sharedStems(rest, terms(a.Value)); n == 0 {
			continue
		}
		if rule == nil || newer(a, rule) {
			rule, at = a, locs[0][2:4]
		}
	}
	if rule == nil {
		return
	}
	old := rule.Value[at[0]:at[1]]
	nv, ok := movedBy(old, amount)
	if !ok {
		return
	}
	// the unit written onto the number goes with it: "15x (was 10x)"
	unit := attachedUnitRE.FindString(rule.Value[at[1]:])
	end := at[1] + len(unit)
	r.restate(rule, rule.Value[:at[0]]+nv+unit+" (was "+old+unit+")"+rule.Value[end:], kindLetter[KindConstraint]+strconv.Itoa(ref.Seq)+".0", ref)
}

// attachedUnitRE is a unit written onto a number: "10x", "40ms", "5%".
var attachedUnitRE = mustPattern(`^(?:[a-zA-Z%]{1,3})(?:\b|$)`)

// movedBy is the number old moved by amount, written with old's decimal
// mark ("10,5" stays with a comma); false when old is no number.
func movedBy(old string, amount float64) (string, bool) {
	v, err := strconv.ParseFloat(strings.ReplaceAll(old, ",", "."), 64)
	if err != nil {
		return "", false
	}
	nv := strconv.FormatFloat(v+amount, 'f', -1, 64)
	if strings.Contains(old, ",") {
		nv = strings.ReplaceAll(nv, ".", ",")
	}
	return nv, true
}
