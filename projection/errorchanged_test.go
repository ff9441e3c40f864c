package projection

import (
	"strings"
	"testing"
)

// A run that fails again with another error supersedes the failure of
// the error it no longer shows, the new one open: a failing run shows no
// fix, so the old one is never resolved; a failure is shown by its error
// line, not by the exit status under it.
func TestErrorChangedSupersedesTheOldError(t *testing.T) {
	cmd := ". .venv/bin/activate && python -m etichette pallet --lotto L263362B --verifica"
	r := New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Stampa il pallet del lotto L263362B."})
	r.Apply(runEv(1, cmd))
	r.Apply(outEv(2, "render: ZPL 2210 byte\n  ERRORE: cifra di controllo SSCC errata: attesa 7, stampata 0\n  grado complessivo: F\nexit status 1", true))
	r.Apply(runEv(3, "git diff --stat etichette/pallet.py && "+cmd))
	r.Apply(outEv(4, "render: ZPL 2214 byte\n  cifra di controllo SSCC ok\n  ERRORE: simbolo largo 118 mm, etichetta 100 mm\n  grado complessivo: F\nexit status 1", true))
	var open, superseded []string
	for _, a := range r.Anchors() {
		if a.Kind != KindFailure {
			continue
		}
		switch a.Lifecycle {
		case Open:
			open = append(open, a.Value)
		case Superseded:
			superseded = append(superseded, a.Value)
		case Resolved, Verified:
			t.Errorf("resolved by a failing run: %q", a.Value)
		}
	}
	if len(open) != 1 || !strings.Contains(open[0], "simbolo largo") || len(superseded) != 1 || !strings.Contains(superseded[0], "cifra di controllo") {
		t.Errorf("open %q, superseded %q", open, superseded)
	}
	// The same error again changes nothing.
	r.Apply(runEv(5, cmd))
	r.Apply(outEv(6, "  ERRORE: simbolo largo 118 mm, etichetta 100 mm\nexit status 1", true))
	n := 0
	for _, a := range r.Anchors() {
		if a.Kind == KindFailure && (a.Lifecycle == Open || a.Lifecycle == Investigating) {
			n++
		}
	}
	if n == 0 {
		t.Error("the width failure closed by its own error again")
	}
}
