package projection

import (
	"fmt"
	"strconv"
	"strings"
)

// Rules called off, excepted or re-pinned in the words of Swedish,
// Ukrainian and Hindi users (and the same forms in English, German,
// Russian).
//
//   - "släpp --reuse-db helt, regeln är död", "drop --reuse-db entirely,
//     the rule is dead", "--reuse-db прибираємо, правило мертве": the rule
//     is declared dead beside an identifier that one active rule names
//     ("pytest alltid med --reuse-db"); that rule is lifted.
//   - "glöm RunPython-regeln för backfillen, RunSQL är ok där", "forget the
//     RunPython rule for the backfill", "забудь правило про RunPython для
//     backfill", "backfill के लिए RunPython वाला rule भूल जाओ": the rule
//     named is forgotten for a part only, so it is restated with the
//     sentence as its exception. Forgotten with no part named, it is lifted.
//   - "для staging apply можеш робити сам, без мого OK. для prod правило в
//     силі", "for staging you can apply yourself. for prod the rule
//     stands": a permission beside the rule said to stay for another part
//     is the rule's exception; the rule stays active, restated with it.
//   - "1.15.2 पर चले जाओ, pin वहीं रखो", "move to 1.15.2, keep the pin
//     there", "по правилу про версії … міняємо: ~> 5.31 ок": a change to a
//     new version of the same major, in a message that speaks of the pin
//     or the rule, restates the one active rule holding a version of that
//     major with the new one ("(was 1.14.0)"); the rule stays a pin.
//
// A question, a negation, a rule said to stay ("regeln gäller", "the rule
// stays") with no permission beside it, a "forget it" about anything but
// a rule, and a name or version no active rule holds change nothing.

