package projection

import (
	"strings"
	"testing"
)

// A run that fails again with another error resolves the failure of the
// error it no longer shows, the new one open; a failure is shown by its
// error line, not by the exit status under it.
func TestErrorChangedResolvesTheOldError(t *testing.T) {
	cmd := ". .venv/bin/activate && python -m etichette pallet --lotto L263362B --verifica"
	r := New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Stampa il pallet del lotto L263362B."})
	r.Apply(runEv(1, cmd))
	r.Apply(outEv(2, "render: ZPL 2210 byte\n  ERRORE: cifra di controllo SSCC errata: attesa 7, stampata 0\n  grado complessivo: F\nexit status 1", true))
	r.Apply(runEv(3, "git diff --stat etichette/pallet.py && "+cmd))
	r.Apply(outEv(4, "render: ZPL 2214 byte\n  cifra di controllo SSCC ok\n  ERRORE: simbolo largo 118 mm, etichetta 100 mm\n  grado complessivo: F\nexit status 1", true))
	var open, resolved []string
	for _, a := range r.Anchors() {
		if a.Kind != KindFailure {
			continue
		}
		switch a.Lifecycle {
		case Open:
			open = append(open, a.Value)
		case Resolved:
			resolved = append(resolved, a.Value)
		}
	}
	if len(open) != 1 || !strings.Contains(open[0], "simbolo largo") || len(resolved) != 1 || !strings.Contains(resolved[0], "cifra di controllo") {
		t.Errorf("open %q, resolved %q", open, resolved)
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
