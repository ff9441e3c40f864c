package importer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// fuzzNames are the file names FuzzImport gives its input: the extension
// is all a name tells the importer (.traj and .json read whole, .jsonl by
// line).
var fuzzNames = []string{"f.jsonl", "f.json", "f.traj", "f.txt"}

// FuzzImport: any file, under any of the names ef is given, detects and
// imports to sessions or an error, never a panic; and Open, which streams
// the file instead of holding it, reads every session ImportBytes reads,
// byte for byte, and fails where it fails (checkStreamsAsImported). Seeded
// with every file in testdata.
func FuzzImport(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*"))
	for i, p := range files {
		if strings.HasSuffix(p, "NOTICE.md") {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil || len(data) > 1<<16 {
			continue
		}
		f.Add(uint8(i), data)
	}
	f.Add(uint8(0), []byte(`{"type":"user","message":{"role":"user","content":"hi"},"sessionId":"s","uuid":"u"}`+"\n"+`{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"Bash","input":{}}]},"sessionId":"s","uuid":"v","parentUuid":"u"}`))
	f.Add(uint8(1), []byte(`{"messages":[{"role":"user","content":"x"},{"role":"assistant","tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{"}}]}]}`))
	f.Add(uint8(2), []byte(`{"trajectory":[],"history":[{"role":"system","content":"s"}]}`))
	f.Add(uint8(3), []byte("# aider chat started at 2025-11-01 10:00:00\n> Main model: m\n#### hi  \n```\n> x\nreply\n"))
	// OpenCode: an export with every tool state, a session info file (its
	// messages are beside it, which bytes alone do not reach), a stored part.
	f.Add(uint8(1), []byte(`{"info":{"id":"ses_1","projectID":"global","directory":"/p","title":"t","time":{"created":1},"revert":{"messageID":"msg_9"}},"messages":[`+
		`{"info":{"id":"msg_1","role":"user","system":"s"},"parts":[{"type":"text","text":"x","synthetic":true},{"type":"file","mime":"image/png","url":"data:,"},{"type":"compaction","auto":true}]},`+
		`{"info":{"id":"msg_2","role":"assistant","summary":true,"error":{"name":"MessageAbortedError"}},"parts":[{"type":"step-start"},{"type":"reasoning","text":"r"},`+
		`{"type":"tool","callID":"c","tool":"bash","state":{"status":"completed","input":{"a":1},"output":"o","attachments":[{"mime":"text/plain","url":"u"}]}},`+
		`{"type":"tool","callID":"c","tool":"bash","state":{"status":"error","input":null,"error":{"x":1},"metadata":{"interrupted":true,"output":3}}},`+
		`{"type":"step-start"},{"type":"tool","tool":"t","state":{"status":"running","input":{}}}]},{"info":{"id":"msg_9","role":"tool"},"parts":[]}]}`))
	f.Add(uint8(1), []byte(`{"id":"ses_1","projectID":"global","directory":"/p","title":"t","version":"1.1.34","time":{"created":1,"updated":2}}`))
	f.Add(uint8(1), []byte(`{"id":"prt_1","sessionID":"ses_1","messageID":"msg_1","type":"text","text":"x"}`))
	// Gemini CLI's JSONL recording: a message rewritten, a $set of
	// messages, a rewind to a message it dropped, a line of no kind.
	f.Add(uint8(0), []byte(`{"sessionId":"s","projectHash":"p"}`+"\n"+`{"id":"a","type":"user","content":[{"text":"x"}]}`+"\n"+
		`{"id":"b","type":"gemini","content":"","toolCalls":[{"id":"c","name":"ls","args":{},"result":null,"status":""}]}`+"\n"+
		`{"$set":{"messages":[{"id":"b","type":"gemini","content":[{"functionCall":{"name":"ls"}}]},{"id":7},{"id":"b","type":"user","content":[{"functionResponse":{"id":"c","name":"ls","response":{}}}]}]}}`+"\n"+
		`{"$rewindTo":"a"}`+"\n"+`{"id":"d","type":"user","content":"y"}`+"\n"+`[1]`+"\n"+`{"$set":{"messages":{}}}`))
	// Qwen Code: a rewound turn, a compression, a cancelled result, a
	// duplicate uuid, a parent loop.
	f.Add(uint8(0), []byte(`{"uuid":"u","parentUuid":null,"sessionId":"s","type":"user","message":{"role":"user","parts":[{"text":"x"}]}}`+"\n"+
		`{"uuid":"a","parentUuid":"u","sessionId":"s","type":"assistant","message":{"role":"model","parts":[{"thought":true,"text":"t"},{"functionCall":{"id":"c","name":"ls","args":{}}}]}}`+"\n"+
		`{"uuid":"r","parentUuid":"a","sessionId":"s","type":"tool_result","message":{"role":"user","parts":[{"functionResponse":{"id":"c","name":"ls","response":{"error":"e"}}}]},"toolCallResult":{"status":"cancelled"}}`+"\n"+
		`{"uuid":"b","parentUuid":"u","sessionId":"s","type":"user","message":{"role":"user","parts":[{"text":"y"}]}}`+"\n"+
		`{"uuid":"w","parentUuid":"r","sessionId":"s","type":"system","subtype":"rewind","systemPayload":{"truncatedCount":1}}`+"\n"+
		`{"uuid":"k","parentUuid":"w","sessionId":"s","type":"system","subtype":"chat_compression","systemPayload":{"info":{"originalTokenCount":-5},"compressedHistory":[{"role":"user","parts":[{"text":"<state_snapshot>s</state_snapshot>"}]}]}}`+"\n"+
		`{"uuid":"u","parentUuid":"k","sessionId":"s","type":"user","message":{"role":"user","parts":[{"text":"z"}]}}`))
	// Continue: a session with every tool state and role, its index.
	f.Add(uint8(1), []byte(`{"sessionId":"s","title":"t","workspaceDirectory":"","history":[{"message":{"role":"user","content":[{"type":"imageUrl","imageUrl":{"url":"data:,"}}]},"contextItems":[{"content":"c"}]},`+
		`{"message":{"role":"thinking","content":"r"},"contextItems":[]},{"message":{"role":"assistant","content":"","toolCalls":[{"id":"a","function":{"name":"f"}},{"function":{"name":"g"}}]},"toolCallStates":[{"toolCallId":"a","status":"calling"},{"toolCallId":"","status":"done"}],"conversationSummary":"s"},`+
		`{"message":{"role":"tool","content":"o","toolCallId":"a"}},{"message":{"role":"system","content":"x"}},{"message":{"role":"critic","content":"y"}},{"message":null}]}`))
	f.Add(uint8(1), []byte(`[{"session_id":"o"},{"sessionId":"../x","title":"t","dateCreated":"1","workspaceDirectory":""}]`))
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		if len(data) > 1<<18 {
			return
		}
		name := fuzzNames[int(which)%len(fuzzNames)]
		ims, err := importer.ImportBytes(name, data)
		if err == nil {
			for _, im := range ims {
				if im.Session == nil {
					t.Fatalf("session %q imported without a session log", im.Name)
				}
			}
		}
		path := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		checkStreamsAsImported(t, path)
	})
}
