package projection

import "testing"

// A user trial found: settings told by their code names and values joined
// by "and" not read, nor a bare "sätt 900" or "tillbaka till 5"; a hedged
// remark ("शायद 128") read as the current value; an option the user asked
// to remove read as set; an option string cut at its first "="; and edits
// given as a diff's -/+ lines (keyword arguments, CMake set, an inline
// map) not read as the values' application.
func TestValsEleven(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"sv joined by och", `
> user
sync_invoices: max_retries 5 och retry_backoff_max 300
`, []string{`max_retries \[current/normative\] = 5`, `retry_backoff_max \[current/normative\] = 300`}, nil},
		{"en joined by and", `
> user
max_retries 5 and retry_backoff_max 300
`, []string{`max_retries \[current/normative\] = 5`, `retry_backoff_max \[current/normative\] = 300`}, nil},
		{"hi joined by aur", `
> user
max_retries 5 और retry_backoff_max 300
`, []string{`max_retries \[current/normative\] = 5`, `retry_backoff_max \[current/normative\] = 300`}, nil},
		{"uk joined by i", `
> user
max_retries 5 і retry_backoff_max 300
`, []string{`max_retries \[current/normative\] = 5`, `retry_backoff_max \[current/normative\] = 300`}, nil},
		{"sv bare value and back to", `
> user
max_retries 5 och retry_backoff_max 300
> user
backoff_max 300 är för lågt, sätt 900. och max_retries 8 då
> user
tänkte om: max_retries tillbaka till 5. och backoff_max 600, ops larmar på tasks äldre än 10 min
`, []string{`max_retries \[current/normative\] = 5 \(was 8\)`, `retry_backoff_max \[current/normative\] = 600 \(was 900\)`}, []string{`= 10 min`}},
		// Negatives: no code name, a word in capitals, negated.
		{"numbers joined without names", `
> user
5 och 300
`, nil, []string{`value/`}},
		{"a product in capitals", `
> user
on ne passe pas la MSRV à 1.75.
`, nil, []string{`value/-/msrv`}},
		{"bare value with two settings named", `
> user
max_retries 5 och retry_backoff_max 300
> user
max_retries och retry_backoff_max, sätt 900
`, nil, []string{`= 900`}},
		// Hedged remarks set no value.
		{"hi hedged", `
> user
CI में UART_RX_BUF_SIZE=128 pass करते हैं शायद, check करो.
`, nil, []string{`uart_rx_buf_size`}},
		{"en hedged", `
> user
CI passes UART_RX_BUF_SIZE=128 maybe, check it.
`, nil, []string{`uart_rx_buf_size`}},
		{"sv hedged", `
> user
CI kör kanske UART_RX_BUF_SIZE=128, kolla.
`, nil, []string{`uart_rx_buf_size`}},
		{"not hedged", `
> user
CI passes UART_RX_BUF_SIZE=128, check it.
`, []string{`uart_rx_buf_size \[current/normative\] = 128`}, nil},
		// An option asked to be removed; an option string read whole.
		{"hi remove option", `
> user
CI में ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 है.
> assistant
detect_leaks=0 हटा दें ताकि leaks पकड़े जाएँ?
> user
हाँ हटाओ detect_leaks=0
`, []string{`asan_options \[current/normative\] = detect_leaks=0:halt_on_error=1`}, []string{`detect_leaks \[current`, `= detect_leaks @`}},
		{"sv remove option", `
> user
ta bort detect_leaks=0
`, nil, []string{`detect_leaks \[current`}},
		{"en set option", `
> user
set detect_leaks=0
`, []string{`detect_leaks \[current/normative\] = 0`}, nil},
		// Edits given as diffs.
		{"patch of keyword arguments", `
> assistant
> call apply_patch {"path": "invoices/tasks.py", "patch": "-    retry_backoff=True, retry_backoff_max=300, max_retries=5)\n+    retry_backoff=True, retry_backoff_max=900, max_retries=8)"}
> result
Patch applied.
`, []string{`retry_backoff_max \[current/empirical\] = 900 \(was 300\)`, `max_retries \[current/empirical\] = 8 \(was 5\)`}, []string{`retry_backoff \[`}},
		{"cmake set", `
> assistant
> call str_replace_editor {"command": "str_replace", "path": "CMakeLists.txt", "diff": "-set(UART_RX_BUF_SIZE 256 CACHE STRING \"...\")\n+set(UART_RX_BUF_SIZE 512 CACHE STRING \"...\")"}
> result
Edited CMakeLists.txt.
`, []string{`uart_rx_buf_size \[current/empirical\] = 512 \(was 256\)`}, nil},
		{"inline map in yaml", `
> assistant
> call str_replace_editor {"command": "str_replace", "path": ".github/workflows/ci.yml", "diff": "-        env: { ASAN_OPTIONS: \"detect_leaks=0:halt_on_error=1\" }\n+        env: { ASAN_OPTIONS: \"halt_on_error=1\" }"}
> result
Edited .github/workflows/ci.yml.
`, []string{`asan_options \[current/empirical\] = halt_on_error=1`}, []string{`value/.github/workflows/ci.yml/env`}},
		// Negatives: a call's arguments that are code, a comparison.
		{"patch of code arguments", `
> assistant
> call apply_patch {"path": "app/views.py", "patch": "-    render(request, tpl, ctx=ctx, status=st)\n+    render(request, tpl, ctx=other, status=code)"}
> result
Patch applied.
`, nil, []string{`value/`}},
		{"patch of a comparison", `
> assistant
> call apply_patch {"path": "app/views.py", "patch": "-    if a == 1 and b == 2:\n+    if a == 1 and b == 3:"}
> result
Patch applied.
`, nil, []string{`value/`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

func TestDiffLineEdits(t *testing.T) {
	got := diffLineEdits("*** Update File: a.py\n@@\n ctx\n-a=1\n+a=2\n keep\n+b=3\n")
	want := []edit{{old: "a=1", new: "a=2"}, {new: "b=3"}}
	if len(got) != len(want) {
		t.Fatalf("diffLineEdits = %+v, want %+v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("diffLineEdits[%d] = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestValsElevenPastedCode(t *testing.T) {
	expect(t, reduceAll(t, `
> user
class ModelA(models.Model):
	field_wrong = models.CharField('field1', max_length=50, primary_key=True)
`), nil, []string{`value/-/max_length`})
}
