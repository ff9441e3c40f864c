package projection

import (
	"strings"
	"testing"
)

// fail14bScript builds a script of one user message and calls, each a
// command with its result ("error " before the output marks the host's
// error flag).
func fail14bScript(user string, runs ...[2]string) string {
	var b strings.Builder
	b.WriteString("> user\n" + user + "\n")
	for _, r := range runs {
		b.WriteString("> assistant\nrunning\n> call run_in_terminal {\"command\": " + jsonQuote(r[0]) + "}\n")
		out := r[1]
		if rest, ok := strings.CutPrefix(out, "error "); ok {
			b.WriteString("> result error\n" + rest + "\n")
		} else {
			b.WriteString("> result\n" + out + "\n")
		}
	}
	return b.String()
}

func jsonQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`)
	return `"` + r.Replace(s) + `"`
}

func TestDebugM19(t *testing.T) {
	out := reduceAll(t, fail14bScript("plan the network stack",
		[2]string{"cd stacks/staging/network && terraform plan -out=tfplan -input=false", "error │ Error: Error acquiring the state lock\n│\n│ Lock Info:\n│   ID: 7f3c\n\nCommand exited with code 1"},
		[2]string{"cd stacks/staging/data && terraform plan -out=tfplan -input=false", "Acquiring state lock. This may take a few moments...\nNo changes. Your infrastructure matches the configuration.\nReleasing state lock. This may take a few moments..."},
	))
	t.Log(out)
}
