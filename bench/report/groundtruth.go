package report

import (
	"fmt"

	"github.com/epistemicfold/ef/bench"
)

// groundTruthNote says why the probe, authority-loss, staleness and
// survival columns read "—" (or count only some sessions): they judge the
// planted facts a synthetic session records where it plants them, and a
// real session has none. Empty when every session has them.
func groundTruthNote(r *bench.Report) string {
	with := 0
	for _, s := range r.Sessions {
		if s.Probes > 0 {
			with++
		}
	}
	switch {
	case len(r.Sessions) == 0 || with == len(r.Sessions):
		return ""
	case with == 0:
		return "Probes, authority loss, staleness and survival read — here: they need planted ground truth (the facts a\n" +
			"synthetic session plants, and where), and real sessions have none. The built-in corpus has it: ef bench without\n" +
			"--corpus (its synthetic sessions; --sweep --corpora builtin,DIR runs both side by side)."
	}
	return fmt.Sprintf("Probes, authority loss, staleness and survival count the %d of %d sessions that have planted ground truth\n"+
		"(the built-in corpus's synthetic sessions); the real sessions have none.", with, len(r.Sessions))
}
