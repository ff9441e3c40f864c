package projection

import (
	"strconv"
	"strings"
)

// Hypotheses the agent numbers, and its verdict on each by number.
//
// "Two hypotheses: 1) tag is varchar(1024), 4096 bytes over the 3072
// limit; 2) Flyway is too old for MySQL 8." … (a run) … "Flyway 8.5.13
// supports MySQL 8, hypothesis 2 is ruled out. Hypothesis 1 holds: …";
// "两个假设：1) …；2) …" … "假设 2 不成立。假设 1 成立：…": the agent lists
// the candidates it will check under a label, and settles each by its
// number. Each item is a hypothesis of its own (its number its Name,
// "#1"), so one refuted and one confirmed are two verdicts, not one
// guess holding both. A verdict by number closes the newest open item
// with that number, after a tool ran since the list (§17: a check
// behind it, as closeHypothesis asks of any verdict).
var (
	// hypListRE labels a list of hypotheses: "two hypotheses:",
	// "possible causes:", "两个假设：", "可能的原因：", "仮説は2つ：".
	hypListRE = mustPattern(`(?i)(?:\b(?:(?:two|three|four|a few|several|some|my|the|\d)\s+)?(?:hypotheses|possible causes|candidate causes|likely causes|theories|suspects)|\b(?:hipótesis|hipóteses|hypothèses|hypothesen|ipotesi|hipotezy|гипотезы|гіпотези)|(?:两|三|几|[二三四2-4])?(?:个|种)?(?:假设|可能的原因|可能原因|怀疑点|猜测)|仮説(?:は)?(?:[二三2-4]つ)?)\s*[:：]\s*`)
	// hypItemRE is an item's number mark: "1)", "(2)", "3.", "1、",
	// at the start or after a space or a separator, not the "4)" of
	// "varchar(1024)".
	hypItemRE = mustPattern(`(?:^|[\s；;，,。:：])[(（]?(?P<n>[1-9])[)）.、]\s*`)
	// hypNumVerdictRE is a verdict on a hypothesis by its number: group
	// r refutes ("hypothesis 2 is ruled out", "假设 2 不成立"), group c
	// confirms ("hypothesis 1 holds", "假设 1 成立").
	hypNumVerdictRE = mustPattern(`(?i)(?:\b(?:hypothesis|hipótesis|hipótese|hypothèse|hypothese|ipotesi|hipoteza|гипотеза)|假设|仮説)\s*(?:#|no\.\s*|nr\.\s*)?(?P<n>[1-9])\s*(?:(?P<r>(?:is\s+|was\s+)?(?:ruled\s+out|refuted|wrong|false|out|disproved|eliminated)|(?:doesn't|does\s+not|didn't|did\s+not)\s+hold|不成立|被排除|排除|不对|错了|不是原因|は(?:外れ|否定|違))|(?P<c>(?:is\s+|was\s+)?(?:confirmed|correct|right|true|verified)|holds|成立|得到证实|被证实|证实了?|是对的|没错|は(?:正しい|確定|当たり)))`)
)

// hypothesisList is the proposals of the hypotheses agent text lists by
// number under a label (see above), and the span of text they take; nil
// when it lists fewer than two.
func hypothesisList(text string) ([]Proposal, string) {
	loc := hypListRE.FindStringIndex(text)
	if loc == nil {
		return nil, ""
	}
	body := text[loc[1]:]
	if i := strings.Index(body, "\n\n"); i >= 0 {
		body = body[:i]
	}
	marks := hypItemRE.FindAllStringSubmatchIndex(body, -1)
	var out []Proposal
	want := 1
	var starts, ends []int
	for _, m := range marks {
		n, _ := strconv.Atoi(body[m[2]:m[3]])
		if n != want {
			continue
		}
		want++
		starts = append(starts, m[1])
		ends = append(ends, m[0])
	}
	if len(starts) < 2 {
		return nil, ""
	}
	end := len(body)
	if i := strings.IndexAny(body[starts[len(starts)-1]:], "\n"); i >= 0 {
		end = starts[len(starts)-1] + i
	}
	for i, st := range starts {
		e := end
		if i+1 < len(starts) {
			e = ends[i+1]
		}
		item := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(body[st:e]), "；;，,。."))
		if len(terms(item)) < 2 || questionRE.MatchString(item) {
			return nil, ""
		}
		out = append(out, Proposal{Op: OpState, Kind: KindUncertainty, Key: hypothesisPrefix + slug(item), Name: "#" + strconv.Itoa(i+1), Value: item, Quote: item, Links: mentions(item)})
	}
	return out, text[loc[0] : loc[1]+end]
}

// numberedVerdicts are the verdicts agent sentence l gives hypotheses by
// their number: each a lift of the item ("#2") confirmed or refuted.
func numberedVerdicts(l string) []Proposal {
	var out []Proposal
	for _, m := range hypNumVerdictRE.FindAllStringSubmatchIndex(l, -1) {
		name := confirmedName
		if m[2*hypNumVerdictRE.SubexpIndex("r")] >= 0 {
			name = refutedName
		}
		n := l[m[2*hypNumVerdictRE.SubexpIndex("n")]:m[2*hypNumVerdictRE.SubexpIndex("n")+1]]
		out = append(out, Proposal{Op: OpLift, Kind: KindUncertainty, Key: hypothesisPrefix + "#" + n, Name: name, Value: l, Quote: l})
	}
	return out
}

// closeNumbered closes the newest open hypothesis whose number verdict p
// names (its Key ends "#N"), stated before ref and before a tool ran
// since; it reports whether p named one.
func (r *Reducer) closeNumbered(p *Proposal, ref EventRef) bool {
	i := strings.LastIndex(p.Key, "#")
	if i < 0 || !strings.HasPrefix(p.Key, hypothesisPrefix) {
		return false
	}
	n := p.Key[i:]
	var best *Anchor
	for _, h := range r.sorted() {
		if h.Kind != KindUncertainty || !h.IsHead() || h.Name != n || !strings.HasPrefix(h.Key, hypothesisPrefix) || h.Seq() >= ref.Seq || r.resultSeq <= h.Seq() {
			continue
		}
		if best == nil || h.Seq() > best.Seq() {
			best = h
		}
	}
	if best == nil {
		return true
	}
	best.Lifecycle = Established
	if p.Name == refutedName {
		best.Lifecycle = Rejected
	}
	best.Because = p.Quote
	best.addRef(ref)
	return true
}
