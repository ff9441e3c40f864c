package projection

import (
	"strings"
	"unicode"
)

// Decisions reversed, and decisions said in Japanese.
//
// "Reversing that decision: Postgres 14 has no MERGE, so `merge` is not
// an option. fct_orders stays on `delete+insert` …": a decision taken
// back by name ("that decision", "the earlier decision", "撤回之前的决定",
// "先ほどの決定を取り消します") is no longer in force: the decision the
// rest of the sentence names, else the newest one, is superseded with the
// sentence as its reason, and the next statement of the same message is
// the course taken in its place.
//
// "full mode 关掉吧，反射的地方太多了": a thing the user turns off that an
// active decision turned on ("决定：开启 R8 full mode") reverses that
// decision; turning off a thing no decision turned on reverses nothing.
//
// "…にします", "それで行きます", "…に決めました", "決定: …": the Japanese
// forms of "I'll make it …", "we'll go with that", "decided on …",
// "Decision: …".

// decisionReversedRE takes a decision back by name.
var decisionReversedRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|actually|update)[,:]?\s+)*(?:(?:i'm|i am|we're|we are|i'll|we'll|i will|we will)\s+)?(?:revers(?:e|ing)|revert(?:ing)?|revok(?:e|ing)|undo(?:ing)?|withdraw(?:ing)?|tak(?:e|ing) back|scrap(?:ping)?|rescind(?:ing)?)\s+(?:that|this|the|my|our)\s+(?:(?:earlier|previous|last|above|original|first)\s+)?(?:decision|choice|call)\b|^\W*(?:(?:that|this|the|my|our)\s+)?(?:(?:earlier|previous|last|original)\s+)?decision\s+(?:is\s+)?(?:reversed|revoked|withdrawn|rescinded)\b|^(?:我|我们)?(?:撤回|推翻|撤销|收回)(?:了)?(?:之前|刚才|上面|原来|前面)?的?(?:这个|那个)?决定|^(?:之前|刚才|原来|上面)的?决定(?:作废|撤回|推翻|取消)|^(?:(?:先ほど|さっき|前|以前|最初)の|この|その)?決定を(?:取り消|撤回|覆)|^(?:(?:ich|wir)\s+(?:nehme|nehmen|revidiere|revidieren)\s+(?:die|diese|meine|unsere)\s+(?:frühere\s+|letzte\s+)?entscheidung)\b|^(?:je\s+reviens|nous\s+revenons|on\s+revient)\s+sur\s+(?:cette|ma|notre|la)\s+(?:décision|choix)\b|^(?:revierto|revertimos|anulo|anulamos)\s+(?:esa|esta|mi|nuestra|la)\s+decisión\b`)

// reversedCourse reports whether s, a sentence after a reversal, states
// the course taken in its place: a statement, not a question, a hedge,
// a step of the work or a rejection.
func reversedCourse(s string) bool {
	return !questionRE.MatchString(s) && !hypothesisRE.MatchString(s) && !exploreLeadRE.MatchString(s) && !stepNarration(s) &&
		!negativeRE.MatchString(s) && !rulesOutRE.MatchString(s) && len(terms(s)) >= minTerms
}

// jaDecisionRE ends a Japanese sentence that commits to a course, or
// opens one labelled a decision.
var jaDecisionRE = mustPattern(`^(?:決定|方針|決定を変更|方針を変更)\s*[:：]\s*(.+)|^(.+?(?:に|で)(?:します|しました|決めました|決定しました|行きます|いきます|進めます)|.+?(?:を|で)(?:使います|採用します))[。.!！]?$`)

// jaSwitchRE is a Japanese decision that replaces an earlier one.
var jaSwitchRE = mustPattern(`決定を変更|方針を変更|ではなく|じゃなくて|の代わりに|は使わず|はやめ|に切り替え|に変更`)

// goalSaidRE is the objective said again by the agent ("目标改为：…",
// "The goal is now …", "目標を…に変更"): the objective, not a choice
// of the agent's.
var goalSaidRE = mustPattern(`(?i)^\W*(?:(?:the|our|my|new)\s+)?(?:objective|goal|task|aim)\s+(?:is\s+now|now\s+is|changed\s+to|has\s+changed\s+to|becomes)\b|^(?:现在的?|新的?|本周的?|这周的?)?(?:目标|任务|目的)\s*(?:已)?(?:改为|改成|变为|变成|调整为|更新为|换成)|^(?:目標|目的|タスク)\s*(?:を|は)?\s*.{0,20}?(?:に変更|変更)`)

// turnOffRE turns a thing off: "turn R8 full mode off", "disable
// full mode", "full mode 关掉吧", "关掉 full mode", "full mode をオフにして".
// x, z and j hold the thing.
var turnOffRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|then|and|actually|ugh|please)[,]?\s+)*(?:(?:turn|switch)\s+(?:the\s+)?(?P<x>[\w.\-/` + "`" + `]+(?:\s+[\w.\-/` + "`" + `]+){0,3}?)\s+off|disable\s+(?:the\s+)?(?P<y>[\w.\-/` + "`" + `]+(?:\s+[\w.\-/` + "`" + `]+){0,3}))\b|^(?:把\s*)?(?P<z>[\w.\-/` + "`" + `]+(?:\s+[\w.\-/` + "`" + `]+){0,3}?)\s*(?:还是|也|先)?(?:关掉|关闭|关了|禁用)|^(?:关掉|关闭|禁用)\s*(?P<w>[\w.\-/` + "`" + `]+(?:\s+[\w.\-/` + "`" + `]+){0,3})|^(?P<j>[\w.\-/` + "`" + `]+(?:\s+[\w.\-/` + "`" + `]+){0,3}?)\s*(?:は|を)?\s*(?:オフに|無効に|切って|止めて)`)

