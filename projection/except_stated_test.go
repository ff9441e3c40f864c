package projection

import "testing"

// A thing written as code called an exception after the rule the same
// message states ("… tapi 0007 pengecualian, …, boleh lu edit", "… but
// 0007 is an exception, you may edit it") is that rule's exception, the
// rule kept active (exceptis.go; trial 15 m04). With no rule stated
// before it, asked, or said of no thing written as code, it excepts
// nothing.
func TestExceptionStatedWithRule(t *testing.T) {
	const idHead = "> user\ntolong benerin webhook Xendit di ordersvc ya, pembayaran masuk dobel.\n> assistant\nSiap, gw cek dulu.\n> user\n"
	const enHead = "> user\nplease fix the Xendit webhook in ordersvc, payments come in twice.\n> assistant\nSure, checking.\n> user\n"
	const excepted = `constraint [^\n]*\[active/normative\] = [^\n]*migration[^\n]*— except: [^\n]*0007`
	runScriptCases(t, []scriptCase{
		{"id repro", idHead + "jangan ubah file migration yang udah ada ya, yang udah ke-merge. tapi 0007 pengecualian, itu belum ke-deploy, boleh lu edit kalau perlu.", []string{excepted}, nil},
		{"en", enHead + "don't change the existing migration files, the merged ones. but 0007 is an exception, it isn't deployed yet, you may edit it if needed.", []string{excepted}, nil},
		{"en backquoted", enHead + "never edit a migration file that is merged. `0007_add_refund_reason.py` is the exception, it was never deployed.", []string{`constraint [^\n]*\[active/normative\] = [^\n]*— except: [^\n]*0007_add_refund_reason`}, nil},
		// near misses
		{"en no rule before", enHead + "catch it in the handler. ValueError_2 is an exception, the logger shows it.", nil, []string{`— except:`}},
		{"en asked", enHead + "don't change the merged migration files. is 0007 an exception?", []string{`constraint [^\n]*\[active/normative\] = don't change the merged migration files`}, []string{`— except:`}},
		{"en not code", enHead + "don't change the merged migration files. that is an exception to how we usually work.", nil, []string{`— except:`}},
		{"id counted", idHead + "jangan ubah file migration yang udah ke-merge. ada 2 pengecualian, nanti gw kasih tau.", nil, []string{`— except:`}},
	})
}
