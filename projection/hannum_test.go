package projection

import "testing"

// TestHanNumber: Chinese numerals as numbers, the abbreviated next place
// included ("一万二" is 12000).
func TestHanNumber(t *testing.T) {
	for s, want := range map[string]int64{"三十": 30, "十五": 15, "五千": 5000, "两百五十": 250, "一万二千五百": 12500, "一万二": 12000,
		"三千五": 3500, "五百": 500, "零": 0, "一百零五": 105, "两亿": 200000000} {
		if got, ok := hanNumber(s); !ok || got != want {
			t.Errorf("hanNumber(%q) = %d, %v; want %d", s, got, ok, want)
		}
	}
	for _, s := range []string{"", "千千", "abc"} {
		if _, ok := hanNumber(s); ok {
			t.Errorf("hanNumber(%q) ok", s)
		}
	}
}

// TestHanNumerals: a numeral before a unit or after a word that sets a
// value is read in digits; an article ("一个接口"), "一下", "十分" stay.
func TestHanNumerals(t *testing.T) {
	for s, want := range map[string]string{
		"超时改成一分钟吧，30 秒不够。":     "超时改成1分钟吧，30 秒不够。",
		"不是五百，是五千":             "不是500，是5000",
		"阈值设成三十秒":              "阈值设成30秒",
		"上限一万二":                "上限12000",
		"两百五十毫秒":               "250毫秒",
		"帮我给订单服务加一个导出 CSV 的接口": "帮我给订单服务加一个导出 CSV 的接口",
		"等一下再说":                "等一下再说",
		"十分重要":                 "十分重要",
		"批量大小翻倍":               "批量大小翻倍",
	} {
		if got := hanNumerals(s); got != want {
			t.Errorf("hanNumerals(%q) = %q, want %q", s, got, want)
		}
	}
	script := "> user\n帮我给订单服务加一个导出 CSV 的接口。超时设成 30 秒，并发设成 8。\n> assistant\n好的。\n> user\n对了超时改成一分钟吧，30 秒不够。\n> user\n批量大小设成五百。\n> user\n不是五百，是五千。\n> user\n改成三个 seed：1234、42、7。\n"
	expect(t, reduceAll(t, script), []string{
		`value/-/超时 \[current/normative\] = 1分钟 \(was 30 秒\)`,
		`value/-/批量大小 \[current/normative\] = 5000 \(was 500\)`,
		`value/-/并发 \[current/normative\] = 8 @`,
	}, []string{`对了`, `= 3 `})
}

// TestMinutesRestated: meeting minutes pasted twice (the second amended)
// state a relative change twice: it is made once, from the number in
// numerals its setting was given ("持续十分钟 … 持续时间减半" is 5 minutes);
// a freeze "封版" is a rule, lifted by "封版的限制取消了"; "again" makes a
// change twice.
func TestMinutesRestated(t *testing.T) {
	script := `
> user
【会议纪要】
1. 冷冻品：现在高于-15℃持续十分钟才报警，太慢，持续时间减半。
7. 双十一保障期（11月11日—11月20日）生产环境封版，不发版。
> assistant
好的。
> user
【会议纪要】（修订版）
1. 冷冻品：高于-15℃报警，持续时间减半。
7. 双十一保障期（11月11日—11月20日）生产环境封版，不发版。
> assistant
好的。
> user
封版的限制取消了，今天下午就可以发。
`
	expect(t, reduceAll(t, script), []string{
		`value/-/持续时间 \[current/normative\] = 5分钟 \(was 10分钟\)`,
		`constraint/-/双十一保障期.* \[lifted/normative\]`,
	}, []string{`2.5分钟`, `constraint/-/不发版`})
	again := "> user\nSet the batch size to 64.\n> assistant\nok\n> user\nHalve the batch size.\n> assistant\nok\n> user\nHalve the batch size again.\n"
	expect(t, reduceAll(t, again), []string{`value/-/batch_size \[current/normative\] = 16 \(was 32\)`}, nil)
}
