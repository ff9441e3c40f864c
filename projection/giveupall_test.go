package projection

import (
	"strings"
	"testing"
)

// A tool or file given up by name settles every failing run of it
// (giveupall.go).
func TestGivenUpByName(t *testing.T) {
	const miri, miri2 = "cargo +nightly miri test --lib", "cargo +nightly miri test --lib -- simd_parse"
	const miriOut = "error: unsupported operation: can't call foreign function `epoll_create1`\nerror: test failed, to rerun pass `--lib`"
	cases := []struct {
		name, role, say string
		superseded      bool
	}{
		{"repro ja: agent", "assistant", "miri は tokio の epoll も AVX2 intrinsic も非対応なので、miri は諦めます。", true},
		{"repro ja: user", "user", "了解、miri はもういいや。", true},
		{"en: agent", "assistant", "Giving up on miri: it can't run tokio's epoll or AVX2 intrinsics.", true},
		{"en: user", "user", "ok, give up on miri, it can't do foreign calls", true},
		{"zh: user", "user", "miri 就算了，不支持 epoll。", true},
		{"zh: agent", "assistant", "放弃 miri，它不支持 FFI。", true},
		// near misses: negated, asked, put off, another tool, a plain verb
		{"negated en", "assistant", "I won't give up on miri yet; let me try -Zmiri-disable-isolation.", false},
		{"negated ja", "assistant", "miri は諦めません。別のフラグを試します。", false},
		{"asked", "user", "should we give up on miri?", false},
		{"put off", "user", "give up on miri until tomorrow", false},
		{"another tool", "assistant", "Giving up on valgrind: too slow here.", false},
		{"a plain verb", "assistant", "Giving up on test for now.", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", "run the tests under miri too",
				"> assistant", scriptCall("shell", map[string]any{"command": miri + " 2>&1 | tail -n 3"}),
				"> result error", miriOut,
				"> assistant", scriptCall("shell", map[string]any{"command": miri2 + " 2>&1 | tail -n 2"}),
				"> result error", "error: unsupported operation: can't call foreign function `_mm256_loadu_si256`\nerror: test failed, to rerun pass `--lib`",
				"> " + c.role, c.say,
			}, "\n")
			out := reduceAll(t, script)
			// a failure given up leaves the hot anchors for negative
			// knowledge
			open := `failure command/-/cargo \+nightly miri test --lib `
			if c.superseded {
				expect(t, out, []string{`negative-knowledge .*miri`}, []string{open})
			} else {
				expect(t, out, []string{open + `\[(?:open|investigating)/`}, nil)
			}
		})
	}
}

// A failure over several files is settled file by file: a give-up of
// one settles it only when the others passed since (giveupall.go).
func TestGivenUpFileByFile(t *testing.T) {
	const lint = "bash -lc 'sqlfluff lint models/int_order_items.sql models/fct_orders.sql'"
	const lintOut = "== [models/int_order_items.sql] FAIL\nL:  19 | P:   5 | LT02 | Expected indent of 8 spaces.\n== [models/fct_orders.sql] FAIL\nL:   4 | P:   1 | TMP  | Undefined jinja template variable: 'this'"
	cases := []struct {
		name, rerun, say string
		superseded       bool
	}{
		{"repro en", "bash -lc 'sqlfluff lint models/int_order_items.sql'", "int_order_items.sql lints clean. Giving up on linting fct_orders.sql: the templater can't resolve {{ this }}.", true},
		{"ja", "sqlfluff lint models/int_order_items.sql", "int_order_items.sql は通りました。fct_orders.sql は諦めます。", true},
		{"zh", "sqlfluff lint models/int_order_items.sql", "int_order_items.sql 通过了。fct_orders.sql 就算了，模板解析不了。", true},
		{"both given up", "ls models", "Giving up on linting int_order_items.sql. Giving up on linting fct_orders.sql too.", true},
		// near misses: the other file never passed; another program passed it
		{"other file not rerun", "ls models", "Giving up on linting fct_orders.sql: the templater can't resolve {{ this }}.", false},
		{"other program passed it", "cat models/int_order_items.sql", "Giving up on linting fct_orders.sql.", false},
		{"another file given up", "bash -lc 'sqlfluff lint models/int_order_items.sql'", "Giving up on linting stg_orders.sql.", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", "make sqlfluff pass on the order models",
				"> assistant", scriptCall("bash", map[string]any{"command": lint}),
				"> result error", lintOut,
				"> assistant", "Fixed the indent in int_order_items.sql.",
				scriptCall("bash", map[string]any{"command": c.rerun}),
				"> result", "All Finished!",
				"> assistant", c.say,
			}, "\n")
			out := reduceAll(t, script)
			open := `failure command/-/bash -lc 'sqlfluff lint models/int_order_items.sql models/fct_orders.sql' \[(?:investigating|open)/`
			if c.superseded {
				expect(t, out, []string{`negative-knowledge .*fct_orders`}, []string{open})
			} else {
				expect(t, out, []string{open}, nil)
			}
		})
	}
}
