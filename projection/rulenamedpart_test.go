package projection

import "testing"

// Two rules said in one sentence are one constraint; a lift that names
// one of them restates the other alone, still in force.
func TestLiftOneOfTwoRules(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"German", `
> user
Bitte keine neuen SPM dependencies, und Signing-Settings im Xcode-Projekt nicht anfassen.
> assistant
Okay.
> user
Die Regel mit den Dependencies ist übrigens aufgehoben, SPM packages sind okay wenn sie gut gepflegt sind.
`, []string{`constraint .*\[active/normative\] = Signing-Settings im Xcode-Projekt nicht anfassen\. \(was Bitte keine`}, []string{`\[lifted/`}},
		{"English", `
> user
No new dependencies; don't touch the signing config.
> assistant
Understood.
> user
The dependencies rule is lifted, add what you need.
`, []string{`constraint .*\[active/normative\] = don't touch the signing config\.`}, []string{`\[lifted/normative\] = .*signing`}},
		{"one rule: lifted whole", `
> user
Bitte keine neuen SPM dependencies.
> assistant
Okay.
> user
Die Regel mit den Dependencies ist übrigens aufgehoben.
`, []string{`constraint .*\[lifted/normative\] = Bitte keine neuen SPM dependencies`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}