var (
	// deadRuleRE declares a rule dead or gone.
	deadRuleRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:(?:the|that|this)\s+rule\s+(?:is|'s)\s+(?:dead|gone|history)|regeln\s+är\s+(?:död|borta|slut|historia|avskaffad)|die\s+regel\s+ist\s+(?:tot|weg|gestorben|hinfällig)|правило\s+(?:вже\s+)?(?:мертве|померло|мертво|умерло|скасоване|відмінене|більше\s+не\s+діє|больше\s+не\s+действует))(?:[^\p{L}]|$)|(?:नियम|rule)\s+(?:अब\s+)?(?:खत्म|ख़त्म|मर\s+गया|dead|हटा\s+दिया|रद्द)`)
	// forgetRuleREs forget a rule by its name (x), with what follows
	// the name after the match.
	forgetRuleREs = []*pattern{
		mustPattern(`(?i)(?:^|[^\p{L}])(?:forget|drop|scrap|ditch)\s+(?:about\s+)?(?:the|that|my|our)\s+(?P<x>[\p{L}\d_.\-]{2,30}?)[\s-]+rule(?:[^\p{L}]|$)`),
		mustPattern(`(?i)(?:^|[^\p{L}])(?:glöm|släpp|stryk|skippa)\s+(?:den\s+)?(?P<x>[\p{L}\d_.\-]{2,30}?)-?regeln(?:[^\p{L}]|$)`),
		mustPattern(`(?i)(?:^|[^\p{L}])(?:glöm|släpp|stryk|skippa)\s+regeln\s+(?:om|kring|med)\s+(?P<x>[\p{L}\d_.\-]{2,30})`),
		mustPattern(`(?i)(?:^|[^\p{L}])(?:vergiss|streich|kipp)\s+die\s+(?P<x>[\p{L}\d_.\-]{2,30}?)-?regel(?:[^\p{L}]|$)`),
		mustPattern(`(?i)(?:^|[^\p{L}])(?:забудь|забудьте|забудемо|скасовуємо|знімаємо|забудь\s+про|забудьте\s+про)\s+(?:це\s+|то\s+|это\s+)?правило\s+(?:про|щодо|з|на|о|об|про\s+те)\s+(?P<x>[\p{L}\d_.\-]{2,30})`),
		mustPattern(`(?P<x>[\p{L}\d_.\-]{2,30})\s+(?:वाला|वाले|वाली|का|की|के)\s+(?:rule|नियम)\s+(?:को\s+)?(?:भूल\s+जा|हटा\s+दो|हटाओ|छोड़\s+दो|छोड़ो)`),
	}
	// forgetScopeRE opens what follows a rule's name with the part it is
	// forgotten for: "for the backfill", "för backfillen", "для backfill".
	forgetScopeRE = mustPattern(`(?i)^\s*(?:for|in|on|för|i|på|für|bei|im|для|у|в|на)\s+\S`)
	// hiScopeRE is a Hindi part named before the rule: "backfill के लिए".
	hiScopeRE = mustPattern(`\S+\s+(?:के\s+लिए|में|पर)\s`)
	// ruleStaysForRE says the rule stays in force for a part (s).
	ruleStaysForRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:for\s+(?P<s1>[\w.\-/]+)\s+(?:the\s+rule|rule\s+(?:#|№\s*)?\d+)\s+(?:stands|stays|holds|applies|still\s+applies|is\s+still\s+in\s+force)|the\s+rule\s+(?:stands|stays|holds|still\s+applies)\s+for\s+(?P<s2>[\w.\-/]+)|för\s+(?P<s3>[\w.\-/]+)\s+gäller\s+regeln|regeln\s+gäller\s+(?:fortfarande\s+|still\s+)?för\s+(?P<s4>[\w.\-/]+)|für\s+(?P<s5>[\w.\-/]+)\s+gilt\s+die\s+regel|для\s+(?P<s6>[\p{L}\w.\-/]+)\s+правило(?:\s+(?:#|№\s*)?\d+)?\s+(?:в\s+силі|у\s+силі|діє|лишається|залишається|в\s+силе|действует|остаётся|остается)|правило(?:\s+(?:#|№\s*)?\d+)?\s+(?:в\s+силі|діє|лишається|залишається|в\s+силе|действует)\s+для\s+(?P<s7>[\p{L}\w.\-/]+))(?:[^\p{L}]|$)|(?P<s8>[\w.\-/]+)\s+(?:के\s+लिए|पर)\s+(?:rule|नियम)\s+(?:लागू|बना\s+रहेगा|रहेगा|वैसा\s+ही)`)
	// selfPermitRE is a permission to the agent: "you can", "du får",
	// "можеш", "कर सकते हो", or the user's approval waived.
	selfPermitRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:you\s+can|you\s+may|feel\s+free|du\s+får|får\s+du|du\s+kan|kan\s+du|ni\s+får|du\s+darfst|du\s+kannst|можеш|можете|можна|можно|without\s+my\s+(?:ok|okay|approval)|utan\s+mitt\s+(?:ok|godkännande)|без\s+мого\s+(?:ok|ок|дозволу)|без\s+моего\s+(?:ok|ок))(?:[^\p{L}]|$)|(?:कर\s+सकते|कर\s+सकती|कर\s+सकता|खुद\s+कर|मेरे\s+(?:OK|ok)\s+के\s+बिना|बिना\s+पूछे)`)
	// permitScopeRE names the part a permission holds in.
	permitScopeRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:for|on|in|för|på|i|für|auf|для|на|у|в)\s+[\p{L}\w.\-/]+|\S+\s+(?:के\s+लिए|पर|में)\s`)
	// versionRE is a version, with the operator that pins it.
	versionRE = mustPattern(`(?:(?:~>|>=|<=|==|=|\^|~)\s*)?v?(\d+)\.\d+(?:\.\d+)*\b`)
	// repinCueRE says a message changes a pinned version: a word of
	// change or of pinning.
	repinCueRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:move|moving|switch|go|bump|upgrade|change|pin|pinned|byt|gå|bumpa|uppgradera|pinna|міняємо|змінюємо|переходимо|оновлюємо|пін|пінимо|меняем|переходим|пин)(?:[^\p{L}]|$)|चले\s+जाओ|चलो|बदल|अपग्रेड`)
	// repinRuleRE names the pin or the rule in the message.
	repinRuleRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:pin|pinned|pinning|pinn\p{L}*|the\s+rule|regeln|правил\p{L}*|пін\p{L}*|пин\p{L}*)(?:[^\p{L}]|$)|नियम`)
	// repinOffRE is a negation or a condition in the clause of the new
	// version: "don't move to", "om vi byter", "якщо", "मत", "अगर".
	repinOffRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:not|don't|never|if|whether|inte|aldrig|om|не|ні|якщо|если|nicht|wenn)(?:[^\p{L}]|$)|मत|नहीं|अगर`)
	// forNowRE opens what follows a forgotten rule with "for now".
	forNowRE = mustPattern(`(?i)^\s*(?:for\s+now|för\s+nu|für\s+jetzt|поки\s+що|пока\s+что|अभी\s+के\s+लिए)`)
	// hiNegRE is a Hindi negation, which follows its verb.
	hiNegRE = mustPattern(`मत|नहीं`)
)

