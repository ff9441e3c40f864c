package projection

import "testing"

// A question that only asks which one, after options listed 1 and 2, is
// the question of those options: a reply naming one takes it up, and a
// yes-or-no question beside it that the reply passes over stays open, in
// Chinese, English and Japanese. Near-misses leave nothing open.
func TestWhichOfListedOptions(t *testing.T) {
	const (
		ans  = `decision decision/answer/\S+ \[active/normative\] = `
		open = `uncertainty question/-/\S+ \[hypothesis/normative\] = `
	)
	for _, c := range []struct {
		name, agent, reply string
		want, never        []string
	}{
		{"zh", "两个方案：1）加 TypeToken 的 keep 规则；2）关掉 full mode。你倾向哪个？另外顺便问一下：要不要顺便把 AGP 升到 8.7？", "full mode 关掉吧。",
			[]string{ans + `full mode 关掉吧。 \(was 两个方案：1）加 TypeToken 的 keep 规则；2）关掉 full mode。你倾向哪个？\)`, open + `另外顺便问一下：要不要顺便把 AGP 升到 8\.7？ — not answered`}, nil},
		{"en", "Two options: 1) add a keep rule for TypeToken; 2) turn off full mode. Which do you prefer? Also, do we want AGP bumped to 8.7?", "Turn off full mode.",
			[]string{ans + `Turn off full mode\. \(was Two options: 1\) add a keep rule for TypeToken; 2\) turn off f`, open + `Also, do we want AGP bumped to 8\.7\? — not answered`}, nil},
		{"ja", "案は二つです：1）TypeToken の keep ルールを足す；2）full mode を切る。どちらにしますか？あと、AGP を 8.7 に上げますか？", "full mode を切って。",
			[]string{open + `あと、AGP を 8\.7 に上げますか？ — not answered`}, nil},

		// near-misses
		{"no options listed", "I looked at the R8 crash. Which do you prefer? Also, do we want AGP bumped to 8.7?", "Turn off full mode.",
			nil, []string{`not answered`, `was I looked`}},
		{"the which question names its subject", "Two options: 1) add a keep rule; 2) turn off full mode. Which Gradle version should the CI image use? Also, do we want AGP bumped to 8.7?", "Turn off full mode.",
			nil, []string{`was Two options`}},
		{"a yes takes up both", "Two options: 1) add a keep rule; 2) turn off full mode. Which do you prefer? Also, do we want AGP bumped to 8.7?", "Yes, turn off full mode and bump it.",
			nil, []string{`not answered`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nR8 crashes, fix it\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
			expect(t, out, c.want, c.never)
		})
	}
}
