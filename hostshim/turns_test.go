package hostshim

import (
	"slices"
	"strings"
	"testing"
)

func TestTurns(t *testing.T) {
	s := NewSession("turns", Gen01)
	tw := NewTurns(s)
	user := func() {
		t.Helper()
		if _, err := tw.Append(TypeUserMessage, Message{ID: "u", Role: RoleUser, Content: []Block{TextBlock("hi")}}, true, nil); err != nil {
			t.Fatal(err)
		}
	}
	ask := func() {
		t.Helper()
		if err := tw.ForAssistant(); err != nil {
			t.Fatal(err)
		}
		m := Message{ID: "a", Role: RoleAssistant, Content: []Block{TextBlock("ok")}}
		if _, err := tw.Append(TypeAssistantMessage, AssistantData{Turn: tw.Turn(), Step: tw.Step(), Message: m}, true, nil); err != nil {
			t.Fatal(err)
		}
	}
	ask() // no turn open: opens turn 1, step 1
	if err := tw.OpenTurn(); err != nil {
		t.Fatal(err)
	}
	user()
	ask() // step 1 of turn 2 holds no assistant message yet
	ask() // it does now: step 2
	// A log-only event with its sources (a tool call the next result
	// derives from) stays off the surface.
	call, err := tw.Append(TypeToolCall, ToolCallData{Turn: tw.Turn(), Step: tw.Step(), CallID: "c", Name: "bash", Arguments: "{}"}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	res := Message{ID: "r", Role: RoleUser, Content: []Block{{Type: BlockToolResult, ToolCallID: "c", Content: []Block{TextBlock("done")}}}}
	resSeq, err := tw.Append(TypeToolResult, MessageData{Turn: tw.Turn(), Step: tw.Step(), Message: res}, true, []int{call})
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := s.Event(call); e.SurfaceOp != nil || slices.Contains(s.Nodes(), call) {
		t.Errorf("tool call %d is on the surface: %+v", call, e.SurfaceOp)
	}
	if e, _ := s.Event(resSeq); e.SurfaceOp == nil || !slices.Equal(e.SourceEventSeqs, []int{call}) || !slices.Contains(s.Nodes(), resSeq) {
		t.Errorf("tool result %d: surfaceOp %+v, sources %v, surface %v", resSeq, e.SurfaceOp, e.SourceEventSeqs, s.Nodes())
	}
	if err := tw.CloseTurn(); err != nil {
		t.Fatal(err)
	}
	if err := tw.CloseTurn(); err != nil { // closing twice writes nothing
		t.Fatal(err)
	}
	var got []string
	for seq := range s.Len() {
		e, _ := s.Event(seq)
		got = append(got, e.Type+" "+string(e.Data))
	}
	want := []string{
		`turn/start {"turn":1}`,
		`step/start {"turn":1,"step":1}`,
		`assistant/message`,
		`step/end {"turn":1,"step":1}`,
		`turn/end {"turn":1,"reason":"completed"}`,
		`turn/start {"turn":2}`,
		`step/start {"turn":2,"step":1}`,
		`user/message`,
		`assistant/message`,
		`step/end {"turn":2,"step":1}`,
		`step/start {"turn":2,"step":2}`,
		`assistant/message`,
		`tool/call`,
		`tool/result`,
		`step/end {"turn":2,"step":2}`,
		`turn/end {"turn":2,"reason":"completed"}`,
	}
	if len(got) != len(want) {
		t.Fatalf("%d events, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) || (strings.Contains(want[i], "{") && got[i] != want[i]) {
			t.Errorf("event %d: %s, want %s", i, got[i], want[i])
		}
	}
}
