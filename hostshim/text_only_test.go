package hostshim

import (
	"strings"
	"testing"
)

// TestTextOnlyPiece checks Text's shortcut for a message of one text piece
// (returned without a copy) against the general path on messages of one,
// two and no pieces, nested in tool results and beside empty texts, calls
// and tool additions.
func TestTextOnlyPiece(t *testing.T) {
	txt := func(s string) Block { return Block{Type: BlockText, Text: s} }
	res := func(bs ...Block) Block { return Block{Type: BlockToolResult, ToolCallID: "c", Content: bs} }
	for _, bs := range [][]Block{
		nil,
		{txt("")},
		{txt("a")},
		{txt(""), txt("a"), txt("")},
		{txt("a"), txt("b")},
		{res(txt("out"))},
		{res(txt(""), txt("out")), txt("")},
		{res(txt("out")), txt("more")},
		{res(), res(txt("x"))},
		{{Type: BlockReasoning, Text: "think"}},
		{{Type: BlockToolCall, Name: "bash", Arguments: "{}"}},
		{txt("a"), {Type: BlockToolCall, Name: "bash"}},
		{{Type: BlockToolAddition, ToolName: "t"}, txt("a")},
		{{Type: "image"}, txt("a")},
	} {
		var sb strings.Builder
		appendBlocksText(&sb, bs)
		if got := (&Message{Content: bs}).Text(); got != sb.String() {
			t.Errorf("%+v: Text %q, want %q", bs, got, sb.String())
		}
	}
}

// TestDeriveSharesLargeRaw: the message derived from an event whose
// message is large keeps its bytes in the event's data (one copy, not
// two), equal to what the decoder read; an append to them leaves the
// event's data alone; a small message keeps a copy of its own.
func TestDeriveSharesLargeRaw(t *testing.T) {
	big := strings.Repeat("000123 ERROR: retry\\n", 10_000)
	for _, c := range []struct {
		typ, data, msg string
		shared         bool
	}{
		{TypeToolResult, `{"turn":1,"step":1,"message":%s}`, `{"id":"m","role":"user","content":[{"type":"tool-result","toolCallId":"c","content":[{"type":"text","text":"` + big + `"}]}]}`, true},
		{TypeUserMessage, `%s`, `{"id":"u","role":"user","content":[{"type":"text","text":"` + big + `"}]}`, true},
		{TypeAssistantMessage, `{"turn":1,"step":1,"message":%s}`, `{"role":"assistant","content":[{"type":"text","text":"` + big + `"}]}`, true},
		{TypeToolResult, `{"turn":1,"step":1,"message":%s}`, `{"role":"user","content":[{"type":"tool-result","toolCallId":"c","content":[]}]}`, false},
	} {
		data := []byte(strings.Replace(c.data, "%s", c.msg, 1))
		e := Event{Seq: 1, Type: c.typ, Data: data}
		m, err := DeriveMessage(e)
		if err != nil {
			t.Fatal(err)
		}
		if string(m.Raw) != c.msg {
			t.Fatalf("%s: raw differs from the message's bytes", c.typ)
		}
		inData := &m.Raw[0] == &data[strings.Index(string(data), c.msg)]
		if inData != c.shared {
			t.Errorf("%s (%d bytes): raw in the event's data %v, want %v", c.typ, len(c.msg), inData, c.shared)
		}
		before := string(data)
		_ = append(m.Raw, "garbage"...)
		if string(data) != before {
			t.Errorf("%s: an append to the message's bytes wrote into the event's data", c.typ)
		}
	}
}
