package importer_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// genericImport detects data as the generic reading and imports it.
func genericImport(t *testing.T, data string) importer.Imported {
	t.Helper()
	if f, err := importer.DetectBytes([]byte(data)); err != nil || f != importer.FormatGeneric {
		t.Fatalf("%s: detected %q, %v; want generic", data, f, err)
	}
	ims, err := importer.ImportBytes("x.json", []byte(data))
	if err != nil || len(ims) != 1 {
		t.Fatalf("%s: %v", data, err)
	}
	checkSession(t, ims[0])
	return ims[0]
}

// The generic reading finds a conversation wherever its shape puts it and
// reads the roles, content and tool shapes of the big APIs; what it
// guessed is its Stats.Guess.
func TestGenericReading(t *testing.T) {
	cases := []struct {
		name, data string
		want       []string
		failed     []string
		where      string
	}{
		{"nested under any key, speaker/text, Anthropic tool_use, tool role with status",
			`{"meta":{"v":1},"chat":{"turns":[{"speaker":"human","text":"Fix a.py."},{"speaker":"bot","content":[{"type":"text","text":"running"},{"type":"tool_use","id":"t1","name":"bash","input":{"cmd":"pytest"}}]},{"speaker":"tool","tool_call_id":"t1","content":"1 failed","status":"error"},{"speaker":"bot","text":"Done."}]}}`,
			[]string{"user: Fix a.py.", "assistant: running\nbash {\"cmd\":\"pytest\"}", "user: 1 failed", "assistant: Done."},
			[]string{"t1"}, "$.chat.turns"},
		{"top-level array, ShareGPT from/value, OpenAI tool_calls, result without an id",
			`[{"from":"system","value":"Be brief."},{"from":"human","value":"hi"},{"from":"gpt","value":"","tool_calls":[{"id":"c1","type":"function","function":{"name":"ls","arguments":"{\"p\":\".\"}"}}]},{"from":"observation","value":"a.txt"},{"from":"gpt","value":"one file"}]`,
			[]string{"user: hi", "assistant: ls {\"p\":\".\"}", "user: a.txt", "assistant: one file"},
			nil, "top-level array"},
		{"JSONL wrapped lines, author object, parts, Anthropic tool_result with is_error",
			`{"ts":1,"event":{"author":{"role":"user"},"content":{"parts":["please list"]}}}` + "\n" +
				`{"ts":2,"event":{"author":{"role":"assistant"},"content":[{"type":"function_call","call_id":"k","name":"ls","arguments":{}}]}}` + "\n" +
				`{"ts":3,"kind":"heartbeat"}` + "\n" +
				`{"ts":4,"event":{"author":{"role":"user"},"content":[{"type":"tool_result","tool_use_id":"k","content":[{"type":"text","text":"denied"}],"is_error":true}]}}` + "\n",
			[]string{"user: please list", "assistant: ls {}", "user: denied"},
			[]string{"k"}, "JSONL lines"},
		{"unknown role under role is skipped and counted",
			`{"log":[{"role":"user","content":"go"},{"role":"critic","content":"meh"},{"role":"ai","content":"ok"}]}`,
			[]string{"user: go", "assistant: ok"}, nil, "$.log"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			im := genericImport(t, tc.data)
			if got := messageTexts(t, im); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("messages\n got %q\nwant %q", got, tc.want)
			}
			if got := failedResults(t, im); !reflect.DeepEqual(got, tc.failed) {
				t.Errorf("failed %q, want %q", got, tc.failed)
			}
			if !strings.Contains(im.Stats.Guess, tc.where) || !strings.Contains(im.Stats.Guess, "generic") {
				t.Errorf("guess %q does not say %q", im.Stats.Guess, tc.where)
			}
		})
	}
}

// The unknown-role case says so in the guess.
func TestGenericGuessCounts(t *testing.T) {
	im := genericImport(t, `{"log":[{"role":"user","content":"go"},{"role":"critic","content":"meh"},{"x":1},{"role":"ai","content":"ok"}]}`)
	for _, want := range []string{"4 records read, 2 of them skipped", "1 without a role", "1 of a role not known"} {
		if !strings.Contains(im.Stats.Guess, want) {
			t.Errorf("guess %q lacks %q", im.Stats.Guess, want)
		}
	}
}

