package projection

import "testing"

// TestAnswerTurnsOff: the user's answer to the agent's question that turns
// off a thing an active decision turned on reverses that decision, as the
// same sentence said unasked does (trial 9 B19); an answer that turns off
// something else, or chooses the other option, reverses nothing.
func TestAnswerTurnsOff(t *testing.T) {
	const zh = "> user\nrelease 包小一点\n> assistant\n决定：开启 R8 full mode。\n> assistant\nGson 反射在 full mode 下崩了。两个方案：1）加 keep 规则；2）关掉 full mode。你倾向哪个？\n> user\n"
	const en = "> user\nmake the release build smaller\n> assistant\nDecision: enable R8 full mode for release builds.\n> assistant\nGson reflection crashes under full mode. Two options: add keep rules, or turn full mode off. Which do you prefer?\n> user\n"
	const ja = "> user\nリリースビルドを小さくして\n> assistant\n決定: R8 full mode を有効にします。\n> assistant\nfull mode で Gson のリフレクションが落ちます。keep ルールを足すか、full mode をオフにするか、どちらにしますか？\n> user\n"
	cases := []scriptCase{
		{"the repro: an answer turns it off (zh)", zh + "full mode 关掉吧，反射的地方太多了，不想一个个找。\n",
			[]string{`decision decision/answer/full-mode-关掉吧.* \[active`}, []string{`开启-r8-full-mode`}},
		{"an answer turns it off (en)", en + "turn full mode off, too much reflection to chase.\n",
			[]string{`decision .*turn-full-mode-off.* \[active`}, []string{`enable-r8-full-mode`}},
		{"an answer turns it off (ja)", ja + "full mode はオフにして、リフレクションが多すぎる。\n",
			[]string{`decision decision/answer/full-mode-はオフにして.* \[active`}, []string{`full-mode-を有効に`}},
		// Negative cases.
		{"the other option chosen (zh)", zh + "加 keep 规则吧。\n",
			[]string{`decision .*开启-r8-full-mode.* \[active`}, nil},
		{"another thing turned off (en)", en + "add the keep rules, and turn the verbose logging off.\n",
			[]string{`decision .*enable-r8-full-mode.* \[active`}, nil},
	}
	runScriptCases(t, cases)
}
