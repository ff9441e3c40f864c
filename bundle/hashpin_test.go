package bundle

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
)

// pinMessages returns a fixed, generated set of messages that reach every
// path of the canonicalizer and the archive hasher: chat messages with
// unsorted members, strings of every length around the scanner's word
// sizes with every kind of escape, non-ASCII text and control character
// at every offset, numbers of every form, the texts that are not I-JSON
// (hashed raw: invalid UTF-8, lone surrogates, duplicate names, numbers
// out of range, nesting past the limit, bad grammar) and texts long
// enough to be hashed in place (holes). math/rand/v2's PCG is a specified
// generator, so the set is the same on every Go version.
func pinMessages() []json.RawMessage {
	r := rand.New(rand.NewPCG(13, 8785))
	pieces := []string{"a", "word ", "fold ", `\n`, `\"`, `\\`, `\/`, `\t`, `\b`, `\f`, `\r`, `\u00e9`, `\u0007`, `\u001F`,
		`\u2028`, `\ud83d\ude00`, `\uD834\uDD1E`, "é", "中文", "\U0001F600", "\u2028", "\x7f", "~", "<", "'", "0123456789abcdef"}
	str := func(n int) string {
		var sb strings.Builder
		sb.WriteByte('"')
		for sb.Len() < n {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		sb.WriteByte('"')
		return sb.String()
	}
	nums := []string{"0", "-0", "1", "-1", "1.0", "0.5", "1e21", "1e-7", "123456789012345", "1234567890123456",
		"12345678901234567890", "9007199254740993", "-9007199254740993", "1.7976931348623157e308", "5e-324",
		"2.5E+3", "-0.000001", "100e-2", "0.1", "333333333.33333329"}
	var msgs []json.RawMessage
	add := func(s string) { msgs = append(msgs, json.RawMessage(s)) }
	// Strings: plain runs of 0 to 130 bytes with one special piece at
	// the end, so the piece falls on every offset of the scanner's words.
	for n := 0; n <= 130; n++ {
		p := pieces[3+n%(len(pieces)-3)]
		add(`"` + strings.Repeat("x", n) + p + strings.Repeat("y", n%9) + `"`)
	}
	// Chat-shaped messages, members in random order, with spaces.
	for i := range 60 {
		members := []string{
			`"role": "` + []string{"user", "assistant", "tool"}[i%3] + `"`,
			fmt.Sprintf(`"seq":%d`, i),
			`"content" : ` + str(r.IntN(400)),
			`"usage":{"output":` + nums[r.IntN(len(nums))] + `,"input":` + nums[r.IntN(len(nums))] + `}`,
			`"tool_calls":[{"name":"bash","id":"call_` + fmt.Sprint(i) + `","arguments":{"cmd":` + str(r.IntN(60)) + `}}]`,
			`"\u00e9t\u00e9":true`, `"\ue000":null`, `"😀":[1,2.5,"x"]`, `"z":false`,
		}
		r.Shuffle(len(members), func(a, b int) { members[a], members[b] = members[b], members[a] })
		add("{ " + strings.Join(members[:3+r.IntN(len(members)-2)], " ,\n\t") + " }")
	}
	for _, n := range nums {
		add(n)
		add(`[` + n + `, {"n":` + n + `}]`)
	}
	// Not I-JSON, or not JSON: hashed as raw bytes.
	for _, s := range []string{`"\ud800"`, `"\udc00x"`, "\"\xff\xfe\"", "\"a\x01\"", `{"a":1,"a":2}`, `{"a":1,"b":{"c":1,"c":1}}`,
		`1e400`, `-1e999`, `NaN`, `[1,]`, `{"a" 1}`, `01`, `tru`, ``, ` `, `[1] [2]`, "\"\xe4\xb8\"", `"\x"`, `"\u12"`} {
		add(s)
	}
	add(strings.Repeat("[", maxJSONDepth) + strings.Repeat("]", maxJSONDepth))
	add(strings.Repeat("[", maxJSONDepth+1) + strings.Repeat("]", maxJSONDepth+1))
	// Long texts (hashed in place), as the largest member and not, with
	// members reordered around them and nested.
	long := str(holeMinBytes + 1000)
	add(`{"z":1,"content":` + long + `,"a":[` + long + `,` + str(70000) + `]}`)
	add(`{"b":{"y":` + long + `,"x":2},"a":"` + strings.Repeat("q", 200000) + `"}`)
	return msgs
}

// TestLogicalHashPinned pins the logical hash of every message of
// pinMessages (alone, as a one-message archive), of the whole set and its
// raw indexes to the values in testdata/hashpin.txt, written by the
// canonicalizer of commit 82de9c7. The logical hash is part of the
// on-disk format: a faster canonicalizer must not move a single one.
// EF_UPDATE=1 rewrites the file (only ever to add messages).
func TestLogicalHashPinned(t *testing.T) {
	msgs := pinMessages()
	var sb strings.Builder
	for i, m := range msgs {
		h, _ := LogicalHash(msgs[i : i+1])
		fmt.Fprintf(&sb, "%d %s %d\n", i, h, len(m))
	}
	all, _ := LogicalHash(msgs)
	fmt.Fprintf(&sb, "all %s raw %v\n", all, RawIndexes(msgs))
	c := NewContent(msgs)
	if c.LogicalHash() != all || fmt.Sprint(c.RawIndexes()) != fmt.Sprint(RawIndexes(msgs)) {
		t.Errorf("NewContent: %s %v, LogicalHash %s %v", c.LogicalHash(), c.RawIndexes(), all, RawIndexes(msgs))
	}
	encs := make([]*Encoded, len(msgs))
	for i, m := range msgs {
		encs[i] = Encode(m)
	}
	if c := NewContentOf(msgs, encs); c.LogicalHash() != all {
		t.Errorf("NewContentOf: %s, LogicalHash %s", c.LogicalHash(), all)
	}
	testutil.Golden(t, filepath.Join("testdata", "hashpin.txt"), []byte(sb.String()))
}