// A user record that only carries tool results (Anthropic's shape) was
// read, so the guess does not count it as skipped.
func TestGenericResultRecordNotSkipped(t *testing.T) {
	im := genericImport(t, `{"thread":{"messages":[{"role":"user","content":"fix it"},{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"cmd":"go test"}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"FAIL","is_error":true}]},{"role":"assistant","content":"fixing"}]}}`)
	if !strings.Contains(im.Stats.Guess, "4 records read, 0 of them skipped") {
		t.Errorf("guess %q: want 4 records read, 0 of them skipped", im.Stats.Guess)
	}
}

// Near misses: nothing that looks like a conversation is read; the
// refusal keeps the unknown-format error and adds the generic line. A
// file a named reader reads is never the generic reading's.
func TestGenericRefuses(t *testing.T) {
	for _, data := range []string{
		`{"a":1,"b":[1,2]}`,
		`[{"x":1},{"y":2}]`,
		`[[],[[]],{}]`,
		`{"rows":[{"type":"event","text":"x"}]}`,
		`{"rows":[{"role":"critic","content":"x"}]}`,
		`{"rows":[{"role":"user"},{"role":"assistant","content":""}]}`,
		`{"speaker":"narrator","text":"x"}`,
		`"user"`,
		`[1,2,3]`,
		`{"a":{"b":{"c":{"d":{"e":{"f":{"g":{"h":[{"role":"user","content":"too deep"}]}}}}}}}}`,
		"{\"speaker\":\"user\",\"text\":\"x\"}\nnot json\n{\"speaker\":\"user\",\"text\":\"y\"}\n",
	} {
		f, err := importer.DetectBytes([]byte(data))
		if err == nil {
			t.Errorf("%s: detected %q", data, f)
			continue
		}
		if !errors.Is(err, importer.ErrUnknownFormat) {
			t.Errorf("%s: %v, want ErrUnknownFormat", data, err)
		}
		if strings.HasPrefix(strings.TrimSpace(data), "{") || strings.HasPrefix(strings.TrimSpace(data), "[") {
			if !strings.HasSuffix(err.Error(), "; "+importer.GenericNoMessages) {
				t.Errorf("%s: %v lacks the generic line", data, err)
			}
		}
	}
	for _, named := range []string{"openai-chat.json", "anthropic-messages.json", "goose-export.json", "gemini-contents.json", "langchain-dict.json"} {
		if f, err := importer.Detect("testdata/" + named); err != nil || f == importer.FormatGeneric {
			t.Errorf("%s: detected %q, %v", named, f, err)
		}
	}
}

// FuzzGeneric: any JSON-ish input is read by its shape or refused, never
// a panic; a file the generic reading claims imports to a session.
func FuzzGeneric(f *testing.F) {
	for _, s := range []string{
		`{"chat":[{"speaker":"human","text":"x"},{"speaker":"bot","content":[{"type":"tool_use","id":"a","name":"n","input":{}}]}]}`,
		`[{"from":"human","value":"x"},{"from":"gpt","tool_calls":[{"function":{"name":"f","arguments":1}}]},{"from":"tool","value":null}]`,
		`{"role":"user","content":[{"type":"tool_result","tool_use_id":"q","content":{"a":[1]}}]}`,
		"{\"m\":{\"role\":\"user\",\"content\":\"x\"}}\n{\"m\":{\"role\":\"assistant\",\"content\":[[[[[[\"deep\"]]]]]]}}\n{\"torn",
		`{"a":[{"role":{"role":"user"},"content":{"parts":[{"text":{"value":"x"}}]}}]}`,
		`[{"role":"tool","content":"orphan"},{"role":"user","content":"x","function_call":{"name":""}}]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fm, err := importer.DetectBytes(data)
		if err != nil || fm != importer.FormatGeneric {
			return
		}
		ims, err := importer.ImportBytes("f.json", data)
		if err != nil {
			t.Fatalf("generic detected, import failed: %v", err)
		}
		if len(ims) != 1 || ims[0].Stats.Messages == 0 || ims[0].Stats.Guess == "" {
			t.Fatalf("import: %+v", ims)
		}
	})
}