// turnOnRE is a decision turning a thing on.
var turnOnRE = mustPattern(`(?i)\b(?:turn(?:ed|ing)?\s+on|enabl(?:e|ed|ing)|switch(?:ed|ing)?\s+on)\b|开启|打开|启用|有効に|オンに`)

// turnedOffChoices adds to out, for user text, the turning off of a
// thing (turnOffRE): a decision, kept by the reducer only where an active
// decision turned the thing on (see above).
func turnedOffChoices(text string, out []Proposal) []Proposal {
	for _, s := range sentences(text) {
		s = strings.TrimSpace(s)
		x := turnedOffThing(s)
		if x == "" || turnedAlready(out, s) {
			// A sentence read as the answer to the agent's question
			// reverses the decision as that answer (reduceapply.go,
			// answerTurnsOff).
			continue
		}
		out = append(out, Proposal{Op: OpState, Kind: KindDecision, Name: turnedOffName, Key: "decision/-/" + slug(s), Value: s, Quote: s, Replaces: x, Links: mentions(s)})
	}
	return out
}

// turnedOffThing is the thing the user's sentence s turns off, in its
// first clause, or "".
func turnedOffThing(s string) string {
	cl := clauseSpans(s)
	if len(cl) == 0 || questionRE.MatchString(s) {
		return ""
	}
	first := strings.TrimRight(strings.TrimSpace(cl[0]), ",;，；—–-. ")
	m := turnOffRE.FindStringSubmatch(first)
	if m == nil {
		return ""
	}
	return strings.TrimSpace(strings.Trim(groups(turnOffRE, m, "x", "y", "z", "w", "j"), "`"))
}

// answerTurnsOff reverses, for the user's answer quote to the agent's
// question ("两个方案：1）加 keep 规则；2）关掉 full mode。你倾向哪个？" —
// "full mode 关掉吧，反射的地方太多了"), the active decision that turned
// on the thing a sentence of the answer turns off, as turnedOffChoices
// does for a sentence said unasked; the answer stays the decision shown,
// with its question.
func (r *Reducer) answerTurnsOff(quote, id string, ref EventRef) {
	for _, s := range sentences(quote) {
		x := turnedOffThing(strings.TrimSpace(s))
		if x == "" {
			continue
		}
		r.turnValueOff(x, id, ref)
		if o := r.turnedOn(x); o != nil {
			o.Because = quote
			o.addRef(ref)
			r.retire(o, Superseded)
		}
	}
}

// turnedOffName marks a decision turning a thing off.
const turnedOffName = "turned-off"

// groups joins the named groups of re in m.
func groups(re *pattern, m []string, names ...string) string {
	var b strings.Builder
	for _, n := range names {
		if i := re.SubexpIndex(n); i >= 0 {
			b.WriteString(m[i])
		}
	}
	return b.String()
}

// turnedAlready reports whether a decision of out already reads s.
func turnedAlready(out []Proposal, s string) bool {
	for _, p := range out {
		if p.Kind == KindDecision && p.Quote != "" && strings.Contains(s, p.Quote) {
			return true
		}
	}
	return false
}

