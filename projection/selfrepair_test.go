package projection

import "testing"

// TestRepairedValue: a value followed by a word of repair and a token of
// its shape ending the clause is that token (or the value with its tail
// replaced); anything else leaves the value.
func TestRepairedValue(t *testing.T) {
	for _, c := range []struct {
		text, v, want string
		ok            bool
	}{
		{"the gateway for the lab is 10.40.2.1 — sorry no, .254, the .1 is the printer", "10.40.2.1", "10.40.2.254", true},
		{"order number is AB-20931, wait, AB-20913.", "AB-20931", "AB-20913", true},
		{"le port c'est 8443… non pardon, 9443", "8443", "9443", true},
		{"die Version ist 4.2.1, nein, 4.2.3 meinte ich", "4.2.1", "4.2.1", false},
		{"commit 3f9a2c1 — ah no, 3f9a2d1!", "3f9a2c1", "3f9a2d1", true},
		{"請求番号は INV-5521…あ、違う、INV-5512 です", "INV-5521", "INV-5512", true},
		// No repair.
		{"timeout is 30, no 60 is too much", "30", "30", false},
		{"the IP is 10.0.0.5 — no, that's the gateway", "10.0.0.5", "10.0.0.5", false},
		{"use port 8443, not 9443", "8443", "8443", false},
		{"batch 256, sorry for the noise", "256", "256", false},
		{"port 8443 — no wait, use the default", "8443", "8443", false},
	} {
		got, ok := repairedValue(c.text, c.v)
		if got != c.want || ok != c.ok {
			t.Errorf("%q: got %q %v, want %q %v", c.text, got, ok, c.want, c.ok)
		}
	}
}

// A value repaired as it is said in Japanese, German or Russian, or in
// another unit of the same measure, is read as repaired, quoted as
// written; the repair's own words name no setting.
func TestRepairedAsSaid(t *testing.T) {
	for _, c := range []struct{ text, want, never string }{
		{"今日からコレクタを作ります。サンプリングは1秒…いや、やっぱ500msで。", `サンプリング \[current/normative\] = 500ms @0`, `= 1秒`},
		{"Wir bauen den Export. Die Mandantennummer ist 20117 – ne warte, 20171.", `mandantennummer \[current/normative\] = 20171 @0`, `= 20117`},
		{"Делаем коллектор. Интервал опроса — 1 с… нет, стоп, 500 мс.", `интервал_опроса \[current/normative\] = 500 мс @0`, `= 1 с`},
		{"Let's build the collector. Sampling every 1 s, actually make that 500 ms.", `sampling_every \[current/normative\] = 500 ms @0`, `actually_make_that`},
		{"the page count cap, double-check it's 50 — no, make it 80", `page_count_cap \[current/normative\] = 80 @0`, `value/-/double-check`},
		{"サンプリング間隔は500msでお願い。", `サンプリング間隔 \[current/normative\] = 500ms @0`, `\] = 500msで`},
	} {
		out := reduceAll(t, "> user\n"+c.text+"\n")
		expect(t, out, []string{c.want}, []string{c.never})
	}
	if _, ok := repairedUnit(", actually make that 2 GB.", "1 s", "s"); ok {
		t.Error("a repair in another measure taken")
	}
}
