package projection

import "strings"

// A failure the agent gives up on by a word pointing back at it.
//
// "OrderImportServiceIT can't run here: the user is not in the docker
// group. I give up on this one; you'll need to run it locally",
// "OrderImportServiceIT 在这个环境跑不起来……我放弃这个，不再折腾": the give-up
// names no thing ("this one", "这个"); the message names it in another
// sentence, by a word of the failed run ("mvn verify
// -Dit.test=OrderImportServiceIT"). The failure that word names is given
// up (superseded) as a give-up by name is (giveupall.go); with no such
// word in the message nothing is given up, however recent the failure.
// A give-up negated, asked or put off ("I won't give up on this one",
// "should I give up on this one?", "我不放弃这个") gives nothing up: the
// cue wants the speaker giving up now, and the sentence no question.
var giveUpThisRE = mustPattern(`(?i)\b(?:I|we)(?:'m|\s+am|'re|\s+are|'ll|\s+will)?\s+(?:just\s+|going\s+to\s+|gonna\s+)?giv(?:e|ing)\s+up\s+on\s+(?:this|that|it)(?:\s+one)?\s*(?:[,.;:!—–]|$)` +
	`|(?:^|[^不别])(?:我|我们|咱们)(?:就|先|只能)?放弃(?:这个|那个|它)了?(?:[，。；！,;!]|$)`)

// runWordRE is a word of a message that may name a run: a name in code
// of five characters or more.
var runWordRE = mustPattern(`[A-Za-z_][\w.\-/]{4,}`)

// givenUpThis gives up the open failure agent message ev gives up by a
// word pointing back at it (see above).
func (r *Reducer) givenUpThis(ev *Event, ref EventRef) {
	if !giveUpThisRE.MatchString(ev.Text) {
		return
	}
	for _, s := range sentences(ev.Text) {
		if !giveUpThisRE.MatchString(s) || questionRE.MatchString(s) || strings.ContainsAny(s, "?？") || dropIfRE.MatchString(strings.TrimSpace(s)) {
			continue
		}
		f := r.failureNamedIn(ev)
		if f == nil {
			return
		}
		if r.ownNegative(ev.Seq, s) {
			// the agent's own words already hold the give-up
			f.addRef(ref)
			r.retire(f, Superseded)
		} else {
			r.giveUpFailure(f, s, ev, ref, 40)
		}
		return
	}
}

// failureNamedIn is the newest open failure before message ev whose
// failed call holds, as a word or part of one, a name in code the
// message says (runWordRE; not a plain subcommand such as "test"); nil
// when there is none.
func (r *Reducer) failureNamedIn(ev *Event) *Anchor {
	var words []string
	for _, w := range runWordRE.FindAllString(ev.Text, 32) {
		w = strings.ToLower(strings.TrimRight(w, ".-/"))
		if len(w) >= 5 && !genericRunWords[w] && !notThingRE.MatchString(w) {
			words = append(words, w)
		}
	}
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindFailure || !a.IsHead() || a.Seq() >= ev.Seq || r.hot[slot(a.Kind, a.Key)] != a {
			continue
		}
		call := strings.ToLower(failedCallOf(a))
		if call == "" {
			call = strings.ToLower(a.Name)
		}
		for _, w := range words {
			if strings.Contains(call, w) && (best == nil || newer(a, best)) {
				best = a
				break
			}
		}
	}
	return best
}
