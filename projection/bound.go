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
	boundChangeRE = mustPattern(`(?i)\b(?:(?P<up>raise|increase|bump|lift|push up|move up|alza|aumenta|sube|aumenta|augmente|monte|erhöhe|erhöh|hebe|verhoog)|(?P<down>lower|decrease|reduce|drop|cut|move down|abbassa|riduci|diminuisci|baja|reduce|disminuye|baisse|diminue|réduis|senke|verringere|verlaag))\s+(?:the\s+|il\s+|la\s+|el\s+|le\s+|das\s+|die\s+|den\s+|de\s+|het\s+)?(?:(?P<lo>min(?:imum)?|minimo|mínimo|untergrenze|lower (?:bound|limit|end)|floor|bottom|ondergrens)|(?P<hi>max(?:imum)?|massimo|máximo|obergrenze|upper (?:bound|limit|end)|ceiling|cap|top|bovengrens))\s+(?:by|di|en|de|um|met|of)\s+(?P<n>\d+(?:[.,]\d+)?)|(?P<zlo>下限|最小值|最低值|最低)\s*(?P<zv>提高|调高|升高|加|增加|上调|降低|调低|减|减少|下调)\s*(?P<zn>\d+(?:\.\d+)?)|(?P<zhi>上限|最大值|最高值|最高)\s*(?P<zv2>提高|调高|升高|加|增加|上调|降低|调低|减|减少|下调)\s*(?P<zn2>\d+(?:\.\d+)?)`)
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
		v, err := strconv.ParseFloat(strings.ReplaceAll(old, ",", "."), 64)
		if err != nil {
			continue
		}
		nv := strconv.FormatFloat(v+amount, 'f', -1, 64)
		if strings.Contains(old, ",") {
			nv = strings.ReplaceAll(nv, ".", ",")
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
		"verhoog", "lower", "decrease", "reduce", "drop", "cut", "move down", "abbassa", "riduci", "diminuisci", "baja", "disminuye", "baisse",
		"diminue", "réduis", "senke", "verringere", "verlaag", "提高", "调高", "升高", "加", "增加", "上调", "降低", "调低", "减", "下调"}
)

func boundCue(text string) bool {
	l := strings.ToLower(text)
	return slices.ContainsFunc(boundEnds, func(c string) bool { return strings.Contains(l, c) }) &&
		slices.ContainsFunc(boundVerbs, func(c string) bool { return strings.Contains(l, c) })
}
