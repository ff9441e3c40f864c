package projection

import "testing"

// A lifted rule put back in words of its own is active again; the rule
// it names is the lifted one sharing the most words, else the one lifted
// last when the sentence calls it a rule; nothing lifted, nothing back.
func TestReinstated(t *testing.T) {
	base := "> user\nWe work on the exporter today. Don't touch the legacy/ folder. No new dependencies without asking me.\n> assistant\nok\n> user\nyou can touch legacy/ now, and feel free to add dependencies this week.\n> assistant\nok\n"
	for _, c := range []struct{ say, active, lifted string }{
		{"the legacy folder rule is back in force, Dana needs it frozen again.", `legacy.*\[active/normative\].*@0,2,4`, `dependencies.*\[lifted`},
		{"Die Regel mit den neuen dependencies gilt wieder.", `dependencies.*\[active/normative\].*@0,2,4`, `legacy.*\[lifted`},
	} {
		out := reduceAll(t, base+"> user\n"+c.say+"\n")
		expect(t, out, []string{c.active, c.lifted}, nil)
	}
	// "that rule": the one lifted last, none when one message lifted two.
	out := reduceAll(t, base+"> user\nyou can touch legacy/ now.\n> assistant\nok\n> user\nok, please treat that rule as back in force.\n")
	expect(t, out, []string{`dependencies.*\[lifted`}, nil)
	out = reduceAll(t, base+"> user\nplease treat that rule as back in force.\n")
	expect(t, out, []string{`dependencies.*\[lifted`, `legacy.*\[lifted`}, nil)
	out = reduceAll(t, "> user\nWe work on the exporter today. Don't touch the legacy/ folder. No new dependencies without asking me.\n> assistant\nok\n> user\nfeel free to add dependencies this week.\n> assistant\nok\n> user\nok, please treat that rule as back in force.\n")
	expect(t, out, []string{`dependencies.*\[active/normative\].*@0,2,4`}, nil)
	// Nothing lifted: nothing put back.
	out = reduceAll(t, "> user\nWe work on the exporter today. Don't touch the legacy/ folder.\n> assistant\nok\n> user\nthe old process is back in force for releases.\n")
	expect(t, out, []string{`legacy.*\[active/normative\] = .* @0\n`}, nil)
}
