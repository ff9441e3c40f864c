package projection

import "strings"

// A correction replaces the decision about its subject, not the last one
// that used the same filler word.
//
// "actually go with joinedload, selectinload doubles the queries" after
// "Plan for the N+1: use selectinload(Order.items)" (accepted) and, later,
// "actually statement timeout back to 5s": the correction shares with the
// timeout message only "actually" and "go", words any correction uses; it
// names selectinload, the plan's subject. The words a correction is said
// with, in the languages the lexicons read, never pick the decision it
// replaces.

// correctionFiller are the words a correction or a switch is said with,
// naming no subject.
var correctionFiller = wordSet(`actually instead rather go going goes went with use using make made change changed switch switching
	back wait sorry meant mean no nope ok okay then just let's lets scratch that this it correction second thought
	eigenlijk toch nee wacht gebruik gebruiken neem ga gaan dan maar liever terug
	eigentlich doch nein warte nimm nehmen verwende verwenden dann lieber zurück
	fait finalement plutôt non attends prends utilise utiliser alors reviens
	anzi invece aspetta usa usare allora vai torna passa
	mejor realidad espera usa usar entonces vuelve
	verdade melhor então volta`)

// subjectText is s without the words a correction is said with, for
// finding the decision it is about.
func subjectText(s string) string {
	f := wordRE.FindAllString(s, -1)
	kept := f[:0]
	for _, w := range f {
		if !correctionFiller[strings.ToLower(strings.Trim(w, ".:-+/,"))] {
			kept = append(kept, w)
		}
	}
	return strings.Join(kept, " ")
}
