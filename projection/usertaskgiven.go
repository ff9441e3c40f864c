package projection

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A task the agent hands to the user.
//
// "I give up on this one; you'll need to run it locally", "you have to
// update the secret in the dashboard yourself", "这个用例需要你本地跑一下",
// "tendrás que correrlo en tu máquina": the agent says a piece of work is
// the user's to do. It is owed by the user: an open obligation whose
// Because keeps the agent's sentence as the word of who holds it, as a
// task the user takes on is (usertask.go). A question ("do you need to
// run it locally?"), a condition ("if you need to …", "如果需要你…"), a
// negation ("you won't need to", "不需要你") and a bare cue with no work
// named take nothing on.
var (
	// handedUserRE is the agent telling the user a task is theirs.
	handedUserRE = mustPattern(`(?i)\byou(?:'ll|\s+will)?\s+(?:need|have)\s+to\s+\pL|\byou(?:'ll|\s+will)\s+have\s+to\s+\pL` +
		`|\b(?:tendr[áa]s|tendr[áa]|vas\s+a\s+tener|va\s+a\s+tener)\s+que\s+\pL|\bnecesitas\s+\pL` +
		`|(?:^|[^不无])(?:需要你|得你|要你|请你|麻烦你)(?:自己)?(?:在|去|来)?\p{Han}`)
	// handedUserNotRE negates the hand-over or makes it a condition.
	// purposeFirstRE opens a sentence with its purpose: a how-to.
	purposeFirstRE  = mustPattern(`(?i)^\W*(?:to|in\s+order\s+to|para|pour|um)\s+\pL`)
	handedUserNotRE = mustPattern(`(?i)\b(?:if|unless|whether|won't|will\s+not|don't|do\s+not|no\s+longer)\b|\bno\s+(?:tendr[áa]s|necesitas)\b|\bsi\s+(?:necesitas|tienes)\b|如果|要是|假如|不用|不必|无需|不需要`)
)

// A hand-over the agent then does itself.
//
// "Yes, you need to rebuild the packages. The TypeScript changes need to
// be compiled to JavaScript:" followed, in the same message, by the
// agent's own `pnpm build`: the agent answers the user's "does something
// need to be built?" and leads into doing it. A message that ends by
// leading into its calls (a colon) and calls a command naming the handed
// work's verb ("rebuild": build) hands nothing over. A hand-over that says
// the user's side ("yourself", "locally", "on your machine", "manually")
// stays the user's, as does one whose work no call of the message does.

// userSideRE says the work is done on the user's side.
var userSideRE = mustPattern(`(?i)\b(?:yourself|locally|manually|by hand|on your (?:machine|side|end|laptop|computer)|in (?:the|your) (?:dashboard|console|browser|ui))\b|自己|本地|手动`)

// doneByOwnCall reports whether the work handed over in sentence s, whose
// hand-over cue ends at end (the verb's first letter), is what the
// agent's own calls of the message text leads into do (see above).
func doneByOwnCall(text, s string, end int, calls []Call) bool {
	if len(calls) == 0 || !strings.HasSuffix(strings.TrimSpace(text), ":") || userSideRE.MatchString(s) {
		return false
	}
	verb := strings.ToLower(strings.TrimFunc(firstWord(s[end-1:]), func(r rune) bool { return !unicode.IsLetter(r) }))
	if v, ok := strings.CutPrefix(verb, "re"); ok && len(v) >= 3 {
		// "rebuild", "rerun", "reinstall": the work is the verb's
		verb = v
	}
	if len(verb) < 3 {
		return false
	}
	for i := range calls {
		for _, w := range strings.FieldsFunc(strings.ToLower(callText(&calls[i])), func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r)
		}) {
			if w == verb {
				return true
			}
		}
	}
	return false
}

// handedToUser adds to out, for the agent's text, an open obligation of
// the user's for each sentence handing them a task (see above); calls are
// the message's own tool calls.
func handedToUser(text string, calls []Call, out []Proposal) []Proposal {
	if !handedUserRE.MatchString(text) {
		return out
	}
	for _, s := range sentences(text) {
		s = strings.TrimSpace(s)
		loc := handedUserRE.FindStringIndex(s)
		if loc == nil || questionRE.MatchString(s) || strings.ContainsAny(s, "?？") || handedUserNotRE.MatchString(s[:loc[1]]) {
			continue
		}
		clause := s[:loc[0]]
		if i := strings.LastIndexAny(clause, ",;，；"); i >= 0 {
			clause = clause[i+1:]
		}
		if len(terms(s[loc[0]:])) < 3 || strings.HasSuffix(s, ":") || purposeFirstRE.MatchString(s[:loc[0]]) || purposeFirstRE.MatchString(clause) || doneByOwnCall(text, s, loc[1], calls) {
			// "you'll need to either:" opens a list of options; "to
			// execute Rust code you need to use @let" explains how, also
			// after a lead-in ("In Maud, to execute …")
			continue
		}
		// the clause that hands the work over ("这个用例需要你本地跑一下" of
		// "我放弃这个，不再折腾，这个用例需要你本地跑一下")
		if i := strings.LastIndexAny(s[:loc[0]], ",;，；"); i >= 0 {
			_, w := utf8.DecodeRuneInString(s[i:])
			s = strings.TrimSpace(s[i+w:])
		}
		k := "obligation/-/" + slug(s)
		if hasKey(out, k) {
			continue
		}
		out = append(out, Proposal{Op: OpState, Kind: KindObligation, Key: k, Value: s, Quote: s, Because: s, Links: mentions(s), HandedUser: true})
	}
	return out
}
