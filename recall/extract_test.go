package recall

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"
)

func TestFindPaths(t *testing.T) {
	got := findPaths("error: crates/gitafter/src/views.rs:1384:462 see ./README.md and /etc/hosts, not e.g. or 1/2 or //", 10)
	want := []string{"crates/gitafter/src/views.rs", "./README.md", "/etc/hosts"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestExtractMessage(t *testing.T) {
	names := map[string]string{}
	call := json.RawMessage(`{"role":"assistant","content":[{"type":"text","text":"Reading it."},{"type":"tool-call","id":"c1","name":"Read","arguments":"{\"file_path\":\"/home/u/crates/x/src/lib.rs\",\"limit\":20}"}]}`)
	f := extractMessage(call, names, 1<<20)
	if f.Role != "assistant" || !slices.Equal(f.Tools, []string{"Read"}) || !slices.Contains(f.Paths, "crates/x/src/lib.rs") || !slices.Contains(f.Paths, "lib.rs") {
		t.Fatalf("call: %+v", f)
	}
	// A Gen01 tool result (user message with a tool-result block) is a
	// "tool" message named after the call it answers.
	res := json.RawMessage(`{"role":"user","content":[{"type":"tool-result","toolCallId":"c1","isError":true,"content":[{"type":"text","text":"No such file: src/main.rs"}]}]}`)
	f = extractMessage(res, names, 1<<20)
	if f.Role != "tool" || !f.IsError || !slices.Equal(f.Tools, []string{"Read"}) || !slices.Contains(f.Paths, "src/main.rs") || f.Text != "No such file: src/main.rs" {
		t.Fatalf("result: %+v", f)
	}
	f = extractMessage(json.RawMessage(`{"not":"a message"}`), names, 8)
	if f.Role != "unknown" || f.Text != `{"not":"` {
		t.Fatalf("opaque: %+v", f)
	}
}

func TestCountTokens(t *testing.T) {
	for s, want := range map[string]int64{"": 0, "hello, world": 2, "移动光标": 3, "包": 1, "Vim 编辑器 test_x": 4} {
		if got := countTokens(s); got != want {
			t.Errorf("countTokens(%q) = %d, want %d", s, got, want)
		}
	}
}

// TestUnescapeStrings: escapes inside JSON string literals are decoded,
// quotes and text outside strings stay, an escape that does not decode
// stays as written, and text without a backslash is returned as it is.
func TestUnescapeStrings(t *testing.T) {
	for in, want := range map[string]string{
		``:                                      ``,
		`{"a":"x"}`:                             `{"a":"x"}`,
		`{"old_string":"fn a() {\n  let x\n}"}`: "{\"old_string\":\"fn a() {\n  let x\n}\"}",
		`{"q":"say \"hi\"\tnow\\then"}`:         "{\"q\":\"say \"hi\"\tnow\\then\"}",
		`"caf\u00e9 \ud83d\udca5 \u4e2d"`:       `"café 💥 中"`,
		`"\ud83d alone"`:                        "\"\uFFFD alone\"",
		`"bad \x and \u12 end"`:                 `"bad \x and \u12 end"`,
		`outside \n a string "in\nside"`:        "outside \\n a string \"in\nside\"",
		`"trailing \`:                           `"trailing \`,
		`"\b\f\/"`:                              `"  /"`,
	} {
		if got := unescapeStrings(in); got != want {
			t.Errorf("unescapeStrings(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestUnescapeStringsDecodesJSON: the string literal of any string, as
// encoding/json writes it (escaping HTML and control characters), is
// unescaped back to the string in its quotes.
func TestUnescapeStringsDecodesJSON(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		s := rapid.StringOf(rapid.SampledFrom([]rune("ab \n\t\r\"\\/<>&é中💥\u2028\x01\x1f"))).Draw(rt, "s")
		raw, _ := json.Marshal(s)
		if got := unescapeStrings(string(raw)); got != `"`+s+`"` {
			rt.Fatalf("unescapeStrings(%s) = %q, want %q", raw, got, `"`+s+`"`)
		}
	})
}

// TestIndexedTextUnescapesJSON: a tool call's arguments and a text that
// is one JSON document are indexed unescaped, so the word after a line
// break is its own word; other text keeps its backslashes.
func TestIndexedTextUnescapesJSON(t *testing.T) {
	names := map[string]string{}
	call := json.RawMessage(`{"role":"assistant","content":[{"type":"tool-call","id":"c1","name":"Edit","arguments":"{\"old_string\":\"x\\nfn main() {\\n\\tprintln!(\\\"hi\\\")\"}"}]}`)
	if f := extractMessage(call, names, 1<<20); f.Text != "Edit {\"old_string\":\"x\nfn main() {\n\tprintln!(\"hi\")\"}" {
		t.Errorf("call text %q", f.Text)
	}
	res := json.RawMessage(`{"role":"tool","toolCallId":"c1","content":[{"type":"text","text":" {\"body\":\"## Plan\\nenum State\"} "}]}`)
	if f := extractMessage(res, names, 1<<20); f.Text != " {\"body\":\"## Plan\nenum State\"} " {
		t.Errorf("JSON output text %q", f.Text)
	}
	for _, s := range []string{`see "C:\new\test" and \n`, `{"unclosed": "a\nb"`, `[1] then "x\ny"`} {
		raw, _ := json.Marshal(map[string]any{"role": "tool", "toolCallId": "c1", "content": []map[string]string{{"type": "text", "text": s}}})
		if f := extractMessage(raw, names, 1<<20); f.Text != s {
			t.Errorf("text %q indexed as %q", s, f.Text)
		}
	}
}

// TestCountTokensFastPath holds countTokens, which reads ASCII a byte at a
// time, equal to the rune by rune count it replaced (countTokensRunes) on
// mixed, CJK and invalid UTF-8 text and on random bytes.
func TestCountTokensFastPath(t *testing.T) {
	cases := []string{"", "a", "_", "a_b c9", "hello, world", "移动光标", "包", "Vim 编辑器 test_x", "x移y", "移x移",
		"é", "café au lait", "naïve_x", "\xff\xfeab", "a\xffb", "日本語テキストと한국어 mixed", "٣٤ digits", "  \t\n"}
	r := rand.New(rand.NewPCG(13, 4))
	alphabet := []string{"a", "Z", "9", "_", " ", ".", "-", "\n", "é", "中", "文", "カ", "한", "ß", "\xff", "٣", "😀"}
	for range 2000 {
		var b strings.Builder
		for range r.IntN(40) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		cases = append(cases, b.String())
	}
	for _, s := range cases {
		if got, want := countTokens(s), countTokensRunes(s); got != want {
			t.Fatalf("countTokens(%q) = %d, want %d", s, got, want)
		}
	}
}

// countTokensRunes is countTokens as it was, rune by rune.
func countTokensRunes(s string) int64 {
	var n int64
	inWord, cjkRun := false, 0
	flush := func() {
		if cjkRun > 0 {
			n += int64(max(cjkRun-1, 1))
			cjkRun = 0
		}
	}
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf:
			if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
				flush()
				if !inWord {
					n++
					inWord = true
				}
			} else {
				flush()
				inWord = false
			}
		case isCJK(r):
			if inWord {
				inWord = false
			}
			cjkRun++
		case unicodeIsLetter(r):
			flush()
			if !inWord {
				n++
				inWord = true
			}
		default:
			flush()
			inWord = false
		}
	}
	flush()
	return n
}
