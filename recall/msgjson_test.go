package recall

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/epistemicfold/ef/importer"
	"github.com/epistemicfold/ef/internal/testutil"
)

// checkDecodeMessage fails t when decodeMessage accepts raw and decodes
// it otherwise than encoding/json does (or where encoding/json fails).
func checkDecodeMessage(t interface{ Fatalf(string, ...any) }, raw []byte) bool {
	var fast plainMessage
	if !decodeMessage(raw, &fast) {
		return false
	}
	var slow plainMessage
	if err := json.Unmarshal(raw, &slow); err != nil {
		t.Fatalf("%q: decodeMessage accepts it, encoding/json: %v", raw, err)
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("%q:\n decodeMessage %#v\nencoding/json %#v", raw, fast, slow)
	}
	return true
}

func TestDecodeMessageMatchesJSON(t *testing.T) {
	for _, raw := range []string{
		`{"role":"user","content":[{"type":"text","text":"hi"}]}`,
		` {"id":"m1","role":"assistant","content":[],"isError":false} `,
		`{"role":"tool","toolCallId":"c1","isError":true,"content":[{"type":"toolResult","toolCallId":"c1","content":[{"type":"text","text":"a\nb\t\"q\" \u00e9 \ud83d\ude00 \/"}]}]}`,
		`{"role":"user","content":[{"type":"image","attachment":{"name":"a.png","n":[1,-2.5e3,0.0,true,null]},"offloaded":"x"}],"extra":{"k":[{}]}}`,
		`{"role":"assistant","source":{"kind":"tool","callId":"c9","other":1},"content":[{"type":"toolCall","id":"c9","name":"bash","arguments":"{\"cmd\":\"ls\"}"}]}`,
	} {
		if !checkDecodeMessage(t, []byte(raw)) {
			t.Errorf("%s: decodeMessage refuses it", raw)
		}
	}
	// What encoding/json decodes otherwise than the fields as written, or
	// refuses, is left to it.
	for _, raw := range []string{
		`{"Role":"user","content":[]}`,               // a field's name in another case
		`{"role":"user","role":"tool","content":[]}`, // a field twice
		`{"role":null,"content":[]}`,                 // null
		`{"role":"user","content":null}`,
		`{"role":"a\ud800","content":[]}`,    // lone surrogate
		"{\"role\":\"\xff\",\"content\":[]}", // invalid UTF-8
		`{"role":"user","content":[]} x`,     // trailing text
		`{"role":"user","content":[],}`,      // not JSON
		`{"role":1,"content":[]}`,            // a type error
		`{"role":"user","content":[{"type":"image","attachment":null}]}`,
		`{"role":"user","content":[],"n":01}`,
		`{"role":"user","content":[],"n":-}`,
		`{"role":"user","content":[],"n":tru}`,
		`[{"role":"user"}]`,
	} {
		if checkDecodeMessage(t, []byte(raw)) {
			t.Errorf("%s: decodeMessage accepts it", raw)
		}
	}
}

// TestDecodeMessageCorpus decodes every message of the corpus sessions
// both ways: the fast path must accept nearly all of them, as encoding/json
// decodes them.
func TestDecodeMessageCorpus(t *testing.T) {
	files := testutil.CorpusFiles(t, "dsh-snapshots", "openagents-autopilot-sdk", "mini-swe-agent-deepseek", "swe-agent")
	n, fast := 0, 0
	for _, f := range files {
		for _, raw := range corpusMessages(t, f) {
			n++
			if checkDecodeMessage(t, raw) {
				fast++
			}
		}
	}
	t.Logf("%d of %d corpus messages decoded by the fast path", fast, n)
	if n == 0 || fast < n*9/10 {
		t.Errorf("fast path decoded %d of %d corpus messages", fast, n)
	}
}

// TestDecodeMessageRapid: generated messages of every shape, written with
// random escapes, white space, key cases and extra fields, and then
// possibly cut or changed at one byte.
func TestDecodeMessageRapid(t *testing.T) {
	n, fast := 0, 0
	defer func() { t.Logf("decodeMessage decoded %d of %d generated messages", fast, n) }()
	rapid.Check(t, func(t *rapid.T) {
		raw := []byte(genMessage(t, 0))
		if rapid.IntRange(0, 3).Draw(t, "damage") == 0 && len(raw) > 0 {
			i := rapid.IntRange(0, len(raw)-1).Draw(t, "at")
			switch rapid.IntRange(0, 2).Draw(t, "how") {
			case 0:
				raw = raw[:i]
			case 1:
				raw[i] = rapid.SampledFrom([]byte(`{}[]",:\ntu0-ex`+"\xff")).Draw(t, "byte")
			case 2:
				raw = append(raw[:i:i], raw[i+1:]...)
			}
		}
		n++
		if checkDecodeMessage(t, raw) {
			fast++
		}
	})
}

