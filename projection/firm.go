package projection

import "strings"

// firmClosed holds as a rule the sentence before one that is only "this
// is firm" ("Points can't be combined with coupons. Non-negotiable.",
// "积分不能和优惠券叠加。这个没得商量。"), when no rule, value or decision of
// the message already holds it.
func (r *Reducer) firmClosed(ev *Event, ref EventRef) {
	if ev.Role != RoleUser || !firmRE.MatchString(ev.Text) {
		return
	}
	ss := sentences(ev.Text)
	for i := 1; i < len(ss); i++ {
		if !firmAlone(ss[i]) || !firmRE.MatchString(ss[i]) {
			continue
		}
		prev := strings.TrimSpace(ss[i-1])
		if prev == "" || questionRE.MatchString(prev) || len(terms(prev)) < minTerms {
			continue
		}
		held := false
		for _, a := range r.hot {
			if a.Seq() == ev.Seq && a.Kind != KindObjective && a.Kind != KindEvidence && (strings.Contains(a.Quote, prev) || strings.Contains(prev, a.Quote) && a.Quote != "") {
				held = true
				break
			}
		}
		if held {
			continue
		}
		v := prev + " " + strings.TrimSpace(ss[i])
		p := Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(prev), Value: v, Quote: v, Links: mentions(prev)}
		r.apply(ev, &p, ref, r.freeID(KindConstraint, ev.Seq), map[*Anchor]bool{})
	}
}
