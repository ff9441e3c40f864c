package projection

import "testing"

// Numbered questions, one a line, answered clause by clause in the shapes
// of Chinese and Japanese replies ("1 用 …，2 对，3 先不管", "1 はそう、…。
// 3 は来週決める。") and of English ("1 Play internal, 2 yes, 3 later"): each
// clause answers its question, a put-off leaves it open. Near-misses
// answer nothing by number.
func TestNumberedAnswersLoose(t *testing.T) {
	const (
		zhAsk = "几个问题确认一下：\n1. 内测走 Firebase App Distribution 还是 Play 的 internal testing？\n2. 签名用 CI 上的 upload keystore 吗？\n3. 还要保留 x86/x86_64 的 ABI 吗？"
		jaAsk = "確認ですが:\n1) max_connections は pod あたりの上限という理解で合っていますか？\n2) tokio-console を本番ビルドに含めますか？\n3) MSRV は 1.75 のままで良いですか？"
		enAsk = "A few questions:\n1. Firebase App Distribution or Play internal testing?\n2. Do we sign with the upload keystore on CI?\n3. Do we keep the x86 ABIs?"
		ans   = `decision decision/answer/\S+ \[active/normative\] = `
		open  = `uncertainty question/-/\S+ \[hypothesis/normative\] = `
	)
	for _, c := range []struct {
		name, agent, reply string
		want, never        []string
	}{
		{"zh", zhAsk, "1 用 Play internal，2 对，3 先不管。",
			[]string{ans + `用 Play internal \(was 内测走`, ans + `对 \(was 签名用`, open + `还要保留 x86/x86_64 的 ABI 吗？ — 先不管`}, []string{`not answered`}},
		{"zh later", zhAsk, "1 用 Play internal，2 对，3 以后再说",
			[]string{open + `还要保留 .* — 以后再说`}, nil},
		{"ja", jaAsk, "1 はそう、pod あたり。2 はダメ、dev ビルドだけ。3 は来週決める。",
			[]string{ans + `そう、pod あたり \(was max_connections`, ans + `ダメ、dev ビルドだけ \(was tokio-console`, open + `MSRV は 1.75 のままで良いですか？ — 来週決める`}, []string{`not answered`}},
		{"ja 番", jaAsk, "1番はそう。2番はダメ、dev だけ。3番は保留で。",
			[]string{open + `MSRV .* — 保留で`}, nil},
		{"en", enAsk, "1 Play internal, 2 yes, 3 later",
			[]string{ans + `Play internal \(was Firebase`, ans + `yes \(was Do we sign`, open + `Do we keep the x86 ABIs\? — later`}, nil},
		{"ko", "질문:\n1. 내부 테스트는 Play internal 인가요?\n2. CI 키스토어로 서명하나요?", "1 네, 2 나중에",
			[]string{open + `CI 키스토어로 서명하나요\? — 나중에`}, nil},

		// near-misses
		{"zh counts", zhAsk, "1 个就够了，2 个太多。",
			nil, []string{`was 签名用`}},
		{"en counts", enAsk, "1 retry, 2 workers.",
			nil, []string{`was Do we sign`}},
		{"not counting from 1", zhAsk, "2 对，3 先不管。",
			nil, []string{`— 先不管`}},
		{"not at the start", zhAsk, "好的，1 用 Play internal，2 对，3 先不管。",
			nil, []string{`— 先不管`}},
		{"questions not listed", "内测走 Firebase 还是 Play internal？签名用 CI 上的 upload keystore 吗？", "1 用 Play internal，2 对",
			nil, []string{`was 签名用`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\n准备发内测\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
			expect(t, out, c.want, c.never)
		})
	}
}

func TestListedQuestions(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Questions:\n1. Is it A?\n2. Is it B?", true},
		{"问题：\n1）是 A 吗？\n2）是 B 吗？", true},
		// near-misses
		{"Is it A?\nIs it B?", false},
		{"Questions:\n2. Is it A?\n1. Is it B?", false},
		{"Step 1. done. Is it A? Is it B?", false},
	} {
		if got := listedQuestions(c.text, askedQuestions(c.text)); got != c.want {
			t.Errorf("listedQuestions(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
