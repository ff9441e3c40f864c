package projection

import "testing"

// "go back to 256" in Hindi (both orders, Devanagari and romanized),
// Urdu, Ukrainian, Russian, Swedish and English, after 512 replaced 256:
// the value is 256 again, on the setting whose value before was 256 even
// when another was set since.
func TestBackToLanguages(t *testing.T) {
	for _, back := range []string{"256 पर वापस जाओ", "वापस 256 पर ले आओ", "256 pe wapas kar do", "256 پر واپس کر دو", "назад до 256", "верни на 256", "tillbaka till 256", "go back to 256"} {
		out := reduceAll(t, `
> user
Fix the UART driver. The rx buffer size is 256 and the tx buffer size is 128.
> assistant
ok
> user
Make the rx buffer size 512.
> assistant
ok
> user
Make the tx buffer size 64.
> assistant
ok
> user
`+back+`
`)
		expect(t, out, []string{`value/-/rx_buffer_size \[current/normative\] = 256 \(was 512\)`, `value/-/tx_buffer_size \[current/normative\] = 64 \(was 128\)`}, nil)
	}
}

// backToValue reads the number only in a back-to shape: not a number
// with "पर" alone, "वापस" with no number, nor "назад" of time.
func TestBackToValueNearMiss(t *testing.T) {
	for s, want := range map[string]string{
		"256 पर वापस जाओ":       "256",
		"वापस 256 पर":           "256",
		"256 पर set करो":        "",
		"वापस आओ":               "",
		"2 дні назад до релізу": "",
		"назад до 256":          "256",
		"256 par wapas":         "256",
		"port 2560 pe wapas":    "2560",
	} {
		if got := backToValue(s); got != want {
			t.Errorf("backToValue(%q) = %q, want %q", s, got, want)
		}
	}
}