// rulesSaidOff reads the forms above in a user message.
func (r *Reducer) rulesSaidOff(ev *Event, ref EventRef) {
	if ev.Role != RoleUser {
		return
	}
	ss := sentences(ev.Text)
	for i, s := range ss {
		s = strings.TrimSpace(s)
		if strings.ContainsAny(s, "?？") || questionRE.MatchString(s) {
			continue
		}
		id := fmt.Sprintf("%s%d.rd%d", kindLetter[KindConstraint], ev.Seq, i)
		if r.forgotRule(s, ref, id) {
			continue
		}
		r.deadRule(s, ref)
	}
	r.ruleStaysFor(ss, ref, ev.Seq)
	r.repinned(ev.Text, ss, ref)
}

// deadRule lifts the one active rule naming an identifier of sentence s
// when s declares the rule dead.
func (r *Reducer) deadRule(s string, ref EventRef) {
	if !deadRuleRE.MatchString(s) {
		return
	}
	var found *Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || a.Seq() >= ref.Seq || thingNamedIn(s, a.Value) == "" {
			continue
		}
		if found != nil {
			return
		}
		found = a
	}
	if found == nil {
		return
	}
	found.Lifecycle = Lifted
	found.Because = s
	found.addRef(ref)
}

// forgotRule excepts from or lifts the rule sentence s forgets by its
// name; false when s forgets no active rule.
func (r *Reducer) forgotRule(s string, ref EventRef, id string) bool {
	for _, re := range forgetRuleREs {
		m := re.FindStringSubmatchIndex(s)
		if m == nil {
			continue
		}
		k := re.SubexpIndex("x")
		x := s[m[2*k]:m[2*k+1]]
		a := r.ruleNamedBy(x, ref.Seq)
		if a == nil {
			a = r.ruleNamedBy(strings.Trim(x, "-"), ref.Seq)
		}
		if a == nil || a.Lifecycle != Active {
			return false
		}
		rest := s[m[1]:]
		if forNowRE.MatchString(rest) {
			// "forget the X rule for now": a lift for a while, left to
			// the readings of lifts
			return false
		}
		if forgetScopeRE.MatchString(rest) || partLiftRE.MatchString(rest) || hiScopeRE.MatchString(s[:m[0]]) {
			r.exceptWhole(a, s, x, ref, id)
			return true
		}
		if hiNegRE.MatchString(s[m[1]:]) {
			// "… rule भूल जाओ मत": the Hindi negation after its verb
			return false
		}
		a.Lifecycle = Lifted
		a.Because = s
		a.addRef(ref)
		return true
	}
	return false
}

