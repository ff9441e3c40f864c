package projection

// A correction aimed at the agent's last act.
//
// "oh wait, no, don't do that, those are refilings … so dedupe on case
// number AND filing date": a correction whose refusal is a pro-form ("don't
// do that", "not that", "stop that", "non farlo", "ne fais pas ça", "não faz
// isso") refuses what the agent just did or proposed, not a rule the user
// set earlier; it replaces no older rule however many words it shares with
// one (proFormRefusal). What it says besides is read as said.

// proFormRefusalRE is a refusal by pro-form near a correction's start.
var proFormRefusalRE = mustPattern(`(?i)^.{0,40}?\b(?:don'?t|do not|stop|not)\s+(?:do(?:ing)?\s+)?(?:that|this|it)\b|^.{0,40}?\b(?:non farlo|non fare così|ne fais pas ça|pas ça|não faz(?:er)? isso|isso não|no hagas eso|eso no|nicht das|lass das)\b`)

// proFormRefusal reports whether correction v refuses by a pro-form.
func proFormRefusal(v string) bool {
	return proFormRefusalRE.MatchString(v)
}