// turnedOn is the active decision that turned on the thing x, or nil.
func (r *Reducer) turnedOn(x string) *Anchor {
	xs := stems(x)
	if len(xs) == 0 {
		return nil
	}
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindDecision || a.Lifecycle != Active || !turnOnRE.MatchString(a.Value) {
			continue
		}
		if n, _ := sharedStems(xs, stems(a.Value)); n == len(xs) && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// reversedName marks the lift of a decision taken back by name.
const reversedName = "reversed"

// reverseDecision retires the decision a reversal names (p.Value holds
// what it says beyond the mark), else the newest one; the agent's
// reversal never takes back what the user chose.
func (r *Reducer) reverseDecision(ev *Event, p *Proposal, ref EventRef) {
	var d *Anchor
	if subj := courseSubject(p.Value); subj != "" {
		// "I'm reversing the choice: the export will stream rows …":
		// the course after the mark says what the reversed choice was
		// about; a decision about something else ("cursor pagination",
		// though the stream reads "via a Prisma cursor") stays, and when
		// none is about it, none is taken back.
		d = r.decisionNaming(subj)
	} else if d = r.decisionNaming(p.Value); d == nil {
		d = r.newestChoice()
	}
	if d == nil || ev.Role == RoleAssistant && d.Authority == Normative {
		return
	}
	d.Because = p.Quote
	d.addRef(ref)
	r.retire(d, Superseded)
}

// reversedDecision is the lift of the decision sentence s takes back by
// name, or ok false.
func reversedDecision(s string) (Proposal, bool) {
	loc := decisionReversedRE.FindStringIndex(s)
	if loc == nil || questionRE.MatchString(s) {
		return Proposal{}, false
	}
	rest := strings.TrimSpace(strings.TrimLeft(s[loc[1]:], ":：,，;；—–- "))
	return Proposal{Op: OpLift, Kind: KindDecision, Name: reversedName, Value: rest, Quote: s}, true
}

// courseSubjectRE is a course stated with its subject first: "the export
// will stream …", "fct_orders stays on delete+insert", "der Export wird
// gestreamt", "l'export sera streamé". Group s is the subject.
var courseSubjectRE = mustPattern(`(?i)^\W*(?P<s>[^,:;.!?()]{2,60}?)\s+(?:will|'ll|shall|is going to|are going to|stays|stay|remains|goes|moves|now uses|wird|werden|bleibt|bleiben|sera|seront|reste|restent|va|vont)\s`)

// courseSubject is the subject of the course rest states after a
// reversal mark, "" when it names none beyond a pronoun or a generic
// word ("that approach will …").
func courseSubject(rest string) string {
	m := courseSubjectRE.FindStringSubmatch(rest)
	if m == nil {
		return ""
	}
	s := m[courseSubjectRE.SubexpIndex("s")]
	xs := stems(s)
	for _, g := range genericRefs {
		delete(xs, g)
	}
	if len(xs) == 0 || subjectPronounRE.MatchString(s) {
		return ""
	}
	return s
}

// subjectPronounRE is a subject that is only a pronoun.
var subjectPronounRE = mustPattern(`(?i)^\W*(?:it|this|that|we|i|they|er|sie|es|wir|ich|il|elle|on|nous)\W*$`)

// droppedThingRE names what a switch drops: "instead of X", "X は使わず",
// "X ではなく", "不再使用 X".
var droppedThingRE = mustPattern(`(?i)\b(?:instead of|rather than|in place of)\s+(?P<x>\S+(?:\s+\S+)?)|(?:^|[\s:：、，,])(?P<j>[^\s:：、，,]+)\s*(?:は使わず|はやめ|ではなく|じゃなくて|の代わりに)|不再使用\s*(?P<z>[^\s，,。]+)`)

// droppedDecision is the active decision naming the thing the switch v
// says it drops, or nil.
func (r *Reducer) droppedDecision(v string) *Anchor {
	m := droppedThingRE.FindStringSubmatch(v)
	if m == nil {
		return nil
	}
	x := groups(droppedThingRE, m, "x", "j", "z")
	if len(stems(x)) == 0 {
		return nil
	}
	return r.decisionNaming(x)
}

// onOff pairs a value that holds a switch on with the value that holds
// it off.
var onOff = map[string]string{"true": "false", "on": "off", "enabled": "disabled", "yes": "no", "1": "0"}

// turnValueOff sets to off the switch x names among the current values
// held on: the one whose setting, letters and digits only, holds x's
// ("full mode" of android.enableR8.fullMode).
func (r *Reducer) turnValueOff(x, id string, ref EventRef) {
	cx := compactName(x)
	if len([]rune(cx)) < 4 {
		return
	}
	for _, a := range r.sorted() {
		off, ok := onOff[strings.ToLower(strings.TrimSpace(a.Value))]
		if a.Kind != KindValue || a.Lifecycle != Current || !ok || !strings.Contains(compactName(property(a.Key)+" "+a.Name), cx) {
			continue
		}
		was := a.Value
		r.restate(a, off, kindLetter[KindValue]+id[1:], ref)
		if nc := r.hot[slot(KindValue, a.Key)]; nc != nil {
			nc.Was = was
		}
		return
	}
}

// compactName is s lower-cased, letters and digits only.
func compactName(s string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		if unicode.IsLetter(c) || unicode.IsDigit(c) {
			b.WriteRune(c)
		}
	}
	return b.String()
}
