package recall

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"
)

// addExactWhole is addExact as it was before page.go: the message decoded
// whole for its role, copied whole into a string, counted whole and cut
// by fitPrefix over all of it. TestAddExactMatchesWhole holds the new one
// to its answers. (It prices and marks bytes that are not UTF-8 as
// addExact does, which came later.)
func (x *recaller) addExactWhole(out *RecallResult, i int, raw []byte, byteOff int, callNames map[string]string) (stop bool, cont int) {
	f := extractMessage(raw, callNames, 0)
	sum := sha256.Sum256(raw)
	m := ExactMessage{Index: i, Role: f.Role, Bytes: len(raw), SHA256: "sha256:" + hex.EncodeToString(sum[:])}
	whole := string(raw)
	if byteOff >= len(whole) {
		byteOff = 0
	}
	m.Raw, m.RawNotUTF8 = whole[byteOff:], !utf8.ValidString(whole[byteOff:])
	if byteOff > 0 {
		m.Part = &Part{From: byteOff, To: len(whole)}
	}
	frame := x.opts.Tokens(renderExactFrame(m))
	cost := frame + x.opts.Tokens(m.Raw)
	m.setRaw(m.Raw)
	if out.Tokens+cost <= out.Budget {
		out.Tokens += cost
		out.Exact = append(out.Exact, m)
		out.Count++
		return false, 0
	}
	out.Cut = true
	if out.Count > 0 {
		return true, 0
	}
	room := max(out.Budget-out.Tokens-frame, 64)
	m.setRaw(fitPrefix(m.Raw, room, x.opts.Tokens))
	m.Part = &Part{From: byteOff, To: byteOff + len(m.Raw)}
	out.Tokens += frame + x.opts.Tokens(m.Raw)
	out.Exact = append(out.Exact, m)
	out.Count++
	if m.Part.To < len(whole) {
		return true, m.Part.To
	}
	return true, 0
}

// pageMessages are archived messages of every shape whose role addExact
// reads: user, assistant with calls, tool results of both generations,
// ones that do not decode as a message (no content, a text of the wrong
// type, not JSON), and texts of ASCII, CJK and emoji.
func pageMessages(text string) []string {
	q, _ := json.Marshal(text)
	t := string(q)
	return []string{
		`{"id":"u1","role":"user","content":[{"type":"text","text":` + t + `}]}`,
		`{"role":"assistant","content":[{"type":"text","text":` + t + `},{"type":"tool-call","id":"c1","name":"bash","arguments":` + t + `}]}`,
		`{"id":"imp-6","role":"user","content":[{"type":"tool-result","toolCallId":"call_1","content":[{"type":"text","text":` + t + `}]}]}`,
		`{"role":"tool","toolCallId":"c9","content":[{"type":"text","text":` + t + `}],"isError":true}`,
		`{"role":"tool","source":{"kind":"tool","callId":"c3"},"content":[{"type":"text","text":` + t + `}]}`,
		`{"role":"user","content":[{"type":"image","attachment":{"data":` + t + `}},{"type":"text","text":null}]}`,
		`{"role":"assistant","text":` + t + `}`,
		`{"role":"user","content":[{"type":"text","text":5},{"type":"text","text":` + t + `}]}`,
		`{"role":"user","content":[{"type":"tool-call","arguments":{"a":1}}]}`,
		`{"role":7,"content":[]}`,
		`[` + t + `]`,
		t,
	}
}

// TestExactRoleMatchesExtract: exactRole gives every message the role
// extractMessage gives it.
func TestExactRoleMatchesExtract(t *testing.T) {
	for _, raw := range pageMessages("out\n日本語 😀 line") {
		if got, want := exactRole(json.RawMessage(raw)), extractMessage(json.RawMessage(raw), map[string]string{}, 0).Role; got != want {
			t.Errorf("%s: role %q, want %q", raw, got, want)
		}
	}
}

// TestAddExactMatchesWhole: for messages of every shape and size (up to
// 200 KB, ASCII and multi-byte), any part offset inside the message,
// budget and answer already begun, addExact answers exactly as
// addExactWhole, the code it replaced: the same parts, cuts, next offsets
// and token counts.
func TestAddExactMatchesWhole(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		unit := rapid.SampledFrom([]string{"000123 ERROR: retry socket timeout\n", "日本語のログ行\n", "😀 ok\t", "a"}).Draw(t, "unit")
		text := strings.Repeat(unit, rapid.IntRange(0, 200_000/len(unit)).Draw(t, "repeat"))
		msgs := pageMessages(text)
		raw := []byte(msgs[rapid.IntRange(0, len(msgs)-1).Draw(t, "shape")])
		// Offsets at or past the end never reach addExact: recall answers
		// them itself (TestRecallRefPastTheEnd).
		byteOff := rapid.IntRange(0, max(len(raw)-1, 0)).Draw(t, "byteOff")
		budget := rapid.IntRange(1, 20_000).Draw(t, "budget")
		used := rapid.IntRange(0, budget+200).Draw(t, "used")
		count := rapid.IntRange(0, 1).Draw(t, "count")
		x := recaller{opts: Options{}.withDefaults()}
		a := &RecallResult{Budget: budget, Tokens: used, Count: count}
		b := &RecallResult{Budget: budget, Tokens: used, Count: count}
		s1, c1 := x.addExact(a, 3, raw, byteOff, map[string]string{})
		s2, c2 := x.addExactWhole(b, 3, raw, byteOff, map[string]string{})
		if s1 != s2 || c1 != c2 || !reflect.DeepEqual(a, b) {
			t.Fatalf("addExact: stop %v cont %d %+v\nwhole:    stop %v cont %d %+v", s1, c1, summarize(a), s2, c2, summarize(b))
		}
	})
}

// summarize is r with its exact texts cut short, for a failure message.
func summarize(r *RecallResult) RecallResult {
	c := *r
	c.Exact = nil
	for _, m := range r.Exact {
		m.Raw = strings.Clone(m.Raw[:min(len(m.Raw), 40)])
		c.Exact = append(c.Exact, m)
	}
	return c
}