func genString(t *rapid.T, label string) string {
	parts := rapid.SliceOfN(rapid.SampledFrom([]string{
		"a", "Zz", " ", "é", "移动", "😀", `\n`, `\t`, `\"`, `\\`, `\/`, `\b`, `\f`, `\r`, `\u00e9`, `\u0000`,
		`\ud83d\ude00`, `\ud800`, `\udc00x`, `\uZZZZ`, `\x`, "\x01", "\xff",
	}), 0, 6).Draw(t, label)
	return `"` + strings.Join(parts, "") + `"`
}

func genKey(t *rapid.T, known []string) string {
	k := rapid.SampledFrom(append(append([]string{}, known...), "extra", "ID", "Type", "CONTENT", "raw", "-", "kınd")).Draw(t, "key")
	return `"` + k + `"`
}

func genValue(t *rapid.T, depth int) string {
	switch rapid.IntRange(0, 7).Draw(t, "kind") {
	case 0:
		return genString(t, "s")
	case 1:
		return rapid.SampledFrom([]string{"0", "-1", "2.5", "1e3", "-0.0E-2", "01", "1.", "-", "true", "false", "null", "nul"}).Draw(t, "lit")
	case 2:
		if depth < 3 {
			return "[" + strings.Join(rapid.SliceOfN(rapid.Custom(func(t *rapid.T) string { return genValue(t, depth+1) }), 0, 3).Draw(t, "arr"), ",") + "]"
		}
	case 3:
		if depth < 3 {
			return genBlocks(t, depth+1)
		}
	case 4:
		if depth < 3 {
			return genObject(t, blockKeys, depth+1)
		}
	}
	return genString(t, "s")
}

func genObject(t *rapid.T, keys []string, depth int) string {
	fields := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) string {
		ws := rapid.SampledFrom([]string{"", " ", "\n\t"}).Draw(t, "ws")
		return ws + genKey(t, keys) + ws + ":" + ws + genValue(t, depth)
	}), 0, 5).Draw(t, "fields")
	return "{" + strings.Join(fields, ",") + "}"
}

func genBlocks(t *rapid.T, depth int) string {
	return "[" + strings.Join(rapid.SliceOfN(rapid.Custom(func(t *rapid.T) string { return genObject(t, blockKeys, depth) }), 0, 3).Draw(t, "blocks"), ",") + "]"
}

func genMessage(t *rapid.T, depth int) string {
	var fields []string
	if rapid.Bool().Draw(t, "role") {
		fields = append(fields, `"role":`+genString(t, "role"))
	}
	if rapid.IntRange(0, 4).Draw(t, "content") > 0 {
		fields = append(fields, `"content":`+genBlocks(t, depth+1))
	}
	if rapid.Bool().Draw(t, "source") {
		fields = append(fields, `"source":`+genObject(t, sourceKeys, depth+1))
	}
	if rapid.Bool().Draw(t, "isError") {
		fields = append(fields, `"isError":`+rapid.SampledFrom([]string{"true", "false", "null", `"x"`}).Draw(t, "b"))
	}
	if rapid.Bool().Draw(t, "other") {
		fields = append(fields, fmt.Sprintf("%s:%s", genKey(t, messageKeys), genValue(t, depth+1)))
	}
	perm := rapid.Permutation(fields).Draw(t, "order")
	return "{" + strings.Join(perm, ",") + "}"
}

// corpusMessages returns the messages of one corpus file's sessions as
// archived (JSON).
func corpusMessages(t testing.TB, file string) []json.RawMessage {
	t.Helper()
	ims, err := importer.Import(file)
	if err != nil {
		t.Logf("skip %s: %v", file, err)
		return nil
	}
	var out []json.RawMessage
	for _, im := range ims {
		msgs, err := im.Session.Messages()
		if err != nil {
			continue
		}
		for _, m := range msgs {
			raw, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, raw)
		}
	}
	return out
}