// ruleStaysFor excepts the permission of message ss from the one active
// rule it names, when another sentence or clause of the message keeps
// the rule in force for a part.
func (r *Reducer) ruleStaysFor(ss []string, ref EventRef, seq int) {
	stays := -1
	for i, s := range ss {
		if ruleStaysForRE.MatchString(s) {
			stays = i
			break
		}
	}
	if stays < 0 {
		return
	}
	for i, s := range ss {
		p := strings.TrimSpace(s)
		if i == stays {
			// "for staging you can apply, for prod the rule stands":
			// the permission before the rule kept
			loc := ruleStaysForRE.FindStringIndex(p)
			p = strings.TrimRight(strings.TrimSpace(p[:loc[0]]), ",;")
		}
		if p == "" || strings.ContainsAny(p, "?？") || !selfPermitRE.MatchString(p) || !permitScopeRE.MatchString(p) {
			continue
		}
		ts := stems(p)
		c := r.bestOf(func(a *Anchor) int {
			if a.Kind != KindConstraint || a.Lifecycle != Active || a.Authority != Normative || a.Seq() >= seq {
				return 0
			}
			n, _ := sharedStems(ts, stems(strings.SplitN(a.Value, " — except: ", 2)[0]))
			return n
		})
		if c == nil {
			continue
		}
		r.exceptWhole(c, p, "", ref, fmt.Sprintf("%s%d.rs%d", kindLetter[KindConstraint], seq, i))
		return
	}
}

// repinned restates the one active rule holding a version of the major a
// message changes to (see above).
func (r *Reducer) repinned(text string, ss []string, ref EventRef) {
	if !repinCueRE.MatchString(text) || !repinRuleRE.MatchString(text) {
		return
	}
	for _, s := range ss {
		for _, m := range versionRE.rx().FindAllStringSubmatchIndex(s, -1) {
			nv := strings.TrimSpace(s[m[0]:m[1]])
			head := s[:m[0]]
			if k := strings.LastIndexAny(head, ",;:—"); k >= 0 {
				head = head[k+1:]
			}
			clause := s[m[1]:]
			if k := strings.IndexAny(clause, ",;.("); k >= 0 {
				clause = clause[:k]
			}
			if repinOffRE.MatchString(head) || hiNegRE.MatchString(clause) || !repinCueRE.MatchString(head+" "+clause) && !repinCueRE.MatchString(s) {
				continue
			}
			major := s[m[2]:m[3]]
			r.repinTo(nv, major, ref)
		}
	}
}

// repinTo restates the one active rule holding a version of major with
// version nv; nothing when none or several do, or it holds nv already.
func (r *Reducer) repinTo(nv, major string, ref EventRef) {
	var found *Anchor
	var at []int
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || a.Authority != Normative || a.Seq() >= ref.Seq {
			continue
		}
		var hit []int
		for _, m := range versionRE.rx().FindAllStringSubmatchIndex(a.Value, -1) {
			if a.Value[m[2]:m[3]] != major || strings.HasSuffix(a.Value[:m[0]], "(was ") {
				continue
			}
			if hit != nil {
				return
			}
			hit = m
		}
		if hit == nil {
			continue
		}
		if found != nil {
			return
		}
		found, at = a, hit
	}
	if found == nil {
		return
	}
	old := strings.TrimSpace(found.Value[at[0]:at[1]])
	if squeeze(old) == squeeze(nv) || (!strings.ContainsAny(nv, "~>=<^") && strings.HasPrefix(old, nv+".")) {
		// the pin said again, or named short ("1.14" of "1.14.0")
		return
	}
	v := found.Value[:at[0]] + nv + " (was " + old + ")" + found.Value[at[1]:]
	if found.Value[at[0]] == ' ' {
		v = found.Value[:at[0]] + " " + nv + " (was " + old + ")" + found.Value[at[1]:]
	}
	r.restate(found, v, kindLetter[KindConstraint]+strconv.Itoa(ref.Seq)+".rp", ref)
}

// squeeze is s without its spaces.
func squeeze(s string) string {
	return strings.Join(strings.Fields(s), "")
}

// exceptWhole restates rule o with the exception quote, keeping every
// clause of the rule: a clause without a rule word of the session's
// language ("inga raw SQL i migreringar") is the rule here, not a reason.
func (r *Reducer) exceptWhole(o *Anchor, quote, thing string, ref EventRef, id string) {
	head, _, _ := strings.Cut(o.Value, " — except: ")
	r.restateExcept(o, quote, thing, ref, id)
	if nu := r.hot[slot(o.Kind, o.Key)]; nu != nil && nu.ID == id && !strings.Contains(o.Value, " — except: ") {
		nu.Value = strings.TrimRight(head, ".。 ") + " — except: " + withoutLabel(quote)
	}
}
