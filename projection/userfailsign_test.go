package projection

import "testing"

// TestSignedReportedFailure: a fail verb with an error text or a named
// place or device, told by the user, is an open failure keyed by the
// error or the place, in Japanese, Chinese and English; a condition, a
// question, a failure that is over and a verb with no sign are none.
func TestSignedReportedFailure(t *testing.T) {
	for _, tc := range []struct {
		msg, key string
	}{
		{"あ、ごめん、SREから連絡で、ステージングの order-gateway が `Too many open files (os error 24)` でこけてるって。max_connections は元の 64 に戻して。", "reported/-/too-many-open-files-error-24"},
		{"本番で order-gateway が落ちてる", "reported/-/order-gateway"},
		{"新包在 Pixel 6（Android 14）上一打开就崩", "reported/-/pixel-6"},
		{"线上 checkout-api 报错了，日志里是 NullPointerException", "reported/-/checkout-api"},
		{"QA says checkout-api crashes on staging with ECONNRESET", "reported/-/econnreset"},
		{"the app crashes on iPhone 12 after login", "reported/-/iphone-12"},
		// near misses
		{"もし order-gateway が落ちたら再起動して", ""},
		{"order-gateway は落ちてますか？", ""},
		{"以前は order-gateway がよく落ちてた", ""},
		{"order-gateway は落ちていない", ""},
		{"如果 Pixel 6 上崩了就回滚", ""},
		{"Pixel 6 上会不会崩？", ""},
		{"之前 Pixel 6 上崩过，已经修好了", ""},
		{"if checkout-api crashes on staging, roll back", ""},
		{"does checkout-api crash on staging?", ""},
		{"checkout-api used to crash on staging", ""},
		{"it crashes sometimes", ""},
		{"check crash-free 3.8.0 android giùm", ""},
		{"make the checkout-api fail-safe on staging", ""},
	} {
		t.Run(tc.msg, func(t *testing.T) {
			ps := reportedFailures(tc.msg, nil, nil)
			switch {
			case tc.key == "" && len(ps) > 0:
				t.Errorf("reportedFailures = %v, want none", ps[0].Key)
			case tc.key != "" && (len(ps) != 1 || ps[0].Key != tc.key):
				t.Errorf("reportedFailures = %v, want %s", ps, tc.key)
			}
		})
	}
}

// TestRelayedFailureFirstMessage: the message that sets the task tells
// its bug, no failure of its own; but a failure relayed from someone else
// (QA, SRE, a tester) is one, and the user's word that the named thing no
// longer fails resolves it.
func TestRelayedFailureFirstMessage(t *testing.T) {
	out := reduceAll(t, `
> user
测试同学刚在群里说，新包在 Pixel 6（Android 14）上一打开就崩，log 里是 ClassNotFoundException。你看看是不是混淆的问题
> assistant
是 R8 full mode 去掉了泛型签名，Gson 反序列化失败。已关闭 full mode。
> user
测试说 Pixel 6 上新包不崩了。
`)
	expect(t, out, []string{`failure reported/-/pixel-6 \[resolved/`}, nil)
	out = reduceAll(t, `
> user
the app crashes on iPhone 12 after login, please fix it
> assistant
Looking.
`)
	expect(t, out, nil, []string{`failure reported/`})
}

// TestReportedNoLongerFails: the user's word that the thing a told
// failure names no longer fails resolves that failure, in Japanese,
// Chinese and English; a question, a condition, a hope, or another
// thing named resolves nothing.
func TestReportedNoLongerFails(t *testing.T) {
	opened := `
> user
fix the retry loop
> assistant
done.
> user
SREから連絡で、ステージングの order-gateway が ` + "`Too many open files (os error 24)`" + ` でこけてるって
> assistant
ulimit を確認します。
> user
`
	for _, tc := range []struct {
		said     string
		resolved bool
	}{
		{"order-gateway はもう落ちなくなった", true},
		{"SRE曰く、こけなくなったって", true},
		{"order-gateway 不再报错了", true},
		{"order-gateway doesn't crash anymore", true},
		{"the gateway stopped failing after the redeploy", true},
		// near misses
		{"order-gateway はもう落ちなくなった？", false},
		{"再デプロイしたら落ちなくなるはず", false},
		{"if order-gateway no longer fails, merge it", false},
		{"order-gateway should no longer crash after this", false},
		{"order-gateway 不崩了吗？", false},
		{"payment-api doesn't crash anymore", false},
		{"order-gateway still crashes", false},
	} {
		t.Run(tc.said, func(t *testing.T) {
			out := reduceAll(t, opened+tc.said+"\n")
			if tc.resolved {
				expect(t, out, []string{`failure reported/-/too-many-open-files-error-24 \[resolved/`}, nil)
			} else {
				expect(t, out, []string{`failure reported/-/too-many-open-files-error-24 \[open/`}, nil)
			}
		})
	}
}
